/**
 * The rooms kept as files: a move is a line appended to its room's journal as it is made (a
 * killed server loses at most the move being made); the whole save is built only when it is
 * written, at a room's first save, when asked at once, when the journal has grown past a quarter
 * of it, and when the server stops; the journal is then emptied. A save that cannot be written
 * is said once, the earlier file kept.
 */
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { fileRoomStore } from '../../rooms/store.ts';

function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'room-store-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A save built only when asked: counts the builds. */
function builder(text: () => string) {
  const b = { built: 0, build: () => (b.built++, text()) };
  return b;
}

const read = (dir: string, f: string) => readFileSync(path.join(dir, f), 'utf8');

describe('rooms kept as files', () => {
  it('writes a room\'s first save at once, then a journal line a move, building the whole save only when the journal has grown', async () => {
    const dir = folder();
    const store = fileRoomStore(dir);
    let moves = 0;
    const save = builder(() => JSON.stringify({ moves, pad: 'x'.repeat(40_000) }));
    store.save('ABCDE', save.build);
    expect(save.built).toBe(1);
    expect(JSON.parse(read(dir, 'ABCDE.json')).moves).toBe(0);
    // Each move: the session's lazy save, then its journal line. Nothing whole is built for them...
    const line = (n: number) => JSON.stringify({ r: 0, n, m: { type: 'draw', seat: 0 }, pad: 'y'.repeat(100) });
    for (moves = 1; moves <= 100; moves++) {
      store.save('ABCDE', save.build);
      store.append!('ABCDE', line(moves));
    }
    expect(save.built).toBe(1);
    expect(read(dir, 'ABCDE.journal').split('\n').filter(Boolean)).toHaveLength(100);
    expect(store.kept()[0].journal.at(-1)).toBe(line(100));
    // ...until the journal passes a quarter of the whole save (10 KB here) and 16 KB: then it is written, the journal emptied.
    for (; save.built === 1; moves++) {
      store.save('ABCDE', save.build);
      store.append!('ABCDE', line(moves));
    }
    expect(moves - 1).toBeGreaterThan(100);
    expect(moves - 1).toBeLessThan(200);
    expect(JSON.parse(read(dir, 'ABCDE.json')).moves).toBe(moves - 1);
    expect(read(dir, 'ABCDE.journal')).toBe('');
    // A server stopping writes the newest save whole.
    store.save('ABCDE', save.build);
    store.append!('ABCDE', line(moves));
    await store.flush();
    expect(JSON.parse(read(dir, 'ABCDE.json')).moves).toBe(moves);
    expect(read(dir, 'ABCDE.journal')).toBe('');
    expect(existsSync(path.join(dir, 'ABCDE.json.tmp'))).toBe(false);
  });

  it('writes a save asked for at once; opens a room from its whole save and its journal\'s whole lines', () => {
    const dir = folder();
    const store = fileRoomStore(dir);
    store.save('ABCDE', '{"move":1}');
    store.append!('ABCDE', '{"r":0,"n":2}');
    store.save('ABCDE', () => '{"move":2,"seat":"removed"}', true);
    expect(read(dir, 'ABCDE.json')).toBe('{"move":2,"seat":"removed"}');
    store.append!('ABCDE', '{"r":0,"n":3}');
    // A line the machine's power cut short is left out.
    appendFileSync(path.join(dir, 'ABCDE.journal'), '{"r":0,"n":4,"m":{"ty');
    const kept = fileRoomStore(dir).kept();
    expect(kept.map(({ code, text, journal }) => ({ code, text, journal }))).toEqual([{ code: 'ABCDE', text: '{"move":2,"seat":"removed"}', journal: ['{"r":0,"n":3}'] }]);
  });

  it('leaves aside a journal with no whole save to go after', () => {
    const dir = folder();
    const skipped: string[] = [];
    appendFileSync(path.join(dir, 'HJKMN.journal'), '{"r":0,"n":1}\n');
    expect(fileRoomStore(dir, { skipped: (name, why) => skipped.push(`${name}: ${why}`) }).kept()).toEqual([]);
    expect(skipped).toEqual(['HJKMN.journal: no HJKMN.json to go after']);
  });

  it('says a folder it cannot write once, not at every move, and again after a write that worked; a journal with a gap mended by a whole save; the earlier file kept', () => {
    const dir = folder();
    const failed: string[] = [];
    const store = fileRoomStore(dir, { failed: (code, e) => failed.push(`${code}: ${(e as NodeJS.ErrnoException).code}`) });
    store.save('ABCDE', 'first');
    // The journal's name taken by a folder: every append fails.
    mkdirSync(path.join(dir, 'ABCDE.journal'));
    for (let i = 2; i <= 20; i++) store.append!('ABCDE', `{"move":${i}}`);
    expect(failed).toEqual(['ABCDE: EISDIR']);
    rmSync(path.join(dir, 'ABCDE.journal'), { recursive: true });
    // A journal that lost lines 2 to 20 is read up to its gap: nothing is appended after it, and
    // the next whole save (built with every move, as a room's is) mends it; the journal goes on after.
    store.append!('ABCDE', '{"move":21}');
    expect(existsSync(path.join(dir, 'ABCDE.journal'))).toBe(false);
    store.save('ABCDE', 'after 21');
    expect(read(dir, 'ABCDE.json')).toBe('after 21');
    store.append!('ABCDE', '{"move":22}');
    expect(read(dir, 'ABCDE.journal')).toBe('{"move":22}\n');
    // The whole save's temporary file taken by a folder: that write fails, the kept file stays whole.
    mkdirSync(path.join(dir, 'ABCDE.json.tmp'));
    store.save('ABCDE', 'second', true);
    expect(failed).toEqual(['ABCDE: EISDIR', 'ABCDE: EISDIR']);
    expect(read(dir, 'ABCDE.json')).toBe('after 21');
  });

  it('forgets a room deleted: its files go, and a save waiting is dropped', async () => {
    const dir = folder();
    const store = fileRoomStore(dir);
    store.save('ABCDE', '{"move":1}');
    store.save('FGHJK', '{"move":1}');
    store.append!('ABCDE', '{"r":0,"n":2}');
    store.save('ABCDE', '{"move":2}');
    store.remove!('ABCDE');
    await store.flush();
    expect(existsSync(path.join(dir, 'ABCDE.json'))).toBe(false);
    expect(existsSync(path.join(dir, 'ABCDE.journal'))).toBe(false);
    expect(store.kept().map((k) => k.code)).toEqual(['FGHJK']);
  });
});

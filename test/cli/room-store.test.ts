/**
 * The rooms kept as files: a save is appended to its room's journal as it is made (a killed
 * server loses at most the move being made) and never renamed into place then (a move does not
 * wait on that); the newest save of each room is written whole after the wait, the journal then
 * emptied, and a server stopping writes what still waits; a save that cannot be written is said
 * once, the earlier file kept.
 */
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { fileRoomStore } from '../../cli/rooms.ts';

function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'room-store-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Timers that fire only when the test says. */
function timers() {
  const due = new Map<number, () => void>();
  let id = 0;
  return {
    clock: { setTimeout: (f: () => void) => (due.set(++id, f), id), clearTimeout: (h: unknown) => void due.delete(h as number) },
    fire: () => {
      const now = [...due.values()];
      due.clear();
      for (const f of now) f();
    },
    count: () => due.size,
  };
}

describe('rooms kept as files', () => {
  it('writes each room\'s newest save after the wait, not as it is made, one wait at a time', async () => {
    const dir = folder();
    const t = timers();
    const store = fileRoomStore(dir, { clock: t.clock });
    for (let i = 1; i <= 50; i++) store.save('ABCDE', `{"move":${i}}`);
    store.save('FGHJK', '{"move":1}');
    expect(existsSync(path.join(dir, 'ABCDE.json'))).toBe(false);
    // Each save is in the journal at once: what a server killed now would open again.
    expect(readFileSync(path.join(dir, 'ABCDE.journal'), 'utf8').split('\n').at(-2)).toBe('{"move":50}');
    expect(store.kept().map(({ code, text }) => ({ code, text }))).toEqual([{ code: 'ABCDE', text: '{"move":50}' }, { code: 'FGHJK', text: '{"move":1}' }]);
    expect(t.count()).toBe(1);
    t.fire();
    // Saves made while the others are being written wait for the next time.
    store.save('ABCDE', '{"move":51}');
    expect(t.count()).toBe(0);
    await store.flush();
    expect(readFileSync(path.join(dir, 'ABCDE.json'), 'utf8')).toBe('{"move":51}');
    expect(readFileSync(path.join(dir, 'FGHJK.json'), 'utf8')).toBe('{"move":1}');
    expect(store.kept().map((k) => k.text)).toEqual(['{"move":51}', '{"move":1}']);
    expect(existsSync(path.join(dir, 'ABCDE.json.tmp'))).toBe(false);
    // Written whole with no save since: the journals are empty.
    expect(readFileSync(path.join(dir, 'ABCDE.journal'), 'utf8')).toBe('');
    expect(readFileSync(path.join(dir, 'FGHJK.journal'), 'utf8')).toBe('');
  });

  it('keeps the journal when a save comes while the file is written, and opens a room from its newest whole line', async () => {
    const dir = folder();
    const t = timers();
    const store = fileRoomStore(dir, { clock: t.clock });
    store.save('ABCDE', '{"move":1}');
    t.fire();
    // Made while move 1 is being written whole: the journal is not emptied under it.
    store.save('ABCDE', '{"move":2}');
    await store.flush();
    expect(readFileSync(path.join(dir, 'ABCDE.json'), 'utf8')).toBe('{"move":2}');
    store.save('ABCDE', '{"move":3}');
    expect(fileRoomStore(dir).kept().map((k) => k.text)).toEqual(['{"move":3}']);
    // A line the machine cut short (power lost mid-append) is passed over for the one before.
    appendFileSync(path.join(dir, 'ABCDE.journal'), '{"move":4, "han');
    expect(fileRoomStore(dir).kept().map((k) => k.text)).toEqual(['{"move":3}']);
    // A room that never reached its whole file opens from its journal alone.
    writeFileSync(path.join(dir, 'HJKMN.journal'), '{"move":1}\n');
    expect(fileRoomStore(dir).kept().map((k) => k.text)).toEqual(['{"move":3}', '{"move":1}']);
  });

  it('forgets a room deleted: its files go, after a write under way, and a save waiting is dropped', async () => {
    const dir = folder();
    const t = timers();
    const store = fileRoomStore(dir, { clock: t.clock });
    store.save('ABCDE', '{"move":1}');
    store.save('FGHJK', '{"move":1}');
    t.fire();
    store.save('ABCDE', '{"move":2}');
    store.remove!('ABCDE');
    await store.flush();
    await new Promise<void>((done) => setImmediate(done));
    expect(existsSync(path.join(dir, 'ABCDE.json'))).toBe(false);
    expect(existsSync(path.join(dir, 'ABCDE.journal'))).toBe(false);
    expect(store.kept().map((k) => k.code)).toEqual(['FGHJK']);
  });

  it('says a folder it cannot write once, not at every move, and again after a write that worked', async () => {
    const dir = folder();
    const failed: string[] = [];
    const store = fileRoomStore(dir, { failed: (code, e) => failed.push(`${code}: ${(e as NodeJS.ErrnoException).code}`) });
    store.save('ABCDE', '{"move":1}');
    // A journal's name taken by a folder: every append fails.
    rmSync(path.join(dir, 'ABCDE.journal'));
    mkdirSync(path.join(dir, 'ABCDE.journal'));
    for (let i = 2; i <= 20; i++) store.save('ABCDE', `{"move":${i}}`);
    expect(failed).toEqual(['ABCDE: EISDIR']);
    rmSync(path.join(dir, 'ABCDE.journal'), { recursive: true });
    store.save('ABCDE', '{"move":21}');
    expect(readFileSync(path.join(dir, 'ABCDE.journal'), 'utf8')).toBe('{"move":21}\n');
    rmSync(path.join(dir, 'ABCDE.journal'));
    mkdirSync(path.join(dir, 'ABCDE.journal'));
    store.save('ABCDE', '{"move":22}');
    expect(failed).toEqual(['ABCDE: EISDIR', 'ABCDE: EISDIR']);
    await store.flush();
  });

  it('a server stopping writes what waits; one that cannot be written is said, the earlier file kept', async () => {
    const dir = folder();
    const t = timers();
    const failed: string[] = [];
    const store = fileRoomStore(dir, { clock: t.clock, failed: (code, e) => failed.push(`${code}: ${e.message.split(':')[0]}`) });
    store.save('ABCDE', 'first');
    await store.flush();
    expect(readFileSync(path.join(dir, 'ABCDE.json'), 'utf8')).toBe('first');
    // Its temporary file's name taken by a folder: the write fails, the kept file stays whole.
    mkdirSync(path.join(dir, 'ABCDE.json.tmp'));
    store.save('ABCDE', 'second');
    await store.flush();
    expect(failed).toEqual(['ABCDE: EISDIR']);
    expect(readFileSync(path.join(dir, 'ABCDE.json'), 'utf8')).toBe('first');
  });
});

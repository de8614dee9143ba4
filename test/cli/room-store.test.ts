/**
 * The rooms kept as files: a move is a line appended to its room's journal as it is made (a
 * killed server loses at most the move being made); the whole save is built only when it is
 * written, at a room's first save, when asked at once, when the journal has grown past a quarter
 * of it, and when the server stops; the journal is then emptied. A save that cannot be written
 * is said once, the earlier file kept.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { RoomClient } from '../../rooms/hub.ts';
import { movesAfter } from '../../table/journal.ts';
import type { RoomSave } from '../../rooms/save.ts';
import { fileRoomStore } from '../../rooms/store.ts';
import { cliWordsIn, english, sayIn } from '../../words/cli.ts';
import type { ServerMessage, TableView } from '../../table/roomMessages.ts';
import { PROGRAM_RUN_MS } from '../budgets.ts';
import { playFast, playingHub } from './fast-room.ts';

/** A room played as fast as it goes in a process of its own, its rooms folder the one given. */
const PLAYED_FAST = path.join(import.meta.dirname, 'fixtures/room-played-fast.ts');

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

/** The write calls this process has made so far, on all its threads (Linux). */
const writeCalls = () => Number(/^syscw: (\d+)$/m.exec(readFileSync('/proc/self/io', 'utf8'))![1]);

describe('rooms kept as files', () => {
  it('writes a room\'s first save at once, then a journal line a move, building the whole save only when the journal has grown', async () => {
    const dir = folder();
    const store = fileRoomStore(dir);
    let moves = 0;
    const save = builder(() => JSON.stringify({ moves, pad: 'x'.repeat(40_000) }));
    store.save('ABCDE', save.build);
    await store.settled();
    expect(save.built).toBe(1);
    expect(JSON.parse(read(dir, 'ABCDE.json')).moves).toBe(0);
    // Each move: the session's lazy save, then its journal line. Nothing whole is built for them...
    const line = (n: number) => JSON.stringify({ r: 0, n, m: { type: 'draw', seat: 0 }, pad: 'y'.repeat(100) });
    for (moves = 1; moves <= 100; moves++) {
      store.save('ABCDE', save.build);
      store.append!('ABCDE', line(moves));
      await store.settled();
    }
    expect(save.built).toBe(1);
    expect(read(dir, 'ABCDE.journal').split('\n').filter(Boolean)).toHaveLength(100);
    expect(store.kept()[0].journal.at(-1)).toBe(line(100));
    // ...until the journal passes a quarter of the whole save (10 KB here) and 16 KB: then it is written, the journal emptied.
    for (; save.built === 1; moves++) {
      store.save('ABCDE', save.build);
      store.append!('ABCDE', line(moves));
      await store.settled();
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

  it('lets each room\'s journal grow to its own length before its whole save: rooms opened together do not rewrite theirs together', async () => {
    const dir = folder();
    const store = fileRoomStore(dir);
    const line = (n: number) => JSON.stringify({ r: 0, n, m: { type: 'draw', seat: 0 }, pad: 'y'.repeat(100) });
    // Ten rooms played move for move: the move at which each one's whole save is written again.
    const codes = ['AAAAA', 'BCDFG', 'HJKLM', 'NPQRS', 'TVWXZ', 'ZZZZZ', 'QWRTY', 'MNBVC', 'PLKJH', 'GFDSA'];
    const built = new Map<string, number>();
    for (const code of codes) store.save(code, () => JSON.stringify({ code }));
    await store.settled();
    for (let n = 1; built.size < codes.length; n++) {
      for (const code of codes) {
        store.save(code, () => {
          if (!built.has(code)) built.set(code, n);
          return JSON.stringify({ code, n });
        });
        store.append!(code, line(n));
      }
      await store.settled();
      expect(n).toBeLessThan(300);
    }
    const at = [...built.values()];
    // Past 16 KB of lines (about 107 of these) and before twice that, spread between.
    expect(Math.min(...at)).toBeGreaterThan(100);
    expect(Math.max(...at)).toBeLessThan(220);
    expect(new Set(at).size).toBeGreaterThan(5);
    expect(Math.max(...at) - Math.min(...at)).toBeGreaterThan(40);
  });

  it('writes a save asked for at once; opens a room from its whole save and its journal\'s whole lines', async () => {
    const dir = folder();
    const store = fileRoomStore(dir);
    store.save('ABCDE', '{"move":1}');
    store.append!('ABCDE', '{"r":0,"n":2}');
    await store.settled();
    store.save('ABCDE', () => '{"move":2,"seat":"removed"}', true);
    await store.settled();
    expect(read(dir, 'ABCDE.json')).toBe('{"move":2,"seat":"removed"}');
    store.append!('ABCDE', '{"r":0,"n":3}');
    await store.settled();
    // A line the machine's power cut short is left out.
    appendFileSync(path.join(dir, 'ABCDE.journal'), '{"r":0,"n":4,"m":{"ty');
    const kept = fileRoomStore(dir).kept();
    expect(kept.map(({ code, text, journal }) => ({ code, text, journal }))).toEqual([{ code: 'ABCDE', text: '{"move":2,"seat":"removed"}', journal: ['{"r":0,"n":3}'] }]);
  });

  it('leaves aside a journal with no whole save to go after, and a folder, saying why in the reader\'s language', () => {
    const dir = folder();
    const skipped: string[] = [];
    const fr: string[] = [];
    appendFileSync(path.join(dir, 'HJKMN.journal'), '{"r":0,"n":1}\n');
    mkdirSync(path.join(dir, 'ABCDE.json'));
    const store = fileRoomStore(dir, { skipped: (name, why) => (skipped.push(`${name}: ${english(why)}`), fr.push(`${name}: ${sayIn(cliWordsIn('fr'), why)}`)) });
    expect(store.kept()).toEqual([]);
    expect(skipped).toEqual(['ABCDE.json: not a file', 'HJKMN.journal: no HJKMN.json to go after']);
    expect(fr).toEqual(['ABCDE.json: ce n’est pas un fichier', 'HJKMN.journal: pas de HJKMN.json auquel le faire suivre']);
  });

  it('says a folder it cannot write once, not at every move, and again after a write that worked; a journal with a gap mended by a whole save; the earlier file kept', async () => {
    const dir = folder();
    const failed: string[] = [];
    const store = fileRoomStore(dir, { failed: (code, e) => failed.push(`${code}: ${(e as NodeJS.ErrnoException).code}`) });
    store.save('ABCDE', 'first');
    await store.settled();
    // The journal's name taken by a folder: every append fails.
    mkdirSync(path.join(dir, 'ABCDE.journal'));
    for (let i = 2; i <= 20; i++) {
      store.append!('ABCDE', `{"move":${i}}`);
      await store.settled();
    }
    expect(failed).toEqual(['ABCDE: EISDIR']);
    rmSync(path.join(dir, 'ABCDE.journal'), { recursive: true });
    // A journal that lost lines 2 to 20 is read up to its gap: nothing is appended after it, and
    // the next whole save (built with every move, as a room's is) mends it; the journal goes on after.
    store.append!('ABCDE', '{"move":21}');
    await store.settled();
    expect(existsSync(path.join(dir, 'ABCDE.journal'))).toBe(false);
    store.save('ABCDE', 'after 21');
    await store.settled();
    expect(read(dir, 'ABCDE.json')).toBe('after 21');
    store.append!('ABCDE', '{"move":22}');
    await store.settled();
    expect(read(dir, 'ABCDE.journal')).toBe('{"move":22}\n');
    // The whole save's temporary file taken by a folder: that write fails, the kept file stays whole.
    mkdirSync(path.join(dir, 'ABCDE.json.tmp'));
    store.save('ABCDE', 'second', true);
    await store.settled();
    expect(failed).toEqual(['ABCDE: EISDIR', 'ABCDE: EISDIR']);
    expect(read(dir, 'ABCDE.json')).toBe('after 21');
  });

  it('writes what a turn gave after it, off the event loop: a room\'s lines in one write, in order; a room waiting for them is called once they are written', async () => {
    const dir = folder();
    const store = fileRoomStore(dir);
    store.save('ABCDE', '{"move":0}');
    store.save('FGHJK', '{"move":0}');
    await store.settled();
    const line = (n: number) => JSON.stringify({ r: 0, n, m: { type: 'draw', seat: 0 } });
    const journal = (code: string) => (existsSync(path.join(dir, `${code}.journal`)) ? read(dir, `${code}.journal`) : '');
    const seen: string[] = [];
    const writes0 = writeCalls();
    for (let n = 1; n <= 50; n++) {
      store.append!('ABCDE', line(n));
      store.append!('FGHJK', line(n));
    }
    store.written!('ABCDE', () => seen.push(journal('ABCDE')));
    // Nothing is written during the turn that gave it.
    expect(journal('ABCDE')).toBe('');
    expect(seen).toEqual([]);
    await store.settled();
    const fifty = Array.from({ length: 50 }, (_, i) => `${line(i + 1)}\n`).join('');
    expect(seen).toEqual([fifty]);
    expect([journal('ABCDE'), journal('FGHJK')]).toEqual([fifty, fifty]);
    // Two writes, one a room (a few more the test's own process may make meanwhile), not a hundred.
    expect(writeCalls() - writes0).toBeLessThan(10);
    // With nothing waiting, a room waiting is called at once.
    store.written!('ABCDE', () => seen.push('now'));
    expect(seen.at(-1)).toBe('now');
    // A room deleted while its save is being written: its files go after that write, and stay gone.
    store.save('ABCDE', () => '{"move":51}', true);
    await new Promise((ok) => setImmediate(ok));
    store.remove!('ABCDE');
    await store.settled();
    expect(readdirSync(dir).sort()).toEqual(['FGHJK.journal', 'FGHJK.json']);
  });

  it('a server stopping writes what waits, then every save whole', async () => {
    const dir = folder();
    const store = fileRoomStore(dir);
    let moves = 0;
    store.save('ABCDE', () => JSON.stringify({ moves }));
    await store.settled();
    for (moves = 1; moves <= 3; moves++) {
      store.save('ABCDE', () => JSON.stringify({ moves }));
      store.append!('ABCDE', `{"n":${moves}}`);
    }
    await store.flush();
    expect(JSON.parse(read(dir, 'ABCDE.json')).moves).toBe(4);
    expect(read(dir, 'ABCDE.journal')).toBe('');
  });

  it.each(['in memory', 'as files'])('kept %s, a room sends each socket one view a turn of the event loop, however many moves the turn made, with each log line once', async (how) => {
    const store = how === 'as files' ? fileRoomStore(folder()) : { save: () => {} };
    const hub = playingHub(store);
    // The turns of the loop, counted at each one's check phase.
    let turn = 0;
    let counting = true;
    const count = () => setImmediate(() => (turn++, counting && count()));
    count();
    const turns = { table: [] as number[], person: [] as number[] };
    const misses: string[] = [];
    let moves = 0;
    const follow = (who: keyof typeof turns, lines = { n: 0 }) => (m: ServerMessage) => {
      if (m.type !== 'view' && m.type !== 'table') return;
      turns[who].push(turn);
      // Each line once: a view's lines start where the last one's ended.
      if (m.view.log.from !== lines.n && lines.n > 0) misses.push(`${who}: lines from ${m.view.log.from}, ${lines.n} had`);
      lines.n = m.view.log.from + m.view.log.lines.length;
      if (who === 'table') moves = m.view.moves;
    };
    await new Promise<void>((done) => {
      const table = follow('table');
      playFast(hub, { send: (m) => (table(m), m.type === 'table' && m.view.phase !== 'playing' && done()) }, follow('person'));
    });
    counting = false;
    hub.close();
    if ('settled' in store) await store.settled();
    expect(misses).toEqual([]);
    for (const [who, t] of Object.entries(turns)) expect(new Set(t).size, `${who}'s views in ${t.length} turns`).toBe(t.length);
    // A person's move and the bots' after it, one turn: far fewer views than moves.
    expect(moves).toBeGreaterThan(2 * turns.table.length);
  });

  it('a room shows its clients only moves already written: every view\'s move is in the room\'s files when it arrives', async () => {
    const dir = folder();
    const store = fileRoomStore(dir);
    const hub = playingHub(store);
    /** The last move the room's files hold: its round and number. */
    const onDisk = () => {
      const [kept] = fileRoomStore(dir).kept();
      if (!kept) return -1;
      const rounds = (JSON.parse((JSON.parse(kept.text) as RoomSave).game) as { rounds: unknown[][] }).rounds;
      const last = kept.journal.length ? JSON.parse(kept.journal.at(-1)!) as { r: number; n: number } : { r: 0, n: 0 };
      return Math.max((rounds.length - 1) * 1e6 + rounds.at(-1)!.length, last.r * 1e6 + last.n);
    };
    const behind: string[] = [];
    let views = 0;
    const over = new Promise<void>((done) => {
      const table: RoomClient = {
        send(m) {
          if (m.type !== 'table') return;
          views++;
          // A round's deal before its first move is played again from the seed.
          if (m.view.moves > 0 && onDisk() < m.view.round * 1e6 + m.view.moves) behind.push(`round ${m.view.round + 1} move ${m.view.moves}`);
          if (m.view.phase === 'roundOver' || m.view.phase === 'matchOver') done();
        },
      };
      playFast(hub, table);
    });
    await over;
    hub.close();
    await store.settled();
    expect(views).toBeGreaterThan(5);
    expect(behind).toEqual([]);
  });

  it('a person the host removes is told so once the room\'s save without their token is written', async () => {
    const dir = folder();
    const store = fileRoomStore(dir);
    const hub = playingHub(store);
    const told: boolean[] = [];
    const table: RoomClient = { send: () => {} };
    playFast(hub, table, (m) => {
      // Read as the message arrives: the save on disk has the seat removed, its token gone.
      if (m.type === 'removed') told.push((JSON.parse(read(dir, `${[...hub.rooms.keys()][0]}.json`)) as RoomSave).seats[0].token === null);
    });
    await store.settled();
    hub.handle(table, { type: 'remove', seat: 0 });
    await store.settled();
    hub.close();
    expect(told).toEqual([true]);
  });

  it('a server killed while its rooms make many moves a turn loses none it showed: the journal holds them whole and in order, and the room replays them, every card there', async () => {
    const dir = folder();
    const child = spawn(process.execPath, ['--import', 'tsx', PLAYED_FAST, dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    onTestFinished(() => void child.kill('SIGKILL'));
    let out = '';
    let err = '';
    child.stderr.on('data', (d: Buffer) => void (err += d.toString()));
    const exited = new Promise((ok) => child.once('exit', ok));
    // Killed in the match's longest round, a few whole saves written since the first.
    await new Promise<void>((ok, fail) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.split('\n').length > 60) ok();
      });
      child.once('exit', () => fail(new Error(`the room's process ended: ${err}`)));
    });
    child.kill('SIGKILL');
    await exited;
    const views = out.split('\n').slice(0, -1).map((l) => JSON.parse(l) as TableView);
    const shown = views.at(-1)!;
    // More than one move a view: the moves of a turn were made together.
    expect(shown.round * 1e6 + shown.moves).toBeGreaterThan(views.length);
    const [kept, ...others] = fileRoomStore(dir).kept();
    expect(others).toEqual([]);
    const entries = kept.journal.map((l) => JSON.parse(l) as { r: number; n: number });
    for (const [i, e] of entries.entries()) {
      if (i > 0) expect([e.r, e.n], `line ${i + 1} of ${kept.journal.length}`).toEqual(e.n === 1 ? [entries[i - 1].r + 1, 1] : [entries[i - 1].r, entries[i - 1].n + 1]);
    }
    expect(movesAfter((JSON.parse(kept.text) as RoomSave).game, kept.journal).cut).toBe(false);
    const hub = playingHub({ save: () => {} });
    onTestFinished(() => hub.close());
    const back = hub.restore(kept.text, kept.code, undefined, kept.journal).session!.tableView();
    expect(back.round * 1e6 + back.moves).toBeGreaterThanOrEqual(shown.round * 1e6 + shown.moves);
    const cards = (v: TableView) => v.handSizes.reduce((a, b) => a + b, 0) + v.discard.length + v.supplyCount;
    expect(cards(back)).toBe(cards(shown));
  }, PROGRAM_RUN_MS);

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

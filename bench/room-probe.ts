/**
 * What a move costs the room server in its own code, without the sockets and the kernel under
 * them: `node bin/run-ts.js bench/room-probe.ts MOVES [WARMUP] [ROOMS]`. ROOMS rooms (default 20)
 * of four people and a table screen, in this process, as `web` runs them: the room hub, the
 * simulated launcher, the file store in a fresh folder. Each client turns what it is sent into
 * JSON text as the socket would; each person answers a question at the next turn of the event
 * loop (a message that arrives) with the first legal move bench/rooms.ts's people make. The rooms
 * play WARMUP moves, then MOVES more, every one of their moves counted (a person's, a bot's, the
 * launcher's), and a match that ends is played again.
 *
 * Prints `{ rooms, moves, matches, cpuSeconds, cpuMsPerMove }` (`matches`: played to their end,
 * the warm-up's included). `--target POINTS`: the rooms' matches are played to that many points
 * (a long match: the rooms start together and keep step, so every room is at about the same move
 * of it); `--windows N`: also `windowMsPerMove`, the CPU a move of each N moves measured in turn:
 * with 5 rooms, `--windows 500` reads each room's match 100 moves at a time. Without windows the
 * measured moves are framed by the run's only two CPU-time reads (`process.cpuUsage`), so
 * callgrind counts them alone with `--dump-before=uv_getrusage`, as bench/instructions.ts counts
 * turn-probe's (README, "Rooms under load"); the games are seeded, so a change that keeps them
 * plays the same moves.
 * bench/rooms.ts measures the whole server, sockets included, against a peer.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MachineLauncher } from '../emulator/launcher.ts';
import { RoomHub, type RoomClient } from '../rooms/hub.ts';
import { fileRoomStore } from '../rooms/store.ts';
import type { ServerMessage } from '../table/roomMessages.ts';
import { firstChoice } from './rooms-load.ts';

const args = process.argv.slice(2);
/** `--name N`'s text (removed from the positional arguments), or `def`. */
const option = (name: string, def: string) => {
  const i = args.indexOf(name);
  // A name without its value is refused below, as a value that is not a count.
  return i < 0 ? def : args.splice(i, 2)[1] ?? 'missing';
};
const targetText = option('--target', '');
const TARGET = targetText === '' ? undefined : Number(targetText);
const WINDOW = Number(option('--windows', '0'));
const [movesText = '20000', warmText = '5000', roomsText = '20'] = args;
const [MOVES, WARM, ROOMS] = [movesText, warmText, roomsText].map(Number);
if (![MOVES, WARM, ROOMS, TARGET ?? 1].every((n) => Number.isInteger(n) && n >= 1) || !Number.isInteger(WINDOW) || WINDOW < 0) {
  console.error('usage: node bin/run-ts.js bench/room-probe.ts MOVES [WARMUP] [ROOMS] [--target POINTS] [--windows N] (whole numbers of at least 1)');
  process.exit(2);
}

const dir = mkdtempSync(path.join(tmpdir(), 'room-probe-'));
let seed = 0;
const hub = new RoomHub({
  store: fileRoomStore(dir),
  seed: () => ++seed,
  makeLauncher: (start) => {
    const launcher = new MachineLauncher({ ...start, clock: 'simulated', ignoreButton: true });
    return { launcher, dispose: () => launcher.detach() };
  },
});

let moves = 0;
/** Matches played to their end, in every room (a room then plays another). */
let matches = 0;
let cpu0: NodeJS.CpuUsage | null = null;
let done: () => void;
const finished = new Promise<void>((ok) => (done = ok));

/** A room's client: what the socket would send it is made text; a person answers its questions. */
function client(room: { moves: number; over: boolean }, person: boolean): RoomClient {
  const answered = new Set<number>();
  const c: RoomClient = {
    send(m: ServerMessage) {
      JSON.stringify(m);
      if (m.type === 'table') {
        // The next match's first view: its moves count from there.
        if (room.over && m.view.phase !== 'matchOver') [room.moves, room.over] = [-1, false];
        // Moves count from 0 each round: a view of a new round counts its moves from there.
        const stamp = m.view.round * 1e6 + m.view.moves;
        if (stamp > room.moves) count(room.moves >= 0 && Math.floor(room.moves / 1e6) === m.view.round ? stamp - room.moves : m.view.moves);
        room.moves = Math.max(room.moves, stamp);
        if (m.view.phase === 'matchOver' && !room.over) {
          room.over = true;
          matches++;
          setImmediate(() => hub.handle(c, { type: 'again' }));
        }
      }
      if (!person || m.type !== 'view') return;
      if (m.view.phase === 'roundOver') setImmediate(() => hub.handle(c, { type: 'next' }));
      // The next match asks its questions from id 0 again.
      if (m.view.phase === 'matchOver') answered.clear();
      const q = m.view.question;
      if (!q || answered.has(q.id)) return;
      answered.add(q.id);
      setImmediate(() => hub.handle(c, { type: 'move', question: q.id, choice: firstChoice(q) }));
    },
  };
  return c;
}

/** The CPU a move of each {@link WINDOW} measured moves, and where the window now open began. */
const windows: number[] = [];
let windowStart: { moves: number; cpu: NodeJS.CpuUsage } | null = null;

function count(n: number): void {
  moves += n;
  if (cpu0 === null && moves >= WARM) {
    moves = 0;
    cpu0 = process.cpuUsage();
    windowStart = { moves: 0, cpu: cpu0 };
  } else if (cpu0 !== null) {
    // The last window closes with the run, however many moves it has.
    if (WINDOW > 0 && windowStart && (moves - windowStart.moves >= WINDOW || (moves >= MOVES && moves > windowStart.moves))) {
      // One read closes this window and opens the next.
      const now = process.cpuUsage();
      const used = now.user - windowStart.cpu.user + now.system - windowStart.cpu.system;
      windows.push(Math.round(used / (moves - windowStart.moves)) / 1000);
      windowStart = { moves, cpu: now };
    }
    if (moves >= MOVES) done();
  }
}

for (let r = 0; r < ROOMS; r++) {
  const room = { moves: -1, over: false };
  const table = client(room, false);
  hub.handle(table, { type: 'create', settings: { rules: 'extreme', profile: 'seed-0-8', players: 4, bots: 'heuristic', paceMs: 0, ...(TARGET !== undefined ? { target: TARGET } : {}) } });
  const code = [...hub.rooms.keys()].at(-1)!;
  for (const name of ['A', 'B', 'C', 'D']) hub.handle(client(room, true), { type: 'join', code, name });
  hub.handle(table, { type: 'start' });
}
await finished;
const used = process.cpuUsage(cpu0!);
const cpuSeconds = (used.user + used.system) / 1e6;
console.log(JSON.stringify({ rooms: ROOMS, moves, matches, cpuSeconds, cpuMsPerMove: Math.round((cpuSeconds * 1e6) / moves) / 1000, ...(WINDOW > 0 ? { windowMsPerMove: windows } : {}) }));
rmSync(dir, { recursive: true, force: true });
process.exit(0);

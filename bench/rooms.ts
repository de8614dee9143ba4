/**
 * Rooms under load: `node bin/run-ts.js bench/rooms.ts [--rooms R] [--seconds S] [--think MS] [--search-rooms N]`.
 * Starts `uno-extreme web` (its own process, rooms kept in a fresh folder), opens R rooms of four
 * people and a table screen, each a socket client here; each person answers their questions after
 * `--think` ms with their first legal move (bot-paced: a person's pace, not a bot's instant one,
 * and under the server's per-connection throttle; the room itself adds no pause, `paceMs: 0`).
 * Runs S seconds, then prints the p50/p99 time from a move sent to the last of the room's five
 * clients receiving the view that shows it, the moves timed, the server's CPU share and its CPU
 * per move (every move of the game, the bots' and the launcher's too), how many such rooms one
 * core would hold at that share, and the bytes of a view as sent (`viewBytes`, its log's share
 * `logShare`). Bounded: R ≤ 1000, S ≤ 120. `--cpu-prof DIR`: the server writes a V8 CPU profile
 * there. `--peer boardgameio [--pairs N]`: boardgame.io's server with rooms of the same shape,
 * alternated with ours in one run (bench/rooms-peer/compare.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import type { ClientMessage, ServerMessage } from '../table/roomMessages.ts';
import { firstChoice, num, profileFlags, RoundTrips, startServer, stopServer, timedWindow } from './rooms-load.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ROOMS = num('--rooms', 20, 1000);
const SECONDS = num('--seconds', 10, 120);
const THINK = num('--think', 250, 10_000);
/** `--search-rooms N`: rooms of one person and three ISMCTS bots besides, played but not timed: what their searches cost the others. */
const SEARCH_ROOMS = process.argv.includes('--search-rooms') ? num('--search-rooms', 0, 100) : 0;
const PROFILE = profileFlags();

class Client {
  ws!: WebSocket;
  code = '';
  /** The table's round and move count this client last saw. */
  moves = -1;
  answered = new Set<number>();
  /** Waits for an answer of this type (the lobby views in between are not it). */
  waiter: { type: string; done: (m: ServerMessage) => void } | null = null;
  constructor(readonly room: Room) {}
  /** From `from`, a loopback address of the room's own: the server counts rooms and tries per address, as it would a family's phones. */
  connect(url: string, origin: string, from: string): Promise<void> {
    this.ws = new WebSocket(url, { origin, localAddress: from });
    this.ws.on('message', (d) => {
      const text = d.toString();
      const m = JSON.parse(text) as ServerMessage;
      if (!stopping && (m.type === 'view' || m.type === 'table')) {
        views.count++;
        views.bytes += Buffer.byteLength(text);
        views.log += Buffer.byteLength(JSON.stringify(m.view.log));
      }
      this.heard(m);
    });
    return new Promise((ok, fail) => (this.ws.once('open', () => ok()), this.ws.once('error', fail)));
  }
  say(m: ClientMessage): void {
    this.ws.send(JSON.stringify(m));
  }
  private heard(m: ServerMessage): void {
    const w = this.waiter;
    if (w && (m.type === w.type || m.type === 'refused')) {
      this.waiter = null;
      w.done(m);
    }
    if (m.type === 'refused' && !('k' in m.why && m.why.k === 'room.no.movedOn')) refusals.push(JSON.stringify(m.why));
    if (m.type !== 'view' && m.type !== 'table') return;
    // Moves count from 0 each round: the round comes first.
    const stamp = m.view.round * 1e6 + m.view.moves;
    // The table screen counts every move of its room (several may come in one view).
    if (m.type === 'table' && !stopping && stamp > this.moves) allMoves += this.moves >= 0 && Math.floor(this.moves / 1e6) === m.view.round ? stamp - this.moves : m.view.moves;
    if (stamp !== this.moves) {
      this.moves = stamp;
      this.room.seen(this, stamp);
    }
    if (m.type === 'table') return;
    if (m.view.phase === 'roundOver' && this === this.room.clients[1]) this.say({ type: 'next' });
    const q = m.view.question;
    if (!q || this.answered.has(q.id) || stopping) return;
    this.answered.add(q.id);
    setTimeout(() => {
      if (stopping) return;
      const c = firstChoice(q);
      // A chance let go makes no move: nothing to time.
      if (c !== null && this.room.timed) this.room.sent(this.moves);
      this.say({ type: 'move', question: q.id, choice: c });
    }, THINK);
  }
}

const latencies: number[] = [];
const refusals: string[] = [];
/** The views and table views received while timed: how many, their bytes, their logs' bytes. */
const views = { count: 0, bytes: 0, log: 0 };
/** Every move made in the timed rooms while timed, as their table screens counted them. */
let allMoves = 0;
let stopping = false;

/** A room's clients and its round trips, timed by a round's move count. */
class Room extends RoundTrips<Client> {
  constructor(readonly timed: boolean) {
    super(latencies);
  }
}

const next = (c: Client, type: string) => new Promise<ServerMessage>((done) => (c.waiter = { type, done }));

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'rooms-bench-'));
  const { server, origin } = await startServer([...PROFILE, path.join(ROOT, 'bin/uno-extreme.js'), 'web', '--json', '--port', '0', '--rooms', dir]);
  try {
    const ws = `${origin.replace(/^http/, 'ws')}/rooms`;
    const rooms: Room[] = [];
    for (let r = 0; r < ROOMS + SEARCH_ROOMS; r++) {
      const timed = r < ROOMS;
      const room = new Room(timed);
      const from = `127.${((r + 2) >> 16) & 255}.${((r + 2) >> 8) & 255}.${(r + 2) & 255}`;
      const host = new Client(room);
      await host.connect(ws, origin, from);
      room.clients.push(host);
      let reply = next(host, 'created');
      host.say({ type: 'create', settings: { rules: 'extreme', profile: 'seed-0-8', players: 4, bots: timed ? 'heuristic' : 'ismcts', paceMs: 0 } });
      const created = await reply;
      if (created.type !== 'created') throw new Error(`create: ${JSON.stringify(created)}`);
      for (const name of timed ? ['A', 'B', 'C', 'D'] : ['A']) {
        const c = new Client(room);
        await c.connect(ws, origin, from);
        reply = next(c, 'seated');
        c.say({ type: 'join', code: created.code, name });
        const seated = await reply;
        if (seated.type !== 'seated') throw new Error(`join: ${JSON.stringify(seated)}`);
        room.clients.push(c);
      }
      rooms.push(room);
      // The host's socket is the table screen's: it starts the game, and its view is timed as the people's are.
      host.say({ type: 'start' });
    }
    views.count = views.bytes = views.log = allMoves = 0;
    const w = await timedWindow(server.pid!, SECONDS, latencies, () => (stopping = true));
    const result = {
      // Four people and the table screen a room.
      rooms: ROOMS, searchRooms: SEARCH_ROOMS, clients: ROOMS * 5 + SEARCH_ROOMS * 2, seconds: Math.round(w.seconds * 10) / 10, thinkMs: THINK, moves: latencies.length,
      p50ms: w.p50ms, p99ms: w.p99ms, serverCpu: Math.round(w.share * 1000) / 10,
      // The clients' own share: near 100 %, their process (not the server) is what the latencies measure.
      clientsCpu: Math.round(w.clientsShare * 1000) / 10, roomsPerCore: Math.floor(ROOMS / Math.max(w.share, 1e-6)), refusals: refusals.length,
      allMoves, cpuPerMoveMs: Math.round((w.cpu * 1000 * 1000) / Math.max(allMoves, 1)) / 1000,
      viewsPerMove: Math.round((views.count / Math.max(allMoves, 1)) * 100) / 100, viewBytes: Math.round(views.bytes / Math.max(views.count, 1)), logShare: Math.round((views.log / Math.max(views.bytes, 1)) * 1000) / 10,
    };
    process.stdout.write(`${JSON.stringify(result)}\n`);
    if (refusals.length) process.stderr.write(`refused: ${[...new Set(refusals)].slice(0, 3).join(' | ')}\n`);
    for (const room of rooms) for (const c of room.clients) c.ws.terminate();
  } finally {
    await stopServer(server);
    rmSync(dir, { recursive: true, force: true });
  }
}

const run = process.argv.includes('--peer') ? (await import('./rooms-peer/compare.ts')).compare : main;
run().catch((e: Error) => {
  process.stderr.write(`${e.message}\n`);
  process.exit(1);
});

/**
 * The room bench's peer side: `node bin/run-ts.js bench/rooms-peer/rooms.ts [--rooms R] [--seconds S] [--think MS] [--cpu-prof DIR]`.
 * bench/rooms.ts's pattern on boardgame.io: starts the peer's server (bench/rooms-peer/server.js,
 * its own process), opens R matches of the peer game through boardgame.io's lobby API, each with
 * four seated people and a table screen (a spectator) as socket.io clients here, speaking
 * boardgame.io's own protocol (`sync`, `update`); each person answers after `--think` ms with the
 * first card its view says it may play, else a draw. Runs S seconds, then prints one JSON line
 * with the same fields as bench/rooms.ts (p50/p99 from a move sent to the last of the room's five
 * clients receiving the state that shows it, the moves made, the server's CPU share, the rooms one
 * core would hold). `bench/rooms.ts --peer boardgameio` runs this beside ours, alternated.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { num, profileFlags, RoundTrips, startServer, stopServer, timedWindow } from '../rooms-load.ts';
import type { PeerView } from './game.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOMS = num('--rooms', 20, 1000);
const SECONDS = num('--seconds', 10, 120);
const THINK = num('--think', 250, 10_000);
const PROFILE = profileFlags();

/** The socket.io client boardgame.io itself depends on (the one its browser client uses). */
const bgioRequire = createRequire(createRequire(import.meta.url).resolve('boardgame.io/package.json'));
const { io } = bgioRequire('socket.io-client') as { io: (url: string, o: object) => Socket };
interface Socket {
  on(event: string, f: (...args: any[]) => void): void;
  once(event: string, f: (...args: any[]) => void): void;
  emit(event: string, ...args: unknown[]): void;
  close(): void;
  io: { on(event: 'open', f: () => void): void; engine: { on(event: 'data', f: (d: string | Buffer) => void): void } };
}

/** What a client reads of a state boardgame.io sends it: the game's view of it (bench/rooms-peer/game.js, `playerView`). */
interface PeerState {
  _stateID: number;
  ctx: { currentPlayer: string };
  G: PeerView;
}

const latencies: number[] = [];
/** The states sent to clients and their bytes as socket.io frames them. */
const views = { count: 0, bytes: 0 };
let stopping = false;

/** A match's clients and its round trips, timed by the match's state id. */
class Room extends RoundTrips<Client> {
  matchID = '';
  constructor() {
    super(latencies);
  }
}

class Client {
  socket!: Socket;
  /** The state this client last saw. */
  stamp = -1;
  /** `seat` null: the table screen, a spectator. */
  constructor(readonly room: Room, readonly seat: string | null, readonly credentials?: string) {}
  connect(origin: string): Promise<void> {
    this.socket = io(`${origin}/uno`, { transports: ['websocket'], forceNew: true });
    const synced = new Promise<void>((ok, fail) => {
      this.socket.once('sync', () => ok());
      this.socket.once('connect_error', fail);
    });
    this.socket.io.on('open', () =>
      this.socket.io.engine.on('data', (d) => {
        if (!stopping && typeof d === 'string' && d.startsWith('2/uno,["update"')) (views.count++, (views.bytes += d.length));
      }),
    );
    this.socket.on('sync', (_m: string, info: { state: PeerState }) => this.heard(info.state));
    this.socket.on('update', (_m: string, state: PeerState) => this.heard(state));
    this.socket.on('connect', () => this.socket.emit('sync', this.room.matchID, this.seat, this.credentials, 4));
    return synced;
  }
  private heard(state: PeerState): void {
    if (state._stateID === this.stamp) return;
    this.stamp = state._stateID;
    this.room.seen(this, this.stamp);
    if (this.seat === null || state.ctx.currentPlayer !== this.seat || stopping) return;
    const stamp = this.stamp;
    const { hand, playable } = state.G;
    setTimeout(() => {
      if (stopping) return;
      this.room.sent(stamp);
      const i = playable![0];
      // A wild names the colour of the first coloured card kept, as a person would.
      const args = i === undefined ? [] : [i, hand!.find((c, j) => j !== i && c[0] !== 'W')?.[0] ?? 'R'];
      const type = i === undefined ? 'draw' : 'play';
      this.socket.emit('update', { type: 'MAKE_MOVE', payload: { type, args, playerID: this.seat, credentials: this.credentials } }, stamp, this.room.matchID, this.seat);
    }, THINK);
  }
}

async function lobby<T>(origin: string, route: string, body: object): Promise<T> {
  const r = await fetch(`${origin}/games/uno/${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!r.ok) throw new Error(`lobby ${route}: ${r.status} ${await r.text()}`);
  return (await r.json()) as T;
}

async function main(): Promise<void> {
  // Production, as a deployed boardgame.io runs: its development checks and logging left out.
  const { server, origin } = await startServer([...PROFILE, path.join(HERE, 'server.js')], { ...process.env, NODE_ENV: 'production' });
  try {
    const rooms: Room[] = [];
    for (let r = 0; r < ROOMS; r++) {
      const room = new Room();
      room.matchID = (await lobby<{ matchID: string }>(origin, 'create', { numPlayers: 4 })).matchID;
      const table = new Client(room, null);
      await table.connect(origin);
      room.clients.push(table);
      for (const [i, name] of ['A', 'B', 'C', 'D'].entries()) {
        const joined = await lobby<{ playerCredentials: string }>(origin, `${room.matchID}/join`, { playerID: String(i), playerName: name });
        const c = new Client(room, String(i), joined.playerCredentials);
        await c.connect(origin);
        room.clients.push(c);
      }
      rooms.push(room);
    }
    views.count = views.bytes = 0;
    const w = await timedWindow(server.pid!, SECONDS, latencies, () => (stopping = true));
    const result = {
      rooms: ROOMS, clients: ROOMS * 5, seconds: Math.round(w.seconds * 10) / 10, thinkMs: THINK, moves: latencies.length,
      p50ms: w.p50ms, p99ms: w.p99ms, serverCpu: Math.round(w.share * 1000) / 10,
      clientsCpu: Math.round(w.clientsShare * 1000) / 10, roomsPerCore: Math.floor(ROOMS / Math.max(w.share, 1e-6)),
      viewBytes: Math.round(views.bytes / Math.max(views.count, 1)),
    };
    process.stdout.write(`${JSON.stringify(result)}\n`);
    for (const room of rooms) for (const c of room.clients) c.socket.close();
  } finally {
    await stopServer(server);
  }
}

main().catch((e: Error) => {
  process.stderr.write(`${e.message}\n`);
  process.exit(1);
});

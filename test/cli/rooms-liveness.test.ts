/**
 * Sockets that go quiet without closing, over real WebSockets on loopback through a relay that
 * can stop carrying packets (a phone whose Wi-Fi dropped, a battery dead: no FIN, no RST): a
 * person gone at their turn is found by the server's pings and a stand-in plays on within
 * seconds; a client that stops reading is closed before its views pile up in the server's memory.
 * The pings themselves are spread over their period.
 */
import { createServer as createHttpServer } from 'node:http';
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, type WebSocketServer } from 'ws';
import { attachRooms } from '../../rooms/socket.ts';
import { handler, ownHosts, upgradeRefusal } from '../../cli/http.ts';
import { MachineLauncher } from '../../emulator/launcher.ts';
import { RoomHub } from '../../rooms/hub.ts';
import { wallClock } from '../../lib/wall-clock.ts';
import type { ClientMessage, RoomSettings, ServerMessage } from '../../table/roomMessages.ts';
import { choice } from '../table/players.ts';
import { needs } from '../tools.ts';

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

/** A room server on a free loopback port, its rooms on the real clock: pings every `pingEveryMs`, a person away waited for `waitMs`. */
async function serve(o: { pingEveryMs: number; waitMs: number; maxBuffered?: number }) {
  const hub = new RoomHub({
    store: { save: () => undefined },
    clock: wallClock,
    waitMs: o.waitMs,
    seed: () => 5,
    makeLauncher: (start) => {
      const launcher = new MachineLauncher({ ...start, ignoreButton: true });
      return { launcher, dispose: () => launcher.detach() };
    },
  });
  let port = 0;
  const server = createHttpServer(handler(new Map(), () => ownHosts(port, false)));
  // The buckets' clock moves a second at each message: people who take a second to answer, never throttled.
  let t = 0;
  const sockets: WebSocketServer = attachRooms(server, { hub, refusal: (req) => upgradeRefusal(req, ownHosts(port, false)), now: () => (t += 1000), pingEveryMs: o.pingEveryMs, maxBuffered: o.maxBuffered });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  port = (server.address() as AddressInfo).port;
  stops.push(async () => {
    hub.close();
    for (const ws of sockets.clients) ws.terminate();
    sockets.close();
    await new Promise<void>((ok) => server.close(() => ok()));
  });
  return { hub, port, sockets };
}

/**
 * A relay to `port` (socat, one connection) that carries every byte both ways until `drop()`
 * stops it (SIGSTOP): then no byte more, and nothing closed, as a phone whose network is gone.
 * Its side towards the server reads into a small buffer with small segments, as a phone's does:
 * what the server sends past that waits in the server's own socket.
 */
async function relay(port: number) {
  const socat = spawn('socat', ['-d', '-d', 'TCP-LISTEN:0,bind=127.0.0.1', `TCP:127.0.0.1:${port},rcvbuf=4096,mss=536`], { stdio: ['ignore', 'ignore', 'pipe'] });
  stops.push(async () => {
    if (socat.exitCode !== null || socat.signalCode !== null) return;
    const gone = new Promise((ok) => socat.once('exit', ok));
    socat.kill('SIGKILL');
    await gone;
  });
  let said = '';
  const listening = await new Promise<number>((ok, fail) => {
    socat.stderr!.on('data', (d) => {
      said += d;
      const m = /listening on AF=2 127\.0\.0\.1:(\d+)/.exec(said);
      if (m) ok(Number(m[1]));
    });
    socat.once('exit', (code) => fail(new Error(`socat exited ${code}: ${said}`)));
  });
  return { port: listening, drop: () => void socat.kill('SIGSTOP') };
}

/** A socket client to the rooms at `port` (through a relay or not): what it receives, its own questions answered when `auto`. */
class Client {
  readonly ws: WebSocket;
  inbox: ServerMessage[] = [];
  auto = true;
  private answered = new Set<number>();
  private waiters: { test: (m: ServerMessage) => boolean; done: (m: ServerMessage) => void }[] = [];
  readonly open: Promise<void>;

  constructor(serverPort: number, via = serverPort) {
    this.ws = new WebSocket(`ws://127.0.0.1:${via}/rooms`, { origin: `http://127.0.0.1:${serverPort}`, headers: { Host: `127.0.0.1:${serverPort}` } });
    this.open = new Promise((ok, fail) => {
      this.ws.once('open', () => ok());
      this.ws.once('error', fail);
    });
    this.ws.on('message', (data) => {
      const m = JSON.parse(data.toString()) as ServerMessage;
      this.inbox.push(m);
      const q = m.type === 'view' ? m.view.question : null;
      if (this.auto && q && !this.answered.has(q.id)) {
        this.answered.add(q.id);
        this.say({ type: 'move', question: q.id, choice: choice(q) });
      }
      for (const w of [...this.waiters]) if (w.test(m)) (this.waiters.splice(this.waiters.indexOf(w), 1), w.done(m));
    });
  }

  say(m: ClientMessage): void {
    this.ws.send(JSON.stringify(m));
  }

  /** The next message from now that passes `test` (or one already received, with `seen`). */
  next(test: (m: ServerMessage) => boolean): Promise<ServerMessage> {
    return new Promise((done) => this.waiters.push({ test, done }));
  }
}

const settings: RoomSettings = { rules: 'classic', profile: 'seed-0-8', players: 3, bots: 'heuristic', paceMs: 0 };

/** A room opened by a table screen, `people` joined (each through its own relay), started. */
async function startedRoom(port: number, people: number) {
  const table = new Client(port);
  await table.open;
  const created = table.next((m) => m.type === 'created');
  table.say({ type: 'create', settings });
  const code = ((await created) as Extract<ServerMessage, { type: 'created' }>).code;
  const phones: { client: Client; drop: () => void }[] = [];
  for (let i = 0; i < people; i++) {
    const r = await relay(port);
    const client = new Client(port, r.port);
    await client.open;
    const seated = client.next((m) => m.type === 'seated');
    client.say({ type: 'join', code, name: `P${i}` });
    await seated;
    phones.push({ client, drop: r.drop });
  }
  return { table, code, phones };
}

describe('pings', () => {
  it('are spread over their period, each socket pinged once a period, not all in one turn of the server', async () => {
    const period = 1600;
    const { port } = await serve({ pingEveryMs: period, waitMs: 60_000 });
    const clients = Array.from({ length: 32 }, () => new Client(port));
    await Promise.all(clients.map((c) => c.open));
    const t0 = performance.now();
    // When each socket is pinged, for two periods.
    const pings = clients.map((c) => {
      const at: number[] = [];
      c.ws.on('ping', () => at.push(performance.now() - t0));
      return at;
    });
    // Two pings each: due within two periods; waited for up to four (a loaded machine's timers run late).
    await expect.poll(() => pings.every((at) => at.length >= 2), { timeout: 4 * period, interval: 100 }).toBe(true);
    for (const at of pings) {
      expect(at.length).toBeGreaterThanOrEqual(2);
      // A period between a socket's pings, less what a loaded machine makes a timer late by.
      expect(at[1] - at[0]).toBeGreaterThan(period / 2);
    }
    // All at once, the first pings would land within a few ms of each other; a slice at a time they span most of a period.
    const firsts = pings.map((at) => at[0]);
    expect(Math.max(...firsts) - Math.min(...firsts)).toBeGreaterThan(period / 2);
    // Each socket still answers (its pongs counted): none was closed.
    for (const c of clients) expect(c.ws.readyState).toBe(WebSocket.OPEN);
  });
});

describe.runIf(needs('socat'))('sockets that go quiet without closing', () => {
  it('a phone gone at its turn (no FIN, no RST) is found by the pings, and a stand-in plays on within seconds', async () => {
    const { port } = await serve({ pingEveryMs: 200, waitMs: 300 });
    const { table, phones: [ana, bo] } = await startedRoom(port, 2);
    bo.client.auto = false;
    const boAsked = bo.client.next((m) => m.type === 'view' && m.view.question !== null && m.view.question.mode === 'turn');
    table.say({ type: 'start' });
    const asked = (await boAsked) as Extract<ServerMessage, { type: 'view' }>;
    const seat = asked.view.seat;
    const t0 = performance.now();
    bo.drop();
    // Within a ping and a half Bo is away; after the wait a bot plays Bo's seat, and the game moves on past the question.
    const standIn = await table.next((m) => m.type === 'table' && m.seats[seat].status.kind === 'standIn');
    const moved = await table.next((m) => m.type === 'table' && m.view.moves > asked.view.moves + 1);
    const ms = performance.now() - t0;
    expect(standIn.type).toBe('table');
    expect(moved.type === 'table' && moved.view.phase).not.toBe('lobby');
    // Three pings (two unanswered, the next that finds it so) and the wait, with room for a loaded machine.
    expect(ms).toBeLessThan(200 * 3 + 300 + 2000);
    expect(ana.client.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('a client that stops reading is closed once a bounded amount waits for it, and the room plays on', async () => {
    const bound = 64 * 1024;
    const { port, sockets } = await serve({ pingEveryMs: 60_000, waitMs: 60_000, maxBuffered: bound });
    const { table, code, phones: [ana] } = await startedRoom(port, 1);
    // The table screen moves to another device (the host's token), through a relay that stops reading.
    const token = (table.inbox.find((m) => m.type === 'created') as Extract<ServerMessage, { type: 'created' }>).token;
    const r = await relay(port);
    const screen = new Client(port, r.port);
    await screen.open;
    const shown = screen.next((m) => m.type === 'lobby');
    screen.say({ type: 'table', code, token });
    await shown;
    // The most any socket of the server has had waiting to be sent, read every millisecond.
    let most = 0;
    const timer = setInterval(() => {
      for (const ws of sockets.clients) most = Math.max(most, ws.bufferedAmount);
    }, 1);
    stops.push(async () => clearInterval(timer));
    const started = ana.client.next((m) => m.type === 'view');
    screen.say({ type: 'start' });
    await started;
    r.drop();
    // Round after round (Ana deals each next one, as any person at the table may) until the server closes the screen that does not read.
    let rounds = 0;
    while (sockets.clients.size === 3) {
      const over = await Promise.race([
        ana.client.next((m) => m.type === 'view' && m.view.phase !== 'playing'),
        new Promise<null>((ok) => {
          const look = () => (sockets.clients.size < 3 ? ok(null) : setTimeout(look, 5));
          look();
        }),
      ]);
      if (over === null) break;
      if (over.type === 'view' && over.view.phase === 'matchOver') throw new Error(`the match ended after ${rounds} rounds with the screen still open (most waiting: ${most} bytes; sent ${ana.client.inbox.reduce((n, m) => n + JSON.stringify(m).length, 0)} bytes to Ana)`);
      rounds++;
      ana.client.say({ type: 'next' });
    }
    expect(most).toBeGreaterThan(bound / 2);
    expect(most).toBeLessThan(bound + 16 * 1024);
    // The screen the table moved from was told so; Ana's phone is open and playing.
    expect(table.inbox.some((m) => m.type === 'removed')).toBe(true);
    expect(ana.client.ws.readyState).toBe(WebSocket.OPEN);
    const views = ana.client.inbox.length;
    await ana.client.next((m) => m.type === 'view');
    expect(ana.client.inbox.length).toBeGreaterThan(views);
  });
});

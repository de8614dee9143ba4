/**
 * Rooms over real WebSockets (`ws` clients) on the web server's own HTTP server, on loopback:
 * whole rounds of three people and a bot, every message each client receives checked to hold no
 * card of another seat and nothing of the supply; a client closed mid-round and reopened with its
 * token; bad messages, floods and foreign upgrades refused; a room opened again after a restart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { WebSocket } from 'ws';
import { attachRooms, BUCKET, MAX_MESSAGE } from '../../rooms/socket.ts';
import { fileRoomStore, type FileRoomStore } from '../../rooms/store.ts';
import { handler, ownHosts, upgradeRefusal } from '../../cli/http.ts';
import { MachineLauncher } from '../../emulator/launcher.ts';
import { RoomHub, type RoomStore } from '../../rooms/hub.ts';
import type { Room } from '../../rooms/room.ts';
import type { ClientMessage, RoomSettings, ServerMessage } from '../../table/roomMessages.ts';
import type { Question } from '../../table/session.ts';
import { startWeb } from '../browser/web.ts';
import { checkSecrets, choice, english } from '../table/players.ts';
import { PROGRAM_RUN_MS, ROOM_ROUND_MS } from '../budgets.ts';

/** The room's clock stands still: no pause after the bots' moves. */
const settings: RoomSettings = { rules: 'extreme', profile: 'seed-0-8', players: 4, bots: 'heuristic', paceMs: 0 };
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

/**
 * A server with rooms on a free loopback port. Its room clock stands still (nobody is waited for
 * to the end); its buckets' clock moves a second each time it is read (people who take a second
 * to answer), or stands still with `flood` (messages all at one instant).
 * Every view it sends is checked for secrets as it is sent, and kept: a client then checks that
 * what it received is one of them, byte for byte.
 */
async function serve(store: Map<string, string> | RoomStore = new Map(), flood = false, fault: { next?: Error } = {}) {
  let t = 0;
  const sent = new Set<string>();
  const hub = new RoomHub({
    store: store instanceof Map ? { save: (code, text) => void store.set(code, typeof text === 'string' ? text : text()) } : store,
    clock: { now: () => 0, setTimeout: () => null, clearTimeout: () => undefined },
    seed: () => 5,
    makeLauncher: (start) => {
      const launcher = new MachineLauncher({ ...start, ignoreButton: true });
      return { launcher, dispose: () => launcher.detach() };
    },
    sending: (room, m) => {
      const f = fault.next;
      fault.next = undefined;
      if (f) throw f;
      checkSecrets(room, m.type === 'view' ? m.view.seat : null, JSON.stringify(m));
      sent.add(JSON.stringify(m));
    },
  });
  let port = 0;
  const server = createServer(handler(new Map(), () => ownHosts(port, false)));
  const sockets = attachRooms(server, { hub, refusal: (req) => upgradeRefusal(req, ownHosts(port, false)), now: () => (flood ? t : (t += 1000)) });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  port = (server.address() as AddressInfo).port;
  const stop = async () => {
    hub.close();
    for (const ws of sockets.clients) ws.terminate();
    await new Promise<void>((ok) => server.close(() => ok()));
    // As `web` does: the saves still waiting are written before it has stopped.
    if (!(store instanceof Map) && 'flush' in store) await (store as FileRoomStore).flush();
  };
  stops.push(stop);
  return { hub, port, sent, stop, room: () => hub.rooms.values().next().value as Room };
}

type Served = Awaited<ReturnType<typeof serve>>;

/** A socket client: keeps what it receives, answers its own questions when `auto`. */
class Player {
  readonly ws: WebSocket;
  inbox: ServerMessage[] = [];
  auto = true;
  /** Questions it leaves for the test to answer, though `auto`. */
  hold: (q: Question) => boolean = () => false;
  code = '';
  token = '';
  seat: number | null = null;
  views = 0;
  private answered = new Set<number>();
  private waiters: { test: (m: ServerMessage) => boolean; done: (m: ServerMessage) => void }[] = [];
  readonly open: Promise<void>;

  constructor(private readonly s: Served, o: { origin?: string; headers?: Record<string, string>; path?: string } = {}) {
    this.ws = new WebSocket(`ws://127.0.0.1:${s.port}${o.path ?? '/rooms'}`, { origin: o.origin ?? `http://127.0.0.1:${s.port}`, headers: o.headers ?? {} });
    this.open = new Promise((ok, fail) => {
      this.ws.once('open', () => ok());
      this.ws.once('unexpected-response', (_req, res) => fail(new Error(`refused ${res.statusCode}`)));
      this.ws.once('error', fail);
    });
    this.ws.on('message', (data) => {
      const text = data.toString();
      const m = JSON.parse(text) as ServerMessage;
      if (m.type === 'view' || m.type === 'table' || m.type === 'lobby') {
        expect(s.sent.has(text), 'a view the server did not check').toBe(true);
        this.views++;
      }
      this.inbox.push(m);
      if (m.type === 'created' || m.type === 'seated') [this.code, this.token] = [m.code, m.token];
      if (m.type === 'seated') this.seat = m.seat;
      const q = m.type === 'view' ? m.view.question : null;
      // Every change sends the views again: a question is answered once.
      if (this.auto && q && !this.answered.has(q.id) && !this.hold(q)) {
        this.answered.add(q.id);
        this.say({ type: 'move', question: q.id, choice: choice(q) });
      }
      for (const w of [...this.waiters]) if (w.test(m)) (this.waiters.splice(this.waiters.indexOf(w), 1), w.done(m));
    });
  }

  say(m: ClientMessage | string): void {
    this.ws.send(typeof m === 'string' ? m : JSON.stringify(m));
  }

  /** The next message (from now) that passes `test`. */
  next(test: (m: ServerMessage) => boolean): Promise<ServerMessage> {
    return new Promise((done) => this.waiters.push({ test, done }));
  }

  refused(): Promise<string> {
    return this.next((m) => m.type === 'refused').then((m) => english((m as Extract<ServerMessage, { type: 'refused' }>).why));
  }

  close(): Promise<void> {
    return new Promise((ok) => {
      if (this.ws.readyState === this.ws.CLOSED) return ok();
      this.ws.once('close', () => ok());
      this.ws.close();
    });
  }
}

const tableAt = (phase: string, rounds: number) => (m: ServerMessage) => m.type === 'table' && m.view.phase === phase && m.view.round + (phase === 'playing' ? 0 : 1) >= rounds;

/** A room on `s` with its table screen and three people seated. */
async function threeAndABot(s: Served) {
  const host = new Player(s);
  await host.open;
  const created = host.next((m) => m.type === 'created');
  host.say({ type: 'create', settings });
  await created;
  const people = [];
  for (const name of ['Ana', 'Ben', 'Cy']) {
    const p = new Player(s);
    await p.open;
    const seated = p.next((m) => m.type === 'seated');
    p.say({ type: 'join', code: host.code, name });
    await seated;
    people.push(p);
  }
  return { host, people };
}

describe('rooms over WebSockets', () => {
  it('three people and a bot play two whole rounds to the score table; no message holds another seat\'s card or the supply', async () => {
    const s = await serve();
    const { host, people } = await threeAndABot(s);
    expect(people.map((p) => p.seat)).toEqual([0, 1, 2]);
    const first = host.next(tableAt('roundOver', 1));
    host.say({ type: 'start' });
    const scores = await first;
    expect(scores.type === 'table' && scores.view.totals.some((t) => t > 0)).toBe(true);
    const second = host.next(tableAt('roundOver', 2));
    people[2].say({ type: 'next' });
    await second;
    expect(s.room().session!.match.rounds.length).toBe(2);
    for (const p of people) {
      expect(p.views).toBeGreaterThan(10);
      expect(p.inbox.filter((m) => m.type === 'refused')).toEqual([]);
    }
  }, 2 * ROOM_ROUND_MS); // two whole rounds

  it('a client closed mid-round and reopened with its token plays on in its seat', async () => {
    const s = await serve();
    const { host, people } = await threeAndABot(s);
    const ben = people[1];
    ben.auto = false;
    const asked = ben.next((m) => m.type === 'view' && m.view.question !== null);
    host.say({ type: 'start' });
    const q = await asked;
    const away = host.next((m) => m.type === 'table' && m.seats[1].status.kind === 'away');
    await ben.close();
    await away;
    // The game waits for Ben: the question stays his.
    expect(s.room().session!.question!.seat).toBe(1);
    const back = new Player(s);
    await back.open;
    const view = back.next((m) => m.type === 'view');
    back.say({ type: 'resume', code: host.code, token: ben.token });
    const v = await view;
    expect(back.seat).toBe(1);
    expect(v.type === 'view' && v.view.question?.id).toBe(q.type === 'view' && q.view.question!.id);
    expect(v.type === 'view' && v.seats[1].status).toEqual({ kind: 'here' });
    // It answers that question (as it answers every question), and the round goes on to its end.
    await host.next(tableAt('roundOver', 1));
    expect(back.inbox.filter((m) => m.type === 'refused')).toEqual([]);
  }, ROOM_ROUND_MS);

  it('malformed, binary, out-of-turn and stale messages are refused to their sender alone; the socket goes on', async () => {
    const s = await serve();
    const { host, people } = await threeAndABot(s);
    for (const p of people) p.auto = false;
    const asked = Promise.race(people.map((p) => p.next((m) => m.type === 'view' && m.view.question !== null).then((m) => ({ p, m }))));
    host.say({ type: 'start' });
    const { p: me, m } = await asked;
    const q = m.type === 'view' ? m.view.question! : null!;
    const other = people.find((p) => p !== me)!;
    const before = s.room().session!.saveText();
    const third = people.find((p) => p !== me && p !== other)!;
    const heard = third.inbox.length;
    const reasons: string[] = [];
    for (const [who, text] of [[other, '{"type":"move"'], [other, '[1,2]'], [other, JSON.stringify({ type: 'move', question: q.id, choice: 0 })],
      [me, JSON.stringify({ type: 'move', question: q.id - 1, choice: 0 })], [me, JSON.stringify({ type: 'fly' })]] as const) {
      const r = who.refused();
      who.say(text);
      reasons.push(await r);
    }
    const bin = me.refused();
    me.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    reasons.push(await bin);
    expect(reasons).toEqual([
      'a message is one JSON object; this one is not JSON', 'a message is one JSON object',
      `it is not your turn: ${s.room().session!.names[q.seat]} is being asked`,
      `that move answers question ${q.id - 1}, but the game has moved on to question ${q.id}`,
      'unknown message type "fly"', 'messages are text (JSON), not binary',
    ]);
    expect(s.room().session!.saveText()).toBe(before);
    // The third person was told nothing of it (views of the table before it, sent to each socket in turn, may still have come).
    const later = third.inbox.slice(heard);
    expect(later.filter((x) => x.type !== 'view')).toEqual([]);
    for (const x of later) expect(x.type === 'view' && x.view.moves).toBeLessThanOrEqual(m.type === 'view' ? m.view.moves : 0);
    // Still served: the right move is taken.
    const moved = host.next((x) => x.type === 'table' && x.view.moves > (m.type === 'view' ? m.view.moves : 0));
    me.say({ type: 'move', question: q.id, choice: choice(q) });
    await moved;
  });

  it('a forgotten UNO is a race: every other person is asked at once, the first catch counts, the second is told who was quicker', async () => {
    const s = await serve();
    const { host, people } = await threeAndABot(s);
    // These people never call UNO (choice plays without it); a catch waits for the test. The
    // room's clock stands still: the bot's catch never comes, the people race each other.
    const catchOf = (q: Question) => q.moves.findIndex((m) => m.type === 'catch');
    for (const p of people) p.hold = (q) => catchOf(q) >= 0;
    const asked = (p: Player) => p.next((m) => m.type === 'view' && m.view.question !== null && catchOf(m.view.question) >= 0);
    const catches = people.map(asked);
    host.say({ type: 'start' });
    // The people who may catch are asked at once: a question each, open together.
    const [a, b] = await new Promise<{ p: Player; q: Question }[]>((done) => {
      const got: { p: Player; q: Question }[] = [];
      catches.forEach((c, i) => c.then((m) => {
        if (m.type === 'view') got.push({ p: people[i], q: m.view.question! });
        if (got.length === 2) done(got);
      }));
    });
    const session = s.room().session!;
    // Every person but the one who forgot may catch (who forgot may call UNO late, in the same race).
    expect(session.asking.filter((q) => catchOf(q) >= 0).map((q) => q.seat).sort()).toEqual([0, 1, 2].filter((seat) => seat !== session.state.uno));
    expect(a.q.mode).toBe('react');
    // The first to say it catches.
    const moved = host.next((m) => m.type === 'table' && m.view.uno === null);
    a.p.say({ type: 'move', question: a.q.id, choice: catchOf(a.q) });
    await moved;
    expect(session.state.log!.filter((m) => m.type === 'catch').at(-1)).toEqual({ type: 'catch', seat: a.q.seat, target: (a.q.moves[catchOf(a.q)] as { target: number }).target });
    // The second, too late, is told who was quicker: no error.
    const told = b.p.refused();
    b.p.say({ type: 'move', question: b.q.id, choice: catchOf(b.q) });
    expect(await told).toBe(`${session.names[a.q.seat]} was quicker: the chance has gone`);
    expect(a.p.inbox.filter((m) => m.type === 'refused')).toEqual([]);
  }, ROOM_ROUND_MS);

  it('codes guessed from one address are refused past its limit, over all its sockets', async () => {
    // The buckets' clock stands still: every try comes at one instant.
    const s = await serve(new Map(), true);
    const { host } = await threeAndABot(s);
    // A table screen reopened thirty times from this address (a laptop's tabs, reloads): each
    // enters, and entering costs nothing.
    for (let i = 0; i < 30; i++) {
      const again = new Player(s);
      await again.open;
      const back = again.next((m) => m.type === 'refused' || m.type === 'lobby');
      again.say({ type: 'table', code: host.code, token: host.token });
      expect((await back).type).toBe('lobby');
      await again.close();
    }
    const guessers = await Promise.all(Array.from({ length: 3 }, async () => {
      const p = new Player(s);
      await p.open;
      return p;
    }));
    const reasons: string[] = [];
    // Ten guesses a socket, three sockets: the address's 20 refused tries run out at the 21st
    // guess, whichever socket makes it. The host and the three people entered: that cost nothing.
    for (let i = 0; i < 30; i++) {
      const g = guessers[i % 3];
      const r = g.refused();
      g.say({ type: 'join', code: `ZZZZ${String(i).padStart(4, '2').replace(/[01]/g, '2')}`, name: 'Eve' });
      reasons.push(await r);
    }
    expect(reasons.slice(0, 20).every((r) => /^no room \w+ is open to you here/.test(r))).toBe(true);
    expect(new Set(reasons.slice(20))).toEqual(new Set(['too many rooms tried from this address: one more in 3 seconds']));
    // The real code, once more: refused too, by the limit, before the hub is asked.
    const r = guessers[0].refused();
    guessers[0].say({ type: 'join', code: host.code, name: 'Eve' });
    expect(await r).toBe('too many rooms tried from this address: one more in 3 seconds');
  });

  it('a message too long closes the socket with the reason; unknown rooms and other rooms\' tokens are refused', async () => {
    const s = await serve();
    const { host, people } = await threeAndABot(s);
    const big = new Player(s);
    await big.open;
    const closed = new Promise<[number, string]>((ok) => big.ws.once('close', (code, reason) => ok([code, reason.toString()])));
    big.say(JSON.stringify({ type: 'join', code: host.code, name: 'x'.repeat(MAX_MESSAGE) }));
    // 1009: Message Too Big (RFC 6455 §7.4.1), ws's own answer to a frame past maxPayload.
    expect((await closed)[0]).toBe(1009);
    const stranger = new Player(s);
    await stranger.open;
    const reasons: string[] = [];
    for (const m of [{ type: 'join', code: 'ZZZZZ', name: 'Dee' }, { type: 'join', code: host.code, name: 'Dee' }, { type: 'join', code: host.code, name: 'Eve' }] as ClientMessage[]) {
      const r = stranger.next((x) => x.type === 'refused' || x.type === 'seated');
      stranger.say(m);
      const got = await r;
      reasons.push(got.type === 'refused' ? english(got.why) : got.type);
    }
    expect(reasons).toEqual(['no room ZZZZZ is open to you here: check the code on the table screen', 'seated', 'this connection is already in room ' + host.code]);
    const other = new Player(s);
    await other.open;
    const made = other.next((x) => x.type === 'created');
    other.say({ type: 'create', settings: { ...settings, players: 2 } });
    await made;
    const thief = new Player(s);
    await thief.open;
    const r1 = thief.refused();
    thief.say({ type: 'resume', code: other.code, token: people[0].token });
    expect(await r1).toBe(`no room ${other.code} is open to you here: check the code on the table screen`);
    const late = new Player(s);
    await late.open;
    const r2 = late.refused();
    late.say({ type: 'join', code: host.code, name: 'Fay' });
    expect(await r2).toBe(`room ${host.code} is full (4 seats)`);
  });

  it('one client flooding is throttled by its own bucket; another room is answered meanwhile', async () => {
    const s = await serve(new Map(), true);
    const flood = new Player(s);
    const calm = new Player(s);
    await Promise.all([flood.open, calm.open]);
    const n = BUCKET + 30;
    const all = new Promise<void>((ok) => {
      let seen = 0;
      flood.ws.on('message', () => ++seen === BUCKET + 1 && ok());
    });
    for (let i = 0; i < n; i++) flood.say({ type: 'next' });
    const created = calm.next((m) => m.type === 'created');
    calm.say({ type: 'create', settings });
    await created;
    await all;
    // The bucket's clock stands still: its first BUCKET messages are answered, the rest dropped, said once.
    const reasons = flood.inbox.map((m) => (m.type === 'refused' ? english(m.why) : m.type));
    expect(reasons.filter((r) => r === 'join a room first (its code and your name)').length).toBe(BUCKET);
    expect(reasons.filter((r) => r.startsWith('too many messages')).length).toBe(1);
    expect(flood.ws.readyState).toBe(flood.ws.OPEN);
  });

  it('a request the server fails on is refused to its sender with the reason, and the server goes on', async () => {
    const fault: { next?: Error } = {};
    const s = await serve(new Map(), false, fault);
    const c = new Player(s);
    await c.open;
    fault.next = new Error('a view could not be made');
    const r = c.refused();
    c.say({ type: 'create', settings });
    expect(await r).toBe('the server could not do that: a view could not be made');
    const other = new Player(s);
    await other.open;
    const made = other.next((m) => m.type === 'created');
    other.say({ type: 'create', settings });
    await made;
  });

  it('the upgrade is refused for another Host, another Origin, no Origin, or another path', async () => {
    const s = await serve();
    const refused = (o: ConstructorParameters<typeof Player>[1]) => new Player(s, o).open.then(() => 'opened', (e: Error) => e.message);
    expect(await refused({ headers: { Host: `evil.example:${s.port}` }, origin: `http://evil.example:${s.port}` })).toBe('refused 421');
    expect(await refused({ origin: 'http://evil.example' })).toBe('refused 403');
    expect(await refused({ origin: `https://127.0.0.1:${s.port}` })).toBe('refused 403');
    expect(await refused({ origin: `http://localhost:${s.port}` })).toBe('refused 403');
    expect(await refused({ origin: 'null' })).toBe('refused 403');
    expect(await refused({ path: '/other' })).toBe('refused 404');
    expect(await refused({})).toBe('opened');
  });

  it('a room opens again from its save after the server restarts; people take their seats back with their tokens', async () => {
    const store = new Map<string, string>();
    const a = await serve(store);
    const { host, people } = await threeAndABot(a);
    for (const p of people) p.auto = false;
    const asked = Promise.race(people.map((p) => p.next((m) => m.type === 'view' && m.view.question !== null)));
    host.say({ type: 'start' });
    const m = await asked;
    const q = m.type === 'view' ? m.view.question! : null!;
    const moved = host.next((x) => x.type === 'table' && x.view.moves > 0);
    people[q.seat].say({ type: 'move', question: q.id, choice: choice(q) });
    await moved;
    const moves = a.room().session!.state.moves;
    await a.stop();
    const b = await serve(store);
    b.hub.restore(store.get(host.code)!);
    expect(b.room().session!.state.moves).toBe(moves);
    const table = new Player(b);
    await table.open;
    const seen = table.next((x) => x.type === 'table');
    table.say({ type: 'table', code: host.code, token: host.token });
    await seen;
    const over = table.next(tableAt('roundOver', 1));
    for (const p of people) {
      const back = new Player(b);
      await back.open;
      const seated = back.next((x) => x.type === 'seated');
      back.say({ type: 'resume', code: host.code, token: p.token });
      expect(await seated).toEqual({ type: 'seated', code: host.code, seat: p.seat, token: p.token, settings: { ...settings, launcher: 'simulated' } });
    }
    await over;
  }, ROOM_ROUND_MS); // two servers, a whole round

  it('uno-extreme web --rooms DIR opens the rooms kept there at its start, behind the same Host check', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rooms-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const a = await serve(fileRoomStore(dir));
    const { host, people } = await threeAndABot(a);
    for (const p of people) p.auto = false;
    const asked = Promise.race(people.map((p) => p.next((m) => m.type === 'view' && m.view.question !== null)));
    host.say({ type: 'start' });
    const m = await asked;
    const q = m.type === 'view' ? m.view.question! : null!;
    await a.stop();
    const web = await startWeb(['--rooms', dir]);
    onTestFinished(() => web.stop());
    const port = Number(new URL(web.url).port);
    const foreign = new WebSocket(`ws://127.0.0.1:${port}/rooms`, { origin: `http://127.0.0.1:${port}`, headers: { Host: `evil.example:${port}` } });
    expect(await new Promise((ok) => foreign.once('unexpected-response', (_req, res) => ok(res.statusCode)))).toBe(421);
    const back = new WebSocket(`ws://127.0.0.1:${port}/rooms`, { origin: `http://127.0.0.1:${port}` });
    const got: ServerMessage[] = [];
    const view = new Promise<ServerMessage>((ok) => back.on('message', (d) => {
      const x = JSON.parse(d.toString()) as ServerMessage;
      got.push(x);
      if (x.type === 'view') ok(x);
    }));
    await new Promise((ok) => back.once('open', ok));
    back.send(JSON.stringify({ type: 'resume', code: host.code, token: people[q.seat].token }));
    const v = await view;
    expect(got[0]).toEqual({ type: 'seated', code: host.code, seat: q.seat, token: people[q.seat].token, settings: { ...settings, launcher: 'simulated' } });
    expect(v.type === 'view' && v.view.question?.id).toBe(q.id);
    back.close();
  }, PROGRAM_RUN_MS + ROOM_ROUND_MS); // the web command's start (the page already built) and a room played to a question
});

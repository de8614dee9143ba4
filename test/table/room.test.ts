/**
 * Rooms without a transport: people join under names and get seats and tokens; each client is
 * sent only its own view (never another seat's cards nor the supply's); bad requests are refused
 * to their sender alone and change nothing; a seat whose person is gone is waited for on the
 * room's clock, then played by a bot until they return; the host removes a seat; a room opens
 * again from its save.
 */
import { describe, expect, it } from 'vitest';
import { MachineLauncher } from '../../emulator/launcher.ts';
import { DONE_ROOM_MS, IDLE_ROOM_MS, RoomHub, ROOMS_PER_ADDRESS, type RoomBoard, type RoomClient } from '../../rooms/hub.ts';
import type { Room } from '../../rooms/room.ts';
import { journalLine, movesAfter } from '../../table/journal.ts';
import { manualClock } from '../manual-clock.ts';
import type { ClientMessage, RoomSettings, Sent, ServerMessage, TableView } from '../../table/roomMessages.ts';
import type { SeatView } from '../../table/session.ts';
import { received } from '../../web/src/room/views.ts';
import type { Move } from '../../game/index.ts';
import { checkSecrets, choice, english, flushed, hubWith, lastView } from './players.ts';
import { notice, Notices } from '../../firmware-bridge/notices.ts';
import { keptPhrase, phraseText } from '../../table/words.ts';
import { loadLang } from '../../words/catalogue.ts';

/** No pause after the bots' moves (one test paces a room on its clock). */
const settings: RoomSettings = { rules: 'extreme', profile: 'seed-0-8', players: 4, bots: 'heuristic', paceMs: 0 };

/** A client that keeps what it was sent (checking it for secrets) and, when `auto`, answers its questions. */
class Client implements RoomClient {
  inbox: ServerMessage[] = [];
  auto = true;
  seat: number | null = null;
  token = '';
  code = '';
  answered = new Set<number>();
  hidden = 0;
  constructor(private readonly hub: RoomHub, private readonly room: () => Room | undefined) {}
  send(m: ServerMessage): void {
    const room = this.room();
    if (room) this.hidden += checkSecrets(room, m.type === 'view' ? m.view.seat : null, JSON.stringify(m));
    this.inbox.push(m);
    if (m.type === 'created' || m.type === 'seated') [this.code, this.token] = [m.code, m.token];
    if (m.type === 'seated') this.seat = m.seat;
    const q = m.type === 'view' ? m.view.question : null;
    if (this.auto && q && !this.answered.has(q.id)) {
      this.answered.add(q.id);
      queueMicrotask(() => this.say({ type: 'move', question: q.id, choice: choice(q) }));
    }
  }
  say(m: ClientMessage): void {
    this.hub.handle(this, m);
  }
  refusals(): string[] {
    return this.inbox.flatMap((m) => (m.type === 'refused' ? [english(m.why)] : []));
  }
}

/** A room with its host and three people seated (the fourth seat a bot's). */
function threeAndABot(hub = hubWith(), paceMs = 0) {
  const room = () => hub.rooms.values().next().value;
  const host = new Client(hub, room);
  host.say({ type: 'create', settings: { ...settings, paceMs } });
  const people = ['Ana', 'Ben', 'Cy'].map((name) => {
    const c = new Client(hub, room);
    c.say({ type: 'join', code: host.code, name });
    return c;
  });
  return { hub, host, people, room: () => room()! };
}

/** Resolves when a person is asked, once their views are sent. */
async function untilQuestion(room: Room): Promise<void> {
  if (!room.session!.question) {
    await new Promise<void>((done) => {
      const off = room.session!.subscribe((e) => e.type === 'question' && (off(), done()));
    });
  }
  await flushed();
}

/** {@link threeAndABot} kept in `store`, started, its people answering only when the test says: at the first question a person is asked. */
async function startedByHand(store: Map<string, string>) {
  const room = threeAndABot(hubWith(store));
  for (const p of room.people) p.auto = false;
  room.host.say({ type: 'start' });
  await untilQuestion(room.room());
  return room;
}

/** Resolves when the table screen sees the phase `phase`. */
function untilPhase(room: Room, phase: string): Promise<void> {
  return new Promise((done) => {
    const off = room.session!.subscribe((e) => e.type === 'phase' && e.phase === phase && (off(), done()));
  });
}

describe('rooms', () => {
  it('three people and a bot play a whole round to the score table, each sent only what its seat may see', async () => {
    const { host, people, room } = threeAndABot();
    expect(host.code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(people.map((p) => p.seat)).toEqual([0, 1, 2]);
    // Tokens: 128 bits, each its own.
    for (const p of people) expect(Buffer.from(p.token, 'base64url').length).toBe(16);
    expect(new Set(people.map((p) => p.token)).size).toBe(3);
    const over = new Promise<void>((done) => queueMicrotask(() => untilPhase(room(), 'roundOver').then(done)));
    host.say({ type: 'start' });
    await over;
    const r = room();
    expect(r.session!.match.rounds.length).toBe(1);
    for (const p of people) {
      expect(p.answered.size).toBeGreaterThan(0);
      expect(p.refusals()).toEqual([]);
      expect(p.hidden).toBeGreaterThan(0);
    }
    await flushed();
    const table = lastView(host.inbox)!;
    expect(table.type).toBe('table');
    expect(table.view.phase).toBe('roundOver');
    expect(table.view.totals.some((t) => t > 0)).toBe(true);
    expect('hand' in table.view).toBe(false);
    expect(table.seats.map((s) => s.status.kind)).toEqual(['here', 'here', 'here', 'bot']);
    // The next round is dealt on asking.
    const dealt = untilPhase(r, 'playing');
    people[1].say({ type: 'next' });
    await dealt;
    r.close();
  });

  it('paced: each bot move and each press waits on the room\'s clock, a person\'s own move does not; the game is the same unpaced', async () => {
    const PACE = 800;
    const { clock, advance } = manualClock();
    const { host, people, room } = threeAndABot(hubWith(new Map(), clock), PACE);
    host.say({ type: 'start' });
    const r = room();
    const moves: { at: number; move: Move }[] = [];
    r.session!.subscribe((e) => e.type === 'moved' && moves.push({ at: clock.now(), move: e.move }));
    // The room's clock moves only here, 50 ms at a time, once what it set going has settled.
    while (r.session!.phase === 'playing') {
      await flushed();
      advance(50);
    }
    const gaps = moves.slice(1).map((m, i) => ({ after: moves[i].move, ms: m.at - moves[i].at }));
    const byBot = gaps.filter((g) => g.after.type !== 'launcher' && g.after.seat === 3);
    const presses = gaps.filter((g) => g.after.type === 'launcher');
    const own = gaps.filter((g) => g.after.type !== 'launcher' && g.after.seat < 3);
    expect(byBot.length).toBeGreaterThan(0);
    expect(presses.length).toBeGreaterThan(0);
    for (const g of [...byBot, ...presses]) expect(g.ms, JSON.stringify(g.after)).toBeGreaterThanOrEqual(PACE);
    // A burst of the simulated launcher adds its length (a press that gave cards took more than its ding).
    expect(presses.some((g) => g.ms > PACE + 100)).toBe(true);
    expect(own.some((g) => g.ms < 50)).toBe(true);
    // The same seed and the same answers, unpaced: the same game, byte for byte.
    const fast = threeAndABot(hubWith(), 0);
    fast.host.say({ type: 'start' });
    await untilPhase(fast.room(), 'roundOver');
    expect(fast.room().session!.saveText()).toBe(r.session!.saveText());
    for (const p of people) expect(p.refusals()).toEqual([]);
    r.close();
    fast.room().close();
  });

  it('the table screen and the phones are sent the launcher: each press under its id with its seat and count, no card', async () => {
    const { clock, advance } = manualClock();
    const { host, people, room } = threeAndABot(hubWith(new Map(), clock), 800);
    host.say({ type: 'start' });
    const r = room();
    // The game's presses, in order: who pressed, who took the cards, how many.
    const presses: { presser: number; seat: number; cards: number }[] = [];
    r.session!.subscribe((e) => {
      if (e.type !== 'moved' || e.move.type !== 'launcher') return;
      const press = e.events.find((x) => x.type === 'press');
      presses.push({ presser: e.move.seat, seat: press?.type === 'press' ? press.aimAt : -1, cards: e.move.cards.length });
    });
    while (r.session!.phase === 'playing') {
      await flushed();
      advance(50);
    }
    await flushed();
    expect(presses.length).toBeGreaterThan(0);
    const shown = new Map<number, unknown>();
    for (const m of host.inbox) {
      if (m.type !== 'table' || !m.launcher?.press?.done) continue;
      const { id, presser, seat, cards } = m.launcher.press;
      shown.set(id, { presser, seat, cards });
    }
    // Paced, every press reached the table screen on its own, as the game made it.
    expect([...shown.keys()]).toEqual(presses.map((_, i) => i + 1));
    expect([...shown.values()]).toEqual(presses);
    const last = lastView(host.inbox)!;
    expect(last.launcher).toMatchObject({ device: 'simulated', dings: presses.length, supply: r.session!.state.supply.length, lidOpen: false, jammed: false });
    // The phones see the same launcher as the table screen.
    for (const p of people) expect(lastView(p.inbox)!.launcher).toEqual(last.launcher);
    r.close();
  });

  it('bad requests are refused to their sender alone, and change nothing', async () => {
    const hub = hubWith();
    const { host, people, room } = threeAndABot(hub);
    for (const p of people) p.auto = false;
    const stranger = new Client(hub, room);
    stranger.say({ type: 'join', code: 'NOPE1', name: 'Dee' });
    stranger.say({ type: 'move', question: 1, choice: 0 });
    people[0].say({ type: 'start' });
    host.say({ type: 'start' });
    const r = room();
    await untilQuestion(r);
    const q = r.session!.question!;
    const asked = people[q.seat];
    const other = people[(q.seat + 1) % 3];
    expect(people[0].refusals()).toEqual(['only the host starts the game']);
    expect(host.refusals()).toEqual([]);
    for (const c of [host, ...people]) c.inbox = [];
    const before = r.session!.saveText();
    const late = new Client(hub, room);
    late.say({ type: 'join', code: host.code, name: 'Eve' });
    late.say({ type: 'resume', code: host.code, token: 'x'.repeat(22) });
    other.say({ type: 'move', question: q.id, choice: 0 });
    asked.say({ type: 'move', question: q.id - 1, choice: 0 });
    asked.say({ type: 'move', question: q.id, choice: 99 });
    asked.say({ type: 'move', question: q.id, choice: null });
    host.say({ type: 'move', question: q.id, choice: 0 });
    asked.say({ type: 'remove', seat: 0 });
    asked.say({ type: 'next' });
    host.say({ type: 'join', code: host.code, name: 'Host' });
    expect(stranger.refusals()).toEqual([`no room NOPE1 is open to you here: check the code on the table screen`, 'join a room first (its code and your name)']);
    // A started room, a token not its own and no room at all are refused in the same words: a stranger learns nothing of the code.
    expect(late.refusals()).toEqual([`no room ${host.code} is open to you here: check the code on the table screen`, `no room ${host.code} is open to you here: check the code on the table screen`]);
    expect(other.refusals()).toEqual([`it is not your turn: ${r.session!.names[q.seat]} is being asked`]);
    expect(q.mode).toBe('turn');
    expect(asked.refusals()).toEqual([
      `that move answers question ${q.id - 1}, but the game has moved on to question ${q.id}`,
      `choice 99 is not one of your ${q.moves.length} moves`,
      'you must choose one of your moves now',
      'only the host removes a seat',
      'the round is still being played',
    ]);
    expect(host.refusals()).toEqual(['the table screen has no seat to play', `this connection is already in room ${host.code}`]);
    await flushed();
    // Nothing changed, and nobody else was told anything.
    expect(r.session!.saveText()).toBe(before);
    expect(r.session!.question).toBe(q);
    for (const [i, p] of people.entries()) if (p !== asked && p !== other) expect(p.inbox, `seat ${i}`).toEqual([]);
    r.close();
  });

  it('house rules and the seeds\' other readings: the room plays them and keeps them; others are refused', () => {
    const store = new Map<string, string>();
    const hub = hubWith(store);
    const host = new Client(hub, () => hub.rooms.values().next().value);
    for (const options of [{ launcher: false }, { stacking: true, stackCross: true, stackTwosOnly: true }, { zeroSwaps: 'yes' }, []]) {
      host.say({ type: 'create', settings: { ...settings, rules: 'classic', options } as unknown as RoomSettings });
    }
    expect(host.refusals()).toEqual([
      'unknown house rule "launcher": known house rules are stacking, stackCross, jumpIn, sevenZero, twoIdentical, unoCall, challengeWild4, allHitIncludesPlayer, hitFireColour, coupExtremeSkips, stackTwosOnly, sevenZeroOptional, zeroSwaps, wild4TakenBack, drawDealer',
      'options.stackTwosOnly: +4s do not stack with it, so +2 and +4 cannot stack on each other (stackCross)',
      'options.zeroSwaps: must be true or false',
      'the house rules must be an object of options, e.g. {"stacking": true}',
    ]);
    expect(hub.rooms.size).toBe(0);
    host.say({ type: 'create', settings: { ...settings, rules: 'classic', options: { sevenZero: true, zeroSwaps: true, wild4TakenBack: true, stackTwosOnly: false } } });
    const room = hub.rooms.get(host.code)!;
    new Client(hub, () => room).say({ type: 'join', code: host.code, name: 'Ana' });
    host.say({ type: 'start' });
    expect(room.session!.match.setup.rules.options).toMatchObject({ sevenZero: true, zeroSwaps: true, wild4TakenBack: true });
    expect('stackTwosOnly' in room.session!.match.setup.rules.options).toBe(false);
    expect(JSON.parse(store.get(host.code)!).settings.options).toEqual({ sevenZero: true, zeroSwaps: true, wild4TakenBack: true });
    hub.close();
  });

  it('a full room and a token of another room are refused', () => {
    const hub = hubWith();
    const { host, people, room } = threeAndABot(hub);
    const fourth = new Client(hub, room);
    fourth.say({ type: 'join', code: host.code, name: 'Dee' });
    const fifth = new Client(hub, room);
    fifth.say({ type: 'join', code: host.code.toLowerCase(), name: 'Eve' });
    expect(fifth.refusals()).toEqual([`room ${host.code} is full (4 seats)`]);
    const other = new Client(hub, room);
    other.say({ type: 'create', settings: { ...settings, players: 2 } });
    const thief = new Client(hub, room);
    thief.say({ type: 'resume', code: other.code, token: people[0].token });
    thief.say({ type: 'table', code: host.code, token: other.token });
    expect(thief.refusals()).toEqual([`no room ${other.code} is open to you here: check the code on the table screen`, `no room ${host.code} is open to you here: check the code on the table screen`]);
    const bad = new Client(hub, room);
    bad.say({ type: 'create', settings: { ...settings, paceMs: 5001 } });
    bad.say({ type: 'create', settings: { ...settings, rules: 'nope' } });
    bad.say({ type: 'join', code: host.code, name: 'Ana' });
    expect(bad.refusals()[0]).toBe('the pace must be a whole number of ms from 0 to 5000');
    expect(bad.refusals()[1]).toMatch(/^unknown rule set "nope"/);
    expect(bad.refusals()[2]).toBe(`room ${host.code} is full (4 seats)`);
  });

  it('a person gone is waited for with a countdown, then played by a bot until they come back with their token', async () => {
    const { clock, advance } = manualClock();
    const hub = hubWith(new Map(), clock);
    const { host, people, room } = threeAndABot(hub);
    host.say({ type: 'start' });
    const r = room();
    const ben = people[1];
    ben.auto = false;
    hub.leave(ben);
    await flushed();
    expect(lastView(host.inbox)!.seats[1].status).toEqual({ kind: 'away', msLeft: 20_000 });
    advance(5_000);
    // The game waits for Ben: while asked, nobody answers for him.
    await new Promise<void>((done) => {
      const off = r.session!.subscribe((e) => e.type === 'question' && e.question.seat === 1 && (off(), done()));
    });
    await flushed();
    const q = r.session!.question!;
    expect(q.seat).toBe(1);
    expect(lastView(host.inbox)!.seats[1].status).toEqual({ kind: 'away', msLeft: 15_000 });
    const answeredBefore = r.session!.questionsAsked;
    advance(15_000);
    // A bot stands in and the game goes on past Ben's turns.
    await new Promise<void>((done) => {
      const off = r.session!.subscribe((e) => e.type === 'answered' && e.seat === 1 && (off(), done()));
    });
    expect(r.session!.questionsAsked).toBeGreaterThanOrEqual(answeredBefore);
    await flushed();
    expect(lastView(host.inbox)!.seats[1].status).toEqual({ kind: 'standIn' });
    // Ben comes back on a new connection with his token, and plays his own seat again.
    const back = new Client(hub, room);
    back.auto = false;
    back.say({ type: 'resume', code: host.code, token: ben.token });
    expect(back.inbox[0]).toEqual({ type: 'seated', code: host.code, seat: 1, token: ben.token, settings: { ...settings, launcher: 'simulated' } });
    const myTurn = new Promise<number>((done) => {
      const off = r.session!.subscribe((e) => e.type === 'question' && e.question.seat === 1 && (off(), done(e.question.id)));
    });
    const id = await myTurn;
    await flushed();
    expect(r.session!.question!.id).toBe(id);
    const v = lastView(back.inbox)!;
    expect(v.type === 'view' && v.view.question?.id).toBe(id);
    expect(v.seats[1].status).toEqual({ kind: 'here' });
    back.say({ type: 'move', question: id, choice: choice(r.session!.question!) });
    expect(back.refusals()).toEqual([]);
    expect(r.session!.question?.id ?? 0).not.toBe(id);
    r.close();
  });

  it('the host removes a seat: its person is told, its token no longer holds it, a bot plays it', async () => {
    const { host, people, room } = threeAndABot();
    host.say({ type: 'start' });
    host.say({ type: 'remove', seat: 2 });
    const removed = people[2].inbox.at(-1)!;
    expect(removed.type === 'removed' && english(removed.why)).toBe("the host took Cy's seat: a bot plays it now");
    people[2].say({ type: 'uno', armed: true });
    expect(people[2].refusals()).toEqual(['join a room first (its code and your name)']);
    await untilPhase(room(), 'roundOver');
    await flushed();
    expect(lastView(host.inbox)!.seats[2].status).toEqual({ kind: 'removed' });
    room().close();
  });

  it('a person leaves their seat: in the lobby it is freed; in a game a bot plays it for good and the log says who; their token is refused', async () => {
    const hub = hubWith();
    const { host, people, room } = threeAndABot(hub);
    const gone = `no room ${host.code} is open to you here: check the code on the table screen`;
    people[1].say({ type: 'leave' });
    const left = people[1].inbox.at(-1)!;
    expect(left.type === 'removed' && english(left.why)).toBe(`Ben left room ${host.code}: the seat is free again. This phone no longer holds it; join a room again to play.`);
    people[1].say({ type: 'leave' });
    expect(people[1].refusals()).toEqual(['join a room first (its code and your name)']);
    const ben = new Client(hub, room);
    ben.say({ type: 'resume', code: host.code, token: people[1].token });
    expect(ben.refusals()).toEqual([gone]);
    await flushed();
    const lobby = host.inbox.filter((m) => m.type === 'lobby').at(-1)!;
    expect(lobby.seats.map((s) => `${s.name}:${s.status.kind}`)).toEqual(['Ana:here', 'Cy:here', ':free', ':free']);
    host.say({ type: 'start' });
    const r = room();
    // Cy (seat 1 now) leaves mid-round: a bot plays his seat on, for good.
    people[2].auto = false;
    people[2].say({ type: 'leave' });
    const cy = people[2].inbox.at(-1)!;
    expect(cy.type === 'removed' && english(cy.why)).toBe(`Cy left room ${host.code}: a bot plays the seat from now on. This phone no longer holds it; join a room again to play.`);
    expect(r.session!.tableView().log.map((l) => english(l, r.session!.names))).toContain('Cy left the room: a bot plays their seat');
    const back = new Client(hub, room);
    back.say({ type: 'resume', code: host.code, token: people[2].token });
    expect(back.refusals()).toEqual([gone]);
    await untilPhase(r, 'roundOver');
    await flushed();
    expect(lastView(host.inbox)!.seats.map((s) => s.status.kind)).toEqual(['here', 'removed', 'bot', 'bot']);
    expect(people[0].refusals()).toEqual([]);
    r.close();
  });

  it('the table screen moves to another device: the screen it had is told, and is no longer the host', async () => {
    const hub = hubWith();
    const { host, people, room } = threeAndABot(hub);
    const tablet = new Client(hub, room);
    tablet.say({ type: 'table', code: host.code, token: host.token });
    const moved = host.inbox.at(-1)!;
    expect(moved.type === 'removed' && english(moved.why)).toBe('The table screen moved to another device: this one is no longer the table screen.');
    host.inbox = [];
    host.say({ type: 'start' });
    host.say({ type: 'remove', seat: 0 });
    expect(host.refusals()).toEqual(['join a room first (its code and your name)', 'join a room first (its code and your name)']);
    tablet.say({ type: 'start' });
    expect(tablet.refusals()).toEqual([]);
    await untilQuestion(room());
    // The screen left behind is sent nothing more: its token takes the table back, as any device's would.
    expect(host.inbox.filter((m) => m.type !== 'refused')).toEqual([]);
    expect(lastView(tablet.inbox)!.type).toBe('table');
    expect(people[0].inbox.some((m) => m.type === 'removed')).toBe(false);
    room().close();
  });

  it('a person seated opens the table screen on their phone once none has been there for the wait; before that, or a stranger, is refused', () => {
    const { clock, advance } = manualClock();
    const hub = hubWith(new Map(), clock);
    const { host, people, room } = threeAndABot(hub);
    const there = 'the table screen is open on another device, or was less than 20 s ago: it opens on a phone only once it is gone';
    const stranger = new Client(hub, room);
    stranger.say({ type: 'openTable' });
    people[0].say({ type: 'openTable' });
    host.say({ type: 'openTable' });
    hub.leave(host);
    advance(19_999);
    people[1].say({ type: 'openTable' });
    expect(stranger.refusals()).toEqual(['join a room first (its code and your name)']);
    expect(people[0].refusals()).toEqual([there]);
    expect(people[1].refusals()).toEqual([there]);
    expect(host.refusals()).toEqual(['the table screen has no seat to play']);
    expect(people[1].inbox.some((m) => m.type === 'host')).toBe(false);
    advance(1);
    people[1].say({ type: 'openTable' });
    expect(people[1].inbox.at(-1)).toEqual({ type: 'host', code: host.code, token: host.token });
    // The token opens the table screen on another connection of the phone; with it there, the next asking is refused.
    const screen = new Client(hub, room);
    screen.say({ type: 'table', code: host.code, token: host.token });
    expect(screen.refusals()).toEqual([]);
    people[2].say({ type: 'openTable' });
    expect(people[2].refusals()).toEqual([there]);
    room().close();
  });

  it('a room opened again after a restart waits for its table screen as for its people; a person who left stays gone', async () => {
    const store = new Map<string, string>();
    const first = threeAndABot(hubWith(store));
    first.host.say({ type: 'start' });
    first.people[1].say({ type: 'leave' });
    first.hub.close();
    const { clock, advance } = manualClock();
    const hub = hubWith(store, clock);
    const room = hub.restore(store.get(first.host.code)!);
    expect(room.seats()[1].status).toEqual({ kind: 'removed' });
    expect(room.session!.tableView().log.map((l) => english(l, room.session!.names))).toContain('Ben left the room: a bot plays their seat');
    const [ana, ben] = [0, 1].map((i) => {
      const c = new Client(hub, () => room);
      c.auto = false;
      c.say({ type: 'resume', code: first.host.code, token: first.people[i].token });
      return c;
    });
    expect(ben.refusals()).toEqual([`no room ${first.host.code} is open to you here: check the code on the table screen`]);
    ana.say({ type: 'openTable' });
    expect(ana.refusals()).toEqual(['the table screen is open on another device, or was less than 20 s ago: it opens on a phone only once it is gone']);
    advance(20_000);
    ana.say({ type: 'openTable' });
    expect(ana.inbox.at(-1)).toEqual({ type: 'host', code: first.host.code, token: first.host.token });
    room.close();
  });

  it('a room opens again from its save after a restart: seats and tokens kept, the game where it was', async () => {
    const store = new Map<string, string>();
    const first = await startedByHand(store);
    // Play a few moves, then the server goes.
    for (let i = 0; i < 6; i++) {
      const s = first.room().session!;
      const q = s.question;
      if (!q) break;
      first.people[q.seat].say({ type: 'move', question: q.id, choice: choice(q) });
      await new Promise<void>((done) => {
        const off = s.subscribe((e) => e.type === 'question' && (off(), done()));
      });
    }
    const moves = first.room().session!.state.moves;
    expect(moves).toBeGreaterThan(0);
    first.hub.close();
    const kept = store.get(first.host.code)!;
    const hub = hubWith(store);
    const room = hub.restore(kept);
    expect(room.session!.state.moves).toBe(moves);
    expect(room.seats().map((s) => s.status.kind)).toEqual(['away', 'away', 'away', 'bot']);
    const table = new Client(hub, () => room);
    table.say({ type: 'table', code: first.host.code, token: first.host.token });
    const back = first.people.map((p) => {
      const c = new Client(hub, () => room);
      c.say({ type: 'resume', code: first.host.code, token: p.token });
      return c;
    });
    expect(back.map((c) => c.seat)).toEqual([0, 1, 2]);
    await untilPhase(room, 'roundOver');
    expect(room.session!.match.rounds.length).toBe(1);
    room.close();
  });

  it("a room opened again shows its log as phrases, each reader's to word; a room kept before them shows its game's worded lines", async () => {
    const store = new Map<string, string>();
    const first = await startedByHand(store);
    const s = first.room().session!;
    const q = s.question!;
    first.people[q.seat].say({ type: 'move', question: q.id, choice: choice(q) });
    await untilQuestion(first.room());
    const lines = s.keptLines();
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.every((l) => 'k' in l)).toBe(true);
    first.hub.close();
    const kept = store.get(first.host.code)!;
    const again = hubWith(new Map()).restore(kept);
    // The lines as they were, then the note that the game goes on.
    expect(again.session!.lines.slice(0, lines.length)).toEqual(lines);
    expect(again.session!.lines.at(-1)).toMatchObject({ k: 'session.resumed' });
    again.close();
    // Kept by a version before the phrases (no log), or with a line that is not one: the English lines of its game.
    const events = (JSON.parse((JSON.parse(kept) as { game: string }).game) as { play: { events: string[] } }).play.events;
    expect(events).toEqual(lines.map((l) => english(l, s.names)));
    for (const log of [undefined, [...lines, { k: 'no.such.key' }]]) {
      const old = hubWith(new Map()).restore(JSON.stringify({ ...JSON.parse(kept), log }));
      expect(old.session!.lines.slice(0, lines.length)).toEqual(events.map((text) => ({ text })));
      old.close();
    }
  });

  it('an address opens at most ROOMS_PER_ADDRESS rooms; rooms nobody is in are deleted when done or unused, in the store too', async () => {
    const { clock, advance } = manualClock();
    const store = new Map<string, string>();
    const removed: string[] = [];
    const hub = new RoomHub({
      store: { save: (code, text) => void store.set(code, typeof text === 'string' ? text : text()), remove: (code) => void removed.push(code) },
      clock, seed: () => 5,
      makeLauncher: (start) => {
        const launcher = new MachineLauncher({ ...start, ignoreButton: true });
        return { launcher, dispose: () => launcher.detach() };
      },
    });
    const from = (address: string) => Object.assign(new Client(hub, () => undefined), { address });
    const opened = Array.from({ length: ROOMS_PER_ADDRESS + 1 }, () => {
      const c = from('192.0.2.7');
      c.say({ type: 'create', settings });
      return c;
    });
    expect(opened.slice(0, -1).every((c) => c.code !== '')).toBe(true);
    expect(opened.at(-1)!.refusals()).toEqual([`this device has ${ROOMS_PER_ADDRESS} rooms open here already: play in one of them (a room nobody is in closes an hour after its match)`]);
    const other = from('192.0.2.8');
    other.say({ type: 'create', settings });
    expect(other.code).not.toBe('');
    // A lobby whose table screen stays is kept; the others, left, go after an hour (the hub looks
    // them over every ten minutes by itself; sweep() is that look).
    const left = [...opened.slice(1, -1).map((c) => c.code), other.code].sort();
    for (const c of opened.slice(1, -1)) hub.leave(c);
    hub.leave(other);
    advance(DONE_ROOM_MS - 1);
    expect(hub.sweep()).toEqual([]);
    expect(hub.rooms.size).toBe(ROOMS_PER_ADDRESS + 1);
    advance(1);
    hub.sweep();
    expect(removed.sort()).toEqual(left);
    expect([...hub.rooms.keys()]).toEqual([opened[0].code]);
    // A room in play, left by everyone, is kept for a week with no message, then goes too.
    const { host, people } = threeAndABot(hub);
    host.say({ type: 'start' });
    await untilQuestion(hub.rooms.get(host.code)!);
    for (const c of [host, ...people]) hub.leave(c);
    advance(DONE_ROOM_MS);
    hub.sweep();
    expect(hub.rooms.has(host.code)).toBe(true);
    advance(IDLE_ROOM_MS);
    hub.sweep();
    expect(hub.rooms.has(host.code)).toBe(false);
    expect(removed).toContain(host.code);
    // Freed, the address may open rooms again.
    const again = from('192.0.2.7');
    again.say({ type: 'create', settings });
    expect(again.code).not.toBe('');
    hub.close();
  });

  it('a socket is sent each log line once: a client adding them has the session\'s whole log at every view, over rounds; a new socket gets it whole', async () => {
    const { hub, host, people, room } = threeAndABot();
    // Each client keeps its views as the page does (web/src/room/views.ts), checked against the session's own log as each is sent.
    const mismatches: string[] = [];
    const sent = new Map<Client, { lines: number; views: number }>();
    const follow = (c: Client) => {
      let kept: TableView | SeatView | null = null;
      const send = c.send.bind(c);
      c.send = (m) => {
        send(m);
        if (m.type !== 'view' && m.type !== 'table') return;
        const s = room().session!;
        kept = received(kept, m.view as Sent<SeatView>);
        if (JSON.stringify(kept.log) !== JSON.stringify(s.lines) || kept.logBase !== s.logBase) mismatches.push(`${c.seat ?? 'table'} at move ${s.state.moves} of round ${s.state.round + 1}`);
        const n = sent.get(c) ?? { lines: 0, views: 0 };
        sent.set(c, { lines: n.lines + m.view.log.lines.length, views: n.views + 1 });
      };
    };
    for (const c of [host, ...people]) follow(c);
    const over = new Promise<void>((done) => queueMicrotask(() => untilPhase(room(), 'roundOver').then(done)));
    host.say({ type: 'start' });
    await over;
    await flushed();
    const r = room();
    // The second round: its log starts empty, the first round's lines dropped by every client.
    // (The hub's seed, 5, gives a first round that does not end the match.) Stopped at the first
    // question a person is asked, the views of the moves before it sent.
    expect(r.session!.phase).toBe('roundOver');
    for (const p of people) p.auto = false;
    people[0].say({ type: 'next' });
    await untilQuestion(r);
    expect(r.session!.logBase).toBeGreaterThan(0);
    await flushed();
    expect(mismatches).toEqual([]);
    // Each line went once to each socket: far fewer lines than the views held.
    const said = r.session!.logBase + r.session!.lines.length;
    for (const c of [host, ...people]) {
      const n = sent.get(c)!;
      expect(n.views).toBeGreaterThan(10);
      expect(n.lines, `${c.seat ?? 'table'}`).toBe(said);
    }
    // A person's new socket (a reload) is sent the whole log at its first view.
    hub.leave(people[2]);
    const back = new Client(hub, room);
    back.auto = false;
    back.say({ type: 'resume', code: host.code, token: people[2].token });
    await flushed();
    const first = back.inbox.find((m) => m.type === 'view');
    expect(first?.type === 'view' && first.view.log).toEqual({ from: r.session!.logBase, lines: r.session!.lines });
    r.close();
  });

  it('a name is refused by the rule every seat\'s name follows, in its words', () => {
    const hub = hubWith();
    const host = new Client(hub, () => hub.rooms.values().next().value);
    host.say({ type: 'create', settings });
    const tries = ['Bot 2', '\u2800', '字'.repeat(13), 'Ana\u202E', '👨‍👩‍👧‍👦'].map((name) => {
      const c = new Client(hub, () => hub.rooms.values().next().value);
      c.say({ type: 'join', code: host.code, name });
      return c.seat === null ? c.refusals()[0] : 'seated';
    });
    expect(tries).toEqual([
      '"Bot 2" is a bot\'s name: pick another',
      'a name must show something: letters, digits or symbols',
      'a name fits in 24 letters (12 wide ones, such as 字 or an emoji)',
      'a name has no control or formatting characters',
      'seated',
    ]);
    // A started room refuses a bad name as it refuses any join: in the words of a code that is no room's.
    host.say({ type: 'start' });
    const late = new Client(hub, () => hub.rooms.values().next().value);
    late.say({ type: 'join', code: host.code, name: 'Bot 9' });
    expect(late.refusals()).toEqual([`no room ${host.code} is open to you here: check the code on the table screen`]);
    for (const r of hub.rooms.values()) r.close();
  });

  it('play again: once a match is over, a new one in the same room, the same people in the same seats with their tokens', async () => {
    const store = new Map<string, string>();
    let seed = 5;
    const hub = new RoomHub({
      store: { save: (code, text) => void store.set(code, typeof text === 'string' ? text : text()) },
      clock: manualClock().clock, seed: () => seed++,
      makeLauncher: (start) => {
        const launcher = new MachineLauncher({ ...start, ignoreButton: true });
        return { launcher, dispose: () => launcher.detach() };
      },
    });
    const host = new Client(hub, () => hub.rooms.values().next().value);
    host.say({ type: 'create', settings: { ...settings, target: 1 } });
    const people = ['Ana', 'Ben'].map((name) => {
      const c = new Client(hub, () => hub.rooms.values().next().value);
      c.say({ type: 'join', code: host.code, name });
      return c;
    });
    host.say({ type: 'again' });
    expect(host.refusals()).toEqual(['the game has not started yet']);
    host.say({ type: 'start' });
    const room = hub.rooms.get(host.code)!;
    const first = room.session!;
    people[0].say({ type: 'again' });
    expect(people[0].refusals().at(-1)).toBe('the match is still being played: play again once it is over');
    await untilPhase(room, 'matchOver');
    const tokens = people.map((p) => p.token);
    people[1].say({ type: 'again' });
    const second = room.session!;
    expect(second).not.toBe(first);
    expect([second.phase, second.state.round, second.match.setup.seed]).toEqual(['playing', 0, Number(first.match.setup.seed) + 1]);
    expect(second.names.slice(0, 2)).toEqual(['Ana', 'Ben']);
    expect(people.map((p) => p.token)).toEqual(tokens);
    // Each phone is sent its seat's view of the new match, with no join.
    await flushed();
    for (const [seat, p] of people.entries()) {
      const v = [...p.inbox].reverse().find((m) => m.type === 'view');
      expect(v?.type === 'view' && [v.view.seat, v.view.round, v.view.phase]).toEqual([seat, 0, 'playing']);
    }
    expect(JSON.parse(store.get(host.code)!).game).toContain(`"seed":${Number(first.match.setup.seed) + 1}`);
    hub.close();
  });

  it('a kept room damaged or forged is refused, not opened as an empty lobby, and its code is given to no new room', async () => {
    const store = new Map<string, string>();
    const first = threeAndABot(hubWith(store));
    first.host.say({ type: 'start' });
    await untilQuestion(first.room());
    first.hub.close();
    const code = first.host.code;
    const kept = JSON.parse(store.get(code)!) as Record<string, unknown> & { seats: { token: string | null }[] };
    const hub = hubWith(new Map());
    const refused = (text: string, under = code) => {
      try {
        hub.restore(text, under);
        return 'opened';
      } catch (e) {
        return (e as Error).message;
      }
    };
    // A game that does not replay: no room, where there was an empty lobby a stranger could join.
    expect(refused(JSON.stringify({ ...kept, game: '{"not":"a save"}' }))).not.toBe('opened');
    expect(hub.rooms.has(code)).toBe(false);
    // Fields no server writes: a code that walks out of the folder, an empty token, a seat's odd token.
    expect(refused(JSON.stringify({ ...kept, code: '../../x' }))).toBe('its code is not a room code');
    expect(refused(JSON.stringify({ ...kept, hostToken: '' }))).toBe('its table token is not one this server makes');
    expect(refused(JSON.stringify({ ...kept, seats: [{ ...kept.seats[0], token: 'short' }, ...kept.seats.slice(1)] }))).toBe('its seat 0 is not a kept seat');
    expect(refused(store.get(code)!, 'ZZZZZ')).toBe(`it names room ${code}, not ZZZZZ`);
    expect(hub.rooms.size).toBe(0);
    // Withheld, its code is a room nobody can join and no new room gets.
    hub.withhold(code);
    const stranger = new Client(hub, () => undefined);
    stranger.say({ type: 'join', code, name: 'Eve' });
    expect(stranger.refusals()).toEqual([`no room ${code} is open to you here: check the code on the table screen`]);
    const codes = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const c = new Client(hub, () => undefined);
      c.say({ type: 'create', settings });
      codes.add(c.code);
    }
    expect(codes.has(code)).toBe(false);
    // The kept text itself still opens (the room was fine all along).
    const fine = hubWith(new Map()).restore(store.get(code)!, code);
    expect(fine.code).toBe(code);
    fine.close();
    for (const r of hub.rooms.values()) r.close();
  });

  it('a room opens again from its first save and the moves its journal kept since, where the game was', async () => {
    // A store that wrote the room's first save only, then each move to its journal: a server killed before writing another.
    const first = new Map<string, string>();
    const journal: string[] = [];
    const hub = new RoomHub({
      store: {
        save: (code, text) => void (first.has(code) || first.set(code, typeof text === 'string' ? text : text())),
        append: (_code, line) => void journal.push(line),
      },
      clock: manualClock().clock, seed: () => 5,
      makeLauncher: (start) => {
        const launcher = new MachineLauncher({ ...start, ignoreButton: true });
        return { launcher, dispose: () => launcher.detach() };
      },
    });
    const { host, people, room } = threeAndABot(hub);
    host.say({ type: 'start' });
    await untilPhase(room(), 'roundOver');
    const played = room().session!;
    expect(journal.length).toBeGreaterThan(20);
    hub.close();
    const again = hubWith(new Map()).restore(first.get(host.code)!, host.code, undefined, journal);
    expect(again.session!.state).toEqual(played.state);
    // The launcher goes on from its own state after the last move, not the first save's.
    const launcherOf = (text: string) => (JSON.parse(text) as { play: { launcher: unknown; aim: number } }).play;
    expect(launcherOf(again.session!.saveText()).launcher).toEqual(launcherOf(played.saveText()).launcher);
    expect(launcherOf(again.session!.saveText()).launcher).not.toEqual(launcherOf(JSON.parse(first.get(host.code)!).game).launcher);
    expect(again.session!.log.some((l) => /not kept whole/.test(l))).toBe(false);
    again.close();
    // A journal cut short in a move's middle, or a move missing: the game goes on from the last that follows, and says so.
    const cut = hubWith(new Map()).restore(first.get(host.code)!, host.code, undefined, [...journal.slice(0, 10), journal[10].slice(0, 12), ...journal.slice(11)]);
    expect(cut.session!.state.moves).toBe(JSON.parse(journal[9]).n);
    expect(cut.session!.log.at(-1)).toMatch(/^This game's last moves were not kept whole: it goes on from move \d+ of round 1$/);
    cut.close();
    void people;
  });

  it('movesAfter: the journal\'s moves after a save, those it holds passed over, a gap ending them', () => {
    const game = JSON.stringify({ rounds: [[{}, {}], [{}]] });
    const line = (r: number, n: number) => journalLine(r, n, { type: 'draw', seat: 0 } as Move);
    expect(movesAfter(game, [line(0, 2), line(1, 1), line(1, 2), line(1, 3), line(2, 1)])).toEqual({ later: [1, 1, 2].map((round) => ({ round, move: { type: 'draw', seat: 0 } })), cut: false });
    expect(movesAfter(game, [line(1, 2), line(1, 4)]).cut).toBe(true);
    expect(movesAfter(game, [line(1, 2), 'not json']).later).toHaveLength(1);
    expect(movesAfter(game, [line(3, 1)])).toEqual({ later: [], cut: true });
  });

  it('the board on the server\'s machine is one room\'s until its match is over; the others are refused it, or play simulated', async () => {
    /** A board whose rounds' launchers are simulated ones, named as a board is, counted. */
    const made: string[] = [];
    const board: RoomBoard = {
      name: 'serial:/dev/ttyFAKE',
      makeLauncher: (start) => {
        const launcher = new MachineLauncher({ ...start, ignoreButton: true });
        made.push('board');
        return { launcher, dispose: () => launcher.detach() };
      },
    };
    const hub = hubWith(new Map(), manualClock().clock, board);
    const room = (code: string) => hub.rooms.get(code)!;
    const host = new Client(hub, () => room(host.code));
    host.say({ type: 'create', settings: { ...settings, players: 2, target: 1 } });
    expect(room(host.code).settings.launcher).toBe('board');
    const second = new Client(hub, () => undefined);
    second.say({ type: 'create', settings });
    second.say({ type: 'create', settings: { ...settings, launcher: 'board' } });
    expect(second.refusals()).toEqual([
      `the launcher board serial:/dev/ttyFAKE is in room ${host.code} until its match is over: choose the simulated launcher for this room`,
      `the launcher board serial:/dev/ttyFAKE is in room ${host.code} until its match is over: choose the simulated launcher for this room`,
    ]);
    second.say({ type: 'create', settings: { ...settings, launcher: 'simulated' } });
    expect(room(second.code).settings.launcher).toBe('simulated');
    const classic = new Client(hub, () => undefined);
    classic.say({ type: 'create', settings: { ...settings, rules: 'classic', launcher: 'board' } });
    classic.say({ type: 'create', settings: { ...settings, rules: 'classic' } });
    expect(classic.refusals()).toEqual(['the classic rules draw from a pile: they have no launcher to put on the board']);
    expect(room(classic.code).settings.launcher).toBe('simulated');
    // The board's room plays its match (to 1 point: one round) on the board, then lets it go.
    const ana = new Client(hub, () => room(host.code));
    ana.say({ type: 'join', code: host.code, name: 'Ana' });
    host.say({ type: 'start' });
    await untilPhase(room(host.code), 'matchOver');
    expect(made.length).toBeGreaterThan(0);
    const third = new Client(hub, () => undefined);
    third.say({ type: 'create', settings: { ...settings, launcher: 'board' } });
    expect(third.refusals()).toEqual([]);
    expect(room(third.code).settings.launcher).toBe('board');
    // A server without a board refuses it, and a room kept with one opens again simulated, saying so.
    const bare = hubWith();
    const asking = new Client(bare, () => undefined);
    asking.say({ type: 'create', settings: { ...settings, launcher: 'board' } });
    expect(asking.refusals()).toEqual(['this server has no launcher board (start it with uno-extreme web --device serial:PATH): choose the simulated launcher']);
    const store = new Map<string, string>();
    const kept = hubWith(store, manualClock().clock, board);
    const keeper = threeAndABot(kept);
    keeper.host.say({ type: 'start' });
    expect(keeper.room().settings.launcher).toBe('board');
    kept.close();
    const reopened = bare.restore(store.get(keeper.host.code)!);
    expect(reopened.settings.launcher).toBe('simulated');
    expect(reopened.session!.log.at(-1)).toBe('The launcher board is not on this server now: this room plays on with the simulated launcher');
    for (const h of [hub, bare]) h.close();
  });

  it("a board's notice reaches the room playing on it as a phrase: each reader words it, the save keeps it", async () => {
    const notices = new Notices();
    const board: RoomBoard = {
      name: 'serial:/dev/ttyFAKE',
      makeLauncher: (start) => {
        const launcher = new MachineLauncher({ ...start, ignoreButton: true });
        return { launcher, dispose: () => launcher.detach() };
      },
      onNotice: (l) => notices.on(l),
    };
    const { hub, host, people, room } = threeAndABot(hubWith(new Map(), manualClock().clock, board));
    for (const c of [host, ...people]) c.auto = false;
    host.say({ type: 'start' });
    await untilQuestion(room());
    notices.say(notice('notice.linkLost', { device: board.name, why: { k: 'notice.why.vanished' } }));
    await flushed();
    const line = room().session!.lines.at(-1)!;
    expect(line).toEqual({ k: 'notice.linkLost', v: { device: 'serial:/dev/ttyFAKE', why: { k: 'notice.why.vanished' } } });
    // Sent as data, never as the English sentence: each phone words it.
    const sent = JSON.stringify(people[0].inbox);
    expect(sent).toContain('"k":"notice.linkLost"');
    expect(sent).not.toContain('reconnecting');
    const fr = await loadLang('fr');
    expect(phraseText(line, room().session!.names, fr)).toBe('serial:/dev/ttyFAKE\u00a0: la liaison est perdue (le port a disparu (débranché\u00a0?))\u00a0; reconnexion en cours. Vérifie le câble USB et l’alimentation de la carte');
    expect(english(line, room().session!.names)).toBe("serial:/dev/ttyFAKE: the link is lost (the port vanished (unplugged?)); reconnecting. Check the USB cable and the board's power");
    // A room's save keeps the phrase, read back as one.
    expect(keptPhrase(JSON.parse(JSON.stringify(line)))).toEqual(line);
    hub.close();
  });

  it('a room closed during a pause ends its round there', async () => {
    const { clock, advance, pending } = manualClock();
    const hub = hubWith(new Map(), clock);
    const { host, room } = threeAndABot(hub, 800);
    host.say({ type: 'start' });
    const r = room();
    let moved = 0;
    r.session!.subscribe((e) => e.type === 'moved' && moved++);
    // One timer is the hub's look-over for rooms to delete; a second is the pause.
    while (pending() === 1) {
      await flushed();
      advance(50);
    }
    const at = moved;
    hub.close();
    expect(pending()).toBe(0);
    advance(10_000);
    await flushed();
    expect(moved).toBe(at);
    expect(r.session!.launcher).toBeNull();
  });

  it('a room closed (the server stopping) waits for nobody whose socket closes after', () => {
    const { clock, pending } = manualClock();
    const hub = hubWith(new Map(), clock);
    const { host, people } = threeAndABot(hub);
    host.say({ type: 'start' });
    hub.leave(people[0]);
    // The wait for people[0], and the hub's look-over for rooms to delete.
    expect(pending()).toBe(2);
    hub.close();
    expect(pending()).toBe(0);
    for (const p of people.slice(1)) hub.leave(p);
    expect(pending()).toBe(0);
  });
});

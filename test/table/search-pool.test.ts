/**
 * The search bots in the server's worker threads (cli/search-pool.ts, table/search.ts): a round
 * with ISMCTS seats plays the same, move for move, as with the bots on the session's own thread;
 * the thread that runs the rooms goes on while a search runs; a room's stand-in that searches
 * thinks in the pool too, for a person gone and for a person whose turn timer ran out.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { MachineLauncher } from '../../emulator/launcher.ts';
import { resolveProfile } from '../../emulator/profiles.ts';
import { buildDeck, card, createMatch, legalMoves, resolveRules, RULE_SETS, searchBot, type Move, type PlayMeta } from '../../game/index.ts';
import { Rng, seedRng } from '../../lib/rng.ts';
import { SearchPool } from '../../cli/search-pool.ts';
import { RoomHub, type RoomHubOptions } from '../../rooms/hub.ts';
import type { RoomSettings, ServerMessage } from '../../table/roomMessages.ts';
import { SearchSeats, type FromSearch, type SearchPort, type ToSearch } from '../../table/search.ts';
import { MatchSession, type Question } from '../../table/session.ts';
import { manualClock } from '../manual-clock.ts';
import { choice } from './players.ts';

const pool = new SearchPool(2);
afterAll(() => pool.close());

/** A pool's port that counts the decisions sent through it, and the seats they were for. */
function counted(): { open: () => SearchPort; decisions: () => number; seats: Set<number> } {
  let n = 0;
  const seats = new Set<number>();
  return {
    open: () => {
      const p = pool.port();
      return { ...p, post: (m: ToSearch) => (m.type === 'decide' && (n++, seats.add(m.seat)), p.post(m)) };
    },
    decisions: () => n,
    seats,
  };
}

/** A room opened with `settings` on a hub whose search bots think through `o.search` (the pool), its host connected. */
function poolRoom(o: Pick<RoomHubOptions, 'clock' | 'search' | 'waitMs'>, settings: RoomSettings) {
  const hub = new RoomHub({
    store: { save: () => undefined }, seed: () => 9, ...o,
    makeLauncher: (start) => {
      const launcher = new MachineLauncher({ ...start, ignoreButton: true });
      return { launcher, dispose: () => launcher.detach() };
    },
  });
  const inbox: ServerMessage[] = [];
  const host = { send: (m: ServerMessage) => void inbox.push(m) };
  hub.handle(host, { type: 'create', settings });
  return { hub, host, code: (inbox[0] as Extract<ServerMessage, { type: 'created' }>).code };
}

/** One person (the first legal answer) and two ISMCTS bots on a small budget: the round's saves, move by move. */
async function round(remote?: (meta: PlayMeta) => SearchSeats): Promise<string[]> {
  const meta: PlayMeta = { names: ['Ana', 'Bot 1', 'Bot 2'], me: 0, people: [0], bots: ['ismcts'], profile: 'seed-0-8', launcher: null, budget: { steps: 3000 } };
  const match = createMatch({ rules: resolveRules('extreme', { target: 1 }), players: 3, seed: 23, log: true });
  const saves: string[] = [];
  const session = new MatchSession({
    match, meta, profile: resolveProfile('seed-0-8'), autosave: true,
    store: { save: (text) => void saves.push(text) },
    makeLauncher: (start) => {
      const launcher = new MachineLauncher({ ...start, ignoreButton: true });
      return { launcher, dispose: () => launcher.detach() };
    },
    // The bots on the session's thread are playSave's, as the terminal's are.
    ...(remote ? { remote: remote(meta) } : { searchBot }),
  });
  session.subscribe((e) => {
    if (e.type !== 'question') return;
    const q: Question = e.question;
    const i = choice(q);
    queueMicrotask(() => session.answer(q.seat, i === null ? null : q.moves[i]));
  });
  await session.run();
  return saves;
}

describe('the search pool', () => {
  it('plays a round with ISMCTS seats move for move as the bots on the session\'s thread do', async () => {
    // Card serials number the cards in the order a thread first meets them (game/cards.ts). This
    // thread has met every rule set's cards in a shuffled order first, as a server's thread that
    // played other games has; the worker meets only this game's. The bots must not tell.
    const ids = Object.values(RULE_SETS).flatMap((r) => buildDeck(r.deck));
    for (const id of new Rng(seedRng(7, 0)).shuffle(ids)) card(id);
    const c = counted();
    const here = await round();
    const there = await round((meta) => new SearchSeats(meta, 23, c.open, { budget: meta.budget! }));
    expect(there.length).toBeGreaterThan(10);
    expect(c.decisions()).toBeGreaterThan(5);
    expect(there).toEqual(here);
  });

  it('leaves the thread that runs the rooms free while a search runs', async () => {
    // No person: both seats search, the first to play among them.
    const meta: PlayMeta = { names: ['Bot 0', 'Bot 1'], me: 0, people: [], bots: ['ismcts'], profile: 'seed-0-8', launcher: null };
    const match = createMatch({ rules: resolveRules('classic'), players: 2, seed: 3, log: true });
    // A search far longer than a turn of this thread's event loop.
    const seats = new SearchSeats(meta, 3, () => pool.port(), { budget: { steps: 1_000_000 } });
    const state = match.game;
    const moves = legalMoves(state).filter((m: Move) => m.seat === state.turn);
    expect(moves.length).toBeGreaterThan(1);
    const order: string[] = [];
    const decided = seats.decide(state, state.turn, moves, 'turn').then(() => order.push('decided'));
    await new Promise<void>((done) => setTimeout(() => (order.push('a timer of this thread'), done()), 0));
    await decided;
    expect(order).toEqual(['a timer of this thread', 'decided']);
    seats.dispose(new Error('done'));
  });

  /**
   * Ports of the pool whose fourth decision the worker does not answer: `instead` says what the
   * table hears of it (`p`: the port, `heard`: the table's listener). `decisions()`: how many were asked.
   */
  function fourthDecision(instead: (m: Extract<ToSearch, { type: 'decide' }>, heard: (m: FromSearch) => void, p: SearchPort) => void) {
    let decisions = 0;
    const open = (): SearchPort => {
      const p = pool.port();
      let heard: (m: FromSearch) => void = () => undefined;
      return { ...p, listen: (h) => p.listen((heard = h)), post: (m) => (m.type === 'decide' && ++decisions === 4 ? instead(m, heard, p) : p.post(m)) };
    };
    return { open, decisions: () => decisions };
  }

  it('a table whose worker is lost mid-round plays on: its search seats answer as heuristic bots on its own thread', async () => {
    let lost = 0;
    // The worker goes at the fourth decision, with it waiting: as the pool tells its tables.
    const c = fourthDecision((_m, heard, p) => (lost++, p.close(), heard({ type: 'lost', message: 'its thread stopped (exit 1)' })));
    // The round is played to its end (the session's run resolves; it failed with the worker before),
    // no decision is sent to a worker after the loss, and the waiting one is answered here.
    const saves = await round((meta) => new SearchSeats(meta, 23, c.open, { budget: meta.budget! }));
    expect(lost).toBe(1);
    expect(c.decisions()).toBe(4);
    expect(saves.length).toBeGreaterThan(10);
  });

  it('a decision that fails in the worker (a bot that throws) is said, and answered here as a heuristic bot: the round plays on', async () => {
    const said: string[] = [];
    // The fourth decision fails in the worker, as searchBots answers a bot that threw; the worker stays.
    const c = fourthDecision((m, heard) => queueMicrotask(() => heard({ type: 'failed', id: m.id, message: 'the bot threw' })));
    const saves = await round((meta) => {
      const seats = new SearchSeats(meta, 23, c.open, { budget: meta.budget! });
      seats.failed = (e) => said.push(e.message);
      return seats;
    });
    expect(said).toEqual(['a search bot failed: the bot threw']);
    // The worker went on answering after it.
    expect(c.decisions()).toBeGreaterThan(4);
    expect(saves.length).toBeGreaterThan(10);
  });

  it('a room\'s ISMCTS bots and its stand-in for a person gone think in the pool', async () => {
    const c = counted();
    let now = 0;
    const timers: (() => void)[] = [];
    const { hub, host, code } = poolRoom({
      waitMs: 1, search: c.open,
      clock: { now: () => now, setTimeout: (f) => (timers.push(f), timers.length), clearTimeout: () => undefined },
    }, { rules: 'classic', profile: 'seed-0-8', players: 2, bots: 'ismcts', paceMs: 0 });
    const ana = { send: () => undefined };
    hub.handle(ana, { type: 'join', code, name: 'Ana' });
    hub.handle(host, { type: 'start' });
    const room = hub.rooms.get(code)!;
    // Ana leaves at once; after the wait a stand-in plays her seat, and the bot its own, to the round's end.
    hub.leave(ana);
    now += 1;
    for (const f of timers.splice(0)) f();
    await new Promise<void>((done) => {
      const look = () => (room.session!.phase !== 'playing' ? done() : setTimeout(look, 5));
      look();
    });
    expect(room.seats()[0].status.kind).toBe('standIn');
    // Both the bot's seat and Ana's, played by her stand-in, decided in the pool.
    expect(c.decisions()).toBeGreaterThan(4);
    expect([...c.seats].sort()).toEqual([0, 1]);
    hub.close();
  });

  it('a turn timer run out in a room of ISMCTS bots: the stand-in that answers thinks in the pool, and the person keeps the seat', async () => {
    const c = counted();
    const { clock, advance } = manualClock();
    const { hub, host, code } = poolRoom({ clock, search: c.open }, { rules: 'classic', profile: 'seed-0-8', players: 2, bots: 'ismcts', paceMs: 0, turnMs: 10_000 });
    // Ana is here but never plays her turns (a phone frozen in the background); she lets chances out of turn go.
    const ana = {
      send: (m: ServerMessage) => {
        const q = m.type === 'view' ? m.view.question : null;
        if (q?.mode === 'react') queueMicrotask(() => hub.handle(ana, { type: 'move', question: q.id, choice: null }));
      },
    };
    hub.handle(ana, { type: 'join', code, name: 'Ana' });
    hub.handle(host, { type: 'start' });
    const room = hub.rooms.get(code)!;
    const s = room.session!;
    const asked = () => s.question?.seat === 0 && s.question.mode !== 'react';
    for (let turn = 0; turn < 2; turn++) {
      if (!asked()) await new Promise<void>((done) => { const off = s.subscribe(() => asked() && (off(), done())); });
      const q = s.question!;
      const answered = new Promise<void>((done) => { const off = s.subscribe((e) => e.type === 'answered' && s.question !== q && (off(), done())); });
      advance(10_000);
      await answered;
    }
    expect(c.seats.has(0)).toBe(true);
    expect(s.lines.filter((p) => 'k' in p && p.k === 'room.note.timeUp')).toHaveLength(2);
    expect(room.seats()[0].status.kind).toBe('here');
    hub.close();
  });

  it('in a catch race, a person\'s move made after the stand-in\'s delay waits for the stand-in thinking in the pool', async () => {
    // The pool's answers to the stand-in's chances out of turn (seat 0) are held until the test lets them go: a slow pool.
    const held: FromSearch[] = [];
    let hear: (m: FromSearch) => void = () => undefined;
    const open = (): SearchPort => {
      const p = pool.port();
      const reacts = new Set<number>();
      return {
        post: (m: ToSearch) => (m.type === 'decide' && m.seat === 0 && m.mode === 'react' && reacts.add(m.id), p.post(m)),
        listen: (h) => p.listen((hear = h, (m) => (m.type === 'decided' && reacts.has(m.id) ? void held.push(m) : h(m)))),
        close: () => p.close(),
      };
    };
    const { clock, advance } = manualClock();
    const { hub, host, code } = poolRoom({ clock, search: open, waitMs: 1 }, { rules: 'classic', profile: 'seed-0-8', players: 2, bots: 'ismcts', paceMs: 0 });
    const ana = { send: () => undefined };
    // Ben never calls UNO (choice plays without it); in the race that follows he calls it late, 2 s in: after every seat's delay.
    let seen: { anaStillAsked: boolean } | null = null;
    const answered = new Set<number>();
    const ben = {
      send: (m: ServerMessage) => {
        const q = m.type === 'view' ? m.view.question : null;
        if (!q || answered.has(q.id) || seen) return;
        answered.add(q.id);
        queueMicrotask(() => {
          if (q.mode !== 'react') return hub.handle(ben, { type: 'move', question: q.id, choice: choice(q) });
          advance(2_000);
          hub.handle(ben, { type: 'move', question: q.id, choice: q.moves.findIndex((x) => x.type === 'uno' || x.type === 'catch') });
          seen = { anaStillAsked: room.session!.questionOf(0) !== null };
        });
      },
    };
    hub.handle(ana, { type: 'join', code, name: 'Ana' });
    hub.handle(ben, { type: 'join', code, name: 'Ben' });
    hub.handle(host, { type: 'start' });
    const room = hub.rooms.get(code)!;
    hub.leave(ana);
    advance(1);
    expect(room.seats()[0].status.kind).toBe('standIn');
    await new Promise<void>((done) => {
      const look = () => (seen || room.session!.phase !== 'playing' ? done() : setTimeout(look, 5));
      look();
    });
    expect(seen, 'no race in the round').not.toBeNull();
    // Ana's stand-in, asked at a delay under 2 s, is still waited for: Ben's late call is not made yet.
    expect(seen!.anaStillAsked).toBe(true);
    const moves = room.session!.state.moves;
    await new Promise<void>((done) => {
      const look = () => (held.length > 0 ? done() : setTimeout(look, 5));
      look();
    });
    for (const m of held.splice(0)) hear(m);
    await new Promise<void>((done) => {
      const look = () => (room.session!.state.moves > moves ? done() : setTimeout(look, 5));
      look();
    });
    hub.close();
  });
});

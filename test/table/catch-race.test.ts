/**
 * The catch race in the match session, on a clock the test moves (table/race.ts): a person asked
 * in a race catches before the earliest bot's delay has passed and their catch is made; once it
 * has passed the bot's catch is made, the person's question is withdrawn, and the session says
 * who was first for it.
 */
import { describe, expect, it } from 'vitest';
import { resolveProfile } from '../../emulator/profiles.ts';
import { createMatch, resolveRules, type Move, type PlayMeta } from '../../game/index.ts';
import { CatchRace } from '../../table/race.ts';
import { MatchSession, type Question, type RemoteSeats } from '../../table/session.ts';
import { manualClock } from '../manual-clock.ts';

const meta: PlayMeta = { names: ['Ana', 'Bot 1', 'Ben', 'Bot 3'], me: 0, people: [0, 2], bots: ['heuristic'], profile: 'seed-0-8', launcher: null };

/** The first play (UNO never called: these people forget it), else a colour, pass, accept or draw. */
function pick(q: Question): Move {
  const m = q.moves;
  return m.find((x) => x.type === 'play' && !x.uno) ?? m.find((x) => x.type === 'colour') ?? m.find((x) => x.type === 'pass') ?? m.find((x) => x.type === 'accept') ?? m.find((x) => x.type === 'draw') ?? m[0];
}

/**
 * Plays classic with two people until the first race in which a person may catch while a bot's
 * catch waits on the clock; then the person catches `early` ms before the bot's time (negative:
 * after it). What happened: the catch made, the person's answer, and who the session says was first.
 */
async function race(early: number) {
  const { clock, advance, due } = manualClock();
  const match = createMatch({ rules: resolveRules('classic', { target: 500 }), players: 4, seed: 21, log: true });
  const session = new MatchSession({
    match, meta, profile: resolveProfile('seed-0-8'), autosave: false, clock, store: { save: () => {} },
    makeLauncher: () => { throw new Error('classic has no launcher'); },
  });
  const moves: Move[] = [];
  let seen: { q: Question; answered: boolean; first: number | null; catchMove: Move | null; botTime: number } | null = null;
  session.subscribe((e) => {
    if (e.type === 'moved') moves.push(e.move);
    if (e.type === 'phase' && e.phase === 'roundOver') queueMicrotask(() => session.nextRound());
    if (e.type !== 'question' || seen) return;
    const q = e.question;
    const c = q.moves.find((m) => m.type === 'catch');
    queueMicrotask(() => {
      if (session.questionOf(q.seat) !== q) return;
      // A race with a bot's catch waiting: a timer is due.
      if (c && due().length > 0) {
        const botTime = due()[0];
        const n = moves.length;
        advance(botTime - clock.now() - early);
        const answered = session.answer(q.seat, c);
        seen = { q, answered, first: session.caughtFirst(q.id), catchMove: null, botTime };
        // The move the race made comes next.
        const off = session.subscribe((ev) => {
          if (ev.type !== 'moved' || seen!.catchMove) return;
          seen!.catchMove = moves[n] ?? ev.move;
          off();
          queueMicrotask(() => session.stop());
        });
        return;
      }
      session.answer(q.seat, q.mode === 'react' ? null : pick(q));
    });
  });
  await session.run();
  return { seen: seen!, names: session.names };
}

describe('the catch race in a session', () => {
  it('a person who catches within the bot’s delay is first: their catch is made', async () => {
    const { seen } = await race(1);
    expect(seen.answered).toBe(true);
    expect(seen.first).toBeNull();
    expect(seen.catchMove).toEqual({ type: 'catch', seat: seen.q.seat, target: seen.q.moves.find((m) => m.type === 'catch')!.target });
  });

  it('after it, the bot’s catch is made; the person’s is refused and told who was first', async () => {
    const { seen } = await race(-1);
    expect(seen.answered).toBe(false);
    expect(seen.catchMove?.type).toBe('catch');
    expect(seen.catchMove!.seat).not.toBe(seen.q.seat);
    expect(seen.first).toBe(seen.catchMove!.seat);
    expect([1, 3]).toContain(seen.first);
  });
});

describe('a race lost to a bot thinking elsewhere', () => {
  it('a person whose catch was taken, then beaten by a quicker bot still thinking, is told who was quicker', async () => {
    const { clock, advance } = manualClock();
    const match = createMatch({ rules: resolveRules('classic', { target: 500 }), players: 4, seed: 21, log: true });
    /** The bots' catches held back (they think elsewhere, as a search pool's), to answer when the test says. */
    const held: { seat: number; move: Move; answer: (m: Move | null) => void }[] = [];
    const remote: RemoteSeats = {
      has: (seat) => seat === 1 || seat === 3,
      seat: (_seat, kind) => ({ name: kind, interactive: true, choose: () => { throw new Error('thinks elsewhere'); }, react: () => null }),
      decide: (_state, seat, moves, mode) => {
        const c = moves.find((m) => m.type === 'catch');
        if (mode === 'react' && c) return new Promise((answer) => held.push({ seat, move: c, answer }));
        return Promise.resolve(mode === 'react' ? null : pick({ seat, moves, mode, id: -1 } as Question));
      },
      dispose: () => undefined,
    };
    const session = new MatchSession({
      match, meta: { ...meta, bots: ['ismcts'] }, profile: resolveProfile('seed-0-8'), autosave: false, clock, store: { save: () => {} }, remote,
      makeLauncher: () => { throw new Error('classic has no launcher'); },
    });
    let beaten: { seat: number; by: number } | null = null;
    let told: unknown = undefined;
    session.subscribe((e) => {
      // The bot's catch is made: what the beaten person is shown then (nothing more is answered).
      if (beaten && e.type === 'moved' && told === undefined) {
        told = session.viewOf(beaten.seat).message;
        queueMicrotask(() => session.stop());
      }
      if (e.type === 'phase' && e.phase === 'roundOver') queueMicrotask(() => session.nextRound());
      if (e.type !== 'question' || beaten) return;
      const q = e.question;
      queueMicrotask(() => {
        if (session.questionOf(q.seat) !== q) return;
        const c = q.moves.find((m) => m.type === 'catch');
        if (c && held.length > 0) {
          // Long after every bot's delay: the person's catch is taken, and waits for the bot still thinking.
          advance(60_000);
          expect(session.answer(q.seat, c)).toBe(true);
          const bot = held.shift()!;
          beaten = { seat: q.seat, by: bot.seat };
          bot.answer(bot.move);
          return;
        }
        for (const h of held.splice(0)) h.answer(null);
        session.answer(q.seat, q.mode === 'react' ? null : pick(q));
      });
    });
    await session.run().catch(() => undefined);
    expect(beaten).not.toBeNull();
    expect(told).toEqual({ k: 'race.quicker', v: { who: { seat: beaten!.by } } });
  });
});

describe('the race on its clock (table/race.ts)', () => {
  const catchBy = (seat: number): Move => ({ type: 'catch', seat, target: 3 });
  /** Seat 0 a person (900 ms), seat 1 a bot that answers as a bot (700 ms), the table's bot catching at 1,500 ms; how it ended. */
  function race(thinking: boolean) {
    const { clock, advance } = manualClock();
    const ended: [Move | null, number | null][] = [];
    /** The seats whose move was taken but came second. */
    const beaten: number[] = [];
    const asks = [{ seat: 0, ms: 900, order: 1, moves: [catchBy(0)] }, { seat: 1, ms: 700, order: 2, moves: [catchBy(1)] }];
    const r = new CatchRace({ asks, bot: { seat: 2, ms: 1500, order: 3, move: catchBy(2) } }, clock, (seat) => thinking && seat === 1, (m, by, b) => (ended.push([m, by]), beaten.push(...b)));
    r.start();
    return { r, advance, ended, beaten };
  }

  it('a person’s catch waits for a bot still thinking whose delay comes first, and loses to its catch: the person is among the beaten', () => {
    const { r, advance, ended, beaten } = race(true);
    advance(1000);
    r.personAnswered(0, catchBy(0));
    expect(ended).toEqual([]);
    r.botAnswered(1, catchBy(1));
    expect(ended).toEqual([[catchBy(1), 1]]);
    expect(beaten).toEqual([0]);
  });

  it('and is made once that bot lets it go, however late it says so, before the later bot’s', () => {
    const { r, advance, ended, beaten } = race(true);
    advance(1000);
    r.personAnswered(0, catchBy(0));
    advance(5000);
    expect(ended).toEqual([]);
    r.botAnswered(1, null);
    expect(ended).toEqual([[catchBy(0), 0]]);
    expect(beaten).toEqual([]);
  });

  it('a stand-in’s question is waited for as a bot thinking elsewhere; with its person back, the clock runs again', () => {
    const stood = race(false);
    stood.r.standIn(1, true);
    stood.advance(5000);
    expect(stood.ended).toEqual([]);
    stood.r.botAnswered(1, catchBy(1));
    expect(stood.ended).toEqual([[catchBy(1), 1]]);

    const back = race(false);
    back.r.standIn(1, true);
    back.advance(1000);
    back.r.standIn(1, false);
    back.advance(499);
    expect(back.ended).toEqual([]);
    back.advance(1);
    expect(back.ended).toEqual([[catchBy(2), 2]]);
  });
});

/**
 * The catch race (game/turnStep.ts, game/runner.ts): while a forgotten UNO may be caught, every
 * seat is offered its out-of-turn moves at once; of the bots that act the one with the smallest
 * seeded delay makes its move (ties by the order of the table from the seat that forgot), and a
 * race with people in it is handed out whole, the earliest bot's move as its default.
 */
import { describe, expect, it } from 'vitest';
import type { Bot } from '../../game/bots/types.ts';
import { roundOf } from '../../game/core/round.ts';
import { raceWinner, runRound, runRoundSync, type Race } from '../../game/runner.ts';
import { actsFirst, catchDelays, CATCH_DELAY_MS, CATCH_DELAY_SPAN } from '../../game/turnStep.ts';
import type { GameState, Move } from '../../game/state.ts';
import { fixture, play } from './fixture.ts';

/** Classic, four seats: seat 0 played R5 and forgot UNO (R7 left); seat 1 is next. */
function forgotten(seed?: string): GameState {
  const s = fixture({ rules: 'classic', hands: ['R5 R7', 'G2 G3 G4', 'B2 B3 B4', 'Y2 Y3 Y4'], top: 'R3', supply: 'G5 G6 G7 G8 G9 B5 B6 B7' });
  const after = play(seed === undefined ? s : { ...s, seed }, { type: 'play', seat: 0, card: s.hands[0][0] }).state;
  expect(after.uno).toBe(0);
  return after;
}

/** A bot that catches whenever it may (and records the seats it was asked for), else plays the first move. */
function catcher(asked: number[], catches = true): Bot {
  return {
    name: 'catcher',
    choose: (_s, _seat, moves) => moves.find((m) => m.type === 'draw') ?? moves[0],
    react: (_s, seat, moves) => {
      asked.push(seat);
      return catches ? (moves.find((m) => m.type === 'catch') ?? null) : null;
    },
  };
}

/** The first move of the round run from `s` with `bots` (the run stopped there). */
function firstMove(s: GameState, bots: Bot[]): Move {
  let first: Move | null = null;
  try {
    runRoundSync(s, null, bots, { maxMoves: 1, onStep: (_st, m) => (first ??= m) });
  } catch {
    // Stopped after its first move, by maxMoves.
  }
  return first!;
}

describe('the catch race', () => {
  it('delays are human-like, seeded by the position, and do not depend on who wants to act', () => {
    const s = roundOf(forgotten());
    const d = catchDelays(s);
    expect(d).toHaveLength(4);
    for (const ms of d) expect(ms >= CATCH_DELAY_MS && ms < CATCH_DELAY_MS + CATCH_DELAY_SPAN).toBe(true);
    expect(catchDelays(roundOf(forgotten()))).toEqual(d);
    // Another seed, another race.
    const others = ['a', 'b', 'c', 'd'].map((seed) => catchDelays(roundOf(forgotten(seed))));
    expect(others.some((o) => JSON.stringify(o) !== JSON.stringify(d))).toBe(true);
  });

  it('every seat is asked at once; the catch of the bot with the smallest delay is made, whatever its place at the table', () => {
    for (const seed of ['s1', 's2', 's3', 's4', 's5', 's6']) {
      const s = forgotten(seed);
      const asked: number[] = [];
      const bots = [catcher(asked, false), catcher(asked), catcher(asked), catcher(asked)];
      const m = firstMove(s, bots);
      // Seat 0 (who forgot) is offered its late call, and every other seat its catch, before anyone moves.
      expect(asked).toEqual([0, 1, 2, 3]);
      const d = catchDelays(roundOf(s));
      const fastest = [1, 2, 3].reduce((a, b) => (d[b] < d[a] ? b : a));
      expect(m).toEqual({ type: 'catch', seat: fastest, target: 0 });
    }
  });

  it('the same seed plays the same race, run after run', () => {
    const run = () => {
      const asked: number[] = [];
      return firstMove(forgotten('again'), [catcher(asked, false), catcher(asked), catcher(asked), catcher(asked)]);
    };
    const first = run();
    for (let i = 0; i < 5; i++) expect(run()).toEqual(first);
  });

  it('ties go to the seat asked first, from the seat that forgot round the table', () => {
    expect(actsFirst(700, 2, 800, 1)).toBe(true);
    expect(actsFirst(800, 1, 700, 2)).toBe(false);
    expect(actsFirst(700, 1, 700, 2)).toBe(true);
    expect(actsFirst(700, 2, 700, 1)).toBe(false);
    const c = (seat: number): Move => ({ type: 'catch', seat, target: 0 });
    const race: Race = { asks: [{ seat: 1, ms: 900, order: 1, moves: [c(1)] }, { seat: 3, ms: 900, order: 3, moves: [c(3)] }], bot: { seat: 2, ms: 900, order: 2, move: c(2) } };
    expect(raceWinner(race, [c(1), c(3)])).toEqual(c(1));
    expect(raceWinner(race, [null, c(3)])).toEqual(c(2));
    expect(raceWinner({ ...race, bot: null }, [null, null])).toBeNull();
  });

  it('with people at the table: one race asks every person at once, the earliest bot its default', async () => {
    const s = forgotten('people');
    const asked: number[] = [];
    const person = (b: Bot): Bot => ({ ...b, interactive: true });
    const bots = [catcher(asked, false), person(catcher(asked)), catcher(asked), person(catcher(asked))];
    const races: Race[] = [];
    const first: Move[] = [];
    await expect(runRound(s, null, bots, {
      maxMoves: 1,
      ask: async () => null,
      // The person at seat 3 wins the race (as a person may, before the bot's delay).
      race: async (_st, race) => (races.push(race), race.asks[1].moves[0]),
      moved: async (_st, m) => void first.push(m),
    })).rejects.toThrow(/did not end after 1 moves/);
    expect(races).toHaveLength(1);
    const d = catchDelays(roundOf(s));
    expect(races[0].asks.map((a) => [a.seat, a.ms, a.moves.map((m) => m.type)])).toEqual([[1, d[1], ['catch']], [3, d[3], ['catch']]]);
    expect(races[0].bot).toEqual({ seat: 2, ms: d[2], order: 2, move: { type: 'catch', seat: 2, target: 0 } });
    expect(first).toEqual([{ type: 'catch', seat: 3, target: 0 }]);
  });

  it('without a race function, each person is asked in turn and acts at their seat’s delay, as their bot would', async () => {
    const s = forgotten('alone');
    const bots = [catcher([], false), catcher([]), catcher([]), catcher([])];
    const golden = firstMove(s, bots);
    const table = bots.map((b, seat) => (seat === 2 ? { ...b, interactive: true } : b));
    const first: Move[] = [];
    await expect(runRound(s, null, table, {
      maxMoves: 1,
      ask: async (st, seat, moves) => bots[seat].react(st, seat, moves),
      moved: async (_st, m) => void first.push(m),
    })).rejects.toThrow(/did not end after 1 moves/);
    expect(first).toEqual([golden]);
  });
});

import { describe, expect, it } from 'vitest';
import { FastLauncher } from '../../emulator/api.ts';
import { resolveProfile } from '../../emulator/profiles.ts';
import { ismctsBot, makeBots, parseBudget, type Bot } from '../../game/bots/index.ts';
import type { CardId } from '../../game/cards.ts';
import { applyMove } from '../../game/engine.ts';
import { positionalBot, showRoundSoFar } from '../../game/playSave.ts';
import { runRoundSync } from '../../game/runner.ts';
import { createGame } from '../../game/setup.ts';
import type { GameEvent, GameState, Move } from '../../game/state.ts';
import { Rng, seedRng } from '../../lib/rng.ts';

/** What seat 0 was shown up to one of its searched decisions, and that decision's position. */
interface Recording {
  seen: { state: GameState; move: Move | null; events: GameEvent[] }[];
  state: GameState;
  moves: Move[];
}

/** Plays a round with heuristic bots and records what seat 0 is shown until its `k`-th decision with a choice. */
function record(rules: string, seed: number, k: number, options = {}): Recording | null {
  const start = createGame({ rules, options, players: 4, seed, log: false });
  const launcher = start.rules.options.launcher ? new FastLauncher(resolveProfile(start.rules.profile ?? 'seed-0-8'), seedRng(seed, 1)) : null;
  const bots = makeBots(4, seed, 'heuristic');
  const heuristic = bots[0];
  const seen: Recording['seen'] = [];
  let found: Recording | null = null;
  let decisions = 0;
  const recorder: Bot = {
    name: 'recorder',
    observe: (state, move, events) => void seen.push(structuredClone({ state, move, events: [...events] })),
    choose(state, seat, moves) {
      if (!found && new Set(moves.map((m) => JSON.stringify({ ...m, uno: undefined }))).size > 1 && ++decisions === k) {
        found = { seen: seen.slice(), state: structuredClone(state), moves: structuredClone([...moves]) };
      }
      return heuristic.choose(state, seat, moves);
    },
    react: (state, seat, moves) => heuristic.react(state, seat, moves),
  };
  bots[0] = recorder;
  runRoundSync(start, launcher, bots);
  return found;
}

/** Every card seat 0 has seen: held, played (the discard pile), laid open by Show Hands. */
function seenBySeat0(r: Recording): Set<CardId> {
  const seen = new Set<CardId>();
  for (const { state } of [...r.seen, { state: r.state }]) {
    for (const id of [...state.hands[0], ...state.discard]) seen.add(id);
    if (state.shown) for (const h of state.hands) for (const id of h) seen.add(id);
  }
  return seen;
}

/** Replaces every card id of `x` (deeply) by its image under `sigma`. */
function relabel<T>(x: T, sigma: Map<CardId, CardId>): T {
  return JSON.parse(JSON.stringify(x), (_k, v) => (typeof v === 'string' && sigma.has(v) ? sigma.get(v) : v)) as T;
}

/**
 * The decision of a fresh search bot for seat 0 shown `r`'s history, and its search's figures
 * (visits and values of every move it weighed: any hidden card read would change some).
 */
function decide(r: Recording, seed = 5): { move: Move; search: unknown } {
  const bot = ismctsBot({ seed, seat: 0, budget: { playouts: 40 } });
  for (const { state, move, events } of r.seen) bot.observe!(state, move, events);
  const move = bot.choose(r.state, 0, r.moves);
  return { move, search: bot.last?.result };
}

describe('the ISMCTS bot never reads what its seat cannot know', () => {
  // Rule sets with trades, Show Hands, reloads of the launcher and reshuffles of the draw pile.
  const cases: [string, number, number, object][] = [
    ['extreme', 3, 4, {}], ['extreme-fr', 7, 6, {}], ['attack-1999', 11, 5, {}], ['classic', 2, 8, {}], ['classic', 9, 3, { sevenZero: true }],
    ['extreme-fr', 21, 12, {}], ['extreme', 4, 6, { reload: { atDiscard: 12 } }],
  ];
  for (const [rules, seed, k, options] of cases) {
    it(`${rules} (seed ${seed}, decision ${k}): relabelling the cards it never saw changes nothing`, () => {
      const r = record(rules, seed, k, options);
      expect(r, 'the round had that many decisions').not.toBeNull();
      const seen = seenBySeat0(r!);
      // The cards seat 0 never saw: in other hands and the supply, every history it was shown holds them nowhere it could look.
      const unseen = [...r!.state.hands.slice(1).flat(), ...r!.state.supply].filter((id) => !seen.has(id));
      expect(unseen.length).toBeGreaterThan(5);
      const images = new Rng(seedRng(seed, 77)).shuffle(unseen);
      const sigma = new Map(unseen.map((id, i) => [id, images[i]]));
      expect([...sigma].some(([a, b]) => a.split('#')[0] !== b.split('#')[0]), 'the relabelling changes what some card is').toBe(true);
      const plain = decide(r!);
      expect(plain.search).toBeDefined();
      expect(decide(relabel(r!, sigma))).toEqual(relabel(plain, sigma));
      // And what it weighs names only cards the seat holds: the relabelling leaves it as it was.
      expect(relabel(plain, sigma)).toEqual(plain);
    });
  }

  it('the supply\'s order, the game\'s generator and a +4\'s legality are not read', () => {
    for (const [rules, seed, k] of [['extreme', 3, 4], ['classic', 2, 8], ['extreme-fr', 7, 6]] as const) {
      const r = record(rules, seed, k)!;
      const other = structuredClone(r);
      other.state.supply = new Rng(seedRng(seed, 78)).shuffle(other.state.supply);
      other.state.rng = [1, 2, 3, 4];
      if (other.state.pending?.kind === 'challenge') other.state.pending.legal = !other.state.pending.legal;
      expect(decide(other)).toEqual(decide(r));
    }
  });
});

describe('the ISMCTS bot', () => {
  it('is deterministic for a seed', () => {
    const play = () => {
      const start = createGame({ rules: 'extreme', players: 3, seed: 12 });
      const bots = makeBots(3, 12, ['ismcts', 'heuristic', 'ismcts'], { budget: { playouts: 20 } });
      return runRoundSync(start, new FastLauncher(resolveProfile('seed-0-8'), seedRng(12, 1)), bots).state.log;
    };
    expect(play()).toEqual(play());
  });

  it('goes on after a save as it would have: the resumed bots are shown the round so far', () => {
    // A draw pile (no launcher state to carry) with hands traded and passed round (seven-zero).
    const start = createGame({ rules: 'classic', options: { sevenZero: true }, players: 3, seed: 8 });
    const table = () => [0, 1, 2].map((seat) => positionalBot('ismcts', 'resume', seat, { budget: { playouts: 12 } }));
    const whole = runRoundSync(start, null, table()).state;
    expect(whole.log!.some((m) => m.type === 'play' && /^[RYGB][07]#/.test(m.card)), 'a 7 or a 0 was played').toBe(true);
    for (const at of [25, 60]) {
      let saved = start;
      for (const m of whole.log!.slice(0, at)) saved = (applyMove(saved, m) as { state: GameState }).state;
      const bots = table();
      showRoundSoFar(bots, saved);
      expect(runRoundSync(saved, null, bots).state.log).toEqual(whole.log);
    }
  });

  it('does not search a forced move, and searches a choice', () => {
    const r = record('extreme', 3, 4)!;
    const bot = ismctsBot({ seed: 1, seat: 0, budget: { playouts: 30 } });
    bot.choose(r.state, 0, r.moves);
    expect(bot.last?.iterations).toBe(30);
    const press = r.moves.filter((m) => m.type === 'press');
    expect(bot.choose(r.state, 0, press)).toBe(press[0]);
    expect(bot.last).toBeNull();
  });

  it('stops a step budget once its playouts have played that many moves, as a playout count would', () => {
    const r = record('extreme', 3, 4)!;
    const bot = ismctsBot({ seed: 1, seat: 0, budget: { steps: 3000 } });
    const chosen = bot.choose(r.state, 0, r.moves);
    const { iterations, steps, key } = bot.last!.result!;
    expect(iterations).toBeGreaterThan(1);
    expect(steps).toBeGreaterThanOrEqual(3000);
    const counted = ismctsBot({ seed: 1, seat: 0, budget: { playouts: iterations } });
    expect(counted.choose(r.state, 0, r.moves)).toEqual(chosen);
    expect(counted.last!.result).toMatchObject({ iterations, steps, key });
    // One move more to spend than it played, and it starts another iteration.
    const more = ismctsBot({ seed: 1, seat: 0, budget: { steps: steps + 1 } });
    more.choose(r.state, 0, r.moves);
    expect(more.last!.result!.iterations).toBeGreaterThan(iterations);
  });

  it('stops a time budget on its clock', () => {
    const r = record('classic', 2, 8)!;
    let t = 0;
    const bot = ismctsBot({ seed: 1, seat: 0, budget: { ms: 10 }, now: () => (t += 1) });
    bot.choose(r.state, 0, r.moves);
    // The clock is read at the start (1), then before each iteration after the first: 2..10 go on, 11 stops.
    expect(bot.last?.iterations).toBe(10);
    expect(() => ismctsBot({ seed: 1, seat: 0, budget: { ms: 10 } })).toThrow(/needs a clock/);
  });

  it('reads budgets as playouts or milliseconds, and says what is wrong', () => {
    expect(parseBudget('300')).toEqual({ playouts: 300 });
    expect(parseBudget('150ms')).toEqual({ ms: 150 });
    expect(parseBudget('50000steps')).toEqual({ steps: 50000 });
    for (const bad of ['0', '-3', 'fast', '2s', '1e3', '', 'steps', '5 steps'])
      expect(parseBudget(bad)).toEqual({ error: expect.stringMatching(/is not a budget: give playouts \(300\), steps \(50000steps\) or milliseconds \(150ms\)/) });
  });
});

/**
 * Invariants over many seeded bot games: cards are conserved after every move, the launcher and
 * the game agree on the supply, every game ends, legal moves are accepted and everything else
 * is refused without changing the state.
 */
import { expect } from 'vitest';
import { Rng, seedRng } from '../../lib/rng.ts';
import { FastLauncher } from '../../emulator/api.ts';
import { resolveProfile } from '../../emulator/profiles.ts';
import { ismctsBot, makeBots } from '../../game/bots/index.ts';
import { buildDeck, COLOURS, type CardId } from '../../game/cards.ts';
import { applyMove } from '../../game/engine.ts';
import { legalMoves } from '../../game/legal.ts';
import type { Options } from '../../game/rules.ts';
import { runRoundSync, sameCards } from '../../game/runner.ts';
import { createGame } from '../../game/setup.ts';
import type { GameState, Move } from '../../game/state.ts';

/** Sum and xor of a random word per card: a cheap fingerprint of a multiset of cards. */
function fingerprint(words: Map<CardId, number>, piles: readonly (readonly CardId[])[]): string {
  let sum = 0;
  let xor = 0;
  let n = 0;
  for (const pile of piles)
    for (const id of pile) {
      const w = words.get(id);
      if (w === undefined) throw new Error(`card ${id} is not in the deck`);
      sum = (sum + w) | 0;
      xor ^= w;
      n++;
    }
  return `${n}:${sum}:${xor}`;
}

const TYPES = ['play', 'press', 'draw', 'pass', 'launcher', 'colour', 'challenge', 'accept', 'uno', 'catch'] as const;

/** A random move, mostly nonsense, sometimes legal. */
function randomMove(rng: Rng, s: GameState, deck: readonly CardId[]): Move {
  const seat = rng.int(s.players + 1) - (rng.chance(0.05) ? 1 : 0);
  const type = TYPES[rng.int(TYPES.length)];
  const any = deck[rng.int(deck.length)];
  const own = s.hands[seat]?.length ? s.hands[seat][rng.int(s.hands[seat].length)] : any;
  const m = { type, seat } as Move & Record<string, unknown>;
  if (type === 'play') {
    m.card = rng.chance(0.8) ? own : any;
    if (rng.chance(0.5)) m.colour = COLOURS[rng.int(4)];
    if (rng.chance(0.3)) m.target = rng.int(s.players);
    if (rng.chance(0.2)) m.uno = true;
  }
  if (type === 'launcher') (m.cards = rng.chance(0.5) ? s.supply.slice(1, 2) : [any]), (m.fired = true);
  if (type === 'colour') m.colour = rng.chance(0.9) ? COLOURS[rng.int(4)] : 'purple';
  if (type === 'catch') m.target = rng.int(s.players);
  return m;
}

/** A launcher answer with cards is legal whenever they are the supply's next cards: legalMoves lists it once, empty. */
function listed(s: GameState, moves: readonly Move[], m: Move): boolean {
  if (m.type === 'launcher' && !m.cards.every((id, i) => s.supply[i] === id)) return false;
  const key = JSON.stringify(m.type === 'launcher' ? { ...m, cards: [], fired: false } : m);
  return moves.some((x) => JSON.stringify(x) === key);
}

/** The seeds' other readings turned on, in the rule sets where their cards are: `[rules, what, options]`. */
export const READINGS_ON: [string, string, Partial<Options>][] = [
  ['classic', "the seeds' other readings: +2s stacking alone, 0 swapping and 7 passing hands either way or not at all, an illegal +4 taken back",
    { stacking: true, stackTwosOnly: true, sevenZero: true, zeroSwaps: true, sevenZeroOptional: true, wild4TakenBack: true, drawDealer: true }],
  ['extreme-2010', "the seeds' other readings: a Coup Extrême skipping a seat, Hit 2s stacking alone, an optional 7",
    { coupExtremeSkips: true, stacking: true, stackTwosOnly: true, sevenZero: true, sevenZeroOptional: true }],
  ['extreme-fr', 'the Hit-Fire colour named by the next player to play', { hitFireColour: 'next' }],
];

/**
 * Plays `games` seeded rounds of a rule set and checks every invariant along the way. `ismcts`:
 * one seat (going round the table) is the search bot on a small budget, the others mixed, and
 * its view of the round must follow every move (it never has to start again from a state).
 */
export function checkRuleSet(rules: string, games: number, options: Partial<Options> = {}, bots: 'mixed' | 'heuristic' | 'ismcts' = 'mixed'): { moves: number } {
  let total = 0;
  for (let g = 0; g < games; g++) {
    const players = 2 + (g % 5);
    const start = createGame({ rules, options, players, seed: g, log: false });
    const deck = buildDeck(start.rules.deck);
    const wordRng = new Rng(seedRng('words'));
    const words = new Map(deck.map((id) => [id, wordRng.u32() | 0]));
    const expected = fingerprint(words, [deck]);
    const launcher = start.rules.options.launcher ? new FastLauncher(resolveProfile(start.rules.profile ?? 'seed-0-8'), seedRng(g, 1)) : null;
    const kinds = bots === 'heuristic' ? 'heuristic' : g % 3 === 0 ? 'random' : g % 3 === 1 ? 'heuristic' : (['random', 'heuristic', 'heuristic', 'random', 'heuristic', 'random'] as const).slice(0, players);
    const table = makeBots(players, g, kinds);
    const searcher = bots === 'ismcts' ? ismctsBot({ seed: g, seat: g % players, budget: { playouts: 6 } }) : null;
    if (searcher) table[g % players] = searcher;
    const rng = new Rng(seedRng(g, 2));
    let steps = 0;
    const check = (s: GameState, loaded = true) => {
      // Plain checks in the hot path: expect() costs more than a move.
      const got = fingerprint(words, [...s.hands, s.discard, s.supply]);
      if (got !== expected) throw new Error(`${rules} game ${g}: cards not conserved (${got} ≠ ${expected})`);
      if (loaded && launcher && !sameCards(launcher.supply, s.supply)) throw new Error(`${rules} game ${g}: the launcher and the game disagree on the supply`);
      for (let i = 0; i < s.players; i++) if (s.out[i] && s.hands[i].length) throw new Error(`seat ${i} is out but holds cards`);
    };
    check(start, false);
    const { state } = runRoundSync(start, launcher, table, {
      maxMoves: 20_000,
      onStep(s) {
        check(s);
        if (++steps % 5 !== 0 || s.winner !== null) return;
        const moves = legalMoves(s);
        // Every listed move is accepted (a sample of positions).
        if (steps % 15 === 0) for (const m of moves) if (!applyMove(s, m).ok) throw new Error(`${rules} game ${g}: listed move refused ${JSON.stringify(m)}`);
        // Random moves: accepted exactly when listed, and a refusal leaves the state as it was.
        for (let k = 0; k < 3; k++) {
          const m = randomMove(rng, s, deck);
          const before = steps % 25 === 0 ? JSON.stringify(s) : '';
          const r = applyMove(s, m);
          if (r.ok !== listed(s, moves, m)) throw new Error(`${rules} game ${g}: ${JSON.stringify(m)} ${r.ok ? 'accepted but not listed' : `listed but refused: ${!r.ok && r.error.message}`}`);
          if (!r.ok && r.error.message.length < 10) throw new Error(`an unclear refusal: ${r.error.message}`);
          if (before && JSON.stringify(s) !== before) throw new Error(`${rules} game ${g}: a refused move changed the state`);
        }
      },
    });
    expect(state.winner).not.toBeNull();
    expect(state.hands[state.winner!]).toEqual([]);
    if (searcher) expect(searcher.view?.restarts, `${rules} game ${g}: the search bot's view lost the round`).toBe(0);
    total += steps;
  }
  return { moves: total };
}

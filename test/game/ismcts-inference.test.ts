import { describe, expect, it } from 'vitest';
import { FastLauncher } from '../../emulator/api.ts';
import { resolveProfile } from '../../emulator/profiles.ts';
import { heuristicBot, makeBots, type Bot } from '../../game/bots/index.ts';
import { PRESSED_THOUGH_PLAYABLE } from '../../game/bots/ismcts/inference.ts';
import { SeatView } from '../../game/bots/ismcts/view.ts';
import { card, type CardId } from '../../game/cards.ts';
import { fits, topCard } from '../../game/play.ts';
import { runRoundSync } from '../../game/runner.ts';
import { createGame } from '../../game/setup.ts';
import type { GameEvent, GameState, Move } from '../../game/state.ts';
import { Rng, seedRng } from '../../lib/rng.ts';

/** A card that could be laid on `table`'s top card and colour on an ordinary turn. */
function playableOn(table: GameState, id: CardId): boolean {
  return fits(card(id), table.colour, topCard(table));
}

/**
 * Plays an `extreme` round of heuristic bots, `bots` replacing some, with seat 0 a heuristic
 * bot that keeps a {@link SeatView}; `look` is called after every move seat 0 is shown, with the
 * state before it (a copy).
 */
function watch(seed: number, look: (view: SeatView, before: GameState, move: Move, after: GameState) => void, bots: Record<number, Bot> = {}): SeatView {
  const start = createGame({ rules: 'extreme', players: 4, seed, log: false });
  const launcher = new FastLauncher(resolveProfile(start.rules.profile ?? 'seed-0-8'), seedRng(seed, 1));
  const table = makeBots(4, seed, 'heuristic');
  for (const [seat, bot] of Object.entries(bots)) table[Number(seat)] = bot;
  const view = new SeatView(0);
  let before: GameState | null = null;
  const own = table[0];
  table[0] = {
    name: 'watcher',
    observe(state: GameState, move: Move | null, events: readonly GameEvent[]) {
      view.observe(state, move, events);
      if (move && before) look(view, before, move, state);
      before = structuredClone(state);
    },
    choose: (state, seat, moves) => own.choose(state, seat, moves),
    react: (state, seat, moves) => own.react(state, seat, moves),
  };
  runRoundSync(start, launcher, table);
  return view;
}

/** A sample's hands and supply are the cards seat 0 cannot see, each once, in the table's counts. */
function expectWhole(view: SeatView, state: GameState, rng: Rng): CardId[][] {
  const s = view.sample(rng);
  for (let seat = 1; seat < state.players; seat++) expect(s.hands[seat].length).toBe(state.hands[seat].length);
  expect(s.supply.length).toBe(state.supply.length);
  const dealt = [...s.hands.flat(), ...s.supply].sort();
  const hidden = [...state.hands.slice(1).flat(), ...state.supply].sort();
  expect(dealt).toEqual(hidden);
  return s.hands;
}

describe('what the ISMCTS view infers from the players\' choices', () => {
  it('deals a player who pressed on their turn none of the cards they could have played then', () => {
    let presses = 0;
    let kept = 0;
    let uniform = 0;
    let samples = 0;
    for (const seed of [1, 2, 3, 4]) {
      const rng = new Rng(seedRng(seed, 9));
      watch(seed, (view, before, move, after) => {
        // A press on one's turn, before the launcher answers: the hand is what was held.
        if (move.type !== 'press' || move.seat === 0 || before.pending !== null) return;
        presses++;
        // The heuristic bot presses only when it cannot play: the truth agrees with the inference.
        expect(after.hands[move.seat].some((id) => playableOn(before, id))).toBe(false);
        const hidden = [...after.hands.slice(1).flat(), ...after.supply];
        for (let k = 0; k < 20; k++) {
          samples++;
          if (!expectWhole(view, after, rng)[move.seat].some((id) => playableOn(before, id))) kept++;
          // The same hand size drawn with no inference: what the constraint is measured against.
          if (!rng.shuffle(hidden).slice(0, after.hands[move.seat].length).some((id) => playableOn(before, id))) uniform++;
        }
      });
    }
    expect(presses).toBeGreaterThan(10);
    // Every sample keeps it but the few in which the seat is drawn as if it might have kept a card back.
    expect(kept / samples).toBeGreaterThan(1 - 3 * PRESSED_THOUGH_PLAYABLE);
    expect(uniform / samples).toBeLessThan(0.5);
  });

  it('deals a player who played a wild with cards to spare no coloured card they could have played', () => {
    let wilds = 0;
    let wrong = 0;
    let kept = 0;
    let uniform = 0;
    let samples = 0;
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const rng = new Rng(seedRng(seed, 12));
      watch(seed, (view, before, move, after) => {
        if (move.type !== 'play' || move.seat === 0 || before.pending !== null || card(move.card).colour !== null) return;
        const hand = after.hands[move.seat];
        if (hand.length < 2) return;
        wilds++;
        const coloured = (ids: readonly CardId[]) => ids.some((id) => card(id).colour !== null && playableOn(before, id));
        // The heuristic bot keeps its wilds while another card plays (but for a Coup Extrême over a lone Discard All, say).
        if (coloured(hand)) wrong++;
        const hidden = [...after.hands.slice(1).flat(), ...after.supply];
        for (let k = 0; k < 20; k++) {
          samples++;
          if (!coloured(expectWhole(view, after, rng)[move.seat])) kept++;
          if (!coloured(rng.shuffle(hidden).slice(0, hand.length))) uniform++;
        }
      });
    }
    expect(wilds).toBeGreaterThan(5);
    expect(wrong).toBeLessThanOrEqual(wilds / 10);
    expect(kept / samples).toBeGreaterThan(1 - 3 * PRESSED_THOUGH_PLAYABLE);
    expect(uniform / samples).toBeLessThan(0.6);
  });

  it('deals a player who named a colour a card of that colour', () => {
    let named = 0;
    let kept = 0;
    let uniform = 0;
    let samples = 0;
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const rng = new Rng(seedRng(seed, 11));
      watch(seed, (view, _before, move, after) => {
        // A wild played, a few cards kept: a uniform draw of so few often misses the colour.
        if (move.type !== 'play' || move.seat === 0 || move.colour === undefined) return;
        const hand = after.hands[move.seat].length;
        if (hand < 1 || hand > 3) return;
        named++;
        const hidden = [...after.hands.slice(1).flat(), ...after.supply];
        const has = (ids: readonly CardId[]) => ids.some((id) => card(id).colour === move.colour);
        for (let k = 0; k < 20; k++) {
          samples++;
          if (has(expectWhole(view, after, rng)[move.seat])) kept++;
          if (has(rng.shuffle(hidden).slice(0, hand))) uniform++;
        }
      });
    }
    expect(named).toBeGreaterThan(5);
    expect(kept / samples).toBeGreaterThan(1 - 3 * PRESSED_THOUGH_PLAYABLE);
    expect(uniform / samples).toBeLessThan(0.75);
  });

  it('goes on drawing whole rounds when a player presses though they could play, and plays the card later', () => {
    // Presses on its first eight turns whatever it holds (its first cards soon banned from every colour), then plays as the heuristic bot does.
    const bluffer = (seat: number, seed: number): Bot => {
      const h = heuristicBot({ seed, seat });
      let turns = 0;
      return {
        name: 'bluffer',
        choose(state, s, moves) {
          const press = moves.find((m) => m.type === 'press');
          if (press && state.pending === null && turns++ < 8) return press;
          return h.choose(state, s, moves);
        },
        react: (state, s, moves) => h.react(state, s, moves),
      };
    };
    let bluffs = 0;
    let shown = 0;
    for (const seed of [1, 2, 3, 5, 8]) {
      const rng = new Rng(seedRng(seed, 10));
      const heldAtBluff = new Set<CardId>();
      const view = watch(seed, (v, before, move, after) => {
        if (move.type === 'press' && move.seat === 1 && before.pending === null && before.hands[1].some((id) => playableOn(before, id))) {
          bluffs++;
          for (const id of before.hands[1]) heldAtBluff.add(id);
        }
        if (move.type === 'play' && move.seat === 1 && heldAtBluff.has(move.card)) shown++;
        expectWhole(v, after, rng);
      }, { 1: bluffer(1, seed) });
      expect(view.restarts).toBe(0);
    }
    expect(bluffs).toBeGreaterThan(3);
    expect(shown).toBeGreaterThan(3);
  });
});

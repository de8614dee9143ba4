import { describe, expect, it } from 'vitest';
import { FastLauncher } from '../../emulator/api.ts';
import { resolveProfile } from '../../emulator/profiles.ts';
import { heuristicBot, makeBots, type Bot } from '../../game/bots/index.ts';
import { HandReadings, PRESSED_THOUGH_PLAYABLE } from '../../game/bots/ismcts/inference.ts';
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

/** What {@link readingHolds} found: moments read, and how often a hand kept the reading. */
interface Rates {
  moments: number;
  /** The truth broke the reading (the heuristic bot's hand did not keep it). */
  wrong: number;
  /** Shares of samples whose hand keeps it, from the view and from a uniform draw of the same size. */
  kept: number;
  uniform: number;
}

/**
 * Over `seeds` rounds, at every move `moment` picks (it gives the seat the reading is about),
 * 20 samples of the view, and as many uniform draws of that seat's hand from the hidden cards:
 * how often `holds` the seat's hand (sampled, uniform and true) keeps what the move told.
 */
function readingHolds(seeds: number[], moment: (before: GameState, move: Move, after: GameState) => number | null, holds: (hand: readonly CardId[], before: GameState, move: Move) => boolean): Rates {
  const r = { moments: 0, wrong: 0, kept: 0, uniform: 0 };
  let samples = 0;
  for (const seed of seeds) {
    const rng = new Rng(seedRng(seed, 9));
    watch(seed, (view, before, move, after) => {
      const seat = moment(before, move, after);
      if (seat === null) return;
      r.moments++;
      if (!holds(after.hands[seat], before, move)) r.wrong++;
      const hidden = [...after.hands.slice(1).flat(), ...after.supply];
      for (let k = 0; k < 20; k++) {
        samples++;
        if (holds(expectWhole(view, after, rng)[seat], before, move)) r.kept++;
        // The same hand size drawn with no inference: what the reading is measured against.
        if (holds(rng.shuffle(hidden).slice(0, after.hands[seat].length), before, move)) r.uniform++;
      }
    });
  }
  return { ...r, kept: r.kept / samples, uniform: r.uniform / samples };
}

/** Every sample keeps a reading but the few in which the seat is drawn as if it might have kept a card back. */
const KEPT = 1 - 3 * PRESSED_THOUGH_PLAYABLE;

describe('what the ISMCTS view infers from the players\' choices', () => {
  it('deals a player who pressed on their turn none of the cards they could have played then', () => {
    // A press on one's turn, before the launcher answers: the hand is what was held.
    const r = readingHolds([1, 2, 3, 4], (before, move) => (move.type === 'press' && move.seat !== 0 && before.pending === null ? move.seat : null), (hand, before) => !hand.some((id) => playableOn(before, id)));
    expect(r.moments).toBeGreaterThan(10);
    // The heuristic bot presses only when it cannot play: the truth agrees with the inference.
    expect(r.wrong).toBe(0);
    expect(r.kept).toBeGreaterThan(KEPT);
    expect(r.uniform).toBeLessThan(0.5);
  });

  it('deals a player who played a wild with cards to spare no coloured card they could have played', () => {
    const r = readingHolds(
      [1, 2, 3, 4, 5, 6, 7, 8],
      (before, move, after) => (move.type === 'play' && move.seat !== 0 && before.pending === null && card(move.card).colour === null && after.hands[move.seat].length >= 2 ? move.seat : null),
      (hand, before) => !hand.some((id) => card(id).colour !== null && playableOn(before, id)),
    );
    expect(r.moments).toBeGreaterThan(5);
    // The heuristic bot keeps its wilds while another card plays (but for a Coup Extrême over a lone Discard All, say).
    expect(r.wrong).toBeLessThanOrEqual(r.moments / 10);
    expect(r.kept).toBeGreaterThan(KEPT);
    expect(r.uniform).toBeLessThan(0.6);
  });

  it('deals a player who named a colour a card of that colour', () => {
    // A wild played, a few cards kept: a uniform draw of so few often misses the colour.
    const r = readingHolds(
      [1, 2, 3, 4, 5, 6, 7, 8],
      (_before, move, after) => (move.type === 'play' && move.seat !== 0 && move.colour !== undefined && after.hands[move.seat].length >= 1 && after.hands[move.seat].length <= 3 ? move.seat : null),
      (hand, _before, move) => move.type === 'play' && hand.some((id) => card(id).colour === move.colour),
    );
    expect(r.moments).toBeGreaterThan(5);
    expect(r.kept).toBeGreaterThan(KEPT);
    expect(r.uniform).toBeLessThan(0.75);
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

  it('reads a colour named from the deck\'s own cards, whatever serials the process gave other decks\' cards', () => {
    // Serials number every card a thread has met (a server's thread may have played other rule
    // sets first): here the deck is serials 10, 20, 30 and 40 of a ban list with room for 41.
    const bans = (...serials: number[]) => {
      const b = new Uint8Array(41);
      for (const n of serials) b[n] = 1;
      return b;
    };
    const r = new HandReadings();
    r.reset(2, [10, 20, 30, 40]);
    // Seat 1, holding one card, could not play 10 or 20; then named the colour only 10 has.
    r.couldNotPlay(1, 1, bans(10, 20));
    r.namedColour(1, 1, bans(20, 30, 40));
    // No card of the deck is both: the reading stays as it was, not a tranche that no card fits.
    expect(r.of(1).map((t) => [t.count, t.bans])).toEqual([[1, 2]]);
  });
});

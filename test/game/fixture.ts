/**
 * One-line fixtures: a round built from a compact description of rigged cards, e.g.
 * `fixture({ hands: ['R5 R7 W', 'G2 B3'], top: 'R3', supply: 'G4 B9' })`. Codes get serials
 * (`R5` → `R5#1`, the next `R5` → `R5#2`) unless written with one; `*` is the rest of the deck.
 */
import { expect } from 'vitest';
// The refusals' English messages these tests match: the library's words (game/index.ts loads them).
import '../../words/refusals.ts';
import { card, type CardId, type Colour } from '../../game/cards.ts';
import { applyMove } from '../../game/engine.ts';
import { createFromPosition } from '../../game/position.ts';
import type { Options } from '../../game/rules.ts';
import type { GameEvent, GameState, Move, Pending } from '../../game/state.ts';

export interface FixtureDesc {
  rules?: string;
  options?: Partial<Options>;
  /** One string of codes per seat. */
  hands: string[];
  /** The top card of the discard pile. */
  top: string;
  /** Cards under the top card, bottom first. */
  under?: string;
  /** Launcher or draw pile, next card out first. */
  supply?: string;
  /** Current colour (default: the top card's). */
  colour?: Colour;
  turn?: number;
  direction?: 1 | -1;
  dealer?: number;
  out?: boolean[];
  pending?: Pending;
}

/**
 * Builds the rigged round with the library's position builder (every card of the deck once):
 * the cards not written lie at the bottom of the discard pile, under `under`, unless the
 * description puts `*` (the rest of the deck) elsewhere.
 */
export function fixture(f: FixtureDesc): GameState {
  const words = (text = '') => text.split(/\s+/).filter(Boolean);
  const top = words(f.top);
  const written = [...f.hands, f.under, f.supply].some((t) => words(t).includes('*'));
  const r = createFromPosition({
    rules: f.rules ?? 'extreme', options: f.options, hands: f.hands.map((h) => words(h)), out: f.out,
    discard: [...(written ? [] : ['*']), ...words(f.under), ...top], supply: words(f.supply),
    // A wild on top needs a colour: red, unless the test waits for one to be named.
    colour: f.colour ?? (card(top[0].includes('#') ? top[0] : `${top[0]}#1`).colour === null && !namesColour(f.pending) ? 'red' : undefined),
    turn: f.turn ?? 0, direction: f.direction, dealer: f.dealer ?? f.hands.length - 1, pending: f.pending, seed: 'fixture',
  });
  if (!r.ok) throw new Error(`fixture: ${r.error.message}`);
  return r.state;
}

function namesColour(p: Pending | undefined): boolean {
  return p?.kind === 'colour';
}

/** Applies moves that must be legal; returns the last state and every event. */
export function play(state: GameState, ...moves: Move[]): { state: GameState; events: GameEvent[] } {
  const events: GameEvent[] = [];
  for (const m of moves) {
    const r = applyMove(state, m);
    if (!r.ok) throw new Error(`${JSON.stringify(m)} refused: ${r.error.message}`);
    state = r.state;
    events.push(...r.events);
  }
  return { state, events };
}

/** Answers the pending press with the next `n` cards of the supply. */
export function answer(state: GameState, n: number): GameState {
  const p = state.pending;
  if (p?.kind !== 'press') throw new Error(`no press pending: ${JSON.stringify(p)}`);
  return play(state, { type: 'launcher', seat: p.seat, cards: state.supply.slice(0, n), fired: n > 0 }).state;
}

/** Expects a move to be refused with `code` (and a message matching `message`), leaving the state as it was. */
export function refused(state: GameState, m: Move, code: string, message?: RegExp | string): void {
  const before = JSON.stringify(state);
  const r = applyMove(state, m);
  expect(r.ok).toBe(false);
  if (r.ok) return;
  expect(r.error.code).toBe(code);
  if (message) expect(r.error.message).toMatch(message);
  expect(JSON.stringify(state)).toBe(before);
}

/** A hand as codes (`R5 W`), for short assertions. */
export function codes(ids: readonly CardId[]): string {
  return ids.map((id) => card(id).code).join(' ');
}

/**
 * One-line fixtures: a round built from a compact description of rigged cards, e.g.
 * `fixture({ hands: ['R5 R7 W', 'G2 B3'], top: 'R3', supply: 'G4 B9' })`. Codes get serials
 * (`R5` → `R5#1`, the next `R5` → `R5#2`) unless written with one.
 */
import { expect } from 'vitest';
import { seedRng } from '../../lib/rng.ts';
import { card, type CardId, type Colour } from '../../game/cards.ts';
import { applyMove } from '../../game/engine.ts';
import type { Options } from '../../game/rules.ts';
import { resolveRules } from '../../game/setup.ts';
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

/** Builds the rigged round. */
export function fixture(f: FixtureDesc): GameState {
  const serial = new Map<string, number>();
  const ids = (text = ''): CardId[] =>
    text.split(/\s+/).filter(Boolean).map((code) => {
      if (code.includes('#')) return card(code).id;
      const n = (serial.get(code) ?? 0) + 1;
      serial.set(code, n);
      return card(`${code}#${n}`).id;
    });
  const hands = f.hands.map((h) => ids(h));
  const under = ids(f.under);
  const [top] = ids(f.top);
  const supply = ids(f.supply);
  const players = hands.length;
  return {
    schema: 1, rules: resolveRules(f.rules ?? 'extreme', f.options), seed: 'fixture', round: 0, players,
    rng: seedRng('fixture'), out: f.out ?? Array(players).fill(false), dealer: f.dealer ?? players - 1, dealerDrawn: null,
    hands, discard: [...under, top], supply, colour: f.colour ?? card(top).colour ?? 'red', direction: f.direction ?? 1,
    turn: f.turn ?? 0, pending: f.pending ?? null, uno: null, shown: false, scores: null, moves: 0, log: [], winner: null,
  };
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

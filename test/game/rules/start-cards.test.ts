import { describe, expect, it } from 'vitest';
import { buildDeck, card } from '../../../game/cards.ts';
import { createFromPosition } from '../../../game/position.ts';
import { createGame } from '../../../game/setup.ts';
import { deckKinds } from '../../../game/ruleFile.ts';
import { RULE_SETS } from '../../../game/rules.ts';
import type { GameState } from '../../../game/state.ts';
import { answer, play } from '../fixture.ts';

/** What happens after a start card, answering presses with nothing (Hit-Fire: one card) and colours with blue. */
function trace(state: GameState): string {
  const steps: string[] = [];
  for (let i = 0; state.pending && i < 20; i++) {
    const p = state.pending;
    steps.push(`${p.kind}@${p.seat}`);
    if (p.kind === 'press') state = answer(state, p.untilCards ? 1 : 0);
    else if (p.kind === 'colour') state = play(state, { type: 'colour', seat: p.seat, colour: 'blue' }).state;
    else throw new Error(`unexpected request ${p.kind}`);
  }
  steps.push(`turn@${state.turn}${state.direction === -1 ? ' right' : ''}`);
  return steps.join(' ');
}

/** A 4-seat deal, dealer 3 (left of the dealer: seat 0), with `code` turned up. */
function start(rules: string, code: string): string {
  const hands = [['R1'], ['R2'], ['R3'], ['R4']];
  const r = createFromPosition({ rules, hands, discard: ['*', code], supply: 'G1 G2 G3 G4 G5 G6 G7 G8'.split(' '), dealer: 3 }, { turnUp: true });
  if (!r.ok) throw new Error(r.error.message);
  const { state, events } = r;
  const top = state.discard.at(-1)!;
  expect(events[0]).toEqual({ type: 'start', card: top, dealer: 3 });
  if (card(top).kind === 'draw2') return `drew ${state.hands[0].length - 1}, turn@${state.turn}`;
  return trace(state);
}

const ATTACK_COMMON = {
  R5: 'turn@0',
  RR: 'turn@3 right',
  RS: 'turn@1',
  RH2: 'press@0 press@0 turn@1',
  RD: 'turn@0',
  W: 'colour@0 turn@0',
};

const TABLE: Record<string, Record<string, string>> = {
  extreme: { ...ATTACK_COMMON, CX: 'colour@0 turn@0' },
  'extreme-fr': {
    ...ATTACK_COMMON, RD: undefined!, RSH: 'turn@0',
    AH: 'colour@0 press@0 press@1 press@2 press@3 turn@0',
    HF: 'press@0 colour@0 turn@1',
  },
  'attack-1999': { ...ATTACK_COMMON, AH: 'colour@0 press@0 press@1 press@2 turn@0', HF: 'press@0 colour@0 turn@1' },
  'extreme-2010': { ...ATTACK_COMMON, CX: 'colour@0 turn@0', CU: 'colour@0 turn@0', H4: 'colour@0 press@0 press@0 press@0 press@0 turn@1' },
  classic: { R0: 'turn@0', RR: 'turn@3 right', RS: 'turn@1', W: 'colour@0 turn@0', 'R+2': 'drew 2, turn@1' },
  // Seed 002: on a Joker or a +4 the dealer names the colour; the +4 does nothing else (a ruling).
  'en-ligne': { R0: 'turn@0', RR: 'turn@3 right', RS: 'turn@1', W: 'colour@3 turn@0', W4: 'colour@3 turn@0', 'R+2': 'drew 2, turn@1', RP: 'turn@0' },
};

const REDRAWN: Record<string, string[]> = {
  'extreme-fr': ['tradeHands'],
  'attack-1999': ['tradeHands'],
  classic: ['wild4'],
};

describe('start cards', () => {
  for (const [rules, table] of Object.entries(TABLE)) {
    for (const [code, expected] of Object.entries(table)) {
      if (expected === undefined) continue;
      it(`${rules}: ${code} turned up → ${expected}`, () => expect(start(rules, code)).toBe(expected));
    }
  }

  for (const [rules, kinds] of Object.entries(REDRAWN)) {
    it(`${rules}: ${kinds.join(', ')} never starts the discard pile (it goes back into the deck)`, () => {
      const seen = new Set<string>();
      for (let seed = 0; seed < 400; seed++) {
        const g = createGame({ rules, players: 4, seed });
        seen.add(card(g.discard[0]).kind);
        expect(g.hands.flat().length + g.discard.length + g.supply.length).toBe(buildDeck(g.rules.deck).length);
      }
      for (const k of kinds) expect(seen.has(k)).toBe(false);
      expect(seen.size).toBeGreaterThan(3);
    });
  }

  it('every kind of every deck has a start rule that is tested or redrawn', () => {
    for (const [name, rules] of Object.entries(RULE_SETS)) {
      const tested = new Set(Object.entries(TABLE[name]).filter(([, v]) => v !== undefined).map(([code]) => card(code).kind));
      for (const k of deckKinds(rules)) expect(tested.has(k) || REDRAWN[name]?.includes(k), `${name}: ${k}`).toBe(true);
    }
  });
});

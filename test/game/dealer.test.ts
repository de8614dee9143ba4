import { describe, expect, it } from 'vitest';
import { Rng, seedRng } from '../../lib/rng.ts';
import { card } from '../../game/cards.ts';
import { chooseDealer, createGame } from '../../game/setup.ts';

describe('choosing the dealer and dealing', () => {
  it('the highest number deals; action cards count 0; ties draw again among the tied', () => {
    // Rigged deck: seats draw R3, B9, G9 (tie between seats 1 and 2), then R1, Y5.
    const order = ['R3#1', 'B9#1', 'G9#1', 'R1#1', 'Y5#1', 'RS#1'];
    const fake = { shuffle: <T>(x: readonly T[]) => x.slice() } as unknown as Rng;
    expect(chooseDealer(fake, order, [0, 1, 2])).toEqual({ dealer: 2, drawn: ['R3#1', 'B9#1', 'G9#1', 'R1#1', 'Y5#1'] });
    expect(chooseDealer(fake, ['RS#1', 'R1#1'], [0, 1]).dealer).toBe(1);
  });
  it('a chosen dealer drew the highest card', () => {
    for (let seed = 0; seed < 50; seed++) {
      const g = createGame({ players: 4, seed });
      const firstFour = g.dealerDrawn!.slice(0, 4).map((id) => card(id).number ?? 0);
      expect(firstFour[g.dealer]).toBe(Math.max(...firstFour));
    }
  });
  it('deals handSize cards to each player; a given dealer draws no card', () => {
    const g = createGame({ rules: 'classic', players: 5, seed: 3, dealer: 4, options: { handSize: 5 } });
    expect(g.hands.map((h) => h.length)).toEqual([5, 5, 5, 5, 5]);
    expect(g.dealerDrawn).toBeNull();
    expect(g.rng).not.toEqual(seedRng(3, 0));
  });
});

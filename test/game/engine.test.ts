import { describe, expect, it } from 'vitest';
import { applyMove } from '../../game/engine.ts';
import { legalMoves } from '../../game/legal.ts';
import { createGame } from '../../game/setup.ts';
import type { Move } from '../../game/state.ts';
import { fixture, play, refused } from './fixture.ts';

describe('engine', () => {
  it('refuses moves out of turn and from seats that do not play, with a clear message', () => {
    const s = fixture({ hands: ['R5 R7', 'G2', 'B3'], top: 'R3' });
    refused(s, { type: 'play', seat: 1, card: 'G2#1' }, 'not-your-turn', "not your turn: it is seat 0's turn");
    refused(s, { type: 'press', seat: 2 }, 'not-your-turn');
    refused(s, { type: 'play', seat: 7, card: 'G2#1' }, 'bad-move', 'seat 7 is not a player');
    refused(s, { type: 'play', seat: 0, card: 'G2#1' }, 'not-in-hand', 'seat 0 holds no card G2#1');
    refused(s, { type: 'pass', seat: 0 }, 'bad-move', 'nothing to pass');
    refused(s, { type: 'colour', seat: 0, colour: 'red' }, 'bad-move', 'nobody has to name a colour');
    refused(s, { type: 'launcher', seat: 0, cards: [], fired: false }, 'bad-move', 'nobody has to press');
    refused(s, { type: 'challenge', seat: 0 }, 'bad-move');
    refused(s, { type: 'shout', seat: 0 } as unknown as Move, 'bad-move', 'unknown move type "shout"');
    refused(s, { type: 'play', seat: 0, card: 'R5#1', target: 1 }, 'bad-move', 'takes no target');
    refused(s, { type: 'play', seat: 0, card: 'R5#1', colour: 'red' }, 'bad-move', 'does not name a colour');
  });
  it('a finished round refuses every move', () => {
    const { state } = play(fixture({ hands: ['R5', 'G2'], top: 'R3' }), { type: 'play', seat: 0, card: 'R5#1' });
    expect(state.winner).toBe(0);
    expect(legalMoves(state)).toEqual([]);
    refused(state, { type: 'press', seat: 1 }, 'game-over', 'the round is over: seat 0 went out');
  });
  it('states are plain data: JSON round-trips them exactly, and moves never change their input', () => {
    let s = createGame({ players: 3, seed: 5 });
    for (let i = 0; i < 40 && s.winner === null; i++) {
      const before = JSON.stringify(s);
      expect(JSON.parse(before)).toEqual(s);
      const m = legalMoves(s).find((x) => x.type !== 'uno' && x.type !== 'catch')!;
      const r = applyMove(s, m.type === 'launcher' ? { ...m, cards: s.supply.slice(0, i % 3), fired: i % 3 > 0 } : m);
      expect(r.ok).toBe(true);
      expect(JSON.stringify(s)).toBe(before);
      if (r.ok) s = r.state;
    }
    expect(s.moves).toBeGreaterThan(0);
    expect(s.log).toHaveLength(s.moves);
  });
  it('createGame checks its setup and names the field', () => {
    expect(() => createGame({ players: 1, seed: 1 })).toThrow('players: must be a whole number from 2 to 10');
    expect(() => createGame({ players: 4, seed: 1, options: { handSize: 0 } })).toThrow('options.handSize: must be a whole number from 1 to 15');
    expect(() => createGame({ players: 10, seed: 1, options: { handSize: 15 } })).toThrow(/deck: 108 cards cannot deal 15 to 10 players/);
    expect(() => createGame({ players: 3, seed: 1, options: { teams: true } })).toThrow(/teams: partners need 4, 6 or 8 players/);
  });
});

import { describe, expect, it } from 'vitest';
import { FastLauncher } from '../../emulator/api.ts';
import { resolveProfile } from '../../emulator/profiles.ts';
import { firstBot, heuristicBot, leader, makeBots, randomBot, strongestColour } from '../../game/bots/index.ts';
import type { Bot } from '../../game/bots/types.ts';
import { card } from '../../game/cards.ts';
import { matches } from '../../game/play.ts';
import { legalMoves } from '../../game/legal.ts';
import { runRoundSync } from '../../game/runner.ts';
import { createGame } from '../../game/setup.ts';
import type { GameEvent, Move } from '../../game/state.ts';
import { fixture } from './fixture.ts';

const choose = (s: ReturnType<typeof fixture>, forgetUno = 0): Move => heuristicBot({ seed: 1, seat: s.turn, forgetUno }).choose(s, s.turn, legalMoves(s).filter((m) => m.seat === s.turn));

describe('heuristic bot', () => {
  it('keeps its wild when a coloured card plays', () => {
    expect(choose(fixture({ hands: ['W R7 G1 B2', 'G2 G3'], top: 'R3' }))).toMatchObject({ card: 'R7#1' });
  });
  it('names its strongest colour', () => {
    expect(strongestColour(fixture({ hands: ['B1 B2 R9', 'G2'], top: 'R3' }).hands[0])).toBe('blue');
    expect(choose(fixture({ hands: ['W B1 B2', 'G2 G3'], top: 'R3' }))).toMatchObject({ card: 'W#1', colour: 'blue' });
  });
  it('aims Coup Extrême at the leader: fewest cards, then highest total', () => {
    const s = fixture({ hands: ['CX Y1 Y2', 'G2 G3 G4', 'B3', 'R1 R2'], top: 'R3', colour: 'blue' });
    expect(leader(s, 0)).toBe(2);
    expect(choose(s)).toMatchObject({ card: 'CX#1', target: 2 });
    const tied = { ...fixture({ hands: ['CX Y1', 'G2', 'B3', 'R1 R2'], top: 'R3', colour: 'blue' }), scores: [0, 10, 300, 0] };
    expect(leader(tied, 0)).toBe(2);
  });
  it('with zeroSwaps, passes the hands with its 7 the way that gives it the smaller hand', () => {
    const options = { sevenZero: true, zeroSwaps: true };
    // Seat 3 (right) holds one card, seat 1 (left) four: passing left brings seat 3's hand.
    expect(choose(fixture({ rules: 'classic', options, hands: ['R7 R1 R2 G5', 'G2 G3 G4 G6', 'B1 B2', 'Y1'], top: 'R3' }))).toMatchObject({ card: 'R7#1', target: 1 });
    expect(choose(fixture({ rules: 'classic', options, hands: ['R7 R1 R2 G5', 'G2', 'B1 B2', 'Y1 Y2 Y3 Y4'], top: 'R3' }))).toMatchObject({ card: 'R7#1', target: 3 });
  });
  it('lays Discard All when it takes other cards along, keeps it otherwise', () => {
    expect(choose(fixture({ hands: ['RD R1 R2 G5', 'G2 G3'], top: 'R3' }))).toMatchObject({ card: 'RD#1' });
    expect(choose(fixture({ hands: ['RD G3 G5', 'G2 G3'], top: 'R3' }))).toMatchObject({ card: 'G3#1' });
  });
  it('calls UNO unless it forgets', () => {
    const s = fixture({ hands: ['R5 G7', 'G2 G3'], top: 'R3' });
    expect(choose(s, 0)).toMatchObject({ card: 'R5#1', uno: true });
    expect(choose(s, 1)).not.toHaveProperty('uno');
  });
});

describe('first-playable bot (the benchmark peer\'s policy)', () => {
  it('plays the first card of its hand that plays, a wild as red, with its UNO call', () => {
    const mine = (s: ReturnType<typeof fixture>) => legalMoves(s).filter((m) => m.seat === s.turn);
    const s = fixture({ hands: ['G1 R7 W R2', 'G2 G3'], top: 'R3' });
    expect(firstBot().choose(s, 0, mine(s))).toEqual({ type: 'play', seat: 0, card: 'R7#1' });
    const wild = fixture({ hands: ['G1 W', 'G2 G3'], top: 'R3' });
    expect(firstBot().choose(wild, 0, mine(wild))).toEqual({ type: 'play', seat: 0, card: 'W#1', colour: 'red', uno: true });
  });
  it('at a classic table: the first matching card of the hand, else draws and plays what it drew if it can; accepts a +4', () => {
    let decisions = 0;
    for (let seed = 0; seed < 30; seed++) {
      const s = createGame({ rules: 'classic', players: 4, seed });
      // Each choice checked against the peer's policy (bench/peer.js), worked out from the state.
      const checked = (inner: Bot): Bot => ({
        name: inner.name,
        react: inner.react,
        choose(state, seat, moves) {
          const m = inner.choose(state, seat, moves);
          decisions++;
          const p = state.pending;
          if (p?.kind === 'challenge') expect(m.type).toBe('accept');
          else if (p?.kind === 'colour') expect(m).toMatchObject({ type: 'colour', colour: 'red' });
          else {
            const hand = p?.kind === 'drawn' ? [p.card] : state.hands[seat];
            const first = hand.find((id) => matches(state, card(id)));
            if (first === undefined) expect(m.type).toBe(p?.kind === 'drawn' ? 'pass' : 'draw');
            else {
              expect(m).toMatchObject({ type: 'play', card: first });
              if (card(first).colour === null) expect(m).toMatchObject({ colour: 'red' });
              expect(m.type === 'play' && m.uno === true).toBe(state.rules.options.unoCall && state.hands[seat].length === 2);
            }
          }
          return m;
        },
      });
      const bots = makeBots(4, seed, 'first').map(checked);
      expect(bots.every((b) => b.name === 'first')).toBe(true);
      runRoundSync(s, null, bots);
    }
    expect(decisions).toBeGreaterThan(1000);
  });
});

describe('bots at the table', () => {
  it('forget UNO sometimes and catch each other, so the rule is played', () => {
    const counts = { uno: 0, caught: 0, late: 0 };
    for (let seed = 0; seed < 60; seed++) {
      const s = createGame({ players: 4, seed });
      const bots = makeBots(4, seed, seed % 2 ? 'random' : 'heuristic', { forgetUno: 0.3 });
      runRoundSync(s, new FastLauncher(resolveProfile('seed-0-8'), seed), bots, {
        onStep: (_st, m, events: readonly GameEvent[]) => {
          if (m.type === 'uno') counts.late++;
          for (const e of events) if (e.type === 'uno') counts.uno++;
          for (const e of events) if (e.type === 'caught') counts.caught++;
        },
      });
    }
    expect(counts.uno).toBeGreaterThan(20);
    expect(counts.caught).toBeGreaterThan(3);
    expect(counts.late).toBeGreaterThan(0);
  });
  it('the same seed gives the same choices', () => {
    const s = createGame({ rules: 'classic', players: 3, seed: 5 });
    const moves = legalMoves(s).filter((m) => m.seat === s.turn);
    const pick = () => randomBot({ seed: 5, seat: s.turn }).choose(s, s.turn, moves);
    expect(pick()).toEqual(pick());
  });
});

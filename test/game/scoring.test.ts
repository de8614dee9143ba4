import { describe, expect, it } from 'vitest';
import { applyMatchMove, createMatch, nextRound, withRound, type MatchState } from '../../game/match.ts';
import { legalMoves } from '../../game/legal.ts';
import { roundPoints } from '../../game/scoring.ts';
import { fixture, play } from './fixture.ts';

const won = (options = {}) =>
  play(fixture({ options, hands: ['R5', 'G2 CX', 'B3 RH2', 'Y9 Y1'], top: 'R3' }), { type: 'play', seat: 0, card: 'R5#1' }).state;

describe('round scoring', () => {
  it('standard: the winner scores every other hand', () => {
    expect(roundPoints(won())).toEqual([2 + 50 + 3 + 20 + 9 + 1, 0, 0, 0]);
  });
  it('partners: the team scores the opponents’ hands, both partners credited', () => {
    expect(roundPoints(won({ teams: true }))).toEqual([52 + 10, 0, 52 + 10, 0]);
  });
  it('challenge and lowest: every player scores their own hand', () => {
    expect(roundPoints(won({ scoring: 'challenge' }))).toEqual([0, 52, 23, 10]);
    expect(roundPoints(won({ scoring: 'lowest' }))).toEqual([0, 52, 23, 10]);
  });
});

/** Ends the current round at once by giving it a finished state with chosen hands. */
function finishRound(m: MatchState, winner: number, hands: string[]): MatchState {
  const f = fixture({ hands: hands.map((h, i) => (i === winner ? 'R5' : h)), top: 'R3', out: m.out, options: m.setup.rules.options });
  const done = play({ ...f, rules: m.setup.rules, round: m.game.round, dealer: m.game.dealer, turn: winner }, { type: 'play', seat: winner, card: 'R5#1' }).state;
  return withRound(m, done);
}

describe('matches', () => {
  it('standard: totals per round, first to the target wins', () => {
    let m = createMatch({ players: 3, seed: 1, options: { target: 100 } });
    m = finishRound(m, 0, ['', 'CX', 'B9']);
    expect(m.rounds[0]).toMatchObject({ round: 0, winner: 0, points: [59, 0, 0], totals: [59, 0, 0] });
    expect(m.winner).toBeNull();
    const dealer = m.game.dealer;
    m = nextRound(m);
    expect(m.game.dealer).toBe((dealer + 1) % 3);
    expect(m.game.scores).toEqual([59, 0, 0]);
    m = finishRound(m, 1, ['CX', '', 'Y9']);
    expect(m.totals).toEqual([59, 59, 0]);
    m = nextRound(m);
    m = finishRound(m, 0, ['', 'CX', 'B1']);
    expect(m.totals).toEqual([110, 59, 0]);
    expect(m.winner).toBe(0);
    expect(() => nextRound(m)).toThrow('the match is over');
  });
  it('challenge: a player who reaches the target is out; the last one in wins; two left play two-player rules', () => {
    let m = createMatch({ players: 3, seed: 2, options: { scoring: 'challenge', target: 50 } });
    m = finishRound(m, 0, ['', 'CX', 'B9']);
    expect(m.out).toEqual([false, true, false]);
    m = nextRound(m);
    expect(m.game.out).toEqual([false, true, false]);
    expect(m.game.hands[1]).toEqual([]);
    m = finishRound(m, 2, ['W', '', '']);
    expect(m.winner).toBe(2);
  });
  it('lowest: when someone reaches the target the lowest total wins', () => {
    let m = createMatch({ players: 3, seed: 3, options: { scoring: 'lowest', target: 50 } });
    m = finishRound(m, 0, ['', 'CX', 'B9']);
    expect(m.winner).toBe(0);
  });
  it('moves through the match: a round that ends is scored', () => {
    let m = createMatch({ rules: 'classic', players: 2, seed: 4 });
    for (let i = 0; i < 2000 && m.rounds.length === 0; i++) {
      const move = legalMoves(m.game).find((x) => x.type !== 'uno' && x.type !== 'catch')!;
      const r = applyMatchMove(m, move);
      if (!r.ok) throw new Error(r.error.message);
      m = r.match;
    }
    expect(m.rounds).toHaveLength(1);
    expect(m.totals).toEqual(m.rounds[0].points);
  });
});

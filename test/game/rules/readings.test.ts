/**
 * The seeds' other readings (docs/rules.md, "Other readings"): each option plays the situation
 * its seed describes, and a rule set without them is written as it was before they existed.
 */
import { describe, expect, it } from 'vitest';
import { createMatch, nextRound, withRound } from '../../../game/match.ts';
import { legalMoves } from '../../../game/legal.ts';
import { fromPosition } from '../../../game/position.ts';
import { positionOf } from '../../../game/positionText.ts';
import { parseRulesText } from '../../../game/ruleFile.ts';
import { BASE_OPTIONS, RULE_SETS, READINGS, resolveRules } from '../../../game/rules.ts';
import { answer, codes, fixture, play, refused } from '../fixture.ts';

describe('the seeds\' other readings', () => {
  it('are absent unless on: every rule set but en-ligne, and options turned off, write no new field', () => {
    for (const r of Object.values(RULE_SETS)) {
      const present = READINGS.filter((k) => k in r.options);
      expect(present).toEqual(r.name === 'en-ligne' ? ['drawDealer'] : []);
    }
    expect(Object.keys(resolveRules('classic', { zeroSwaps: false, stackTwosOnly: false }).options)).toEqual(Object.keys(BASE_OPTIONS));
    expect(() => resolveRules('classic', { zeroSwap: true } as never)).toThrow(/unknown option "zeroSwap": did you mean zeroSwaps/);
    expect(() => resolveRules('classic', { wild4TakenBack: 'yes' } as never)).toThrow(/wild4TakenBack: must be true or false/);
    expect(() => resolveRules('classic', { stacking: true, stackCross: true, stackTwosOnly: true })).toThrow(/stackTwosOnly/);
  });
  it('a rules file turns them on, and a save of rules made before they existed still reads', () => {
    const r = parseRulesText('{"base": "classic", "options": {"wild4TakenBack": true, "coupExtremeSkips": false, "hitFireColour": "next"}}', 'house.json');
    expect(r.options).toMatchObject({ wild4TakenBack: true, hitFireColour: 'next' });
    expect('coupExtremeSkips' in r.options).toBe(false);
    expect(() => parseRulesText('{"options": {"hitFireColour": "left"}}', 'bad.json')).toThrow('bad.json: options.hitFireColour: must be "victim", "player" or "next"');
  });

  it('a position names the readings that are on, and its +4 challenge keeps the colour to go back to only with wild4TakenBack', () => {
    const s = fixture({ rules: 'classic', options: { wild4TakenBack: true, zeroSwaps: true, sevenZero: true }, hands: ['W4 R7', 'B2', 'B3'], top: 'R3', supply: 'Y1 Y2 Y3 Y4' });
    const played = play(s, { type: 'play', seat: 0, card: 'W4#1', colour: 'blue' }).state;
    const text = positionOf(played);
    expect(text).toMatch(/^rules classic sevenZero=true wild4TakenBack=true zeroSwaps=true \|/);
    const again = fromPosition(text);
    expect(again.ok && again.state.rules.options).toEqual(played.rules.options);
    expect(again.ok && again.state.pending).toEqual(played.pending);
    const without = fromPosition(text.replace(',"before":"red"', ''));
    expect(!without.ok && without.error.message).toMatch(/pending.before: must be the colour the \+4 was played on/);
    const off = fromPosition(text.replace(" wild4TakenBack=true", ""));
    expect(!off.ok && off.error.message).toMatch(/pending.before: is kept only with the option wild4TakenBack/);
  });

  it('coupExtremeSkips: play goes on with the second player after the attacker (seed 003)', () => {
    const s = fixture({ hands: ['CX R7', 'G2', 'B3', 'Y1'], top: 'G9', supply: 'G5 G6 G7', options: { coupExtremeSkips: true } });
    const { state, events } = play(s, { type: 'play', seat: 0, card: 'CX#1', colour: 'red', target: 3 });
    expect(events).toContainEqual({ type: 'skip', seat: 1 });
    expect(answer(answer(state, 1), 1).turn).toBe(2);
    const plain = fixture({ hands: ['CX R7', 'G2', 'B3', 'Y1'], top: 'G9', supply: 'G5 G6 G7' });
    expect(answer(answer(play(plain, { type: 'play', seat: 0, card: 'CX#1', colour: 'red', target: 3 }).state, 1), 1).turn).toBe(1);
  });

  it('stackTwosOnly: +2s stack, a +4 is taken at once and may be challenged (seed 004)', () => {
    const options = { stacking: true, stackTwosOnly: true };
    const supply = 'Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8';
    const twos = fixture({ rules: 'classic', options, hands: ['R+2 R7', 'G+2 W4', 'B3'], top: 'R3', supply });
    const stacked = play(twos, { type: 'play', seat: 0, card: 'R+2#1' }).state;
    expect(stacked.pending).toMatchObject({ kind: 'stack', seat: 1, total: 2, kinds: ['draw2'] });
    refused(stacked, { type: 'play', seat: 1, card: 'W4#1', colour: 'blue' }, 'cannot-play');
    expect(codes(play(stacked, { type: 'play', seat: 1, card: 'G+2#1' }).state.hands[2])).toBe('B3');
    const four = fixture({ rules: 'classic', options, hands: ['W4 R7', 'W4 G1', 'B3'], top: 'R3', supply });
    const after = play(four, { type: 'play', seat: 0, card: 'W4#1', colour: 'blue' }).state;
    // Classic challenges a +4: not stacked, so the victim may challenge it again.
    expect(after.pending).toEqual({ kind: 'challenge', seat: 1, by: 0, legal: false });
    const noChallenge = fixture({ rules: 'en-ligne', options, hands: ['W4 R7', 'W4 G1', 'B3'], top: 'R3', supply });
    const taken = play(noChallenge, { type: 'play', seat: 0, card: 'W4#1', colour: 'blue' }).state;
    expect([taken.pending, taken.hands[1].length, taken.turn]).toEqual([null, 6, 2]);
  });

  it('sevenZeroOptional: the 7 may swap or keep the hands (seed 000: « Ce n\'est pas obligatoire »)', () => {
    const s = fixture({ hands: ['R7 R1 R2', 'G2', 'B3 B4'], top: 'R3', options: { sevenZero: true, sevenZeroOptional: true } });
    const kept = play(s, { type: 'play', seat: 0, card: 'R7#1' });
    expect(kept.state.hands.map(codes)).toEqual(['R1 R2', 'G2', 'B3 B4']);
    expect(kept.events.some((e) => e.type === 'trade')).toBe(false);
    expect(play(s, { type: 'play', seat: 0, card: 'R7#1', target: 2 }).state.hands.map(codes)).toEqual(['B3 B4', 'G2', 'R1 R2']);
    const targets = legalMoves(s).filter((m) => m.type === 'play' && m.card === 'R7#1').map((m) => (m as { target?: number }).target);
    expect(targets).toEqual([undefined, 1, 2]);
  });

  it('zeroSwaps: 0 swaps with a chosen player, 7 passes every hand the way its player picks (seed 000\'s second version)', () => {
    const options = { sevenZero: true, zeroSwaps: true };
    const zero = fixture({ rules: 'classic', hands: ['R0 R1', 'G2', 'B3 B4', 'Y5'], top: 'R3', options });
    refused(zero, { type: 'play', seat: 0, card: 'R0#1' }, 'bad-target');
    expect(play(zero, { type: 'play', seat: 0, card: 'R0#1', target: 2 }).state.hands.map(codes)).toEqual(['B3 B4', 'G2', 'R1', 'Y5']);
    const seven = fixture({ rules: 'classic', hands: ['R7 R1', 'G2', 'B3 B4', 'Y5'], top: 'R3', options });
    refused(seven, { type: 'play', seat: 0, card: 'R7#1', target: 2 }, 'bad-target');
    const right = play(seven, { type: 'play', seat: 0, card: 'R7#1', target: 3 });
    expect(right.events).toContainEqual({ type: 'rotate', direction: -1 });
    expect(right.state.hands.map(codes)).toEqual(['G2', 'B3 B4', 'Y5', 'R1']);
    expect(play(seven, { type: 'play', seat: 0, card: 'R7#1', target: 1 }).state.hands.map(codes)).toEqual(['Y5', 'R1', 'G2', 'B3 B4']);
    const optional = fixture({ rules: 'classic', hands: ['R7 R1', 'G2', 'B3 B4', 'Y5'], top: 'R3', options: { ...options, sevenZeroOptional: true } });
    expect(play(optional, { type: 'play', seat: 0, card: 'R7#1' }).state.hands.map(codes)).toEqual(['R1', 'G2', 'B3 B4', 'Y5']);
  });

  it('wild4TakenBack: an illegal +4 challenged goes back into the hand, and its colour with it (seed 000: « la reprend »)', () => {
    const supply = 'Y1 Y2 Y3 Y4 Y5 Y6 Y7';
    const s = fixture({ rules: 'classic', options: { wild4TakenBack: true }, hands: ['W4 R7', 'B2', 'B3'], top: 'R3', supply });
    const played = play(s, { type: 'play', seat: 0, card: 'W4#1', colour: 'blue' }).state;
    expect(played.pending).toEqual({ kind: 'challenge', seat: 1, by: 0, legal: false, before: 'red' });
    const { state, events } = play(played, { type: 'challenge', seat: 1 });
    expect(events).toContainEqual({ type: 'takeBack', seat: 0, card: 'W4#1', colour: 'red' });
    expect(codes(state.hands[0])).toBe('R7 W4 Y1 Y2 Y3 Y4');
    expect(codes(state.discard.slice(-1))).toBe('R3');
    expect([state.turn, state.colour]).toEqual([1, 'red']);
    // A legal +4 stays where it is: the challenger draws 6.
    const legal = fixture({ rules: 'classic', options: { wild4TakenBack: true }, hands: ['W4 G7', 'B2', 'B3'], top: 'R3', supply });
    const kept = play(legal, { type: 'play', seat: 0, card: 'W4#1', colour: 'blue' }, { type: 'challenge', seat: 1 });
    expect([codes(kept.state.discard.slice(-1)), kept.state.colour, kept.state.hands[1].length]).toEqual(['W4', 'blue', 7]);
  });

  it("hitFireColour next: the seat that plays after the victim names the colour (seed 000: « le joueur d'après »)", () => {
    const s = fixture({ rules: 'extreme-fr', options: { hitFireColour: 'next' }, hands: ['HF R7', 'G2', 'B3', 'Y4'], top: 'G9', supply: 'G5 G6' });
    let state = answer(play(s, { type: 'play', seat: 0, card: 'HF#1' }).state, 1);
    expect(state.pending).toMatchObject({ kind: 'colour', seat: 2 });
    refused(state, { type: 'colour', seat: 1, colour: 'red' }, 'not-your-turn');
    state = play(state, { type: 'colour', seat: 2, colour: 'yellow' }).state;
    expect([state.colour, state.turn, state.pending]).toEqual(['yellow', 2, null]);
  });

  it('drawDealer: every round of en-ligne draws its dealer (seed 002); other rule sets pass the deal left', () => {
    const dealers = (rules: string, options = {}) => {
      let m = createMatch({ rules, options: { target: 1_000_000, ...options }, players: 4, seed: 5, log: false });
      const out: number[] = [];
      for (let round = 0; round < 12; round++) {
        out.push(m.game.dealer);
        expect(m.game.dealerDrawn === null).toBe(round > 0 && !m.setup.rules.options.drawDealer);
        m = nextRound(withRound(m, { ...m.game, winner: 0 }));
      }
      return out;
    };
    const drawn = dealers('en-ligne');
    expect(drawn.some((d, i) => i > 0 && d !== (drawn[i - 1] + 1) % 4)).toBe(true);
    const passed = dealers('classic');
    expect(passed.every((d, i) => i === 0 || d === (passed[i - 1] + 1) % 4)).toBe(true);
    const classicDrawn = dealers('classic', { drawDealer: true });
    expect(classicDrawn.some((d, i) => i > 0 && d !== (classicDrawn[i - 1] + 1) % 4)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { cardLabel } from '../../words/cards.ts';
import { buildDeck, card, CARD_KINDS, cardPoints, COLOURS, pointsAt, pointTable } from '../../game/cards.ts';
import { faceOf, KEY_AT, keyColour, keyFace, keyKind } from '../../game/core/keys.ts';
import { RULE_SETS, ruleSet } from '../../game/rules.ts';

describe('cards and decks', () => {
  it('ids parse to colour, kind and number; labels are readable', () => {
    expect(card('R5#1')).toMatchObject({ id: 'R5#1', code: 'R5', kind: 'number', colour: 'red', number: 5 });
    // The small integers tables index by: kind and colour in their lists' order, a serial per card.
    expect(card('R5#1')).toMatchObject({ kindIndex: CARD_KINDS.indexOf('number'), colourIndex: COLOURS.indexOf('red') });
    expect(card('CX#2')).toMatchObject({ kindIndex: CARD_KINDS.indexOf('coupExtreme'), colourIndex: -1 });
    expect(card('R5#1').serial).not.toBe(card('R5#2').serial);
    expect(card('R5#1').serial).toBe(card('R5#1').serial);
    expect(card('GSH#1')).toMatchObject({ kind: 'showHands', colour: 'green' });
    expect(card('CX#2')).toMatchObject({ kind: 'coupExtreme', colour: null });
    expect([cardLabel('R5#1'), cardLabel('BH2#2'), cardLabel('CX#1'), cardLabel('Y+2#1')]).toEqual(['Red 5', 'Blue Hit 2', 'Coup Extrême', 'Yellow +2']);
    expect(() => card('X9#1')).toThrow(/not a card id/);
  });
  it("a card's key gives its colour, face and kind, and is shared by identical cards only", () => {
    const byKey = new Map<number, string>();
    for (const r of Object.values(RULE_SETS)) {
      for (const id of buildDeck(r.deck)) {
        const c = card(id);
        const key = KEY_AT[c.serial];
        expect([keyColour(key), keyFace(key), keyKind(key)]).toEqual([c.colourIndex, c.face, c.kindIndex]);
        expect(byKey.get(key) ?? c.code).toBe(c.code);
        byKey.set(key, c.code);
      }
    }
    // Every code of every deck has its own key: 4 colours × (10 numbers + the action kinds met) and the wilds.
    expect(new Set(byKey.values()).size).toBe(byKey.size);
  });
  it('a key holds the faces of 22 kinds, and a 23rd kind is refused with a clear error', () => {
    expect(CARD_KINDS.length).toBeLessThanOrEqual(22);
    expect(faceOf(21, null)).toBe(31);
    expect(faceOf(0, 9)).toBe(9);
    expect(() => faceOf(22, null)).toThrow('card kind 22 does not fit a card key: 5 bits of face hold 22 kinds; widen FACE_BITS in game/core/keys.ts');
  });
  it('each rule set has its deck size, every id unique', () => {
    const sizes = Object.fromEntries(Object.entries(RULE_SETS).map(([n, r]) => [n, buildDeck(r.deck).length]));
    expect(sizes).toEqual({ extreme: 108, 'extreme-fr': 112, 'attack-1999': 112, 'extreme-2010': 112, classic: 108, 'en-ligne': 116 });
    for (const r of Object.values(RULE_SETS)) expect(new Set(buildDeck(r.deck)).size).toBe(buildDeck(r.deck).length);
  });
  it('points by rule set', () => {
    const p = (rules: string, id: string) => cardPoints(ruleSet(rules).points, id);
    expect([p('extreme', 'R7#1'), p('extreme', 'RH2#1'), p('extreme', 'RD#1'), p('extreme', 'CX#1')]).toEqual([7, 20, 30, 50]);
    expect([p('extreme-2010', 'H4#1'), p('extreme-fr', 'RT#1'), p('classic', 'W4#1'), p('en-ligne', 'RP#1')]).toEqual([40, 30, 50, 20]);
  });
  it('a rule set\'s point table gives every card its points, a card of another deck too', () => {
    for (const r of Object.values(RULE_SETS)) {
      const t = pointTable(r.points, r.deck);
      for (const id of buildDeck(r.deck)) expect(t[card(id).serial]).toBe(cardPoints(r.points, id));
    }
    const classic = ruleSet('classic');
    const t = pointTable(classic.points, classic.deck);
    // A card first met after the table was built (a deck of its own, say) is computed, not missing.
    const late = card('CX#99');
    expect(pointsAt(t, classic.points, late.serial)).toBe(cardPoints(classic.points, 'CX#99'));
  });
  it('each launcher rule set suggests its launcher profile', () => {
    expect(ruleSet('extreme').profile).toBe('seed-0-8');
    expect(ruleSet('attack-1999').profile).toBe('attack-1999-pattern');
    expect(ruleSet('extreme-2010').profile).toBe('extreme-2010-measured');
    expect(ruleSet('classic').profile).toBeNull();
    expect(() => ruleSet('uno-flip')).toThrow(/unknown rule set "uno-flip": known rule sets are extreme, /);
  });
});

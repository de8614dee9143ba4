import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeBots } from '../../game/bots/index.ts';
import { buildDeck } from '../../game/cards.ts';
import { loadRulesFile } from '../../game/files.ts';
import { rulesFromJson } from '../../game/ruleFile.ts';
import { runRoundSync } from '../../game/runner.ts';
import { createGame } from '../../game/setup.ts';

describe('custom rule sets from JSON', () => {
  it('a base with replaced sections and options', () => {
    const r = rulesFromJson({
      name: 'mini', base: 'classic',
      deck: { numbers: { counts: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1] }, coloured: { skip: 1, playAgain: 1 }, wild: { wild: 2 } },
      points: { kinds: { skip: 15, playAgain: 25, wild: 40 } },
      options: { handSize: 5, jumpIn: true },
    });
    expect(buildDeck(r.deck)).toHaveLength(4 * 12 + 2);
    expect(r.points.numbers).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(r.options).toMatchObject({ handSize: 5, jumpIn: true, launcher: false, challengeWild4: true });
    const { state } = runRoundSync(createGame({ rules: r, players: 3, seed: 1 }), null, makeBots(3, 1));
    expect(state.winner).not.toBeNull();
  });
  it('errors name the file and the field', () => {
    const bad = (v: unknown) => () => rulesFromJson(v, 'rules.json');
    expect(bad({ deck: { numbers: { counts: [0, 2, 2, 2.5, 2, 2, 2, 2, 2, 2] } } })).toThrow('rules.json: deck.numbers.counts[3]: must be a whole number from 0 to 100');
    expect(bad({ deck: { numbers: { counts: [1, 2] } } })).toThrow('rules.json: deck.numbers.counts: must be a list of 10 whole numbers');
    expect(bad({ deck: { coloured: { hit3: 2 } } })).toThrow('rules.json: deck.coloured.hit3: unknown field "hit3"');
    expect(bad({ deck: { wild: { wild: -1 } } })).toThrow('rules.json: deck.wild.wild: must be a whole number from 0 to 100');
    expect(bad({ options: { handSize: 20 } })).toThrow('rules.json: options.handSize: must be a whole number from 1 to 15');
    expect(bad({ options: { colour: true } })).toThrow('rules.json: options.colour: unknown field "colour"');
    expect(bad({ options: { reload: { atDiscard: 0 } } })).toThrow('rules.json: options.reload: must be "when-empty"');
    expect(bad({ start: { wild: 'explode' } })).toThrow('rules.json: start.wild: must be one of play, redraw, reverse, asDealer, wild, dealerColour');
    expect(bad({ base: 'uno-flip' })).toThrow('rules.json: base: unknown rule set "uno-flip"');
    expect(bad({ decks: {} })).toThrow('rules.json: decks: unknown field "decks": did you mean deck?');
    expect(bad({ deck: { numbers: { counts: Array(10).fill(0) }, coloured: {}, wild: {} } })).toThrow('rules.json: deck: holds no card');
  });
  it('loads from a file, with read and parse errors that name it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'uno-rules-'));
    const file = join(dir, 'r.json');
    writeFileSync(file, JSON.stringify({ base: 'extreme', options: { target: 300 } }));
    expect(loadRulesFile(file).options.target).toBe(300);
    writeFileSync(file, '{ nope');
    expect(() => loadRulesFile(file)).toThrow(`${file}: is not valid JSON`);
    expect(() => loadRulesFile(join(dir, 'missing.json'))).toThrow(/missing.json: no such file/);
  });
});

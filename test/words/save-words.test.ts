/**
 * A save file that cannot be opened, in the reader's language: each refusal of game/save.ts a
 * person meets (not JSON, not a save, another schema, edited, a setup that cannot start) carries
 * its reason of the game's catalogue (`reason.save.*`), so the page words it as the terminal does:
 * its English `message` the catalogue's English, its French free of English words.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createMatch, ruleSet } from '../../game/index.ts';
import { parseSave, loadMatch, saveMatch, SaveError } from '../../game/save.ts';
import { loadLang, wordsIn } from '../../words/catalogue.ts';
import { reasonIn } from '../../words/reasons.ts';
import { expectSaidInFrench, thrownBy } from './refused.ts';

const whole = saveMatch(createMatch({ rules: ruleSet('extreme'), players: 3, seed: 1, log: true }));
const edit = (change: (o: Record<string, unknown>) => void) => {
  const o = JSON.parse(whole) as Record<string, unknown>;
  change(o);
  return JSON.stringify(o);
};
const open = (text: string) => () => loadMatch(parseSave(text, 'x.json'), 'x.json');

/** One of each refusal, keyed by its reason. */
const CASES: Record<string, () => unknown> = {
  'reason.save.truncated': open(whole.slice(0, 100)),
  'reason.json.deep': open(`${'['.repeat(200)}${']'.repeat(200)}`),
  'reason.save.notSave': open('{"format": "other"}'),
  'reason.save.schema': open(edit((o) => (o.schema = 9))),
  'reason.save.edited': open(edit((o) => (o.hash = '0000'))),
  'reason.setup.deck': open(edit((o) => Object.assign(o.setup as object, { players: 10, options: { handSize: 15 } }))),
};

describe("a save's refusals in the reader's language", () => {
  beforeAll(() => loadLang('fr'));

  it("each is worded in French with no English word, its English message the catalogue's English", () => {
    // The save's own field names, typed in every language.
    expectSaidInFrench(CASES, SaveError, new Set(['setup', 'deck']));
  });

  it('the page words each (its catalogue has every key inside), as the terminal does', () => {
    const fr = wordsIn('fr');
    for (const [key, make] of Object.entries(CASES)) {
      const e = thrownBy(make, SaveError);
      expect(reasonIn(fr, e), key).not.toBe(e.message);
      expect(reasonIn(wordsIn('en'), e), key).toBe(e.message);
    }
    expect(reasonIn(fr, thrownBy(CASES['reason.setup.deck'], SaveError))).toBe(
      'le fichier de sauvegarde x.json ne peut pas commencer de partie avec ses réglages de départ\u00a0: deck\u00a0: un paquet de 108 cartes ne peut pas en distribuer 15 à chacun des 10 joueurs et commencer une défausse',
    );
  });
});

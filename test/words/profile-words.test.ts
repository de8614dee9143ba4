/**
 * A launcher profile file that cannot be used, in the reader's language: every refusal of
 * emulator/profile.ts carries its message of the command line's catalogue (`reason.profile.*`, and
 * the `reason.rules.*` and `reason.unknownKey.*` reasons it shares with a rule file), worded in French
 * with no English word but the file's own field names and values, and its English `message` the
 * same as the catalogue's English (the file writes the English itself, as the page bundles it
 * without the command line's words: this holds the two together).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLang } from '../../words/catalogue.ts';
import { parseProfileText, ProfileError } from '../../emulator/profile.ts';
import { resolveProfile } from '../../emulator/profiles.ts';
import { loadProfileFile } from '../../emulator/profileFile.ts';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cliWordsIn, sayIn } from '../../words/cli.ts';
import { saidOf } from '../../words/said.ts';
import { EN } from '../../words/en.ts';
import { expectSaidInFrench, thrownBy } from './refused.ts';

const FR = cliWordsIn('fr');
/** The profile file's own field names and values, typed in every language. */
const FIELDS = new Set([
  'name', 'source', 'description', 'fire', 'model', 'hazard', 'schedule', 'period', 'presses', 'burst', 'bybucket', 'law', 'weights', 'min', 'max', 'mean',
  'histogram', 'uniform', 'maxent', 'poisson', 'resetonlidcycle', 'mechanics', 'slip', 'doublefeed', 'jam', 'dingpulse', 'faster', 'shortestms', 'true', 'false',
  'feedrate', 'spinupms', 'reversems', 'halfout', 'attemptsfactor', 'debouncems', 'zzz',
]);

/** The error `make` throws. */
const thrown = (make: () => unknown): ProfileError => thrownBy(make, ProfileError);

const good = resolveProfile('seed-0-8').spec;
/** `my.json` holding the shipped profile with `change` over it. */
const file = (change: Record<string, unknown>) => () => parseProfileText(JSON.stringify({ ...good, ...change }), 'my.json');
const law = (l: unknown) => file({ burst: l });

/** One of each refusal, keyed by its reason's catalogue key. */
const CASES: Record<string, () => unknown> = {
  'reason.profile.jsonObject': () => parseProfileText('[]', 'my.json'),
  'reason.unknownKey.near': file({ nmae: 'x' }),
  'reason.unknownKey.known': file({ zzz: 1 }),
  'reason.rules.nonEmpty': file({ name: ' ' }),
  'reason.profile.source': file({ source: '' }),
  'reason.rules.string': file({ description: 3 }),
  'reason.profile.fire': file({ fire: 3 }),
  'reason.profile.arrayOf': file({ fire: { model: 'hazard', hazard: [] } }),
  'reason.profile.number': file({ fire: { model: 'hazard', hazard: ['x'] } }),
  'reason.profile.nothing': file({ fire: { model: 'schedule', presses: [1] } }),
  'reason.profile.between': file({ fire: { model: 'hazard', hazard: [2] } }),
  'reason.profile.allZeros': file({ fire: { model: 'hazard', hazard: [0, 0] } }),
  'reason.profile.whole': file({ fire: { model: 'schedule', period: 2.5, presses: [1] } }),
  'reason.profile.presses': file({ fire: { model: 'schedule', period: 4, presses: [] } }),
  'reason.profile.model': file({ fire: { model: 'sometimes' } }),
  'reason.profile.objectLike': law(3),
  'reason.profile.weights': law({ law: 'histogram', weights: {} }),
  'reason.profile.weightKey': law({ law: 'histogram', weights: { 0: 1 } }),
  'reason.profile.positiveWeight': law({ law: 'histogram', weights: { 1: 0 } }),
  'reason.profile.strictly': law({ law: 'maxent', min: 1, max: 4, mean: 4 }),
  'reason.profile.oneOfGot': law({ law: 'normal' }),
  'reason.rules.boolean': file({ resetOnLidCycle: 'yes' }),
  'reason.rules.object': file({ mechanics: 3 }),
  'reason.profile.slipSum': file({ mechanics: { slip: 0.5, jam: 0.6 } }),
  'reason.profile.fewCards': file({ fire: { model: 'hazard', hazard: [0.0001] } }),
  'reason.profile.topLevel': () => parseProfileText('3', 'my.json'),
  // Text that is no JSON (lib/untrusted.ts parseJsonText): the parser's words quoted, the position worded.
  'reason.json.invalid': () => parseProfileText('{\n  "name": "x",\n  fire: 1\n}', 'my.json'),
  'reason.json.deep': () => parseProfileText('['.repeat(40) + ']'.repeat(40), 'my.json'),
  'reason.profile.file': () => loadProfileFile(path.join(tmpdir(), 'no-such-folder-uno', 'my.json')),
};

describe("a launcher profile file's refusals in the reader's language", () => {
  // A reason is worded by the game's catalogue, French once loaded (as cli/main.ts loads it).
  beforeAll(() => loadLang('fr'));

  it('the samples reach every reason of the catalogue', () => {
    // reason.profile.field frames them all; reason.profile.unknown names a profile, not a file's field
    // (test/cli); no file found reaches noTable (a law the earlier checks let through and whose
    // table is no probability table), whose English is written beside it as the others are.
    const reasons = Object.keys(EN).filter((k) => k.startsWith('reason.profile.') && !['reason.profile.field', 'reason.profile.unknown', 'reason.profile.noTable'].includes(k));
    expect(reasons.filter((k) => !(k in CASES))).toEqual([]);
  });

  it("each is worded in French with no English word, its English message the catalogue's English", () => {
    expectSaidInFrench(CASES, ProfileError, FIELDS);
  });

  it('the English is the text it was, the French says the file and the field', () => {
    const e = thrown(CASES['reason.profile.between']);
    expect(e.message).toBe('my.json: fire.hazard[0]: must be between 0 and 1, got 2');
    expect(sayIn(FR, saidOf(e)!)).toBe('my.json\u00a0: fire.hazard[0]\u00a0: doit être entre 0 et 1, reçu 2');
    expect(thrown(CASES['reason.profile.nothing']).message).toBe('my.json: fire.period: must be a number, got nothing');
    expect(sayIn(FR, saidOf(thrown(CASES['reason.profile.nothing']))!)).toBe('my.json\u00a0: fire.period\u00a0: doit être un nombre, reçu rien');
    expect(thrown(CASES['reason.profile.fewCards']).message).toBe(
      'my.json: fire: the launcher would give a card once in about 10024 presses; a round that waits for cards needs one at least once in 1000 presses',
    );
    expect(sayIn(FR, saidOf(thrown(CASES['reason.profile.topLevel']))!)).toBe('my.json\u00a0: (premier niveau)\u00a0: un profil doit être un objet JSON');
    // The values a file may hold are quoted as the file writes them, in both languages.
    expect(thrown(CASES['reason.profile.model']).message).toBe('my.json: fire.model: must be "hazard" or "schedule", got "sometimes"');
    expect(sayIn(FR, saidOf(thrown(CASES['reason.profile.model']))!)).toBe('my.json\u00a0: fire.model\u00a0: doit être "hazard" ou "schedule", reçu "sometimes"');
    const json = thrown(CASES['reason.json.invalid']);
    // The parser's own words (V8's, which change with Node's version) are quoted as they are.
    expect(json.message).toMatch(/^my\.json: \(file\): is not valid JSON \([A-Z][^)]* at line 3, column 3\)$/);
    expect(sayIn(FR, saidOf(json)!)).toMatch(/^my\.json\u00a0: \(fichier\)\u00a0: n’est pas du JSON valide \(ligne 3, colonne 3\u00a0; l’analyseur dit «\u00a0[A-Z][^»]*\u00a0»\)$/);
  });
});

/**
 * A save file that cannot be opened, in the reader's language: each refusal of game/save.ts a
 * person meets (not JSON, not a save, another schema, edited, a setup that cannot start) carries
 * its reason of the game's catalogue (`reason.save.*`), and so does a `play` block a game cannot
 * resume from (game/playSave.ts, `reason.resume.*`), so the page words it as the terminal does:
 * its English `message` the catalogue's English, its French free of English words.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createMatch, ruleSet } from '../../game/index.ts';
import { parseSave, loadMatch, saveMatch, SaveError } from '../../game/save.ts';
import { parsePlaySave, ResumeError } from '../../game/playSave.ts';
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

/** A save whose `play` block is `play`. */
const played = (play: Record<string, unknown>) => () => parsePlaySave(edit((o) => (o.play = { names: ['Ana', 'Bo', 'Cy'], me: 0, bots: ['heuristic'], profile: 'seed-0-8', launcher: null, ...play })), 'x.json');

/** One of each refusal of a `play` block, keyed by its reason. */
const RESUME: Record<string, () => unknown> = {
  'reason.rules.object': () => parsePlaySave(edit((o) => (o.play = 5)), 'x.json'),
  'reason.resume.unknown': played({ nmes: [] }),
  'reason.resume.names': played({ names: ['Ana'] }),
  'reason.resume.name': played({ names: ['Ana', '', 'Cy'] }),
  'reason.resume.seat': played({ me: 7 }),
  'reason.resume.people': played({ people: [1] }),
  'reason.resume.bots': played({ bots: ['genius'] }),
  'reason.resume.budget': played({ budget: { playouts: 0 } }),
  'reason.resume.profile': played({ profile: '' }),
  'reason.resume.launcher': played({ launcher: [] }),
  'reason.resume.rng': played({ launcher: { rng: [1], presses: 0, sinceBurst: 0, motorMs: 0, lowWarned: false, jammed: false } }),
  'reason.resume.rngZero': played({ launcher: { rng: [0, 0, 0, 0], presses: 0, sinceBurst: 0, motorMs: 0, lowWarned: false, jammed: false } }),
  'reason.rules.count': played({ launcher: { rng: [1, 2, 3, 4], presses: -1, sinceBurst: 0, motorMs: 0, lowWarned: false, jammed: false } }),
  'reason.resume.motor': played({ launcher: { rng: [1, 2, 3, 4], presses: 0, sinceBurst: 0, motorMs: -1, lowWarned: false, jammed: false } }),
  'reason.rules.boolean': played({ launcher: { rng: [1, 2, 3, 4], presses: 0, sinceBurst: 0, motorMs: 0, lowWarned: 'no', jammed: false } }),
  'reason.resume.events': played({ events: [5] }),
};

describe("a save's play block in the reader's language", () => {
  beforeAll(() => loadLang('fr'));

  it("each refusal is worded in French with no English word, its English message the catalogue's English, and the page words it", () => {
    // The block's own field names and values, typed in every language.
    expectSaidInFrench(RESUME, ResumeError, new Set(['play', 'names', 'people', 'bots', 'budget', 'profile', 'launcher', 'rng', 'presses', 'motorms', 'lowwarned', 'events', 'heuristic', 'random', 'ismcts', 'first', 'playouts', 'steps', 'nmes', 'null']));
    for (const [key, make] of Object.entries(RESUME)) expect(reasonIn(wordsIn('fr'), thrownBy(make, ResumeError)), key).toMatch(/^fichier de sauvegarde x\.json\u00a0: play/);
  });
});

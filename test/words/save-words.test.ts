/**
 * A save file that cannot be opened, in the reader's language: each refusal of game/save.ts a
 * person meets (not JSON, not a save, another schema, a field, a move or a replay refused, edited, a
 * setup that cannot start) carries
 * its reason of the game's catalogue (`reason.save.*`), and so does a `play` block a game cannot
 * resume from (game/playSave.ts, `reason.resume.*`), so the page words it as the terminal does:
 * its English `message` the catalogue's English, its French free of English words.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createGame, createMatch, ruleSet } from '../../game/index.ts';
import { parseSave, loadGame, loadMatch, saveGame, saveMatch, SaveError } from '../../game/save.ts';
import { FRESH_BATTERIES, parsePlaySave, ResumeError, resumedMeta } from '../../game/playSave.ts';
import { BATTERY } from '../../emulator/core.ts';
import { catalogueOf, loadLang, wordsIn } from '../../words/catalogue.ts';
import { cliWordsIn, sayIn } from '../../words/cli.ts';
import { saidOf } from '../../words/said.ts';
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

const lone = saveGame(createGame({ rules: ruleSet('extreme'), players: 3, seed: 1, log: true }));
/** `text` (a save) changed by `change`. */
const changed = (text: string, change: (o: Record<string, unknown>) => void) => {
  const o = JSON.parse(text) as Record<string, unknown>;
  change(o);
  return JSON.stringify(o);
};
const setupOf = (o: Record<string, unknown>) => o.setup as Record<string, unknown>;
/** A match save whose moves are `rounds`. */
const moves = (...rounds: unknown[][]) => open(edit((o) => (o.rounds = rounds)));
/** A lone round's save whose setup is changed by `change`. */
const loneSetup = (change: (s: Record<string, unknown>) => void) => open(changed(lone, (o) => change(setupOf(o))));

/**
 * One of each field, move and replay refusal of a save, keyed by the reason it names (a `#n`
 * tail tells two cases of one reason apart): every move of the replay's words among them.
 */
const FIELDS: Record<string, () => unknown> = {
  'reason.unknownKey.near': open(edit((o) => (o.hsh = 'x'))),
  'reason.save.kind': open(edit((o) => (o.kind = 'round'))),
  'reason.rules.missing': open(edit((o) => delete o.setup)),
  'reason.rules.missing#2': open(edit((o) => delete o.hash)),
  'reason.setup.players': open(edit((o) => (setupOf(o).players = 1))),
  'reason.save.seed': open(edit((o) => (setupOf(o).seed = -1))),
  'reason.rules.count': loneSetup((s) => (s.round = -1)),
  'reason.save.seat': loneSetup((s) => (s.dealer = 9)),
  'reason.save.out': loneSetup((s) => (s.out = [true])),
  'reason.save.scores': loneSetup((s) => (s.scores = [-1, 0, 0])),
  'reason.rules.boolean': loneSetup((s) => (s.log = 'yes')),
  'reason.rules.object': loneSetup((s) => (s.options = 5)),
  'reason.rules.deck': open(edit((o) => ((setupOf(o).rules as Record<string, unknown>).deck = 5))),
  'reason.save.rounds': open(edit((o) => (o.rounds = 5))),
  'reason.save.manyRounds': moves(...Array.from({ length: 1001 }, () => [])),
  'reason.save.moves': moves([5]),
  'reason.rules.oneOf': moves([{ type: 'dance', seat: 0 }]),
  'reason.rules.oneOf#2': moves([{ type: 'colour', seat: 0, colour: 'pink' }]),
  'reason.save.seat#2': moves([], [{ type: 'draw', seat: 9 }]),
  'reason.save.card': moves([{ type: 'play', seat: 0 }]),
  'reason.save.cards': moves([{ type: 'launcher', seat: 0, cards: 5 }]),
  'reason.save.oneRound': open(changed(lone, (o) => (o.rounds = [[], []]))),
  'reason.move.play': moves([{ type: 'play', seat: 1, card: 'R5#1', colour: 'red', target: 2, uno: true }]),
  'reason.move.launcher': moves([{ type: 'launcher', seat: 0, cards: ['R5#1'], halfOut: 1 }]),
  'reason.move.colour': moves([{ type: 'colour', seat: 0, colour: 'red' }]),
  'reason.move.catch': moves([{ type: 'catch', seat: 0, target: 1 }]),
  'reason.move.other': moves([{ type: 'challenge', seat: 0 }]),
  'reason.save.notEnded': moves([], []),
  'reason.save.later': () => loadMatch(whole, 'x.json', [{ round: 2, move: { type: 'draw', seat: 0 } }]),
  'reason.save.kindOther': () => loadGame(whole, 'x.json'),
  'reason.save.kindOther#2': () => loadMatch(lone, 'x.json'),
  'reason.save.single': () => parsePlaySave(lone, 'x.json', [{ round: 0, move: { type: 'draw', seat: 0 } }]),
};

describe("a save's fields, moves and replay in the reader's language", () => {
  beforeAll(() => loadLang('fr'));
  const key = (name: string) => name.replace(/#\d+$/, '');

  it("each is worded in French with no English word, its English message the catalogue's English", () => {
    // The save's field names and values, and the moves' types, typed in every language.
    const typed = ['setup', 'hsh', 'hash', 'kind', 'round', 'players', 'seed', 'dealer', 'out', 'scores', 'log', 'options', 'deck', 'rounds', 'type', 'seat', 'card', 'cards', 'colour', 'pink', 'red', 'yellow', 'green', 'blue', 'true', 'false', 'play', 'press', 'draw', 'pass', 'launcher', 'challenge', 'accept', 'uno', 'catch', 'match', 'game', 'loadgame', 'loadmatch'];
    expectSaidInFrench(FIELDS, SaveError, new Set(typed), key);
  });

  it('the page words each (its catalogue has every key inside), as the terminal does', () => {
    for (const [name, make] of Object.entries(FIELDS)) {
      const e = thrownBy(make, SaveError);
      expect(reasonIn(wordsIn('fr'), e), name).toMatch(/^(le )?fichier de sauvegarde x\.json|^x\.json contient/);
      expect(reasonIn(wordsIn('en'), e), name).toBe(e.message);
    }
    expect(reasonIn(wordsIn('fr'), thrownBy(FIELDS['reason.move.launcher'], SaveError))).toBe(
      'fichier de sauvegarde x.json\u00a0: coup 1 (le distributeur lance une carte (une reste à moitié sortie)) est interdit quand on rejoue la partie\u00a0: personne ne doit appuyer sur le distributeur maintenant',
    );
    expect(reasonIn(wordsIn('fr'), thrownBy(FIELDS['reason.save.seat#2'], SaveError))).toBe('fichier de sauvegarde x.json\u00a0: manche 2, coup 1\u00a0: seat doit être une place de 0 à 2');
  });
});

/** A save whose setup holds the position `text` (a position's text form, as a save keeps it). */
const atPosition = (text: string) => () => parsePlaySave(edit((o) => Object.assign(setupOf(o), { position: text, players: 2 })), 'x.json');

/** A save's position that cannot be set up: by its text, its cards, its request. */
const POSITIONS: Record<string, () => unknown> = {
  'cli.position.section': atPosition('hands R5 / R6 | discard R1 | supply * | trumps R5'),
  'cli.position.notCode': atPosition('hands R5 / R6 | discard ZZ | supply *'),
  'cli.position.notSeat': atPosition('hands R5 / R6 | discard R1 | supply * | pending {"kind": "press", "seat": 5}'),
};

describe("a save's position in the page's French", () => {
  beforeAll(() => loadLang('fr'));

  it('the page words its reasons as the terminal does, and in English says the English it already has', () => {
    for (const [key, make] of Object.entries(POSITIONS)) {
      const e = thrownBy(make, SaveError);
      expect(JSON.stringify(saidOf(e)), key).toContain(key);
      expect(reasonIn(wordsIn('fr'), e), key).toBe(sayIn(cliWordsIn('fr'), saidOf(e)!));
      expect(reasonIn(wordsIn('fr'), e), key).toMatch(/^le fichier de sauvegarde x\.json ne peut pas commencer de partie avec ses réglages de départ\u00a0: position\u00a0: /);
      expect(reasonIn(wordsIn('en'), e), key).toBe(e.message);
    }
    expect(reasonIn(wordsIn('fr'), thrownBy(POSITIONS['cli.position.notCode'], SaveError))).toBe(
      'le fichier de sauvegarde x.json ne peut pas commencer de partie avec ses réglages de départ\u00a0: position\u00a0: discard[0]\u00a0: ZZ n’est pas un code de carte\u00a0: R5, G+2, YS, W, W4, CX, …',
    );
  });

  it("the page's English does not carry the position's words: only its other languages do", () => {
    expect(catalogueOf('en')?.['cli.position.notCode']).toBeUndefined();
    expect(catalogueOf('fr')?.['cli.position.notCode']).toBe(cliWordsIn('fr').t('cli.position.notCode', { code: '{code}' }));
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

describe("a resumed game's own words in the reader's language", () => {
  beforeAll(() => loadLang('fr'));

  it('the fresh batteries it puts in, and the names of a save that names no seat', () => {
    const spent = { rng: [1, 2, 3, 4], presses: 0, sinceBurst: 0, motorMs: BATTERY.capacityMotorSeconds * 1000, lowWarned: false, jammed: false };
    const { match, meta } = played({ launcher: spent })() as ReturnType<typeof parsePlaySave>;
    expect(resumedMeta(match, meta, wordsIn('fr')).events!.at(-1)).toBe('Les piles du distributeur étaient vides\u00a0: on en a mis des neuves');
    expect(resumedMeta(match, meta, wordsIn('en')).events!.at(-1)).toBe(FRESH_BATTERIES);
    expect(resumedMeta(match, meta).events!.at(-1)).toBe(FRESH_BATTERIES);
    const lone = parsePlaySave(whole, 'x.json');
    expect(resumedMeta(lone.match, lone.meta, wordsIn('fr')).names).toEqual(['Toi', 'Robot 1', 'Robot 2']);
    expect(resumedMeta(lone.match, lone.meta, wordsIn('en')).names).toEqual(resumedMeta(lone.match, lone.meta).names);
  });
});

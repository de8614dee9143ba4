/**
 * The catalogues (words/en.ts, words/fr.ts) say the same things: the same keys, the same
 * placeholders, every message a valid ICU MessageFormat message, and every key the code builds
 * from data (a card kind, a refusal's rule, a press's reason) present.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { CARD_KINDS, COLOURS } from '../../game/cards.ts';
import { PRESS_REASONS } from '../../game/state.ts';
import { catalogueOf, LANGS, langOf, langOfEnv, loadLang, wordsIn, type Key, type Lang } from '../../words/catalogue.ts';
import { CLI_CATALOGUES } from '../../words/cli.ts';
// Game night's server's words too: a part of their own, checked as the game's are.
import '../../words/rooms.ts';

await loadLang('fr');
/**
 * Every message each language has loaded: the game's and game night's. A position's reasons, which
 * the languages other than English load with the game's (words/position.fr.ts), are the command
 * line's, checked with its catalogues below.
 */
const gameOnly = (c: Readonly<Record<string, string>>) => Object.fromEntries(Object.entries(c).filter(([k]) => !k.startsWith('cli.position.')));
const CATALOGUES = { en: gameOnly(catalogueOf('en')! as Record<string, string>), fr: gameOnly(catalogueOf('fr')! as Record<string, string>) };
import { GUIDE_CATALOGUES } from '../../words/guide.ts';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Grammatical selectors: whether the sentence speaks to its reader (`you`, `you2`). French
 * conjugates for them where English often need not, so a language may leave them unused.
 */
const GRAMMATICAL = new Set(['you', 'you2']);

/**
 * Forms of one value a grammar picks from: a card's colour as a title (`Red 5`), in a sentence
 * (`5 rouge`) or agreed with a feminine name (`Inversion verte`). A message reads one of them.
 */
const FORMS: Readonly<Record<string, string>> = { Colour: 'colour', colourF: 'colour' };

type Node = { type: number; value?: string; options?: Record<string, { value: Node[] }> };

/** The placeholders a message reads, each with how it is read (`select`, `plural`, `argument`, …). */
function placeholders(message: string, lang: string): Map<string, string> {
  const out = new Map<string, string>();
  const kinds = ['literal', 'argument', 'number', 'date', 'time', 'select', 'plural', 'pound', 'tag'];
  const walk = (nodes: Node[]) => {
    for (const n of nodes) {
      if (n.value !== undefined && n.type !== 0 && n.type !== 7) {
        // A select or a plural also reads its value as an argument elsewhere: the stronger kind is kept.
        const kind = kinds[n.type];
        if (!out.has(n.value) || kind === 'plural' || kind === 'select') out.set(n.value, kind);
      }
      for (const o of Object.values(n.options ?? {})) walk(o.value);
    }
  };
  walk(new IntlMessageFormat(message, lang).getAst() as unknown as Node[]);
  return out;
}

/**
 * The checks every family of catalogues passes, each language against English: the game's (with
 * game night's words), the command line's (words/cli-en.ts, kept out of the page) and the guide's
 * (words/guide.ts, loaded with it).
 */
function sameInEveryLanguage(name: string, catalogues: Readonly<Record<Lang, Readonly<Record<string, string>>>>): void {
  describe(name, () => {
    const en = catalogues.en;
    const keys = Object.keys(en).sort();

    it('every language has exactly the English keys', () => {
      for (const lang of LANGS) {
        const mine = Object.keys(catalogues[lang]).sort();
        expect({ lang, missing: keys.filter((k) => !mine.includes(k)), extra: mine.filter((k) => !keys.includes(k)) }).toEqual({ lang, missing: [], extra: [] });
      }
    });

    it('every message parses, and reads the same placeholders in every language', () => {
      const differ: string[] = [];
      for (const key of keys) {
        const strip = (m: Map<string, string>) =>
          [...new Set([...m].filter(([name]) => !GRAMMATICAL.has(name)).map(([n, k]) => `${FORMS[n] ?? n}:${k}`))].sort().join(' ');
        const english = strip(placeholders(en[key], 'en'));
        for (const lang of LANGS) {
          const theirs = strip(placeholders(catalogues[lang][key] ?? '', lang));
          if (theirs !== english) differ.push(`${lang} ${key}: {${theirs}} where English has {${english}}`);
        }
      }
      expect(differ).toEqual([]);
    });

    it("no apostrophe quotes ICU syntax by mistake (an ASCII ' before {, }, # or |)", () => {
      for (const lang of LANGS) {
        // A doubled apostrophe is ICU's own way to write one before a placeholder: the English
        // command-line errors quote a flag as Node does (`Unknown option '--bogus'`).
        for (const [key, text] of Object.entries(catalogues[lang])) expect(`${lang} ${key}: ${text.replaceAll("''{", '{').replaceAll("}''", '}')}`).not.toMatch(/'[{}#|']/);
      }
    });

    it('French uses the typographic apostrophe and a no-break space before : ! ? ;', () => {
      for (const [key, text] of Object.entries(catalogues.fr)) {
        expect(`${key}: ${text}`).not.toMatch(/[a-zà-ÿ]'[a-zà-ÿ]/i);
        expect(`${key}: ${text}`).not.toMatch(/ [:!?;](\s|$)/);
      }
    });
  });
}

sameInEveryLanguage('the catalogues', CATALOGUES);
sameInEveryLanguage("the command line's catalogues", CLI_CATALOGUES);
sameInEveryLanguage("the guide's catalogues", GUIDE_CATALOGUES);

describe('the catalogues', () => {
  const en = CATALOGUES.en;

  it('the game\'s, the command line\'s and the guide\'s share no key', () => {
    const keys = [CATALOGUES.en, CLI_CATALOGUES.en, GUIDE_CATALOGUES.en].flatMap((c) => Object.keys(c));
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('isolates a right-to-left name from the sentence around it, and leaves other values as they are', () => {
    for (const lang of LANGS) {
      const w = wordsIn(lang);
      const rtl = w.t('event.draw', { who: 'سارة', you: 'no', cards: '3' });
      // Without the isolate, the 3 after an Arabic name reads as part of it, to its left.
      expect(rtl, lang).toContain('\u2068سارة\u2069');
      expect(rtl.replace(/[\u2068\u2069]/g, ''), lang).toBe(w.t('event.draw', { who: 'Zoé', you: 'no', cards: '3' }).replace('Zoé', 'سارة'));
      expect(w.t('event.draw', { who: 'Zoé', you: 'no', cards: '3' }), lang).not.toMatch(/[\u2066-\u2069]/);
    }
  });

  it('a catalogue that drops a placeholder is caught (the check itself can fail)', () => {
    const strip = (m: Map<string, string>) => [...m.keys()].sort().join(' ');
    expect(strip(placeholders('{who} played {cards}', 'en'))).not.toBe(strip(placeholders('{who} a posé', 'fr')));
  });

  it('has a key for every member of the data the code words by key', () => {
    const state = readFileSync(path.join(root, 'game/state.ts'), 'utf8');
    const refusals = [...state.slice(state.indexOf('export type Refusal')).matchAll(/\{ why: '([a-z0-9-]+)'/g)].map((m) => m[1]);
    expect(refusals.length).toBeGreaterThan(30);
    const reasons = [...PRESS_REASONS];
    expect(reasons).toContain('hit2');
    const needed = [
      ...refusals.map((r) => `refuse.${r}`),
      ...reasons.map((r) => `reason.${r}`),
      ...CARD_KINDS.flatMap((k) => [`card.${k}`, `kind.${k}`, ...(k === 'number' ? [] : [`face.${k}`, `corner.${k}`])]),
      ...COLOURS.flatMap((c) => [`colour.${c}`, `colour.${c}.f`, `colour.${c}.title`, `key.${c}`]),
      ...['press', 'colour', 'challenge', 'stack', 'drawn', 'playAgain'].map((k) => `waiting.${k}`),
      ...['here', 'free', 'bot', 'away', 'standIn', 'removed'].map((k) => `seat.${k}`),
    ];
    expect(needed.filter((k) => !(k in en))).toEqual([]);
    expect(CARD_KINDS.map((k) => `guide.effect.${k}`).filter((k) => !(k in GUIDE_CATALOGUES.en))).toEqual([]);
  });

  it('the terminal keys of the colours are distinct letters, and none is a move key', () => {
    for (const lang of LANGS) {
      const w = wordsIn(lang);
      const letters = COLOURS.map((c) => w.t(`key.${c}` as Key));
      expect(new Set(letters).size).toBe(4);
      for (const l of letters) expect('pshacuq').not.toContain(l);
    }
  });
});

describe("the reader's language", () => {
  it('is the first of their languages the game speaks, English otherwise', () => {
    expect(langOf(['fr-FR', 'en'])).toBe('fr');
    expect(langOf(['de-DE', 'fr-CA'])).toBe('fr');
    expect(langOf(['de-DE'])).toBe('en');
    expect(langOf([])).toBe('en');
  });

  it("a terminal's: LC_ALL, then LC_MESSAGES, then LANG; C and POSIX are English", () => {
    expect(langOfEnv({ LANG: 'fr_FR.UTF-8' })).toBe('fr');
    expect(langOfEnv({ LC_ALL: 'en_GB.UTF-8', LANG: 'fr_FR.UTF-8' })).toBe('en');
    expect(langOfEnv({ LC_ALL: '', LC_MESSAGES: 'fr_BE', LANG: 'C' })).toBe('fr');
    expect(langOfEnv({ LANG: 'C.UTF-8' })).toBe('en');
    expect(langOfEnv({})).toBe('en');
  });

  it('plurals come from the language: 0 and 1 card are singular in French, 0 is plural in English', () => {
    expect(wordsIn('fr').t('cards.count', { n: 0 })).toBe('0 carte');
    expect(wordsIn('fr').t('cards.count', { n: 2 })).toBe('2 cartes');
    expect(wordsIn('en').t('cards.count', { n: 0 })).toBe('0 cards');
    expect(wordsIn('en').t('cards.count', { n: 1 })).toBe('1 card');
  });
});

/**
 * What "an English word" means when a test checks that a French screen shows none: one of the
 * English catalogues' distinctive words (the game's and the command line's), those no French message uses.
 */
import { RULE_SETS } from '../../game/rules.ts';
import { LANGS, langSelfName } from '../../words/catalogue.ts';
import { CLI_CATALOGUES } from '../../words/cli.ts';
import { EN } from '../../words/en.ts';
import { FR } from '../../words/fr.ts';
import { ROOMS_EN } from '../../words/rooms.en.ts';
import { ROOMS_FR } from '../../words/rooms.fr.ts';

/** Every message of each language a screen may show: the game's, game night's server's, the command line's. */
const MESSAGES = { en: [EN, ROOMS_EN, CLI_CATALOGUES.en], fr: [FR, ROOMS_FR, CLI_CATALOGUES.fr] };

/** The words of a text, lower case (letters only, accents kept; shorter than 3 letters left out). */
export const wordsOf = (text: string): string[] => text.toLowerCase().match(/\p{L}{3,}/gu) ?? [];

/**
 * The English catalogue's distinctive words: every word of its messages that no French message
 * uses (ICU syntax aside), so a word both languages share ("table", "points", "UNO") is not
 * counted as English; nor are the game's own names (rule sets, bots) nor each language's own name.
 */
export function englishOnly(): Set<string> {
  return onlyIn('en');
}

/** The French catalogue's distinctive words, as {@link englishOnly} has the English ones: what an English screen must not show. */
export function frenchOnly(): Set<string> {
  return onlyIn('fr');
}

function onlyIn(lang: 'en' | 'fr'): Set<string> {
  // ICU syntax aside, and what a message quotes for the reader to type (`launcher --log`, `uno-extreme launcher …`): code, not words.
  const strip = (m: string) =>
    m.replace(/\{[a-zA-Z0-9]+(, (select|plural|number))?/g, ' ').replace(/\b(other|one|yes|no)\b \{/g, ' ').replace(/`[^`]*`/g, ' ').replace(/\buno-extreme( [a-z]+)?/g, ' ');
  const wordsIn = (l: 'en' | 'fr') => new Set(MESSAGES[l].flatMap((c) => Object.values(c) as string[]).flatMap((m) => wordsOf(strip(m))));
  const other = wordsIn(lang === 'en' ? 'fr' : 'en');
  const own = wordsIn(lang);
  // The game's own names, the same in both: the rule sets' ids, the bots' kinds, the program.
  const shared = ['uno', 'extreme', 'attack', 'ismcts', 'heuristic', 'random', 'first', 'seed', 'csv', 'json', ...Object.keys(RULE_SETS).flatMap(wordsOf)];
  // Each language's name in itself, in the picker: "English" is there on purpose, for a reader of English.
  for (const l of LANGS) shared.push(...wordsOf(langSelfName(l)));
  return new Set([...own].filter((word) => !other.has(word) && !shared.includes(word)));
}

/**
 * What "an English word" means when a test checks that a French screen shows none: one of the
 * English catalogue's distinctive words, those no French message uses.
 */
import { CATALOGUES } from '../../words/catalogue.ts';
// Game night's server's words are words a screen may show.
import '../../words/rooms.ts';

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
  const strip = (m: string) => m.replace(/\{[a-zA-Z0-9]+(, (select|plural|number))?/g, ' ').replace(/\b(other|one|yes|no)\b \{/g, ' ');
  const other = new Set(Object.values(CATALOGUES[lang === 'en' ? 'fr' : 'en']).flatMap((m) => wordsOf(strip(m))));
  const own = new Set(Object.values(CATALOGUES[lang]).flatMap((m) => wordsOf(strip(m))));
  // The game's own names, the same in both: the rule sets' ids, the bots' kinds, the program.
  const shared = ['uno', 'extreme', 'attack', 'ismcts', 'heuristic', 'random', 'first', 'seed', 'csv', 'json'];
  // Each language's name in itself, in the picker: "English" is there on purpose, for a reader of English.
  for (const c of Object.values(CATALOGUES)) shared.push(...wordsOf(c['page.langName']!));
  return new Set([...own].filter((word) => !other.has(word) && !shared.includes(word)));
}

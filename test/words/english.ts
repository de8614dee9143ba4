/**
 * What "an English word" means when a test checks that a French screen shows none: one of the
 * English catalogue's distinctive words, those no French message uses.
 */
import { LANGS, langSelfName } from '../../words/catalogue.ts';
import { EN } from '../../words/en.ts';
import { FR } from '../../words/fr.ts';

const CATALOGUES = { en: EN, fr: FR };

/** The words of a text, lower case (letters only, accents kept; shorter than 3 letters left out). */
export const wordsOf = (text: string): string[] => text.toLowerCase().match(/\p{L}{3,}/gu) ?? [];

/**
 * The English catalogue's distinctive words: every word of its messages that no French message
 * uses (ICU syntax aside), so a word both languages share ("table", "points", "UNO") is not
 * counted as English; nor are the game's own names (rule sets, bots) nor each language's own name.
 */
export function englishOnly(): Set<string> {
  const strip = (m: string) => m.replace(/\{[a-zA-Z0-9]+(, (select|plural|number))?/g, ' ').replace(/\b(other|one|yes|no)\b \{/g, ' ');
  const french = new Set(Object.values(CATALOGUES.fr).flatMap((m) => wordsOf(strip(m))));
  const english = new Set(Object.values(CATALOGUES.en).flatMap((m) => wordsOf(strip(m))));
  // The game's own names, the same in both: the rule sets' ids, the bots' kinds, the program.
  const shared = ['uno', 'extreme', 'attack', 'ismcts', 'heuristic', 'random', 'first', 'seed', 'csv', 'json'];
  // Each language's name in itself, in the picker: "English" is there on purpose, for a reader of English.
  for (const l of LANGS) shared.push(...wordsOf(langSelfName(l)));
  return new Set([...english].filter((word) => !french.has(word) && !shared.includes(word)));
}

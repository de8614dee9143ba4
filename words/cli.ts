/**
 * The command line's words (Node only): its catalogue in each language (words/cli-en.ts,
 * words/cli-fr.ts) and the wording of a {@link Said} message, an error's included. Kept apart
 * from the game's catalogue so that the page and its workers, which bundle that one, never carry
 * the help of every command (some 30 KB gzipped in each of the three bundles).
 */
import { orList, wordsFrom, wordsIn, type Lang, type Words } from './catalogue.ts';
import { CLI_EN, type CliKey } from './cli-en.ts';
import { CLI_FR } from './cli-fr.ts';
import { sayWith } from './reasons.ts';
import { saidOf, type Said } from './said.ts';

export { orList };

export type { CliKey } from './cli-en.ts';

/** The command line's words in a language. */
export type CliWords = Words<CliKey>;

/** The command line's catalogue of each language: the same keys, each an ICU MessageFormat message. */
export const CLI_CATALOGUES: Readonly<Record<Lang, Readonly<Record<CliKey, string>>>> = { en: CLI_EN, fr: CLI_FR };

const made = new Map<Lang, CliWords>();

/** The command line's words in `lang` (made once per language). */
export function cliWordsIn(lang: Lang): CliWords {
  let w = made.get(lang);
  if (!w) made.set(lang, (w = wordsFrom(lang, CLI_CATALOGUES[lang])));
  return w;
}

/** The command line's English: its errors' `message`. */
export const CLI_EN_WORDS: CliWords = cliWordsIn('en');

/**
 * `x` with `digits` decimals as the language of `w` writes them (`0.250`, `0,250`), without a
 * thousands separator: the same text as `x.toFixed(digits)` in English, rounded as it rounds (the
 * number's exact value: 23.685 is 23.68, where Intl.NumberFormat says 23.69); `upTo`: at most
 * `digits` (`4.2`, `4,2`), as `String(x)` writes a number already rounded.
 */
export function decimal(w: { readonly lang: Lang }, x: number, digits: number, upTo = false): string {
  const fixed = x.toFixed(digits);
  return numeral(w, upTo && fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed);
}

/**
 * A number JavaScript wrote (`toPrecision`, `toExponential`, `String` of a number already
 * rounded) with the decimal sign of `w`'s language: the same text in English, `1,56e-146` in French.
 */
export function numeral(w: { readonly lang: Lang }, text: string): string {
  return w.lang === 'en' ? text : text.replace('.', decimalSign(w.lang));
}

/** Each language's decimal sign, asked of Intl once: a report's chart words hundreds of numbers. */
const decimalSigns = new Map<Lang, string>();

function decimalSign(lang: Lang): string {
  let sign = decimalSigns.get(lang);
  if (sign === undefined) decimalSigns.set(lang, (sign = new Intl.NumberFormat(lang).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.'));
  return sign;
}

/** `share` (0..1) as a percentage with `digits` decimals, as `w`'s language writes one (`60.3 %`, `60,3 %`). */
export function percent(w: CliWords, share: number, digits = 1): string {
  return w.t('cli.percent', { x: decimal(w, share * 100, digits) });
}

/**
 * `s` in the words of `w`, each inner message worded first; a reason and a notice inside by the
 * game's catalogue of the same language, which must be loaded for it (`loadLang`, as cli/main.ts does).
 */
export function sayIn(w: CliWords, s: Said): string {
  return sayWith(() => wordsIn(w.lang), w, s)!;
}

/** `s` in English: an error's `message`. */
export const english = (s: Said): string => sayIn(CLI_EN_WORDS, s);

/** The error `e`'s message in the words of `w`: its catalogue message when it has one, else its own (English) text. */
export function errorIn(w: CliWords, e: unknown): string {
  const s = saidOf(e);
  return s ? sayIn(w, s) : String((e as Error)?.message ?? e);
}

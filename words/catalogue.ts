/**
 * Every word a person reads, one catalogue per language (words/en.ts, words/fr.ts): each key an
 * ICU MessageFormat message (plurals, selects), formatted by intl-messageformat, whose plurals are
 * the browser's or Node's own `Intl.PluralRules`. What the rules decide travels as data (events,
 * refusals with their parameters, a launcher's attention, a question's steps) and each front end
 * words it here, in the reader's language. A new language is one more catalogue with the same
 * keys and placeholders (test/words/catalogue.test.ts); a new message is one key in each.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { EN, type Key } from './en.ts';
import { FR } from './fr.ts';

export type { Key } from './en.ts';

/** The languages the game speaks. */
export type Lang = 'en' | 'fr';

/** Every language, the default first. */
export const LANGS: readonly Lang[] = ['en', 'fr'];

/** The catalogue of each language: the same keys, each an ICU MessageFormat message. */
export const CATALOGUES: Readonly<Record<Lang, Readonly<Record<Key, string>>>> = { en: EN, fr: FR };

/** What a message's placeholders are given: words already worded, or numbers a plural reads. */
export type Values = Readonly<Record<string, string | number>>;

/** A language's words: `t(key, values)` formats the key's message. */
export interface Words<K extends string = Key> {
  readonly lang: Lang;
  t(key: K, values?: Values): string;
}

/**
 * Words read from `catalogue`, a catalogue of `lang` (this module's, or a part of the page's
 * loaded only where it is shown, as the guide's); each message is parsed the first time it is
 * used, then kept.
 */
export function wordsFrom<K extends string>(lang: Lang, catalogue: Readonly<Record<K, string>>): Words<K> {
  const formats = new Map<K, IntlMessageFormat>();
  return {
    lang,
    t(key, values) {
      let f = formats.get(key);
      if (!f) {
        const text = catalogue[key];
        // A key missing is a programmer's mistake the catalogue test catches; never shown as blank.
        if (text === undefined) throw new Error(`no message ${JSON.stringify(key)} in the ${lang} catalogue`);
        f = new IntlMessageFormat(text, lang);
        formats.set(key, f);
      }
      return String(f.format(values as Record<string, string | number>));
    },
  };
}

const made = new Map<Lang, Words>();

/** The words of `lang`. */
export function wordsIn(lang: Lang): Words {
  let w = made.get(lang);
  if (!w) made.set(lang, (w = wordsFrom(lang, CATALOGUES[lang])));
  return w;
}

/** The English words: the library's own messages (a refusal's `message`, thrown errors' text). */
export const EN_WORDS: Words = wordsIn('en');

/**
 * The language to speak to a reader whose preferences are `tags`, best first (BCP 47 tags such as
 * a browser's `navigator.languages`, or POSIX locales such as `fr_FR.UTF-8` from `LANG`): the first
 * one the game speaks, English when none is.
 */
export function langOf(tags: readonly (string | null | undefined)[]): Lang {
  for (const tag of tags) {
    if (!tag) continue;
    const base = tag.toLowerCase().split(/[-_.@]/)[0];
    if ((LANGS as readonly string[]).includes(base)) return base as Lang;
  }
  return 'en';
}

/** `lang` when it is one the game speaks, else null (a `--lang` flag, a stored choice). */
export function knownLang(lang: unknown): Lang | null {
  return typeof lang === 'string' && (LANGS as readonly string[]).includes(lang) ? (lang as Lang) : null;
}

/**
 * The language of a terminal: `LC_ALL`, then `LC_MESSAGES`, then `LANG`, as POSIX orders them (the
 * first one set decides; `C` and `POSIX` are English).
 */
export function langOfEnv(env: Readonly<Record<string, string | undefined>>): Lang {
  const set = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((v) => v !== undefined && v !== '');
  return langOf([set]);
}

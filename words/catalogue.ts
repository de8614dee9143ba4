/**
 * Every word a person reads, one catalogue per language (words/en.ts, words/fr.ts): each key an
 * ICU MessageFormat message (plurals, selects), formatted by intl-messageformat, whose plurals are
 * the browser's or Node's own `Intl.PluralRules`. What the rules decide travels as data (events,
 * refusals with their parameters, a launcher's attention, a question's steps) and each front end
 * words it here, in the reader's language. A new language is one more catalogue with the same
 * keys and placeholders (test/words/catalogue.test.ts); a new message is one key in each.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { EN, type Key as GameKey } from './en.ts';
import { FR } from './fr.ts';
import type { RoomKey } from './rooms.en.ts';

/** A message's key: the game's (words/en.ts), or game night's server's (words/rooms.en.ts, once words/rooms.ts is loaded). */
export type Key = GameKey | RoomKey;

/** The languages the game speaks. */
export type Lang = 'en' | 'fr';

/** Every language, the default first. */
export const LANGS: readonly Lang[] = ['en', 'fr'];

const catalogues: Record<Lang, Partial<Record<Key, string>>> = { en: { ...EN }, fr: { ...FR } };

/**
 * The catalogue of each language: the same keys, each an ICU MessageFormat message. The game's
 * always; game night's server's once words/rooms.ts is loaded ({@link addMessages}).
 */
export const CATALOGUES: Readonly<Record<Lang, Readonly<Partial<Record<Key, string>>>>> = catalogues;

/** Adds messages to every language's catalogue (a module's own words: words/rooms.ts). */
export function addMessages(more: Readonly<Record<Lang, Readonly<Record<string, string>>>>): void {
  for (const lang of LANGS) Object.assign(catalogues[lang], more[lang]);
}

/** What a message's placeholders are given: words already worded, or numbers a plural reads. */
export type Values = Readonly<Record<string, string | number>>;

/** A language's words: `t(key, values)` formats the key's message. */
export interface Words {
  readonly lang: Lang;
  t(key: Key, values?: Values): string;
}

const made = new Map<Lang, Words>();

/** The words of `lang`; each message is parsed the first time it is used, then kept. */
export function wordsIn(lang: Lang): Words {
  let w = made.get(lang);
  if (w) return w;
  const catalogue = CATALOGUES[lang];
  const formats = new Map<Key, IntlMessageFormat>();
  w = {
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
  made.set(lang, w);
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

/**
 * Every word a person reads, one catalogue per language (words/en.ts, words/fr.ts): each key an
 * ICU MessageFormat message (plurals, selects), formatted by intl-messageformat, whose plurals are
 * the browser's or Node's own `Intl.PluralRules`. What the rules decide travels as data (events,
 * refusals with their parameters, a launcher's attention, a question's steps) and each front end
 * words it here, in the reader's language. A new language is one more catalogue with the same
 * keys and placeholders (test/words/catalogue.test.ts); a new message is one key in each.
 *
 * English is always here (the library's own messages); another language's catalogue is loaded when
 * a reader first needs it ({@link loadLang}), so a page read in English never fetches French.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { EN, type Key as GameKey } from './en.ts';
import type { PositionKey } from './position.en.ts';
import type { RoomKey } from './rooms.en.ts';

/**
 * A message's key: the game's (words/en.ts), game night's server's (words/rooms.en.ts, once
 * words/rooms.ts is loaded), or a position's reason in a language other than English (words/position.*.ts,
 * loaded with that language: see {@link sayWith}).
 */
export type Key = GameKey | RoomKey | PositionKey;

/** The languages the game speaks. */
export type Lang = 'en' | 'fr';

/** Every language, the default first. */
export const LANGS: readonly Lang[] = ['en', 'fr'];

/** A language's catalogue: keys, each an ICU MessageFormat message. */
export type Catalogue = Readonly<Partial<Record<Key, string>>>;

/**
 * The messages of each language loaded so far: the game's English from the start, the game's
 * other languages when a reader first needs them ({@link loadLang}), and a part's own words
 * (game night's, words/rooms.ts) in every language when its module loads ({@link addMessages}).
 */
const loaded: Record<Lang, Partial<Record<Key, string>>> = { en: { ...EN }, fr: {} };

/** The languages whose game catalogue is loaded. */
const spoken = new Set<Lang>(['en']);

/** Where each other language's game catalogue is loaded from (a module of its own in the page's build). */
const LOADERS: Readonly<Record<Exclude<Lang, 'en'>, () => Promise<Catalogue>>> = {
  fr: () => import('./fr.ts').then((m) => ({ ...m.FR, ...m.POSITION_FR })),
};

/** The messages of `lang` when its game catalogue is loaded ({@link loadLang}), else undefined. */
export function catalogueOf(lang: Lang): Catalogue | undefined {
  return spoken.has(lang) ? loaded[lang] : undefined;
}

/** Loads the game catalogue of `lang` (once; at once for English): then {@link wordsIn} speaks it. */
export async function loadLang(lang: Lang): Promise<Words> {
  if (lang !== 'en' && !spoken.has(lang)) {
    Object.assign(loaded[lang], await LOADERS[lang]());
    spoken.add(lang);
  }
  return wordsIn(lang);
}

/** Adds messages to every language (a part's own words, words/rooms.ts), whether or not the language is loaded yet. */
export function addMessages(more: Readonly<Record<Lang, Readonly<Record<string, string>>>>): void {
  for (const lang of LANGS) Object.assign(loaded[lang], more[lang]);
}

/** What a message's placeholders are given: words already worded, or numbers a plural reads. */
export type Values = Readonly<Record<string, string | number>>;

/** A language's words: `t(key, values)` formats the key's message (of the game's catalogue unless told). */
export interface Words<K extends string = Key> {
  readonly lang: Lang;
  t(key: K, values?: Values): string;
}

const made = new Map<Lang, Words>();

/** Letters of the right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko, Adlam and their kin). */
const RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFC\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;

/**
 * The values as a sentence may hold them: a text with right-to-left letters (a person's name, most
 * often) set between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE, so that it cannot carry the
 * digits and punctuation after it into its own direction ("سارة 3 cards" read as "3 سارة cards").
 * MessageFormat 2 isolates its placeholders the same way; both our languages are left-to-right,
 * so a left-to-right value needs nothing and the text stays free of invisible characters.
 */
function isolated(values: Values | undefined): Values | undefined {
  if (!values) return values;
  let out: Record<string, string | number> | undefined;
  for (const [k, v] of Object.entries(values)) {
    if (typeof v !== 'string' || !RTL.test(v)) continue;
    out ??= { ...values };
    out[k] = `\u2068${v}\u2069`;
  }
  return out ?? values;
}

/** The words of `lang`, the game's catalogue, once it is loaded ({@link loadLang}); made once per language. */
export function wordsIn(lang: Lang): Words {
  let w = made.get(lang);
  if (w) return w;
  if (!spoken.has(lang)) throw new Error(`the ${lang} catalogue is not loaded: loadLang('${lang}') first`);
  made.set(lang, (w = wordsFrom(lang, loaded[lang])));
  return w;
}

/**
 * The words of `catalogue`, in `lang`: the game's (wordsIn), or another catalogue of the same
 * form (the command line's, words/cli.ts, kept out of the page). Each message is parsed the
 * first time it is used, then kept.
 */
export function wordsFrom<K extends string>(lang: Lang, catalogue: Readonly<Partial<Record<K, string>>>): Words<K> {
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
      return String(f.format(isolated(values) as Record<string, string | number>));
    },
  };
}

/** The English words: the library's own messages (a refusal's `message`, thrown errors' text). */
export const EN_WORDS: Words = wordsIn('en');

/**
 * `items` as "a, b or c" in the words of `w`. English as British English writes it (no comma
 * before "or"), as the project's other English does.
 */
export function orList(w: { readonly lang: Lang }, items: readonly string[]): string {
  return new Intl.ListFormat(w.lang === 'en' ? 'en-GB' : w.lang, { type: 'disjunction' }).format(items);
}

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

/**
 * A language named in itself (`English`, `Français`), as a picker shows it so a reader finds theirs
 * whatever is shown: the platform's own names (`Intl.DisplayNames`), which need no catalogue loaded.
 */
export function langSelfName(lang: Lang): string {
  const name = new Intl.DisplayNames([lang], { type: 'language' }).of(lang) ?? lang;
  return name.charAt(0).toLocaleUpperCase(lang) + name.slice(1);
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

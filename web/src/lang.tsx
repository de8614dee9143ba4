/**
 * The page's language: the reader's choice when they made one (kept in the browser's storage, so
 * each phone and the table screen of a game night keeps its own), else the browser's language
 * (`navigator.languages`), else English. Every component words what it shows through
 * {@link useWords}; `<html lang>` and the title follow the language. English is in the page's
 * script; another language's catalogue is fetched when a reader first needs it (words/catalogue.ts,
 * loadLang), before the first render for a reader of it, and kept by the service worker for a page
 * opened offline.
 */
import { createContext, type ComponentChildren } from 'preact';
import { useContext, useEffect, useState } from 'preact/hooks';
import { knownLang, LANGS, langOf, langSelfName, loadLang, wordsIn, type Lang, type Words } from '../../words/catalogue.ts';

/** The storage key of the reader's choice of language. */
export const LANG_KEY = 'uno-extreme-lang';

/** The language to show: the stored choice, else the browser's first language the game speaks. */
export function pageLang(store: Pick<Storage, 'getItem'>, languages: readonly string[] = navigator.languages ?? [navigator.language]): Lang {
  let chosen: string | null = null;
  try {
    chosen = store.getItem(LANG_KEY);
  } catch {
    // Storage refused (a private window's quota, a sandbox): the browser's language decides.
  }
  return knownLang(chosen) ?? langOf(languages);
}

const WordsContext = createContext<{ w: Words; setLang: (lang: Lang) => void }>({ w: wordsIn('en'), setLang: () => {} });

/** The words of the page's language. */
export function useWords(): Words {
  return useContext(WordsContext).w;
}

/**
 * Holds the page's language for everything inside it, and keeps `<html lang>` and the title in step.
 * `first`: the language to start in, its catalogue loaded.
 */
export function LangProvider({ store, first, children }: { store: Storage; first: Lang; children: ComponentChildren }) {
  const [lang, setLangState] = useState<Lang>(first);
  const w = wordsIn(lang);
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  const setLang = (next: Lang) => {
    try {
      store.setItem(LANG_KEY, next);
    } catch {
      // Not kept: the choice holds until the page is reloaded.
    }
    // A catalogue that cannot be fetched (the server stopped before the service worker kept the
    // page) leaves the page in its language; the choice is kept for the next load.
    void loadLang(next).then(() => setLangState(next), () => {});
  };
  return <WordsContext.Provider value={{ w, setLang }}>{children}</WordsContext.Provider>;
}

/**
 * The language picker: each language named in itself, so a reader finds theirs whatever is shown.
 * It sits in forms (New game, joining a game night), not in the menu bar, whose one line the
 * table's layout counts on.
 */
export function LangPicker() {
  const { w, setLang } = useContext(WordsContext);
  return (
    <label class="lang">
      {w.t('page.language')}
      <select value={w.lang} onChange={(e) => setLang(e.currentTarget.value as Lang)}>
        {LANGS.map((l) => <option key={l} value={l} lang={l}>{langSelfName(l)}</option>)}
      </select>
    </label>
  );
}

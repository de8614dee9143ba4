/**
 * A library's refusals that carry their message of the command line's catalogue (`said`) beside
 * the English they write themselves, as the files the page bundles do (a rule file's, a launcher
 * profile's): the checks that hold the two together and the French free of English words.
 */
import { expect } from 'vitest';
import { cliWordsIn, english, sayIn } from '../../words/cli.ts';
import { saidOf } from '../../words/said.ts';
import { englishOnly, wordsOf } from './english.ts';

const FR = cliWordsIn('fr');
const ENGLISH = englishOnly();

/** The error of class `kind` that `make` throws. */
export function thrownBy<E extends Error>(make: () => unknown, kind: abstract new (...args: never[]) => E): E {
  try {
    make();
  } catch (e) {
    expect(e).toBeInstanceOf(kind);
    return e as E;
  }
  throw new Error('no error thrown');
}

/**
 * Each case (keyed by the catalogue key its reason names, or the one `named` gives) throws a
 * `kind` whose `said` words its English `message` exactly, and in French differs from it with no
 * English word but `fields` (what the file's own fields and values are called, typed in every
 * language) outside quotes, paths and examples.
 */
export function expectSaidInFrench<E extends Error>(
  cases: Readonly<Record<string, () => unknown>>,
  kind: abstract new (...args: never[]) => E,
  fields: ReadonlySet<string>,
  named: (key: string) => string = (key) => key,
): void {
  for (const [key, make] of Object.entries(cases)) {
    const e = thrownBy(make, kind);
    const s = saidOf(e);
    expect(s, `${key}: ${e.message}`).toBeDefined();
    expect(english(s!), key).toBe(e.message);
    // The reason inside names the case: the samples reach every message they are named for.
    expect(JSON.stringify(s), key).toContain(named(key));
    const fr = sayIn(FR, s!);
    expect(fr, key).not.toBe(e.message);
    const words = wordsOf(fr.replace(/"[^"]*"|«[^»]*»|\S*[./[\]{}]\S*/g, ' ')).filter((w) => ENGLISH.has(w) && !fields.has(w));
    expect(words, `${key}: ${fr}`).toEqual([]);
  }
}

/**
 * A message not yet worded: its key in the command line's catalogue (words/cli-en.ts) or, for why
 * a file or a setup cannot be used (`reason.*`), in the game's (words/en.ts), and its parameters,
 * some of them messages in turn (a file's reason inside the line that names the file). An error a
 * person may meet carries one, as a refusal carries its rule: its `message` is the English
 * wording, for logs and the library's callers, and the program words it again in its reader's
 * language (words/cli.ts), the page too when every key in it is a reason (words/reasons.ts). Data
 * only, so the rules and the launcher, which the page bundles too, can say what their errors mean
 * without carrying the command line's words.
 */
import type { CliKey } from './cli-en.ts';
import type { Key } from './catalogue.ts';
import type { NoticeWords } from '../firmware-bridge/notices.ts';
import type { Refusal } from '../game/state.ts';

/** A reason's key: in the game's catalogue, so the page words it too. */
export type ReasonKey = Extract<Key, `reason.${string}`>;

/**
 * What a placeholder is given: a text or a number as it is, a message worded, choices joined as
 * "a, b or c", a board's notice (a launcher that stopped answering) or a refused move (a save's
 * move that does not replay, seats named `seat N`), worded by the game's catalogue.
 */
export type SaidValue = string | number | Said | { readonly or: readonly string[] } | { readonly notice: NoticeWords } | { readonly refusal: Refusal };

/** A message: a key of the command line's catalogue or a reason's, and what its placeholders are given. */
export interface Said {
  readonly key: CliKey | ReasonKey;
  readonly values?: Readonly<Record<string, SaidValue>>;
}

/** The message `key` with `values`. */
export function said(key: CliKey | ReasonKey, values?: Said['values']): Said {
  return values ? { key, values } : { key };
}

/** What an error carries to be said again in another language, when it was built from the catalogue. */
export function saidOf(e: unknown): Said | undefined {
  const s = (e as { said?: unknown } | null)?.said;
  return typeof s === 'object' && s !== null && typeof (s as Said).key === 'string' ? (s as Said) : undefined;
}

/**
 * `e` carrying `s`, the message it says in English, for the library's errors (a rule file's, a
 * save's) whose classes take only their text: a front end words it in its reader's language. Not
 * enumerable, so the error compares and prints as the library's callers know it.
 */
export function withSaid<E extends Error>(e: E, s: Said): E & { readonly said: Said } {
  return Object.defineProperty(e, 'said', { value: s, enumerable: false }) as E & { readonly said: Said };
}


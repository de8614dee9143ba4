/**
 * Checks shared by every reader of text a user hands the program (saves, profiles, rule files,
 * press logs), pure so that the browser game runs them on a file the user picks: JSON of a
 * bounded depth, keys checked against the known ones with the nearest named, text made safe to
 * print on a terminal.
 */
import { said, withSaid, type Said } from '../words/said.ts';

/**
 * The deepest nesting any of the project's files uses is a handful of levels; deeper text is
 * refused before it is parsed, since walking a deep value (hashing it, printing it) recurses.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * The largest file of each kind read, in bytes (the CLI's reader, lib/files.ts, and a page
 * checking a picked file's size before reading it): far above any real one (a long match's save is
 * well under a megabyte, a profile or a rule file a few kilobytes, a press log of a million
 * presses about 60 MB, a simulation part with a million games' CSV rows about 100 MB, a position
 * one line of a few hundred bytes), low
 * enough that reading one costs no memory worth mentioning.
 */
export const READ_CAPS = {
  save: 16 * 2 ** 20,
  profile: 2 ** 20,
  rules: 2 ** 20,
  log: 128 * 2 ** 20,
  part: 256 * 2 ** 20,
  position: 2 ** 16,
  // An ATmega328P's 32 KB of flash is some 90 KB of Intel HEX.
  firmware: 2 ** 20,
} as const;

/**
 * Text that is not JSON, or nested deeper than {@link MAX_JSON_DEPTH}: says which and where, its
 * `said` in the catalogue's words (`reason.json.*`) for the reader's language.
 */
export class JsonTextError extends Error {
  override name = 'JsonTextError';
}

/** The depth of the deepest array or object in JSON text, up to `limit + 1` (the scan stops there). */
function jsonDepth(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > deepest && (deepest = depth) > limit) return deepest;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/**
 * Parses JSON text a user gave, refusing nesting deeper than `maxDepth`. Throws a
 * {@link JsonTextError} whose message says what is wrong (without the file's name: the caller
 * adds it).
 */
export function parseJsonText(text: string, maxDepth = MAX_JSON_DEPTH): unknown {
  if (jsonDepth(text, maxDepth) > maxDepth) {
    throw withSaid(new JsonTextError(`is nested more than ${maxDepth} levels deep: no valid file is`), said('reason.json.deep', { max: String(maxDepth) }));
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    const { what, line, column } = syntaxError((e as Error).message, text);
    const english = line === undefined ? what : `${what} at line ${line}, column ${column}`;
    // The parser's own words stay as it says them, quoted in another language; the position is worded.
    const at: Record<string, string> = line === undefined ? { at: 'no' } : { at: 'yes', line: String(line), column: String(column) };
    throw withSaid(new JsonTextError(`is not valid JSON (${english})`), said('reason.json.invalid', { what, ...at }));
  }
}

/**
 * V8's syntax error in a few words and the line and column it names, without the piece of the
 * text it quotes (which could hold anything, control characters included).
 */
function syntaxError(message: string, text: string): { what: string; line?: number; column?: number } {
  const at = /at position (\d+)/.exec(message);
  const what = terminalText(message.replace(/, ".*" is not valid JSON$/s, '').replace(/( in JSON)? at position \d+.*$/s, '')).slice(0, 80);
  if (!at) return { what };
  const before = text.slice(0, Number(at[1]));
  return { what, line: before.split('\n').length, column: before.length - before.lastIndexOf('\n') };
}

/**
 * The entry of `table` that a name a user gave picks, or undefined. Only the table's own entries
 * count: indexing a plain object with `constructor`, `__proto__` or `toString` would reach what
 * every object inherits and pass it on as if it were a rule set, a profile or a device kind.
 */
export function byName<T>(table: Readonly<Record<string, T>>, name: string): T | undefined {
  return Object.hasOwn(table, name) ? table[name] : undefined;
}

/** Edit distance (insertions, deletions, substitutions), case-insensitive. */
function distance(a: string, b: string): number {
  a = a.toLowerCase();
  b = b.toLowerCase();
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length];
}

/** The known name nearest to `name`, when it is close enough to be a typo of it; else null. */
export function nearestName(name: string, known: readonly string[]): string | null {
  let best: string | null = null;
  let bestD = Infinity;
  for (const k of known) {
    const d = distance(name, k);
    if (d < bestD) (best = k), (bestD = d);
  }
  return best !== null && bestD <= Math.max(2, Math.floor(best.length / 3)) ? best : null;
}

/**
 * The first key of `obj` that is not in `known`, with what to say about it (`did you mean …?`,
 * else the list of known keys, each a `noun`), or null when every key is known: in English
 * (`message`), and as the command line's catalogue says it in any language (`said`).
 */
export function unknownKey(obj: object, known: readonly string[], noun: 'field' | 'option' | 'house rule' = 'field'): { key: string; message: string; said: Said } | null {
  for (const key of Object.keys(obj)) {
    if (known.includes(key)) continue;
    const near = nearestName(key, known);
    const shown = terminalText(key.slice(0, 40));
    const kind = noun === 'house rule' ? 'houseRule' : noun;
    return near
      ? { key: shown, message: `unknown ${noun} "${shown}": did you mean ${near}?`, said: said('reason.unknownKey.near', { noun: kind, key: shown, near }) }
      : { key: shown, message: `unknown ${noun} "${shown}": known ${noun}s are ${known.join(', ')}`, said: said('reason.unknownKey.known', { noun: kind, key: shown, known: known.join(', ') }) };
  }
  return null;
}

/**
 * Control characters (C0, DEL, C1) and the invisible formatting ones (zero-width, bidirectional
 * overrides): a name holding them could move the cursor, recolour or clear a terminal, or hide
 * what it says.
 */
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/g;

/**
 * `text` without control characters: for a name that becomes part of the game (a seat, a
 * profile's or a rule set's name), where an escape shown as `\x1b` would only be noise.
 */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, '');
}

/** A control or invisible character as `\xNN` (C0, DEL, C1) or `\u{NNNN}` (the formatting ones). */
function escaped(c: string): string {
  const code = c.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
}

/**
 * Text that came from outside (a file, a device, a name a user typed) as the terminal is to show
 * it: every control and invisible character written out (`\x1b`, `\x07`, `\u{202e}`), so what
 * is there can be seen, and nothing in it can move the cursor, set the window's title or clear
 * the screen. The one function every path from such text to the terminal goes through.
 */
export function terminalText(text: string): string {
  return text.replace(UNPRINTABLE, escaped);
}

/** {@link terminalText} line by line: its line breaks kept, nothing else. */
export function terminalLines(text: string): string {
  return text.split('\n').map(terminalText).join('\n');
}

/** A value as an error message quotes it: short, its control characters shown, and "nothing" for a missing one. */
export function shown(v: unknown): string {
  if (v === undefined) return 'nothing';
  const text = typeof v === 'number' && !Number.isFinite(v) ? String(v) : JSON.stringify(v);
  return terminalText(text.length > 40 ? `${text.slice(0, 37)}...` : text);
}

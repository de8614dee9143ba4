/**
 * The game the page keeps in the browser's storage, so a reload goes on where it was: its whole
 * save (the save file's text, as the terminal writes it) now and then, and between two, a journal
 * of the moves made since (table/journal.ts's lines, as game night's rooms keep them), a key a
 * line. A move costs one short line written, whatever the length of the match; the whole save is
 * written again once the journal holds a share of its size (so its cost, spread over the moves,
 * is as flat), and at each round's start and end (no move: MatchSession's autosave).
 */
import type { LaterMove } from '../../game/index.ts';
import { movesAfter, withJournal, type AfterSave } from '../../table/journal.ts';

/** Where saves go: localStorage in the page, a map in tests. */
export interface SaveStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The storage key of the game in progress (the save file's text, as the CLI writes it). */
export const SAVE_KEY = 'uno-extreme-save';
/** The journal's line `i` (from 0) is kept under this and `i`: localStorage cannot append to a key, and rewriting one key would cost as much as the save. */
export const JOURNAL_KEY = `${SAVE_KEY}.move.`;
/** The whole save is written again once the journal's lines hold this share of its size... */
const JOURNAL_SHARE = 1 / 4;
/** ...or this many lines, whichever comes last (a short save is cheap to write). */
const JOURNAL_MIN_LINES = 16;
/** The events a save keeps (as MatchSession's). */
const EVENTS_KEPT = 40;

/** The journal's lines follow the save with this fingerprint (a save written over another's journal is not followed by it). */
export const JOURNAL_AFTER_KEY = `${SAVE_KEY}.after`;

/** A save's length and hash: two saves of a game, or of two games, differ in one or the other. */
function fingerprint(text: string): string {
  return `${text.length} ${/"hash":"([^"]*)"/.exec(text)?.[1] ?? ''}`;
}

/**
 * The kept game's save text (the launcher and events its journal kept folded in), the journal's
 * moves after it, and whether a line ended them early; null when none is kept.
 */
export function keptGame(store: SaveStore): { text: string; later: LaterMove[]; cut: boolean } | null {
  const whole = store.getItem(SAVE_KEY);
  if (whole === null) return null;
  const none = { text: whole, later: [], cut: false };
  // A save from before the journal, or written over the journal of another one (the page closed as it wrote it).
  if (store.getItem(JOURNAL_AFTER_KEY) !== fingerprint(whole)) return none;
  const lines: string[] = [];
  for (let line; (line = store.getItem(JOURNAL_KEY + lines.length)) !== null;) lines.push(line);
  let after: AfterSave;
  try {
    after = movesAfter(whole, lines);
  } catch {
    // A save that does not read says so where it is read (parsePlaySave).
    return none;
  }
  return { text: withJournal(whole, after, EVENTS_KEPT), later: after.later, cut: after.cut };
}

/** Keeps the page's game in `store`: {@link PageKeeper.keep} at every change (the terminal's {@link PageKeeper.whole} when asked). */
export class PageKeeper {
  /** Lines in the journal since the whole save, and their length. */
  private lines = 0;
  private chars = 0;
  /** The whole save's length, when this keeper wrote it. */
  private wholeChars = 0;

  constructor(private readonly store: SaveStore) {}

  /**
   * Keeps the game: a move just made by its journal line (`line` builds it), unless the journal
   * has grown; else (no move: a game begun, a round's start and end) by the whole save `build`
   * gives. Throws when the storage refuses it (full).
   */
  keep(build: () => string, line?: () => string): void {
    if (!line || this.wholeChars === 0 || (this.lines >= JOURNAL_MIN_LINES && this.chars >= this.wholeChars * JOURNAL_SHARE)) return this.whole(build());
    const text = line();
    this.store.setItem(JOURNAL_KEY + this.lines, text);
    this.lines++;
    this.chars += text.length;
  }

  /**
   * Writes the whole save `text`, then empties the journal and says whose it is now: the page
   * closed at any point of it, what is read back holds every move (the save, its old journal not
   * followed); storage too full for the save leaves the save and journal as they were.
   */
  whole(text: string): void {
    this.store.setItem(SAVE_KEY, text);
    this.wholeChars = text.length;
    // Lines this keeper did not write (a journal read back on load) go too.
    let n = this.lines;
    while (this.store.getItem(JOURNAL_KEY + n) !== null) n++;
    while (n > 0) this.store.removeItem(JOURNAL_KEY + --n);
    this.lines = 0;
    this.chars = 0;
    this.store.setItem(JOURNAL_AFTER_KEY, fingerprint(text));
  }
}

/**
 * The journal of a kept game: a line a move made since its whole save was written, so a long
 * match's every move costs a line, not the whole save. Game night's rooms (rooms/store.ts) and the
 * one-player page (web/src/kept.ts) keep their moves so and read them back alike.
 */
import type { LaterMove, Move, SavedLauncher } from '../game/index.ts';

/**
 * A move as a journal keeps it: its round (0-based), its number in the round (from 1), the move;
 * the launcher's state and aim after it (a few numbers), where there is a launcher: the game
 * replays from its moves, the launcher goes on from its own state; and the lines of the game's
 * events it added, worded (the page's: a room keeps its log with its save).
 */
interface JournalEntry {
  r: number;
  n: number;
  m: Move;
  l?: SavedLauncher;
  a?: number;
  e?: string[];
}

/** What a journal holds after a save: its moves, the launcher as the last one left it, the events they added. */
export interface AfterSave {
  later: LaterMove[];
  /** A line did not read, or its move did not follow: the moves end before it. */
  cut: boolean;
  launcher?: { core: SavedLauncher; aim: number };
  events?: string[];
}

/** The journal line of `move`, the `n`th of round `r`, with the launcher as it is after it and the events it added. */
export function journalLine(r: number, n: number, move: Move, launcher?: { core: SavedLauncher; aim: number }, events?: readonly string[]): string {
  return JSON.stringify({ r, n, m: move, ...(launcher ? { l: launcher.core, a: launcher.aim } : {}), ...(events?.length ? { e: [...events] } : {}) } satisfies JournalEntry);
}

/**
 * The moves of `lines` (a journal, oldest first) made after the save `game` (a play save's text)
 * was written: those it holds already are passed over, the rest must follow it one by one. A line
 * that does not read, or a move that does not follow, ends them there (`cut`: said to the reader).
 */
export function movesAfter(game: string, lines: readonly string[]): AfterSave {
  const rounds = (JSON.parse(game) as { rounds?: unknown[][] }).rounds ?? [];
  let r = rounds.length - 1;
  let n = rounds[r]?.length ?? 0;
  const later: LaterMove[] = [];
  const events: string[] = [];
  let launcher: { core: SavedLauncher; aim: number } | undefined;
  const done = (cut: boolean): AfterSave => ({ later, cut, ...(launcher ? { launcher } : {}), ...(events.length ? { events } : {}) });
  for (const line of lines) {
    let e: JournalEntry;
    try {
      e = JSON.parse(line) as JournalEntry;
    } catch {
      return done(true);
    }
    if (!Number.isInteger(e?.r) || !Number.isInteger(e?.n) || typeof e.m !== 'object' || e.m === null) return done(true);
    if (e.r < r || (e.r === r && e.n <= n)) continue;
    if (e.r === r && e.n === n + 1) n++;
    else if (e.r === r + 1 && e.n === 1) [r, n] = [r + 1, 1];
    else return done(true);
    later.push({ round: e.r, move: e.m });
    // Checked as a save's is when the game resumes (checkPlayMeta).
    if (e.l !== undefined && Number.isInteger(e.a)) launcher = { core: e.l, aim: e.a! };
    if (Array.isArray(e.e)) events.push(...e.e.filter((x) => typeof x === 'string'));
  }
  return done(false);
}

/**
 * The play save `game` with what a journal kept after it: the launcher's state and aim, the events
 * added to its own (the last `keep` of them; checked with the rest when it is read).
 */
export function withJournal(game: string, after: Pick<AfterSave, 'launcher' | 'events'>, keep: number): string {
  const file = JSON.parse(game) as { play?: Record<string, unknown> };
  if (!file.play) return game;
  const { launcher, events } = after;
  if (launcher) file.play = { ...file.play, launcher: launcher.core, aim: launcher.aim };
  if (events?.length) {
    const had = Array.isArray(file.play.events) ? (file.play.events as unknown[]) : [];
    file.play = { ...file.play, events: [...had, ...events].slice(-keep) };
  }
  return JSON.stringify(file);
}

/**
 * The Events panel's lines, kept in the browser's storage beside the game in progress: a reload
 * shows the game's history again, not only the line saying it resumed. The lines belong to the
 * position they were written at (its seed, seats, round and move): kept lines are taken back only
 * by the same game at the same move, so another game (or the same seed started afresh) never
 * shows them.
 */
import type { GameSession } from './session.ts';

/** The storage key of the kept lines. */
export const EVENTS_KEY = 'uno-extreme-events';

interface Kept {
  at: string;
  base: number;
  lines: string[];
}

/** The position a session's lines belong to. */
function positionOf(session: GameSession): string {
  const s = session.state;
  return JSON.stringify([session.match.setup.seed, session.names, s.round, s.moves]);
}

/** Gives `session` the lines kept for its position, when there are some; true when it did. */
export function restoreEvents(session: GameSession, store: Storage): boolean {
  try {
    const kept = JSON.parse(store.getItem(EVENTS_KEY) ?? 'null') as Kept | null;
    if (!kept || kept.at !== positionOf(session) || !Array.isArray(kept.lines)) return false;
    session.log = kept.lines.filter((l) => typeof l === 'string');
    session.logBase = Number.isInteger(kept.base) ? kept.base : 0;
    // The session says where it resumed only over an empty log: said here, under the history.
    session.log.push(`Resumed at move ${session.state.moves} of round ${session.state.round + 1}`);
    return true;
  } catch {
    // Damaged or from elsewhere: the game shows its events from here on.
    return false;
  }
}

/** Keeps the session's lines after every change; returns the function that stops keeping them. */
export function keepEvents(session: GameSession, store: Storage): () => void {
  let last = '';
  return session.subscribe(() => {
    const kept: Kept = { at: positionOf(session), base: session.logBase, lines: session.log };
    const text = JSON.stringify(kept);
    if (text === last) return;
    last = text;
    try {
      store.setItem(EVENTS_KEY, text);
    } catch {
      // Storage full: the game is kept first (the session says so); the events are a nicety.
    }
  });
}

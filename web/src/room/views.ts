/**
 * A room's views as a page keeps them. The server sends a socket its log once: the first view
 * whole, the views after it only the lines added (table/roomMessages.ts, LogLines); the page adds
 * those to the lines it has. A socket opened again (a reconnect, a reload) is sent it whole again.
 */
import type { Sent } from '../../../table/roomMessages.ts';
import type { Phrase } from '../../../table/words.ts';

/**
 * The view `sent` with its whole log: the lines of `kept` (the view before it from the same
 * socket, null for none) from the sent view's `logBase` up to its first line, then its lines.
 */
export function received<V extends { log: readonly Phrase[]; logBase: number }>(kept: V | null, sent: Sent<V>): V {
  const { from, lines } = sent.log;
  const keptLines = kept?.log ?? [];
  const keptBase = kept?.logBase ?? from;
  // The lines kept that the new view still holds: none when it starts a new log (a new round) or sends it whole.
  const start = Math.min(from, Math.max(sent.logBase, keptBase));
  const before = keptLines.slice(start - keptBase, from - keptBase);
  return { ...sent, log: [...before, ...lines], logBase: from - before.length } as unknown as V;
}

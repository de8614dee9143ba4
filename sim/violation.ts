/**
 * An invariant a simulated game broke (sim/play-one.ts checks them after every move), as data and
 * as the English text that the records, the part files and `--json` keep: data in no language,
 * as the rest of them. The table words it again in its reader's language ({@link violationSaid}),
 * reading the text back: a part file holds only the text.
 */
import { said, type Said } from '../words/said.ts';

/** What went wrong at a move: the cards counted are not the deck's, or the launcher's count is not the game's. */
export type Violation =
  | { kind: 'cards'; move: number; total: number; deck: number }
  | { kind: 'launcher'; move: number; held: number; counted: number };

/** `v` in English, as records, parts and `--json` keep it. */
export function violationText(v: Violation): string {
  return v.kind === 'cards'
    ? `move ${v.move}: ${v.total} cards in play, the deck has ${v.deck}`
    : `move ${v.move}: the launcher holds ${v.held} cards, the game counts ${v.counted}`;
}

/** The forms {@link violationText} writes, read back. */
const CARDS = /^move (\d+): (\d+) cards in play, the deck has (\d+)$/;
const LAUNCHER = /^move (\d+): the launcher holds (\d+) cards, the game counts (\d+)$/;

/**
 * A kept example `text` as a message of the command line's catalogue (`cli.sim.invariant.*`), or
 * the text as it is when it is not one {@link violationText} writes (a part file from another version).
 */
export function violationSaid(text: string): Said | string {
  const c = CARDS.exec(text);
  if (c) return said('cli.sim.invariant.cards', { move: c[1], total: c[2], deck: c[3] });
  const l = LAUNCHER.exec(text);
  if (l) return said('cli.sim.invariant.launcher', { move: l[1], held: l[2], counted: l[3] });
  return text;
}

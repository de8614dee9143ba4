/**
 * What happened at a table between two of its moments, as the page hears and shows it (the
 * sounds, the motion): the deal, cards laid on the pile and by whom, cards taken from the
 * launcher or the draw pile, an UNO call, the direction turned, a seat skipped, a round won.
 * Read from what every screen has (the one-player page's state and its session's log, a phone's
 * or the table screen's view and its log), so the page and a game night tell the same things alike.
 */
import { card, type CardId, type GameState } from '../../game/index.ts';
import type { TableView } from '../../table/roomMessages.ts';
import type { SeatView } from '../../table/session.ts';
import { unoCaller, type Phrase } from '../../table/words.ts';

/** A moment of a table, as far as what happened is told from it. */
export interface TableFacts {
  round: number;
  moves: number;
  /** The discard pile, bottom first. */
  discard: readonly CardId[];
  /** Cards in each seat's hand. */
  sizes: readonly number[];
  /** Cards in the launcher or the draw pile. */
  supply: number;
  /**
   * The UNO calls the round's log holds, each with its line's number (as a view's `logBase`
   * numbers them), and the number after its last line. Told by the log, not by the hands: a call
   * made late changes nothing else on the table.
   */
  calls: readonly { seat: number; line: number }[];
  logEnd: number;
  direction: 1 | -1;
  /** The seat asked to move: whose turn it is, or who owes the request pending. */
  asked: number;
  winner: number | null;
  /** The seat this screen is (its hand below), or -1 (a game night's table screen). */
  me: number;
  hand: readonly CardId[];
}

/** One thing that happened. */
export type Happening =
  | { kind: 'deal'; sizes: readonly number[] }
  /** `cards` laid by `seat` (a Discard All's, bottom first), the last on top. */
  | { kind: 'lay'; seat: number; cards: readonly CardId[] }
  /** `n` cards taken by `seat` from the launcher or the draw pile; `cards` those of this screen's hand. */
  | { kind: 'take'; seat: number; n: number; cards: readonly CardId[] }
  | { kind: 'uno'; seat: number }
  | { kind: 'reverse'; direction: 1 | -1 }
  | { kind: 'skip'; seat: number }
  | { kind: 'win'; seat: number };

/** A round's log as a screen holds it: its lines, the number of the first. */
interface Log {
  log: readonly Phrase[];
  logBase: number;
}

/** The UNO calls of a log, and the number after its last line. */
function callsOf({ log, logBase }: Log): Pick<TableFacts, 'calls' | 'logEnd'> {
  const calls: Array<{ seat: number; line: number }> = [];
  log.forEach((p, i) => {
    const seat = unoCaller(p);
    if (seat !== null) calls.push({ seat, line: logBase + i });
  });
  return { calls, logEnd: logBase + log.length };
}

/** The facts of the one-player page's state, seen from `me`, with its session's log. */
export function factsOfState(s: GameState, me: number, log: Log): TableFacts {
  return {
    round: s.round, moves: s.moves, discard: s.discard, sizes: s.hands.map((h) => h.length), supply: s.supply.length, ...callsOf(log),
    direction: s.direction, asked: s.pending ? s.pending.seat : s.turn, winner: s.winner, me, hand: s.hands[me],
  };
}

/** The facts of a seat's view (a game night phone), or of the table's (its screen: no seat, no hand). */
export function factsOfView(v: TableView & Partial<Pick<SeatView, 'seat' | 'hand'>>): TableFacts {
  return {
    round: v.round, moves: v.moves, discard: v.discard, sizes: v.handSizes, supply: v.supplyCount, ...callsOf(v),
    direction: v.direction, asked: v.pending ? v.pending.seat : v.turn, winner: v.winner, me: v.seat ?? -1, hand: v.hand ?? [],
  };
}

/**
 * What happened from `before` to `now`, in the order it is shown. `before` null: a table not dealt
 * yet, seen by a screen that watched the game begin (TableMotion: a screen that opens onto a
 * table compares its first moment with nothing, and shows it as it is).
 */
export function happenings(before: TableFacts | null, now: TableFacts): Happening[] {
  // A round seen starting is dealt; a game seen beginning, only before its first lap (a game
  // night's first view may come after a bot's first move).
  const newRound = !before || before.round !== now.round || now.moves < before.moves;
  if (newRound) return now.winner === null && (before || now.moves < now.sizes.length) ? [{ kind: 'deal', sizes: now.sizes }] : [];
  if (now.moves === before.moves) return [];
  const out: Happening[] = [];
  const n = now.sizes.length;
  const fell = now.sizes.map((size, seat) => before.sizes[seat] - size);
  const d = now.discard;
  // Cards laid: the pile grew on what it was (a reload takes the pile into the launcher instead).
  if (d.length > before.discard.length && before.discard.every((id, i) => d[i] === id)) {
    const cards = d.slice(before.discard.length);
    // The seat asked lays them (its hand may then be traded or passed on), unless another laid
    // a card identical to the top one out of turn (a jump-in), the asked hand untouched.
    const identical = card(cards[0]).code === card(before.discard[before.discard.length - 1]).code;
    const jumped = identical && fell[before.asked] === 0 ? fell.findIndex((f) => f === cards.length) : -1;
    const seat = jumped >= 0 ? jumped : before.asked;
    out.push({ kind: 'lay', seat, cards });
    const top = card(cards[cards.length - 1]);
    if (top.kind === 'skip' && n > 2 && now.winner === null) out.push({ kind: 'skip', seat: (seat + now.direction + n) % n });
  }
  if (now.direction !== before.direction) out.push({ kind: 'reverse', direction: now.direction });
  // Cards taken: a hand grew while the launcher or the draw pile gave cards (not a trade of hands).
  if (now.supply < before.supply) {
    for (let seat = 0; seat < n; seat++) {
      if (fell[seat] >= 0) continue;
      out.push({ kind: 'take', seat, n: -fell[seat], cards: seat === now.me ? now.hand.filter((id) => !before.hand.includes(id)) : [] });
    }
  }
  // UNO called, with a play or late: the log's calls since the last moment. A log numbered anew
  // (a game night's server restarted, its log taken up from its save) tells none this once.
  if (now.logEnd >= before.logEnd) for (const c of now.calls) if (c.line >= before.logEnd) out.push({ kind: 'uno', seat: c.seat });
  if (before.winner === null && now.winner !== null) out.push({ kind: 'win', seat: now.winner });
  return out;
}

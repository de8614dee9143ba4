/**
 * What a phone does with each message of its room's socket, as a pure function: the seat it holds
 * (its slot) before and after, what it keeps in or drops from the browser's storage, and the note
 * shown above the join form. Phone.tsx applies it; the tests read it without a browser.
 */
import type { LauncherOnTable, RoomSeat, RoomSettings, ServerMessage, TurnTimer } from '../../../table/roomMessages.ts';
import type { SeatView } from '../../../table/session.ts';
import type { Phrase } from '../../../table/words.ts';
import type { SeatHold } from './connection.ts';
import { received } from './views.ts';

/** One seat this phone plays (or is joining): its connection's news. */
export interface Slot {
  id: number;
  name: string;
  /** The seat's secret token (null: joining under `name`, none given yet). */
  token: string | null;
  seat: number | null;
  /** Its socket is open now. */
  open: boolean;
  lobby: { settings: RoomSettings; seats: readonly RoomSeat[] } | null;
  game: { seats: readonly RoomSeat[]; view: SeatView; launcher: LauncherOnTable | null; timer: TurnTimer | null } | null;
  /** The server's last refusal to this seat. */
  refused: Phrase | null;
}

/** A slot opened for `name` (joining), or for the seat `token` holds (taking it back). */
export function newSlot(id: number, name: string, token: string | null): Slot {
  return { id, name, token, seat: null, open: false, lobby: null, game: null, refused: null };
}

/** What a message does to a phone. */
export interface Heard {
  /** The slot after it; null: forgotten (its connection closed). */
  slot: Slot | null;
  /** The seat to keep in storage (by its token: a hold with the same token is replaced). */
  keep?: SeatHold;
  /** The token whose seat storage forgets. */
  drop?: string;
  /** The note to show (null: none); absent: as it was. */
  note?: Phrase | null;
  /** The room's host token, given for its table screen on this device (kept as the laptop keeps its own). */
  table?: string;
}

/** What message `m` of its socket does to `slot`. */
export function phoneHeard(slot: Slot, m: ServerMessage): Heard {
  switch (m.type) {
    case 'seated':
      // The room's settings come with the seat: a phone taking its seat back mid-game (a reload)
      // sees no lobby, and would not know the rule set its moves are worded by.
      return { slot: { ...slot, token: m.token, seat: m.seat, refused: null }, keep: { name: slot.name, token: m.token, settings: m.settings }, note: null };
    case 'lobby':
      return {
        slot: { ...slot, lobby: { settings: m.settings, seats: m.seats }, refused: null },
        ...(slot.token ? { keep: { name: slot.name, token: slot.token, settings: m.settings } } : {}),
      };
    case 'view':
      return { slot: { ...slot, game: { seats: m.seats, view: received(slot.game?.view ?? null, m.view), launcher: m.launcher, timer: m.timer ?? null }, seat: m.view.seat } };
    case 'refused':
      // A join refused (a name taken, a room full or unknown) is asked again; a token the server
      // does not know (never seated on this connection) is forgotten.
      if (!slot.token || (slot.seat === null && !slot.game && !slot.lobby)) return { slot: null, note: m.why, ...(slot.token ? { drop: slot.token } : {}) };
      return { slot: { ...slot, refused: m.why } };
    case 'removed':
      // The host took the seat, or its person left it (Leave): forgotten here and in storage.
      return { slot: null, note: m.why, ...(slot.token ? { drop: slot.token } : {}) };
    case 'host':
      return { slot: { ...slot, refused: null }, table: m.token };
    default:
      return { slot };
  }
}

/**
 * The seat a phone shows of those it plays in a game (hot-seat: several people on one phone): the
 * one asked now (the one revealed, if it is asked too), else the one revealed, else the first.
 * `hidden`: others play here too and its person has not tapped yet. What the page offers (the
 * moves, Leave) is the shown seat's alone.
 */
export function shownSlot(playing: readonly Slot[], revealed: number | null): { shown: Slot; hidden: boolean } {
  const asked = playing.find((s) => s.game!.view.question && s.id === revealed) ?? playing.find((s) => s.game!.view.question);
  const shown = asked ?? playing.find((s) => s.id === revealed) ?? playing[0];
  return { shown, hidden: playing.length > 1 && shown.id !== revealed };
}

/**
 * What a room's clients and its server say to each other, one JSON object a WebSocket message.
 * Types only, importing types only: the phone page and the table screen import this module
 * without pulling any Node code into their bundle.
 */
import type { BotKind } from '../game/bots/index.ts';
import type { SeatView } from './session.ts';

/** What the host picks when opening a room. */
export interface RoomSettings {
  /** A rule set's name (`extreme`, `classic`, …). */
  rules: string;
  /** A built-in launcher profile's name. */
  profile: string;
  /** The score that ends the match (absent: the rule set's). */
  target?: number;
  /** Seats at the table, people and bots (2..10). */
  players: number;
  /** The bots that play the seats nobody took, and the seats whose person is away. */
  bots: BotKind;
}

/** A client's message. */
export type ClientMessage =
  /** Opens a room: the sender becomes its host and its table screen. */
  | { type: 'create'; settings: RoomSettings }
  /** The host's table screen again (a reload), with the token `created` gave it. */
  | { type: 'table'; code: string; token: string }
  /** Takes a free seat under `name` (before the game starts). */
  | { type: 'join'; code: string; name: string }
  /** Takes back the seat `token` was given for, where the game is. */
  | { type: 'resume'; code: string; token: string }
  /** The host starts the game: bots take the seats nobody took. */
  | { type: 'start' }
  /**
   * Answers the seat's question numbered `question` with its move at `choice` in the question's
   * moves (null lets a chance out of turn go). A number that is not the question waiting now is
   * a move on a state that has moved on, and refused.
   */
  | { type: 'move'; question: number; choice: number | null }
  /** Arms (or disarms) UNO for the seat's next play. */
  | { type: 'uno'; armed: boolean }
  /** Deals the next round once the scores were read (the host, or any person at the table). */
  | { type: 'next' }
  /** The host takes a seat from its person: a bot plays it from then on (in the lobby: the seat is freed). */
  | { type: 'remove'; seat: number };

/** How a seat is played now. */
export type SeatStatus =
  | { kind: 'bot' }
  | { kind: 'free' }
  | { kind: 'here' }
  /** The person's connection is gone: waited for `msLeft` more, then a bot plays for them. */
  | { kind: 'away'; msLeft: number }
  /** The person is gone past the wait: a bot plays until they come back. */
  | { kind: 'standIn' }
  /** The host removed them: a bot plays the seat from now on. */
  | { kind: 'removed' };

/** A seat around the table, as everyone may see it. */
export interface RoomSeat {
  name: string;
  status: SeatStatus;
}

/** The table as the table screen sees it: a seat's view without any hand, question or seat of its own. */
export type TableView = Omit<SeatView, 'seat' | 'hand' | 'question' | 'unoArmed' | 'message'>;

/** A server's message. */
export type ServerMessage =
  /** The room is open: its code, and the host's secret token (kept by the table screen, never shown). */
  | { type: 'created'; code: string; token: string }
  /** The sender has its seat: the token takes it back on a new connection (kept, never shown). */
  | { type: 'seated'; code: string; seat: number; token: string }
  /** The seats before the game starts. */
  | { type: 'lobby'; code: string; settings: RoomSettings; seats: readonly RoomSeat[] }
  /** A person's view: their own hand and question, the others as counts. */
  | { type: 'view'; code: string; seats: readonly RoomSeat[]; view: SeatView }
  /** The table screen's view: no hand at all. */
  | { type: 'table'; code: string; seats: readonly RoomSeat[]; view: TableView }
  /** What the sender asked for was refused, and changed nothing. */
  | { type: 'refused'; reason: string }
  /** The sender's seat was taken from them by the host: the connection is no longer seated. */
  | { type: 'removed'; reason: string };

/**
 * What a room's clients and its server say to each other, one JSON object a WebSocket message,
 * and where they say it. Types and that one path, importing types only: the phone page and the
 * table screen import this module without pulling any Node code into their bundle.
 */
import type { BotKind } from '../game/bots/index.ts';
import type { HouseOption, Options } from '../game/rules.ts';
import type { SeatView, TableView } from './session.ts';
import type { Phrase } from './words.ts';

/** Where the page's own server takes the rooms' sockets. */
export const ROOMS_PATH = '/rooms';

/** What the host picks when opening a room. */
export interface RoomSettings {
  /** A rule set's name (`extreme`, `classic`, …). */
  rules: string;
  /** A built-in launcher profile's name. */
  profile: string;
  /** The score that ends the match (absent: the rule set's). */
  target?: number;
  /** The house rules and the seeds' other readings changed from the rule set's (game/rules.ts HOUSE_OPTIONS; absent: none). */
  options?: Partial<Pick<Options, HouseOption>>;
  /** Seats at the table, people and bots (2..10). */
  players: number;
  /** The bots that play the seats nobody took, and the seats whose person is away. */
  bots: BotKind;
  /**
   * What the room's presses drive: `board`, the launcher board on the server's machine
   * (`uno-extreme web --device`), or `simulated`. Absent: the board when the server has one,
   * else the simulated launcher. The board is one room's at a time, from the room's opening to
   * the end of its match: a room asking for it meanwhile is refused, saying which room has it.
   */
  launcher?: 'board' | 'simulated';
  /**
   * The pause after each move a bot makes and each press of the launcher, ms (0..5000; absent:
   * 800), so that the people at the table can follow the round; a simulated burst adds its own
   * length. 0 plays at once (tests, the benchmark). A person's own move is not paused after.
   */
  paceMs?: number;
  /**
   * The turn timer, ms (whole seconds, 10 to 600 s; absent: off): how long a person is given for
   * a question of their turn (a play, a draw, a press; not a chance out of turn, such as a catch
   * or a late UNO). At zero their seat's stand-in bot answers it, as it plays a seat whose person
   * is away, and the person plays their next turn themselves.
   */
  turnMs?: number;
}

/**
 * The turn timer running now: the seat it times and the ms left when the message was sent. A
 * client counts down from when the message came, so its own clock's offset does not matter.
 */
export interface TurnTimer {
  seat: number;
  msLeft: number;
}

/** A client's message: rooms/messages.ts has each type with its fields and what it does. */
export type { ClientMessage } from '../rooms/messages.ts';

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
export type { TableView };

/**
 * The log as a view sends it: the lines from line number `from` on (numbered as `logBase` numbers
 * them). The first view on a socket sends the whole log (`from` is its `logBase`); the views after
 * it only the lines the socket was not sent yet, which the client adds to those it has, dropping
 * those before the view's `logBase` (a new round's log starts empty). A new socket (a reconnect)
 * gets the whole log again.
 */
export interface LogLines {
  from: number;
  lines: readonly Phrase[];
}

/** A view as it is sent: its log as {@link LogLines}. */
export type Sent<V extends { log: readonly Phrase[] }> = Omit<V, 'log'> & { log: LogLines };

/**
 * The last press of the launcher, as everyone at the table may follow it: who pressed, who takes
 * the cards, how many came out (a count: which cards is their taker's alone to see, in their hand).
 * The one-player page follows its launcher's presses in the same shape (table/launcherOnTable.ts),
 * so the page's words for a press (`story`, web/src/launcher/watch.ts) read both.
 */
export interface LauncherPress {
  /** The ding this press was (the `dings` count when it rang): a client animates each id once. */
  id: number;
  /** The seat the launcher faced: who takes what came out. */
  seat: number;
  /** Who pressed: a card left sticking out is theirs (the rules), whoever the launcher faced. */
  presser: number;
  /** Whether the launcher decided to fire (null until it has). */
  fired: boolean | null;
  /** Cards out so far, a card left sticking out among them. */
  cards: number;
  /** The burst's last card was left sticking out (it goes to `presser`). */
  halfOut: boolean;
  /** The roller jammed during this press. */
  jam: boolean;
  /** The launcher was or ran empty. */
  empty: boolean;
  /** The motor's start sagged the batteries: the unit reset and gave nothing. */
  brownout: boolean;
  /** The press is over (the launcher at rest again). */
  done: boolean;
  /** How long it took on the launcher's clock, from the press until it was ready again, ms (null until done): the table screen plays its animation over it. */
  ms: number | null;
}

/**
 * The launcher in the middle of the table, as everyone may see and hear it: where it aims, each
 * ding, each press and what came of it, the reloads, a jam, the batteries and the lid. Counts only:
 * no card of the launcher's leaves the server. Counters (`dings`, a press's and a reload's `id`)
 * only grow over the whole game, rounds and reconnections included, so a client that sees a
 * larger one than it last did plays the sound or the animation once.
 */
export interface LauncherOnTable {
  /** The device behind it: `simulated`, or a board's (`serial:/dev/ttyACM0`, `firmata:…`). */
  device: string;
  /** The seat it faces, or is turning to while `turning`. */
  aimSeat: number;
  turning: boolean;
  /** How long the turn under way takes from its start, ms. */
  aimTravelMs: number;
  /** Cards inside (a count: their order is no one's to see). */
  supply: number;
  lidOpen: boolean;
  /** A card is stuck in the mouth now: presses are ignored until the lid is opened. */
  jammed: boolean;
  /** The batteries' voltage now. */
  volts: number;
  /** The low-battery warning was given, at this voltage (null: not yet). */
  lowBattery: number | null;
  /** The batteries gave out. */
  dead: boolean;
  /** The motor runs. */
  running: boolean;
  /** Correct presses so far, each one a ding. */
  dings: number;
  /**
   * The last ding's length, ms, when the profile's ding quickens at each empty press
   * (`dingPulse`); null when every ding is the same.
   */
  dingMs: number | null;
  /** The last ding's pace against the profile's first ding: 1, or less for a quickening ding (the bell and the button's light run at it). */
  dingPace: number;
  /** The last press (null before the first). */
  press: LauncherPress | null;
  /** The last reload since the last press: the discard pile shuffled in (`cards`), and the count inside then; `id` counts the reloads. */
  reload: { id: number; cards: number; supply: number } | null;
}

/** A server's message. */
export type ServerMessage =
  /** The room is open: its code, and the host's secret token (kept by the table screen, never shown). */
  | { type: 'created'; code: string; token: string }
  /** The sender has its seat: the token takes it back on a new connection (kept, never shown). */
  | { type: 'seated'; code: string; seat: number; token: string; settings: RoomSettings }
  /** The seats before the game starts. */
  | { type: 'lobby'; code: string; settings: RoomSettings; seats: readonly RoomSeat[] }
  /**
   * A person's view: their own hand and question, the others as counts, the launcher (null in
   * a rule set with a draw pile, or before it is first on the table), and the turn timer (absent
   * when none runs: it is off, or no person is timed now).
   */
  | { type: 'view'; code: string; seats: readonly RoomSeat[]; view: Sent<SeatView>; launcher: LauncherOnTable | null; timer?: TurnTimer }
  /** The table screen's view: no hand at all; the launcher and the turn timer as in `view`. */
  | { type: 'table'; code: string; seats: readonly RoomSeat[]; view: Sent<TableView>; launcher: LauncherOnTable | null; settings: RoomSettings; timer?: TurnTimer }
  /** What the sender asked for was refused, and changed nothing: why, worded by the client in its reader's language. */
  | { type: 'refused'; why: Phrase }
  /**
   * The sender no longer has its place in the room, and why: its seat (the host took it, or its
   * person left), or the table screen (it moved to another device). The connection is in no room.
   */
  | { type: 'removed'; why: Phrase }
  /** The room's table screen may be opened on the sender's device (none is there): the host's token, kept as `created`'s. */
  | { type: 'host'; code: string; token: string };

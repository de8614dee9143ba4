/**
 * The game's plain-data types: the state of a round, the moves that change it, the events a
 * move reports and the requests (`pending`) the engine waits on. Everything here round-trips
 * through JSON exactly. (A few values too: the press reasons, which a position is checked against,
 * and the moves after which a round is called off.)
 */
import type { RngState } from '../lib/rng.ts';
import type { CardId, CardKind, Colour } from './cards.ts';
import type { Rules } from './rules.ts';

/** Every reason the launcher may have to be pressed. */
export const PRESS_REASONS = ['turn', 'hit2', 'hit4', 'coupExtreme', 'uno', 'allHit', 'hitFire', 'draw2', 'wild4', 'challenge', 'stack'] as const;

/**
 * A round that has not ended after this many moves is called off: nobody scores it, and a match
 * goes on with the next deal. No round of the shipped rule sets comes near it (their longest are
 * under 500 moves); a deck that cannot end a round by chance (only All-Hit cards, say) reaches it.
 */
export const ROUND_MOVE_LIMIT = 20_000;

/** The round is over: someone went out, or it was called off ({@link ROUND_MOVE_LIMIT}). */
export function roundEnded(s: Pick<GameState, 'winner' | 'calledOff'>): boolean {
  return s.winner !== null || s.calledOff === true;
}

/** Why the launcher must be pressed: one of {@link PRESS_REASONS}. */
export type PressReason = (typeof PRESS_REASONS)[number];

/**
 * What happens once a request is answered: a seat's turn begins, or another request. `C` is how
 * a card is named: its id in a state, its serial inside a round in play (game/core/round.ts).
 */
export type Resume<C = CardId> = { turn: number } | { pending: Pending<C> };

/**
 * A launcher request: `seat` presses, the launcher faces `aimAt` who takes what comes out.
 * `remaining` presses are due (with `untilCards`, presses go on until cards come out); then each
 * seat of `queue` presses once (All-Hit), then `then`.
 */
export interface PressRequest<C = CardId> {
  kind: 'press';
  seat: number;
  aimAt: number;
  remaining: number;
  untilCards: boolean;
  queue: number[];
  reason: PressReason;
  then: Resume<C>;
}

/** `seat` names the current colour (a wild start card, or the victim of a Hit-Fire). */
export interface ColourRequest<C = CardId> {
  kind: 'colour';
  seat: number;
  then: Resume<C>;
}

/** `seat`, the victim of a +4 played by `by`, challenges it or accepts the penalty. */
export interface ChallengeRequest {
  kind: 'challenge';
  seat: number;
  by: number;
  /** The +4 was legal (the player held no card of the colour it was played on). */
  legal: boolean;
  /** With `wild4TakenBack`: the colour the +4 was played on, the current one again if it is taken back. */
  before?: Colour;
}

/** Stacking: `seat` adds a card of `kinds` to the stack or takes `total` cards. */
export interface StackRequest {
  kind: 'stack';
  seat: number;
  total: number;
  kinds: string[];
}

/** `seat` drew a playable card (classic): plays it or passes. */
export interface DrawnRequest<C = CardId> {
  kind: 'drawn';
  seat: number;
  card: C;
}

/** `seat` played a Play Again: plays a card of `colour` or another Play Again, or passes. */
export interface PlayAgainRequest {
  kind: 'playAgain';
  seat: number;
  colour: Colour;
}

/** Something the engine waits for from one seat, outside an ordinary turn (`C`: see {@link Resume}). */
export type Pending<C = CardId> = PressRequest<C> | ColourRequest<C> | ChallengeRequest | StackRequest | DrawnRequest<C> | PlayAgainRequest;

/** A round of play. Plain data: JSON round-trips it exactly. */
export interface GameState {
  schema: 1;
  rules: Rules;
  /** The game's seed and the round's number in its match (0 for a lone game). */
  seed: number | string;
  round: number;
  players: number;
  rng: RngState;
  /** Seats that are out of the match (challenge scoring); they neither play nor press. */
  out: boolean[];
  dealer: number;
  /** Cards drawn to choose the dealer (null when the dealer was given). */
  dealerDrawn: CardId[] | null;
  hands: CardId[][];
  /** Bottom first: the last card is the top card. */
  discard: CardId[];
  /** Launcher or draw pile, next card out first. */
  supply: CardId[];
  /** Current colour; null only while a colour is being named. */
  colour: Colour | null;
  direction: 1 | -1;
  /** Seat whose turn it is (when nothing is pending). */
  turn: number;
  pending: Pending | null;
  /** Seat that did not call UNO and may be caught, or null. */
  uno: number | null;
  /** Hands are visible to all (Show Hands) until the next card is played. */
  shown: boolean;
  /** Running totals of the match, for bots and displays (null for a lone game). */
  scores: number[] | null;
  /** Moves applied so far. */
  moves: number;
  /** Every move applied, when logging is on (save files are written from it). */
  log: Move[] | null;
  /** Seat that went out; the round is over. */
  winner: number | null;
  /** The round was called off after {@link ROUND_MOVE_LIMIT} moves with nobody out (absent while it is not). */
  calledOff?: true;
  /**
   * The position this round was set up from ({@link positionOf}'s text), when it was not dealt:
   * a save replays its moves from it. Absent for a dealt round.
   */
  position?: string;
}

/**
 * A move. `seat` is who makes it; every move names its seat. A `launcher` move answers a press:
 * `cards` came out, in order; the last `halfOut` of them (absent: none) were left sticking out
 * and go to the presser, the others to the seat the launcher faces.
 */
export type Move =
  | { type: 'play'; seat: number; card: CardId; colour?: Colour; target?: number; uno?: boolean; also?: CardId }
  | { type: 'press'; seat: number }
  | { type: 'draw'; seat: number }
  | { type: 'pass'; seat: number }
  | { type: 'launcher'; seat: number; cards: CardId[]; fired: boolean; jam?: boolean; halfOut?: number }
  | { type: 'colour'; seat: number; colour: Colour }
  | { type: 'challenge'; seat: number }
  | { type: 'accept'; seat: number }
  | { type: 'uno'; seat: number }
  | { type: 'catch'; seat: number; target: number };

/**
 * What a move did, for displays and for the runner (which acts on `reload`). A `press` gives
 * `cards` to `aimAt`, but for the last `halfOut` (absent: none), left sticking out, which the
 * presser `seat` takes.
 */
export type GameEvent =
  | { type: 'start'; card: CardId; dealer: number }
  | { type: 'play'; seat: number; cards: CardId[]; colour: Colour | null }
  | { type: 'press'; seat: number; aimAt: number; cards: CardId[]; fired: boolean; halfOut?: number }
  | { type: 'draw'; seat: number; cards: CardId[] }
  | { type: 'reload'; cards: CardId[] }
  | { type: 'reshuffle'; cards: number }
  | { type: 'uno'; seat: number }
  | { type: 'caught'; seat: number; by: number }
  | { type: 'skip'; seat: number }
  | { type: 'direction'; direction: 1 | -1 }
  | { type: 'colour'; seat: number; colour: Colour }
  | { type: 'trade'; seat: number; target: number }
  | { type: 'rotate'; direction: 1 | -1 }
  | { type: 'show' }
  | { type: 'challenge'; seat: number; by: number; legal: boolean }
  /** An illegal +4, challenged, goes back into the hand of `seat` who played it; the current colour is `colour` again (`wild4TakenBack`). */
  | { type: 'takeBack'; seat: number; card: CardId; colour: Colour }
  | { type: 'request'; pending: Pending }
  | { type: 'turn'; seat: number }
  | { type: 'roundOver'; winner: number }
  /** Nobody went out in {@link ROUND_MOVE_LIMIT} `moves`: the round is called off. */
  | { type: 'calledOff'; moves: number };

/** Why a move was refused. */
export type ErrorCode =
  | 'game-over' | 'not-your-turn' | 'not-in-hand' | 'cannot-play' | 'needs-colour' | 'bad-target'
  | 'pending' | 'bad-launcher' | 'no-uno' | 'bad-move';

/**
 * What a request waits for, as a refusal names it: whose it is and what they must do (the
 * launcher aimed at, why it is pressed, the total a stack makes them take).
 */
export type Waiting =
  | { kind: 'press'; seat: number; aimAt: number; reason: PressReason }
  | { kind: 'colour' | 'challenge' | 'drawn' | 'playAgain'; seat: number }
  | { kind: 'stack'; seat: number; total: number };

/**
 * Why a move was refused, as data: `why` names the rule, the other fields are its parameters
 * (seats as numbers, cards as ids, colours and kinds as the engine names them; what a person
 * typed, such as an unknown seat or card, as the text it was). Each front end words it in its
 * reader's language (words/refusals.ts), as it words events.
 */
export type Refusal =
  | { why: 'not-a-move' }
  | { why: 'round-over'; winner: number }
  | { why: 'round-called-off'; moves: number }
  | { why: 'match-over'; winner: number }
  | { why: 'not-a-seat'; seat: string }
  | { why: 'press-not-draw' }
  | { why: 'draw-not-press' }
  | { why: 'turn-of'; seat: number }
  /** A request is pending: `mine` when it is the refused seat's own (answer it first). */
  | { why: 'waiting'; waiting: Waiting; mine: boolean }
  | { why: 'nothing-to-pass' }
  | { why: 'no-press-due' }
  | { why: 'no-colour-due' }
  | { why: 'not-a-colour'; value: string }
  | { why: 'no-plus4' }
  | { why: 'nothing-to-call'; seat: number }
  | { why: 'nobody-to-catch' }
  | { why: 'cannot-catch'; target: string; uno: number }
  | { why: 'catch-self' }
  | { why: 'unknown-move'; type: string }
  | { why: 'not-in-hand'; seat: number; card: string }
  | { why: 'stack-only'; kinds: CardKind[]; total: number }
  | { why: 'play-again-only'; colour: Colour }
  | { why: 'drawn-only'; card: CardId }
  | { why: 'no-match'; card: CardId; top: CardId; colour: Colour | null }
  | { why: 'needs-colour'; card: CardId }
  | { why: 'names-no-colour'; card: CardId }
  | { why: 'needs-target'; card: CardId }
  | { why: 'takes-no-target'; card: CardId }
  | { why: 'pair-only' }
  | { why: 'not-a-pair'; card: CardId; also: string }
  | { why: 'uno-not-boolean' }
  | { why: 'uno-not-called'; rules: string }
  | { why: 'uno-not-last-but-one' }
  | { why: 'launcher-answer' }
  | { why: 'half-out'; max: number; got: string }
  | { why: 'too-many-out'; count: number; held: number }
  | { why: 'wrong-card-out'; index: number; got: string; expected: CardId };

/**
 * A refused move: the state is unchanged. `refusal` is what the rules decided, as data;
 * `message` is it worded in English from the catalogue (words/en.ts), for the library's users and
 * logs: a front end words `refusal` in its reader's language.
 */
export interface MoveError {
  code: ErrorCode;
  refusal: Refusal;
  message: string;
}

/** The outcome of {@link applyMove}. */
export type MoveResult = { ok: true; state: GameState; events: GameEvent[] } | { ok: false; error: MoveError };

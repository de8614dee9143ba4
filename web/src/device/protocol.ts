/**
 * The messages between the page and the virtual launcher's worker (`worker.ts`): the wire's bytes
 * both ways, the cable's opens and closes, and what a person at the launcher does (the lid, a
 * reload). Types only, shared by both sides.
 */
import type { LinkEnd } from '../../../firmware-bridge/transport.ts';
import type { NoticeWords } from '../../../firmware-bridge/notices.ts';

/** The page to the worker. */
export type ToWorker =
  | { type: 'open' }
  | { type: 'write'; text: string }
  | { type: 'close' }
  /** A person opens or closes the lid. */
  | { type: 'lid'; open: boolean }
  /** A person puts `cards` cards in through the open lid (with `replace`, after taking out what is left in it). */
  | { type: 'load'; cards: number; replace: boolean };

/** What the board's sensor and roller have done, for the page to show beside the game's count. */
export interface BoardTally {
  /** Cards the break-beam saw leave (what the firmware counts). */
  sensed: number;
  /** Cards still in the roller. */
  left: number;
}

/** The worker to the page. */
export type FromWorker =
  | { type: 'opened' }
  /** The port would not open: why, as a notice the page words (firmware-bridge/notices.ts). */
  | { type: 'refused'; words: NoticeWords }
  | { type: 'data'; bytes: Uint8Array }
  | { type: 'ended'; end: LinkEnd }
  | { type: 'closed' }
  | { type: 'tally'; tally: BoardTally }
  /** The firmware could not start (a damaged hex): the option says why. */
  | { type: 'failed'; words: NoticeWords };

/** The messages between the page and the search bots' worker ({@link SearchSeats}, worker.ts). */
import type { Profile } from '../../../emulator/profile.ts';
import type { BotKind, Budget } from '../../../game/bots/index.ts';
import type { AskMode } from '../../../game/runner.ts';
import type { GameEvent, GameState, Move } from '../../../game/state.ts';

/** What the page tells the worker: the seats it plays, each move as it is applied, a decision to make. */
export type ToSearch =
  | { type: 'seats'; seed: string; seats: { seat: number; kind: BotKind }[]; budget?: Budget; profile: Profile }
  | { type: 'observe'; state: GameState; move: Move | null; events: readonly GameEvent[] }
  | { type: 'decide'; id: number; seat: number; state: GameState; moves: readonly Move[]; mode: Exclude<AskMode, 'press'> };

/** The worker's answer to a decision: the index of the chosen move in the list it was given (-1: none). */
export type FromSearch = { type: 'decided'; id: number; index: number } | { type: 'failed'; id: number; message: string };

/** What a bot is, and the helpers every bot shares (UNO calls, catches, seeded streams). */
import { Rng, seedRng } from '../../lib/rng.ts';
import type { GameEvent, GameState, Move } from '../state.ts';

/** A software player. Bots never suggest plays to others (a table penalty software cannot incur). */
export interface Bot {
  readonly name: string;
  /** A person at the keyboard: the runner asks `runRound`'s `ask` instead of calling choose/react. */
  readonly interactive?: boolean;
  /**
   * Chooses one of `moves` (all legal, all for `seat`, never empty) on `seat`'s turn or when a
   * request waits for it.
   */
  choose(state: GameState, seat: number, moves: readonly Move[]): Move;
  /**
   * The chance to act out of turn: `moves` are `seat`'s legal late UNO call, catches and
   * jump-ins. Returns one of them or null.
   */
  react(state: GameState, seat: number, moves: readonly Move[]): Move | null;
  /**
   * Shown every move of the round as it is applied (`state` after it, its `events`), and the
   * round as it stands when a run begins (`move` null): for a bot that remembers what its seat
   * has seen. `state` is the runner's working state: read it now, keep copies. A bot reads only
   * what its seat may know of these (the events name cards that went face down to others too).
   */
  observe?(state: GameState, move: Move | null, events: readonly GameEvent[]): void;
}

/** How a bot plays; each bot draws from its own stream `seedRng(seed, seat)`. */
export interface BotOptions {
  seed: number | string;
  seat: number;
  /** Chance to forget calling UNO with the play that leaves one card (default 0.1). */
  forgetUno?: number;
  /** Chance to call UNO late when it forgot, before anyone catches it (default 0.3). */
  lateCall?: number;
  /** Chance to catch a player who missed UNO, when it may (default 0.8). */
  catchChance?: number;
}

/** The stream and the probabilities of a bot. */
export interface BotCore {
  rng: Rng;
  forgetUno: number;
  lateCall: number;
  catchChance: number;
}

/** A bot's stream and options with their defaults. */
export function botCore(o: BotOptions): BotCore {
  return {
    rng: new Rng(seedRng(o.seed, o.seat)),
    forgetUno: o.forgetUno ?? 0.1,
    lateCall: o.lateCall ?? 0.3,
    catchChance: o.catchChance ?? 0.8,
  };
}

type Play = Extract<Move, { type: 'play' }>;

function samePlay(a: Play, b: Play): boolean {
  return a.card === b.card && a.colour === b.colour && a.target === b.target && a.also === b.also;
}

/** The plays of `moves` without their UNO-call twins: the choices that differ in the game. */
export function distinctPlays(moves: readonly Move[]): Play[] {
  return moves.filter((m): m is Play => m.type === 'play' && !m.uno);
}

/** `play` with UNO called, unless the bot forgets (when the play leaves one card). */
export function withUnoCall(core: BotCore, moves: readonly Move[], play: Play): Move {
  // A loop, not find: this runs for every play a bot chooses.
  for (let i = 0; i < moves.length; i++) {
    const m = moves[i];
    if (m.type === 'play' && m.uno === true && samePlay(m, play)) return core.rng.chance(core.forgetUno) ? play : m;
  }
  return play;
}

/** Late UNO calls and catches: the part of {@link Bot.react} every bot shares. */
export function reactToUno(core: BotCore, moves: readonly Move[]): Move | null {
  const late = moves.find((m) => m.type === 'uno');
  if (late) return core.rng.chance(core.lateCall) ? late : null;
  const catches = moves.filter((m) => m.type === 'catch');
  if (catches.length > 0 && core.rng.chance(core.catchChance)) return catches[0];
  return null;
}

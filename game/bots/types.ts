/** What a bot is, and the helpers every bot shares (UNO calls, catches, seeded streams). */
import { Rng, seedRng } from '../../lib/rng.ts';
import { MoveList, CATCH, PLAY, UNO } from '../core/moves.ts';
import { roundOf, type Round } from '../core/round.ts';
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

/**
 * A bot that reads the round in play itself (cards as serials, game/core/round.ts) and chooses
 * among the listed moves by index: the runner hands it its round and its move list rather than
 * a {@link GameState} and move objects built for each decision. The project's bots are these;
 * `choose` and `react` are then the same choices on a state and moves ({@link roundBot}).
 */
export interface RoundBot extends Bot {
  /** {@link Bot.choose}: the index in `list` of one of the moves `picks` names (indices into `list`, in its order, never empty). */
  chooseAt(round: Round, seat: number, list: MoveList, picks: readonly number[]): number;
  /** {@link Bot.react}: the index in `list` of one of the moves `picks` names, or -1. */
  reactAt(round: Round, seat: number, list: MoveList, picks: readonly number[]): number;
}

/** `moves` as a list, and the picks naming every one of them. */
function listOf(moves: readonly Move[]): { list: MoveList; picks: number[] } {
  const list = new MoveList();
  const picks: number[] = [];
  for (let i = 0; i < moves.length; i++) {
    list.addMove(moves[i]);
    picks.push(i);
  }
  return { list, picks };
}

/** A {@link RoundBot} from its choices on a round; its `choose` and `react` convert the state and the moves they are given. */
export function roundBot(b: Pick<RoundBot, 'name' | 'chooseAt' | 'reactAt'>): RoundBot {
  // Methods, not arrow functions: the TypeScript loader names each arrow with a property definition, for every bot made.
  return {
    name: b.name,
    chooseAt: b.chooseAt,
    reactAt: b.reactAt,
    choose(state, seat, moves) {
      const { list, picks } = listOf(moves);
      return moves[b.chooseAt(roundOf(state), seat, list, picks)];
    },
    react(state, seat, moves) {
      const { list, picks } = listOf(moves);
      const i = b.reactAt(roundOf(state), seat, list, picks);
      return i < 0 ? null : moves[i];
    },
  };
}

/** The bot reads rounds in play ({@link RoundBot}). */
export function readsRounds(bot: Bot): bot is RoundBot {
  return typeof (bot as Partial<RoundBot>).chooseAt === 'function';
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

/** The plays of `moves` without their UNO-call twins: the choices that differ in the game. */
export function distinctPlays(moves: readonly Move[]): Play[] {
  return moves.filter((m): m is Play => m.type === 'play' && !m.uno);
}

/**
 * The play `i` of `list`, or its twin with UNO called when `picks` has it, unless the bot forgets
 * (when the play leaves one card). A twin is listed right after its play ({@link MoveList.unoTwin}):
 * one test, and the picks are looked through only when there is one.
 */
export function withUnoCallAt(core: BotCore, list: MoveList, picks: readonly number[], i: number): number {
  const j = i + 1;
  if (!list.unoTwin(i, j)) return i;
  // A loop, not includes: this runs for every play a bot chooses that leaves one card.
  let k = 0;
  while (k < picks.length && picks[k] !== j) k++;
  return k < picks.length && !core.rng.chance(core.forgetUno) ? j : i;
}

/** Late UNO calls and catches: the part of {@link Bot.react} every bot shares. */
export function reactToUno(core: BotCore, moves: readonly Move[]): Move | null {
  const { list, picks } = listOf(moves);
  const i = reactToUnoAt(core, list, picks);
  return i < 0 ? null : moves[i];
}

/** {@link reactToUno} in a list: the index of the late call or catch taken, or -1. */
export function reactToUnoAt(core: BotCore, list: MoveList, picks: readonly number[]): number {
  let late = -1;
  let firstCatch = -1;
  for (let k = 0; k < picks.length; k++) {
    const t = list.type[picks[k]];
    if (t === UNO && late < 0) late = picks[k];
    else if (t === CATCH && firstCatch < 0) firstCatch = picks[k];
  }
  if (late >= 0) return core.rng.chance(core.lateCall) ? late : -1;
  if (firstCatch >= 0 && core.rng.chance(core.catchChance)) return firstCatch;
  return -1;
}

/** The `k`-th (from 0) of the plays without an UNO call among `picks`, or -1. */
export function nthPlay(list: MoveList, picks: readonly number[], k: number): number {
  for (let n = 0; n < picks.length; n++) {
    const i = picks[n];
    if (list.type[i] === PLAY && list.uno[i] === 0 && k-- === 0) return i;
  }
  return -1;
}

/** How many plays without an UNO call `picks` names. */
export function countPlays(list: MoveList, picks: readonly number[]): number {
  let n = 0;
  for (let k = 0; k < picks.length; k++) if (list.type[picks[k]] === PLAY && list.uno[picks[k]] === 0) n++;
  return n;
}

/**
 * Bots that search (BOT_KINDS' search kinds: ISMCTS) think off the thread that runs the
 * table: an ISMCTS decision takes up to a few hundred milliseconds, which would freeze a page's
 * animations and keys, or every other room of a server. The page runs them in a Web Worker
 * (web/src/search), the server in a pool of worker threads (cli/search-pool.ts); both speak the
 * messages below through a {@link SearchPort}, and the worker's side is {@link searchBots}.
 * The bots are the ones the table would have made itself, with the same seeds and options, shown
 * the same moves: the games are the same wherever they think.
 */
import { isSearchKind, makeBot, type Bot, type BotKind, type SearchKind, type SearchOptions } from '../game/bots/index.ts';
import { quickBot, type PlayMeta } from '../game/playSave.ts';
import type { AskMode } from '../game/runner.ts';
import type { GameEvent, GameState, Move } from '../game/state.ts';
import type { RemoteSeats } from './session.ts';

/** What the table tells the worker: the seats it plays, each move as it is applied, a decision to make. */
export type ToSearch =
  /** The table's search seats, made as a session's searchBot makes them (`options`: a budget, the launcher's profile). */
  | { type: 'seats'; seed: string; seats: { seat: number; kind: BotKind }[]; options: Omit<SearchOptions, 'now'>; timed: boolean }
  /** A bot for a person's seat while they are away (a room's stand-in): it is shown no moves, as a stand-in made on the table's thread was not. */
  | { type: 'standIn'; seed: string; seat: number; kind: BotKind }
  | { type: 'observe'; state: GameState; move: Move | null; events: readonly GameEvent[] }
  | { type: 'decide'; id: number; seat: number; state: GameState; moves: readonly Move[]; mode: Exclude<AskMode, 'press'> };

/**
 * The worker's answer to a decision: the index of the chosen move in the list it was given (-1:
 * none); or that the worker is gone (it failed, or could not start), with every bot it held.
 */
export type FromSearch = { type: 'decided'; id: number; index: number } | { type: 'failed'; id: number; message: string } | { type: 'lost'; message: string };

/** A way to a worker for one table's search seats (a Web Worker, a channel of a thread pool). Types only. */
export interface SearchPort {
  post(m: ToSearch): void;
  /** Hears the worker's answers. */
  listen(heard: (m: FromSearch) => void): void;
  /** The table is done with it. */
  close(): void;
}

/**
 * The search seats of a table (the bots' seats of a searching kind): the round loop asks them like
 * people, and the answers come from the worker. No port is opened for a table with none.
 */
export class SearchSeats implements RemoteSeats {
  private port: SearchPort | null = null;
  /** Disposed (the session over): nothing more is asked. */
  private disposed: Error | null = null;
  /**
   * Its worker lost (it crashed, ran out of memory, could not start): the seats then answer on
   * this thread as heuristic bots ({@link here}), so the table plays on rather than waiting for
   * ever on a question nobody will answer.
   */
  private lost = false;
  /** The heuristic bots that answer on this thread for the worker, seeded from the table's seed: every decision once it is lost, one that failed in it. */
  private readonly here = new Map<number, Bot>();
  /**
   * Told when a decision failed in the worker (a bot threw): a bug, said where the table's
   * failures are said; that decision is answered here as a lost worker's are, so the table (and a
   * person's stand-in, and a catch race waiting for it) goes on.
   */
  failed: (e: Error) => void = () => undefined;
  private readonly seats = new Set<number>();
  private readonly waiting = new Map<number, { state: GameState; seat: number; moves: readonly Move[]; mode: Exclude<AskMode, 'press'>; resolve: (m: Move | null) => void; reject: (e: Error) => void }>();
  private nextId = 0;

  /**
   * `options`: what the table's own bots would be made with (the session's search options and the
   * meta's budget); `timed`: a `{ ms }` budget reads the worker's clock.
   */
  constructor(meta: Pick<PlayMeta, 'names' | 'me' | 'people' | 'bots'>, private readonly seed: number | string, private readonly open: () => SearchPort, options: Omit<SearchOptions, 'now'> = {}, timed = false) {
    const people = meta.people ?? [meta.me];
    const seats = meta.names.map((_, seat) => ({ seat, kind: meta.bots[seat % meta.bots.length] })).filter(({ seat, kind }) => !people.includes(seat) && isSearchKind(kind));
    if (seats.length === 0) return;
    for (const s of seats) this.seats.add(s.seat);
    this.connect().post({ type: 'seats', seed: String(seed), seats, options, timed });
  }

  private connect(): SearchPort {
    if (this.disposed) throw this.disposed;
    if (!this.port) {
      this.port = this.open();
      this.port.listen((m) => this.heard(m));
    }
    return this.port;
  }

  /** `seat` is one of these. */
  has(seat: number): boolean {
    return this.seats.has(seat);
  }

  /** The seat the round loop asks (`interactive`) in place of search seat `seat`'s bot (of `kind`): the first one shows the worker every move. */
  seat(seat: number, kind: SearchKind): Bot {
    return {
      name: kind,
      interactive: true,
      choose: () => { throw new Error('a search seat chooses in its worker'); },
      react: () => null,
      // Once per move for the worker, whose bots all see it: the log is left out (it only grows, and no bot reads it).
      observe: seat === Math.min(...this.seats) ? (state: GameState, move: Move | null, events) => this.port?.post({ type: 'observe', state: { ...state, log: null }, move, events }) : undefined,
    };
  }

  /** Makes the bot of `kind` that plays person's seat `seat` while they are away (seeded from `seed`), in the worker; false once disposed. */
  standIn(seat: number, kind: BotKind, seed: string): boolean {
    if (this.disposed || this.lost) return false;
    this.connect().post({ type: 'standIn', seed, seat, kind });
    return true;
  }

  /** The move of search seat (or stand-in) `seat` (its own press when it must press). */
  decide(state: GameState, seat: number, moves: readonly Move[], mode: AskMode): Promise<Move | null> {
    if (mode === 'press') return Promise.resolve(moves[0]);
    if (this.disposed) return Promise.reject(this.disposed);
    if (this.lost) return Promise.resolve(this.instead(state, seat, moves, mode));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { state, seat, moves, mode, resolve, reject });
      this.connect().post({ type: 'decide', id, seat, state: { ...state, log: null }, moves, mode });
    });
  }

  /** Closes the port; a decision still waited for fails with `reason`. */
  dispose(reason: Error): void {
    this.disposed ??= reason;
    this.port?.close();
    this.port = null;
    for (const w of this.waiting.values()) w.reject(reason);
    this.waiting.clear();
  }

  /** The move of `seat`'s bot on this thread, in the worker's place. */
  private instead(state: GameState, seat: number, moves: readonly Move[], mode: Exclude<AskMode, 'press'>): Move | null {
    let bot = this.here.get(seat);
    if (!bot) this.here.set(seat, (bot = quickBot('heuristic', `${this.seed}/search lost`, seat)));
    return mode === 'turn' ? bot.choose(state, seat, moves) : bot.react(state, seat, moves);
  }

  private heard(m: FromSearch): void {
    if (m.type === 'lost') {
      this.lost = true;
      this.port?.close();
      this.port = null;
      const waiting = [...this.waiting.values()];
      this.waiting.clear();
      for (const w of waiting) w.resolve(this.instead(w.state, w.seat, w.moves, w.mode));
      return;
    }
    const w = this.waiting.get(m.id);
    if (!w) return;
    this.waiting.delete(m.id);
    if (m.type === 'failed') {
      this.failed(new Error(`a search bot failed: ${m.message}`));
      w.resolve(this.instead(w.state, w.seat, w.moves, w.mode));
    } else w.resolve(m.index < 0 ? null : w.moves[m.index]);
  }
}

/**
 * The worker's side of one table: its bots, shown every move, answering each decision in order.
 * Returns what to do with each message from the table; answers go to `post`. `now`: the worker's
 * clock, for time budgets.
 */
export function searchBots(post: (m: FromSearch) => void, now: () => number): (m: ToSearch) => void {
  const bots = new Map<number, Bot>();
  const standIns = new Map<number, Bot>();
  return (m) => {
    if (m.type === 'seats') {
      bots.clear();
      for (const { seat, kind } of m.seats) bots.set(seat, makeBot(kind, { ...m.options, seed: m.seed, seat, ...(m.timed ? { now } : {}) }));
    } else if (m.type === 'standIn') {
      standIns.set(m.seat, makeBot(m.kind, { seed: m.seed, seat: m.seat }));
    } else if (m.type === 'observe') {
      for (const b of bots.values()) b.observe?.(m.state, m.move, m.events);
    } else {
      try {
        const bot = standIns.get(m.seat) ?? bots.get(m.seat);
        if (!bot) throw new Error(`seat ${m.seat} has no search bot here`);
        const chosen = m.mode === 'turn' ? bot.choose(m.state, m.seat, m.moves) : bot.react(m.state, m.seat, m.moves);
        post({ type: 'decided', id: m.id, index: chosen === null ? -1 : m.moves.indexOf(chosen) });
      } catch (err) {
        post({ type: 'failed', id: m.id, message: (err as Error).message });
      }
    }
  };
}

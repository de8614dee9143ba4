/**
 * The seats of a game in the page whose bots search (BOT_KINDS' positional kinds): on the
 * page's thread they are seats the round loop asks, like the person's, and the answer comes
 * from the search worker, so a decision never blocks the page.
 */
import type { Profile } from '../../../emulator/profile.ts';
import { BOT_KINDS, type Bot } from '../../../game/bots/index.ts';
import type { PlayMeta } from '../../../game/playSave.ts';
import type { AskMode } from '../../../game/runner.ts';
import type { GameState, Move } from '../../../game/state.ts';
import type { FromSearch, ToSearch } from './protocol.ts';

/** The search seats of a table, and the worker they think in. */
export class SearchSeats {
  private readonly worker: Worker | null = null;
  private readonly seats = new Set<number>();
  private readonly waiting = new Map<number, { moves: readonly Move[]; resolve: (m: Move | null) => void; reject: (e: Error) => void }>();
  private nextId = 0;

  constructor(meta: Pick<PlayMeta, 'names' | 'me' | 'bots' | 'budget'>, seed: number | string, profile: Profile) {
    const seats = meta.names.map((_, seat) => ({ seat, kind: meta.bots[seat % meta.bots.length] })).filter(({ seat, kind }) => seat !== meta.me && BOT_KINDS[kind].positional);
    if (seats.length === 0) return;
    for (const s of seats) this.seats.add(s.seat);
    this.worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'search bots' });
    this.worker.onmessage = (e: MessageEvent<FromSearch>) => this.heard(e.data);
    this.post({ type: 'seats', seed: String(seed), seats, profile, ...(meta.budget ? { budget: meta.budget } : {}) });
  }

  /** `seat` is one of these. */
  has(seat: number): boolean {
    return this.seats.has(seat);
  }

  /**
   * `bots` with these seats replaced by seats the round loop asks (`interactive`), which show
   * the worker every move.
   */
  table(bots: readonly Bot[]): Bot[] {
    return bots.map((b, seat) => {
      if (!this.has(seat)) return b;
      const first = seat === Math.min(...this.seats);
      return {
        name: b.name,
        interactive: true,
        choose: () => { throw new Error('a search seat chooses in its worker'); },
        react: () => null,
        // Once per move for the worker, whose bots all see it: the log is left out (it only grows, and no bot reads it).
        observe: first ? (state: GameState, move: Move | null, events) => this.post({ type: 'observe', state: { ...state, log: null }, move, events }) : undefined,
      };
    });
  }

  /** The move of search seat `seat` (its own press when it must press). */
  decide(state: GameState, seat: number, moves: readonly Move[], mode: AskMode): Promise<Move | null> {
    if (mode === 'press') return Promise.resolve(moves[0]);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { moves, resolve, reject });
      this.post({ type: 'decide', id, seat, state: { ...state, log: null }, moves, mode });
    });
  }

  /** Ends the worker; a decision still waited for fails with `reason`. */
  dispose(reason: Error): void {
    this.worker?.terminate();
    for (const w of this.waiting.values()) w.reject(reason);
    this.waiting.clear();
  }

  private post(m: ToSearch): void {
    this.worker!.postMessage(m);
  }

  private heard(m: FromSearch): void {
    const w = this.waiting.get(m.id);
    if (!w) return;
    this.waiting.delete(m.id);
    if (m.type === 'failed') w.reject(new Error(`a search bot failed: ${m.message}`));
    else w.resolve(m.index < 0 ? null : w.moves[m.index]);
  }
}

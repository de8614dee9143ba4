/**
 * A match in the page: the person against bots, round after round to the target, against the
 * launcher emulator. The round is run by the engine's runRound exactly as the terminal game runs
 * it (the same positional bots, the same launcher seed), so a save written here goes on in the
 * terminal identically and the other way round. The page renders what this holds and answers its
 * questions (`ask`) through {@link GameSession.answer}.
 */
import { seedRng } from '../../lib/rng.ts';
import { SearchSeats } from './search/seats.ts';
import { savedLauncher as saveOfLauncher, showRoundSoFar } from '../../game/playSave.ts';
import type { MachineLauncher } from '../../emulator/launcher.ts';
import type { CoreState } from '../../emulator/core.ts';
import type { Profile } from '../../emulator/profile.ts';
import {
  cardLabel, checkMove, nextRound, playSaveText, runRound, tableBots, withRound,
  type AskMode, type Bot, type GameEvent, type GameState, type MatchState, type Move, type PlayMeta,
} from '../../game/index.ts';
import { EventWords, pressPrompt, verb } from '../../cli/play/words.ts';
import type { PageLauncher, PageLauncherOptions, PageSpeed as Speed } from './launcher/index.ts';

/** A question waiting for the person's answer. */
export interface Ask {
  seat: number;
  moves: readonly Move[];
  mode: AskMode;
}

/** Where the match is: a round being played, a round's scores shown, the end. */
export type Phase = 'playing' | 'roundOver' | 'matchOver';

/** How long the table waits after a bot's move, ms, so a person can follow it. */
export const PAUSE: Readonly<Record<string, number>> = { 1: 900, 2: 400, instant: 0 };

/** The session was stopped (a new game, an import): its round loop ends quietly. */
class Stopped extends Error {
  constructor() {
    super('stopped');
  }
}

/** Where saves go: localStorage in the page, a map in tests. */
export interface SaveStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The storage key of the game in progress (the save file's text, as the CLI writes it). */
export const SAVE_KEY = 'uno-extreme-save';

/** How a session is made. */
export interface SessionOptions {
  match: MatchState;
  meta: PlayMeta;
  profile: Profile;
  speed: Speed;
  store: SaveStore;
  makeLauncher: (o: PageLauncherOptions) => PageLauncher;
  /**
   * Resolves once the launcher device can play (a board chosen is connected, or the simulated one
   * is chosen instead), or when `signal` aborts; each round's launcher is made after it. Absent:
   * always ready.
   */
  deviceReady?: (signal: AbortSignal) => Promise<void>;
}

/** The events of the round in plain words, newest last; this many are kept. */
const LOG_LINES = 60;

/** Seats named the way the table names them: "seat 2" in an engine message becomes the player's name. */
export function withNames(text: string, names: readonly string[]): string {
  return text.replace(/\bseat (\d+)\b/g, (all, n: string) => names[Number(n)] ?? all);
}

/** The press button's words when a press request is the person's (`Hit 2: press 2 more times`), else null. */
export function pressLabel(state: GameState, me: number, names: readonly string[]): string | null {
  const p = state.pending;
  return p && p.kind === 'press' && p.seat === me ? pressPrompt(p, names) : null;
}

/** Runs the match and holds what the page shows. */
export class GameSession {
  match: MatchState;
  state: GameState;
  readonly meta: PlayMeta;
  readonly profile: Profile;
  speed: Speed;
  phase: Phase = 'playing';
  ask: Ask | null = null;
  /** The person's UNO is called with their next play. */
  unoArmed = false;
  log: string[] = [];
  /** How many lines were dropped from the front of `log` (keys for a display that lists them). */
  logBase = 0;
  /** Counts the questions asked: a display (or a test) tells one from the next. */
  askId = 0;
  /** Why the last thing the person tried was refused (the engine's words), until the next move. */
  message: string | null = null;
  /** A person-made press that has not come back yet (the launcher is firing). */
  busy = false;
  private pageLauncher: PageLauncher | null = null;
  private answerAsk: ((m: Move | null) => void) | null = null;
  private nextRoundGo: (() => void) | null = null;
  /** Aborted by {@link stop}: the round loop ends, and a wait for the device with it. */
  private readonly stopping = new AbortController();
  private wake: (() => void) | null = null;
  private readonly words: EventWords;
  private declinedUno: number | null = null;
  private readonly bots: Bot[];
  /** The bots that search think in a worker: the page's thread only waits for their answers. */
  private readonly search: SearchSeats;
  private readonly listeners = new Set<() => void>();
  private readonly unsubscribers: Array<() => void> = [];

  constructor(private readonly o: SessionOptions) {
    this.match = o.match;
    this.state = o.match.game;
    this.meta = o.meta;
    this.words = new EventWords(o.meta.names);
    this.profile = o.profile;
    this.speed = o.speed;
    // The search bots know the launcher on the table (everyone sees the toy); a time budget reads the page's clock.
    this.search = new SearchSeats(o.meta, o.match.setup.seed, o.profile);
    this.bots = this.search.table(tableBots(o.meta, o.match.setup.seed));
    showRoundSoFar(this.bots, this.state);
  }

  /** The seat names. */
  get names(): readonly string[] {
    return this.meta.names;
  }

  /** Hears every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }

  /** Plays the match until its end (or until {@link stop}); errors other than a stop are thrown. */
  async run(): Promise<void> {
    try {
      // Kept at once: a game just started or opened from a file is the one a reload goes on with.
      this.save();
      for (;;) {
        if (this.match.game.winner === null) await this.playRound();
        this.match = withRound(this.match, this.state);
        this.save();
        this.phase = this.match.winner !== null ? 'matchOver' : 'roundOver';
        this.changed();
        if (this.phase === 'matchOver') return;
        // A listener may have stopped the session on hearing the round's end.
        this.checkStopped();
        await new Promise<void>((go) => (this.nextRoundGo = go));
        this.checkStopped();
        this.match = nextRound(this.match);
        this.state = this.match.game;
        this.phase = 'playing';
        this.logBase += this.log.length;
        this.log = [];
        this.unoArmed = false;
        this.save();
      }
    } catch (e) {
      // A stopped session ends quietly, whatever its launcher did as it went (a board closed under it).
      if (!(e instanceof Stopped) && !this.stopping.signal.aborted) throw e;
    } finally {
      this.dropLauncher();
    }
  }

  /** Deals the next round once the person has read the scores. */
  nextRound(): void {
    const go = this.nextRoundGo;
    this.nextRoundGo = null;
    go?.();
  }

  /** Ends the session where it is (its save stays); a question waiting is dropped. */
  stop(): void {
    this.stopping.abort();
    this.answerAsk?.(null);
    this.nextRoundGo?.();
    this.wake?.();
    this.dropLauncher();
    this.search.dispose(new Stopped());
  }

  private checkStopped(): void {
    if (this.stopping.signal.aborted) throw new Stopped();
  }

  /** Changes the pace of the bots and of the launcher, from now on. */
  setSpeed(speed: Speed): void {
    this.speed = speed;
    this.pageLauncher?.setSpeed(speed);
    this.wake?.();
    this.changed();
  }

  /** The running launcher (null in draw-pile rule sets and between rounds). */
  get launcher(): MachineLauncher | null {
    return this.pageLauncher?.launcher ?? null;
  }

  /** The launcher's state to save: the running one's, or what the save it resumed from said. */
  private launcherCore(): CoreState | null {
    return this.launcher?.core ?? null;
  }

  /** The save file's text (the CLI's format): the match, the seats and the launcher. */
  saveText(): string {
    const core = this.launcherCore();
    return playSaveText(this.match, this.state, { ...this.meta, launcher: core ? saveOfLauncher(core) : this.meta.launcher });
  }

  private save(): void {
    try {
      this.o.store.setItem(SAVE_KEY, this.saveText());
    } catch (e) {
      // Storage full or refused (a private window): the game goes on, and says it is not kept.
      this.note(`This game cannot be kept in the browser (${(e as Error).message}): use Save file to keep it`);
    }
  }

  private note(line: string): void {
    this.log.push(line);
    if (this.log.length > LOG_LINES) this.logBase += this.log.splice(0, this.log.length - LOG_LINES).length;
  }

  /**
   * Answers the question waiting: `move` must be one of its moves (null lets a chance out of turn
   * go). A move that is not legal now is refused with the engine's reason, kept in `message`.
   */
  answer(move: Move | null): boolean {
    const ask = this.ask;
    if (!ask || !this.answerAsk) return false;
    if (move === null ? ask.mode !== 'react' : !ask.moves.includes(move)) {
      const why = move ? checkMove(this.state, move)?.message : null;
      this.message = withNames(why ?? 'that is not one of your choices now', this.names);
      this.changed();
      return false;
    }
    const go = this.answerAsk;
    this.answerAsk = null;
    this.ask = null;
    this.message = null;
    go(move);
    this.changed();
    return true;
  }

  /** Says why `text` (a refusal) and shows it until the next move. */
  refuse(text: string): void {
    this.message = withNames(text, this.names);
    this.changed();
  }

  private dropLauncher(): void {
    for (const u of this.unsubscribers.splice(0)) u();
    this.pageLauncher?.dispose();
    this.pageLauncher = null;
  }

  private makeLauncher(): PageLauncher {
    const prev = this.pageLauncher?.launcher.core;
    const carried = prev ?? (this.meta.launcher ? { ...this.meta.launcher, supply: [] } : null);
    this.dropLauncher();
    const resumeSupply = this.state.moves > 0 ? this.state.supply : [];
    const pl = this.o.makeLauncher({
      profile: this.profile,
      seed: seedRng(String(this.match.setup.seed), 0x1a),
      seats: this.state.players,
      speed: this.speed,
      ...(carried ? { resume: { ...carried, supply: resumeSupply, jammed: false } } : resumeSupply.length ? { supply: resumeSupply } : {}),
    });
    const l = pl.launcher;
    // What the view does not keep: a warning a person should still read after it.
    this.unsubscribers.push(l.on('lowBattery', (e) => this.note(`The launcher's batteries are low (${e.volts} V)`)));
    this.pageLauncher = pl;
    this.changed();
    return pl;
  }

  private async playRound(): Promise<void> {
    // A kept game whose board is not back yet (a reloaded page) waits for it, shown as it is.
    if (this.state.rules.options.launcher && this.o.deviceReady) {
      await this.o.deviceReady(this.stopping.signal);
      this.checkStopped();
    }
    const pl = this.state.rules.options.launcher ? this.makeLauncher() : null;
    if (this.state.moves === 0) this.note(`Round ${this.state.round + 1}: ${verb(this.names[this.state.dealer], `${this.names[this.state.dealer]} deals`, 'You deal')}`);
    else if (this.log.length === 0) this.note(`Resumed at move ${this.state.moves} of round ${this.state.round + 1}`);
    this.changed();
    this.words.from(this.state);
    const { state } = await runRound(this.state, pl?.launcher ?? null, this.bots, {
      ask: (state, seat, moves, mode) => this.asked(state, seat, moves, mode),
      moved: (state, move, events) => this.moved(state, move, events),
    });
    this.state = state;
  }

  private asked(state: GameState, seat: number, moves: readonly Move[], mode: AskMode): Promise<Move | null> {
    this.checkStopped();
    if (this.search.has(seat)) return this.search.decide(state, seat, moves, mode);
    this.state = state;
    // A chance let go is not offered again while the same player is still catchable.
    if (mode === 'react' && state.uno !== null && state.uno === this.declinedUno && !moves.some((m) => m.type === 'play')) return Promise.resolve(null);
    this.ask = { seat, moves, mode };
    this.askId++;
    this.busy = false;
    this.changed();
    return new Promise<Move | null>((resolve, reject) => {
      this.answerAsk = (m) => {
        // Stopped: the round loop ends here, it does not go on with no answer.
        if (this.stopping.signal.aborted) return reject(new Stopped());
        if (mode === 'react' && m === null) this.declinedUno = state.uno;
        // "UNO with your next play" holds for the move being made, not for later turns.
        if (mode === 'turn' || m?.type === 'play') this.unoArmed = false;
        if (m?.type === 'press') this.busy = true;
        resolve(m);
      };
    });
  }

  private async moved(state: GameState, move: Move, events: readonly GameEvent[]): Promise<void> {
    this.checkStopped();
    this.state = state;
    for (const line of this.words.lines(events)) this.note(line);
    if (state.uno === null) this.declinedUno = null;
    if (move.type === 'launcher') this.busy = false;
    this.message = null;
    this.save();
    this.changed();
    const pause = PAUSE[String(this.speed)];
    if (pause && move.seat !== this.meta.me) {
      await new Promise<void>((r) => {
        const t = setTimeout(r, pause);
        this.wake = () => {
          clearTimeout(t);
          r();
        };
      });
      this.wake = null;
      this.checkStopped();
    }
  }
}

/**
 * A match in the page: the page's view of a {@link MatchSession} (table/session.ts), which runs
 * the match exactly as the terminal game does, so a save written here goes on in the terminal
 * identically and the other way round. The page renders what this holds and answers the person's
 * questions through {@link GameSession.answer}; its search bots think in a worker.
 */
import type { MachineLauncher } from '../../emulator/launcher.ts';
import type { Profile } from '../../emulator/profile.ts';
import { type GameState, type MatchState, type Move, type PlayMeta } from '../../game/index.ts';
import { MatchSession, type Phase, type Question } from '../../table/session.ts';
import { pressPrompt, type Phrase } from '../../table/words.ts';
import { EN_WORDS, type Words } from '../../words/catalogue.ts';
import type { PageLauncher, PageLauncherOptions, PageSpeed as Speed } from './launcher/index.ts';
import { PageKeeper, type SaveStore } from './kept.ts';
import { pageSearchSeats } from './search/seats.ts';

export { SAVE_KEY, type SaveStore } from './kept.ts';

export type { Phase };

/** A question waiting for the person's answer. */
export type Ask = Question;

/** How long the table waits after a bot's move, ms, so a person can follow it. */
export const PAUSE: Readonly<Record<string, number>> = { 1: 900, 2: 400, instant: 0 };

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
  /** The reader's language (default English). */
  words?: Words;
  /** The match was begun on the page just now: its deal is seen (else the table shows as it is). */
  begun?: boolean;
}

/** The press button's words when a press request is the person's (`Hit 2: press 2 more times`), else null. */
export function pressLabel(state: GameState, me: number, names: readonly string[], w: Words): string | null {
  const p = state.pending;
  return p && p.kind === 'press' && p.seat === me ? pressPrompt(p, names, w) : null;
}

let sessions = 0;

/** Runs the match and holds what the page shows: the person's seat of a {@link MatchSession}. */
export class GameSession {
  /** This session's number on the page: a display keyed by it starts afresh with each game. */
  readonly id = ++sessions;
  /** The match was begun on the page just now, not taken up from storage or a file. */
  readonly begun: boolean;
  readonly meta: PlayMeta;
  readonly profile: Profile;
  speed: Speed;
  private readonly session: MatchSession;
  private readonly me: number;
  private pageLauncher: PageLauncher | null = null;
  /** Ends the pause after a bot's move at once (a new speed, a stop). */
  private wake: (() => void) | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly keeper: PageKeeper;
  /** The log's lines (counted from the round's first) the store holds, in the whole save or the journal. */
  private logKept = 0;

  constructor(o: SessionOptions) {
    this.meta = o.meta;
    this.begun = o.begun ?? false;
    this.profile = o.profile;
    this.speed = o.speed;
    this.me = o.meta.me;
    this.keeper = new PageKeeper(o.store);
    this.session = new MatchSession({
      match: o.match, meta: o.meta, profile: o.profile, autosave: true,
      // A move is kept by its journal line (kept), the whole save at the match's turns.
      store: { save: (text) => this.keeper.whole(this.wholeText(() => text)), later: (build, move) => this.keeper.keep(() => this.wholeText(build), move && (() => this.moveLine(move))) },
      notKept: (e) => this.session.w.t('page.notKept', { error: e.message }),
      words: o.words ?? EN_WORDS,
      // The bots that search think in a worker (which knows the launcher on the table): the page's thread only waits for their answers.
      remote: pageSearchSeats(o.meta, o.match.setup.seed, o.profile),
      makeLauncher: (start) => {
        const pl = o.makeLauncher({ ...start, speed: this.speed });
        this.pageLauncher = pl;
        return {
          launcher: pl.launcher,
          dispose: () => {
            if (this.pageLauncher === pl) this.pageLauncher = null;
            pl.dispose();
          },
        };
      },
      afterMove: (move) => this.pause(move),
      ...(o.deviceReady ? { deviceReady: o.deviceReady } : {}),
    });
    this.session.subscribe(() => this.changed());
  }

  private wholeText(build: () => string): string {
    this.logKept = this.session.logBase + this.session.log.length;
    return build();
  }

  /** The journal line of `move`, just made: the launcher after it, the log's lines since the last kept. */
  private moveLine(move: Move): string {
    const s = this.session;
    const log = s.log;
    // A round's start empties the log (and writes the whole save): its lines are counted on.
    const events = log.slice(Math.max(0, this.logKept - s.logBase));
    this.logKept = s.logBase + log.length;
    return s.journalLine(move, events);
  }

  get match(): MatchState {
    return this.session.match;
  }

  get state(): GameState {
    return this.session.state;
  }

  /** The seat names. */
  get names(): readonly string[] {
    return this.meta.names;
  }

  get phase(): Phase {
    return this.session.phase;
  }

  /** The question waiting for the person, if one does. */
  get ask(): Ask | null {
    return this.session.questionOf(this.me);
  }

  /** Counts the questions asked: a display (or a test) tells one from the next. */
  get askId(): number {
    return this.session.questionsAsked;
  }

  /** The person's UNO is called with their next play. */
  get unoArmed(): boolean {
    return this.session.unoArmed(this.me);
  }

  set unoArmed(armed: boolean) {
    this.session.armUno(this.me, armed);
  }

  /** The events of the round in plain words, newest last. */
  get log(): readonly string[] {
    return this.session.log;
  }

  /** How many lines were dropped from the front of `log` (keys for a display that lists them). */
  get logBase(): number {
    return this.session.logBase;
  }

  /** The log as phrases (`log` is them worded): what happened is read from them as from a game night's. */
  get lines(): readonly Phrase[] {
    return this.session.lines;
  }

  /** Why the last thing the person tried was refused (the engine's words), until the next move. */
  get message(): string | null {
    return this.session.message(this.me);
  }

  /** A person-made press that has not come back yet (the launcher is firing). */
  get busy(): boolean {
    return this.session.busy(this.me);
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
  run(): Promise<void> {
    return this.session.run();
  }

  /** Deals the next round once the person has read the scores. */
  nextRound(): void {
    this.session.nextRound();
  }

  /** Ends the session where it is (its save stays); a question waiting is dropped. */
  stop(): void {
    this.session.stop();
    this.wake?.();
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
    return this.session.launcher;
  }

  /** The save file's text (the CLI's format): the match, the seats and the launcher. */
  saveText(): string {
    return this.session.saveText();
  }

  /**
   * Answers the question waiting: `move` must be one of its moves (null lets a chance out of turn
   * go). A move that is not legal now is refused with the engine's reason, kept in `message`.
   */
  answer(move: Move | null): boolean {
    return this.session.answer(this.me, move);
  }

  /** Words what comes next in `w` (the reader chose another language). */
  setWords(w: Words): void {
    if (w === this.session.w) return;
    this.session.setWords(w);
    this.changed();
  }

  /** The language the session words its log and refusals in. */
  get words(): Words {
    return this.session.w;
  }

  /** Says why `text` (a refusal) and shows it until the next move. */
  refuse(text: string): void {
    this.session.refuse(this.me, text);
  }

  private async pause(move: Move): Promise<void> {
    const pause = PAUSE[String(this.speed)];
    if (!pause || move.seat === this.me) return;
    await new Promise<void>((r) => {
      const t = setTimeout(r, pause);
      this.wake = () => {
        clearTimeout(t);
        r();
      };
    });
    this.wake = null;
  }
}

/**
 * A match at the terminal: the person against bots, round after round to the target, against the
 * launcher (the simulated one, or a real device). Ctrl-C or q saves; a save resumes exactly.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { columns, padColumns } from '../../lib/names.ts';
import { wallNow, type Clock } from '../../lib/wall-clock.ts';
import { english } from '../../words/cli.ts';
import { said, saidOf, withSaid, type Said } from '../../words/said.ts';
import type { LauncherHardware } from '../../emulator/hardware.ts';
import { attentionText, MachineLauncher, unitStateText } from '../../emulator/launcher.ts';
import { dingWords, type Profile } from '../../emulator/profile.ts';
import type { MatchState, Move } from '../../game/index.ts';
import { readUserFile, writeFileAtomically, type FileReadError } from '../../lib/files.ts';
import { parsePlaySave, ResumeError, searchBot, type PlayMeta } from '../../game/playSave.ts';
import { onDevice, type LauncherStart } from '../../table/launcher.ts';
import { MatchSession, type Question, type TableEvent } from '../../table/session.ts';
import { roundEndText, youOf, type Names } from '../../table/words.ts';
import { cardName } from '../../words/cards.ts';
import { EN_WORDS, type Words } from '../../words/catalogue.ts';
import { noticeOf, noticeWords } from '../../firmware-bridge/notices.ts';
import { askPerson, QuitSignal, type Ui } from './human.ts';
import type { Key } from './keys.ts';
import { renderScreen, tooSmall, type LauncherView, type ScreenSize } from './screen.ts';

/** Where keys come from: the terminal's {@link KeyReader}, or a script in tests. */
export interface Keys {
  /** The next key; `signal` gives the wait up (a question withdrawn), a key typed after kept for the next. */
  next(signal?: AbortSignal): Promise<Key>;
  takeQuit(): boolean;
}

/** How fast the table plays: `instant` (no pauses, simulated clock), `fast`, `normal` (real clock, pauses to follow). */
export type Pace = 'instant' | 'fast' | 'normal';
const PAUSE: Record<Pace, number> = { instant: 0, fast: 150, normal: 700 };
/** The events the screen is given (a tall terminal shows fewer: the newest that fit). */
const LOG_SHOWN = 40;

/**
 * The game stopped on an error; it was saved first (to `savedTo`). Said as the error was (a
 * launcher's notice, a message of the catalogue, else its English) with where the game is kept:
 * `message` in English, `said` for the reader's language.
 */
export class SessionError extends Error {
  readonly said: Said;
  constructor(override readonly cause: Error, readonly savedTo: string) {
    const n = noticeOf(cause);
    const s = said('cli.play.crashed', { error: n ? { notice: n } : (saidOf(cause) ?? cause.message), file: savedTo });
    super(english(s));
    this.name = 'SessionError';
    this.said = s;
  }
}

export { ResumeError, type PlayMeta };

/** Reads a save file (a match from `play` or the browser game, or a lone round from `simulate`). */
export function readPlaySave(file: string): { match: MatchState; meta: Partial<PlayMeta> } {
  let text: string;
  try {
    text = readUserFile(file, 'save');
  } catch (e) {
    const s = said('cli.file.cannotRead', { file, why: (e as FileReadError).said });
    throw withSaid(new ResumeError(english(s)), s);
  }
  return parsePlaySave(text, file);
}

/** How a session is set up. */
export interface SessionOptions {
  match: MatchState;
  meta: PlayMeta;
  profile: Profile;
  pace: Pace;
  keys: Keys;
  savePath: string;
  colour: boolean;
  hardware?: LauncherHardware;
  /** Prints the screen (the terminal, or a test's buffer). */
  out: (text: string) => void;
  /** The terminal's size, read at each redraw (none: a test's buffer, 80 columns). */
  size?: () => ScreenSize;
  /** Hears what a person must do at a real launcher (reload it, clear a jam), besides the screen. */
  attention?: (message: string) => void;
  /** Writes the printable score sheet at the end of the match. */
  onMatchOver?: (match: MatchState, names: Names) => string;
  /** The language the person reads (default English). */
  words?: Words;
  /** The clock a catch race's bots act on (the wall clock by default). */
  clock?: Clock;
}

/** Runs the match until it is over (`done`) or the person quits (`saved`): the screen of a {@link MatchSession}. */
export class PlaySession implements Ui {
  names: Names;
  readonly w: Words;
  readonly session: MatchSession;
  private flying = '';
  private prompt: string[] = [];
  private message: string | null = null;
  private typed = '';
  private playable: ReadonlySet<number> = new Set();
  private readonly me: number;
  /** The question on screen, and how its wait for keys is given up when a catch race withdraws it. */
  private asking: { q: Question; withdrawn: AbortController } | null = null;

  constructor(private readonly o: SessionOptions) {
    this.names = o.meta.names;
    this.w = o.words ?? EN_WORDS;
    this.me = o.meta.me;
    const hw = o.hardware;
    this.session = new MatchSession({
      match: o.match, meta: o.meta, profile: o.profile, autosave: false,
      store: { save: (text) => this.write(text) },
      // The search bots know the launcher on the table (everyone sees the toy); a time budget reads the wall clock.
      search: { profile: o.profile, now: wallNow },
      searchBot,
      makeLauncher: (start) => {
        const l = this.newLauncher(hw ? onDevice(start) : start);
        return { launcher: l, dispose: () => l.detach() };
      },
      afterMove: (move) => this.afterMove(move),
      words: this.w,
      ...(o.clock ? { clock: o.clock } : {}),
    });
    this.session.subscribe((e) => this.heard(e));
  }

  /** The match as played so far. */
  get match(): MatchState {
    return this.session.match;
  }

  /** UNO is called with the person's next play. */
  get unoArmed(): boolean {
    return this.session.unoArmed(this.me);
  }

  set unoArmed(armed: boolean) {
    this.session.armUno(this.me, armed);
  }

  /** Plays on; resolves `done` at the end of the match, `saved` when the person quit. */
  async run(): Promise<'done' | 'saved'> {
    // What a real launcher says about itself (noise on its line, a link lost for good), already rate-limited.
    const notices = this.o.hardware?.onNotice?.((_english, n) => {
      this.session.note(noticeWords(n));
      this.draw();
    });
    try {
      await this.session.run();
      await this.showScores(true);
      return 'done';
    } catch (e) {
      // Whatever stopped the game (q, a device that went away, a bug), the game is kept.
      const where = this.save();
      if (e instanceof QuitSignal) return 'saved';
      throw new SessionError(e as Error, where);
    } finally {
      notices?.();
    }
  }

  private heard(e: TableEvent): void {
    if (e.type === 'round' || e.type === 'moved') this.draw();
    else if (e.type === 'question' && e.question.seat === this.me) void this.ask(e.question);
    // Another seat won the catch race: the question is gone from the screen, and keys go to the next.
    else if (e.type === 'answered' && this.asking && this.session.questionOf(this.me) !== this.asking.q) this.withdrawn();
    else if (e.type === 'phase' && e.phase === 'roundOver') {
      this.showScores(false).then(() => this.session.nextRound(), (err: Error) => this.session.abort(err));
    }
  }

  /** A real device runs on the real clock whatever the pace; `instant` only drops the pauses then. */
  private newLauncher(start: LauncherStart): MachineLauncher {
    const hw = this.o.hardware;
    const l = new MachineLauncher({
      ...start,
      clock: this.o.pace === 'instant' && !hw ? 'simulated' : 'real',
      ...(hw ? { hardware: hw } : {}),
      // Presses come from the players' moves: the launcher's own button would give cards outside the game.
      ignoreButton: true,
    });
    const w = this.w;
    l.on('ding', (e) => this.fly(dingWords(l.context.profile, e, w)));
    l.on('decided', (e) => !e.fire && this.fly(w.t('term.nothingOut')));
    // A card is named only when it comes to this person: another seat's cards are theirs to see, as the page shows their backs.
    l.on('card', (e) => this.fly(w.t('term.cardOut', { flying: this.flying, card: l.context.aimSeat === this.me ? cardName(e.card, w) : w.t('term.aCard'), half: e.halfOut ? 'yes' : 'no' })));
    l.on('jam', () => this.fly(w.t('term.jam', { flying: this.flying })));
    l.on('reloaded', (e) => this.fly(w.t('term.loaded', { n: e.cards, supply: e.supply })));
    // A device lost for good says so itself (a notice); only one that reconnects is waited for.
    l.on('offline', () => l.lostForGood === null && this.session.note(w.t('term.offline')));
    l.on('online', () => this.session.note(w.t('term.online')));
    l.onAttention((_english, a) => {
      const m = attentionText(a, w);
      this.session.note(m);
      this.draw();
      this.o.attention?.(m);
    });
    return l;
  }

  private fly(text: string): void {
    this.flying = text;
    this.draw();
  }

  private launcherView(): LauncherView | null {
    const l = this.session.launcher;
    if (!l || !this.session.state.rules.options.launcher) return null;
    return { supply: l.supplyCount, volts: l.volts, aimedAt: l.context.aimSeat, state: unitStateText(l.unitState, this.w), flying: this.flying, device: l.hardware.name };
  }

  /** What is on screen now (the table, or the scores between rounds), drawn again on a resize. */
  private screen: () => string[] = () => this.table();

  private table(): string[] {
    const s = this.session;
    return renderScreen({
      // More than a tall terminal shows: the screen shows the newest lines that fit.
      names: this.names, w: this.w, me: this.me, state: s.state, match: s.match, launcher: this.launcherView(), log: s.log.slice(-LOG_SHOWN),
      prompt: this.prompt, message: this.message, unoArmed: this.unoArmed, typed: this.typed, playable: this.playable, colour: this.o.colour,
    }, this.o.size?.());
  }

  private draw(screen: () => string[] = () => this.table()): void {
    this.screen = screen;
    // No newline after the last line: on a screen filled to its last row it would scroll the first one off.
    this.o.out(`\x1b[H\x1b[2J${screen().join('\n')}`);
  }

  /** Draws the screen again (the terminal was resized). */
  redraw(): void {
    this.draw(this.screen);
  }

  show(prompt: string[], message: string | null, typed: string, playable: ReadonlySet<number>): void {
    this.prompt = prompt;
    this.message = message;
    this.typed = typed;
    this.playable = playable;
    this.draw();
  }

  key(): Promise<string> {
    return this.o.keys.next(this.asking?.withdrawn.signal);
  }

  /** Puts the question to the person at the keyboard; a quit ends the session with it. */
  private async ask(q: Question): Promise<void> {
    const asking = (this.asking = { q, withdrawn: new AbortController() });
    let m: Move | null;
    try {
      m = await askPerson(this, this.session.state, q.seat, q.moves, q.mode);
    } catch (e) {
      // Withdrawn: its screen is cleared already. Anything else (a quit) ends the session.
      if (e !== asking.withdrawn.signal.reason) this.session.abort(e as Error);
      return;
    }
    if (asking.withdrawn.signal.aborted) return;
    this.asking = null;
    this.clearPrompt();
    this.session.answer(q.seat, m);
  }

  /** Another seat won the catch race: the question leaves the screen at once, and the wait for its keys is given up. */
  private withdrawn(): void {
    const a = this.asking!;
    this.asking = null;
    this.clearPrompt();
    a.withdrawn.abort();
    this.draw();
  }

  private clearPrompt(): void {
    this.prompt = [];
    this.typed = '';
    this.playable = new Set();
  }

  private async afterMove(move: Move): Promise<void> {
    // A quit typed while the bots play waits no longer than the move being shown.
    if (this.o.keys.takeQuit()) throw new QuitSignal();
    const pause = PAUSE[this.o.pace];
    if (pause && move.seat !== this.me) await new Promise((r) => setTimeout(r, pause));
  }

  private async showScores(final: boolean): Promise<void> {
    const m = this.session.match;
    const t = this.w.t;
    const w = Math.max(8, ...this.names.map(columns)) + 2;
    const winner = this.names[m.winner!];
    const head = ['', final ? t('term.matchOver', { who: winner, you: youOf(winner) }) : t('term.roundOver', { round: m.rounds.length, end: roundEndText(m.rounds[m.rounds.length - 1].winner, this.names, this.w) }), ''];
    // Every round, a column per player; where that does not fit the terminal, a row per player (the last round and the totals).
    const table = [`  ${t('term.round').padEnd(7)}${this.names.map((n) => padColumns(n, w, 'start')).join('')}`];
    for (const r of m.rounds) table.push(`  ${String(r.round + 1).padEnd(7)}${r.points.map((p, i) => `${p}`.padStart(w - 6) + ` (${r.totals[i]})`.padStart(6)).join('')}`);
    table.push(`  ${t('term.total').padEnd(7)}${m.totals.map((x) => String(x).padStart(w)).join('')}`);
    const last = m.rounds[m.rounds.length - 1];
    const rows = [`  ${''.padEnd(w)}${t('term.roundN', { n: m.rounds.length }).padStart(9)}${t('term.total').padStart(8)}`, ...this.names.map((n, i) => `  ${padColumns(n, w, 'end')}${`+${last.points[i]}`.padStart(9)}${String(m.totals[i]).padStart(8)}`)];
    const tail: string[] = [];
    if (final && this.o.onMatchOver) tail.push('', t('term.sheetWritten', { file: this.o.onMatchOver(m, this.names) }));
    tail.push('', t(final ? 'term.anyKey' : 'term.nextRound'));
    const fits = (lines: string[], size: ScreenSize) => lines.every((l) => columns(l) <= size.columns) && lines.length <= size.rows;
    this.draw(() => {
      const size = this.o.size?.();
      const wide = [...head, ...table, ...tail];
      if (!size || fits(wide, size)) return wide;
      const narrow = [...head, ...rows, ...tail];
      return fits(narrow, size) ? narrow : tooSmall(size, { columns: Math.max(...narrow.map(columns)), rows: narrow.length }, this.w);
    });
    for (;;) {
      const k = await this.o.keys.next();
      if (final) return;
      if (k === 'quit' || k === 'q') throw new QuitSignal();
      if (k === 'enter') return;
    }
  }

  /** Where the last save went (the temp folder when the chosen file could not be written). */
  savedTo: string | null = null;

  /** Writes the save file (never half of one): the match with its move logs, plus the seats and the launcher's state. */
  save(): string {
    this.session.save();
    return this.savedTo!;
  }

  private write(text: string): void {
    try {
      writeFileAtomically(this.o.savePath, text);
      this.savedTo = this.o.savePath;
    } catch {
      // The folder went away or is read-only: the game goes to the temp folder rather than being lost.
      const fallback = path.join(tmpdir(), `uno-extreme-save-${process.pid}.json`);
      writeFileAtomically(fallback, text);
      this.savedTo = fallback;
    }
  }
}

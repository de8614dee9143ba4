/**
 * A match at the terminal: the person against bots, round after round to the target, against the
 * launcher (the simulated one, or a real device). Ctrl-C or q saves; a save resumes exactly.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seedRng } from '../../lib/rng.ts';
import { wallNow } from '../../lib/wall-clock.ts';
import type { LauncherHardware } from '../../emulator/hardware.ts';
import { MachineLauncher } from '../../emulator/launcher.ts';
import { dingWords, type Profile } from '../../emulator/profile.ts';
import { cardLabel, nextRound, runRound, withRound, type AskMode, type Bot, type GameEvent, type GameState, type MatchState, type Move } from '../../game/index.ts';
import { readUserFile, writeFileAtomically, type FileReadError } from '../../lib/files.ts';
import { parsePlaySave, playSaveText, ResumeError, savedLauncher, showRoundSoFar, tableBots, type PlayMeta } from '../../game/playSave.ts';
import { askPerson, QuitSignal, type Ui } from './human.ts';
import type { Key } from './keys.ts';

/** Where keys come from: the terminal's {@link KeyReader}, or a script in tests. */
export interface Keys {
  next(): Promise<Key>;
  takeQuit(): boolean;
}
import { renderScreen, tooSmall, type LauncherView, type ScreenSize } from './screen.ts';
import { EventWords, verb, type Names } from './words.ts';

/** How fast the table plays: `instant` (no pauses, simulated clock), `fast`, `normal` (real clock, pauses to follow). */
export type Pace = 'instant' | 'fast' | 'normal';
const PAUSE: Record<Pace, number> = { instant: 0, fast: 150, normal: 700 };

/** The game stopped on an error; it was saved first (to `savedTo`). */
export class SessionError extends Error {
  constructor(override readonly cause: Error, readonly savedTo: string) {
    super(`${cause.message}\nThe game was saved to ${savedTo}: continue it with \`npx uno-extreme play --resume ${savedTo}\``);
    this.name = 'SessionError';
  }
}

export { ResumeError, type PlayMeta };

/** Reads a save file (a match from `play` or the browser game, or a lone round from `simulate`). */
export function readPlaySave(file: string): { match: MatchState; meta: Partial<PlayMeta> } {
  let text: string;
  try {
    text = readUserFile(file, 'save');
  } catch (e) {
    throw new ResumeError(`cannot read ${file}: ${(e as FileReadError).message}`);
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
}

/** Runs the match until it is over (`done`) or the person quits (`saved`). */
export class PlaySession implements Ui {
  match: MatchState;
  names: Names;
  unoArmed = false;
  private launcher: MachineLauncher | null = null;
  private state: GameState;
  private log: string[] = [];
  private flying = '';
  private readonly words: EventWords;
  private declinedUno: number | null = null;
  private prompt: string[] = [];
  private message: string | null = null;
  private typed = '';
  private playable: ReadonlySet<number> = new Set();
  private bots: Bot[];
  /** The seat to turn the launcher to before the resumed round goes on, once. */
  private restoreAim: number | null;
  private resumed: boolean;

  constructor(private readonly o: SessionOptions) {
    this.match = o.match;
    this.state = o.match.game;
    this.names = o.meta.names;
    this.words = new EventWords(o.meta.names);
    // The search bots know the launcher on the table (everyone sees the toy); a time budget reads the wall clock.
    this.bots = tableBots(o.meta, o.match.setup.seed, { profile: o.profile, now: wallNow });
    showRoundSoFar(this.bots, this.state);
    // A resumed game shows the events it showed when saved, and faces where the launcher faced.
    this.log = [...(o.meta.events ?? [])];
    this.restoreAim = o.match.game.moves > 0 ? (o.meta.aim ?? null) : null;
    this.resumed = o.match.game.moves > 0;
  }

  /** Plays on; resolves `done` at the end of the match, `saved` when the person quit. */
  async run(): Promise<'done' | 'saved'> {
    // What a real launcher says about itself (noise on its line, a link lost for good), already rate-limited.
    const notices = this.o.hardware?.onNotice?.((m) => {
      this.note(m);
      this.draw();
    });
    try {
      for (;;) {
        if (this.match.game.winner === null) await this.playRound();
        this.match = withRound(this.match, this.state);
        if (this.match.winner !== null) {
          await this.showScores(true);
          return 'done';
        }
        await this.showScores(false);
        this.match = nextRound(this.match);
        this.state = this.match.game;
        this.log = [];
        this.unoArmed = false;
      }
    } catch (e) {
      // Whatever stopped the game (q, a device that went away, a bug), the game is kept.
      const where = this.save();
      if (e instanceof QuitSignal) return 'saved';
      throw new SessionError(e as Error, where);
    } finally {
      notices?.();
      this.launcher?.detach();
    }
  }

  private newLauncher(): MachineLauncher {
    const prev = this.launcher;
    const meta = this.o.meta;
    const carried = prev ? prev.core : meta.launcher ? { ...meta.launcher, supply: [] } : null;
    prev?.detach();
    // A device cannot say which cards it holds (it may have been emptied, restarted or reloaded since
    // the save): its machine starts empty, and the round loads the supply into it, the person asked.
    const resumeSupply = this.state.moves > 0 && !this.o.hardware ? this.state.supply : [];
    const l = new MachineLauncher({
      profile: this.o.profile,
      seed: seedRng(String(this.match.setup.seed), 0x1a),
      seats: this.state.players,
      // A real device runs on the real clock whatever the pace; `instant` only drops the pauses then.
      clock: this.o.pace === 'instant' && !this.o.hardware ? 'simulated' : 'real',
      ...(this.o.hardware ? { hardware: this.o.hardware } : {}),
      // Presses come from the players' moves: the launcher's own button would give cards outside the game.
      ignoreButton: true,
      ...(carried ? { resume: { ...carried, supply: resumeSupply, jammed: false } } : resumeSupply.length ? { supply: resumeSupply } : {}),
    });
    l.on('ding', (e) => this.fly(dingWords(l.context.profile, e)));
    l.on('decided', (e) => !e.fire && this.fly('♪ ding… nothing'));
    l.on('card', (e) => this.fly(`${this.flying} → ${cardLabel(e.card)}${e.halfOut ? ' (left half out)' : ''}`));
    l.on('jam', () => this.fly(`${this.flying}  JAM: clearing it`));
    l.on('reloaded', (e) => this.fly(`loaded ${e.cards} cards: ${e.supply} in the launcher`));
    l.on('lowBattery', (e) => this.note(`The launcher's batteries are low (${e.volts} V)`));
    // A device lost for good says so itself (a notice); only one that reconnects is waited for.
    l.on('offline', () => l.lostForGood === null && this.note('The launcher went offline: waiting for it to come back'));
    l.on('online', () => this.note('The launcher is back online'));
    l.onAttention((m) => {
      this.note(m);
      this.draw();
      this.o.attention?.(m);
    });
    this.launcher = l;
    return l;
  }

  private fly(text: string): void {
    this.flying = text;
    this.draw();
  }

  private note(line: string): void {
    // More than a tall terminal shows: the screen shows the newest that fit.
    this.log.push(line);
    if (this.log.length > 40) this.log.splice(0, this.log.length - 40);
  }

  private launcherView(): LauncherView | null {
    const l = this.launcher;
    if (!l || !this.state.rules.options.launcher) return null;
    return { supply: l.supplyCount, volts: l.volts, aimedAt: l.context.aimSeat, state: l.unitState, flying: this.flying, device: l.hardware.name };
  }

  /** What is on screen now (the table, or the scores between rounds), drawn again on a resize. */
  private screen: () => string[] = () => this.table();

  private table(): string[] {
    return renderScreen({
      names: this.names, me: this.o.meta.me, state: this.state, match: this.match, launcher: this.launcherView(), log: this.log,
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
    return this.o.keys.next();
  }

  private async playRound(): Promise<void> {
    const launcher = this.state.rules.options.launcher ? this.newLauncher() : null;
    if (this.state.moves === 0) this.note(`Round ${this.state.round + 1}, dealer: ${this.names[this.state.dealer]}`);
    else if (this.resumed) this.note(`Resumed at move ${this.state.moves} of round ${this.state.round + 1}`);
    this.resumed = false;
    this.draw();
    if (launcher && this.restoreAim !== null) await launcher.aim(this.restoreAim);
    this.restoreAim = null;
    this.words.from(this.state);
    const { state } = await runRound(this.state, launcher, this.bots, {
      ask: (state, seat, moves, mode) => this.ask(state, seat, moves, mode),
      moved: (state, move, events) => this.moved(state, move, events),
    });
    this.state = state;
  }

  private async ask(state: GameState, seat: number, moves: readonly Move[], mode: AskMode): Promise<Move | null> {
    this.state = state;
    if (mode === 'react') {
      // A chance let go is not offered again while the same player is still catchable.
      if (state.uno !== null && state.uno === this.declinedUno) return null;
    }
    const m = await askPerson(this, state, seat, moves, mode);
    if (mode === 'react' && m === null) this.declinedUno = state.uno;
    // "UNO with your next play" holds for the move being made, not for later turns.
    if (mode === 'turn' || m?.type === 'play') this.unoArmed = false;
    this.prompt = [];
    this.typed = '';
    this.playable = new Set();
    return m;
  }

  private async moved(state: GameState, move: Move, events: readonly GameEvent[]): Promise<void> {
    this.state = state;
    for (const line of this.words.lines(events)) this.note(line);
    if (state.uno === null) this.declinedUno = null;
    this.draw();
    // A quit typed while the bots play waits no longer than the move being shown.
    if (this.o.keys.takeQuit()) throw new QuitSignal();
    const pause = PAUSE[this.o.pace];
    if (pause && move.seat !== this.o.meta.me) await new Promise((r) => setTimeout(r, pause));
  }

  private async showScores(final: boolean): Promise<void> {
    const m = this.match;
    const w = Math.max(8, ...this.names.map((n) => n.length)) + 2;
    const head = ['', final ? `Match over: ${this.names[m.winner!]} ${verb(this.names[m.winner!], 'wins', 'win')}!` : `Round ${m.rounds.length} over: ${this.names[m.rounds[m.rounds.length - 1].winner]} went out`, ''];
    // Every round, a column per player; where that does not fit the terminal, a row per player (the last round and the totals).
    const table = [`  ${'round'.padEnd(7)}${this.names.map((n) => n.padStart(w)).join('')}`];
    for (const r of m.rounds) table.push(`  ${String(r.round + 1).padEnd(7)}${r.points.map((p, i) => `${p}`.padStart(w - 6) + ` (${r.totals[i]})`.padStart(6)).join('')}`);
    table.push(`  ${'total'.padEnd(7)}${m.totals.map((t) => String(t).padStart(w)).join('')}`);
    const last = m.rounds[m.rounds.length - 1];
    const rows = [`  ${''.padEnd(w)}${`round ${m.rounds.length}`.padStart(9)}${'total'.padStart(8)}`, ...this.names.map((n, i) => `  ${n.padEnd(w)}${`+${last.points[i]}`.padStart(9)}${String(m.totals[i]).padStart(8)}`)];
    const tail: string[] = [];
    if (final && this.o.onMatchOver) tail.push('', `Score sheet written to ${this.o.onMatchOver(m, this.names)} (open it in a browser to print)`);
    tail.push('', final ? 'Press any key to leave.' : 'Press Enter for the next round, q to save and quit.');
    const fits = (lines: string[], size: ScreenSize) => lines.every((l) => l.length <= size.columns) && lines.length <= size.rows;
    this.draw(() => {
      const size = this.o.size?.();
      const wide = [...head, ...table, ...tail];
      if (!size || fits(wide, size)) return wide;
      const narrow = [...head, ...rows, ...tail];
      return fits(narrow, size) ? narrow : tooSmall(size, { columns: Math.max(...narrow.map((l) => l.length)), rows: narrow.length });
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
    const core = this.launcher?.core;
    const aim = this.launcher ? this.launcher.context.aimSeat : this.o.meta.aim;
    const text = playSaveText(this.match, this.state, {
      ...this.o.meta, launcher: core ? savedLauncher(core) : this.o.meta.launcher, ...(aim !== undefined ? { aim } : {}), events: this.log.slice(),
    });
    try {
      writeFileAtomically(this.o.savePath, text);
      return (this.savedTo = this.o.savePath);
    } catch {
      // The folder went away or is read-only: the game goes to the temp folder rather than being lost.
      const fallback = path.join(tmpdir(), `uno-extreme-save-${process.pid}.json`);
      writeFileAtomically(fallback, text);
      return (this.savedTo = fallback);
    }
  }
}

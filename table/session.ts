/**
 * A match at one table, headless: seats played by people or by bots, round after round to the
 * target, against the launcher (of any kind: its factory is injected), kept through a save store
 * (injected). The terminal game and the page are views over it: they show what it holds, put its
 * questions to their person and hand back the answers ({@link MatchSession.answer}). Any number of
 * people may sit at the table; each is asked only for their own seat and sees, through
 * {@link MatchSession.viewOf}, only their own hand.
 *
 * The round is run by the engine's runRound with the positional bots of the save and the match's
 * launcher stream, so a match saved by one view goes on in another exactly as it would have.
 */
import type { CoreState } from '../emulator/core.ts';
import type { MachineLauncher } from '../emulator/launcher.ts';
import type { Profile } from '../emulator/profile.ts';
import {
  checkMove, everyHandRefusals, handRefusals, launcherRng, nextRound, playSaveText, roundEnded, runRound, savedLauncher, showRoundSoFar, tableBots, withRound,
  type AskMode, type Bot, type CardId, type GameEvent, type GameState, type MatchState, type Move, type Pending, type PlayMeta, type Race, type Refusal, type SearchKind, type SearchOptions,
} from '../game/index.ts';
import { wallClock, type Clock } from '../lib/wall-clock.ts';
import { CatchRace } from './race.ts';
import { journalLine } from './journal.ts';
import type { LauncherFactory, TableLauncher } from './launcher.ts';
import { EventPhrases, openingPhrase, phraseText, roundStartPhrase, said, type Phrase } from './words.ts';
import { EN_WORDS, type Words } from '../words/catalogue.ts';

/** A question waiting for a person's answer. */
export interface Question {
  seat: number;
  moves: readonly Move[];
  mode: AskMode;
  /** Counts the questions asked: a view tells one from the next. */
  id: number;
}

/** Where the match is: a round being played, a round's scores shown, the end. */
export type Phase = 'playing' | 'roundOver' | 'matchOver';

/** What a view hears, as it happens. */
export type TableEvent =
  | { type: 'launcher'; launcher: MachineLauncher }
  /** A round begins (or goes on, resumed): its first line is in the log. */
  | { type: 'round' }
  | { type: 'question'; question: Question }
  | { type: 'answered'; seat: number }
  | { type: 'moved'; move: Move; events: readonly GameEvent[] }
  | { type: 'phase'; phase: Phase }
  | { type: 'note'; line: Phrase }
  /** Anything else a display shows changed (a refusal, UNO armed, the speed). */
  | { type: 'changed' };

/** Where the match is kept: a file, the browser's storage. Throws when it cannot keep it. */
export interface SaveStore {
  save(text: string): void;
  /**
   * Keeps the match as {@link SaveStore.save} would, with the text built only when the store
   * writes it (`build` then gives the match as it is at that time): a store that keeps each move
   * by other means (a room's journal) writes the whole save seldom, and a long match's every
   * move does not pay for it. `move`: the move just made, when it is what changed (a store with a
   * journal keeps it as a line). Where it is missing, the text is built at each save.
   */
  later?(build: () => string, move?: Move): void;
}

/**
 * Seats whose bots think elsewhere (the page's search worker): the round loop asks them like
 * people, and they answer on their own.
 */
export interface RemoteSeats {
  has(seat: number): boolean;
  /** The table's bot for one of these seats (of search kind `kind`): one the loop asks. */
  seat(seat: number, kind: SearchKind): Bot;
  decide(state: GameState, seat: number, moves: readonly Move[], mode: AskMode): Promise<Move | null>;
  dispose(reason: Error): void;
}

/** A person's seat: what the session holds for them between questions. */
interface PersonSeat {
  /** UNO is called with their next play. */
  unoArmed: boolean;
  /** The seat they let go uncaught (or their own late call) while it is still catchable. */
  declinedUno: number | null;
  /** Why the last thing they tried was refused, until the next move. */
  message: Phrase | null;
  /** A press they made has not come back yet (the launcher is firing). */
  busy: boolean;
}

/** What every seat and the table screen may see: {@link SeatView} without a seat's own parts. */
export type TableView = Omit<SeatView, 'seat' | 'hand' | 'question' | 'unoArmed' | 'message' | 'refusals'>;

/** What one seat may see: its own hand, the others' only as counts (unless Show Hands shows them), never the supply's order. */
export interface SeatView {
  seat: number;
  names: readonly string[];
  hand: readonly CardId[];
  /** Cards in each seat's hand. */
  handSizes: readonly number[];
  /** Every hand, while Show Hands has them on the table or the round is over (counted for its points); else null. */
  shownHands: readonly (readonly CardId[])[] | null;
  discard: readonly CardId[];
  /** Cards in the launcher or the draw pile (their order is no one's to see). */
  supplyCount: number;
  colour: GameState['colour'];
  direction: 1 | -1;
  turn: number;
  dealer: number;
  pending: Pending | null;
  uno: number | null;
  out: readonly boolean[];
  winner: number | null;
  round: number;
  moves: number;
  totals: readonly number[];
  phase: Phase;
  /** The question put to this seat, if one waits. */
  question: Question | null;
  unoArmed: boolean;
  /** Why the last thing this seat tried was refused, until the next move. */
  message: Phrase | null;
  /** The round's events and notes, newest last: worded by each reader in their own language. */
  log: readonly Phrase[];
  /** The number of `log[0]` among every line the session has said (the lines before it were dropped). */
  logBase: number;
  /** Why each card of the hand cannot be played now, by card id (the engine's reasons, as data): said when one is tapped. */
  refusals: Partial<Record<CardId, Refusal>>;
}

/** The session was stopped (a new game, an import, a reload): its round loop ends quietly. */
class Stopped extends Error {
  constructor() {
    super('stopped');
  }
}

/** How a session is made. */
export interface MatchSessionOptions {
  match: MatchState;
  meta: PlayMeta;
  profile: Profile;
  /** Makes each round's launcher (rule sets with a launcher). */
  makeLauncher: LauncherFactory;
  store: SaveStore;
  /**
   * Kept after every move, at each round's end and start (the page: a reload goes on where it
   * was); otherwise only when the view calls {@link MatchSession.save} (the terminal, on a quit).
   */
  autosave: boolean;
  /** The seats people play (default: the save's `people`, else its `me`). */
  people?: readonly number[];
  /** What the search bots are told (the launcher on the table, the clock a time budget reads). */
  search?: Omit<SearchOptions, 'budget'>;
  /** Bots that think elsewhere. */
  remote?: RemoteSeats;
  /**
   * Makes the search bots of the seats `remote` does not play, on this thread (playSave's
   * searchBot: the terminal's, a room's without a search pool). The session makes the quick
   * kinds' bots itself and no search bot otherwise, so a view whose search seats all think
   * elsewhere (the page) carries no search code.
   */
  searchBot?: (kind: SearchKind, seed: string, seat: number, search: SearchOptions) => Bot;
  /**
   * Awaited after each move has been shown (a view's pace, a quit typed meanwhile: it may throw).
   */
  afterMove?: (move: Move) => Promise<void>;
  /**
   * Resolves once the launcher device can play, or when `signal` aborts; each round's launcher is
   * made after it. Absent: always ready.
   */
  deviceReady?: (signal: AbortSignal) => Promise<void>;
  /** The log to start from, as phrases (a game night's room kept them): else the save's worded events. */
  lines?: readonly Phrase[];
  /** Said when the game cannot be kept (autosave): the session goes on. */
  notKept?: (error: Error) => string;
  /** The clock a catch race's bots act on (table/race.ts): the wall clock by default. */
  clock?: Clock;
  /**
   * The language {@link MatchSession.log}, {@link MatchSession.message} and the save's last events
   * are worded in (default English); a view of several readers words {@link MatchSession.lines}
   * and {@link SeatView} in each one's own.
   */
  words?: Words;
}

/** The events of the round in plain words, newest last; this many are kept. */
const LOG_LINES = 60;
/** The last events a save keeps, shown again after a resume (more than a tall terminal shows). */
const EVENTS_SAVED = 40;

/** Runs the match; holds what the views show. */
export class MatchSession {
  match: MatchState;
  state: GameState;
  readonly meta: PlayMeta;
  readonly people: readonly number[];
  phase: Phase = 'playing';
  /** The questions waiting, by seat: one, but in a catch race, where every person in it is asked at once. */
  private readonly questions = new Map<number, Question>();
  /** The catch race under way, if one is. */
  private race: CatchRace | null = null;
  /** The questions the last catch race withdrew, and the seat whose move won it. */
  private lostRace: { ids: Set<number>; by: number } | null = null;
  /** The people whose catch the catch race just ended took and then beat (told by the winning move), and the seat that won it. */
  private beaten: { seats: number[]; by: number } | null = null;
  /** The round's events and notes as data, newest last. */
  lines: Phrase[];
  /** How many lines were dropped from the front of `lines` (keys for a display that lists them). */
  logBase = 0;
  /** `lines` worded in `w`, as last asked for ({@link log}). */
  private worded: { w: Words; base: number; text: string[] } | null = null;
  /** The questions put to people so far (a view tells one from the next by its `id`). */
  questionsAsked = 0;
  private readonly seats = new Map<number, PersonSeat>();
  private readonly phrases = new EventPhrases();
  /** The language the log and the seats' messages are worded in. */
  w: Words;
  private readonly bots: Bot[];
  private readonly listeners = new Set<(e: TableEvent) => void>();
  private current: TableLauncher | null = null;
  /** The launcher's state between rounds (and once the last is gone): the save's, then each round's. */
  private carried: CoreState | null;
  /** Where the launcher faced when the last one went (the save's, before any). */
  private carriedAim: number | undefined;
  /** The seat to turn the launcher to before the resumed round goes on, once. */
  private restoreAim: number | null;
  private resumed: boolean;
  /** What the loop waits for from outside (an answer, the next round), ended by an abort. */
  private waiting: { resolve: (v: Move | null) => void; reject: (e: Error) => void } | null = null;
  private readonly stopping = new AbortController();
  private stopReason: Error | null = null;

  constructor(private readonly o: MatchSessionOptions) {
    this.match = o.match;
    this.state = o.match.game;
    this.meta = o.meta;
    this.people = o.people ?? o.meta.people ?? [o.meta.me];
    const players = o.match.setup.players;
    if (!this.people.includes(o.meta.me) || this.people.some((p) => !Number.isInteger(p) || p < 0 || p >= players) || new Set(this.people).size !== this.people.length)
      throw new Error(`the people's seats ${this.people.join(', ')} must be seats 0..${players - 1}, each once, seat ${o.meta.me} (me) among them`);
    for (const seat of this.people) this.seats.set(seat, { unoArmed: false, declinedUno: null, message: null, busy: false });
    this.w = o.words ?? EN_WORDS;
    const search: SearchOptions = { ...o.search, ...(o.meta.budget ? { budget: o.meta.budget } : {}) };
    this.bots = tableBots(o.meta, o.match.setup.seed, (seat, kind) => {
      if (o.remote?.has(seat)) return o.remote.seat(seat, kind);
      if (!o.searchBot) throw new Error(`seat ${seat}'s bot (${kind}) searches: give the session remote seats that play it, or a searchBot to make it`);
      return o.searchBot(kind, String(o.match.setup.seed), seat, search);
    }, this.people);
    showRoundSoFar(this.bots, this.state);
    // A resumed game shows the events it showed when saved (as they were worded), and faces where the launcher faced.
    this.lines = o.lines ? [...o.lines] : (o.meta.events ?? []).map((text) => ({ text }));
    this.resumed = o.match.game.moves > 0;
    this.restoreAim = this.resumed ? (o.meta.aim ?? null) : null;
    this.carried = o.meta.launcher ? { ...o.meta.launcher, supply: [] } : null;
    this.carriedAim = o.meta.aim;
  }

  /** The question waiting (the first asked, when a catch race asks several people at once), or null. */
  get question(): Question | null {
    for (const q of this.questions.values()) return q;
    return null;
  }

  /** Every question waiting, in the order asked. */
  get asking(): Question[] {
    return [...this.questions.values()];
  }

  /** The question waiting for `seat`, or null. */
  questionOf(seat: number): Question | null {
    return this.questions.get(seat) ?? null;
  }

  /** The seat whose move won the catch race that withdrew question `id` (asked of a person who was too late), or null. */
  caughtFirst(id: number): number | null {
    return this.lostRace?.ids.has(id) ? this.lostRace.by : null;
  }

  /** The seat names. */
  get names(): readonly string[] {
    return this.meta.names;
  }

  /** Hears every change; returns the unsubscribe function. */
  subscribe(listener: (e: TableEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(e: TableEvent): void {
    for (const l of this.listeners) l(e);
  }

  private seat(seat: number): PersonSeat {
    const s = this.seats.get(seat);
    if (!s) throw new Error(`seat ${seat} is not a person's`);
    return s;
  }

  /** The person at `seat` has UNO called with their next play. */
  unoArmed(seat: number): boolean {
    return this.seat(seat).unoArmed;
  }

  /** Arms (or disarms) UNO for the person at `seat`'s next play. */
  armUno(seat: number, armed: boolean): void {
    this.seat(seat).unoArmed = armed;
    this.emit({ type: 'changed' });
  }

  /** Why the last thing the person at `seat` tried was refused, in the session's words, until the next move. */
  message(seat: number): string | null {
    const m = this.seat(seat).message;
    return m && phraseText(m, this.names, this.w);
  }

  /** A press the person at `seat` made has not come back yet. */
  busy(seat: number): boolean {
    return this.seat(seat).busy;
  }

  /** The running launcher (null in draw-pile rule sets and between rounds). */
  get launcher(): MachineLauncher | null {
    return this.current?.launcher ?? null;
  }

  /** Plays the match until its end; a {@link stop} ends it quietly, an {@link abort} with its error. */
  async run(): Promise<void> {
    try {
      // Kept at once: a game just started or opened from a file is the one a reload goes on with.
      this.autosave();
      for (;;) {
        if (!roundEnded(this.match.game)) await this.playRound();
        this.match = withRound(this.match, this.state);
        this.autosave();
        this.setPhase(this.match.winner !== null ? 'matchOver' : 'roundOver');
        if (this.phase === 'matchOver') return;
        // A listener may have stopped the session on hearing the round's end.
        this.checkStopped();
        await this.wait();
        this.match = nextRound(this.match);
        this.state = this.match.game;
        this.logBase += this.lines.length;
        this.lines = [];
        for (const s of this.seats.values()) s.unoArmed = false;
        this.autosave();
        this.setPhase('playing');
      }
    } catch (e) {
      // A stopped session ends quietly, whatever its launcher did as it went (a board closed under it).
      if (this.stopReason instanceof Stopped) return;
      throw this.stopReason ?? e;
    } finally {
      this.dropLauncher();
    }
  }

  private setPhase(phase: Phase): void {
    this.phase = phase;
    this.emit({ type: 'phase', phase });
  }

  /** Deals the next round once the scores were read. */
  nextRound(): void {
    if (this.phase !== 'roundOver') return;
    const w = this.waiting;
    this.waiting = null;
    w?.resolve(null);
  }

  /** Ends the session where it is (its save stays); a question waiting is dropped. */
  stop(): void {
    this.end(new Stopped());
  }

  /** Ends the session with `reason` (a person quitting, a view that failed): {@link run} throws it. */
  abort(reason: Error): void {
    this.end(reason);
  }

  private end(reason: Error): void {
    if (this.stopReason) return;
    this.stopReason = reason;
    this.stopping.abort();
    this.race?.cancel();
    const w = this.waiting;
    this.waiting = null;
    w?.reject(reason);
    this.dropLauncher();
    this.o.remote?.dispose(reason);
  }

  private checkStopped(): void {
    if (this.stopReason) throw this.stopReason;
  }

  private wait(): Promise<Move | null> {
    return new Promise((resolve, reject) => (this.waiting = { resolve, reject }));
  }

  /** The save's text: the match with its move logs, the seats, the launcher's state, where it faced, the last events. */
  /** `move`'s journal line (table/journal.ts) as the session stands just after it: its launcher, and `events` when given. */
  journalLine(move: Move, events?: readonly string[]): string {
    const l = this.launcher;
    return journalLine(this.state.round, this.state.moves, move, l ? { core: savedLauncher(l.core), aim: l.context.aimSeat } : undefined, events);
  }

  saveText(): string {
    const l = this.launcher;
    const core = l?.core ?? this.carried;
    const aim = l ? l.context.aimSeat : this.carriedAim;
    const people = this.people.length === 1 && this.people[0] === this.meta.me ? {} : { people: [...this.people] };
    return playSaveText(this.match, this.state, {
      ...this.meta,
      ...people,
      launcher: core ? savedLauncher(core) : null,
      ...(aim !== undefined ? { aim } : {}),
      events: this.log.slice(-EVENTS_SAVED),
    });
  }

  /** The log's lines a save keeps, as phrases (the save's own `events` are them worded). */
  keptLines(): Phrase[] {
    return this.lines.slice(-EVENTS_SAVED);
  }

  /** Keeps the match in the store (throws when it cannot). */
  save(): void {
    this.o.store.save(this.saveText());
  }

  private autosave(move?: Move): void {
    if (!this.o.autosave) return;
    try {
      const store = this.o.store;
      if (store.later) store.later(() => this.saveText(), move);
      else this.save();
    } catch (e) {
      // Storage full or refused: the game goes on, and says it is not kept.
      const why = this.o.notKept?.(e as Error);
      this.note(why !== undefined ? { text: why } : said('session.notKept', { error: (e as Error).message }));
    }
  }

  /** Words the log and the refusals in `w` from now (a reader chose another language), the lines already there too. */
  setWords(w: Words): void {
    this.w = w;
  }

  /** The log in the session's words ({@link lines} worded), newest last. */
  get log(): readonly string[] {
    const kept = this.worded;
    // Lines are only added at the end, or dropped from the front (logBase counts them).
    if (!kept || kept.w !== this.w || kept.base > this.logBase) this.worded = { w: this.w, base: this.logBase, text: [] };
    const c = this.worded!;
    c.text.splice(0, this.logBase - c.base);
    c.base = this.logBase;
    for (let i = c.text.length; i < this.lines.length; i++) c.text.push(phraseText(this.lines[i], this.names, this.w));
    return c.text;
  }

  /** Adds a line to the log (newest last): a phrase, or a line already worded in the session's language. */
  note(line: Phrase | string): void {
    const p = typeof line === 'string' ? { text: line } : line;
    this.lines.push(p);
    if (this.lines.length > LOG_LINES) this.logBase += this.lines.splice(0, this.lines.length - LOG_LINES).length;
    this.emit({ type: 'note', line: p });
  }

  /**
   * Answers the question waiting for `seat`: `move` must be one of its moves (null lets a chance
   * out of turn go). A move that is not legal now is refused with the engine's reason, kept as
   * the seat's message.
   */
  answer(seat: number, move: Move | null, asBot = false): boolean {
    const q = this.questions.get(seat);
    if (!q || !this.waiting) return false;
    if (move === null ? q.mode !== 'react' : !q.moves.includes(move)) {
      const why = move ? checkMove(this.state, move) : null;
      this.refuse(seat, why ? { refusal: why.refusal } : said('session.notAChoice'));
      return false;
    }
    const s = this.seat(seat);
    if (q.mode === 'react' && move === null) s.declinedUno = this.state.uno;
    // "UNO with your next play" holds for the move being made, not for later turns.
    if (q.mode === 'turn' || move?.type === 'play') s.unoArmed = false;
    if (move?.type === 'press') s.busy = true;
    s.message = null;
    this.questions.delete(seat);
    const race = this.race;
    if (race) {
      // `asBot`: a bot standing in for the person, whose move acts at the seat's delay as any bot's.
      if (asBot) race.botAnswered(seat, move);
      else race.personAnswered(seat, move);
    } else {
      const w = this.waiting;
      this.waiting = null;
      w.resolve(move);
    }
    this.emit({ type: 'answered', seat });
    return true;
  }

  /**
   * A bot answers the person at `seat` from now (a room's stand-in: `bot` true), or they answer
   * again: in a catch race a stand-in is waited for as a bot thinking elsewhere (table/race.ts).
   */
  standIn(seat: number, bot: boolean): void {
    this.race?.standIn(seat, bot);
  }

  /** Shows the person at `seat` why (a refusal: a phrase, or already worded) until the next move. */
  refuse(seat: number, why: Phrase | string): void {
    this.seat(seat).message = typeof why === 'string' ? { text: why } : why;
    this.emit({ type: 'changed' });
  }

  /**
   * What `seat` may see now: the table as everyone sees it, a card it drew, its hand, its question
   * and why its cards cannot be played. `table` ({@link tableView}) and `refusals` (its seat's of
   * {@link everyHandRefusals}), when the caller shows the state to several seats at once.
   */
  viewOf(seat: number, table = this.tableView(), refusals = handRefusals(this.state, seat)): SeatView {
    const person = this.seats.get(seat);
    const p = this.state.pending;
    return {
      seat, ...table, hand: [...this.state.hands[seat]],
      // A card drawn is its drawer's to see.
      pending: p && p.kind === 'drawn' && p.seat === seat ? { ...p } : table.pending,
      question: this.questionOf(seat),
      unoArmed: person?.unoArmed ?? false, message: person?.message ?? null,
      refusals,
    };
  }

  /**
   * Why each seat's cards cannot be played now, read once for all of them. Made for the views
   * being sent and not kept: the next move makes them stale, and kept until then they would
   * outlive the young generation and be collected with the old.
   */
  everyHandRefusals(): Partial<Record<CardId, Refusal>>[] {
    return everyHandRefusals(this.state);
  }

  /** The table as everyone may see it (a game night's table screen): no hand, no question; a card just drawn is its drawer's alone. */
  tableView(): TableView {
    const s = this.state;
    const p = s.pending;
    return {
      names: this.names, handSizes: s.hands.map((h) => h.length),
      // At a round's end every hand is laid down to count its points, as at a real table.
      shownHands: s.shown || this.phase !== 'playing' ? s.hands.map((h) => [...h]) : null,
      discard: [...s.discard], supplyCount: s.supply.length, colour: s.colour, direction: s.direction, turn: s.turn,
      dealer: s.dealer, pending: p ? (p.kind === 'drawn' ? { ...p, card: '' } : { ...p }) : null, uno: s.uno, out: [...s.out], winner: s.winner, round: s.round, moves: s.moves,
      totals: [...this.match.totals], phase: this.phase, log: [...this.lines], logBase: this.logBase,
    };
  }

  private dropLauncher(): void {
    const l = this.current;
    if (!l) return;
    this.carried = l.launcher.core;
    this.carriedAim = l.launcher.context.aimSeat;
    this.current = null;
    l.dispose();
  }

  private newLauncher(): TableLauncher {
    this.dropLauncher();
    const carried = this.carried;
    const resumeSupply = this.state.moves > 0 ? this.state.supply : [];
    const l = this.o.makeLauncher({
      profile: this.o.profile,
      seed: launcherRng(String(this.match.setup.seed)),
      seats: this.state.players,
      ...(carried ? { resume: { ...carried, supply: resumeSupply, jammed: false } } : resumeSupply.length ? { supply: resumeSupply } : {}),
    });
    // What a view does not keep: a warning a person should still read after it.
    l.launcher.on('lowBattery', (e) => this.note(said('session.lowBattery', { volts: e.volts })));
    this.current = l;
    this.emit({ type: 'launcher', launcher: l.launcher });
    return l;
  }

  private async playRound(): Promise<void> {
    // A kept game whose board is not back yet (a reloaded page) waits for it, shown as it is.
    if (this.state.rules.options.launcher && this.o.deviceReady) {
      await this.o.deviceReady(this.stopping.signal);
      this.checkStopped();
    }
    const launcher = this.state.rules.options.launcher ? this.newLauncher().launcher : null;
    if (this.state.moves === 0) {
      this.note(roundStartPhrase(this.state.round, this.state.dealer));
      this.note(openingPhrase(this.state));
    }
    else if (this.resumed) this.note(said('session.resumed', { move: this.state.moves, round: this.state.round + 1 }));
    this.resumed = false;
    this.emit({ type: 'round' });
    if (launcher && this.restoreAim !== null) await launcher.aim(this.restoreAim);
    this.restoreAim = null;
    this.phrases.from(this.state);
    const { state } = await runRound(this.state, launcher, this.bots, {
      ask: (state, seat, moves, mode) => this.asked(state, seat, moves, mode),
      race: (state, race) => this.raced(state, race),
      moved: (state, move, events) => this.moved(state, move, events),
    });
    this.state = state;
  }

  private asked(state: GameState, seat: number, moves: readonly Move[], mode: AskMode): Promise<Move | null> {
    this.checkStopped();
    if (this.o.remote?.has(seat)) return this.o.remote.decide(state, seat, moves, mode);
    this.state = state;
    if (mode === 'react' && this.letGo(state, seat, moves)) return Promise.resolve(null);
    const answered = this.wait();
    this.ask(seat, moves, mode);
    return answered;
  }

  /** The person at `seat` let this chance go already: not offered again while the same player is still catchable (a card to jump in with is another chance). */
  private letGo(state: GameState, seat: number, moves: readonly Move[]): boolean {
    return state.uno !== null && state.uno === this.seat(seat).declinedUno && !moves.some((m) => m.type === 'play');
  }

  /** Puts a question to the person at `seat`. */
  private ask(seat: number, moves: readonly Move[], mode: AskMode): void {
    const question: Question = { seat, moves, mode, id: ++this.questionsAsked };
    this.questions.set(seat, question);
    this.seat(seat).busy = false;
    this.emit({ type: 'question', question });
  }

  /**
   * A catch race (table/race.ts): every person in it asked at once, the seats whose bots think
   * elsewhere asked there; the first valid move counts, and the questions of the others are
   * withdrawn (a person's move sent after is told who was first: {@link caughtFirst}).
   */
  private raced(state: GameState, r: Race): Promise<Move | null> {
    this.checkStopped();
    this.state = state;
    const remote = this.o.remote;
    const answered = this.wait();
    const race = new CatchRace(r, this.o.clock ?? wallClock, (seat) => remote?.has(seat) ?? false, (move, by, beaten) => {
      this.race = null;
      const withdrawn = [...this.questions.values()];
      this.questions.clear();
      if (by !== null && withdrawn.length > 0) this.lostRace = { ids: new Set(withdrawn.map((q) => q.id)), by };
      // People whose catch was taken, then beaten by a quicker bot that was still thinking, are told by the move that beat them.
      this.beaten = by !== null && beaten.length > 0 ? { seats: beaten, by } : null;
      const w = this.waiting;
      this.waiting = null;
      w?.resolve(move);
      for (const q of withdrawn) this.emit({ type: 'answered', seat: q.seat });
    });
    this.race = race;
    for (const a of r.asks) {
      if (remote?.has(a.seat)) {
        remote.decide(state, a.seat, a.moves, 'react').then((m) => race.botAnswered(a.seat, m), (e: Error) => {
          // A race already won waits for nothing: the failure is the next question's to meet.
          if (race.ended) return;
          race.cancel();
          const w = this.waiting;
          this.waiting = null;
          w?.reject(e);
        });
        continue;
      }
      if (this.letGo(state, a.seat, a.moves)) race.skip(a.seat);
    }
    for (const seat of race.asked()) this.ask(seat, r.asks.find((a) => a.seat === seat)!.moves, 'react');
    race.start();
    return answered;
  }

  private async moved(state: GameState, move: Move, events: readonly GameEvent[]): Promise<void> {
    this.checkStopped();
    this.state = state;
    for (const line of this.phrases.of(events)) this.note(line);
    for (const s of this.seats.values()) {
      if (state.uno === null) s.declinedUno = null;
      if (move.type === 'launcher') s.busy = false;
      s.message = null;
    }
    // The catch race this move won: the people it beat see who was quicker, until the next move (bots it beat are told nothing).
    const beaten = this.beaten;
    this.beaten = null;
    if (beaten) {
      for (const seat of beaten.seats) {
        const person = this.seats.get(seat);
        if (person) person.message = said('race.quicker', { who: { seat: beaten.by } });
      }
    }
    this.autosave(move);
    this.emit({ type: 'moved', move, events });
    await this.o.afterMove?.(move);
    this.checkStopped();
  }
}

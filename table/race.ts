/**
 * A catch race on a clock (game/runner.ts {@link Race}): the people in it are asked at once and
 * the first valid move counts. The bots' move is made when its delay has passed, unless a person
 * moved before; a seat that answers as a bot does (its bot thinks elsewhere, or stands in for an
 * away person) acts at its own delay, so the race ends as it would have with every bot at the
 * table. A person's move acts when it is made: while a bot whose delay comes before it is still
 * thinking, the race waits for that bot, so how fast bots think never changes who wins. When
 * every seat asked let its chance go, the bots' move is made at once (or none).
 */
import type { Move, Race, RaceEntry } from '../game/index.ts';
import { raceFirst } from '../game/runner.ts';
import { actsFirst } from '../game/turnStep.ts';
import type { Clock, TimerHandle } from '../lib/wall-clock.ts';

/**
 * Where an asked seat is: its question out, its bot thinking elsewhere, or answered (`move` null:
 * let go); `ms`, once answered, is when its move acts (its delay, or when its person moved).
 */
type Seat = RaceEntry & { moves: readonly Move[]; state: 'asked' | 'thinking' | 'done'; move: Move | null };

export class CatchRace {
  private readonly seats: Seat[];
  private readonly started: number;
  private timer: TimerHandle | null = null;
  private over = false;

  /**
   * `thinking`: the asked seats whose bots answer elsewhere ({@link botAnswered} later); `done`:
   * the seat and the move that won (null: nobody acted), and the asked seats whose move was taken
   * but came second (a person who caught while a quicker bot was still thinking), called once.
   */
  constructor(private readonly race: Race, private readonly clock: Clock, thinking: (seat: number) => boolean, private readonly done: (move: Move | null, seat: number | null, beaten: number[]) => void) {
    this.started = clock.now();
    this.seats = race.asks.map((a) => ({ ...a, state: thinking(a.seat) ? 'thinking' : 'asked', move: null }));
  }

  /** The seats a question goes to (their people are asked). */
  asked(): number[] {
    return this.seats.filter((s) => s.state === 'asked').map((s) => s.seat);
  }

  /** Starts the race's clock (after the questions went out). */
  start(): void {
    this.check();
  }

  /** The race was won or called off: nothing more happens. */
  get ended(): boolean {
    return this.over;
  }

  /** `seat`'s person let their chance go before the race began (the same player was let go already). */
  skip(seat: number): void {
    this.settleSeat(seat, null);
  }

  /** A person's answer (null lets the chance go): a move acts now, first unless a bot's acted before. */
  personAnswered(seat: number, move: Move | null): void {
    this.settleSeat(seat, move, this.clock.now() - this.started);
    this.check();
  }

  /**
   * A bot answers `seat`'s question from now (a room's stand-in, `bot`), or its person again: the
   * race waits for a bot's answer as for one thinking elsewhere, so how fast it thinks (a search
   * in the pool) does not change who wins.
   */
  standIn(seat: number, bot: boolean): void {
    const s = this.seats.find((x) => x.seat === seat);
    if (!s || s.state === 'done') return;
    s.state = bot ? 'thinking' : 'asked';
    this.check();
  }

  /** A bot's answer for `seat` (thinking elsewhere, or standing in): its move acts at the seat's delay. */
  botAnswered(seat: number, move: Move | null): void {
    this.settleSeat(seat, move);
    this.check();
  }

  /** Called off (the session stopped). */
  cancel(): void {
    this.over = true;
    this.clock.clearTimeout(this.timer);
  }

  /** `seat` answered `move`, which acts at `ms` (by default its delay). */
  private settleSeat(seat: number, move: Move | null, ms?: number): void {
    const s = this.seats.find((x) => x.seat === seat);
    if (!s || s.state === 'done') return;
    s.state = 'done';
    s.move = move;
    if (ms !== undefined) s.ms = ms;
  }

  /** The move that acts first among those known, with its seat. */
  private earliest(): (RaceEntry & { move: Move }) | null {
    return raceFirst({ asks: this.seats, bot: this.race.bot }, this.seats.map((s) => s.move));
  }

  /** Ends the race when it is decided; else waits, with a timer for the bots' move. */
  private check(): void {
    if (this.over) return;
    this.clock.clearTimeout(this.timer);
    this.timer = null;
    const best = this.earliest();
    const open = this.seats.filter((s) => s.state !== 'done');
    if (open.length === 0) return this.finish(best?.move ?? null, best?.seat ?? null);
    if (!best) return;
    // A bot still thinking whose delay is earlier may yet act first: the race waits for its answer.
    if (open.some((s) => s.state === 'thinking' && actsFirst(s.ms, s.order, best.ms, best.order))) return;
    const left = best.ms - (this.clock.now() - this.started);
    if (left <= 0) return this.finish(best.move, best.seat);
    this.timer = this.clock.setTimeout(() => this.check(), left);
  }

  private finish(move: Move | null, seat: number | null): void {
    this.cancel();
    this.done(move, seat, this.seats.filter((s) => s.move !== null && s.seat !== seat).map((s) => s.seat));
  }
}

import { wallNow } from '../lib/wall-clock.ts';

/**
 * A simulated clock that steps from timer to timer. XState's own `SimulatedClock.increment(ms)`
 * jumps to the end first and then fires what is due, so a timer set by another timer starts
 * late; here each timer fires at its own due time and time moves exactly as it would in real
 * life, only as fast as the CPU allows.
 */

interface Timer {
  id: number;
  due: number;
  fn: () => void;
}

/** A clock for `createActor(machine, { clock })` that runs on demand. */
export class SteppingClock {
  /** Waiting timers, earliest first (ties in the order they were set): the next one is always at the front. */
  private timers: Timer[] = [];
  private nextId = 1;
  private time = 0;

  /** Current simulated time, ms. */
  now(): number {
    return this.time;
  }

  setTimeout(fn: (...args: unknown[]) => void, timeout: number): number {
    const id = this.nextId++;
    const due = this.time + Math.max(0, timeout);
    // Ids grow, so a new timer goes after every timer due no later than it.
    let i = this.timers.length;
    while (i > 0 && this.timers[i - 1].due > due) i--;
    this.timers.splice(i, 0, { id, due, fn });
    return id;
  }

  clearTimeout(id: number): void {
    const i = this.timers.findIndex((t) => t.id === id);
    if (i >= 0) this.timers.splice(i, 1);
  }

  /** Timers waiting to fire. */
  get pending(): number {
    return this.timers.length;
  }

  /** When the earliest waiting timer is due (Infinity when none is). */
  get nextDue(): number {
    return this.timers.length > 0 ? this.timers[0].due : Infinity;
  }

  /**
   * Moves time on to `time` without firing anything: a timer set now is due from there. A timer
   * already due by then fires at the next {@link step}, late, as a real timer would.
   */
  catchUp(time: number): void {
    this.time = Math.max(this.time, time);
  }

  /** Fires the earliest timer (ties in the order they were set); false when none is left. */
  step(): boolean {
    const t = this.timers.shift();
    if (!t) return false;
    this.time = Math.max(this.time, t.due);
    t.fn();
    return true;
  }

  /** Fires timers until `done()` holds; throws if time runs past `limitMs` (a machine that never settles). */
  runUntil(done: () => boolean, limitMs = 10 * 60 * 1000): void {
    const end = this.time + limitMs;
    while (!done()) {
      if (this.timers.length === 0) throw new Error('simulated clock: nothing left to happen, but the condition never held');
      if (this.time > end) throw new Error(`simulated clock: condition not met within ${limitMs} ms`);
      this.step();
    }
  }

  /** Lets `ms` of time pass, firing every timer due in it at its own time. */
  advance(ms: number): void {
    const end = this.time + ms;
    while (this.timers.length > 0 && this.timers[0].due <= end) this.step();
    this.time = end;
  }
}

/** How fast a {@link PacedClock} runs: a factor of real time, or `Infinity` (no waiting at all). */
export type Speed = number;

/**
 * The real clock at a speed: time runs `speed` times as fast as the wall clock (1: real time,
 * 2: twice as fast), or with `Infinity` jumps from timer to timer with no waiting, yet always
 * asynchronously (from a host timer, never inside the call that set the timer) and in due order.
 * The timers live on a {@link SteppingClock}, so they fire in the same order and at the same
 * clock times whatever the speed; only how long they take in real time changes. A timer set by a
 * timer as it fires is due from that timer's own time, so a burst takes exactly its time on this
 * clock, however late the host fires.
 */
export class PacedClock {
  private readonly queue = new SteppingClock();
  private rate: Speed;
  /** This clock's time and the wall clock's when the speed was last set (the line time runs on). */
  private anchorTime: number;
  private anchorWall: number;
  private host: ReturnType<typeof setTimeout> | null = null;
  /** When the host timer is set for (this clock's time), to set it again only when that changes. */
  private hostFor = Infinity;
  /** A timer is firing: timers set now are due from its time. */
  private firing = false;

  /** `speed`: see {@link Speed}; the clock's time starts at the wall clock's. */
  constructor(speed: Speed = 1) {
    this.rate = checkSpeed(speed);
    this.anchorWall = wallNow();
    this.anchorTime = this.anchorWall;
    this.queue.catchUp(this.anchorTime);
  }

  /** The speed it runs at. */
  get speed(): Speed {
    return this.rate;
  }

  /** Runs from now on at `speed`; waiting timers keep their time on this clock and come sooner or later in real time. */
  setSpeed(speed: Speed): void {
    this.anchorTime = this.now();
    this.anchorWall = wallNow();
    this.queue.catchUp(this.anchorTime);
    this.rate = checkSpeed(speed);
    this.hostFor = Infinity;
    this.schedule();
  }

  /**
   * This clock's time, ms: the wall clock's at the start, then running at the speed; while a timer
   * fires, that timer's time (what it does happens when it is due, however late the host was).
   */
  now(): number {
    return this.firing ? this.queue.now() : this.onLine();
  }

  /** The time the wall clock says, at the speed (with no waiting, the last timer's). */
  private onLine(): number {
    if (this.rate === Infinity) return this.queue.now();
    return Math.max(this.queue.now(), this.anchorTime + (wallNow() - this.anchorWall) * this.rate);
  }

  setTimeout(fn: (...args: unknown[]) => void, timeout: number): number {
    if (!this.firing) this.queue.catchUp(this.now());
    const id = this.queue.setTimeout(fn, timeout);
    this.schedule();
    return id;
  }

  clearTimeout(id: number): void {
    this.queue.clearTimeout(id);
    this.schedule();
  }

  /** Timers waiting to fire. */
  get pending(): number {
    return this.queue.pending;
  }

  /** Stops the host timer; the clock's timers never fire. */
  dispose(): void {
    if (this.host !== null) clearTimeout(this.host);
    this.host = null;
    this.hostFor = Infinity;
  }

  /** Sets the host timer for the earliest timer (unless it is set for it already, or firing will see to it). */
  private schedule(): void {
    if (this.firing) return;
    const due = this.queue.nextDue;
    if (due === this.hostFor) return;
    if (this.host !== null) clearTimeout(this.host);
    this.host = null;
    this.hostFor = due;
    if (due === Infinity) return;
    const wait = this.rate === Infinity ? 0 : Math.max(0, Math.ceil((due - this.now()) / this.rate));
    this.host = setTimeout(() => this.fire(), wait);
  }

  /** The earliest timer is due now (with no waiting, any timer is). */
  private isDue(): boolean {
    return this.queue.pending > 0 && (this.rate === Infinity || this.queue.nextDue <= this.onLine());
  }

  /** Fires every timer that is due, earliest first (with no waiting: a bounded batch, then the host again). */
  private fire(): void {
    this.host = null;
    this.hostFor = Infinity;
    this.firing = true;
    try {
      for (let n = 0; n < MAX_BATCH && this.isDue(); n++) this.queue.step();
    } finally {
      this.firing = false;
    }
    this.schedule();
  }
}

/** Timers fired in one go by a clock with no waiting, before the page or the process gets a turn. */
const MAX_BATCH = 1000;

function checkSpeed(speed: Speed): Speed {
  if (!(speed > 0)) throw new RangeError(`clock speed ${speed}: give a factor above 0 (1 = real time), or Infinity for no waiting`);
  return speed;
}

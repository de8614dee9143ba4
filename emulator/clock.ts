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

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
  private timers: Timer[] = [];
  private nextId = 1;
  private time = 0;

  /** Current simulated time, ms. */
  now(): number {
    return this.time;
  }

  setTimeout(fn: (...args: unknown[]) => void, timeout: number): number {
    const id = this.nextId++;
    this.timers.push({ id, due: this.time + Math.max(0, timeout), fn });
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
    if (this.timers.length === 0) return false;
    let k = 0;
    for (let i = 1; i < this.timers.length; i++) {
      const t = this.timers[i];
      if (t.due < this.timers[k].due || (t.due === this.timers[k].due && t.id < this.timers[k].id)) k = i;
    }
    const [t] = this.timers.splice(k, 1);
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
    for (;;) {
      let k = -1;
      for (let i = 0; i < this.timers.length; i++) {
        const t = this.timers[i];
        if (t.due <= end && (k < 0 || t.due < this.timers[k].due || (t.due === this.timers[k].due && t.id < this.timers[k].id))) k = i;
      }
      if (k < 0) break;
      const [t] = this.timers.splice(k, 1);
      this.time = Math.max(this.time, t.due);
      t.fn();
    }
    this.time = end;
  }
}

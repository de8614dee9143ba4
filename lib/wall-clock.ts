/**
 * The wall clock, in one place: a launcher on the real clock (a person at the table, a real
 * device) reads the time here, and the parts that wait on timers (a board's command session and
 * notices, the rooms of a game night) take a {@link Clock}, injected: the wall clock in
 * production, a test's fake timers or a manual clock elsewhere, so a test of an unplug, a retry,
 * a heartbeat or a person's wait never waits for real time. The pure core and simulated runs
 * never read it.
 */

/** Milliseconds since the epoch. */
export function wallNow(): number {
  return Date.now();
}

/** A handle of a pending timer. */
export type TimerHandle = unknown;

/** Time and timers. */
export interface Clock {
  /** Milliseconds, from any origin (only differences are used). */
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

/**
 * The wall clock. It looks the globals up at each call, so vitest's fake timers, installed after
 * this module loaded, are what it runs on in a test.
 */
export const wallClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

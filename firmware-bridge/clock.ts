/**
 * The time a command session and its notices run on, injected: the wall clock in production, a
 * test's fake timers or a simulation's stepped clock elsewhere. Nothing in the session reads the
 * time any other way, so a test of an unplug, a retry or a heartbeat never waits for real time.
 */

/** A handle of a pending timer. */
export type TimerHandle = unknown;

/** Time and timers. */
export interface BridgeClock {
  /** Milliseconds, from any origin (only differences are used). */
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

/**
 * The wall clock. It looks the globals up at each call, so vitest's fake timers, installed after
 * this module loaded, are what it runs on in a test.
 */
export const wallClock: BridgeClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * A clock that moves only when a test says (lib/wall-clock.ts's {@link Clock}): the rooms' waits,
 * paces and turn timers run on it, so a test of a minute's wait takes no time and never sleeps.
 */
import type { Clock } from '../lib/wall-clock.ts';

/** A clock at 0; `advance(ms)` moves it on and runs the timers due, in the order they were set. */
export function manualClock() {
  let now = 0;
  const timers = new Set<{ at: number; f: () => void }>();
  const clock: Clock = {
    now: () => now,
    setTimeout: (f, ms) => {
      const t = { at: now + ms, f };
      timers.add(t);
      return t;
    },
    clearTimeout: (t) => void timers.delete(t as { at: number; f: () => void }),
  };
  const advance = (ms: number) => {
    now += ms;
    for (const t of [...timers].filter((x) => x.at <= now)) {
      timers.delete(t);
      t.f();
    }
  };
  /** When the timers pending run, soonest first. */
  const due = () => [...timers].map((t) => t.at).sort((a, b) => a - b);
  return { clock, advance, pending: () => timers.size, due };
}

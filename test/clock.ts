/** A {@link Clock} for tests that moves only when the test says: timers run as it passes their time. */
import type { Clock } from '../lib/wall-clock.ts';

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

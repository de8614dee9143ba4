import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PacedClock, type Speed } from '../../emulator/clock.ts';
import type { PressResult } from '../../emulator/core.ts';
import type { DeviceOutput } from '../../emulator/hardware.ts';
import type { MachineLauncher } from '../../emulator/launcher.ts';
import { deck, fixedBurst, makeLauncher, tweaked } from './helpers.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Real (fake-timer) ms until `p` settles, advancing the timers one due time at a time. */
async function realMs<T>(p: Promise<T>): Promise<{ value: T; ms: number }> {
  const t0 = Date.now();
  let value: T | undefined;
  let done = false;
  void p.then((v) => ((value = v), (done = true)));
  for (;;) {
    // Lets the promises that are due run (the fake timers yield to the real event loop), moving no time.
    await vi.advanceTimersByTimeAsync(0);
    if (done) break;
    if (vi.getTimerCount() === 0) throw new Error('nothing left to happen, but the promise is still pending');
    await vi.advanceTimersToNextTimerAsync();
  }
  return { value: value as T, ms: Date.now() - t0 };
}

/** `n` presses in a row (jams cleared, the deck loaded again when empty). */
async function session(l: MachineLauncher, n: number): Promise<PressResult[]> {
  const out: PressResult[] = [];
  while (out.length < n) {
    const r = await l.press();
    if (r.ignored === 'jammed') await l.clearJam();
    else out.push(r);
    if (l.supplyCount === 0) await l.load(deck(108, `r${out.length}-`));
  }
  return out;
}

/**
 * A device's outputs, each at its time since the last thing a person did (a press's ding, the
 * lid's beep): the launcher's own timing, without the pace of the person between presses.
 */
function sincePress(outputs: readonly DeviceOutput[]): DeviceOutput[] {
  let act = outputs[0]?.at ?? 0;
  return outputs.map((o) => {
    if (o.kind === 'tone' && o.tone !== 'low') act = o.at;
    return { ...o, at: o.at - act };
  });
}

describe('the real clock at a speed', () => {
  const burst = fixedBurst(5, { slip: 0, jam: 0, doubleFeed: 0, halfOut: 0 });

  it('a burst at 2× takes half the real time it takes at 1×, and no time with no waiting', async () => {
    const times: Record<string, number> = {};
    let duration = 0;
    for (const speed of [1, 2, Infinity] as Speed[]) {
      const { launcher } = makeLauncher({ profile: burst, clock: 'real', speed });
      const { value, ms } = await realMs(launcher.press());
      expect(value.cards).toHaveLength(5);
      duration = value.durationMs;
      times[String(speed)] = ms;
      await launcher.close();
    }
    expect(duration).toBeGreaterThan(500);
    expect(times['1']).toBe(duration);
    expect(times['2']).toBeGreaterThanOrEqual(duration / 2);
    expect(times['2']).toBeLessThanOrEqual(Math.ceil(duration / 2) + 1);
    expect(times.Infinity).toBe(0);
  });

  it('the aim turns in the travel time divided by the speed', async () => {
    const { launcher } = makeLauncher({ profile: burst, clock: 'real', speed: 2, seats: 4 });
    // Seat 2 of 4 is half a turn away: 180° at 180°/s is 1 s, half a second at 2×.
    const { ms } = await realMs(launcher.aim(2));
    expect(ms).toBe(500);
    expect(launcher.context.heading).toBe(180);
    await launcher.close();
  });

  it('gives the same presses for the same seed at every speed, and on the simulated clock', async () => {
    const profile = tweaked('seed-0-8', { jam: 0.05, halfOut: 0.2, slip: 0.05, doubleFeed: 0.05 });
    const runs: PressResult[][] = [];
    const outputs: unknown[] = [];
    for (const speed of [1, 2, Infinity, null] as (Speed | null)[]) {
      const { launcher, device } = makeLauncher({ profile, seed: 11, ...(speed === null ? {} : { clock: 'real' as const, speed }) });
      runs.push((await realMs(session(launcher, 60))).value);
      outputs.push(sincePress(device.outputs));
      await launcher.close();
    }
    const all = runs[0];
    expect(all.some((r) => r.jam)).toBe(true);
    expect(all.some((r) => r.halfOut)).toBe(true);
    expect(all.filter((r) => r.cards.length > 0).length).toBeGreaterThan(10);
    for (const r of runs.slice(1)) expect(r).toEqual(all);
    // The same motor, tone and aim commands at the same clock times within each press.
    for (const o of outputs.slice(1)) expect(o).toEqual(outputs[0]);
  });

  it('a speed changed during a burst changes its pace, not its cards', async () => {
    const a = makeLauncher({ profile: burst, clock: 'real', speed: 1 }).launcher;
    const b = makeLauncher({ profile: burst, clock: 'real', speed: 1 }).launcher;
    const slow = await realMs(a.press());
    const p = b.press();
    await vi.advanceTimersByTimeAsync(300);
    b.setSpeed(3);
    const rest = await realMs(p);
    expect(rest.value).toEqual(slow.value);
    expect(300 + rest.ms).toBeLessThan(slow.ms);
    expect(rest.ms).toBeLessThanOrEqual(Math.ceil((slow.ms - 300) / 3) + 1);
    await a.close();
    await b.close();
  });

  it('is refused on the simulated clock, and for a speed that is not above 0', () => {
    expect(() => makeLauncher({ speed: 2 })).toThrow(/needs the real clock/);
    expect(() => makeLauncher().launcher.setSpeed(2)).toThrow(/needs the real clock/);
    expect(() => new PacedClock(0)).toThrow(/above 0/);
    expect(() => new PacedClock(Number.NaN)).toThrow(/above 0/);
  });
});

describe('PacedClock', () => {
  it('fires asynchronously and in due order with no waiting, a timer set while firing due from its own time', async () => {
    const clock = new PacedClock(Infinity);
    const t0 = clock.now();
    const seen: string[] = [];
    clock.setTimeout(() => seen.push(`b@${clock.now() - t0}`), 50);
    clock.setTimeout(() => {
      seen.push(`a@${clock.now() - t0}`);
      clock.setTimeout(() => seen.push(`c@${clock.now() - t0}`), 40);
    }, 20);
    const gone = clock.setTimeout(() => seen.push('cleared'), 30);
    clock.clearTimeout(gone);
    expect(seen).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual(['a@20', 'b@50', 'c@60']);
    expect(clock.pending).toBe(0);
  });

  it('runs on the wall clock at its speed, and waits for nothing once disposed', async () => {
    const clock = new PacedClock(4);
    const t0 = clock.now();
    let fired = -1;
    clock.setTimeout(() => (fired = clock.now() - t0), 400);
    await vi.advanceTimersByTimeAsync(99);
    expect(fired).toBe(-1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fired).toBe(400);
    clock.setTimeout(() => (fired = -2), 400);
    clock.dispose();
    expect(vi.getTimerCount()).toBe(0);
  });
});

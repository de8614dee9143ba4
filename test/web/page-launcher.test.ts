import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPageLauncher, speedFactor } from '../../web/src/launcher/index.ts';
import { deck, fixedBurst } from '../emulator/helpers.ts';

beforeEach(() => {
  // Only what the page's launcher runs on (emulator/clock.ts: setTimeout and Date.now). Files
  // share their worker: a browser an earlier file left open talks to Playwright on setImmediate,
  // which faked would run under runAllTimersAsync without end ("10000 timers").
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const five = fixedBurst(5, { slip: 0, jam: 0, doubleFeed: 0, halfOut: 0 });

describe('createPageLauncher', () => {
  it('runs the real machine on the real clock at the speed asked, changed with setSpeed', async () => {
    const page = createPageLauncher({ profile: five, seed: 3, seats: 4, speed: 2, supply: deck(20) });
    const l = page.launcher;
    expect(l.clock).toBeNull();
    expect(l.speed).toBe(2);
    expect(l.options.ignoreButton).toBe(true);
    const t0 = Date.now();
    const first = l.press();
    await vi.runAllTimersAsync();
    const r = await first;
    expect(r.cards).toEqual(deck(5));
    expect(Date.now() - t0).toBe(Math.ceil(r.durationMs / 2));

    page.setSpeed('instant');
    expect(l.speed).toBe(Infinity);
    const t1 = Date.now();
    const second = l.press();
    await vi.runAllTimersAsync();
    expect((await second).cards).toEqual(deck(20).slice(5, 10));
    expect(Date.now()).toBe(t1);
    page.dispose();
    expect(vi.getTimerCount()).toBe(0);
    expect(l.actor.getSnapshot().status).toBe('stopped');
  });

  it('goes on from a saved core state', async () => {
    const a = createPageLauncher({ profile: five, seed: 3, seats: 4, speed: 'instant', supply: deck(20) });
    const p = a.launcher.press();
    await vi.runAllTimersAsync();
    await p;
    const b = createPageLauncher({ profile: five, seed: 99, seats: 4, speed: 1, resume: a.launcher.core });
    expect(b.launcher.supply).toEqual(deck(20).slice(5));
    expect(b.launcher.core.rng).toEqual(a.launcher.core.rng);
    a.dispose();
    b.dispose();
  });

  it('maps the settings to clock speeds', () => {
    expect([speedFactor(1), speedFactor(2), speedFactor('instant')]).toEqual([1, 2, Infinity]);
  });
});

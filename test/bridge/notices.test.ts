/**
 * What a driver tells the person: unreadable lines told at most once per window (a noisy line
 * cannot flood the terminal), and notices given before anyone listened kept for the first listener.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GarbageReport, notice, Notices } from '../../firmware-bridge/notices.ts';

describe('unreadable lines from a board', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('the first is told at once; a flood within the window is one summary when it ends; a line after a quiet window is told at once', () => {
    const told: string[] = [];
    const g = new GarbageReport('serial:/dev/ttyACM0', (n) => told.push(n.message), 10_000);
    g.add('\x00\xffnoise');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(/^serial:\/dev\/ttyACM0: 1 unreadable line from the board \(e\.g\. "\\u0000ÿnoise"\), ignored;/);
    for (let i = 0; i < 500; i++) {
      vi.advanceTimersByTime(10);
      g.add(`junk ${i}`);
    }
    expect(told).toHaveLength(1);
    vi.advanceTimersByTime(5_000); // the window ends 10 s after the first message
    expect(told).toHaveLength(2);
    expect(told[1]).toMatch(/: 500 unreadable lines from the board \(e\.g\. "junk 0", 501 since opening the port\)/);
    vi.advanceTimersByTime(60_000);
    expect(told).toHaveLength(2);
    g.add('late');
    expect(told).toHaveLength(3);
    expect(told[2]).toMatch(/: 1 unreadable line .*"late", 502 since opening the port/);
    expect(g.count).toBe(502);
    expect(g.last).toBe('late');
  });

  it('a summary pending when the device closes is dropped, with its timer', () => {
    const told: string[] = [];
    const g = new GarbageReport('x', (n) => told.push(n.message), 1000);
    g.add('a');
    g.add('b');
    g.close();
    vi.advanceTimersByTime(5000);
    expect(told).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('notices', () => {
  it('said before anyone listened: the first listener hears the last five, then every new one', () => {
    const n = new Notices();
    for (let i = 1; i <= 7; i++) n.say(notice('notice.back', { device: `m${i}` }));
    const heard: string[] = [];
    const off = n.on((m) => heard.push(m));
    expect(heard).toEqual(['m3 is back', 'm4 is back', 'm5 is back', 'm6 is back', 'm7 is back']);
    n.say(notice('notice.back', { device: 'm8' }));
    off();
    n.say(notice('notice.back', { device: 'm9' }));
    expect(heard.at(-1)).toBe('m8 is back');
  });
});

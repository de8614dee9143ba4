/** bench/rooms-load.ts: what the room benches (ours and the peer's) measure in their timed window. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { timedWindow } from '../../bench/rooms-load.ts';

describe('timedWindow', () => {
  afterEach(() => void vi.useRealTimers());

  it('counts only the round trips made in the window, not those of the rooms opened first', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    // Made while the last rooms were still opening: slow, and outside the CPU the window measures.
    const latencies = [900, 900, 900];
    let stopped = false;
    const window = timedWindow(process.pid, 2, latencies, () => (stopped = true));
    latencies.push(3, 1, 2);
    await vi.advanceTimersByTimeAsync(2000);
    const w = await window;
    expect(stopped).toBe(true);
    expect(latencies).toEqual([1, 2, 3]);
    expect(w).toMatchObject({ seconds: 2, p50ms: 2, p99ms: 3 });
  });
});

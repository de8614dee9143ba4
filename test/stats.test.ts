/** lib/stats.ts's summaries of samples: the benchmarks' medians and percentiles, one definition each. */
import { describe, expect, it } from 'vitest';
import { median, quantile } from '../lib/stats.ts';

describe('quantile and median', () => {
  it('quantile is the nearest rank of a sorted list: p50 of 1..4 is 2, p99 of 100 values the 99th, none of nothing', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2);
    expect(quantile(Array.from({ length: 100 }, (_, i) => i + 1), 0.99)).toBe(99);
    expect(quantile([7], 0)).toBe(7);
    expect(quantile([1, 2, 3], 1)).toBe(3);
    expect(quantile([], 0.5)).toBeNaN();
  });

  it('median takes any order: the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

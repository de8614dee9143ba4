/**
 * Golden digests: each named run hashed, and its digest compared with the one recorded. A change
 * that should not change what is run keeps every digest; one that does changes them on purpose:
 * `GOLDEN_PRINT=1` prints each digest as the table of recorded ones writes it, to paste there.
 */
import { expect, it } from 'vitest';

/** One test per entry of `runs`: its digest is the one `expected` records under its name. */
export function goldenDigests(expected: Readonly<Record<string, string>>, runs: Readonly<Record<string, () => string>>): void {
  for (const [name, run] of Object.entries(runs)) {
    it(name, () => {
      const got = run();
      if (process.env.GOLDEN_PRINT) console.log(`  '${name}': '${got}',`);
      expect(got).toBe(expected[name]);
    });
  }
}

import { describe, expect, it } from 'vitest';
import { FastLauncher } from '../../emulator/api.ts';
import { MachineLauncher } from '../../emulator/launcher.ts';
import { resolveProfile } from '../../emulator/profiles.ts';
import type { PressResult } from '../../emulator/core.ts';
import type { SyncLauncher } from '../../emulator/api.ts';
import { deck, tweaked } from './helpers.ts';

/** Presses n times, reloading and clearing jams as a player would; returns every result. */
function play(l: SyncLauncher, n: number): PressResult[] {
  const out: PressResult[] = [];
  let reload = 0;
  for (let i = 0; i < n; i++) {
    if (l.supplyCount === 0) l.loadSync(deck(108, `r${reload++}-`));
    const r = l.pressSync();
    out.push(r);
    if (r.jam) l.clearJamSync();
  }
  return out;
}

const profiles = [
  resolveProfile('seed-0-8'),
  resolveProfile('extreme-2010-measured'),
  resolveProfile('attack-1999-pattern'),
  // A worn roller: slips, double feeds, jams and half-out cards all happen often.
  tweaked('seed-0-8', { slip: 0.2, doubleFeed: 0.1, jam: 0.03, halfOut: 0.3 }),
];

describe('fast path and machine path', () => {
  for (const p of profiles) {
    it(`give identical presses for the same seed (${p.name}, mechanics ${JSON.stringify(p.spec.mechanics ?? {})})`, () => {
      const m = new MachineLauncher({ profile: p, seed: 99, supply: deck() });
      const f = new FastLauncher(p, 99, deck());
      const a = play(m, 1500);
      const b = play(f, 1500);
      expect(a).toEqual(b);
      expect(m.context.core).toEqual(f.state);
      // The worn roller must really exercise every mechanism, or the comparison proves little.
      if (p.spec.mechanics) {
        expect(a.some((r) => r.jam)).toBe(true);
        expect(a.some((r) => r.halfOut)).toBe(true);
        expect(a.some((r) => r.doubles > 0)).toBe(true);
        expect(a.some((r) => r.slips > 0)).toBe(true);
      }
      expect(a.some((r) => r.empty)).toBe(true);
    });
  }

  it('same seed, same sequence; another seed, another sequence (determinism)', () => {
    const p = resolveProfile('extreme-2010-measured');
    const one = play(new MachineLauncher({ profile: p, seed: 5, supply: deck() }), 300);
    const two = play(new MachineLauncher({ profile: p, seed: 5, supply: deck() }), 300);
    const three = play(new MachineLauncher({ profile: p, seed: 6, supply: deck() }), 300);
    expect(two).toEqual(one);
    expect(three).not.toEqual(one);
  });

  it('golden: the first presses of seed 42 on extreme-2010-measured', () => {
    const res = play(new FastLauncher(resolveProfile('extreme-2010-measured'), 42, deck()), 12);
    expect(res.map((r) => r.cards.length)).toMatchInlineSnapshot(`
      [
        0,
        0,
        2,
        0,
        13,
        0,
        0,
        1,
        0,
        10,
        0,
        0,
      ]
    `);
  });
});

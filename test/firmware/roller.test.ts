/**
 * The emulated roller (firmware-bridge/avr/roller.ts) times each feed attempt as the pure core
 * says: the attempt `feedStep` decides lasts the `ms` that `feedStep` gives it.
 */
import { describe, expect, it } from 'vitest';
import { Roller } from '../../firmware-bridge/avr/roller.ts';
import { attemptMs, BATTERY, feedStep, initialCore, type Burst } from '../../emulator/core.ts';
import { resolveProfile } from '../../emulator/profiles.ts';
import { seedRng } from '../../lib/rng.ts';

const base = resolveProfile('seed-0-8');
/** A roller that always feeds one card: only the timing is left to check. */
const profile = { ...base, mechanics: { ...base.mechanics, slip: 0, jam: 0, doubleFeed: 0 } };
const capacityMs = BATTERY.capacityMotorSeconds * 1000;
const OPEN: Burst = { target: Infinity, bucket: 1, out: [], attempts: 0, maxAttempts: Infinity, slips: 0, doubles: 0 };

/** Attempt length after `motorMs` of motor time. */
const msAt = (motorMs: number) => attemptMs(profile, initialCore(seedRng(1), [], 1 - motorMs / capacityMs));

/**
 * The motor time at which an attempt gets 1 ms longer (the cells sag as the motor runs): an
 * attempt that starts just before it is followed by a longer one.
 */
function sagStep(): number {
  let lo = capacityMs / 2;
  let hi = lo;
  while (msAt(hi) === msAt(lo)) hi += 10_000;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (msAt(mid) === msAt(lo)) lo = mid;
    else hi = mid;
  }
  return hi;
}

describe('the emulated roller', () => {
  it('an attempt lasts what feedStep said, also the one after which the cells sag a step (regression: it took the next attempt\'s length)', () => {
    const charge = 1 - (sagStep() - 40) / capacityMs;
    const cards = ['c1', 'c2', 'c3'];
    // The same attempts on the pure core: their lengths, and proof that they differ at this charge.
    const first = feedStep(profile, initialCore(seedRng(1), cards, charge), OPEN);
    const second = feedStep(profile, first.state, first.burst);
    expect(second.step.ms).toBe(first.step.ms + 1);

    const roller = new Roller({ rng: seedRng(1), profile, cards: cards.length, charge });
    const run = (ms: number) => roller.advance(ms, { dir: 'forward', duty: 1 });
    const spinUp = profile.mechanics.spinUpMs;
    // A card clears the beam at 70 % of its attempt.
    run(spinUp + 0.7 * first.step.ms - 0.05);
    expect(roller.cardsOut).toBe(0);
    run(0.1);
    expect(roller.cardsOut).toBe(1);
    run(0.3 * first.step.ms + 0.7 * second.step.ms - 0.1);
    expect(roller.cardsOut).toBe(1);
    run(0.1);
    expect(roller.cardsOut).toBe(2);
  });
});

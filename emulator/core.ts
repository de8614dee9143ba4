/**
 * The launcher's pure core: the decision to fire, the roller's feed attempts, the battery, as
 * functions of (state, random stream). No I/O, no clock, no Math.random. The XState machine calls
 * these one step at a time on its (simulated or real) clock; {@link pressFast} calls the same
 * functions in the same order in a loop, so both give identical outcomes for the same seed.
 */
import { Rng, type RngState } from '../lib/rng.ts';
import type { Profile } from './profile.ts';

/** A card's identity in software (the game's card code). The bottom card leaves first. */
export type CardId = string;

/** 3 × C alkaline cells. Nothing public gives the toy's draw: these are documented defaults. */
export const BATTERY = {
  /** Open-circuit voltage of three fresh cells. */
  freshVolts: 4.8,
  /** Open-circuit voltage when the cells are spent (1.0 V per cell). */
  deadVolts: 3.0,
  /** The voltage the feed rate is quoted at. */
  nominalVolts: 4.5,
  /** Drop under motor load (internal resistance × stall-ish current). */
  sagVolts: 0.45,
  /** Below this resting voltage the unit warns once (a real toy's sound gets weak). */
  lowVolts: 3.6,
  /** The electronics reset when the voltage under load falls below this. */
  brownoutVolts: 2.7,
  /** Motor time that spends a fresh set, seconds (≈ 7.8 Ah at ~1 A, derated). */
  capacityMotorSeconds: 6 * 3600,
  /** Time the electronics take to boot after a brown-out, ms. */
  bootMs: 500,
} as const;

/** The part of a launcher's state the pure core reads and writes. Plain data. */
export interface CoreState {
  rng: RngState;
  /** Correct presses since the counter last restarted (power-on, brown-out, lid cycle). */
  presses: number;
  /** Correct presses since the last burst. */
  sinceBurst: number;
  /** Cards loaded, bottom (next out) first. */
  supply: CardId[];
  /** Motor time on the current batteries, ms. */
  motorMs: number;
  /** The low-battery warning was given for these batteries. */
  lowWarned: boolean;
  /** A card is stuck in the mouth: the motor is blocked until the lid is opened. */
  jammed: boolean;
}

/** Starting core state for a seed and a set of cards. `charge` is the battery's state, 0..1. */
export function initialCore(rng: RngState, supply: CardId[] = [], charge = 1): CoreState {
  return {
    rng,
    presses: 0,
    sinceBurst: 0,
    supply,
    motorMs: (1 - charge) * BATTERY.capacityMotorSeconds * 1000,
    lowWarned: charge <= batteryChargeAtVolts(BATTERY.lowVolts),
    jammed: false,
  };
}

function batteryChargeAtVolts(v: number): number {
  return (v - BATTERY.deadVolts) / (BATTERY.freshVolts - BATTERY.deadVolts);
}

/** Resting voltage after `motorMs` of motor time. */
export function restVolts(motorMs: number): number {
  const used = Math.min(1, motorMs / (BATTERY.capacityMotorSeconds * 1000));
  return BATTERY.freshVolts - (BATTERY.freshVolts - BATTERY.deadVolts) * used;
}

/** Voltage with the motor running. */
export function loadVolts(motorMs: number): number {
  return restVolts(motorMs) - BATTERY.sagVolts;
}

/** The batteries are spent: the electronics do not run at all. */
export function batteryDead(s: CoreState): boolean {
  return s.motorMs >= BATTERY.capacityMotorSeconds * 1000;
}

/** What the profile decided for one correct press. */
export interface Decision {
  fire: boolean;
  /** Cards the burst aims to eject (0 when not firing). */
  target: number;
  /** Presses since the last burst, counting this one (1-based). */
  bucket: number;
}

/**
 * The decision for one correct press: draws once for "fire?" and, when firing, once for the
 * burst size. Returns the decision and the state with its counters advanced.
 */
export function decide(p: Profile, s: CoreState, rng: Rng): { state: CoreState; decision: Decision } {
  const presses = s.presses + 1;
  const bucket = s.sinceBurst + 1;
  let fire: boolean;
  if (p.fire.model === 'hazard') {
    const h = p.fire.hazard[Math.min(bucket, p.fire.hazard.length) - 1];
    fire = rng.chance(h);
  } else {
    rng.next(); // keep one draw per press whatever the model, so streams stay aligned
    fire = p.schedule!.has(((presses - 1) % p.fire.period) + 1);
  }
  let target = 0;
  if (fire) target = rng.fromCdf(p.burstCdf[Math.min(bucket, p.burstCdf.length) - 1]);
  return {
    state: { ...s, presses, sinceBurst: fire ? 0 : bucket },
    decision: { fire, target, bucket },
  };
}

/** A burst in progress. */
export interface Burst {
  target: number;
  bucket: number;
  /** Cards out so far, in order. */
  out: CardId[];
  attempts: number;
  maxAttempts: number;
  slips: number;
  doubles: number;
}

/** Starts a burst for a firing decision. */
export function startBurst(p: Profile, d: Decision): Burst {
  return {
    target: d.target,
    bucket: d.bucket,
    out: [],
    attempts: 0,
    maxAttempts: Math.max(1, Math.ceil(d.target * p.mechanics.attemptsFactor)),
    slips: 0,
    doubles: 0,
  };
}

/** The motor starting: either it runs, or the voltage sags below brown-out and the unit resets. */
export function motorStart(p: Profile, s: CoreState): { state: CoreState; brownout: boolean; ms: number } {
  if (loadVolts(s.motorMs) < BATTERY.brownoutVolts) {
    // The reset clears the electronics' memory: the press counter starts over. The motor's inrush
    // before the reset still drains the cells, so repeated tries end with spent batteries.
    const motorMs = s.motorMs + p.mechanics.spinUpMs;
    return { state: { ...s, presses: 0, sinceBurst: 0, motorMs }, brownout: true, ms: 0 };
  }
  return { state: { ...s, motorMs: s.motorMs + p.mechanics.spinUpMs }, brownout: false, ms: p.mechanics.spinUpMs };
}

/** Outcome of one feed attempt of the roller. */
export type FeedOutcome = 'card' | 'double' | 'slip' | 'jam' | 'empty';

/** One feed attempt, applied. */
export interface FeedStep {
  outcome: FeedOutcome;
  /** Cards that left in this attempt. */
  cards: CardId[];
  /** How long the attempt took, ms (the feed rate scales with the voltage under load). */
  ms: number;
  /** The burst is over after this attempt. */
  done: boolean;
}

/**
 * Duration of one feed attempt at the current voltage. Rounded to whole ms so that a simulated
 * clock and a fast path add up the same times.
 */
export function attemptMs(p: Profile, s: CoreState): number {
  const rate = p.mechanics.feedRate * (loadVolts(s.motorMs) / BATTERY.nominalVolts);
  return Math.max(1, Math.round(1000 / rate));
}

/**
 * One feed attempt: with the supply empty nothing comes out and the burst ends; otherwise one
 * draw picks slip, double feed, jam or a single card.
 */
export function feedStep(p: Profile, s: CoreState, b: Burst, rng: Rng): { state: CoreState; burst: Burst; step: FeedStep } {
  const ms = attemptMs(p, s);
  const motorMs = s.motorMs + ms;
  if (s.supply.length === 0) {
    return {
      state: { ...s, motorMs },
      burst: { ...b, attempts: b.attempts + 1 },
      step: { outcome: 'empty', cards: [], ms, done: true },
    };
  }
  const m = p.mechanics;
  const u = rng.next();
  let outcome: FeedOutcome;
  let n = 0;
  if (u < m.slip) outcome = 'slip';
  else if (u < m.slip + m.jam) outcome = 'jam';
  else if (u < m.slip + m.jam + m.doubleFeed && s.supply.length >= 2) (outcome = 'double'), (n = 2);
  else (outcome = 'card'), (n = 1);
  const cards = s.supply.slice(0, n);
  const supply = n > 0 ? s.supply.slice(n) : s.supply;
  const out = n > 0 ? b.out.concat(cards) : b.out;
  const attempts = b.attempts + 1;
  const done =
    outcome === 'jam' || out.length >= b.target || attempts >= b.maxAttempts || supply.length === 0;
  return {
    state: { ...s, supply, motorMs, jammed: outcome === 'jam' },
    burst: {
      ...b,
      out,
      attempts,
      slips: b.slips + (outcome === 'slip' ? 1 : 0),
      doubles: b.doubles + (outcome === 'double' ? 1 : 0),
    },
    step: { outcome, cards, ms, done },
  };
}

/**
 * The reverse pulse that ends a burst (not after a jam: the motor is stalled). It fails to pull
 * the next card back with the profile's `halfOut` chance; that card goes to the presser.
 */
export function reversePulse(p: Profile, s: CoreState, rng: Rng): { state: CoreState; halfOut: CardId | null; ms: number } {
  const ms = p.mechanics.reverseMs;
  const motorMs = s.motorMs + ms;
  if (s.supply.length === 0) return { state: { ...s, motorMs }, halfOut: null, ms };
  if (rng.chance(p.mechanics.halfOut)) {
    return { state: { ...s, motorMs, supply: s.supply.slice(1) }, halfOut: s.supply[0], ms };
  }
  return { state: { ...s, motorMs }, halfOut: null, ms };
}

/** The low-battery warning is due (once per set of batteries). */
export function lowBatteryDue(s: CoreState): boolean {
  return !s.lowWarned && restVolts(s.motorMs) < BATTERY.lowVolts;
}

/** Why a press did not ding. */
export type IgnoreReason = 'off' | 'lid-open' | 'busy' | 'bounce' | 'jammed' | 'battery-dead' | 'resetting' | 'offline';

/** What one press did, as a person at the table would tell it. */
export interface PressResult {
  /** The press was correct and the launcher dinged. */
  dinged: boolean;
  /** Why the press was ignored, when it was. */
  ignored?: IgnoreReason;
  /** The profile decided to fire. */
  fired: boolean;
  /** Cards the burst aimed at (0 when not firing). */
  target: number;
  /** Presses since the last burst, counting this one (0 when ignored). */
  bucket: number;
  /** Every card that went to the presser, in order, the half-ejected one last. */
  cards: CardId[];
  /** The last card was left half out by the reverse pulse. */
  halfOut: boolean;
  /** The launcher was or ran empty. */
  empty: boolean;
  /** The roller jammed: the lid must be opened to clear it. */
  jam: boolean;
  /** The motor's start sagged the batteries below brown-out: the unit reset. */
  brownout: boolean;
  slips: number;
  doubles: number;
  /** Time from the press until the launcher was ready again, ms. */
  durationMs: number;
}

/** A result for an ignored press. */
export function ignoredResult(reason: IgnoreReason): PressResult {
  return {
    dinged: false, ignored: reason, fired: false, target: 0, bucket: 0, cards: [],
    halfOut: false, empty: false, jam: false, brownout: false, slips: 0, doubles: 0, durationMs: 0,
  };
}

/**
 * One press of a launcher that is on with its lid closed, computed directly: the fast path for
 * simulations. Same functions, same order, same draws as the machine; returns the new state and
 * what happened. A jammed or dead launcher ignores the press, as the machine does.
 */
export function pressFast(p: Profile, s0: CoreState): { state: CoreState; result: PressResult } {
  if (batteryDead(s0)) return { state: s0, result: ignoredResult('battery-dead') };
  if (s0.jammed) return { state: s0, result: ignoredResult('jammed') };
  const rng = new Rng(s0.rng);
  const { state: s1, decision } = decide(p, s0, rng);
  // Built whole rather than as ignoredResult() with `ignored` deleted: a delete turns the object
  // into a slow dictionary, and the runner reads every press result. Same keys, same order.
  const r: PressResult = {
    dinged: true, fired: false, target: 0, bucket: decision.bucket, cards: [],
    halfOut: false, empty: false, jam: false, brownout: false, slips: 0, doubles: 0, durationMs: 0,
  };
  let s = s1;
  let time = p.mechanics.debounceMs;
  if (decision.fire) {
    r.fired = true;
    r.target = decision.target;
    const start = motorStart(p, s);
    s = start.state;
    if (start.brownout) {
      r.brownout = true;
      time = BATTERY.bootMs;
    } else {
      time = start.ms;
      let b = startBurst(p, decision);
      for (;;) {
        const f = feedStep(p, s, b, rng);
        s = f.state;
        b = f.burst;
        time += f.step.ms;
        if (f.step.outcome === 'empty') r.empty = true;
        if (f.step.done) break;
      }
      r.cards = b.out;
      r.slips = b.slips;
      r.doubles = b.doubles;
      if (s.jammed) r.jam = true;
      else {
        const rev = reversePulse(p, s, rng);
        s = rev.state;
        time += rev.ms;
        if (rev.halfOut !== null) {
          r.cards = r.cards.concat(rev.halfOut);
          r.halfOut = true;
        }
      }
      if (s.supply.length === 0) r.empty = true;
    }
  }
  if (lowBatteryDue(s)) s = { ...s, lowWarned: true };
  r.durationMs = time;
  return { state: { ...s, rng: rng.state() }, result: r };
}

/** Opening and closing the lid: clears a jam (the stuck card drops back) and, for profiles that say so, the counter. */
export function lidCycle(p: Profile, s: CoreState): CoreState {
  return { ...s, jammed: false, ...(p.resetOnLidCycle ? { presses: 0, sinceBurst: 0 } : {}) };
}

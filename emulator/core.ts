/**
 * The launcher's pure core: the decision to fire, the roller's feed attempts, the battery, as
 * functions of (state, random stream). No I/O, no clock, no Math.random. The XState machine calls
 * these one step at a time on its (simulated or real) clock; {@link pressFast} calls the same
 * functions in the same order in a loop, so both give identical outcomes for the same seed.
 */
import { Rng, type RngState } from '../lib/rng.ts';
import type { Mechanics, Profile } from './profile.ts';

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

/**
 * `s` with the fields of `c` changed, built whole. Every state the core makes comes from
 * {@link coreOf}, so they all share one object shape (the fields in this order) and the code
 * reading them stays monomorphic; a spread (`{ ...s, motorMs }`) copies the shape of whatever it
 * is given, a state read from JSON too (and a spread of a spread, V8 copies the slow way).
 */
export function coreWith(s: CoreState, c: Partial<CoreState>): CoreState {
  return coreOf(
    c.rng ?? s.rng, c.presses ?? s.presses, c.sinceBurst ?? s.sinceBurst, c.supply ?? s.supply,
    c.motorMs ?? s.motorMs, c.lowWarned ?? s.lowWarned, c.jammed ?? s.jammed,
  );
}

/** A core state from all its fields, in the one shape: one object (a press makes one, and a simulation presses a launcher every other turn). */
function coreOf(
  rng: RngState, presses: number, sinceBurst: number, supply: CardId[], motorMs: number, lowWarned: boolean, jammed: boolean,
): CoreState {
  return { rng, presses, sinceBurst, supply, motorMs, lowWarned, jammed };
}

/** Starting core state for a seed and a set of cards. `charge` is the battery's state, 0..1. */
export function initialCore(rng: RngState, supply: CardId[] = [], charge = 1): CoreState {
  const motorMs = (1 - charge) * BATTERY.capacityMotorSeconds * 1000;
  return coreOf(rng, 0, 0, supply, motorMs, charge <= batteryChargeAtVolts(BATTERY.lowVolts), false);
}

/** `s` with the cards `supply` in the launcher. */
export function withSupply(s: CoreState, supply: CardId[]): CoreState {
  return coreWith(s, { supply });
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

/** Starting the motor after `motorMs` of motor time sags the cells below brown-out. */
export function brownsOutAt(motorMs: number): boolean {
  return loadVolts(motorMs) < BATTERY.brownoutVolts;
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
 * burst size, from the state's stream. Returns the decision and the state after it: the press
 * counter counts the press, the count since the last burst restarts when it fires, and the
 * stream is past the draws (every draw function returns its stream advanced, so no caller can
 * replay a draw by keeping the old one).
 */
export function decide(p: Profile, s: CoreState): { state: CoreState; decision: Decision } {
  const rng = new Rng(s.rng);
  const decision = drawDecision(p, s.presses, s.sinceBurst, rng);
  return { state: coreWith(s, { rng: rng.state(), presses: s.presses + 1, sinceBurst: decision.fire ? 0 : decision.bucket }), decision };
}

/** The draws of {@link decide}, from the counters before the press. */
function drawDecision(p: Profile, presses0: number, sinceBurst0: number, rng: Rng): Decision {
  const presses = presses0 + 1;
  const bucket = sinceBurst0 + 1;
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
  return { fire, target, bucket };
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
  return burstOf(d.target, d.bucket, [], 0, maxAttempts(p, d.target), 0, 0);
}

/** A burst built whole (one shape for all, as {@link coreOf}). */
function burstOf(
  target: number, bucket: number, out: CardId[], attempts: number, maxAttempts: number, slips: number, doubles: number,
): Burst {
  return { target, bucket, out, attempts, maxAttempts, slips, doubles };
}

/** Feed attempts a burst aiming at `target` cards may make. */
function maxAttempts(p: Profile, target: number): number {
  return Math.max(1, Math.ceil(target * p.mechanics.attemptsFactor));
}

/** The motor starting: either it runs, or the voltage sags below brown-out and the unit resets. */
export function motorStart(p: Profile, s: CoreState): { state: CoreState; brownout: boolean; ms: number } {
  const motorMs = s.motorMs + p.mechanics.spinUpMs;
  if (brownsOutAt(s.motorMs)) {
    // The reset clears the electronics' memory: the press counter starts over. The motor's inrush
    // before the reset still drains the cells, so repeated tries end with spent batteries.
    return { state: coreWith(s, { presses: 0, sinceBurst: 0, motorMs }), brownout: true, ms: 0 };
  }
  return { state: coreWith(s, { motorMs }), brownout: false, ms: p.mechanics.spinUpMs };
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
  return attemptMsAt(p, s.motorMs);
}

/** {@link attemptMs} after `motorMs` of motor time. */
function attemptMsAt(p: Profile, motorMs: number): number {
  const rate = p.mechanics.feedRate * (loadVolts(motorMs) / BATTERY.nominalVolts);
  return Math.max(1, Math.round(1000 / rate));
}

const mostByPmf = new WeakMap<readonly number[], number>();

/**
 * The most cards a press at `bucket` presses since the last burst may give: the largest size its
 * burst law can draw (the seeds' "up to eight" for `seed-0-8`). A double feed or a card left half
 * out adds a card to a burst, so both are held to it: the law's maximum is the press's too.
 */
export function mostCards(p: Profile, bucket: number): number {
  const pmf = p.burstPmf[Math.max(1, Math.min(bucket, p.burstPmf.length)) - 1];
  let most = mostByPmf.get(pmf);
  if (most === undefined) {
    most = pmf.length - 1;
    while (most > 0 && !(pmf[most] > 0)) most--;
    mostByPmf.set(pmf, most);
  }
  return most;
}

/**
 * What a feed attempt does from its one draw `u`, with `room` (≥ 1) cards it may take: the
 * cards left in the launcher, and under the press's {@link mostCards}. Slip, jam, double feed
 * (room for two needed, else the draw feeds one card) or a single card.
 */
function feedOutcome(m: Mechanics, u: number, room: number): FeedOutcome {
  if (u < m.slip) return 'slip';
  if (u < m.slip + m.jam) return 'jam';
  if (u < m.slip + m.jam + m.doubleFeed && room >= 2) return 'double';
  return 'card';
}

/** Cards a feed attempt with this outcome takes out. */
function feedCards(outcome: FeedOutcome): number {
  return outcome === 'card' ? 1 : outcome === 'double' ? 2 : 0;
}

/**
 * The burst is over after a (non-empty) attempt: it jammed, reached its target, used up its
 * attempts or emptied the launcher.
 */
function burstOver(outcome: FeedOutcome, out: number, target: number, attempts: number, maxAttempts: number, left: number): boolean {
  return outcome === 'jam' || out >= target || attempts >= maxAttempts || left === 0;
}

/**
 * One feed attempt: with the supply empty nothing comes out and the burst ends (no draw);
 * otherwise one draw from the state's stream picks slip, double feed, jam or a single card. The
 * state returned is past the attempt, its stream past the draw.
 */
export function feedStep(p: Profile, s: CoreState, b: Burst): { state: CoreState; burst: Burst; step: FeedStep } {
  const ms = attemptMsAt(p, s.motorMs);
  const motorMs = s.motorMs + ms;
  const attempts = b.attempts + 1;
  if (s.supply.length === 0) {
    return {
      state: coreWith(s, { motorMs }),
      burst: burstOf(b.target, b.bucket, b.out, attempts, b.maxAttempts, b.slips, b.doubles),
      step: { outcome: 'empty', cards: [], ms, done: true },
    };
  }
  const rng = new Rng(s.rng);
  const outcome = feedOutcome(p.mechanics, rng.next(), Math.min(s.supply.length, mostCards(p, b.bucket) - b.out.length));
  const n = feedCards(outcome);
  const cards = s.supply.slice(0, n);
  const supply = n > 0 ? s.supply.slice(n) : s.supply;
  const out = n > 0 ? b.out.concat(cards) : b.out;
  const done = burstOver(outcome, out.length, b.target, attempts, b.maxAttempts, supply.length);
  return {
    state: coreWith(s, { rng: rng.state(), supply, motorMs, jammed: outcome === 'jam' }),
    burst: burstOf(
      b.target, b.bucket, out, attempts, b.maxAttempts,
      b.slips + (outcome === 'slip' ? 1 : 0), b.doubles + (outcome === 'double' ? 1 : 0),
    ),
    step: { outcome, cards, ms, done },
  };
}

/**
 * The reverse pulse that ends the burst `b` (not after a jam: the motor is stalled). It fails to
 * pull the next card back with the profile's `halfOut` chance (one draw from the state's stream,
 * none with the launcher empty); that card goes to the presser. The state returned is past the
 * pulse, its stream past the draw.
 */
export function reversePulse(p: Profile, s: CoreState, b: Burst): { state: CoreState; halfOut: CardId | null; ms: number } {
  const ms = p.mechanics.reverseMs;
  const motorMs = s.motorMs + ms;
  const rng = new Rng(s.rng);
  const half = drawHalfOut(p, rng, s.supply.length, mostCards(p, b.bucket) - b.out.length);
  const supply = half ? s.supply.slice(1) : s.supply;
  return {
    state: coreWith(s, { rng: rng.state(), supply, motorMs }),
    halfOut: half ? s.supply[0] : null,
    ms,
  };
}

/**
 * The reverse pulse's draw with `left` cards in the launcher (none when it is empty) and `room`
 * for more under the press's {@link mostCards}. The draw is made even without room, so a press
 * at the maximum leaves the stream where any other press leaves it.
 */
function drawHalfOut(p: Profile, rng: Rng, left: number, room: number): boolean {
  return left > 0 && rng.chance(p.mechanics.halfOut) && room > 0;
}

/** The low-battery warning is due (once per set of batteries). */
export function lowBatteryDue(s: CoreState): boolean {
  return lowBatteryDueAt(s.lowWarned, s.motorMs);
}

function lowBatteryDueAt(lowWarned: boolean, motorMs: number): boolean {
  return !lowWarned && restVolts(motorMs) < BATTERY.lowVolts;
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
 * simulations. It makes the machine's steps ({@link decide}, {@link motorStart},
 * {@link feedStep} until the burst is done, {@link reversePulse}, the low-battery check) from the
 * same helpers, in the same order, with the same draws, but keeps the state in local variables:
 * the cards leave from the bottom of the supply, so a burst is a count of cards taken, and the
 * supply and the cards out are sliced once per press instead of once per attempt. Returns the new
 * state and what happened. A jammed or dead launcher ignores the press, as the machine does.
 */
export function pressFast(p: Profile, s0: CoreState): { state: CoreState; result: PressResult } {
  if (batteryDead(s0)) return { state: s0, result: ignoredResult('battery-dead') };
  if (s0.jammed) return { state: s0, result: ignoredResult('jammed') };
  const m = p.mechanics;
  const rng = new Rng(s0.rng);
  const decision = drawDecision(p, s0.presses, s0.sinceBurst, rng);
  let presses = s0.presses + 1;
  let sinceBurst = decision.fire ? 0 : decision.bucket;
  const supply0 = s0.supply;
  /** Cards that left the bottom of the supply (the half-out one included). */
  let taken = 0;
  let motorMs = s0.motorMs;
  let jammed = false;
  let brownout = false;
  let halfOut = false;
  let empty = false;
  let slips = 0;
  let doubles = 0;
  let time = m.debounceMs;
  if (decision.fire) {
    // The motor starts (motorStart): it runs, or it browns the unit out.
    brownout = brownsOutAt(motorMs);
    motorMs += m.spinUpMs;
    if (brownout) {
      presses = 0;
      sinceBurst = 0;
      time = BATTERY.bootMs;
    } else {
      time = m.spinUpMs;
      // Feed attempts (feedStep) until the burst is done; an empty launcher ends it at once.
      const most = maxAttempts(p, decision.target);
      const cap = mostCards(p, decision.bucket);
      let attempts = 0;
      for (;;) {
        const ms = attemptMsAt(p, motorMs);
        motorMs += ms;
        time += ms;
        attempts++;
        const left = supply0.length - taken;
        if (left === 0) {
          empty = true;
          break;
        }
        const outcome = feedOutcome(m, rng.next(), Math.min(left, cap - taken));
        taken += feedCards(outcome);
        if (outcome === 'slip') slips++;
        else if (outcome === 'double') doubles++;
        else if (outcome === 'jam') jammed = true;
        if (burstOver(outcome, taken, decision.target, attempts, most, supply0.length - taken)) break;
      }
      if (!jammed) {
        // The reverse pulse (reversePulse), unless the roller is stalled on a jam.
        motorMs += m.reverseMs;
        time += m.reverseMs;
        if (drawHalfOut(p, rng, supply0.length - taken, cap - taken)) {
          taken++;
          halfOut = true;
        }
      }
      if (supply0.length === taken) empty = true;
    }
  }
  // The low-battery warning, once the press is over (the machine's `settled` state).
  const lowWarned = s0.lowWarned || lowBatteryDueAt(s0.lowWarned, motorMs);
  // Built whole, once the press is over, rather than as ignoredResult() with `ignored` deleted: a
  // delete turns the object into a slow dictionary, and the runner reads every press result.
  const result: PressResult = {
    dinged: true, fired: decision.fire, target: decision.target, bucket: decision.bucket,
    cards: taken > 0 ? supply0.slice(0, taken) : [], halfOut, empty, jam: jammed, brownout, slips, doubles, durationMs: time,
  };
  const supply = taken > 0 ? supply0.slice(taken) : supply0;
  return { state: coreOf(rng.state(), presses, sinceBurst, supply, motorMs, lowWarned, jammed), result };
}

/** Opening and closing the lid: clears a jam (the stuck card drops back) and, for profiles that say so, the counter. */
export function lidCycle(p: Profile, s: CoreState): CoreState {
  return p.resetOnLidCycle ? coreWith(s, { presses: 0, sinceBurst: 0, jammed: false }) : coreWith(s, { jammed: false });
}

/**
 * The physical roller around the emulated MCU: given what the motor pins drive, it turns cards
 * past the IR break-beam as the launcher's pure mechanics say (`emulator/core.ts`: feed attempts at
 * the profile's rate scaled by the battery, slips, double feeds, jams), and tracks the battery.
 * No avr8js here: the rig feeds it the motor's state per slice of simulated time.
 */
import { coreWith, feedStep, initialCore, lidCycle, loadVolts, restVolts, type Burst, type CardId, type CoreState } from '../../emulator/core.ts';
import type { Mechanics, Profile } from '../../emulator/profile.ts';
import { resolveProfile } from '../../emulator/profiles.ts';
import type { RngState } from '../../lib/rng.ts';

/** What the motor driver's pins say. */
export interface MotorDrive {
  dir: 'forward' | 'reverse' | 'stop';
  /** Share of the time the enable pin was high, 0..1. */
  duty: number;
}

/** How the roller is built. */
export interface RollerOptions {
  /** The random stream of feed outcomes (use `seedRng`). */
  rng: RngState;
  /** Profile whose mechanics apply (default: the project's default profile). */
  profile?: Profile;
  /** Mechanics that override the profile's, e.g. `{ slip: 0, jam: 0, doubleFeed: 0 }`. */
  mechanics?: Partial<Mechanics>;
  /** Cards loaded. */
  cards?: number;
  /** Battery charge, 0..1. */
  charge?: number;
  /** Below this duty the motor does not turn the roller. */
  minDuty?: number;
}

/**
 * Part of a feed attempt during which the leaving card covers the beam. The beam is at the exit:
 * a card that has cleared it has left (the rest of the attempt is the gap before the next card).
 */
const BEAM_FROM = 0.3;
const BEAM_TO = 0.7;

/** An endless burst: the firmware, not the mechanics, decides when the motor stops. */
const OPEN_BURST: Burst = { target: Infinity, bucket: 1, out: [], attempts: 0, maxAttempts: Infinity, slips: 0, doubles: 0 };

/** A roller with its cards, battery and random stream. */
export class Roller {
  private readonly profile: Profile;
  private readonly minDuty: number;
  private core: CoreState;
  /** Progress through spin-up (negative) and then the current attempt, in ms at full speed. */
  private progress = 0;
  private attempt: { cards: CardId[]; ms: number; out: boolean } | null = null;
  /** Cards that crossed the beam, as a sensor would count them (a double feed is one pulse). */
  beamPulses = 0;
  /** Cards that left the launcher. */
  cardsOut = 0;
  /** Cards ever put in (the names of the next ones go on from here). */
  private named: number;

  constructor(o: RollerOptions) {
    const p = o.profile ?? resolveProfile();
    this.profile = o.mechanics ? { ...p, mechanics: { ...p.mechanics, ...o.mechanics } } : p;
    this.minDuty = o.minDuty ?? 0.25;
    this.named = o.cards ?? 108;
    this.core = initialCore(o.rng, Array.from({ length: this.named }, (_, i) => `c${i + 1}`), o.charge ?? 1);
    this.progress = -this.profile.mechanics.spinUpMs;
  }

  /**
   * A person puts `n` more cards in through the lid (a reload), or, with `replace`, first takes out
   * every card left in it (a new round's load: its cards come from a full deck); the lid cycle
   * frees a jam.
   */
  load(n: number, replace = false): void {
    const cards = Array.from({ length: n }, () => `c${++this.named}`);
    this.core = lidCycle(this.profile, coreWith(this.core, { supply: replace ? cards : this.core.supply.concat(cards) }));
  }

  /** Cards still loaded. */
  get cardsLeft(): number {
    return this.core.supply.length;
  }

  /** A card is stuck: the roller does not turn until the lid is opened. */
  get jammed(): boolean {
    return this.core.jammed;
  }

  /** The beam is covered by a leaving card now. */
  get beamBroken(): boolean {
    const a = this.attempt;
    return a !== null && a.cards.length > 0 && this.progress >= BEAM_FROM * a.ms && this.progress < BEAM_TO * a.ms;
  }

  /** Battery voltage at its terminals now. */
  volts(drive: MotorDrive): number {
    const running = drive.dir !== 'stop' && drive.duty >= this.minDuty;
    return running ? loadVolts(this.core.motorMs) : restVolts(this.core.motorMs);
  }

  /** Someone opened the lid: a jammed card drops back. */
  lidOpened(): void {
    this.core = lidCycle(this.profile, this.core);
  }

  /** Advances the mechanics by `dtMs` of simulated time under a motor drive. */
  advance(dtMs: number, drive: MotorDrive): void {
    const turning = drive.dir !== 'stop' && drive.duty >= this.minDuty && !this.core.jammed;
    if (!turning || drive.dir === 'reverse') {
      this.abandon();
      if (turning) this.core = coreWith(this.core, { motorMs: this.core.motorMs + dtMs });
      return;
    }
    this.progress += dtMs * drive.duty;
    for (;;) {
      if (this.core.jammed) return;
      if (this.attempt === null) {
        if (this.progress < 0) return; // still spinning up
        this.start();
        continue;
      }
      if (!this.attempt.out && this.progress >= BEAM_TO * this.attempt.ms) {
        this.attempt.out = true;
        if (this.attempt.cards.length > 0) this.beamPulses++;
        this.cardsOut += this.attempt.cards.length;
      }
      if (this.progress < this.attempt.ms) return;
      this.progress -= this.attempt.ms;
      this.attempt = null;
    }
  }

  /**
   * Starts a feed attempt: the pure core decides its outcome and its length now. The length is the
   * step's own (at the voltage the attempt starts at), not one read from the state after it, which
   * has the attempt's motor time added and so gave the next attempt's length.
   */
  private start(): void {
    const f = feedStep(this.profile, this.core, OPEN_BURST);
    this.core = f.state;
    this.attempt = f.step.outcome === 'jam' ? null : { cards: f.step.cards, ms: f.step.ms, out: false };
  }

  /**
   * The motor stopped or reversed mid-attempt: a card that had not cleared the beam is pulled back
   * on top of the pile, and the next start spins up again.
   */
  private abandon(): void {
    if (this.attempt && !this.attempt.out && this.attempt.cards.length > 0) {
      this.core = coreWith(this.core, { supply: this.attempt.cards.concat(this.core.supply) });
    }
    this.attempt = null;
    this.progress = -this.profile.mechanics.spinUpMs;
  }
}

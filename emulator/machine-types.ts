/**
 * What the launcher machine (machine.ts) accepts, shows and holds: its events, the events it
 * emits, its context and its input. Plain types, apart from the set of timer event names, so
 * the launcher, the tests and a page can read them without XState.
 */
import type { AnyActorRef } from 'xstate';
import type { RngState } from '../lib/rng.ts';
import type { Burst, CardId, CoreState, Decision, FeedStep, IgnoreReason, PressResult } from './core.ts';
import type { MotorCommand } from './hardware.ts';
import type { Profile } from './profile.ts';

/** Events the machine accepts: what a person (or a device's inputs) does to the launcher. */
export type LauncherEvent =
  | { type: 'PRESS' }
  | { type: 'POWER_ON' }
  | { type: 'POWER_OFF' }
  | { type: 'LID_OPEN' }
  | { type: 'LID_CLOSE' }
  /** Put cards in; only possible with the lid open. */
  | { type: 'RELOAD'; cards: CardId[] }
  /** Turn toward a seat. */
  | { type: 'AIM'; seat: number }
  | { type: 'REPLACE_BATTERIES' }
  /** A device with a card sensor saw one card leave. */
  | { type: 'CARD' }
  /** A device's motor stalled (a jam). */
  | { type: 'STALL' }
  /** A device measured its battery. */
  | { type: 'BATTERY'; volts: number }
  /** The link to a real device went down or came back. */
  | { type: 'LINK'; up: boolean }
  /**
   * The device has reported every input it sent before the machine asked it to flush (after a
   * burst, see the `flushing` state): the answer of the `flush` actor.
   */
  | { type: 'FLUSHED' };

/**
 * The machine's own timers, raised by itself after a delay and cancelled by id. Not for outside
 * callers: one sent from outside would leave its timer running (MachineLauncher.send refuses them).
 */
export type TimerEvent =
  /** The turntable got where it was turning to, after the travel time. */
  | { type: 'TURNED' }
  /** The roller's feed attempt in progress is over, after its time. */
  | { type: 'FED' };

/** The machine's own timer events, by type. */
export const TIMER_EVENTS: ReadonlySet<string> = new Set<TimerEvent['type']>(['TURNED', 'FED']);

/** What a person would see or hear, emitted as it happens. */
export type LauncherEmitted =
  /** `ms`: the ding's length, when the profile's ding quickens at each empty press (`dingPulse`). */
  | { type: 'ding'; ms?: number }
  | { type: 'beep' }
  | { type: 'ignored'; reason: IgnoreReason }
  | { type: 'decided'; fire: boolean; target: number; bucket: number }
  | { type: 'motor'; cmd: MotorCommand }
  /** A card left; `atMs` is its time since the press (the simulated roller's; a device's cards come as sensed). */
  | { type: 'card'; card: CardId; halfOut: boolean; atMs?: number }
  | { type: 'slip' }
  | { type: 'burstDone'; cards: number; aborted: boolean }
  | { type: 'empty' }
  | { type: 'jam' }
  | { type: 'brownout' }
  | { type: 'lowBattery'; volts: number }
  | { type: 'dead' }
  | { type: 'reloaded'; cards: number; supply: number }
  | { type: 'aimReached'; seat: number; degrees: number }
  | { type: 'offline' }
  | { type: 'online' }
  /**
   * A dinged press is over with its final result, once for every dinged press, whatever started
   * it (software or the launcher's own button): on a device that counts cards, after the device's
   * flush has brought in every card line still on the wire when the burst ended (no card changes
   * the result afterwards).
   */
  | { type: 'pressDone'; result: PressResult };

/** A feed attempt decided at its start and applied when its time is up. */
export interface Attempt {
  state: CoreState;
  burst: Burst;
  step: FeedStep;
}

/** The machine's context. Everything but `profile` is plain data. */
export interface LauncherContext {
  profile: Profile;
  /** Seats around the table, for the aim. */
  seats: number;
  core: CoreState;
  decision: Decision | null;
  burst: Burst | null;
  attempt: Attempt | null;
  reverse: { state: CoreState; halfOut: CardId | null; ms: number } | null;
  /** The press in progress, or the last one. */
  press: PressResult;
  /** A dinged press has not been reported done yet (`pressDone`): a press the link cut short takes the resync's cards. */
  pressOpen: boolean;
  /** The lid is open: cards can go in, the interlock keeps the motor off. */
  lidOpen: boolean;
  /** Heading in degrees, and the seat it faces (or is turning to). */
  heading: number;
  aimSeat: number;
  aimTravelMs: number;
  /** The turntable is turning toward `aimSeat` (it arrives with TURNED). */
  turning: boolean;
  /**
   * The device counts cards with its own sensor: bursts end on its CARD and STALL reports instead
   * of the pure mechanics, and the mechanics draw nothing from the stream.
   */
  deviceCounts: boolean;
  /** The battery voltage a device reported last (null: none, use the model). */
  deviceVolts: number | null;
}

/** Input to start the machine with. */
export interface LauncherInput {
  profile: Profile;
  rng: RngState;
  seats?: number;
  supply?: CardId[];
  /** Battery charge, 0..1 (1: fresh cells). */
  charge?: number;
  /** The device has a card sensor (see {@link LauncherContext.deviceCounts}). */
  deviceCounts?: boolean;
  /** Continue from a saved core state (generator, counters, battery, supply) instead of a fresh one. */
  resume?: CoreState;
}

/** Every event the machine handles: the outside's and its own timers'. */
export type AnyLauncherEvent = LauncherEvent | TimerEvent;

/** What the `flush` actor is given: the launcher machine's own actor, by which its device is found. */
export interface FlushInput {
  launcher: AnyActorRef;
}

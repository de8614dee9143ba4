/**
 * The launcher as an XState v5 machine: power and batteries, the lid, the button and its ding,
 * the decision, the motor and roller one feed attempt at a time, jams, brown-outs, the empty
 * launcher and its reload, and the aim. Guards and actions call the pure core (core.ts); all
 * timing is XState delays, so the machine runs on a simulated clock as well as the real one.
 * The device is reached only through the `hw*` actions, which {@link Launcher} provides.
 *
 * Shape: the state nodes are what the unit is doing (off, ready, firing, jammed, …). The lid and
 * the turntable work whatever the unit does, so they are context (`lidOpen`, `turning`) read by
 * guards, not parallel regions: XState rebuilds a snapshot's state value from every active node
 * on every step and every assign, and with the regions a snapshot had 9 or 10 active nodes
 * instead of 3 or 4, for the same behaviour.
 */
import { and, assign, cancel, emit, enqueueActions, fromCallback, raise, setup, type AnyActorRef, type EventObject } from 'xstate';
import { Rng, type RngState } from '../lib/rng.ts';
import {
  BATTERY, batteryDead, brownsOutAt, coreWith, decide, feedStep, ignoredResult, initialCore, lidCycle, lowBatteryDue, motorStart,
  restVolts, reversePulse, startBurst, withRngState, withSupply,
  type Burst, type CardId, type CoreState, type Decision, type FeedStep, type IgnoreReason, type PressResult,
} from './core.ts';
import type { MotorCommand, ToneKind } from './hardware.ts';
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
  | { type: 'ding' }
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
interface Attempt {
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
  /** A dinged press has not been reported done yet: a card the device senses now is its. */
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

/** Turntable speed: the replica's servo turns about 180°/s under the launcher's weight. */
export const AIM_DEGREES_PER_SECOND = 180;

/** Heading of a seat: seats spread evenly, seat 0 at 0°. */
export function seatHeading(seat: number, seats: number): number {
  return (360 * seat) / seats;
}

function aimTravelMs(from: number, to: number): number {
  const d = Math.abs(((to - from + 540) % 360) - 180);
  return Math.round((d / AIM_DEGREES_PER_SECOND) * 1000);
}

/** The roller's next feed attempt, drawn now (as the roller starts it). */
function planAttempt(p: Profile, core: CoreState, burst: Burst): Attempt {
  const rng = new Rng(core.rng);
  const f = feedStep(p, core, burst, rng);
  return { state: withRngState(f.state, rng.state()), burst: f.burst, step: f.step };
}

/** The reverse pulse that ends a burst, drawn now (the state keeps the stream's new state). */
function planReverse(p: Profile, core: CoreState, burst: Burst): { state: CoreState; halfOut: CardId | null; ms: number } {
  const rng = new Rng(core.rng);
  const r = reversePulse(p, core, burst, rng);
  return { state: withRngState(r.state, rng.state()), halfOut: r.halfOut, ms: r.ms };
}

let peeked: { profile: Profile; core: CoreState; out: { state: CoreState; decision: Decision } } | null = null;

/**
 * The decision the next correct press makes. It is a pure function of the counters and the
 * generator's state, so the press's guards can look at it (fire? brown-out?) and pick the state
 * to go to in the press's own step, and `decide` commits the very same draw. The last one
 * is kept: contexts are immutable, so the same core object always gives the same decision.
 */
function nextDecision(context: LauncherContext): { state: CoreState; decision: Decision } {
  if (peeked?.core !== context.core || peeked.profile !== context.profile) {
    const rng = new Rng(context.core.rng);
    const { state, decision } = decide(context.profile, context.core, rng);
    peeked = { profile: context.profile, core: context.core, out: { state: withRngState(state, rng.state()), decision } };
  }
  return peeked.out;
}

/** The device action of an AIM: the heading of the seat the event names. */
const aimDevice = {
  type: 'hwAim',
  params: ({ context, event }: { context: LauncherContext; event: LauncherEvent | TimerEvent }) => ({
    degrees: event.type === 'AIM' ? seatHeading(normSeat(event.seat, context.seats), context.seats) : context.heading,
  }),
} as const;

function normSeat(seat: number, seats: number): number {
  return ((seat % seats) + seats) % seats;
}

type AnyLauncherEvent = LauncherEvent | TimerEvent;

/** What the `flush` actor is given: the launcher machine's own actor, by which its device is found. */
export interface FlushInput {
  launcher: AnyActorRef;
}

/**
 * An event shown to listeners, as an action of this machine (typed here: the action creators
 * cannot infer it outside `setup`). What the machine always shows is a plain `emit`: an
 * `enqueueActions` builds its enqueue object and a dozen closures on every call.
 */
function show(e: LauncherEmitted) {
  return emit<LauncherContext, AnyLauncherEvent, undefined, AnyLauncherEvent, LauncherEmitted>(e);
}

/** A motor command: shown (`motor`) and sent to the device, always together. */
function motor(cmd: MotorCommand) {
  return [show({ type: 'motor', cmd }), { type: 'hwMotor', params: { cmd } }] as const;
}

/** The press's ding or the lid's beep: heard and sounded by the device, always together. */
function sound(tone: 'ding' | 'beep') {
  return [show({ type: tone }), { type: 'hwTone', params: { tone } }] as const;
}

/** Weak cells: the warning is given once (`lowBattery`, with the voltage) and sounded. */
const warnLowBattery = ['lowWarned', 'showLowBattery', { type: 'hwTone', params: { tone: 'low' } }] as const;

/** The roller stalled on a jam: the motor stops, the jam and the burst's end are shown. */
const stall = [...motor('stop'), 'showJam', { type: 'showBurstDone', params: { aborted: false } }] as const;

/** The reverse pulse is over: the motor stops, a half-out card and the burst's end are shown (see the `finishBurst` action). */
function reverseDone(close: boolean) {
  return [...motor('stop'), 'showReverse', { type: 'finishBurst', params: { close } }, { type: 'showBurstDone', params: { aborted: false } }] as const;
}

/** The lid or the power cut a burst short: the motor stops, what came out stays out. */
const abortBurst = [...motor('stop'), 'dropBurst', { type: 'showBurstDone', params: { aborted: true } }] as const;

/** What a burst changes in its press's result (the decision's fields stay as the press set them). */
type BurstFields = Partial<Pick<PressResult, 'cards' | 'halfOut' | 'empty' | 'jam' | 'brownout' | 'slips' | 'doubles' | 'durationMs'>>;

/**
 * `p` with the fields of `c` changed, built whole in the order {@link pressed} builds it: a spread
 * of a spread (a burst's result changes at every attempt) makes V8 copy it the slow way (about
 * 1.5 µs a copy, against 0.1 µs built whole). An ignored press's result (a card a device reports
 * while offline before any press) keeps its `ignored` and is copied as it is.
 */
function pressWith(p: PressResult, c: BurstFields): PressResult {
  if (p.ignored !== undefined) return { ...p, ...c };
  return {
    dinged: p.dinged, fired: p.fired, target: p.target, bucket: p.bucket, cards: c.cards ?? p.cards, halfOut: c.halfOut ?? p.halfOut,
    empty: c.empty ?? p.empty, jam: c.jam ?? p.jam, brownout: c.brownout ?? p.brownout, slips: c.slips ?? p.slips,
    doubles: c.doubles ?? p.doubles, durationMs: c.durationMs ?? p.durationMs,
  };
}

/** The reverse pulse from `core`. A device shows a half-out card on its sensor (CARD while reversing); only software draws it. */
function reverseFor(context: LauncherContext, core: CoreState, burst: Burst): NonNullable<LauncherContext['reverse']> {
  return context.deviceCounts ? { state: core, halfOut: null, ms: context.profile.mechanics.reverseMs } : planReverse(context.profile, core, burst);
}

/** The core once the reverse pulse in progress is over. */
function coreAfterReverse(context: LauncherContext): CoreState {
  const r = context.reverse!;
  // A device's sensor may have taken a card from the supply during the pulse: keep it.
  return context.deviceCounts ? coreWith(context.core, { motorMs: context.core.motorMs + r.ms }) : r.state;
}

/** The low-battery warning is due for `core`: from the device's measured voltage, or the model's. */
function lowBatteryWarningDue(context: LauncherContext, core: CoreState): boolean {
  return context.deviceVolts === null ? lowBatteryDue(core) : !core.lowWarned && context.deviceVolts < BATTERY.lowVolts;
}

/** What the motor does for a dinged press: nothing (no fire), start, or brown the unit out (the PRESS guards pick it). */
type PressMotor = 'off' | 'start' | 'brownout';

/** A dinged press: the decision committed, a fresh result, the motor started or browned out. */
function pressed(context: LauncherContext, motor: PressMotor): Partial<LauncherContext> {
  const { state, decision } = nextDecision(context);
  const started = motor === 'off' ? null : motorStart(context.profile, state);
  // Built whole, as pressFast does (a `delete` would make it a slow dictionary). A press that
  // does not fire lasts the debounce, a brown-out the boot; a burst adds its own time as it goes.
  const press: PressResult = {
    dinged: true, fired: decision.fire, target: decision.target, bucket: decision.bucket, cards: [], halfOut: false,
    empty: false, jam: false, brownout: motor === 'brownout', slips: 0, doubles: 0,
    durationMs: started === null ? context.profile.mechanics.debounceMs : motor === 'brownout' ? BATTERY.bootMs : started.ms,
  };
  return {
    core: started ? started.state : state, decision, press, pressOpen: true,
    burst: motor === 'start' ? startBurst(context.profile, decision) : null, attempt: null, reverse: null,
  };
}

/** The launcher machine. Provide `hwMotor`, `hwTone`, `hwAim` to drive a device. */
export const launcherMachine = setup({
  types: {
    context: {} as LauncherContext,
    events: {} as AnyLauncherEvent,
    input: {} as LauncherInput,
    emitted: {} as LauncherEmitted,
  },
  actors: {
    /**
     * The device's flush (see `flushing`): sends FLUSHED back once the device has reported every
     * input it sent before. This one answers at once, for a device whose inputs cannot lag; the
     * Launcher provides the real device's. Invoked, so an answer that comes after the wait ended
     * (the lid, the power, the link) is dropped with the stopped actor and cannot end a later wait.
     */
    flush: fromCallback<EventObject, FlushInput>(({ sendBack }) => sendBack({ type: 'FLUSHED' })),
  },
  actions: {
    /** Drives the motor of the device (provided by the Launcher). */
    hwMotor: (_, _params: { cmd: MotorCommand }) => {},
    /** Sounds the device's piezo. */
    hwTone: (_, _params: { tone: ToneKind }) => {},
    /** Turns the device to a heading. */
    hwAim: (_, _params: { degrees: number }) => {},
    ignore: emit((_, params: { reason: IgnoreReason }) => ({ type: 'ignored', reason: params.reason })),
    /** A dinged press, in one assign (each assign copies the snapshot): see {@link pressed}. */
    decide: assign(({ context }, params: { motor: PressMotor }) => pressed(context, params.motor)),
    showDecision: emit(({ context: { decision: d } }) => ({ type: 'decided', fire: d!.fire, target: d!.target, bucket: d!.bucket })),
    /**
     * The spin-up is over: the simulated roller starts its first feed attempt, drawn now. A burst
     * cut short during the spin-up (lid, power) has drawn nothing for the roller, as the real
     * roller had not started; one cut short during an attempt has made that attempt's draw.
     */
    planFirstAttempt: assign(({ context }) => {
      const a = planAttempt(context.profile, context.core, context.burst!);
      return { attempt: a, core: withRngState(context.core, a.state.rng) };
    }),
    /** What the feed attempt that is over shows: its cards, a slip, the launcher empty. Before {@link applyAttempt}. */
    showAttempt: enqueueActions(({ context, enqueue }) => {
      const a = context.attempt!;
      const atMs = context.press.durationMs + a.step.ms;
      for (const card of a.step.cards) enqueue.emit({ type: 'card', card, halfOut: false, atMs });
      if (a.step.outcome === 'slip') enqueue.emit({ type: 'slip' });
      if (a.step.outcome === 'empty') enqueue.emit({ type: 'empty' });
    }),
    /**
     * The feed attempt's time is up: its outcome applied, and what comes next drawn in the same
     * assign (one snapshot copy per attempt, not two): the next attempt, or the reverse pulse.
     */
    applyAttempt: assign(({ context }, params?: { next: 'attempt' | 'reverse' }) => {
      const a = context.attempt!;
      const next = params?.next === 'attempt' ? planAttempt(context.profile, a.state, a.burst) : null;
      const core = next ? withRngState(a.state, next.state.rng) : a.state;
      return {
        core,
        burst: a.burst,
        attempt: next,
        // (None is planned while the roller feeds.)
        reverse: params?.next === 'reverse' ? reverseFor(context, core, a.burst) : null,
        press: pressWith(context.press, {
          cards: a.burst.out,
          slips: a.burst.slips,
          doubles: a.burst.doubles,
          durationMs: context.press.durationMs + a.step.ms,
          empty: context.press.empty || a.step.outcome === 'empty',
          jam: a.step.outcome === 'jam',
        }),
      };
    }),
    showJam: emit({ type: 'jam' }),
    showBurstDone: emit(({ context }, params: { aborted: boolean }) => ({ type: 'burstDone', cards: context.press.cards.length, aborted: params.aborted })),
    planReverse: assign(({ context }) => ({ reverse: reverseFor(context, context.core, context.burst!) })),
    /** What the reverse pulse that is over shows: a half-out card, the launcher empty. Before {@link finishBurst}. */
    showReverse: enqueueActions(({ context, enqueue }) => {
      const r = context.reverse!;
      if (r.halfOut !== null) enqueue.emit({ type: 'card', card: r.halfOut, halfOut: true, atMs: context.press.durationMs + r.ms });
      if (!context.press.empty && r.state.supply.length === 0) enqueue.emit({ type: 'empty' });
    }),
    /** The reverse pulse is over: its outcome applied; with `close`, the press is over too (in the same assign). */
    finishBurst: assign(({ context }, params: { close: boolean }) => {
      const r = context.reverse!;
      return {
        core: coreAfterReverse(context),
        reverse: null,
        pressOpen: context.pressOpen && !params.close,
        press: pressWith(context.press, {
          cards: r.halfOut !== null ? context.press.cards.concat(r.halfOut) : context.press.cards,
          halfOut: context.press.halfOut || r.halfOut !== null,
          empty: context.press.empty || r.state.supply.length === 0,
          durationMs: context.press.durationMs + r.ms,
        }),
      };
    }),
    /** The lid or the power cut a burst short: what came out stays out (the motor stops, see {@link abortBurst}). */
    dropBurst: assign({ attempt: null, reverse: null }),
    lowWarned: assign({ core: ({ context }) => coreWith(context.core, { lowWarned: true }) }),
    showLowBattery: emit(({ context }) => ({ type: 'lowBattery', volts: Math.round((context.deviceVolts ?? restVolts(context.core.motorMs)) * 100) / 100 })),
    /**
     * A device reports a count; the identity is the next card software loaded (or unknown). `late`:
     * its line came after its burst was over, and the press was not empty after all if the budget
     * said so (the launcher is empty only if this was its last card).
     */
    cardSensed: enqueueActions(({ context, enqueue }, params?: { halfOut?: boolean; late?: boolean }) => {
      const [card = `unknown-${context.press.cards.length + 1}`, ...rest] = context.core.supply;
      const halfOut = params?.halfOut ?? false;
      enqueue.assign({
        core: withSupply(context.core, rest),
        press: pressWith(context.press, {
          cards: context.press.cards.concat(card),
          halfOut: context.press.halfOut || halfOut,
          ...(params?.late ? { empty: rest.length === 0 } : {}),
        }),
      });
      enqueue.emit({ type: 'card', card, halfOut });
    }),
    budgetSpent: enqueueActions(({ context, enqueue }) => {
      // The motor ran its time: a device that saw no card at all is empty (or its roller slips).
      if (context.press.cards.length === 0 || context.core.supply.length === 0) {
        enqueue.assign({ press: pressWith(context.press, { empty: true }) });
        enqueue.emit({ type: 'empty' });
      }
    }),
    deviceJam: assign({
      core: ({ context }) => coreWith(context.core, { jammed: true }),
      press: ({ context }) => pressWith(context.press, { jam: true }),
    }),
    deviceBattery: assign({ deviceVolts: ({ event }) => (event.type === 'BATTERY' ? event.volts : null) }),
    showOffline: emit({ type: 'offline' }),
    showOnline: emit({ type: 'online' }),
    /** The dinged press is over, reported once: where it is surely open (after the debounce, a burst). */
    closePress: assign({ pressOpen: false }),
    showPressDone: emit(({ context }) => ({ type: 'pressDone', result: context.press })),
    /** The same where a press may be open or not (the power off, the link back). */
    pressDone: enqueueActions(({ context, enqueue }) => {
      if (!context.pressOpen) return;
      enqueue.assign({ pressOpen: false });
      enqueue.emit({ type: 'pressDone', result: context.press });
    }),
    showDead: emit({ type: 'dead' }),
    powerReset: assign({ core: ({ context }) => coreWith(context.core, { presses: 0, sinceBurst: 0 }) }),
    lidOpened: assign({ lidOpen: true, core: ({ context }) => coreWith(context.core, { jammed: false }) }),
    lidClosed: assign({ lidOpen: false, core: ({ context }) => lidCycle(context.profile, context.core) }),
    reload: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'RELOAD') return;
      const supply = context.core.supply.concat(event.cards);
      enqueue.assign({ core: withSupply(context.core, supply) });
      enqueue.emit({ type: 'reloaded', cards: event.cards.length, supply: supply.length });
    }),
    replaceBatteries: assign({
      core: ({ context }) => coreWith(context.core, { motorMs: 0, lowWarned: false, presses: 0, sinceBurst: 0 }),
    }),
    /** A new aim: where to, and how long the turn takes (see the AIM transition). */
    startTurn: assign(({ context, event }) => {
      if (event.type !== 'AIM') return {};
      const seat = normSeat(event.seat, context.seats);
      return { aimSeat: seat, aimTravelMs: aimTravelMs(context.heading, seatHeading(seat, context.seats)), turning: true };
    }),
    endTurn: assign(({ context }) => ({ heading: seatHeading(context.aimSeat, context.seats), turning: false })),
    showAimReached: emit(({ context }) => ({ type: 'aimReached', seat: context.aimSeat, degrees: context.heading })),
    /** The power went off mid-turn: the turntable stops where it is, and does not arrive. */
    stopTurn: enqueueActions(({ context, enqueue }) => {
      if (!context.turning) return;
      enqueue.cancel('turn');
      enqueue.assign({ turning: false });
    }),
  },
  guards: {
    lidIsOpen: ({ context }) => context.lidOpen,
    pressIsOpen: ({ context }) => context.pressOpen,
    lidIsClosed: ({ context }) => !context.lidOpen,
    turning: ({ context }) => context.turning,
    /** The decision this press will make (see {@link nextDecision}). */
    fires: ({ context }) => nextDecision(context).decision.fire,
    // A real device browns out by itself (and is seen going offline); only the model is checked here.
    brownsOut: ({ context }) => !context.deviceCounts && brownsOutAt(context.core.motorMs),
    deviceCounts: ({ context }) => context.deviceCounts,
    burstComplete: ({ context }) => context.press.cards.length + 1 >= context.press.target,
    linkDown: ({ event }) => event.type === 'LINK' && !event.up,
    linkUp: ({ event }) => event.type === 'LINK' && event.up,
    attemptJams: ({ context }) => context.attempt!.step.outcome === 'jam',
    attemptEnds: ({ context }) => context.attempt!.step.done,
    dead: ({ context }) => batteryDead(context.core),
    lowBatteryDue: ({ context }) => lowBatteryWarningDue(context, context.core),
    jammed: ({ context }) => context.core.jammed,
    /**
     * The reverse pulse over, the unit will be simply ready: none of what `settled` sees to, and
     * no card line of a device's sensor to wait for (`flushing`).
     */
    burstEndsReady: ({ context }) => {
      if (context.deviceCounts) return false;
      const core = coreAfterReverse(context);
      return !lowBatteryWarningDue(context, core) && !batteryDead(core) && !core.jammed;
    },
  },
  delays: {
    /** The motor spinning up before the first card can feed. */
    spinUp: ({ context }) => context.profile.mechanics.spinUpMs,
    attempt: ({ context }) => context.attempt!.step.ms,
    reverse: ({ context }) => context.profile.mechanics.reverseMs,
    debounce: ({ context }) => context.profile.mechanics.debounceMs,
    boot: () => BATTERY.bootMs,
    aimTravel: ({ context }) => context.aimTravelMs,
    /** How long a device's motor may run for a burst before it counts as empty. */
    feedBudget: ({ context }) => {
      const m = context.profile.mechanics;
      return Math.ceil(context.press.target * m.attemptsFactor) * Math.round(1000 / m.feedRate);
    },
  },
}).createMachine({
  id: 'launcher',
  initial: 'off',
  context: ({ input }) => ({
    profile: input.profile,
    seats: input.seats ?? 4,
    core: input.resume ?? initialCore(input.rng, input.supply ?? [], input.charge ?? 1),
    decision: null,
    burst: null,
    attempt: null,
    reverse: null,
    press: ignoredResult('off'),
    pressOpen: false,
    lidOpen: false,
    heading: 0,
    aimSeat: 0,
    aimTravelMs: 0,
    turning: false,
    deviceCounts: input.deviceCounts ?? false,
    deviceVolts: null,
  }),
  // The lid opens and takes cards whatever the unit does; a state that must react to it (a burst
  // cut short, a jam cleared) handles LID_OPEN itself and opens the lid with `lidOpened` too.
  on: {
    LID_OPEN: { guard: 'lidIsClosed', actions: 'lidOpened' },
    RELOAD: { guard: 'lidIsOpen', actions: 'reload' },
  },
  states: {
    off: {
      on: {
        POWER_ON: 'on',
        /** Cells are changed with the unit switched off. */
        REPLACE_BATTERIES: { actions: 'replaceBatteries' },
        PRESS: { actions: { type: 'ignore', params: { reason: 'off' } } },
        LID_CLOSE: { guard: 'lidIsOpen', actions: 'lidClosed' },
      },
    },
    on: {
      initial: 'starting',
      exit: 'stopTurn',
      on: {
        POWER_OFF: { target: 'off', actions: ['pressDone', 'powerReset'] },
        LID_CLOSE: { guard: 'lidIsOpen', actions: ['lidClosed', ...sound('beep')] },
        /**
         * The turntable turns while the unit does anything else. A new aim replaces the turn in
         * progress: its arrival is cancelled (a cancel of no timer does nothing), the new one timed.
         */
        AIM: { actions: ['startTurn', cancel('turn'), raise({ type: 'TURNED' }, { id: 'turn', delay: 'aimTravel' }), aimDevice] },
        TURNED: { guard: 'turning', actions: ['endTurn', 'showAimReached'] },
        LINK: { guard: 'linkDown', target: '.offline', actions: 'showOffline' },
        BATTERY: { actions: 'deviceBattery' },
        // A card the sensor sees at rest (a hand at a reload, a jammed card pulled out) is no
        // press's: the states where a press is open take it.
      },
      states: {
        starting: {
          always: [
            { guard: 'dead', target: 'dead' },
            { guard: 'jammed', target: 'jammed' },
            { target: 'ready' },
          ],
        },
        ready: {
          on: {
            // The press's decision is known to its guards (see nextDecision), so a correct press
            // goes straight to what it does: no transient state between the ding and the motor.
            PRESS: [
              { guard: 'lidIsOpen', actions: { type: 'ignore', params: { reason: 'lid-open' } } },
              {
                guard: and(['fires', 'brownsOut']),
                target: 'resetting',
                actions: [...sound('ding'), { type: 'decide', params: { motor: 'brownout' } }, 'showDecision', show({ type: 'brownout' })],
              },
              { guard: 'fires', target: 'firing', actions: [...sound('ding'), { type: 'decide', params: { motor: 'start' } }, 'showDecision', ...motor('forward')] },
              { target: 'debounce', actions: [...sound('ding'), { type: 'decide', params: { motor: 'off' } }, 'showDecision'] },
            ],
          },
        },
        debounce: {
          after: { debounce: { target: 'ready', actions: ['closePress', 'showPressDone'] } },
          on: { PRESS: { actions: { type: 'ignore', params: { reason: 'bounce' } } } },
        },
        resetting: {
          after: { boot: 'settled' },
          on: { PRESS: { actions: { type: 'ignore', params: { reason: 'resetting' } } } },
        },
        firing: {
          initial: 'spinUp',
          on: {
            PRESS: { actions: { type: 'ignore', params: { reason: 'busy' } } },
            // A device may count a card while the motor is still spinning up.
            CARD: { actions: 'cardSensed' },
            LID_OPEN: { target: 'ready', actions: ['lidOpened', ...abortBurst, 'pressDone'] },
            LINK: {
              guard: 'linkDown',
              target: 'offline',
              // The device's watchdog stops the motor too; the command is sent in case the link is half up.
              actions: [...abortBurst, 'showOffline'],
            },
            POWER_OFF: {
              target: '#launcher.off',
              actions: [...abortBurst, 'pressDone', 'powerReset'],
            },
          },
          states: {
            /** The motor spins up; then a device's sensor counts the cards, or the simulated roller feeds. */
            spinUp: { after: { spinUp: [{ guard: 'deviceCounts', target: 'sensing' }, { target: 'feeding', actions: 'planFirstAttempt' }] } },
            /** A device's sensor counts the cards; the burst ends on the count, a stall or the budget. */
            sensing: {
              on: {
                CARD: [{ guard: 'burstComplete', target: 'reversing', actions: ['cardSensed', 'planReverse'] }, { actions: 'cardSensed' }],
                STALL: { target: '#launcher.on.settled', actions: ['deviceJam', ...stall] },
              },
              after: { feedBudget: { target: 'reversing', actions: ['budgetSpent', 'planReverse'] } },
            },
            /**
             * One feed attempt at a time: decided when it starts, applied when its time is up (FED).
             * The roller going on is a transition within the state that times the next attempt
             * itself: re-entering the state for each attempt (exit, cancel, entry, raise) made a
             * burst about 15 % slower.
             */
            feeding: {
              entry: raise({ type: 'FED' }, { id: 'feed', delay: 'attempt' }),
              exit: cancel('feed'),
              on: {
                FED: [
                  // A jam shows nothing of the attempt: `stall` tells it.
                  { guard: 'attemptJams', target: '#launcher.on.settled', actions: ['applyAttempt', ...stall] },
                  { guard: 'attemptEnds', target: 'reversing', actions: ['showAttempt', { type: 'applyAttempt', params: { next: 'reverse' } }] },
                  { actions: ['showAttempt', { type: 'applyAttempt', params: { next: 'attempt' } }, raise({ type: 'FED' }, { id: 'feed', delay: 'attempt' })] },
                ],
              },
            },
            reversing: {
              // The pulse is drawn by the transition that ends the feeding (`applyAttempt`, `planReverse`).
              entry: motor('reverse'),
              on: { CARD: { actions: { type: 'cardSensed', params: { halfOut: true } } } },
              after: {
                reverse: [
                  // Most bursts end with the unit simply ready: it goes there in this step, as it would through `settled`.
                  { guard: 'burstEndsReady', target: '#launcher.on.ready', actions: [...reverseDone(true), 'showPressDone'] },
                  { guard: 'deviceCounts', target: '#launcher.on.flushing', actions: reverseDone(false) },
                  { target: '#launcher.on.settled', actions: reverseDone(false) },
                ],
              },
            },
          },
        },
        /**
         * A device's burst is over, its motor stopped, but card lines the board sent before the
         * STOP may still be on the wire (a slow host, a loaded machine): the press stays open until
         * the device's flush (a round trip on its ordered link) says every one is in, so the press
         * has one result, final when `pressDone` says it. A press meanwhile is ignored, as during
         * the burst; the lid opening ends the wait (a card seen then is a hand's, not the burst's);
         * the power and the link end it as they end a burst (`on`).
         */
        flushing: {
          invoke: { src: 'flush', input: ({ self }) => ({ launcher: self }) },
          on: {
            PRESS: { actions: { type: 'ignore', params: { reason: 'busy' } } },
            // It left with the burst: the press was not empty after all if the budget said so.
            CARD: { actions: { type: 'cardSensed', params: { late: true } } },
            FLUSHED: 'settled',
            LID_OPEN: { target: 'settled', actions: 'lidOpened' },
          },
        },
        /**
         * A press is over with something to see to: warn of weak cells, then wait for the next
         * press (or a fix). A burst that leaves the unit simply ready goes straight to `ready`
         * (`burstEndsReady`): the same events, one microstep fewer.
         */
        settled: {
          always: [
            { guard: 'lowBatteryDue', target: 'settled', reenter: true, actions: warnLowBattery },
            // A press is open here: every way in is a dinged press.
            { guard: 'dead', target: 'dead', actions: ['closePress', 'showPressDone', 'showDead'] },
            { guard: 'jammed', target: 'jammed', actions: ['closePress', 'showPressDone'] },
            { target: 'ready', actions: ['closePress', 'showPressDone'] },
          ],
        },
        jammed: {
          on: {
            PRESS: { actions: { type: 'ignore', params: { reason: 'jammed' } } },
            LID_OPEN: { target: 'ready', actions: 'lidOpened' },
          },
        },
        dead: {
          on: { PRESS: { actions: { type: 'ignore', params: { reason: 'battery-dead' } } } },
        },
        /**
         * The link to a device is down (unplugged, reset). Its watchdog stops the motor. Cards
         * its counter saw while the link was down are reported on reconnect and still go to
         * the presser of the burst that was cut short.
         */
        offline: {
          on: {
            PRESS: { actions: { type: 'ignore', params: { reason: 'offline' } } },
            // The resync reports the cards counted while the link was down: the press it cut short
            // (a burst, or the wait for its last card lines) takes them; a card seen at rest is no press's.
            CARD: { guard: 'pressIsOpen', actions: 'cardSensed' },
            // A press the link cut short is done once the resync has reported its last cards.
            LINK: { guard: 'linkUp', target: 'starting', actions: ['showOnline', 'pressDone'] },
          },
        },
      },
    },
  },
});

/**
 * What the launcher machine does on its transitions: the actions, which change the context (a
 * press, a feed attempt, a card sensed, the lid, the batteries, the aim), show what a person
 * would see or hear (`emit`), and reach the device (`hw*`, provided by the Launcher); and the
 * lists of actions that always go together (a motor command is shown and sent).
 *
 * The actions change the context in place: it is one record for the actor's life, whose fields
 * are replaced whole (a core state, a press result: values nobody changes afterwards), never
 * changed inside. An `assign` would copy the context and the snapshot, and rebuild the snapshot's
 * state value, at nearly every step of every press; the machine's snapshot changes only when its
 * state does. What is read from the context is read as the step goes, as an assign's result would
 * be: guards after the actions before them, an emitted event when its action runs.
 */
import { emit, enqueueActions } from 'xstate';
import {
  BATTERY, coreWith, feedStep, lidCycle, motorStart, restVolts, reversePulse, startBurst, withSupply,
  type Burst, type CoreState, type IgnoreReason, type PressResult,
} from './core.ts';
import type { MotorCommand, ToneKind } from './hardware.ts';
import { dingMs } from './profile.ts';
import { coreAfterReverse, launcherSetup, nextDecision } from './machine-guards.ts';
import type { AnyLauncherEvent, LauncherContext, LauncherEmitted } from './machine-types.ts';

/** Turntable speed: the replica's servo turns about 180°/s under the launcher's weight. */
export const AIM_DEGREES_PER_SECOND = 180;

/** Heading of a seat: seats spread evenly, seat 0 at 0°. */
export function seatHeading(seat: number, seats: number): number {
  return (360 * seat) / seats;
}

/** How long the turntable takes from heading `from` to `to`, the shorter way round. */
function aimTravelMs(from: number, to: number): number {
  const d = Math.abs(((to - from + 540) % 360) - 180);
  return Math.round((d / AIM_DEGREES_PER_SECOND) * 1000);
}

/** A seat number taken round the table (AIM accepts any integer). */
function normSeat(seat: number, seats: number): number {
  return ((seat % seats) + seats) % seats;
}

/**
 * An event shown to listeners, as an action of this machine. What the machine always shows is a
 * plain `emit`: an `enqueueActions` builds its enqueue object and a dozen closures on every call.
 */
export function show(e: LauncherEmitted) {
  return launcherSetup.emit(e);
}

/** A motor command: shown (`motor`) and sent to the device, always together. */
export function motor(cmd: MotorCommand) {
  return [show({ type: 'motor', cmd }), { type: 'hwMotor', params: { cmd } }] as const;
}

/** The press's ding or the lid's beep: heard and sounded by the device, always together (the ding's length: {@link dingLength}). */
export function sound(tone: 'ding' | 'beep') {
  return [tone === 'ding' ? 'showDing' : show({ type: tone }), { type: 'hwTone', params: { tone } }] as const;
}

/**
 * The ding's length now, the same in the `ding` event and on the device: the profile's quickening
 * ding after the presses since the last burst, or none (the device's own length).
 */
export function dingLength(c: LauncherContext): { ms?: number } {
  const ms = dingMs(c.profile, c.core.sinceBurst);
  return ms === null ? {} : { ms };
}

/** Weak cells: the warning is given once (`lowBattery`, with the voltage) and sounded. */
export const warnLowBattery = ['lowWarned', 'showLowBattery', { type: 'hwTone', params: { tone: 'low' } }] as const;

/** The roller stalled on a jam: the motor stops, the jam and the burst's end are shown. */
export const stall = [...motor('stop'), 'showJam', { type: 'showBurstDone', params: { aborted: false } }] as const;

/** The reverse pulse is over: the motor stops, a half-out card and the burst's end are shown (see the `finishBurst` action). */
export function reverseDone(close: boolean) {
  return [...motor('stop'), 'showReverse', { type: 'finishBurst', params: { close } }, { type: 'showBurstDone', params: { aborted: false } }] as const;
}

/** The lid or the power cut a burst short: the motor stops, what came out stays out. */
export const abortBurst = [...motor('stop'), 'dropBurst', { type: 'showBurstDone', params: { aborted: true } }] as const;

/** The device action of an AIM: the heading of the seat the event names. */
export const aimDevice = {
  type: 'hwAim',
  params: ({ context, event }: { context: LauncherContext; event: AnyLauncherEvent }) => ({
    degrees: event.type === 'AIM' ? seatHeading(normSeat(event.seat, context.seats), context.seats) : context.heading,
  }),
} as const;

/** What a burst changes in its press's result (the decision's fields stay as the press set them). */
type BurstFields = Partial<Pick<PressResult, 'cards' | 'halfOut' | 'empty' | 'jam' | 'brownout' | 'slips' | 'doubles' | 'durationMs'>>;

/**
 * `p` with the fields of `c` changed, built whole in the order {@link pressed} builds it, so every
 * dinged press's result has one shape: a burst's result changes at every attempt, and a spread of
 * a spread is an object V8 copies the slow way. An ignored press's result (a card a device reports
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
  return context.deviceCounts ? { state: core, halfOut: null, ms: context.profile.mechanics.reverseMs } : reversePulse(context.profile, core, burst);
}

/** What the motor does for a dinged press: nothing (no fire), start, or brown the unit out (the PRESS guards pick it). */
type PressMotor = 'off' | 'start' | 'brownout';

/** A dinged press: the decision committed, a fresh result, the motor started or browned out. */
function press(context: LauncherContext, motor: PressMotor): void {
  const { state, decision } = nextDecision(context);
  const started = motor === 'off' ? null : motorStart(context.profile, state);
  // Built whole, as pressFast does (a `delete` would make it a slow dictionary). A press that
  // does not fire lasts the debounce, a brown-out the boot; a burst adds its own time as it goes.
  context.press = {
    dinged: true, fired: decision.fire, target: decision.target, bucket: decision.bucket, cards: [], halfOut: false,
    empty: false, jam: false, brownout: motor === 'brownout', slips: 0, doubles: 0,
    durationMs: started === null ? context.profile.mechanics.debounceMs : motor === 'brownout' ? BATTERY.bootMs : started.ms,
  };
  context.core = started ? started.state : state;
  context.decision = decision;
  context.pressOpen = true;
  context.burst = motor === 'start' ? startBurst(context.profile, decision) : null;
  context.attempt = null;
  context.reverse = null;
}

/** The machine's setup with its actions: what machine.ts builds the chart from. */
export const launcherActions = launcherSetup.extend({
  actions: {
    /** Drives the motor of the device (provided by the Launcher). */
    hwMotor: (_, _params: { cmd: MotorCommand }) => {},
    /** Sounds the device's piezo. */
    hwTone: (_, _params: { tone: ToneKind }) => {},
    /** Turns the device to a heading. */
    hwAim: (_, _params: { degrees: number }) => {},
    ignore: emit((_, params: { reason: IgnoreReason }) => ({ type: 'ignored', reason: params.reason })),
    /** A dinged press: see {@link press}. */
    decide: ({ context }, params: { motor: PressMotor }) => press(context, params.motor),
    showDing: emit(({ context }) => ({ type: 'ding', ...dingLength(context) })),
    showDecision: emit(({ context: { decision: d } }) => ({ type: 'decided', fire: d!.fire, target: d!.target, bucket: d!.bucket })),
    /**
     * The spin-up is over: the simulated roller starts its first feed attempt, drawn now. A burst
     * cut short during the spin-up (lid, power) has drawn nothing for the roller, as the real
     * roller had not started; one cut short during an attempt has made that attempt's draw.
     */
    planFirstAttempt: ({ context }) => {
      const a = feedStep(context.profile, context.core, context.burst!);
      // The draw is made: the core keeps the stream past it, the rest as it is until the attempt is over.
      context.attempt = a;
      context.core = coreWith(context.core, { rng: a.state.rng });
    },
    /** What the feed attempt that is over shows: its cards, a slip, the launcher empty. Before {@link applyAttempt}. */
    showAttempt: enqueueActions(({ context, enqueue }) => {
      const a = context.attempt!;
      const atMs = context.press.durationMs + a.step.ms;
      for (const card of a.step.cards) enqueue.emit({ type: 'card', card, halfOut: false, atMs });
      if (a.step.outcome === 'slip') enqueue.emit({ type: 'slip' });
      if (a.step.outcome === 'empty') enqueue.emit({ type: 'empty' });
    }),
    /**
     * The feed attempt's time is up: its outcome applied, and what comes next drawn: the next
     * attempt, or the reverse pulse.
     */
    applyAttempt: ({ context }, params?: { next: 'attempt' | 'reverse' }) => {
      const a = context.attempt!;
      const next = params?.next === 'attempt' ? feedStep(context.profile, a.state, a.burst) : null;
      const core = next ? coreWith(a.state, { rng: next.state.rng }) : a.state;
      context.press = pressWith(context.press, {
        cards: a.burst.out,
        slips: a.burst.slips,
        doubles: a.burst.doubles,
        durationMs: context.press.durationMs + a.step.ms,
        empty: context.press.empty || a.step.outcome === 'empty',
        jam: a.step.outcome === 'jam',
      });
      context.core = core;
      context.burst = a.burst;
      context.attempt = next;
      // (None is planned while the roller feeds.)
      context.reverse = params?.next === 'reverse' ? reverseFor(context, core, a.burst) : null;
    },
    showJam: emit({ type: 'jam' }),
    showBurstDone: emit(({ context }, params: { aborted: boolean }) => ({ type: 'burstDone', cards: context.press.cards.length, aborted: params.aborted })),
    planReverse: ({ context }) => {
      context.reverse = reverseFor(context, context.core, context.burst!);
    },
    /** What the reverse pulse that is over shows: a half-out card, the launcher empty. Before {@link finishBurst}. */
    showReverse: enqueueActions(({ context, enqueue }) => {
      const r = context.reverse!;
      if (r.halfOut !== null) enqueue.emit({ type: 'card', card: r.halfOut, halfOut: true, atMs: context.press.durationMs + r.ms });
      if (!context.press.empty && r.state.supply.length === 0) enqueue.emit({ type: 'empty' });
    }),
    /** The reverse pulse is over: its outcome applied; with `close`, the press is over too. */
    finishBurst: ({ context }, params: { close: boolean }) => {
      const r = context.reverse!;
      context.core = coreAfterReverse(context);
      context.press = pressWith(context.press, {
        cards: r.halfOut !== null ? context.press.cards.concat(r.halfOut) : context.press.cards,
        halfOut: context.press.halfOut || r.halfOut !== null,
        empty: context.press.empty || r.state.supply.length === 0,
        durationMs: context.press.durationMs + r.ms,
      });
      context.reverse = null;
      if (params.close) context.pressOpen = false;
    },
    /** The lid or the power cut a burst short: what came out stays out (the motor stops, see {@link abortBurst}). */
    dropBurst: ({ context }) => {
      context.attempt = null;
      context.reverse = null;
    },
    lowWarned: ({ context }) => {
      context.core = coreWith(context.core, { lowWarned: true });
    },
    showLowBattery: emit(({ context }) => ({ type: 'lowBattery', volts: Math.round((context.deviceVolts ?? restVolts(context.core.motorMs)) * 100) / 100 })),
    /**
     * A device reports a count; the identity is the next card software loaded (or unknown). `late`:
     * its line came after its burst was over, and the press was not empty after all if the budget
     * said so (the launcher is empty only if this was its last card).
     */
    cardSensed: enqueueActions(({ context, enqueue }, params?: { halfOut?: boolean; late?: boolean }) => {
      const [card = `unknown-${context.press.cards.length + 1}`, ...rest] = context.core.supply;
      const halfOut = params?.halfOut ?? false;
      context.core = withSupply(context.core, rest);
      context.press = pressWith(context.press, {
        cards: context.press.cards.concat(card),
        halfOut: context.press.halfOut || halfOut,
        ...(params?.late ? { empty: rest.length === 0 } : {}),
      });
      enqueue.emit({ type: 'card', card, halfOut });
    }),
    budgetSpent: enqueueActions(({ context, enqueue }) => {
      // The motor ran its time, or a device stalled with every card loaded already out: a device
      // that saw no card at all is empty (or its roller slips).
      if (context.press.cards.length === 0 || context.core.supply.length === 0) {
        context.press = pressWith(context.press, { empty: true });
        enqueue.emit({ type: 'empty' });
      }
    }),
    deviceJam: ({ context }) => {
      context.core = coreWith(context.core, { jammed: true });
      context.press = pressWith(context.press, { jam: true });
    },
    deviceBattery: ({ context, event }) => {
      context.deviceVolts = event.type === 'BATTERY' ? event.volts : null;
    },
    showOffline: emit({ type: 'offline' }),
    showOnline: emit({ type: 'online' }),
    /** The dinged press is over, reported once: where it is surely open (after the debounce, a burst). */
    closePress: ({ context }) => {
      context.pressOpen = false;
    },
    showPressDone: emit(({ context }) => ({ type: 'pressDone', result: context.press })),
    /** The same where a press may be open or not (the power off, the link back). */
    pressDone: enqueueActions(({ context, enqueue }) => {
      if (!context.pressOpen) return;
      context.pressOpen = false;
      enqueue.emit({ type: 'pressDone', result: context.press });
    }),
    showDead: emit({ type: 'dead' }),
    powerReset: ({ context }) => {
      context.core = coreWith(context.core, { presses: 0, sinceBurst: 0 });
    },
    lidOpened: ({ context }) => {
      context.lidOpen = true;
      context.core = coreWith(context.core, { jammed: false });
    },
    lidClosed: ({ context }) => {
      context.lidOpen = false;
      context.core = lidCycle(context.profile, context.core);
    },
    reload: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'RELOAD') return;
      const supply = context.core.supply.concat(event.cards);
      context.core = withSupply(context.core, supply);
      enqueue.emit({ type: 'reloaded', cards: event.cards.length, supply: supply.length });
    }),
    replaceBatteries: ({ context }) => {
      context.core = coreWith(context.core, { motorMs: 0, lowWarned: false, presses: 0, sinceBurst: 0 });
    },
    /** A new aim: where to, and how long the turn takes (see the AIM transition). */
    startTurn: ({ context, event }) => {
      if (event.type !== 'AIM') return;
      context.aimSeat = normSeat(event.seat, context.seats);
      context.aimTravelMs = aimTravelMs(context.heading, seatHeading(context.aimSeat, context.seats));
      context.turning = true;
    },
    endTurn: ({ context }) => {
      context.heading = seatHeading(context.aimSeat, context.seats);
      context.turning = false;
    },
    showAimReached: emit(({ context }) => ({ type: 'aimReached', seat: context.aimSeat, degrees: context.heading })),
    /** The power went off mid-turn: the turntable stops where it is, and does not arrive. */
    stopTurn: enqueueActions(({ context, enqueue }) => {
      if (!context.turning) return;
      enqueue.cancel('turn');
      context.turning = false;
    }),
  },
});

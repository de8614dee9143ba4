/**
 * The launcher machine's setup: its types, the device's flush, and what the machine reads to
 * choose where to go and how long to wait there: the guards, the delays, and the helpers they
 * share with the actions (the next decision, the core after a reverse pulse). Guards only read;
 * what changes the context is in machine-actions.ts, which extends this setup, and the chart
 * that uses both is machine.ts.
 */
import { fromCallback, setup, type EventObject } from 'xstate';
import { BATTERY, batteryDead, brownsOutAt, coreWith, decide, lowBatteryDue, type CoreState, type Decision } from './core.ts';
import type { Profile } from './profile.ts';
import type { AnyLauncherEvent, FlushInput, LauncherContext, LauncherEmitted, LauncherInput } from './machine-types.ts';

let peeked: { profile: Profile; core: CoreState; out: { state: CoreState; decision: Decision } } | null = null;

/**
 * The decision the next correct press makes. It is a pure function of the counters and the
 * generator's state, so the press's guards can look at it (fire? brown-out?) and pick the state
 * to go to in the press's own step, and `decide` commits the very same draw. The last one
 * is kept: contexts are immutable, so the same core object always gives the same decision.
 */
export function nextDecision(context: LauncherContext): { state: CoreState; decision: Decision } {
  if (peeked?.core !== context.core || peeked.profile !== context.profile) {
    peeked = { profile: context.profile, core: context.core, out: decide(context.profile, context.core) };
  }
  return peeked.out;
}

/** The core once the reverse pulse in progress is over. */
export function coreAfterReverse(context: LauncherContext): CoreState {
  const r = context.reverse!;
  // A device's sensor may have taken a card from the supply during the pulse: keep it.
  return context.deviceCounts ? coreWith(context.core, { motorMs: context.core.motorMs + r.ms }) : r.state;
}

/** The low-battery warning is due for `core`: from the device's measured voltage, or the model's. */
export function lowBatteryWarningDue(context: LauncherContext, core: CoreState): boolean {
  return context.deviceVolts === null ? lowBatteryDue(core) : !core.lowWarned && context.deviceVolts < BATTERY.lowVolts;
}

/** The machine's types, its actor and what it reads; the actions are added by machine-actions.ts. */
export const launcherSetup = setup({
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
});

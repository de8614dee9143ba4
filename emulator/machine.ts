/**
 * The launcher as an XState v5 machine: power and batteries, the lid, the button and its ding,
 * the decision, the motor and roller one feed attempt at a time, jams, brown-outs, the empty
 * launcher and its reload, and the aim. Guards and actions call the pure core (core.ts); all
 * timing is XState delays, so the machine runs on a simulated clock as well as the real one.
 * The device is reached only through the `hw*` actions and the `flush` actor, which
 * {@link MachineLauncher} provides.
 *
 * This file is the chart: which state handles which event, with which guard and actions. What
 * the machine accepts, shows and holds is in machine-types.ts; its guards and delays (what it
 * reads to choose) in machine-guards.ts; its actions (what it changes and shows) in
 * machine-actions.ts. Each builds on the one before (setup, then extend), so the chart is typed
 * against every name it uses.
 *
 * Shape: the state nodes are what the unit is doing (off, ready, firing, jammed, …). The lid and
 * the turntable work whatever the unit does, so they are context (`lidOpen`, `turning`) read by
 * guards, not parallel regions: XState looks for an event's transitions in every active region
 * and rebuilds a snapshot's state value from every active node at each change of state, so a
 * region for each would cost every step of every burst, for no behaviour of its own.
 */
import { and, cancel, enqueueActions, raise } from 'xstate';
import { ignoredResult, initialCore } from './core.ts';
import { abortBurst, aimDevice, launcherActions, motor, reverseDone, show, sound, stall, warnLowBattery } from './machine-actions.ts';

export type { AnyLauncherEvent, FlushInput, LauncherContext, LauncherEmitted, LauncherEvent, LauncherInput, TimerEvent } from './machine-types.ts';
export { TIMER_EVENTS } from './machine-types.ts';
export { AIM_DEGREES_PER_SECOND, seatHeading } from './machine-actions.ts';

/** The launcher machine. Provide `hwMotor`, `hwTone`, `hwAim` (and the `flush` actor) to drive a device. */
export const launcherMachine = launcherActions.createMachine({
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
                STALL: [
                  // The roller turned on an empty launcher: no jam to clear, a reload to make.
                  { guard: 'loadedOut', target: '#launcher.on.settled', actions: ['budgetSpent', ...motor('stop'), { type: 'showBurstDone', params: { aborted: false } }] },
                  { target: '#launcher.on.settled', actions: ['deviceJam', ...stall] },
                ],
              },
              after: { feedBudget: { target: 'reversing', actions: ['budgetSpent', 'planReverse'] } },
            },
            /**
             * One feed attempt at a time: decided when it starts, applied when its time is up (FED).
             * The roller going on is a transition within the state that times the next attempt
             * itself: re-entering the state would run its exit, cancel, entry and raise again for
             * every attempt of every burst.
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
          // Weak cells are warned of once, as the press settles: before its end is shown.
          entry: enqueueActions(({ check, enqueue }) => {
            if (check('lowBatteryDue')) for (const a of warnLowBattery) enqueue(a);
          }),
          always: [
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


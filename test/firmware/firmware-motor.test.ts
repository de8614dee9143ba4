/**
 * The compiled firmware driving the roller on an emulated ATmega328P: motor pins, cards passing the
 * break-beam, and the safety rules (run-time limit, heartbeat watchdog, lid interlock, stall, the
 * coast before a change of direction, the reverse pulse's cap and its stuck-card check).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Command } from '../../firmware-bridge/codec.ts';
import type { LauncherRig } from '../../firmware-bridge/avr/rig.ts';
import { boot, COAST_MAX_MS, COAST_MIN_MS, COAST_MS, hex, runPinging } from './boot.ts';

beforeAll(() => void hex());

/** Sends `cmd` and runs until the firmware stops the motor by itself: why, and how long after the ACK. */
function runToStop(rig: LauncherRig, cmd: Command, maxMs: number): { reason: string; ms: number } {
  rig.command(cmd);
  const t0 = rig.ms;
  const { reason } = rig.waitFor('STOPPED', maxMs);
  expect(rig.drive.dir).toBe('stop');
  return { reason, ms: rig.ms - t0 };
}

describe('motor pins', () => {
  it('FWD drives direction A high, B low, enable at the duty asked; REV the other way; STOP all low', () => {
    const rig = boot();
    expect(rig.command({ verb: 'FWD', duty: 200, ms: 1000 })).toMatchObject({ type: 'ACK' });
    expect(rig.measureDuty(10)).toBeCloseTo(200 / 255, 2);
    expect(rig.drive.dir).toBe('forward');
    rig.command({ verb: 'STOP' });
    rig.runFor(COAST_MS);
    expect(rig.command({ verb: 'REV', duty: 255, ms: 500 })).toMatchObject({ type: 'ACK' });
    expect(rig.measureDuty(5)).toBe(1);
    expect(rig.drive.dir).toBe('reverse');
    rig.command({ verb: 'STOP' });
    expect(rig.measureDuty(5)).toBe(0);
    const { motorPwm, motorDirA, motorDirB } = rig.pins;
    expect([motorPwm, motorDirA, motorDirB].map((p) => rig.board.output(p))).toEqual([false, false, false]);
    expect(rig.messages('STOPPED')).toEqual([]);
  });

  it('stops by itself when the command\'s run time is over', () => {
    const { reason, ms } = runToStop(boot(), { verb: 'REV', duty: 255, ms: 100 }, 150);
    expect(reason).toBe('EXPIRED');
    expect(ms).toBeGreaterThanOrEqual(99);
    expect(ms).toBeLessThan(104);
  });
});

describe('cards', () => {
  it('each card leaving the roller gives a CARD line with a running count that matches the sensor', () => {
    const rig = boot({ seed: 7 });
    rig.command({ verb: 'FWD', duty: 255, ms: 800 });
    runPinging(rig, 850);
    const cards = rig.messages('CARD');
    // 8 cards/s at 4.5 V, 120 ms spin-up: about 5 in 800 ms.
    expect(cards.length).toBeGreaterThanOrEqual(4);
    expect(cards.length).toBe(rig.roller.beamPulses);
    expect(cards.map((c) => c.cards)).toEqual(cards.map((_, i) => i + 1));
    expect(rig.messages('STOPPED')).toEqual([{ type: 'STOPPED', reason: 'EXPIRED' }]);
    // A host that lost lines resynchronises from STATUS.
    rig.command({ verb: 'STATUS' });
    expect(rig.messages('STATUS')[0]).toMatchObject({ cards: cards.length, motor: 'STOP' });
  });

  it('STALL: forward with no card leaving for the stall time stops the motor (an empty launcher)', () => {
    const rig = boot({ roller: { cards: 2 } });
    rig.command({ verb: 'SET', key: 'STALL', ms: 300 });
    rig.command({ verb: 'FWD', duty: 255, ms: 3000 });
    const stall = rig.waitFor('STALL', 900, 0);
    expect(stall).toEqual({ type: 'STALL', cards: 2 });
    expect(rig.drive.dir).toBe('stop');
    expect(rig.messages('CARD')).toHaveLength(2);
  });

  it('STALL on a jam: the roller stops turning cards, the firmware stops the motor', () => {
    const rig = boot({ roller: { mechanics: { jam: 1 } } });
    rig.command({ verb: 'SET', key: 'STALL', ms: 200 });
    rig.command({ verb: 'FWD', duty: 255, ms: 3000 });
    expect(rig.waitFor('STALL', 400, 0)).toEqual({ type: 'STALL', cards: 0 });
    expect(rig.roller.jammed).toBe(true);
  });
});

describe('safety', () => {
  it('the heartbeat watchdog stops the motor when the host goes silent', () => {
    const rig = boot();
    rig.command({ verb: 'SET', key: 'WDOG', ms: 300 });
    rig.command({ verb: 'FWD', duty: 255, ms: 5000 });
    runPinging(rig, 500, 100); // a live host: the motor keeps running
    expect(rig.drive.dir).toBe('forward');
    rig.command({ verb: 'PING' }); // the host's last word
    const silentFrom = rig.ms;
    expect(rig.waitFor('STOPPED', 400)).toEqual({ type: 'STOPPED', reason: 'WATCHDOG' });
    expect(rig.ms - silentFrom).toBeGreaterThanOrEqual(300);
    expect(rig.ms - silentFrom).toBeLessThan(305);
    expect(rig.measureDuty(5)).toBe(0);
  });

  it('refuses to start with the lid open (NAK LID) and the pins never move', () => {
    const rig = boot();
    rig.setLid(true);
    rig.runFor(1); // before the debounced LID line: the interlock reads the raw pin
    expect(rig.command({ verb: 'FWD', duty: 255, ms: 1000 })).toMatchObject({ type: 'NAK', code: 'LID' });
    expect(rig.command({ verb: 'REV', duty: 255, ms: 500 })).toMatchObject({ type: 'NAK', code: 'LID' });
    expect(rig.measureDuty(20)).toBe(0);
    expect(rig.messages('LID')).toEqual([]); // refused before the debounced LID line was due
    rig.setLid(false);
    rig.runFor(35);
    expect(rig.command({ verb: 'FWD', duty: 255, ms: 1000 })).toMatchObject({ type: 'ACK' });
  });

  it('stops a running motor within a millisecond of the lid opening', () => {
    const rig = boot();
    rig.command({ verb: 'FWD', duty: 255, ms: 2000 });
    rig.runFor(50);
    expect(rig.drive.dir).toBe('forward');
    rig.setLid(true);
    expect(rig.runUntil(() => rig.drive.dir === 'stop' && rig.drive.duty === 0, 1)).toBe(true);
    expect(rig.waitFor('STOPPED', 5)).toEqual({ type: 'STOPPED', reason: 'LID' });
    expect(rig.waitFor('LID', 40)).toEqual({ type: 'LID', open: true });
  });
});

describe('direction changes and reverse pulses', () => {
  /**
   * Sends `cmd` without waiting and runs until the motor turns `dir`: returns the simulated time
   * from the last slice the motor was powered the other way (or from `offAt`, when it was already
   * off) to the first it turns `dir`.
   */
  function gapBefore(rig: LauncherRig, cmd: Command, dir: 'forward' | 'reverse', offAt = rig.ms): number {
    const other = dir === 'forward' ? 'reverse' : 'forward';
    let lastOther = offAt;
    rig.send(cmd);
    const turned = rig.runUntil(() => {
      if (rig.drive.dir === other && rig.drive.duty > 0) lastOther = rig.ms;
      return rig.drive.dir === dir && rig.drive.duty > 0;
    }, 100);
    expect(turned).toBe(true);
    return rig.ms - lastOther;
  }

  it('coasts, unpowered, for COAST_MS before it turns the other way, whatever the host asks', () => {
    // 20 counts of millis() last 18.4 to 20.6 ms (PROTOCOL.md, firmware-timing.test.ts); measured
    // here by 0.25 ms slices, a quarter of a millisecond either way.
    const [least, most] = [COAST_MIN_MS - 0.25, COAST_MAX_MS + 0.25];
    const rig = boot();
    rig.command({ verb: 'FWD', duty: 255, ms: 1000 });
    rig.runFor(100);
    // FWD straight to REV, as the host ends a burst.
    const toReverse = gapBefore(rig, { verb: 'REV', duty: 255, ms: 300 }, 'reverse');
    expect(toReverse).toBeGreaterThanOrEqual(least);
    expect(toReverse).toBeLessThan(most);
    rig.runFor(50);
    const toForward = gapBefore(rig, { verb: 'FWD', duty: 255, ms: 300 }, 'forward');
    expect(toForward).toBeGreaterThanOrEqual(least);
    // A STOP first counts toward the coast: 5 ms later, REV waits the other 15. Counted from the
    // STOP's sending: its line takes 0.9 ms on the wire, and the pass that reads it up to 0.3 ms.
    const stopAt = rig.ms;
    rig.command({ verb: 'STOP' });
    rig.runFor(5);
    const afterStop = gapBefore(rig, { verb: 'REV', duty: 255, ms: 300 }, 'reverse', stopAt);
    expect(afterStop).toBeGreaterThanOrEqual(least);
    expect(afterStop).toBeLessThan(most + 1.2);
    // The same way again changes the duty at once.
    rig.command({ verb: 'REV', duty: 128, ms: 300 });
    expect(rig.measureDuty(10)).toBeCloseTo(128 / 255, 1);
    rig.command({ verb: 'STOP' });
  });

  it('REV is capped at 500 ms: a longer one is refused, a 500 ms one expires on time', () => {
    const rig = boot();
    expect(rig.command({ verb: 'REV', duty: 255, ms: 501 })).toMatchObject({ type: 'NAK', code: 'RANGE' });
    expect(rig.drive.dir).toBe('stop');
    const { reason, ms } = runToStop(rig, { verb: 'REV', duty: 255, ms: 500 }, 520);
    expect(reason).toBe('EXPIRED');
    expect(ms).toBeGreaterThan(498);
    expect(ms).toBeLessThan(504);
  });

  it('a reverse pulse against a card stuck in the beam stops after 200 ms (STOPPED STUCK); one whose card clears runs on', () => {
    const rig = boot();
    rig.setBeamBlocked(true);
    rig.runFor(5);
    const { reason, ms } = runToStop(rig, { verb: 'REV', duty: 255, ms: 500 }, 260);
    expect(reason).toBe('STUCK');
    expect(ms).toBeGreaterThan(198);
    expect(ms).toBeLessThan(206);
    // The card comes free 150 ms into the next pulse: the pulse runs its full time.
    const from = rig.received.length;
    rig.command({ verb: 'REV', duty: 255, ms: 400 });
    rig.runFor(150);
    rig.setBeamBlocked(false);
    expect(rig.waitFor('STOPPED', 300, from)).toEqual({ type: 'STOPPED', reason: 'EXPIRED' });
  });
});

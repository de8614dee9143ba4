/**
 * The compiled firmware driving the roller on an emulated ATmega328P: motor pins, cards passing the
 * break-beam, and the safety rules (run-time limit, heartbeat watchdog, lid interlock, stall).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { boot, COAST_MS, hex, runPinging } from './boot.ts';

beforeAll(() => void hex(), 60_000);

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
    const rig = boot();
    rig.command({ verb: 'REV', duty: 255, ms: 100 });
    const t0 = rig.ms;
    expect(rig.waitFor('STOPPED', 150)).toEqual({ type: 'STOPPED', reason: 'EXPIRED' });
    expect(rig.ms - t0).toBeGreaterThanOrEqual(99);
    expect(rig.ms - t0).toBeLessThan(104);
    expect(rig.drive.dir).toBe('stop');
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

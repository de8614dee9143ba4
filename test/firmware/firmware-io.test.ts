/**
 * The compiled firmware's inputs and small outputs on an emulated ATmega328P: the button and lid
 * (debounced), the piezo's pitch, the servo's pulse and the battery reading.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { boot, hex, press } from './boot.ts';

beforeAll(() => void hex());

describe('button', () => {
  it('a press (pin pulled low) gives one BTN line with a running count', () => {
    const rig = boot();
    for (let i = 1; i <= 3; i++) {
      rig.setButton(true);
      const btn = rig.waitFor('BTN', 40);
      expect(btn).toEqual({ type: 'BTN', presses: i });
      rig.runFor(30);
      rig.setButton(false);
      rig.runFor(40);
    }
    expect(rig.messages('BTN')).toHaveLength(3);
  });

  it('ignores contact bounce shorter than the 20 ms debounce, and counts the press after it', () => {
    const rig = boot();
    for (let i = 0; i < 5; i++) {
      rig.setButton(true);
      rig.runFor(2);
      rig.setButton(false);
      rig.runFor(3);
    }
    expect(rig.messages('BTN')).toEqual([]);
    rig.setButton(true);
    rig.runFor(19);
    expect(rig.messages('BTN')).toEqual([]);
    rig.waitFor('BTN', 5);
    rig.setButton(false);
    rig.runFor(40);
    expect(rig.messages('BTN')).toEqual([{ type: 'BTN', presses: 1 }]);
  });

  it('ZERO restarts the press count', () => {
    const rig = boot();
    press(rig);
    rig.command({ verb: 'ZERO' });
    rig.setButton(true);
    expect(rig.waitFor('BTN', 40)).toEqual({ type: 'BTN', presses: 1 });
  });
});

describe('lid', () => {
  it('reports opening and closing after 30 ms of steady level', () => {
    const rig = boot();
    rig.setLid(true);
    rig.runFor(25);
    expect(rig.messages('LID')).toEqual([]);
    expect(rig.waitFor('LID', 10)).toEqual({ type: 'LID', open: true });
    rig.setLid(false);
    expect(rig.waitFor('LID', 40)).toEqual({ type: 'LID', open: false });
  });
});

describe('outputs', () => {
  it('plays the nearest available pitch on the piezo for the asked time, then goes quiet', () => {
    const rig = boot();
    rig.command({ verb: 'TONE', hz: 1960, ms: 100 });
    const e0 = rig.piezoEdges;
    rig.runFor(50);
    expect(rig.piezoEdges - e0).toBeGreaterThanOrEqual(97); // 1961 Hz: 98 periods in 50 ms
    expect(rig.piezoEdges - e0).toBeLessThanOrEqual(99);
    rig.command({ verb: 'TONE', hz: 980, ms: 100 }); // replaces the first
    const e1 = rig.piezoEdges;
    rig.runFor(50);
    const e2 = rig.piezoEdges;
    expect(e2 - e1).toBeGreaterThanOrEqual(48); // 980 Hz: 49 periods in 50 ms
    expect(e2 - e1).toBeLessThanOrEqual(50);
    rig.runFor(60);
    const e3 = rig.piezoEdges;
    rig.runFor(50);
    expect(rig.piezoEdges).toBe(e3);
    expect(rig.board.output(rig.pins.piezo)).toBe(false);
  });

  it('turns the servo: pulse width follows the angle (544..2400 µs)', () => {
    const rig = boot();
    rig.runFor(25);
    expect(rig.servoDegrees).toBe(90);
    for (const deg of [0, 45, 180]) {
      rig.command({ verb: 'SERVO', deg });
      rig.runFor(41);
      expect(Math.abs(rig.servoPulseUs - (544 + (1856 * deg) / 180))).toBeLessThanOrEqual(4);
      expect(rig.servoDegrees).toBe(deg);
    }
  });

  it('reads the battery through the divider, within 1 %', () => {
    const rig = boot({ roller: { charge: 0.5 } }); // 3 × C cells half spent: 3.9 V at rest
    const bat = rig.waitFor('BAT', 20);
    expect(Math.abs(bat.mv - 3900)).toBeLessThan(39);
  });
});

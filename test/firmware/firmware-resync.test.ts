/**
 * Counters that survive a reset (PROTOCOL.md, "Resynchronising"), on the compiled firmware: an
 * external (DTR) or watchdog reset keeps the card and press counters and the session id in .noinit
 * SRAM; a power cycle, a brown-out or damaged counters start a new session at 0. Then a host that
 * lost the link mid-burst gets every card back from HELLO's cards=, none twice.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { firmwareSymbol } from '../../firmware-bridge/avr/firmware.ts';
import type { LauncherRig, ResetCause } from '../../firmware-bridge/avr/rig.ts';
import { helloSession, resync, type HelloSession } from '../../firmware-bridge/codec.ts';
import { boot, hex, press, runPinging } from './boot.ts';

beforeAll(() => void hex());

/** The session fields of the latest HELLO, waiting for one received at `from` or later. */
function session(rig: LauncherRig, from = rig.received.length): HelloSession {
  const s = helloSession(rig.waitFor('HELLO', 20, from));
  if (!s) throw new Error(`HELLO without session fields: ${rig.transcript.slice(-200)}`);
  return s;
}

/** Resets the board and returns its HELLO's session fields. */
function resetAndHello(rig: LauncherRig, cause?: ResetCause): HelloSession {
  const from = rig.received.length;
  rig.reset(cause);
  return session(rig, from);
}

/** Runs the roller forward for `ms` with a live host; returns the CARD counts received meanwhile. */
function burst(rig: LauncherRig, ms: number): number[] {
  const from = rig.received.length;
  expect(rig.command({ verb: 'FWD', duty: 255, ms })).toMatchObject({ type: 'ACK' });
  runPinging(rig, ms + 50, 100);
  return rig.messages('CARD', from).map((c) => c.cards);
}

const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

describe('warm boot: an external or watchdog reset keeps the counters', () => {
  it('HELLO after a DTR reset reports the cards and presses counted before it, then CARD and BTN count on', () => {
    const rig = boot({ seed: 7 });
    const first = helloSession(rig.messages('HELLO')[0])!;
    expect(first).toEqual({ boot: 'cold', cards: 0, presses: 0, sid: 1 });
    press(rig);
    const before = burst(rig, 800);
    expect(before.length).toBeGreaterThanOrEqual(4);
    expect(before).toEqual(range(1, before.length));

    expect(resetAndHello(rig)).toEqual({ boot: 'warm', cards: before.length, presses: 1, sid: first.sid });
    const after = burst(rig, 500);
    expect(after.length).toBeGreaterThanOrEqual(2);
    expect(after).toEqual(range(before.length + 1, after.length));
    expect(after.at(-1)).toBe(rig.roller.beamPulses);
    rig.setButton(true);
    expect(rig.waitFor('BTN', 40)).toEqual({ type: 'BTN', presses: 2 });
    rig.command({ verb: 'STATUS' });
    expect(rig.messages('STATUS').at(-1)).toMatchObject({ cards: rig.roller.beamPulses, presses: 2 });
  });

  it('a watchdog reset is warm too, and so are several resets in a row', () => {
    const rig = boot();
    press(rig);
    press(rig);
    expect(resetAndHello(rig, 'watchdog')).toEqual({ boot: 'warm', cards: 0, presses: 2, sid: 1 });
    expect(resetAndHello(rig)).toEqual({ boot: 'warm', cards: 0, presses: 2, sid: 1 });
    expect(resetAndHello(rig)).toEqual({ boot: 'warm', cards: 0, presses: 2, sid: 1 });
  });

  it('keeps the servo where the host turned it: a reset does not turn the launcher, HELLO says servo=', () => {
    const rig = boot();
    rig.command({ verb: 'SERVO', deg: 120 });
    rig.runFor(40);
    expect(rig.servoDegrees).toBe(120);
    const from = rig.received.length;
    rig.reset();
    const angles = new Set<number>();
    for (let t = 0; t < 60; t++) {
      rig.runFor(1);
      angles.add(rig.servoDegrees);
    }
    expect([...angles]).toEqual([120]);
    expect(rig.waitFor('HELLO', 20, from).params.servo).toBe('120');
    // A power cycle loses it with the counters: the servo starts centred, and says so.
    const cold = rig.received.length;
    rig.powerCycle();
    rig.runFor(60);
    expect(rig.servoDegrees).toBe(90);
    expect(rig.waitFor('HELLO', 20, cold).params).toMatchObject({ boot: 'cold', servo: '90' });
  });

  it('a HELLO asked for repeats how the board started and its counters now', () => {
    const rig = boot();
    press(rig);
    let from = rig.received.length;
    rig.command({ verb: 'HELLO' });
    expect(session(rig, from)).toEqual({ boot: 'cold', cards: 0, presses: 1, sid: 1 });
    resetAndHello(rig);
    press(rig);
    from = rig.received.length;
    rig.command({ verb: 'HELLO' });
    expect(session(rig, from)).toEqual({ boot: 'warm', cards: 0, presses: 2, sid: 1 });
  });
});

describe('cold boot: power-on starts a new session at 0', () => {
  it('a power cycle clears the counters and takes a new session id, every time', () => {
    const rig = boot();
    press(rig);
    const sids = [1];
    for (let i = 0; i < 3; i++) {
      const s = resetAndHello(rig, 'power');
      expect(s).toMatchObject({ boot: 'cold', cards: 0, presses: 0 });
      expect(sids).not.toContain(s.sid);
      sids.push(s.sid);
      press(rig);
      expect(rig.messages('BTN').at(-1)).toEqual({ type: 'BTN', presses: 1 });
    }
    // A warm reset after that keeps the latest session.
    expect(resetAndHello(rig)).toEqual({ boot: 'warm', cards: 0, presses: 1, sid: sids.at(-1) });
  });

  it('a brown-out is cold even when the SRAM held intact counters', () => {
    const rig = boot();
    press(rig);
    expect(resetAndHello(rig, 'brownout')).toEqual({ boot: 'cold', cards: 0, presses: 0, sid: 2 });
  });

  it('behind a bootloader that clears MCUSR (a stock Uno\'s Optiboot) the check alone decides', () => {
    const rig = boot({ bootloaderClearsFlags: true });
    expect(helloSession(rig.messages('HELLO')[0])).toMatchObject({ boot: 'cold', sid: 1 });
    press(rig);
    expect(resetAndHello(rig)).toEqual({ boot: 'warm', cards: 0, presses: 1, sid: 1 });
    // A brown-out that left the SRAM intact cannot be told from a reset: warm, the counters true.
    expect(resetAndHello(rig, 'brownout')).toEqual({ boot: 'warm', cards: 0, presses: 1, sid: 1 });
    // Power-on SRAM is random: its garbage does not pass for counters.
    expect(resetAndHello(rig, 'power')).toEqual({ boot: 'cold', cards: 0, presses: 0, sid: 2 });
  });

  describe('counters damaged in SRAM are not trusted', () => {
    // Session in .noinit: magic u32 @0, sid u16 @4, cards u32 @6, presses u32 @10, servo u8 @14, check u16 @15.
    const CASES: [string, number][] = [['a byte of cards', 6], ['a byte of presses', 11], ['the servo angle', 14], ['the check itself', 15], ['the magic word', 0]];

    it.each(CASES)('%s changed: the next reset is a cold boot with a new session', (_, offset) => {
      const rig = boot();
      press(rig);
      const { address, size } = firmwareSymbol('session');
      expect(size).toBe(17);
      const data = rig.board.cpu.data;
      expect([...data.subarray(address, address + 4)]).toEqual([0xde, 0xc0, 0x55, 0x5e]); // SESSION_MAGIC, little-endian
      expect(data[address + 10]).toBe(1); // presses = 1
      data[address + offset] ^= 0x10;
      expect(resetAndHello(rig)).toEqual({ boot: 'cold', cards: 0, presses: 0, sid: 2 });
    });
  });
});

describe('ZERO', () => {
  it('zeroes both counters in the same session; a reset keeps the zeros', () => {
    const rig = boot({ seed: 4 });
    press(rig);
    const n = burst(rig, 500).length;
    expect(n).toBeGreaterThan(0);
    expect(rig.command({ verb: 'ZERO' })).toMatchObject({ type: 'ACK' });
    rig.command({ verb: 'STATUS' });
    expect(rig.messages('STATUS').at(-1)).toMatchObject({ cards: 0, presses: 0 });
    expect(resetAndHello(rig)).toEqual({ boot: 'warm', cards: 0, presses: 0, sid: 1 });
    expect(burst(rig, 300)[0]).toBe(1);
  });
});

describe('a card the roller lets back in is not counted', () => {
  /** Runs forward until a card covers the beam. */
  function midCard(rig: LauncherRig): void {
    rig.command({ verb: 'FWD', duty: 255, ms: 3000 });
    expect(rig.runUntil(() => rig.roller.beamBroken, 500)).toBe(true);
    rig.runFor(5); // past the beam's debounce
  }

  it.each([['STOP'], ['REV']] as const)('the motor stops or reverses with a card in the beam (%s): no CARD', (verb) => {
    const rig = boot();
    midCard(rig);
    rig.command(verb === 'STOP' ? { verb } : { verb, duty: 255, ms: 100 });
    rig.runFor(150);
    expect(rig.roller.beamBroken).toBe(false);
    expect(rig.roller.beamPulses).toBe(0);
    expect(rig.messages('CARD')).toEqual([]);
  });

  it('the board resets with a card in the beam: the count is still the roller\'s', () => {
    const rig = boot({ seed: 5 });
    burst(rig, 400);
    midCard(rig);
    const counted = rig.roller.beamPulses;
    expect(resetAndHello(rig)).toMatchObject({ boot: 'warm', cards: counted });
    rig.runFor(50);
    expect(rig.messages('CARD', rig.received.length - 3)).toEqual([]);
    expect(burst(rig, 400)[0]).toBe(counted + 1);
    rig.command({ verb: 'STATUS' });
    expect(rig.messages('STATUS').at(-1)!.cards).toBe(rig.roller.beamPulses);
  });
});

describe('end to end: the link drops in the middle of a burst', () => {
  it.each([1, 2, 3, 4])('seed %i: HELLO after the port reopens gives every card back, none twice', (seed) => {
    const rig = boot({ seed });
    const host = { ...helloSession(rig.messages('HELLO')[0])!, counted: 0 };
    expect(rig.command({ verb: 'FWD', duty: 255, ms: 5000 })).toMatchObject({ type: 'ACK' });
    runPinging(rig, 600, 100);
    const seen = rig.messages('CARD');
    expect(seen.length).toBeGreaterThanOrEqual(2);
    host.cards = seen.at(-1)!.cards;
    host.counted = seen.length;

    // The USB link glitches: the host hears nothing and sends nothing, its heartbeat stops.
    rig.linkUp = false;
    const silentAt = rig.ms;
    expect(rig.runUntil(() => rig.drive.dir === 'stop', 1200)).toBe(true);
    expect(rig.ms - silentAt).toBeGreaterThanOrEqual(1000 - 100); // the firmware's heartbeat watchdog
    rig.runFor(200);
    const ejected = rig.roller.cardsOut;
    expect(ejected - host.cards).toBeGreaterThanOrEqual(3); // cards that left unseen
    expect(rig.roller.beamPulses).toBe(ejected); // no double feeds: one pulse per card

    // The port comes back; opening it resets the board (DTR).
    rig.linkUp = true;
    const hello = resetAndHello(rig);
    expect(hello).toMatchObject({ boot: 'warm', sid: host.sid, cards: ejected });
    const r = resync(host, hello);
    expect(r).toEqual({ kind: 'continued', cards: ejected - host.cards, presses: 0 });
    if (r.kind === 'continued') host.counted += r.cards;
    expect(host.counted).toBe(ejected);

    // Counting goes on from there.
    const next = burst(rig, 400);
    expect(next[0]).toBe(ejected + 1);
    host.counted += next.length;
    expect(host.counted).toBe(rig.roller.cardsOut);
  });

  it('after a power cycle instead, the host is told it cannot know', () => {
    const rig = boot({ seed: 2 });
    const last = helloSession(rig.messages('HELLO')[0])!;
    const seen = burst(rig, 500);
    const hello = resetAndHello(rig, 'power');
    expect(resync({ sid: last.sid, cards: seen.at(-1)!, presses: 0 }, hello)).toEqual({ kind: 'restarted', reason: 'power' });
  });
});

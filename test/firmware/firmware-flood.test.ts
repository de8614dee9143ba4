/**
 * The firmware's safety rules hold whatever arrives on the wire (PROTOCOL.md, "Safety in the
 * firmware"): garbage lines and queries that never wait for their ACK, at the wire's full rate, do
 * not keep the lid interlock, the run limit or the heartbeat from acting; a host that dies stops the
 * motor within the heartbeat; a loop() that hangs is reset by the hardware watchdog. All on the
 * emulated clock: a flood is queued whole and the UART takes it at 115200 baud.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeCommand } from '../../firmware-bridge/codec.ts';
import { firmwareFunction } from '../../firmware-bridge/avr/firmware.ts';
import type { LauncherRig } from '../../firmware-bridge/avr/rig.ts';
import { boot, hex } from './boot.ts';

beforeAll(() => void hex());

/** Bytes the wire carries in a millisecond: Arduino's 115200 baud is 117647 (16 MHz / 8 / 17), 10 bits a byte. */
const BYTES_PER_MS = 11.76;
/** The default heartbeat timeout, ms. */
const WDOG_MS = 1000;

/**
 * Queues `ms` of the wire at its full rate: lines of one garbage byte (each worth a 17-byte NAK),
 * with a STATUS query that never waits for its ACK after every `garbagePerQuery` of them.
 */
function flood(rig: LauncherRig, ms: number, garbagePerQuery: number): void {
  let text = '';
  for (let seq = 1000; text.length < ms * BYTES_PER_MS; seq++) text += '\x01\n'.repeat(garbagePerQuery) + encodeCommand(seq, { verb: 'STATUS' });
  rig.sendRaw(text);
}

/** Runs until the motor is off (enable low all slice long); says whether it was within `maxMs`. */
function untilStopped(rig: LauncherRig, maxMs: number): boolean {
  return rig.runUntil(() => rig.drive.dir === 'stop' && rig.drive.duty === 0, maxMs);
}

describe('a flood of garbage and unacknowledged queries at the wire\'s full rate', () => {
  it('the lid opening mid-run cuts the motor within a millisecond, and LID and STOPPED LID arrive', () => {
    const rig = boot();
    expect(rig.command({ verb: 'FWD', duty: 255, ms: 1000 })).toMatchObject({ type: 'ACK' });
    const from = rig.received.length;
    flood(rig, 1500, 8);
    rig.runFor(300);
    expect(rig.drive.dir).toBe('forward');
    rig.setLid(true);
    expect(untilStopped(rig, 1)).toBe(true);
    // Events are never dropped; replies are, so the events wait behind at most a queue of them:
    // 255 - TX_EVENT_ROOM = 167 bytes, 14.2 ms on the wire, after the pass (up to 6 ms) that sends
    // STOPPED LID, and the line's own 1.3 ms.
    expect(rig.waitFor('STOPPED', 22, from)).toEqual({ type: 'STOPPED', reason: 'LID' });
    expect(rig.waitFor('LID', 60, from)).toEqual({ type: 'LID', open: true });
    rig.runFor(200);
    expect(rig.drive.dir).toBe('stop');
    expect(rig.board.rxPending).toBeGreaterThan(0); // the flood was still coming all along
  });

  it('a FWD\'s run limit holds to within a pass of the loop, every card is told, and every line sent is whole', () => {
    const rig = boot({ seed: 3 });
    expect(rig.command({ verb: 'FWD', duty: 255, ms: 1000 })).toMatchObject({ type: 'ACK' });
    const started = rig.ms;
    const from = rig.received.length;
    // Queries keep the heartbeat alive: only the run limit may stop the motor.
    flood(rig, 1600, 2);
    expect(untilStopped(rig, 1100)).toBe(true);
    // The loop checks the limit once a pass: a pass under this flood takes up to 6 ms
    // (firmware-timing.test.ts), and millis() counts 1000 ms to within one.
    expect(rig.ms - started).toBeGreaterThan(998);
    expect(rig.ms - started).toBeLessThan(1007);
    expect(rig.waitFor('STOPPED', 20, from)).toEqual({ type: 'STOPPED', reason: 'EXPIRED' });
    const cards = rig.messages('CARD', from);
    expect(cards.length).toBeGreaterThan(3);
    expect(cards.length).toBe(rig.roller.beamPulses);
    // Replies were dropped, never cut: every line the host got is a whole, valid one.
    expect(rig.received.every((r) => r.ok)).toBe(true);
    expect(rig.messages('NAK', from).length).toBeGreaterThan(0);
  });
});

describe('a host killed mid-burst', () => {
  it('stops the motor within the heartbeat of the last line the host finished, its backlog of queries notwithstanding', () => {
    const rig = boot();
    expect(rig.command({ verb: 'FWD', duty: 255, ms: 8000 })).toMatchObject({ type: 'ACK' });
    // A host polling STATUS without waiting for the ACKs, killed in the middle of a line.
    flood(rig, 400, 0);
    rig.sendRaw('9 PI');
    expect(rig.runUntil(() => rig.board.rxPending === 0, 600)).toBe(true);
    const silentFrom = rig.ms;
    expect(untilStopped(rig, WDOG_MS + 100)).toBe(true);
    expect(rig.ms - silentFrom).toBeGreaterThan(WDOG_MS - 2);
    // Counted from the last line the loop read: the backlog in the 64-byte receive buffer, read 16
    // bytes a pass of up to 6 ms, comes up to 24 ms after the wire's last byte.
    expect(rig.ms - silentFrom).toBeLessThan(WDOG_MS + 30);
    expect(rig.waitFor('STOPPED', 20, 0, (m) => m.reason === 'WATCHDOG')).toEqual({ type: 'STOPPED', reason: 'WATCHDOG' });
  });
});

describe('the hardware watchdog', () => {
  /** WDTCSR's data address, its WDE bit and WDP3..0 bits. */
  const WDTCSR = 0x60;
  const WDE = 0x08;
  const WDP = 0x27;

  it('is on at 250 ms (WDP 0100), and resets a hung loop(): the motor stops, the counters are kept', () => {
    const rig = boot({ seed: 5 });
    const csr = rig.board.cpu.data[WDTCSR];
    expect({ enabled: (csr & WDE) !== 0, prescaler: csr & WDP }).toEqual({ enabled: true, prescaler: 0x04 });
    rig.command({ verb: 'FWD', duty: 255, ms: 5000 });
    rig.runFor(400);
    const cards = rig.messages('CARD').length;
    expect(cards).toBeGreaterThan(0);
    // loop() hangs: its first instruction becomes a jump to itself. Interrupts still run (millis
    // ticks, the UART), as in a real hang; nothing the loop does (heartbeat, run limit) happens.
    rig.board.cpu.progMem[firmwareFunction('loop').address / 2] = 0xcfff; // rjmp .-2
    const from = rig.received.length;
    let ms = 0;
    for (; rig.drive.dir !== 'stop' && ms < 2 * WDOG_MS; ms += 0.25) rig.runFor(0.25);
    // 250 ms nominal: avr8js counts the 128 kHz oscillator's 32768 cycles exactly (256 ms).
    expect(ms).toBeLessThanOrEqual(257);
    expect(rig.waitFor('HELLO', 30, from).params).toMatchObject({ boot: 'warm', cards: String(rig.messages('CARD').length) });
    expect(rig.messages('CARD').length).toBeGreaterThanOrEqual(cards);
    rig.runFor(300);
    expect(rig.drive.dir).toBe('stop');
  });
});

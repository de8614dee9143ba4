/**
 * The firmware's timing figures that PROTOCOL.md states ("Safety in the firmware"), measured on the
 * emulated board: the longest pass of loop() under floods of queries (every check in the loop runs
 * once a pass), and the coast before a change of direction. Both on the emulated clock.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeCommand } from '../../firmware-bridge/codec.ts';
import { CYCLES_PER_MS } from '../../firmware-bridge/avr/board.ts';
import { firmwareFunction } from '../../firmware-bridge/avr/firmware.ts';
import type { LauncherRig } from '../../firmware-bridge/avr/rig.ts';
import { boot, hex } from './boot.ts';

beforeAll(() => void hex());

/** Bytes the wire carries in a millisecond at 115200 baud (16 MHz / 8 / 17, 10 bits a byte). */
const BYTES_PER_MS = 11.76;

/** Queues `ms` of the wire full of one query, each sent without waiting for its ACK. */
function flood(rig: LauncherRig, ms: number, verb: 'HELLO' | 'STATUS'): void {
  let text = '';
  for (let seq = 100; text.length < ms * BYTES_PER_MS; seq++) text += encodeCommand(seq, { verb });
  rig.sendRaw(text);
}

/** Runs `ms` and returns the longest time between two entries into loop(), ms. */
function longestPass(rig: LauncherRig, ms: number): number {
  const loop = new Set([firmwareFunction('loop').address]);
  let last = -1;
  let longest = 0;
  const end = rig.board.cpu.cycles + ms * CYCLES_PER_MS;
  while (rig.board.cpu.cycles < end) {
    if (rig.runToAddress(loop, ms) === undefined) break;
    const now = rig.board.cpu.cycles;
    if (last >= 0) longest = Math.max(longest, now - last);
    last = now;
    rig.board.run(1); // past the breakpoint
  }
  return longest / CYCLES_PER_MS;
}

describe('loop() passes (PROTOCOL.md: every check at least once every 6 ms)', () => {
  it('idle, a pass takes a quarter of a millisecond', () => {
    expect(longestPass(boot(), 100)).toBeLessThan(0.3);
  });

  // Measured: 5.59 ms under either flood (a pass builds the replies of the 16 bytes it read,
  // CRC-8 bit by bit, and may take the battery's sample, in floating point). So the loop's checks
  // (run limit, heartbeat, stall, a lid the interrupt missed) can come up to 6 ms late; the lid's
  // cut does not wait for them: it is the pin-change interrupt's, within microseconds.
  for (const verb of ['HELLO', 'STATUS'] as const) {
    it(`under a flood of ${verb} queries with the motor running, the longest pass is 5 to 6 ms`, () => {
      const rig = boot();
      rig.command({ verb: 'FWD', duty: 255, ms: 2000 });
      flood(rig, 400, verb);
      const ms = longestPass(rig, 300);
      expect(ms).toBeGreaterThan(5);
      expect(ms).toBeLessThan(6);
    });
  }
});

describe('the coast before a change of direction (PROTOCOL.md: 18.5 to 20.6 ms)', () => {
  it('over 80 reversals at every phase of millis(), the driver is unpowered 18.5 to 20.6 ms', () => {
    const rig = boot();
    // Full duty: the PWM pin is high all the run long, so its edges are the cut and the start.
    const edges: { high: boolean; cycle: number }[] = [];
    rig.board.onPin(rig.pins.motorPwm, (high, cycle) => edges.push({ high, cycle }));
    const gaps: number[] = [];
    let verb: 'FWD' | 'REV' = 'FWD';
    rig.command({ verb, duty: 255, ms: 400 });
    for (let i = 0; i < 80; i++) {
      // A different wait each time: the reversals fall at every phase of millis()'s 1.024 ms tick.
      rig.runFor(0.5 + ((i * 0.137) % 1.3));
      verb = verb === 'FWD' ? 'REV' : 'FWD';
      edges.length = 0;
      rig.send({ verb, duty: 255, ms: 400 });
      expect(rig.runUntil(() => edges.some((e) => e.high), 40)).toBe(true);
      const off = edges.find((e) => !e.high)!.cycle;
      const on = edges.find((e) => e.high)!.cycle;
      gaps.push((on - off) / CYCLES_PER_MS);
    }
    // millis() counts Timer0's overflows (1.024 ms) and skips a count every 42 of them, so 20 of
    // its counts last 18.4 to 20.5 ms: measured 18.54 to 20.54.
    expect(Math.min(...gaps)).toBeGreaterThan(18.4);
    expect(Math.min(...gaps)).toBeLessThan(19);
    expect(Math.max(...gaps)).toBeLessThan(20.6);
  });
});

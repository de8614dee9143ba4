/**
 * The emulated board's queue of bytes from the host: reads are O(1) however much is queued, so a
 * 1 MB burst (a host that writes without flow control, a pasted file) costs the emulation nothing
 * per byte beyond the byte itself, and the board stays correct under it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ByteQueue } from '../../firmware-bridge/avr/byte-queue.ts';
import { boot, hex } from './boot.ts';

beforeAll(() => void hex());

const MB = 1 << 20;

describe('ByteQueue', () => {
  it('passes 1 MB through in order, written in chunks of every size and read a byte at a time', () => {
    const q = new ByteQueue();
    let written = 0;
    for (let size = 1; written < MB; size = (size * 7) % 5003 + 1) {
      const chunk = Uint8Array.from({ length: Math.min(size, MB - written) }, (_, i) => (written + i) % 251);
      q.push(chunk);
      chunk.fill(0); // the queue kept its own copy
      written += chunk.length;
    }
    expect(q.length).toBe(MB);
    let bad = -1;
    for (let i = 0; i < MB && bad < 0; i++) if (q.shift() !== i % 251) bad = i;
    expect(bad).toBe(-1);
    expect([q.length, q.shift(), q.peek()]).toEqual([0, undefined, undefined]);
  });

  it('keeps its order when reads and writes interleave', () => {
    const q = new ByteQueue();
    const out: number[] = [];
    let next = 0;
    for (let round = 0; round < 2000; round++) {
      q.push(Uint8Array.from({ length: round % 5 }, () => next++ % 256));
      for (let k = 0; k < 3 && q.length > 0; k++) out.push(q.shift()!);
    }
    while (q.length > 0) out.push(q.shift()!);
    expect(out).toEqual(Array.from({ length: next }, (_, i) => i % 256));
  });
});

describe('a 1 MB burst into the emulated board', () => {
  it('is taken at the wire\'s rate, NAKed line by line, and the heartbeat still stops the motor', () => {
    const rig = boot();
    rig.command({ verb: 'SET', key: 'WDOG', ms: 200 });
    rig.command({ verb: 'FWD', duty: 255, ms: 5000 });
    const from = rig.received.length;
    const t0 = rig.ms;
    rig.sendRaw(new Uint8Array(MB).fill(0x01).map((b, i) => (i % 64 === 63 ? 0x0a : b)));
    rig.runFor(250);
    // Arduino's 115200 baud is 16 MHz / 8 / 17 = 117647 baud: 11.76 bytes of 10 bits a millisecond.
    const taken = MB - rig.board.rxPending;
    expect(taken).toBeGreaterThan((rig.ms - t0) * 11.76 - 3);
    expect(taken).toBeLessThan((rig.ms - t0) * 11.76 + 3);
    expect(rig.messages('NAK', from).every((n) => n.seq === 0 && n.code === 'GARBAGE')).toBe(true);
    // One NAK per line, at its first byte; the last may still be on its way out.
    const naks = rig.messages('NAK', from).length;
    expect(naks).toBeGreaterThanOrEqual(Math.ceil(taken / 64) - 1);
    expect(naks).toBeLessThanOrEqual(Math.ceil(taken / 64));
    expect(rig.messages('STOPPED', from)).toEqual([{ type: 'STOPPED', reason: 'WATCHDOG' }]);
    expect(rig.drive.dir).toBe('stop');
  });
});

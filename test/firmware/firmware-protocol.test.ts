/**
 * The compiled firmware speaks PROTOCOL.md, byte for byte, on an emulated ATmega328P: the ready
 * line after reset, ACKs, and the same refusals as the TypeScript codec for every bad line.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeCommand, encodeCommand, frame, type Command } from '../../firmware-bridge/codec.ts';
import { boot, hex } from './boot.ts';

beforeAll(() => void hex());

describe('handshake', () => {
  it('sends its HELLO line right after reset, exactly, then its battery reading', () => {
    const rig = boot();
    expect(rig.transcript.startsWith(frame('HELLO uno-extreme 1 0.4.0 wdog=1000 stall=1500 maxrun=10000 maxrev=500 boot=cold cards=0 presses=0 sid=1 servo=90 wdt=reset'))).toBe(true);
    // 119 bytes at 115200 baud take 10.3 ms; a cold boot first writes its session id to EEPROM.
    expect(rig.ms).toBeLessThan(20);
    rig.waitFor('BAT', 20);
    expect(rig.received.every((r) => r.ok)).toBe(true);
  });

  it('says HELLO again after a reset (the port reopened), its counters kept; after a power cycle they restart', () => {
    const rig = boot();
    rig.setButton(true);
    rig.waitFor('BTN', 40);
    rig.reset();
    let from = rig.received.length;
    expect(rig.waitFor('HELLO', 20, from)).toMatchObject({ proto: 1, params: { boot: 'warm', presses: '1' } });
    rig.setButton(false);
    rig.runFor(40);
    rig.setButton(true);
    expect(rig.waitFor('BTN', 40, from)).toEqual({ type: 'BTN', presses: 2 });
    rig.powerCycle();
    from = rig.received.length;
    expect(rig.waitFor('HELLO', 20, from)).toMatchObject({ params: { boot: 'cold', presses: '0' } });
  });

  it('answers HELLO again on request, the reply before the ACK', () => {
    const rig = boot();
    const from = rig.received.length;
    expect(rig.command({ verb: 'HELLO' })).toEqual({ type: 'ACK', seq: 1 });
    expect(rig.messages(undefined, from).map((m) => m.type).filter((t) => t !== 'BAT')).toEqual(['HELLO', 'ACK']);
  });

  it('reports its counters and pins on STATUS', () => {
    const rig = boot();
    rig.command({ verb: 'SERVO', deg: 120 });
    rig.command({ verb: 'SET', key: 'STALL', ms: 700 });
    rig.command({ verb: 'STATUS' });
    expect(rig.messages('STATUS')[0]).toMatchObject({
      cards: 0, presses: 0, lidOpen: false, buttonHeld: false, beamBroken: false, motor: 'STOP', duty: 0,
      servo: 120, mv: 4800, wdogMs: 1000, stallMs: 700,
    });
  });
});

describe('commands', () => {
  const GOOD: Command[] = [
    { verb: 'PING' }, { verb: 'STOP' }, { verb: 'ZERO' }, { verb: 'STATUS' },
    { verb: 'FWD', duty: 1, ms: 1 }, { verb: 'REV', duty: 255, ms: 500 }, { verb: 'FWD', duty: 255, ms: 10000 }, { verb: 'TONE', hz: 0, ms: 0 },
    { verb: 'TONE', hz: 2000, ms: 5000 }, { verb: 'SERVO', deg: 0 }, { verb: 'SERVO', deg: 180 },
    { verb: 'SET', key: 'WDOG', ms: 60000 }, { verb: 'SET', key: 'STALL', ms: 100 },
  ];

  it('ACKs every command at the edges of its ranges', () => {
    const rig = boot();
    for (const cmd of GOOD) expect(rig.command(cmd), JSON.stringify(cmd)).toMatchObject({ type: 'ACK' });
  });

  /** Bad lines, each refused by the codec: the firmware must give the same code and not act. */
  const BAD: string[] = [
    '1 PING*F6', '1 PINF*F7', '1 PING*f7', '1 PING', '*00', '1 P*NG*00',
    ...['0 PING', '01 PING', '65536 PING', 'x PING', '7 JUMP', '7', '7 ping', '7  PING', '7 PING 1',
      '7 FWD 200', '7 FWD 200 1000 ', '7 FWD 0200 1000', '7 FWD -1 1000', '7 FWD 70000 1000', '7 FWD 256 1000',
      '7 FWD 0 1000', '7 REV 255 501', '7 FWD 255 10001', '7 SERVO 181', '7 TONE 2001 100', '7 SET WDOG 199', '7 SET STALL 99',
      '7 SET FOO 500', '7 SET', '7 FWD 1 2 3 4 5 6 7 8 9'].map((b) => frame(b).trimEnd()),
  ];

  it('refuses every bad line with the codec\'s code, and the motor never moves', () => {
    const rig = boot();
    for (const line of BAD) {
      const want = decodeCommand(line);
      expect(want.ok, line).toBe(false);
      if (want.ok) continue;
      const from = rig.received.length;
      rig.sendRaw(`${line}\n`);
      const nak = rig.waitFor('NAK', 20, from);
      expect(nak.code, line).toBe(want.code);
      const seq = /^([1-9][0-9]*)[ *]/.exec(line)?.[1];
      if (!['CHECKSUM', 'SEQ'].includes(want.code)) expect(nak.seq, line).toBe(Number(seq));
      else expect(nak.seq, line).toBe(0);
    }
    expect(rig.drive.dir).toBe('stop');
    expect(rig.messages('STATUS')).toEqual([]);
  });

  it('NAKs garbage bytes and overlong lines with seq 0, and resynchronises at the next newline', () => {
    const rig = boot();
    rig.sendRaw(Uint8Array.of(0x32, 0x20, 0x80, 0xff, 0x00, 0x0a));
    expect(rig.waitFor('NAK', 20)).toEqual({ type: 'NAK', seq: 0, code: 'GARBAGE' });
    rig.sendRaw(`3 FWD 255 5000 ${'9'.repeat(60)}\n`);
    expect(rig.waitFor('NAK', 20)).toEqual({ type: 'NAK', seq: 0, code: 'TOOLONG' });
    rig.runFor(5);
    expect(rig.drive.dir).toBe('stop');
    expect(rig.messages('NAK')).toHaveLength(2);
    expect(rig.command({ verb: 'PING' })).toMatchObject({ type: 'ACK' });
  });

  it('regression: bytes arriving while the firmware transmits are not lost (avr8js dropped them)', () => {
    const rig = boot();
    const seqs = Array.from({ length: 30 }, () => rig.send({ verb: 'PING' })); // back to back
    rig.waitFor('ACK', 100, 0, (m) => m.seq === seqs[29]);
    expect(rig.messages('ACK').map((m) => m.seq)).toEqual(seqs);
    expect(rig.messages('NAK')).toEqual([]);
  });

  it('one command in flight at a time: a flood of STATUS queries overruns the 64-byte receive buffer', () => {
    // Why PROTOCOL.md asks the host to wait for each reply: a STATUS reply takes 10 ms to send.
    const rig = boot();
    for (let i = 0; i < 10; i++) rig.send({ verb: 'STATUS' });
    rig.runFor(150);
    expect(rig.messages('STATUS').length).toBeLessThan(10);
    const answered = boot();
    for (let i = 0; i < 10; i++) answered.command({ verb: 'STATUS' });
    expect(answered.messages('STATUS')).toHaveLength(10);
  });

  it('does not run a retried command twice: the repeat of the last seq is only answered', () => {
    const rig = boot();
    const line = encodeCommand(40, { verb: 'FWD', duty: 255, ms: 100 });
    rig.sendRaw(line);
    rig.waitFor('ACK', 20);
    const started = rig.ms;
    rig.runFor(60);
    const from = rig.received.length;
    rig.sendRaw(line); // as if the first ACK was lost
    expect(rig.waitFor('ACK', 20, from)).toEqual({ type: 'ACK', seq: 40 });
    rig.waitFor('STOPPED', 100);
    // Run again, it would have stopped 100 ms after the retry, not after the first.
    expect(rig.ms - started).toBeLessThan(110);
  });
});

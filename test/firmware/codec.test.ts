/** The protocol codec on exact bytes (PROTOCOL.md): golden lines, both directions, and refusals. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SKETCH_DIR } from '../../firmware-bridge/avr/firmware.ts';
import {
  crc8, decodeCommand, decodeDeviceLine, encodeCommand, encodeDeviceMessage, frame, helloSession, helloWatchdog, MAX_DEVICE_LINE, resync,
  type Command, type DeviceMessage,
} from '../../firmware-bridge/codec.ts';

/** Golden host lines: every command, byte for byte. The firmware is held to the same bytes in firmware-loop tests. */
const COMMANDS: [number, Command, string][] = [
  [1, { verb: 'PING' }, '1 PING*F7\n'],
  [2, { verb: 'FWD', duty: 200, ms: 1500 }, '2 FWD 200 1500*F9\n'],
  [3, { verb: 'REV', duty: 255, ms: 100 }, '3 REV 255 100*AB\n'],
  [4, { verb: 'TONE', hz: 1960, ms: 120 }, '4 TONE 1960 120*E4\n'],
  [5, { verb: 'SERVO', deg: 45 }, '5 SERVO 45*65\n'],
  [6, { verb: 'SET', key: 'WDOG', ms: 500 }, '6 SET WDOG 500*C2\n'],
  [65535, { verb: 'STATUS' }, '65535 STATUS*23\n'],
];

const DEVICE: [DeviceMessage, string][] = [
  [{ type: 'HELLO', proto: 1, fw: '0.1.0', params: { wdog: '1000', stall: '1500', maxrun: '10000' } }, 'HELLO uno-extreme 1 0.1.0 wdog=1000 stall=1500 maxrun=10000*45\n'],
  [
    { type: 'HELLO', proto: 1, fw: '0.2.0', params: { wdog: '1000', stall: '1500', maxrun: '10000', boot: 'warm', cards: '12', presses: '3', sid: '7' } },
    'HELLO uno-extreme 1 0.2.0 wdog=1000 stall=1500 maxrun=10000 boot=warm cards=12 presses=3 sid=7*78\n',
  ],
  [{ type: 'CARD', cards: 7 }, 'CARD 7*71\n'],
  [{ type: 'NAK', seq: 0, code: 'CHECKSUM' }, 'NAK 0 CHECKSUM*6E\n'],
  [{ type: 'STOPPED', reason: 'WATCHDOG' }, 'STOPPED WATCHDOG*AF\n'],
];

describe('crc8', () => {
  it('is CRC-8/SMBUS: the standard check value of "123456789" is 0xF4', () => {
    expect(crc8('123456789')).toBe(0xf4);
    expect(crc8('')).toBe(0);
  });
});

describe('encode', () => {
  it.each(COMMANDS)('seq %i %o is exactly %j', (seq, cmd, bytes) => {
    expect(encodeCommand(seq, cmd)).toBe(bytes);
  });

  it.each(DEVICE)('device line %o is exactly %j', (msg, bytes) => {
    expect(encodeDeviceMessage(msg)).toBe(bytes);
  });

  it('refuses a sequence number outside 1..65535 and a body with "*" (programmer mistakes)', () => {
    expect(() => encodeCommand(0, { verb: 'PING' })).toThrow(/1\.\.65535/);
    expect(() => encodeCommand(65536, { verb: 'PING' })).toThrow(/1\.\.65535/);
    expect(() => frame('A*B')).toThrow(/printable ASCII or a "\*"/);
  });
});

describe('decode', () => {
  it.each(COMMANDS)('decodes its own golden command line %#', (seq, cmd, bytes) => {
    expect(decodeCommand(bytes.slice(0, -1))).toEqual({ ok: true, value: { seq, cmd } });
  });

  it.each(DEVICE)('decodes its own golden device line %#', (msg, bytes) => {
    expect(decodeDeviceLine(bytes.slice(0, -1))).toEqual({ ok: true, value: msg });
  });

  it('round-trips a STATUS line with every field', () => {
    const s: DeviceMessage = {
      type: 'STATUS', cards: 12, presses: 30, lidOpen: true, buttonHeld: false, beamBroken: true, motor: 'REV',
      duty: 255, servo: 180, mv: 4512, wdogMs: 1000, stallMs: 1500, upMs: 4294967295,
    };
    expect(decodeDeviceLine(encodeDeviceMessage(s).trimEnd())).toEqual({ ok: true, value: s });
  });

  it('accepts a trailing \\r (a CRLF sender)', () => {
    expect(decodeCommand('1 PING*F7\r')).toMatchObject({ ok: true });
  });

  /** [line, expected code]: each is refused, none is executed. */
  const REFUSED: [string, string][] = [
    ['1 PING*F6', 'CHECKSUM'], // one bit off in the checksum
    ['1 PINF*F7', 'CHECKSUM'], // one character off in the body
    ['1 PING*f7', 'CHECKSUM'], // lower-case hex is not the format
    ['1 PING', 'CHECKSUM'], // no checksum at all
    ['*00', 'CHECKSUM'],
    [frame('0 PING').trimEnd(), 'SEQ'],
    [frame('01 PING').trimEnd(), 'SEQ'],
    [frame('65536 PING').trimEnd(), 'SEQ'],
    [frame('x PING').trimEnd(), 'SEQ'],
    [frame('7 JUMP').trimEnd(), 'VERB'],
    [frame('7').trimEnd(), 'VERB'],
    [frame('7 ping').trimEnd(), 'VERB'],
    [frame('7  PING').trimEnd(), 'VERB'], // doubled space: an empty verb
    [frame('7 PING 1').trimEnd(), 'ARGS'],
    [frame('7 FWD 200').trimEnd(), 'ARGS'],
    [frame('7 FWD 200 1000 ').trimEnd(), 'ARGS'],
    [frame('7 FWD 0200 1000').trimEnd(), 'ARGS'],
    [frame('7 FWD -1 1000').trimEnd(), 'ARGS'],
    [frame('7 FWD 256 1000').trimEnd(), 'RANGE'],
    [frame('7 FWD 0 1000').trimEnd(), 'RANGE'],
    [frame('7 REV 255 10001').trimEnd(), 'RANGE'],
    [frame('7 SERVO 181').trimEnd(), 'RANGE'],
    [frame('7 TONE 2001 100').trimEnd(), 'RANGE'],
    [frame('7 SET WDOG 199').trimEnd(), 'RANGE'],
    [frame('7 SET FOO 500').trimEnd(), 'ARGS'],
  ];

  it.each(REFUSED)('refuses %j with %s', (line, code) => {
    const r = decodeCommand(line);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.code).toBe(code);
      expect(r.message.length).toBeGreaterThan(10);
    }
  });

  it('refuses a "*" inside the body even with a matching checksum', () => {
    const body = '1 P*NG';
    const line = `${body}*${crc8(body).toString(16).toUpperCase().padStart(2, '0')}`;
    expect(decodeCommand(line)).toMatchObject({ ok: false, code: 'CHECKSUM' });
  });

  it('refuses device lines off the grammar', () => {
    expect(decodeDeviceLine(frame('HELLO other-toy 1 0.1.0').trimEnd())).toMatchObject({ ok: false, code: 'ARGS' });
    expect(decodeDeviceLine(frame('NAK 3 OOPS').trimEnd())).toMatchObject({ ok: false, code: 'ARGS' });
    expect(decodeDeviceLine(frame('LID 2').trimEnd())).toMatchObject({ ok: false, code: 'ARGS' });
    expect(decodeDeviceLine(frame('STATUS cards=1').trimEnd())).toMatchObject({ ok: false, code: 'ARGS' });
    expect(decodeDeviceLine(frame('WHAT 1').trimEnd())).toMatchObject({ ok: false, code: 'VERB' });
  });
});

describe('HELLO session fields and resynchronising (PROTOCOL.md, "Resynchronising")', () => {
  const hello = (line: string) => {
    const r = decodeDeviceLine(frame(line).trimEnd());
    if (!r.ok || r.value.type !== 'HELLO') throw new Error(`not a HELLO: ${line}`);
    return r.value;
  };

  it('reads boot, cards, presses and sid; null for a firmware that sends none, or a malformed one', () => {
    expect(helloSession(hello('HELLO uno-extreme 1 0.2.0 wdog=1000 stall=1500 maxrun=10000 boot=warm cards=12 presses=3 sid=7')))
      .toEqual({ boot: 'warm', cards: 12, presses: 3, sid: 7 });
    expect(helloSession(hello('HELLO uno-extreme 1 0.1.0 wdog=1000 stall=1500 maxrun=10000'))).toBeNull();
    expect(helloSession(hello('HELLO uno-extreme 1 0.2.0 boot=hot cards=1 presses=0 sid=1'))).toBeNull();
    expect(helloSession(hello('HELLO uno-extreme 1 0.2.0 boot=warm cards=01 presses=0 sid=1'))).toBeNull();
    expect(helloSession(hello('HELLO uno-extreme 1 0.2.0 boot=warm cards=1 presses=0 sid=65536'))).toBeNull();
  });

  it('wdt= says what the chip\'s watchdog does (0.4.0 on); an older firmware\'s HELLO has none', () => {
    expect(helloWatchdog(hello('HELLO uno-extreme 1 0.4.0 wdog=1000 boot=warm cards=1 presses=0 sid=1 servo=90 wdt=cut'))).toBe('cut');
    expect(helloWatchdog(hello('HELLO uno-extreme 1 0.4.0 wdog=1000 servo=90 wdt=reset'))).toBe('reset');
    expect(helloWatchdog(hello('HELLO uno-extreme 1 0.3.1 wdog=1000 boot=warm cards=1 presses=0 sid=1 servo=90'))).toBeNull();
    expect(helloWatchdog(hello('HELLO uno-extreme 1 0.9.0 wdt=nap'))).toBeNull();
    // A host that reads only what it knows still reads the rest of a HELLO with wdt=.
    expect(helloSession(hello('HELLO uno-extreme 1 0.4.0 wdog=1000 boot=warm cards=1 presses=0 sid=1 servo=90 wdt=cut'))).toEqual({ boot: 'warm', cards: 1, presses: 0, sid: 1 });
  });

  it('the longest HELLO and STATUS the firmware can send fit a device line', () => {
    const longest = frame('HELLO uno-extreme 1 0.4.0 wdog=60000 stall=60000 maxrun=10000 maxrev=500 boot=warm cards=4294967295 presses=4294967295 sid=65534 servo=180 wdt=reset');
    expect(longest.length - 1).toBeLessThanOrEqual(MAX_DEVICE_LINE);
    expect(helloSession(hello(longest.trimEnd().slice(0, -3)))).toMatchObject({ cards: 4294967295, sid: 65534 });
    const status = encodeDeviceMessage({
      type: 'STATUS', cards: 4294967295, presses: 4294967295, lidOpen: true, buttonHeld: true, beamBroken: true, motor: 'STOP',
      duty: 255, servo: 180, mv: 65535, wdogMs: 60000, stallMs: 60000, upMs: 4294967295,
    });
    expect(status.length - 1).toBeLessThanOrEqual(MAX_DEVICE_LINE);
    expect(decodeDeviceLine(status.trimEnd())).toMatchObject({ ok: true, value: { type: 'STATUS', upMs: 4294967295 } });
    // The firmware builds a query's line and its ACK together and queues both only with
    // TX_EVENT_ROOM bytes left for events (PROTOCOL.md, "Flow control"): the longest must fit. Its
    // battery reading tops out at 6100 mV (1.1 V reference through the 100k/22k divider).
    const config = readFileSync(join(SKETCH_DIR, 'config.h'), 'utf8');
    const define = (name: string) => Number(new RegExp(`^#define ${name} (\\d+)`, 'm').exec(config)?.[1]);
    const reply = encodeDeviceMessage({
      type: 'STATUS', cards: 4294967295, presses: 4294967295, lidOpen: true, buttonHeld: true, beamBroken: true, motor: 'STOP',
      duty: 255, servo: 180, mv: 6100, wdogMs: 60000, stallMs: 60000, upMs: 4294967295,
    }) + encodeDeviceMessage({ type: 'ACK', seq: 65535 });
    expect(reply.length).toBe(153);
    expect(reply.length).toBeLessThanOrEqual(define('TX_QUEUE_BYTES') - 1 - define('TX_EVENT_ROOM'));
    // A HELLO asked for is a query too: the longest, with its ACK.
    const helloReply = longest + encodeDeviceMessage({ type: 'ACK', seq: 65535 });
    expect(helloReply.length).toBe(165);
    expect(helloReply.length).toBeLessThanOrEqual(define('TX_QUEUE_BYTES') - 1 - define('TX_EVENT_ROOM'));
  });

  it('same session: the difference is what happened while the link was down', () => {
    expect(resync({ sid: 7, cards: 10, presses: 2 }, { boot: 'warm', sid: 7, cards: 13, presses: 2 })).toEqual({ kind: 'continued', cards: 3, presses: 0 });
    // A HELLO asked for later repeats how the board last started: boot=cold with the same sid is the same session.
    expect(resync({ sid: 7, cards: 10, presses: 2 }, { boot: 'cold', sid: 7, cards: 10, presses: 2 })).toEqual({ kind: 'continued', cards: 0, presses: 0 });
  });

  it('another sid: a power cycle, the counts in between are unknown; lower counters in the same sid: zeroed', () => {
    expect(resync({ sid: 7, cards: 10, presses: 2 }, { boot: 'cold', sid: 8, cards: 0, presses: 0 })).toEqual({ kind: 'restarted', reason: 'power' });
    expect(resync({ sid: 7, cards: 10, presses: 2 }, { boot: 'warm', sid: 8, cards: 40, presses: 9 })).toEqual({ kind: 'restarted', reason: 'power' });
    expect(resync({ sid: 7, cards: 10, presses: 2 }, { boot: 'warm', sid: 7, cards: 1, presses: 2 })).toEqual({ kind: 'restarted', reason: 'zeroed' });
  });
});

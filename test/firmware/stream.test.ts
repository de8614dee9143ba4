/** The chunk decoder: lines split anywhere, garbage, overlong lines, and seeded fuzzing. */
import { describe, expect, it } from 'vitest';
import { decodeCommand, encodeCommand, encodeDeviceMessage, LineDecoder, type DeviceMessage } from '../../firmware-bridge/codec.ts';
import { Rng, seedRng } from '../../lib/rng.ts';

const MESSAGES: DeviceMessage[] = [
  { type: 'HELLO', proto: 1, fw: '0.1.0', params: { wdog: '1000' } },
  { type: 'BTN', presses: 1 },
  { type: 'ACK', seq: 12 },
  { type: 'CARD', cards: 1 },
  { type: 'CARD', cards: 2 },
  { type: 'STALL', cards: 2 },
  { type: 'LID', open: true },
  { type: 'STOPPED', reason: 'LID' },
  { type: 'BAT', mv: 4480 },
];
const STREAM = MESSAGES.map(encodeDeviceMessage).join('');

/** Feeds `chunks` to a fresh device-side decoder and returns everything it yields. */
function decodeAll(chunks: (string | Uint8Array)[]) {
  const d = new LineDecoder('device');
  return chunks.flatMap((c) => d.push(c));
}

const okValues = (rs: ReturnType<typeof decodeAll>) => rs.flatMap((r) => (r.ok ? [r.value] : []));

describe('LineDecoder', () => {
  it('decodes a whole stream at once', () => {
    expect(decodeAll([STREAM])).toEqual(MESSAGES.map((value) => ({ ok: true, value })));
  });

  it('gives the same messages however the stream is cut in two', () => {
    for (let at = 0; at <= STREAM.length; at++) {
      expect(okValues(decodeAll([STREAM.slice(0, at), STREAM.slice(at)]))).toEqual(MESSAGES);
    }
  });

  it('gives the same messages byte by byte and in seeded random chunks', () => {
    expect(okValues(decodeAll([...STREAM]))).toEqual(MESSAGES);
    const rng = new Rng(seedRng('chunks'));
    for (let trial = 0; trial < 200; trial++) {
      const chunks: string[] = [];
      for (let i = 0; i < STREAM.length; ) {
        const n = 1 + rng.int(20);
        chunks.push(STREAM.slice(i, i + n));
        i += n;
      }
      expect(okValues(decodeAll(chunks))).toEqual(MESSAGES);
    }
  });

  it('reports non-ASCII garbage once, drops the rest of that line, and resynchronises at the newline', () => {
    const rs = decodeAll([Uint8Array.of(0x00, 0xff, 0x41, 0xfe), '\n', encodeDeviceMessage({ type: 'CARD', cards: 3 })]);
    expect(rs).toHaveLength(2);
    expect(rs[0]).toMatchObject({ ok: false, code: 'GARBAGE', line: '\\x00' });
    expect(rs[1]).toEqual({ ok: true, value: { type: 'CARD', cards: 3 } });
  });

  it('reports an overlong line once, at the byte that makes it too long, and recovers', () => {
    const d = new LineDecoder('host');
    expect(d.push('A'.repeat(48))).toEqual([]);
    const at = d.push('AAAA');
    expect(at).toHaveLength(1);
    expect(at[0]).toMatchObject({ ok: false, code: 'TOOLONG' });
    expect(d.push('A'.repeat(500))).toEqual([]);
    expect(d.push(`\n${encodeCommand(9, { verb: 'STOP' })}`)).toEqual([{ ok: true, value: { seq: 9, cmd: { verb: 'STOP' } } }]);
  });

  it('on a host that quotes bad lines (errorsAtLineEnd), tells one at its newline, whole as received, and at most maxLine of it', () => {
    const d = new LineDecoder('device', { errorsAtLineEnd: true });
    expect(d.push('\x00\xff noi')).toEqual([]);
    const [bad, card] = d.push(`se\n${encodeDeviceMessage({ type: 'CARD', cards: 3 })}`);
    expect(bad).toMatchObject({ ok: false, code: 'GARBAGE', line: '\\x00', raw: '\x00\xff noise' });
    expect(card).toEqual({ ok: true, value: { type: 'CARD', cards: 3 } });
    expect(d.push(`${'B'.repeat(500)}\n`)).toEqual([expect.objectContaining({ code: 'TOOLONG', raw: 'B'.repeat(160) })]);
  });

  it('skips empty lines and CRLF endings silently', () => {
    expect(okValues(decodeAll(['\n\r\n', STREAM.replaceAll('\n', '\r\n'), '\n\n']))).toEqual(MESSAGES);
  });

  it('forgets a partial line on reset (a reconnect)', () => {
    const d = new LineDecoder('device');
    d.push('CARD 9');
    d.reset();
    expect(d.push(encodeDeviceMessage({ type: 'CARD', cards: 4 }))).toEqual([{ ok: true, value: { type: 'CARD', cards: 4 } }]);
  });
});

describe('fuzz (seeded)', () => {
  it('never throws on random bytes, and yields only the valid lines embedded in them', () => {
    const rng = new Rng(seedRng('fuzz-garbage'));
    let embedded = 0;
    for (let trial = 0; trial < 3000; trial++) {
      const parts: Buffer[] = [];
      const planted: DeviceMessage[] = [];
      for (let p = 0; p < 1 + rng.int(4); p++) {
        const junk = new Uint8Array(rng.int(80));
        for (let i = 0; i < junk.length; i++) junk[i] = rng.int(256);
        parts.push(Buffer.from(junk));
        if (rng.chance(0.5)) {
          const m = MESSAGES[rng.int(MESSAGES.length)];
          planted.push(m);
          parts.push(Buffer.from(`\n${encodeDeviceMessage(m)}`, 'latin1')); // a line embedded after a newline is always found
        }
      }
      const bytes = Buffer.concat(parts);
      const chunks: Uint8Array[] = [];
      for (let i = 0; i < bytes.length; ) {
        const n = 1 + rng.int(32);
        chunks.push(bytes.subarray(i, i + n));
        i += n;
      }
      const got = okValues(decodeAll(chunks));
      // Every planted line comes out, in order; anything else would need random bytes to form a
      // line with a valid CRC and grammar, which these seeds never do.
      expect(got).toEqual(planted);
      embedded += planted.length;
    }
    expect(embedded).toBeGreaterThan(1000);
  });

  it('refuses every one-character change of a valid command (CRC-8 catches any error within 8 bits)', () => {
    const rng = new Rng(seedRng('fuzz-mutate'));
    const lines = [encodeCommand(2, { verb: 'FWD', duty: 200, ms: 1500 }), encodeCommand(41, { verb: 'SERVO', deg: 90 })].map((l) => l.trimEnd());
    let tried = 0;
    for (const line of lines) {
      for (let i = 0; i < line.length; i++) {
        for (let k = 0; k < 40; k++) {
          const c = String.fromCharCode(0x20 + rng.int(95));
          if (c === line[i]) continue;
          const bad = line.slice(0, i) + c + line.slice(i + 1);
          expect(decodeCommand(bad).ok, bad).toBe(false);
          tried++;
        }
      }
    }
    expect(tried).toBeGreaterThan(1000);
  });
});

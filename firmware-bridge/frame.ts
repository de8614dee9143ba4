/**
 * The protocol's framing (PROTOCOL.md, "Line format"): CRC-8 checksums, and a splitter that turns
 * arbitrary chunks of bytes into checked line bodies or typed errors. Pure: no ports, no clock,
 * never throws on input. The message grammar on top of it is in `codec.ts`.
 */

/** Why a line was refused. The same words are the firmware's `NAK` codes (PROTOCOL.md). */
export type CodecErrorCode = 'CHECKSUM' | 'GARBAGE' | 'TOOLONG' | 'SEQ' | 'VERB' | 'ARGS' | 'RANGE';

/** A refused line: a typed value, never an exception. */
export interface CodecError {
  ok: false;
  code: CodecErrorCode;
  /** What was wrong and how to fix it. */
  message: string;
  /** The offending line as received so far (non-printable bytes shown as `\xNN`), for logs. */
  line: string;
  /** The line as received (latin1), where the splitter refused it: for a message that quotes it. */
  raw?: string;
}

/** Longest host line (the firmware's buffer), characters before the `\n`. */
export const MAX_HOST_LINE = 48;
/** Longest device line, characters before the `\n` (the firmware's longest, HELLO and STATUS with every number at its largest, is 141). */
export const MAX_DEVICE_LINE = 160;

/** Makes a {@link CodecError}. */
export function codecError(code: CodecErrorCode, message: string, line: string): CodecError {
  return { ok: false, code, message, line };
}

/** CRC-8/SMBUS (poly 0x07, init 0, no reflection): `crc8('123456789') === 0xf4`. */
export function crc8(text: string): number {
  let crc = 0;
  for (let i = 0; i < text.length; i++) {
    crc ^= text.charCodeAt(i) & 0xff;
    for (let b = 0; b < 8; b++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

/** Two upper-case hex digits. */
function hex2(n: number): string {
  return n.toString(16).toUpperCase().padStart(2, '0');
}

/** A body framed for the wire: `body*CC\n`. Throws on a body the grammar forbids (a programmer mistake). */
export function frame(body: string): string {
  if (!/^[\x20-\x29\x2b-\x7e]+$/.test(body)) throw new Error(`frame: body ${JSON.stringify(body)} has a byte outside printable ASCII or a "*"`);
  return `${body}*${hex2(crc8(body))}\n`;
}

/**
 * Checks a received line (without its `\n`; a trailing `\r` is allowed): returns the body when the
 * checksum matches.
 */
export function unframe(line: string): { ok: true; body: string } | CodecError {
  const l = line.endsWith('\r') ? line.slice(0, -1) : line;
  const star = l.length - 3;
  if (star < 1 || l[star] !== '*' || !/^[0-9A-F]{2}$/.test(l.slice(star + 1))) {
    return codecError('CHECKSUM', 'line does not end with "*" and two upper-case hex digits (CRC-8/SMBUS of the body)', l);
  }
  const body = l.slice(0, star);
  if (body.includes('*')) return codecError('CHECKSUM', 'a "*" inside the body: only the checksum may follow a "*"', l);
  const want = crc8(body);
  if (parseInt(l.slice(star + 1), 16) !== want) {
    return codecError('CHECKSUM', `checksum ${l.slice(star + 1)} does not match the body's ${hex2(want)}: a damaged line (check the baud rate, 115200)`, l);
  }
  return { ok: true, body };
}

/** Shows a line with its non-printable bytes escaped. */
function printable(bytes: number[]): string {
  return bytes.map((b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : `\\x${hex2(b)}`)).join('');
}

/** Bytes as a latin1 string. */
function latin1(bytes: number[]): string {
  return String.fromCharCode(...bytes);
}

/** Latin1 text as bytes (no Buffer: the codec and the transports run in a browser too). */
export function latin1Bytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) & 0xff;
  return out;
}

/** What the splitter yields: a complete line (not yet checksum-checked) or an error. */
export type SplitResult = { ok: true; line: string } | CodecError;

/** How a {@link LineSplitter} reports a bad line. */
export interface SplitterOptions {
  /**
   * Report a bad line when it ends (at its `\n`), its `raw` the whole line as received (its first
   * `maxLine` bytes), instead of at its first bad byte with the bytes so far: for a host that quotes
   * the line to a person. A firmware answers at once (a `NAK`), so it keeps the default.
   */
  errorsAtLineEnd?: boolean;
}

/**
 * Splits a byte stream into lines. Feed it chunks of any size; it returns the lines completed by
 * each chunk. The first bad byte of a line (outside printable ASCII) or the byte that makes a line
 * too long yields one error (at once, or at the line's end with `errorsAtLineEnd`), and the rest of
 * that line up to the next `\n` is dropped. `\r` is ignored; empty lines are skipped. Memory is
 * bounded by `maxLine`.
 */
export class LineSplitter {
  private buf: number[] = [];
  private dropping = false;
  /** With `errorsAtLineEnd`: the bad line's error, and its bytes so far. */
  private held: { error: CodecError; raw: number[] } | null = null;
  private readonly atLineEnd: boolean;

  constructor(readonly maxLine: number, o: SplitterOptions = {}) {
    this.atLineEnd = o.errorsAtLineEnd ?? false;
  }

  /** Feeds a chunk; returns what it completed, in order. */
  push(chunk: Uint8Array | string): SplitResult[] {
    const out: SplitResult[] = [];
    for (let i = 0; i < chunk.length; i++) {
      // A string's characters are its latin1 bytes; no Buffer, so the splitter runs in a browser too.
      const b = typeof chunk === 'string' ? chunk.charCodeAt(i) & 0xff : chunk[i];
      if (b === 0x0a) {
        if (this.held) out.push({ ...this.held.error, raw: latin1(this.held.raw) });
        else if (!this.dropping && this.buf.length > 0) out.push({ ok: true, line: latin1(this.buf) });
        this.reset();
      } else if (this.dropping) {
        if (this.held && this.held.raw.length < this.maxLine) this.held.raw.push(b);
      } else if (b === 0x0d) {
        continue;
      } else if (b < 0x20 || b > 0x7e) {
        this.refuse(out, codecError('GARBAGE', `byte 0x${hex2(b)} is not printable ASCII: check the baud rate (115200) and that nothing else writes to the port`, printable([...this.buf, b])), b);
      } else if (this.buf.length >= this.maxLine) {
        this.refuse(out, codecError('TOOLONG', `line longer than ${this.maxLine} characters: a lost "\\n" merged two lines, or the sender is not this protocol`, printable([...this.buf, b])), b);
      } else {
        this.buf.push(b);
      }
    }
    return out;
  }

  /** A bad line: its error now, or held until the line ends. */
  private refuse(out: SplitResult[], error: CodecError, b: number): void {
    const raw = [...this.buf, b].slice(0, this.maxLine);
    if (this.atLineEnd) this.held = { error, raw };
    else out.push({ ...error, raw: latin1(raw) });
    this.dropping = true;
  }

  /** Forgets a partial line (after a reconnect). */
  reset(): void {
    this.buf = [];
    this.dropping = false;
    this.held = null;
  }
}

/**
 * The protocol's pure codec (PROTOCOL.md): decode host commands and device lines, refusing anything
 * off the grammar with a typed error, and a chunk decoder for byte streams. No ports, no clock,
 * never throws on input. Encoders and message types are in `messages.ts`, framing in `frame.ts`;
 * both are re-exported here, so users import this module only.
 */
import { codecError, LineSplitter, MAX_DEVICE_LINE, MAX_HOST_LINE, unframe, type CodecError, type SplitterOptions } from './frame.ts';
import {
  LIMITS, NAK_CODES, PRODUCT, STOP_REASONS,
  type Command, type DeviceMessage, type DeviceStatus, type NakCode, type StopReason,
} from './messages.ts';

export * from './frame.ts';
export * from './messages.ts';

/** A decoded host line: its sequence number and command. */
export interface SeqCommand {
  seq: number;
  cmd: Command;
}

/** A decode's result: the value, or a typed error. */
export type Decoded<T> = { ok: true; value: T } | CodecError;

/** An unsigned decimal without sign or leading zeros, up to `max`; null otherwise. */
export function parseUint(s: string | undefined, max = 65535): number | null {
  if (s === undefined || !/^(0|[1-9][0-9]{0,9})$/.test(s)) return null;
  const n = Number(s);
  return n <= max ? n : null;
}

/** Parses numeric args with their limits; an error names the first bad one. */
function nums(args: string[], limits: (readonly [number, number])[], line: string): number[] | CodecError {
  if (args.length !== limits.length) return codecError('ARGS', `expected ${limits.length} argument(s), got ${args.length}`, line);
  const out: number[] = [];
  for (let i = 0; i < args.length; i++) {
    const n = parseUint(args[i]);
    if (n === null) return codecError('ARGS', `argument ${i + 1} "${args[i]}" is not an unsigned decimal without leading zeros`, line);
    const [lo, hi] = limits[i];
    if (n < lo || n > hi) return codecError('RANGE', `argument ${i + 1} = ${n} is outside ${lo}..${hi}`, line);
    out.push(n);
  }
  return out;
}

/** Decodes one host line (without `\n`): what the firmware accepts, exactly. */
export function decodeCommand(line: string): Decoded<SeqCommand> {
  const f = unframe(line);
  if (!f.ok) return f;
  const [seqTok, verb, ...args] = f.body.split(' ');
  const seq = parseUint(seqTok);
  if (seq === null || seq < 1) return codecError('SEQ', `sequence number "${seqTok}" is not 1..65535`, line);
  const ok = (cmd: Command): Decoded<SeqCommand> => ({ ok: true, value: { seq, cmd } });
  let n: number[] | CodecError;
  switch (verb) {
    case 'PING': case 'HELLO': case 'STOP': case 'STATUS': case 'ZERO':
      return args.length === 0 ? ok({ verb }) : codecError('ARGS', `${verb} takes no arguments`, line);
    case 'FWD': case 'REV':
      n = nums(args, [LIMITS.duty, verb === 'FWD' ? LIMITS.runMs : LIMITS.revMs], line);
      return Array.isArray(n) ? ok({ verb, duty: n[0], ms: n[1] }) : n;
    case 'TONE':
      n = nums(args, [LIMITS.hz, LIMITS.toneMs], line);
      return Array.isArray(n) ? ok({ verb, hz: n[0], ms: n[1] }) : n;
    case 'SERVO':
      n = nums(args, [LIMITS.deg], line);
      return Array.isArray(n) ? ok({ verb, deg: n[0] }) : n;
    case 'SET': {
      const key = args[0];
      if (key !== 'WDOG' && key !== 'STALL') return codecError('ARGS', `SET needs WDOG or STALL, got "${key ?? ''}"`, line);
      n = nums(args.slice(1), [LIMITS[key]], line);
      return Array.isArray(n) ? ok({ verb, key, ms: n[0] }) : n;
    }
    default:
      return codecError('VERB', `unknown command "${verb ?? ''}" (see PROTOCOL.md)`, line);
  }
}

/** `key=value` fields; null when a token is not one. */
function fields(tokens: string[]): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const t of tokens) {
    const m = /^([a-z][a-z0-9_]*)=(\S+)$/.exec(t);
    if (!m) return null;
    out[m[1]] = m[2];
  }
  return out;
}

/** Reads the STATUS fields; null when one is missing or malformed. */
function status(f: Record<string, string>): DeviceStatus | null {
  const n = (k: string) => parseUint(f[k], 2 ** 32 - 1);
  const bit = (k: string) => (f[k] === '1' ? true : f[k] === '0' ? false : null);
  const motor = f.motor;
  const s = {
    cards: n('cards'), presses: n('presses'), lidOpen: bit('lid'), buttonHeld: bit('btn'), beamBroken: bit('beam'),
    motor: motor === 'FWD' || motor === 'REV' || motor === 'STOP' ? motor : null,
    duty: n('duty'), servo: n('servo'), mv: n('mv'), wdogMs: n('wdog'), stallMs: n('stall'), upMs: n('up'),
  };
  return Object.values(s).some((v) => v === null) ? null : (s as DeviceStatus);
}

/** Decodes one device line (without `\n`). Counters are 32-bit. */
export function decodeDeviceLine(line: string): Decoded<DeviceMessage> {
  const f = unframe(line);
  if (!f.ok) return f;
  const [verb, ...args] = f.body.split(' ');
  const ok = (value: DeviceMessage): Decoded<DeviceMessage> => ({ ok: true, value });
  const bad = (why: string) => codecError('ARGS', `${verb}: ${why}`, line);
  const one = (max: number): number | null => (args.length === 1 ? parseUint(args[0], max) : null);
  const U32 = 2 ** 32 - 1;
  let n: number | null;
  switch (verb) {
    case 'HELLO': {
      const proto = parseUint(args[1]);
      const params = fields(args.slice(3));
      if (args[0] !== PRODUCT || proto === null || !/^[0-9A-Za-z.+-]+$/.test(args[2] ?? '') || params === null) {
        return bad(`expected "HELLO ${PRODUCT} <proto> <fw> key=value...": is this board running this project's firmware?`);
      }
      return ok({ type: 'HELLO', proto, fw: args[2], params });
    }
    case 'ACK':
      return (n = one(65535)) === null ? bad('expected one sequence number') : ok({ type: 'ACK', seq: n });
    case 'NAK': {
      const seq = parseUint(args[0]);
      const code = args[1] as NakCode;
      if (args.length !== 2 || seq === null || !NAK_CODES.includes(code)) return bad('expected "NAK <seq> <code>" with a code of PROTOCOL.md');
      return ok({ type: 'NAK', seq, code });
    }
    case 'BTN': case 'CARD': case 'STALL': case 'BAT':
      if ((n = one(U32)) === null) return bad('expected one unsigned number');
      return ok(verb === 'BTN' ? { type: verb, presses: n } : verb === 'BAT' ? { type: verb, mv: n } : { type: verb, cards: n });
    case 'LID':
      return (n = one(1)) === null ? bad('expected 0 (closed) or 1 (open)') : ok({ type: 'LID', open: n === 1 });
    case 'STOPPED': {
      const reason = args[0] as StopReason;
      return args.length === 1 && STOP_REASONS.includes(reason) ? ok({ type: 'STOPPED', reason }) : bad(`expected one of ${STOP_REASONS.join(', ')}`);
    }
    case 'STATUS': {
      const fs = fields(args);
      const s = fs && status(fs);
      return s ? ok({ type: 'STATUS', ...s }) : bad('a field is missing or malformed');
    }
    default:
      return codecError('VERB', `unknown device line "${verb}": host and firmware protocol versions differ? (compare HELLO)`, line);
  }
}

/** A `HELLO`'s session fields (firmware 0.2.0 on): how the board last started and its counters. */
export interface HelloSession {
  /** `warm`: a reset kept the counters (DTR, the reset button, a watchdog); `cold`: they restarted at 0. */
  boot: 'warm' | 'cold';
  cards: number;
  presses: number;
  /** The counting session: a new id on every cold boot, the same across warm ones. */
  sid: number;
}

/**
 * Reads the session fields of a decoded `HELLO`; null when one is missing or malformed (a firmware
 * older than 0.2.0 sends none: its counters always restart at reset).
 */
export function helloSession(hello: { params: Record<string, string> }): HelloSession | null {
  const p = hello.params;
  const boot = p.boot === 'warm' || p.boot === 'cold' ? p.boot : null;
  const cards = parseUint(p.cards, 2 ** 32 - 1);
  const presses = parseUint(p.presses, 2 ** 32 - 1);
  const sid = parseUint(p.sid);
  return boot === null || cards === null || presses === null || sid === null ? null : { boot, cards, presses, sid };
}

/**
 * What the board's chip watchdog does when its firmware hangs, from `HELLO`'s `wdt=` (firmware 0.4.0
 * on): `reset` restarts the chip; `cut` only cuts the motor, because the firmware found the old Nano
 * bootloader, which a watchdog reset would leave looping (PROTOCOL.md, "Hardware watchdog"). Null
 * from an older firmware, which always resets, or for a value this host does not know.
 */
export function helloWatchdog(hello: { params: Record<string, string> }): 'reset' | 'cut' | null {
  const w = hello.params.wdt;
  return w === 'reset' || w === 'cut' ? w : null;
}

/** What the host last counted of a board: the session id and the last counters it received. */
export interface CountedSession {
  sid: number;
  cards: number;
  presses: number;
}

/** How a host's counts stand after a `HELLO` (PROTOCOL.md, "Resynchronising"). */
export type Resync =
  /** The same session: `cards` and `presses` happened while the link was down (0 or more); count them. */
  | { kind: 'continued'; cards: number; presses: number }
  /**
   * The counters restarted since the host last heard them (`power`: another session id: the board
   * booted cold, from a power cycle or a brown-out; `zeroed`: the same session with lower counters: a ZERO from
   * elsewhere, or a 32-bit wrap). What happened between the last line received and the restart is
   * unknown; the board's counters now are the new session's.
   */
  | { kind: 'restarted'; reason: 'power' | 'zeroed' };

/**
 * Compares a board's `HELLO` with what the host last counted. Pure: the host applies the result
 * (adds the missed counts, or says it cannot know, then counts from the HELLO's counters).
 */
export function resync(last: CountedSession, now: HelloSession): Resync {
  // Not `boot`: it tells how the board last started, and a HELLO asked for later repeats it.
  if (now.sid !== last.sid) return { kind: 'restarted', reason: 'power' };
  if (now.cards < last.cards || now.presses < last.presses) return { kind: 'restarted', reason: 'zeroed' };
  return { kind: 'continued', cards: now.cards - last.cards, presses: now.presses - last.presses };
}

/**
 * Turns chunks of bytes into decoded lines: device lines on the host (`'device'`), or host
 * commands on a device (`'host'`). Never throws on input.
 */
export class LineDecoder<T extends 'device' | 'host'> {
  private readonly splitter: LineSplitter;
  constructor(readonly from: T, o: SplitterOptions = {}) {
    this.splitter = new LineSplitter(from === 'device' ? MAX_DEVICE_LINE : MAX_HOST_LINE, o);
  }

  /** Feeds a chunk; returns every line it completed, decoded or refused, in order. */
  push(chunk: Uint8Array | string): Decoded<T extends 'device' ? DeviceMessage : SeqCommand>[] {
    type R = Decoded<T extends 'device' ? DeviceMessage : SeqCommand>;
    return this.splitter.push(chunk).map((r) => {
      if (!r.ok) return r as R;
      return (this.from === 'device' ? decodeDeviceLine(r.line) : decodeCommand(r.line)) as R;
    });
  }

  /** Forgets a partial line (after a reconnect). */
  reset(): void {
    this.splitter.reset();
  }
}

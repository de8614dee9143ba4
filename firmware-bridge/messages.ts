/**
 * The protocol's messages (PROTOCOL.md) as typed values, and their exact bytes on the wire.
 * Decoding is in `codec.ts`, framing in `frame.ts`.
 */
import { frame, type CodecError } from './frame.ts';

/** This document's protocol version, as the firmware's `HELLO` states it. */
export const PROTO_VERSION = 1;
/** The product word in `HELLO`, so a host can tell this firmware from any other. */
export const PRODUCT = 'uno-extreme';

/** A command from the host (without its sequence number). */
export type Command =
  | { verb: 'PING' | 'HELLO' | 'STOP' | 'STATUS' | 'ZERO' }
  | { verb: 'FWD' | 'REV'; duty: number; ms: number }
  | { verb: 'TONE'; hz: number; ms: number }
  | { verb: 'SERVO'; deg: number }
  | { verb: 'SET'; key: 'WDOG' | 'STALL'; ms: number };

/** Why the firmware stopped the motor by itself. */
export type StopReason = 'EXPIRED' | 'WATCHDOG' | 'LID' | 'STUCK';
/** A `NAK` code: a codec error, or the lid interlock. */
export type NakCode = CodecError['code'] | 'LID';

/** The `STATUS` reply's fields. */
export interface DeviceStatus {
  cards: number;
  presses: number;
  lidOpen: boolean;
  buttonHeld: boolean;
  beamBroken: boolean;
  motor: 'FWD' | 'REV' | 'STOP';
  duty: number;
  servo: number;
  mv: number;
  wdogMs: number;
  stallMs: number;
  upMs: number;
}

/** A line from the device. */
export type DeviceMessage =
  | { type: 'HELLO'; proto: number; fw: string; params: Record<string, string> }
  | { type: 'ACK'; seq: number }
  | { type: 'NAK'; seq: number; code: NakCode }
  | { type: 'BTN'; presses: number }
  | { type: 'LID'; open: boolean }
  | { type: 'CARD'; cards: number }
  | { type: 'BAT'; mv: number }
  | { type: 'STALL'; cards: number }
  | { type: 'STOPPED'; reason: StopReason }
  | ({ type: 'STATUS' } & DeviceStatus);

/** Argument limits: [min, max] per command field (PROTOCOL.md, "Host commands"). */
export const LIMITS = {
  duty: [1, 255], runMs: [1, 10000], revMs: [1, 500], hz: [0, 2000], toneMs: [0, 5000], deg: [0, 180],
  WDOG: [200, 60000], STALL: [100, 60000],
} as const;

/** Every `NAK` code. */
export const NAK_CODES: readonly NakCode[] = ['CHECKSUM', 'GARBAGE', 'TOOLONG', 'SEQ', 'VERB', 'ARGS', 'RANGE', 'LID'];
/** Every reason of a `STOPPED` line. */
export const STOP_REASONS: readonly StopReason[] = ['EXPIRED', 'WATCHDOG', 'LID', 'STUCK'];

/** The exact line for a command: `<seq> <VERB> <args>*CC\n`. Throws on a bad seq (a programmer mistake). */
export function encodeCommand(seq: number, cmd: Command): string {
  if (!Number.isInteger(seq) || seq < 1 || seq > 65535) throw new RangeError(`encodeCommand: seq must be 1..65535, got ${seq}`);
  return frame(`${seq} ${commandBody(cmd)}`);
}

function commandBody(c: Command): string {
  switch (c.verb) {
    case 'FWD': case 'REV': return `${c.verb} ${c.duty} ${c.ms}`;
    case 'TONE': return `TONE ${c.hz} ${c.ms}`;
    case 'SERVO': return `SERVO ${c.deg}`;
    case 'SET': return `SET ${c.key} ${c.ms}`;
    default: return c.verb;
  }
}

/** The exact line for a device message (the firmware's output; used by tests and mock devices). */
export function encodeDeviceMessage(m: DeviceMessage): string {
  switch (m.type) {
    case 'HELLO': return frame([`HELLO ${PRODUCT} ${m.proto} ${m.fw}`, ...Object.entries(m.params).map(([k, v]) => `${k}=${v}`)].join(' '));
    case 'ACK': return frame(`ACK ${m.seq}`);
    case 'NAK': return frame(`NAK ${m.seq} ${m.code}`);
    case 'BTN': return frame(`BTN ${m.presses}`);
    case 'LID': return frame(`LID ${m.open ? 1 : 0}`);
    case 'CARD': return frame(`CARD ${m.cards}`);
    case 'BAT': return frame(`BAT ${m.mv}`);
    case 'STALL': return frame(`STALL ${m.cards}`);
    case 'STOPPED': return frame(`STOPPED ${m.reason}`);
    case 'STATUS': {
      const b = (v: boolean) => (v ? 1 : 0);
      return frame(`STATUS cards=${m.cards} presses=${m.presses} lid=${b(m.lidOpen)} btn=${b(m.buttonHeld)} beam=${b(m.beamBroken)} motor=${m.motor} duty=${m.duty} servo=${m.servo} mv=${m.mv} wdog=${m.wdogMs} stall=${m.stallMs} up=${m.upMs}`);
    }
  }
}


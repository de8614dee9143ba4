/**
 * The host's end of a serial line on simulated time: it decodes and records what the device sends,
 * numbers and sends commands, and waits for lines by running the simulation, never the clock.
 */
import { encodeCommand, LineDecoder, type CodecError, type Command, type DeviceMessage } from '../codec.ts';

/** A line the host received, with the simulated time it completed. */
export type Received = { at: number } & ({ ok: true; msg: DeviceMessage } | { ok: false; error: CodecError });

type Of<T extends DeviceMessage['type']> = Extract<DeviceMessage, { type: T }>;

/** A host's end of the line; the subclass runs the simulation and carries the bytes. */
export abstract class HostEnd {
  /** Every line received, decoded or refused, in order (`at` counts from the last reset). */
  readonly received: Received[] = [];
  /** Every byte received, as text (for exact-byte checks and failure messages). */
  transcript = '';
  private seq = 0;
  private readonly decoder = new LineDecoder('device');

  /** Simulated time, ms. */
  abstract get ms(): number;
  /** Runs the simulation until `done()` or `maxMs` pass; says whether `done()` held. */
  abstract runUntil(done: () => boolean, maxMs: number): boolean;
  /** Sends raw bytes as they are (garbage, hand-made lines). */
  abstract sendRaw(bytes: string | Uint8Array): void;

  /** Records one received byte at simulated time `at`. */
  protected receive(byte: number, at: number): void {
    this.transcript += String.fromCharCode(byte);
    for (const r of this.decoder.push(Uint8Array.of(byte))) {
      this.received.push(r.ok ? { at, ok: true, msg: r.value } : { at, ok: false, error: r });
    }
  }

  /** Forgets a partial line (the device reset). */
  protected resetLine(): void {
    this.decoder.reset();
  }

  /** Decoded device messages received since index `from`, optionally of one type. */
  messages<T extends DeviceMessage['type']>(type?: T, from = 0): Of<T>[] {
    const out: DeviceMessage[] = [];
    for (const r of this.received.slice(from)) if (r.ok && (type === undefined || r.msg.type === type)) out.push(r.msg);
    return out as Of<T>[];
  }

  /**
   * Runs until a message received at index `from` or later matches, and returns it. Throws, with
   * the last lines received, when none comes within `maxMs` of simulated time.
   */
  waitFor<T extends DeviceMessage['type']>(type: T, maxMs: number, from = this.received.length, match: (m: Of<T>) => boolean = () => true): Of<T> {
    let found: Of<T> | undefined;
    const look = () => (found = this.messages(type, from).find(match)) !== undefined;
    if (!this.runUntil(look, maxMs)) {
      const tail = this.transcript.split('\n').slice(-8).join('\\n');
      throw new Error(`no ${type} line within ${maxMs} ms of simulated time (now ${this.ms.toFixed(1)} ms); last lines: ${tail}`);
    }
    return found!;
  }

  /** Sends a command with the next sequence number; returns the number. */
  send(cmd: Command): number {
    this.seq = (this.seq % 65535) + 1;
    this.sendRaw(encodeCommand(this.seq, cmd));
    return this.seq;
  }

  /** Sends a command and runs until its ACK or NAK (default limit 50 ms). */
  command(cmd: Command, maxMs = 50): Of<'ACK' | 'NAK'> {
    const from = this.received.length;
    const seq = this.send(cmd);
    const isReply = (m: DeviceMessage): m is Of<'ACK' | 'NAK'> => (m.type === 'ACK' || m.type === 'NAK') && m.seq === seq;
    let reply: Of<'ACK' | 'NAK'> | undefined;
    const look = () => (reply = this.messages(undefined, from).find(isReply)) !== undefined;
    if (!this.runUntil(look, maxMs)) throw new Error(`no ACK/NAK for ${JSON.stringify(cmd)} (seq ${seq}) within ${maxMs} ms; last bytes: ${this.transcript.slice(-200)}`);
    return reply!;
  }
}

/**
 * A board that speaks the protocol from the other end of a wire (a socat pseudo-terminal pair, or
 * the board's end of an in-memory transport), scripted by the test: it answers commands (ACK/NAK, HELLO, STATUS), keeps running counters, ejects cards
 * while its motor runs forward, and can misbehave on demand (silence, slowness, garbage, another
 * protocol version). It decodes the host's lines with the project's codec, so it accepts exactly
 * what the firmware accepts.
 */
import { SerialPort } from 'serialport';
import { onTestFinished } from 'vitest';
import { ptyPair, type PtyPair } from './socat.ts';
import { encodeDeviceMessage, LineDecoder, type DeviceMessage } from '../../firmware-bridge/codec.ts';
import { MemoryTransport, type BoardEnd } from '../../firmware-bridge/memory-transport.ts';

/** The firmware's setup() before its HELLO, ms (its millis() at HELLO). */
const SETUP_MS = 100;

/** The board's side of a wire. */
export interface FakeWire {
  write(bytes: string | Uint8Array): void;
  close(): Promise<void>;
}

/** How the fake board behaves. */
export interface FakeOptions {
  proto?: number;
  /** Answers nothing at all. */
  silent?: boolean;
  /** Ignores the first send of every command but HELLO (the host must retry). */
  dropFirstSend?: boolean;
  /** Counters it starts with, and the HELLO fields of a warm boot. */
  cards?: number;
  presses?: number;
  boot?: 'warm' | 'cold';
  sid?: number;
  lidOpen?: boolean;
  /** Answers HELLO but never STATUS (a firmware that half works). */
  noStatus?: boolean;
  /** Drops this many STATUS replies, data line and ACK (the firmware's reply queue was full), then answers again. */
  dropStatus?: number;
  /** Cards ejected per second while the motor runs forward (0: none: an empty launcher). */
  feedPerSecond?: number;
  /** Raw bytes (noise) written once, right after the answer to the first STATUS: the host is connected then. */
  noiseAfterStatus?: string;
  /**
   * Cards whose lines are still on the wire when the host stops the motor: counted before the
   * STOP, they reach the host just ahead of its ACK (a slow host reads them after the burst's time).
   */
  lateCards?: number;
  /** The late cards' lines arrive damaged (a wrong checksum): the host must read the count again. */
  lateCardsDamaged?: boolean;
  /** Says HELLO each time the host opens the wire, as a reset Uno does (memory wires; a pty cannot tell). */
  helloOnOpen?: boolean;
  /** With `helloOnOpen`: bytes sent before the HELLO (bootloader noise, a line from before the reset). */
  bootNoise?: string;
}

export class FakeBoard {
  cards: number;
  presses: number;
  motor: 'FWD' | 'REV' | 'STOP' = 'STOP';
  readonly received: string[] = [];
  /** The sequence numbers of the commands received, in order. */
  readonly seqs: number[] = [];
  private decoder = new LineDecoder('host');
  private feeder: NodeJS.Timeout | null = null;
  private seen = new Set<number>();
  private noised = false;
  private late = 0;

  private constructor(private readonly wire: FakeWire, readonly o: FakeOptions) {
    this.cards = o.cards ?? 0;
    this.presses = o.presses ?? 0;
  }

  /** Opens `path` (the device's end of a pty pair). */
  static open(path: string, o: FakeOptions = {}): Promise<FakeBoard> {
    return new Promise((resolve, reject) => {
      const p = new SerialPort({ path, baudRate: 115200 }, (err) => {
        if (err) return reject(err);
        const board = new FakeBoard({
          write: (bytes) => void p.write(typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes),
          close: () => (p.isOpen ? new Promise<void>((r) => p.close(() => r())) : Promise.resolve()),
        }, o);
        p.on('data', (chunk: Buffer) => board.onData(chunk));
        // The host's end going away (a test pulling the cable) fails pending writes: a board does not care.
        p.on('error', () => {});
        resolve(board);
      });
    });
  }

  /** A board on the board's end of an in-memory transport. */
  static on(end: BoardEnd, o: FakeOptions = {}): FakeBoard {
    const off: (() => void)[] = [];
    const board = new FakeBoard({ write: (bytes) => end.write(bytes), close: async () => off.forEach((f) => f()) }, o);
    off.push(end.onData((chunk) => board.onData(chunk)));
    off.push(end.onOpen(() => {
      if (!o.helloOnOpen) return;
      if (o.bootNoise) board.raw(o.bootNoise);
      board.say(board.hello());
    }));
    return board;
  }

  /** Writes a device message (framed, with its checksum). */
  say(m: DeviceMessage): void {
    this.wire.write(encodeDeviceMessage(m));
  }

  /** Writes raw bytes: noise on the wire. */
  raw(bytes: string | Uint8Array): void {
    this.wire.write(bytes);
  }

  /** The board's watchdog stops the motor (its host went silent). */
  watchdog(): void {
    this.run('STOP');
  }

  /** The board resets (a watchdog, a brown-out with `cold`): it says HELLO with what its counters now are. */
  reset(boot: 'warm' | 'cold' = 'warm', sid = this.o.sid ?? 7): void {
    this.run('STOP');
    this.bootAt = Date.now() - SETUP_MS;
    if (boot === 'cold') this.cards = this.presses = 0;
    this.bootAs = { boot, sid };
    this.say(this.hello());
  }

  /** When the board last started (STATUS's `up` counts from it, as the firmware's millis(), which has run through setup() by its HELLO). */
  private bootAt = Date.now() - SETUP_MS;

  /** How the board last started, once {@link reset} changed it. */
  private bootAs: { boot: 'warm' | 'cold'; sid: number } | null = null;

  private hello(): DeviceMessage {
    const boot = this.bootAs?.boot ?? this.o.boot ?? 'cold';
    const sid = this.bootAs?.sid ?? this.o.sid ?? 7;
    return {
      type: 'HELLO', proto: this.o.proto ?? 1, fw: '0.1.0',
      params: { wdog: '1000', stall: '1500', maxrun: '10000', boot, cards: String(this.cards), presses: String(this.presses), sid: String(sid) },
    };
  }

  private onData(chunk: Uint8Array): void {
    if (this.o.silent) return;
    for (const d of this.decoder.push(chunk)) {
      if (!d.ok) {
        this.say({ type: 'NAK', seq: 0, code: d.code });
        continue;
      }
      const { seq, cmd } = d.value;
      this.received.push(cmd.verb);
      this.seqs.push(seq);
      if (this.o.dropFirstSend && cmd.verb !== 'HELLO' && !this.seen.has(seq)) {
        this.seen.add(seq);
        continue;
      }
      switch (cmd.verb) {
        case 'HELLO':
          this.say(this.hello());
          break;
        case 'STATUS':
          if (this.o.noStatus) continue;
          if ((this.o.dropStatus ?? 0) > 0) {
            this.o.dropStatus!--;
            continue;
          }
          this.say({
            type: 'STATUS', cards: this.cards, presses: this.presses, lidOpen: this.o.lidOpen ?? false, buttonHeld: false, beamBroken: false,
            motor: this.motor, duty: 0, servo: 90, mv: 4500, wdogMs: 1000, stallMs: 1500, upMs: Date.now() - this.bootAt,
          });
          break;
        case 'FWD':
          if (this.o.lidOpen) {
            this.say({ type: 'NAK', seq, code: 'LID' });
            continue;
          }
          this.run('FWD');
          break;
        case 'REV':
          this.run('REV');
          break;
        case 'STOP':
          this.run('STOP');
          for (; (this.o.lateCards ?? 0) > this.late; this.late++) this.card(this.o.lateCardsDamaged);
          break;
        default:
          break;
      }
      this.say({ type: 'ACK', seq });
      if (cmd.verb === 'STATUS' && this.o.noiseAfterStatus && !this.noised) {
        this.noised = true;
        this.raw(this.o.noiseAfterStatus);
      }
    }
  }

  private run(m: 'FWD' | 'REV' | 'STOP'): void {
    this.motor = m;
    if (this.feeder) clearInterval(this.feeder);
    this.feeder = null;
    const rate = this.o.feedPerSecond ?? 10;
    if (m === 'FWD' && rate > 0) this.feeder = setInterval(() => this.card(), 1000 / rate);
  }

  /** One card passes the beam (its line damaged on the wire: the checksum's bits flipped). */
  card(damaged = false): void {
    this.cards++;
    const m: DeviceMessage = { type: 'CARD', cards: this.cards };
    if (!damaged) return this.say(m);
    this.raw(encodeDeviceMessage(m).replace(/\*([0-9A-F]{2})/, (_, h: string) => `*${(parseInt(h, 16) ^ 0xff).toString(16).toUpperCase().padStart(2, '0')}`));
  }

  /** The button is pressed. */
  press(): void {
    this.presses++;
    this.say({ type: 'BTN', presses: this.presses });
  }

  async close(): Promise<void> {
    if (this.feeder) clearInterval(this.feeder);
    this.feeder = null;
    await this.wire.close();
  }
}

/** A fake board on the board's end of a fresh in-memory transport (no port, no socat), released when the test finishes. */
export function memoryRig(o: FakeOptions = {}, path = '/dev/ttyACM0'): { transport: MemoryTransport; board: FakeBoard } {
  const transport = new MemoryTransport(path);
  const board = FakeBoard.on(transport.board, o);
  onTestFinished(() => board.close());
  return { transport, board };
}

/** A fake board on a fresh pseudo-terminal pair (or `pair`), both released when the test finishes. */
export async function boardRig(o: FakeOptions = {}, pair?: PtyPair): Promise<{ pair: PtyPair; board: FakeBoard }> {
  const p = pair ?? (await ptyPair(['host', 'board']));
  const board = await FakeBoard.open(p.b, o);
  onTestFinished(() => p.close());
  onTestFinished(() => board.close());
  return { pair: p, board };
}

/**
 * A board that speaks the protocol from the other end of a socat pseudo-terminal pair, scripted
 * by the test: it answers commands (ACK/NAK, HELLO, STATUS), keeps running counters, ejects cards
 * while its motor runs forward, and can misbehave on demand (silence, slowness, garbage, another
 * protocol version). It decodes the host's lines with the project's codec, so it accepts exactly
 * what the firmware accepts.
 */
import { SerialPort } from 'serialport';
import { onTestFinished } from 'vitest';
import { ptyPair, type PtyPair } from './socat.ts';
import { encodeDeviceMessage, LineDecoder, type DeviceMessage } from '../../firmware-bridge/codec.ts';

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
}

export class FakeBoard {
  readonly port: SerialPort;
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

  private constructor(port: SerialPort, readonly o: FakeOptions) {
    this.port = port;
    this.cards = o.cards ?? 0;
    this.presses = o.presses ?? 0;
    port.on('data', (chunk: Buffer) => this.onData(chunk));
    // The host's end going away (a test pulling the cable) fails pending writes: a board does not care.
    port.on('error', () => {});
  }

  /** Opens `path` (the device's end of the pair). */
  static open(path: string, o: FakeOptions = {}): Promise<FakeBoard> {
    return new Promise((resolve, reject) => {
      const p = new SerialPort({ path, baudRate: 115200 }, (err) => (err ? reject(err) : resolve(new FakeBoard(p, o))));
    });
  }

  /** Writes a device message (framed, with its checksum). */
  say(m: DeviceMessage): void {
    this.port.write(encodeDeviceMessage(m));
  }

  /** Writes raw bytes: noise on the wire. */
  raw(bytes: string | Buffer): void {
    this.port.write(bytes);
  }

  private hello(): DeviceMessage {
    return {
      type: 'HELLO', proto: this.o.proto ?? 1, fw: '0.1.0',
      params: { wdog: '1000', stall: '1500', maxrun: '10000', boot: this.o.boot ?? 'cold', cards: String(this.cards), presses: String(this.presses), sid: String(this.o.sid ?? 7) },
    };
  }

  private onData(chunk: Buffer): void {
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
          this.say({
            type: 'STATUS', cards: this.cards, presses: this.presses, lidOpen: this.o.lidOpen ?? false, buttonHeld: false, beamBroken: false,
            motor: this.motor, duty: 0, servo: 90, mv: 4500, wdogMs: 1000, stallMs: 1500, upMs: 1,
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
    if (this.port.isOpen) await new Promise<void>((r) => this.port.close(() => r()));
  }
}

/** A fake board on a fresh pseudo-terminal pair (or `pair`), both released when the test finishes. */
export async function boardRig(o: FakeOptions = {}, pair?: PtyPair): Promise<{ pair: PtyPair; board: FakeBoard }> {
  const p = pair ?? (await ptyPair(['host', 'board']));
  const board = await FakeBoard.open(p.b, o);
  onTestFinished(() => p.close());
  onTestFinished(() => board.close());
  return { pair: p, board };
}

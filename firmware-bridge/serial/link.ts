/**
 * One connection to a board running this project's firmware: the port (serialport 13 with a
 * ReadlineParser), the handshake (wait for the board's HELLO, never a guessed sleep), commands one
 * at a time with sequence numbers, acknowledgements, timeouts and retries, and the heartbeat.
 * Device events are handed up as decoded messages. Lines that do not decode are never acted on:
 * during the handshake they are counted (to tell a board on another protocol from a silent one),
 * after it they are handed to `onGarbage`, which tells the person and reads the counters again.
 */
import { SerialPort } from 'serialport';
import { ReadlineParser } from '@serialport/parser-readline';
import {
  decodeDeviceLine, encodeCommand, PROTO_VERSION,
  type Command, type DeviceMessage, type DeviceStatus,
} from '../codec.ts';
import { DeviceError, explainOpenError } from '../port-errors.ts';

/** Timing of a link. Defaults follow PROTOCOL.md. */
export interface LinkTiming {
  /** Wait this long for the board's own HELLO after opening before asking for it, ms. */
  helloWaitMs: number;
  /** Give up the handshake after this long, ms. */
  handshakeMs: number;
  /** Wait this long for an ACK/NAK before sending the same line again, ms. */
  ackMs: number;
  /** Sends of one command before the link counts as lost. */
  tries: number;
}

/** Default timing: a reset Uno's bootloader takes up to 2 s before the sketch says HELLO. */
export const DEFAULT_TIMING: LinkTiming = { helloWaitMs: 2500, handshakeMs: 5000, ackMs: 400, tries: 3 };

type Hello = Extract<DeviceMessage, { type: 'HELLO' }>;
type Reply = Extract<DeviceMessage, { type: 'ACK' } | { type: 'NAK' }>;

interface InFlight {
  seq: number;
  line: string;
  verb: Command['verb'];
  tries: number;
  timer: NodeJS.Timeout | null;
  resolve: (r: { reply: Reply; data: DeviceMessage | null }) => void;
  reject: (e: Error) => void;
}

/**
 * The last sequence number any link of this process used. Each new link goes on from it (a board
 * forgets the numbering at HELLO, PROTOCOL.md), so an answer still on the wire from an earlier
 * link (a retried STATUS, a PING) cannot carry the number of a command the new link sent.
 */
let lastSeq = 0;

/** An open, handshaken link. */
export class Link {
  private queue: Array<{ cmd: Command; resolve: InFlight['resolve']; reject: InFlight['reject'] }> = [];
  private inflight: InFlight | null = null;
  private lastData: DeviceMessage | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private lastSent = 0;
  private closed = false;
  /** The close under way (the port's own close is asynchronous): every caller waits for it. */
  private closing: Promise<void> | null = null;

  private constructor(
    readonly path: string,
    private readonly port: SerialPort,
    private readonly timing: LinkTiming,
    private readonly onMessage: (m: DeviceMessage) => void,
    private readonly onLost: (why: string) => void,
    private readonly onGarbage: (line: string) => void,
  ) {}

  /**
   * Opens `path`, waits for the board's HELLO (asking for it after `helloWaitMs` of silence, for
   * boards that do not reset on open) and checks the product and protocol version. After the
   * handshake, each line that does not decode goes to `onGarbage`.
   */
  static async open(
    path: string,
    timing: LinkTiming,
    onMessage: (m: DeviceMessage) => void,
    onLost: (why: string) => void,
    onGarbage: (line: string) => void = () => {},
  ): Promise<{ link: Link; hello: Hello }> {
    const port = await new Promise<SerialPort>((resolve, reject) => {
      const p = new SerialPort({ path, baudRate: 115200, lock: true }, (err) => (err ? reject(explainOpenError(path, err)) : resolve(p)));
    });
    let link!: Link;
    let helloResolve!: (h: Hello) => void;
    const hello = new Promise<Hello>((r) => (helloResolve = r));
    let handshaking = true;
    // Lines that could not be decoded during the handshake (another protocol, or bootloader
    // noise), and the first few of them, for the handshake's error.
    let garbage = 0;
    const samples: string[] = [];
    link = new Link(path, port, timing, (m) => {
      if (handshaking) {
        if (m.type === 'HELLO') helloResolve(m);
        return; // events before the handshake are stale
      }
      onMessage(m);
    }, onLost, (line) => {
      if (handshaking) {
        garbage++;
        if (samples.length < 3) samples.push(line.slice(0, 40));
      } else onGarbage(line);
    });
    link.attach();
    // A board that did not reset (or missed the first question) is asked again, until the handshake's time is up.
    const asked = setInterval(() => link.writeRaw(encodeCommand(link.nextSeq(), { verb: 'HELLO' })), timing.helloWaitMs);
    let timedOut: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timedOut = setTimeout(() => {
        const heard = garbage > 0
          ? `it answered, but not in the uno-extreme protocol (${garbage} unreadable line(s), e.g. ${JSON.stringify(samples[0])}): ` +
            'if it runs StandardFirmata use --device firmata:PATH, else upload this project\'s firmware (firmware-bridge/firmware/build.sh)'
          : 'it sent nothing: is the uno-extreme firmware uploaded (firmware-bridge/firmware/build.sh), and the baud rate 115200?';
        reject(new DeviceError(`no handshake from ${path} within ${timing.handshakeMs} ms: ${heard}`, 'timeout', path));
      }, timing.handshakeMs);
    });
    try {
      const h = await Promise.race([hello, timeout]);
      if (h.proto !== PROTO_VERSION)
        throw new DeviceError(`${path} runs the uno-extreme firmware ${h.fw} with protocol ${h.proto}; this program speaks protocol ${PROTO_VERSION}: upload the firmware from this repository (firmware-bridge/firmware/build.sh)`, 'protocol', path);
      handshaking = false;
      link.writeRaw('\n'); // ends any partial line noise left in the board's buffer
      link.startHeartbeat(Number(h.params.wdog ?? 1000));
      return { link, hello: h };
    } catch (e) {
      await link.close();
      throw e;
    } finally {
      clearInterval(asked);
      clearTimeout(timedOut);
    }
  }

  private attach(): void {
    const parser = this.port.pipe(new ReadlineParser({ delimiter: '\n', encoding: 'latin1' }));
    parser.on('data', (line: string) => this.onLine(line));
    this.port.on('close', (err: (Error & { disconnected?: boolean }) | null) => {
      if (!this.closed) this.lost(err?.disconnected ? 'the port vanished (unplugged?)' : 'the port closed');
    });
    this.port.on('error', (err: Error) => this.lost(`port error: ${err.message}`));
  }

  private onLine(raw: string): void {
    if (raw.trim() === '') return;
    const d = decodeDeviceLine(raw);
    if (!d.ok) return this.onGarbage(raw);
    const m = d.value;
    if (m.type === 'ACK' || m.type === 'NAK') return this.reply(m);
    if (m.type === 'STATUS' || (m.type === 'HELLO' && this.inflight?.verb === 'HELLO')) this.lastData = m;
    this.onMessage(m);
  }

  private nextSeq(): number {
    lastSeq = (lastSeq % 65535) + 1;
    return lastSeq;
  }

  private writeRaw(line: string): void {
    if (this.closed) return;
    this.lastSent = Date.now();
    this.port.write(line, 'latin1');
  }

  /** Sends a command and resolves with its ACK or NAK (and the data line of a query). */
  send(cmd: Command): Promise<{ reply: Reply; data: DeviceMessage | null }> {
    if (this.closed) return Promise.reject(new DeviceError(`${this.path}: the link is down`, 'disconnected', this.path));
    return new Promise((resolve, reject) => {
      this.queue.push({ cmd, resolve, reject });
      this.pump();
    });
  }

  /** Asks for the board's counters and pin states. */
  async status(): Promise<DeviceStatus> {
    const { reply, data } = await this.send({ verb: 'STATUS' });
    if (reply.type !== 'ACK' || data?.type !== 'STATUS') throw new DeviceError(`${this.path}: STATUS was refused`, 'protocol', this.path);
    return data;
  }

  private pump(): void {
    if (this.inflight || this.closed) return;
    const next = this.queue.shift();
    if (!next) return;
    const seq = this.nextSeq();
    this.inflight = { seq, line: encodeCommand(seq, next.cmd), verb: next.cmd.verb, tries: 0, timer: null, resolve: next.resolve, reject: next.reject };
    this.lastData = null;
    this.transmit();
  }

  private transmit(): void {
    const f = this.inflight!;
    f.tries++;
    this.writeRaw(f.line);
    f.timer = setTimeout(() => {
      if (this.inflight !== f) return;
      if (f.tries < this.timing.tries) return this.transmit(); // the same line again: the board answers a repeat without running it twice
      this.lost(`no answer to ${f.verb} after ${f.tries} tries (${this.timing.ackMs} ms each)`);
    }, this.timing.ackMs);
  }

  private reply(m: Reply): void {
    const f = this.inflight;
    if (!f || m.seq !== f.seq) return; // a late answer to a retried line
    clearTimeout(f.timer!);
    this.inflight = null;
    f.resolve({ reply: m, data: this.lastData });
    this.pump();
  }

  private startHeartbeat(wdogMs: number): void {
    const every = Math.max(50, Math.floor(wdogMs / 3));
    this.heartbeat = setInterval(() => {
      if (!this.inflight && this.queue.length === 0 && Date.now() - this.lastSent >= every) void this.send({ verb: 'PING' }).catch(() => {});
    }, Math.max(25, Math.floor(every / 2)));
  }

  private lost(why: string): void {
    if (this.closed) return;
    void this.close();
    this.onLost(why);
  }

  /**
   * Closes the link; commands waiting fail with a `disconnected` error. Resolves once the port is
   * closed (its lock released), for every caller: a link lost to a timeout starts closing itself,
   * and an open that then fails must not return while the port is still held (the next open
   * would be refused as busy).
   */
  close(): Promise<void> {
    this.closing ??= this.shut();
    return this.closing;
  }

  private async shut(): Promise<void> {
    this.closed = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    const err = new DeviceError(`${this.path}: the link is down`, 'disconnected', this.path);
    if (this.inflight) {
      clearTimeout(this.inflight.timer!);
      this.inflight.reject(err);
      this.inflight = null;
    }
    for (const q of this.queue.splice(0)) q.reject(err);
    if (this.port.isOpen) await new Promise<void>((r) => this.port.close(() => r()));
  }
}

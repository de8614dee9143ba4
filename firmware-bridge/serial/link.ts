/**
 * One connection to a board running this project's firmware, over any line transport
 * (`transport.ts`): the handshake (wait for the board's HELLO, never a guessed sleep), commands one
 * at a time with sequence numbers, acknowledgements, timeouts and retries, and the heartbeat, all
 * on an injected clock. Bytes are framed and decoded by the project's codec (`LineDecoder`).
 * Device events are handed up as decoded messages. Lines that do not decode are never acted on:
 * during the handshake they are counted (to tell a board on another protocol from a silent one),
 * after it they are handed to `onGarbage`, which tells the person and reads the counters again.
 */
import {
  encodeCommand, LineDecoder, PROTO_VERSION,
  type Command, type DeviceMessage, type DeviceStatus,
} from '../codec.ts';
import type { Clock, TimerHandle } from '../../lib/wall-clock.ts';
import type { NoticeWords } from '../notices.ts';
import { DeviceError, explainOpenError } from '../port-errors.ts';
import type { Connection, LineTransport } from '../transport.ts';

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

/** The board's ready line. */
export type Hello = Extract<DeviceMessage, { type: 'HELLO' }>;
/** A command's answer. */
export type Reply = Extract<DeviceMessage, { type: 'ACK' } | { type: 'NAK' }>;

/** What a link tells its owner. */
export interface LinkHandlers {
  /** A device line after the handshake, but ACK and NAK: they settle the command they answer. */
  message(m: DeviceMessage): void;
  /** The link is down (unplug, I/O error, no answer after every retry); said once. */
  lost(why: NoticeWords): void;
  /** A line that did not decode, after the handshake: as received (latin1). */
  garbage(line: string): void;
}

interface InFlight {
  seq: number;
  line: string;
  verb: Command['verb'];
  tries: number;
  timer: TimerHandle | null;
  resolve: (r: { reply: Reply; data: DeviceMessage | null }) => void;
  reject: (e: Error) => void;
}

/**
 * The sequence numbers of one program: each new link goes on from the last number any link used
 * (a board forgets the numbering at HELLO, PROTOCOL.md), so an answer still on the wire from an
 * earlier link (a retried STATUS, a PING) cannot carry the number of a command the new link sent.
 */
export class SeqCounter {
  private last = 0;
  /** The next number, 1..65535 then 1 again. */
  next(): number {
    this.last = (this.last % 65535) + 1;
    return this.last;
  }
}

/** The numbering every link of this process shares unless given its own. */
export const PROCESS_SEQ = new SeqCounter();

/** What {@link Link.open} needs besides the transport. */
export interface LinkSetup {
  timing: LinkTiming;
  clock: Clock;
  seq?: SeqCounter;
  /** Ends a handshake under way (its owner closed): the open rejects at once and releases the port. */
  signal?: AbortSignal;
}

/** An open, handshaken link. */
export class Link {
  private queue: Array<{ cmd: Command; resolve: InFlight['resolve']; reject: InFlight['reject'] }> = [];
  private inflight: InFlight | null = null;
  private lastData: DeviceMessage | null = null;
  private heartbeat: TimerHandle | null = null;
  private lastSent = 0;
  private closed = false;
  /** The close under way (a port's own close is asynchronous): every caller waits for it. */
  private closing: Promise<void> | null = null;
  private conn: Connection | null = null;
  /** A bad line is told when it ends, whole: the notice quotes it as it came. */
  private readonly decoder = new LineDecoder('device', { errorsAtLineEnd: true });
  private readonly timing: LinkTiming;
  private readonly clock: Clock;
  private readonly seq: SeqCounter;
  private handlers: LinkHandlers;

  private constructor(readonly path: string, setup: LinkSetup, handlers: LinkHandlers) {
    this.timing = setup.timing;
    this.clock = setup.clock;
    this.seq = setup.seq ?? PROCESS_SEQ;
    this.handlers = handlers;
  }

  /**
   * Opens a connection through `transport`, waits for the board's HELLO (asking for it every
   * `helloWaitMs` of silence, for boards that do not reset on open; bytes before it are dropped)
   * and checks the product and protocol version. After the handshake, each line that does not
   * decode goes to `handlers.garbage`.
   */
  static async open(transport: LineTransport, setup: LinkSetup, handlers: LinkHandlers): Promise<{ link: Link; hello: Hello }> {
    const path = transport.path;
    let helloResolve!: (h: Hello) => void;
    let failed!: (e: Error) => void;
    const hello = new Promise<Hello>((resolve, reject) => ((helloResolve = resolve), (failed = reject)));
    // Lines that could not be decoded during the handshake (another protocol, or bootloader
    // noise), and the first few of them, for the handshake's error.
    let garbage = 0;
    const samples: string[] = [];
    const link = new Link(path, setup, {
      message: (m) => m.type === 'HELLO' && helloResolve(m), // events before the handshake are stale
      lost: (why) => failed(new DeviceError({ k: 'deviceError.handshakeLost', v: { path, why } }, 'disconnected', path)),
      garbage: (line) => {
        garbage++;
        if (samples.length < 3) samples.push(line.slice(0, 40));
      },
    });
    // A transport that refuses as the operating system does (an errno, memory-transport.ts) is explained here.
    link.conn = await transport.open({ data: (chunk) => link.onData(chunk), ended: (end) => link.lost(end.reason) }).catch((e: unknown) => {
      throw e instanceof DeviceError ? e : explainOpenError(path, e);
    });
    const { clock, timing } = link;
    const aborted = () => failed(new DeviceError({ k: 'deviceError.handshakeClosed', v: { path } }, 'disconnected', path));
    if (setup.signal?.aborted) aborted();
    setup.signal?.addEventListener('abort', aborted);
    // A board that did not reset (or missed the first question) is asked again, until the handshake's time is up.
    let asked: TimerHandle = null;
    const ask = () => {
      link.writeRaw(encodeCommand(link.seq.next(), { verb: 'HELLO' }));
      asked = clock.setTimeout(ask, timing.helloWaitMs);
    };
    asked = clock.setTimeout(ask, timing.helloWaitMs);
    let timedOut: TimerHandle = null;
    const timeout = new Promise<never>((_, reject) => {
      timedOut = clock.setTimeout(() => {
        // Numbers as text: a count of milliseconds is read as typed, without a thousands separator.
        const ms = String(timing.handshakeMs);
        const words: NoticeWords = garbage > 0
          ? { k: 'deviceError.noHandshake.garbage', v: { path, ms, n: garbage, sample: JSON.stringify(samples[0]) } }
          : { k: 'deviceError.noHandshake.silent', v: { path, ms } };
        reject(new DeviceError(words, 'timeout', path));
      }, timing.handshakeMs);
    });
    try {
      const h = await Promise.race([hello, timeout]);
      if (h.proto !== PROTO_VERSION)
        throw new DeviceError({ k: 'deviceError.protocol', v: { path, fw: String(h.fw), proto: String(h.proto), ours: String(PROTO_VERSION) } }, 'protocol', path);
      link.handlers = handlers;
      link.writeRaw('\n'); // ends any partial line noise left in the board's buffer
      link.startHeartbeat(Number(h.params.wdog ?? 1000));
      return { link, hello: h };
    } catch (e) {
      await link.close();
      throw e;
    } finally {
      clock.clearTimeout(asked);
      clock.clearTimeout(timedOut);
      setup.signal?.removeEventListener('abort', aborted);
    }
  }

  private onData(chunk: Uint8Array): void {
    if (this.closed) return;
    for (const d of this.decoder.push(chunk)) {
      if (!d.ok) {
        this.handlers.garbage(d.raw ?? d.line);
        continue;
      }
      const m = d.value;
      if (m.type === 'ACK' || m.type === 'NAK') {
        this.reply(m);
        continue;
      }
      if (m.type === 'STATUS' || (m.type === 'HELLO' && this.inflight?.verb === 'HELLO')) this.lastData = m;
      this.handlers.message(m);
      if (this.closed) return;
    }
  }

  private writeRaw(line: string): void {
    if (this.closed || !this.conn) return;
    this.lastSent = this.clock.now();
    this.conn.write(line);
  }

  /** Sends a command and resolves with its ACK or NAK (and the data line of a query). */
  send(cmd: Command): Promise<{ reply: Reply; data: DeviceMessage | null }> {
    if (this.closed) return Promise.reject(new DeviceError({ k: 'deviceError.linkDown', v: { path: this.path } }, 'disconnected', this.path));
    return new Promise((resolve, reject) => {
      this.queue.push({ cmd, resolve, reject });
      this.pump();
    });
  }

  /** Asks for the board's counters and pin states. */
  async status(): Promise<DeviceStatus> {
    const { reply, data } = await this.send({ verb: 'STATUS' });
    if (reply.type !== 'ACK' || data?.type !== 'STATUS') throw new DeviceError({ k: 'deviceError.statusRefused', v: { path: this.path } }, 'protocol', this.path);
    return data;
  }

  private pump(): void {
    if (this.inflight || this.closed) return;
    const next = this.queue.shift();
    if (!next) return;
    const seq = this.seq.next();
    this.inflight = { seq, line: encodeCommand(seq, next.cmd), verb: next.cmd.verb, tries: 0, timer: null, resolve: next.resolve, reject: next.reject };
    this.lastData = null;
    this.transmit();
  }

  private transmit(): void {
    const f = this.inflight!;
    f.tries++;
    this.writeRaw(f.line);
    f.timer = this.clock.setTimeout(() => {
      if (this.inflight !== f) return;
      if (f.tries < this.timing.tries) return this.transmit(); // the same line again: the board answers a repeat without running it twice
      this.lost({ k: 'notice.why.noAnswer', v: { verb: f.verb, tries: f.tries, ms: this.timing.ackMs } });
    }, this.timing.ackMs);
  }

  private reply(m: Reply): void {
    const f = this.inflight;
    if (!f || m.seq !== f.seq) return; // a late answer to a retried line
    this.clock.clearTimeout(f.timer);
    this.inflight = null;
    f.resolve({ reply: m, data: this.lastData });
    this.pump();
  }

  /** A PING when nothing was sent for a third of the board's watchdog (PROTOCOL.md). */
  private startHeartbeat(wdogMs: number): void {
    const every = Math.max(50, Math.floor(wdogMs / 3));
    const check = Math.max(25, Math.floor(every / 2));
    const beat = () => {
      if (this.closed) return;
      if (!this.inflight && this.queue.length === 0 && this.clock.now() - this.lastSent >= every) void this.send({ verb: 'PING' }).catch(() => {});
      this.heartbeat = this.clock.setTimeout(beat, check);
    };
    this.heartbeat = this.clock.setTimeout(beat, check);
  }

  private lost(why: NoticeWords): void {
    if (this.closed) return;
    void this.close();
    this.handlers.lost(why);
  }

  /**
   * Closes the link; commands waiting fail with a `disconnected` error. Resolves once the
   * connection is closed (its port released), for every caller: a link lost to a timeout starts
   * closing itself, and an open that then fails must not return while the port is still held (the
   * next open would be refused as busy).
   */
  close(): Promise<void> {
    this.closing ??= this.shut();
    return this.closing;
  }

  private async shut(): Promise<void> {
    this.closed = true;
    this.clock.clearTimeout(this.heartbeat);
    const err = new DeviceError({ k: 'deviceError.linkDown', v: { path: this.path } }, 'disconnected', this.path);
    if (this.inflight) {
      this.clock.clearTimeout(this.inflight.timer);
      this.inflight.reject(err);
      this.inflight = null;
    }
    for (const q of this.queue.splice(0)) q.reject(err);
    await this.conn?.close();
  }
}

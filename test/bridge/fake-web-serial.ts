/**
 * A fake `navigator.serial` that behaves as Chromium's does where it matters to a host, backed by
 * any line transport's board (a scripted board on a memory transport, or the emulated firmware):
 * real WHATWG streams (`port.readable` / `port.writable`), `open()` refused on a port already open,
 * `close()` refused while a reader or writer holds a stream, an unplug that errors the streams,
 * fires `disconnect` and kills the port object, and a replug that appears as a new port object
 * with the same USB ids (`getPorts()` lists it). As in Chromium, `getPorts()` lists a port only
 * once this site is allowed to use it (the person picked it in `requestPort()`, in this page or
 * one before it: `allowed`). No Node imports: a page can use it too.
 */
import type { Connection, LineTransport } from '../../firmware-bridge/transport.ts';
import type { WebSerial, WebSerialPort, WebSerialPortInfo } from '../../firmware-bridge/web-serial.ts';

const domError = (name: string, message: string) => new DOMException(message, name);

/** One port object, alive until its device is unplugged. */
export class FakeSerialPort extends EventTarget implements WebSerialPort {
  readable: ReadableStream<Uint8Array> | null = null;
  writable: WritableStream<Uint8Array> | null = null;
  /** The `bufferSize` asked for at the last open. */
  bufferSize = 0;
  /** Times `close()` was refused because a stream was still locked. */
  lockedCloses = 0;
  private conn: Connection | null = null;
  private source: ReadableStreamDefaultController<Uint8Array> | null = null;
  private dead = false;

  constructor(private readonly wire: LineTransport, private readonly info: WebSerialPortInfo) {
    super();
  }

  getInfo(): WebSerialPortInfo {
    return { ...this.info };
  }

  async open(options: { baudRate: number; bufferSize?: number }): Promise<void> {
    if (this.dead) throw domError('NetworkError', 'Failed to open serial port.');
    if (this.readable || this.writable) throw domError('InvalidStateError', 'The port is already open.');
    if (options.baudRate !== 115200) throw new Error(`fake serial: the board runs at 115200 baud, opened at ${options.baudRate}`);
    this.bufferSize = options.bufferSize ?? 255;
    // The stream first: the board's first bytes (its HELLO) may come before open() returns.
    this.readable = this.fresh();
    try {
      this.conn = await this.wire.open({ data: (chunk) => this.receive(chunk), ended: () => this.lost() });
    } catch {
      this.readable = null;
      throw domError('NetworkError', 'Failed to open serial port.');
    }
    const conn = this.conn;
    this.writable = new WritableStream<Uint8Array>({
      write: (bytes) => {
        if (this.dead) throw domError('NetworkError', 'The device has been lost.');
        conn.write(String.fromCharCode(...bytes));
      },
    });
  }

  /** Overruns so far: bytes came faster than the host read them, past `bufferSize`. */
  overruns = 0;

  /** A new `readable`, its queue limited to the buffer's size as the browser's is. */
  private fresh(): ReadableStream<Uint8Array> {
    return new ReadableStream<Uint8Array>(
      { start: (c) => void (this.source = c), cancel: () => void (this.source = null) },
      { highWaterMark: this.bufferSize, size: (chunk) => chunk.length },
    );
  }

  /** Bytes from the board: queued, or, past the buffer, a BufferOverrunError and a fresh stream (non-fatal, as in the spec). */
  private receive(chunk: Uint8Array): void {
    const c = this.source;
    if (!c) return;
    if (chunk.length <= (c.desiredSize ?? 0)) return c.enqueue(chunk.slice());
    this.overruns++; // the chunk is lost, as bytes the UART could not store are
    c.error(domError('BufferOverrunError', 'The receive buffer overflowed.'));
    this.readable = this.fresh();
  }

  async close(): Promise<void> {
    if (this.readable?.locked || this.writable?.locked) {
      this.lockedCloses++;
      throw domError('InvalidStateError', 'Cannot close a port while its streams are locked.');
    }
    const conn = this.conn;
    this.readable = this.writable = null;
    this.source = null;
    this.conn = null;
    await conn?.close();
  }

  /** The device went away: the streams error, `disconnect` fires, and this object is dead for good. */
  lost(): void {
    if (this.dead) return;
    this.dead = true;
    const err = domError('NetworkError', 'The device has been lost.');
    this.source?.error(err);
    this.source = null;
    void this.writable?.abort(err).catch(() => {});
    this.readable = this.writable = null;
    void this.conn?.close();
    this.conn = null;
    this.dispatchEvent(new Event('disconnect'));
  }
}

/** How the browser stands towards the board before the page asks anything. */
export interface FakeSerialOptions {
  /** The board's USB ids (an Arduino Uno's by default). */
  info?: WebSerialPortInfo;
  /** This site was allowed the board before (a page reloaded, a person who picked it earlier); true by default. */
  allowed?: boolean;
  /** Hears the person allow the board in `requestPort()` (a page keeps it across a reload, as Chromium does). */
  onAllow?: () => void;
}

/** `navigator.serial` over one board. */
export class FakeSerial extends EventTarget implements WebSerial {
  private ports: FakeSerialPort[];
  private readonly info: WebSerialPortInfo;
  /** The site may use the board: `getPorts()` lists it. */
  allowed: boolean;
  /** Times the page asked the person for a port (`requestPort()`: a gesture each). */
  requests = 0;

  /** `unplug` and `plug` act on the wire's cable (a memory transport's or the emulated board's). */
  constructor(private readonly wire: LineTransport & { unplug(): void; plug(): void }, private readonly o: FakeSerialOptions = {}) {
    super();
    this.info = o.info ?? { usbVendorId: 0x2341, usbProductId: 0x0043 };
    this.allowed = o.allowed ?? true;
    this.ports = [new FakeSerialPort(wire, this.info)];
  }

  /** The one port object now (null while unplugged). */
  get port(): FakeSerialPort | null {
    return this.ports[0] ?? null;
  }

  async getPorts(): Promise<WebSerialPort[]> {
    return this.allowed ? [...this.ports] : [];
  }

  async requestPort(options?: { filters?: WebSerialPortInfo[] }): Promise<WebSerialPort> {
    this.requests++;
    const ok = (f: WebSerialPortInfo) => (f.usbVendorId === undefined || f.usbVendorId === this.info.usbVendorId) && (f.usbProductId === undefined || f.usbProductId === this.info.usbProductId);
    const port = this.ports[0];
    if (!port || (options?.filters && !options.filters.some(ok))) throw domError('NotFoundError', 'No port selected by the user.');
    if (!this.allowed) this.o.onAllow?.();
    this.allowed = true;
    return port;
  }

  /** The cable is pulled: the port object dies (its `disconnect` fires; Chromium's bubbles here). */
  unplug(): void {
    const port = this.ports.shift();
    this.wire.unplug();
    port?.lost();
    if (port) this.dispatchEvent(Object.assign(new Event('disconnect'), { port }));
  }

  /** The cable is back: a new port object, same USB ids. */
  plug(): void {
    this.wire.plug();
    const port = new FakeSerialPort(this.wire, this.info);
    this.ports.push(port);
    this.dispatchEvent(new Event('connect'));
  }
}

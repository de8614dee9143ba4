/**
 * The line transport over the browser's Web Serial API (`navigator.serial`; Chromium-based
 * browsers on desktop). No Node imports: the browser game bundles it. Web Serial's known traps,
 * and what this module does about each:
 *
 * - Opening the port resets an Uno (the browser raises DTR): the command session waits for the
 *   board's HELLO and drops the bytes before it (`serial/link.ts`), as on every transport.
 * - `close()` rejects while a reader or writer holds the port's streams: the reader is cancelled
 *   and released and the writer released first.
 * - An unplug is a `disconnect` event (on the port, bubbling to `navigator.serial`), and the
 *   replugged board is a new `SerialPort` object: the next open finds it again through
 *   `getPorts()` by its USB vendor and product ids, without asking the person again.
 * - A slow reader overruns the browser's buffer (255 bytes by default): the port opens with a
 *   larger buffer and one read loop hands every chunk on at once, never awaiting anything else;
 *   a non-fatal read error (overrun, break, framing, parity) gives a fresh stream and the loop goes
 *   on, the damaged bytes left to the session's garbage handling.
 */
import { latin1Bytes } from './frame.ts';
import type { NoticeWords } from './notices.ts';
import { DeviceError } from './port-errors.ts';
import type { Connection, LineTransport, LinkEvents } from './transport.ts';

/** What Web Serial says about a port's USB device. */
export interface WebSerialPortInfo {
  usbVendorId?: number;
  usbProductId?: number;
}

/** The part of Web Serial's `SerialPort` this module uses (the DOM typings have none yet). */
export interface WebSerialPort extends EventTarget {
  readonly readable: ReadableStream<Uint8Array> | null;
  readonly writable: WritableStream<Uint8Array> | null;
  open(options: { baudRate: number; bufferSize?: number }): Promise<void>;
  close(): Promise<void>;
  getInfo(): WebSerialPortInfo;
}

/** The part of `navigator.serial` this module uses. */
export interface WebSerial extends EventTarget {
  getPorts(): Promise<WebSerialPort[]>;
  requestPort(options?: { filters?: WebSerialPortInfo[] }): Promise<WebSerialPort>;
}

/** The protocol's baud rate (PROTOCOL.md, "Link"). */
export const BAUD_RATE = 115200;
/** The browser's receive buffer, bytes: a few hundred lines, so a busy page does not overrun it. */
export const BUFFER_SIZE = 16384;

/**
 * USB ids of Arduino-like boards: Arduino's own (Uno, Nano, Mega: 0x2341 and the older 0x2A03),
 * and the USB-serial chips of clones (WCH CH340, FTDI FT232R, Silicon Labs CP210x).
 */
export const ARDUINO_USB_FILTERS: readonly WebSerialPortInfo[] = [
  { usbVendorId: 0x2341 }, { usbVendorId: 0x2a03 },
  { usbVendorId: 0x1a86, usbProductId: 0x7523 }, { usbVendorId: 0x0403, usbProductId: 0x6001 }, { usbVendorId: 0x10c4, usbProductId: 0xea60 },
];

/** Whether this browser has Web Serial: else a sentence saying which browsers do. */
export function webSerialSupport(nav: { serial?: unknown } | undefined): { ok: true; serial: WebSerial } | { ok: false; why: string } {
  if (nav?.serial) return { ok: true, serial: nav.serial as WebSerial };
  return { ok: false, why: 'this browser cannot reach a serial port: use Chrome, Edge or Opera on a desktop (Web Serial), over https or on localhost' };
}

const hex4 = (n: number | undefined) => (n ?? 0).toString(16).padStart(4, '0');

/** How messages name a board on Web Serial: `web-serial:2341:0043` (its USB vendor and product ids). */
export function webSerialName(info: WebSerialPortInfo): string {
  return `web-serial:${hex4(info.usbVendorId)}:${hex4(info.usbProductId)}`;
}

/** Asks the person to pick the launcher's port (needs a click: a user gesture). */
export async function requestLauncherPort(serial: WebSerial): Promise<WebSerialTransport> {
  return new WebSerialTransport(serial, await serial.requestPort({ filters: [...ARDUINO_USB_FILTERS] }));
}

/**
 * A launcher's port found again without asking: one the person picked before (the browser lists
 * only ports this site was allowed), plugged in now, with the USB ids `want` when given (the board
 * a page played with before a reload), else any Arduino-like one. Null when there is none.
 */
export async function knownLauncherPort(serial: WebSerial, want?: WebSerialPortInfo): Promise<WebSerialTransport | null> {
  const port = (await serial.getPorts()).find((p) => (want ? [want] : ARDUINO_USB_FILTERS).some((f) => matches(p.getInfo(), f)));
  return port ? new WebSerialTransport(serial, port) : null;
}

function matches(info: WebSerialPortInfo, want: WebSerialPortInfo): boolean {
  return (want.usbVendorId === undefined || info.usbVendorId === want.usbVendorId) && (want.usbProductId === undefined || info.usbProductId === want.usbProductId);
}

/** Read errors after which the port gives a fresh `readable` (the Web Serial spec's non-fatal ones). */
const NON_FATAL = new Set(['BufferOverrunError', 'BreakError', 'FramingError', 'ParityError']);

/** One board's port through Web Serial, found again by its USB ids after an unplug. */
export class WebSerialTransport implements LineTransport {
  readonly path: string;
  /** The board's USB ids: how its port is found again (after an unplug, or by a page reloaded). */
  readonly info: WebSerialPortInfo;
  private port: WebSerialPort | null;

  constructor(private readonly serial: WebSerial, port: WebSerialPort) {
    this.port = port;
    this.info = port.getInfo();
    this.path = webSerialName(this.info);
  }

  /** The port now, or the replugged board's new port object, by the same USB ids. */
  private async find(): Promise<WebSerialPort> {
    if (this.port) return this.port;
    const again = (await this.serial.getPorts()).find((p) => matches(p.getInfo(), this.info));
    if (!again) throw new DeviceError({ k: 'deviceError.web.unplugged', v: { path: this.path } }, 'missing', this.path);
    return (this.port = again);
  }

  async open(events: LinkEvents): Promise<Connection> {
    const port = await this.find();
    try {
      await port.open({ baudRate: BAUD_RATE, bufferSize: BUFFER_SIZE });
    } catch (e) {
      throw this.explain(e);
    }
    const writer = port.writable!.getWriter();
    let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
    let state: 'open' | 'closing' | 'ended' = 'open';
    let reading: Promise<void> = Promise.resolve();
    let released: Promise<void> | null = null;
    const onDisconnect = (e: Event) => {
      if (e.target === port || e.currentTarget === port) end(true, { k: 'notice.why.unplugged' });
    };
    /** Releases the streams (close() refuses while they are locked), then closes the port. */
    const release = () =>
      (released ??= (async () => {
        port.removeEventListener('disconnect', onDisconnect);
        this.serial.removeEventListener('disconnect', onDisconnect);
        await reader?.cancel().catch(() => {});
        await reading;
        await writer.close().catch(() => {});
        writer.releaseLock();
        await port.close().catch(() => {}); // a port whose device is gone is closed already
      })());
    const end = (unplugged: boolean, reason: NoticeWords) => {
      if (state !== 'open') return;
      state = 'ended';
      if (unplugged && this.port === port) this.port = null; // a dead object: the replugged board is another one
      events.ended({ unplugged, reason });
      void release();
    };
    port.addEventListener('disconnect', onDisconnect);
    this.serial.addEventListener('disconnect', onDisconnect);
    reading = (async () => {
      while (port.readable && state === 'open') {
        const r = (reader = port.readable.getReader());
        try {
          for (;;) {
            const { value, done } = await r.read();
            if (done) break;
            if (value && value.length > 0) events.data(value);
          }
        } catch (e) {
          const name = (e as { name?: string }).name ?? '';
          if (!NON_FATAL.has(name)) end(name === 'NetworkError', { k: 'notice.why.failed', v: { error: (e as Error).message || name } });
        } finally {
          r.releaseLock();
          reader = null;
        }
      }
      if (state === 'open') end(true, { k: 'notice.why.noData' });
    })();
    return {
      write: (text) => {
        if (state === 'open') writer.write(latin1Bytes(text)).catch((e: Error) => end(false, { k: 'notice.why.writeFailed', v: { error: e.message } }));
      },
      close: async () => {
        if (state === 'open') state = 'closing';
        await release();
      },
    };
  }

  private explain(e: unknown): DeviceError {
    const name = (e as { name?: string }).name ?? '';
    const msg = (e as Error).message || name;
    if (name === 'InvalidStateError' || name === 'NetworkError')
      return new DeviceError({ k: 'deviceError.web.busy', v: { path: this.path } }, 'busy', this.path);
    if (name === 'SecurityError' || name === 'NotAllowedError')
      return new DeviceError({ k: 'deviceError.web.refused', v: { path: this.path, error: msg } }, 'permission', this.path);
    if (name === 'NotFoundError') return new DeviceError({ k: 'deviceError.web.notPlugged', v: { path: this.path } }, 'missing', this.path);
    return new DeviceError({ k: 'deviceError.web.cannotOpen', v: { path: this.path, error: msg } }, 'io', this.path);
  }
}

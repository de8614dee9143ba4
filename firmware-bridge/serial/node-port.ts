/**
 * The line transport over a Node serial port (the `serialport` package): 115200 baud, the port
 * locked while open, its errors explained (busy, permission denied, missing), an unplug told as
 * such. And {@link openSerial}, the serial driver on a port path: what `--device serial:PATH` opens.
 */
import { SerialPort } from 'serialport';
import type { NoticeWords } from '../notices.ts';
import { explainOpenError } from '../port-errors.ts';
import type { Connection, LineTransport, LinkEvents } from '../transport.ts';
import { SerialLauncher, type SerialOptions } from './driver.ts';

/** The protocol's baud rate (PROTOCOL.md, "Link"). */
export const BAUD_RATE = 115200;

/** A serial port at `path`, opened anew for each connection. */
export class NodeSerialTransport implements LineTransport {
  constructor(readonly path: string) {}

  async open(events: LinkEvents): Promise<Connection> {
    const path = this.path;
    const port = await new Promise<SerialPort>((resolve, reject) => {
      const p = new SerialPort({ path, baudRate: BAUD_RATE, lock: true }, (err) => (err ? reject(explainOpenError(path, err)) : resolve(p)));
    });
    let closing = false;
    let ended = false;
    const end = (unplugged: boolean, reason: NoticeWords) => {
      if (closing || ended) return;
      ended = true;
      events.ended({ unplugged, reason });
    };
    port.on('data', (chunk: Buffer) => events.data(chunk));
    port.on('close', (err: (Error & { disconnected?: boolean }) | null) =>
      end(!!err?.disconnected, { k: err?.disconnected ? 'notice.why.vanished' : 'notice.why.closed' }));
    port.on('error', (err: Error) => end(false, { k: 'notice.why.portError', v: { error: err.message } }));
    return {
      write: (text) => {
        if (!closing && port.isOpen) port.write(text, 'latin1');
      },
      close: async () => {
        closing = true;
        if (port.isOpen) await new Promise<void>((r) => port.close(() => r()));
      },
    };
  }
}

/** Opens the serial driver on the port at `path` (see {@link SerialLauncher.open}). */
export function openSerial(o: Omit<SerialOptions, 'transport'> & { path: string }): Promise<SerialLauncher> {
  const { path, ...rest } = o;
  return SerialLauncher.open({ ...rest, transport: new NodeSerialTransport(path) });
}

/**
 * An in-memory line transport: the host's end is a {@link LineTransport}, the other end a
 * {@link BoardEnd} that a test (or an emulated board) drives. It behaves like a USB serial cable:
 * one connection at a time (a second open is refused as busy), bytes in order and delivered
 * asynchronously, an unplug ends the connection (told as one) and makes opens fail as a missing
 * port until it is plugged back. Nothing in it reads the time.
 *
 * It refuses an open as the operating system does, with an errno `code`, which the link that
 * opens it explains (serial/link.ts, port-errors.ts): so it words nothing itself, and the virtual
 * launcher's worker, which runs it in the page, carries no catalogue.
 */
import { latin1Bytes } from './frame.ts';
import type { Connection, LineTransport, LinkEvents } from './transport.ts';

/** The board's end of a {@link MemoryTransport}. */
export interface BoardEnd {
  /** Sends bytes to the host; lost while no connection is open (as a board's output with no host). */
  write(bytes: string | Uint8Array): void;
  /** Hears the host's bytes. Returns the unsubscribe function. */
  onData(listener: (chunk: Uint8Array) => void): () => void;
  /** Hears each open by the host (a real Uno resets there: DTR). Returns the unsubscribe function. */
  onOpen(listener: () => void): () => void;
  /** Hears each close by the host. Returns the unsubscribe function. */
  onClose(listener: () => void): () => void;
  /** A host connection is open. */
  readonly connected: boolean;
}

/** A pair of ends joined in memory. */
export class MemoryTransport implements LineTransport {
  readonly board: BoardEnd;
  /** Every byte the host wrote, as text, across connections (for exact-byte checks). */
  sent = '';
  private events: LinkEvents | null = null;
  private plugged = true;
  private refusal: string | null = null;
  private readonly dataListeners = new Set<(chunk: Uint8Array) => void>();
  private readonly openListeners = new Set<() => void>();
  private readonly closeListeners = new Set<() => void>();
  /** Connections opened so far. */
  opens = 0;

  constructor(readonly path = 'memory') {
    const self = this;
    const on = <T>(set: Set<T>, l: T) => (set.add(l), () => void set.delete(l));
    this.board = {
      write: (bytes) => this.toHost(typeof bytes === 'string' ? latin1Bytes(bytes) : bytes.slice()),
      onData: (l) => on(this.dataListeners, l),
      onOpen: (l) => on(this.openListeners, l),
      onClose: (l) => on(this.closeListeners, l),
      get connected() {
        return self.events !== null;
      },
    };
  }

  async open(events: LinkEvents): Promise<Connection> {
    // Refused as an operating system refuses a port, so the messages are the serial port's own.
    const refused = !this.plugged ? 'ENOENT' : this.refusal ?? (this.events ? 'EBUSY' : null);
    if (refused) throw Object.assign(new Error(refused), { code: refused });
    this.events = events;
    this.opens++;
    for (const l of this.openListeners) l();
    let open = true;
    return {
      write: (text) => {
        if (!open || this.events !== events) return;
        this.sent += text;
        const bytes = latin1Bytes(text);
        queueMicrotask(() => {
          if (this.events === events) for (const l of this.dataListeners) l(bytes);
        });
      },
      close: async () => {
        if (!open) return;
        open = false;
        if (this.events === events) this.drop();
      },
    };
  }

  private toHost(bytes: Uint8Array): void {
    const events = this.events;
    if (events) queueMicrotask(() => this.events === events && events.data(bytes));
  }

  private drop(): void {
    this.events = null;
    for (const l of this.closeListeners) l();
  }

  /** The cable is pulled: the open connection ends (told to the host) and opens fail until {@link plug}. */
  unplug(): void {
    this.plugged = false;
    const events = this.events;
    if (!events) return;
    this.drop();
    queueMicrotask(() => events.ended({ unplugged: true, reason: { k: 'notice.why.vanished' } }));
  }

  /** The cable is back: the next open succeeds. */
  plug(): void {
    this.plugged = true;
  }

  /** Makes every open fail with an errno (`EBUSY`: another program holds the port; `EACCES`: permission denied), or succeed again with null. */
  refuse(errno: 'EBUSY' | 'EACCES' | null): void {
    this.refusal = errno;
  }
}

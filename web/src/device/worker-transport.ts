/**
 * The virtual launcher's worker as a line transport: each `open` opens the emulated board's port
 * in the worker (the board resets, as a USB Uno does, and says HELLO), bytes cross as messages.
 * One connection at a time, as a cable carries one.
 */
import { DeviceError } from '../../../firmware-bridge/port-errors.ts';
import type { NoticeWords } from '../../../firmware-bridge/notices.ts';
import type { Connection, LineTransport, LinkEvents } from '../../../firmware-bridge/transport.ts';
import type { BoardTally, FromWorker, ToWorker } from './protocol.ts';

/** The worker behind a {@link LineTransport}, and the person's hands at its launcher. */
export class WorkerTransport implements LineTransport {
  readonly path = 'virtual';
  private events: LinkEvents | null = null;
  private waiting: { ok: () => void; fail: (e: Error) => void } | null = null;
  private closing: (() => void) | null = null;
  private tallyListeners = new Set<(t: BoardTally) => void>();
  /** The board's last tally. */
  tally: BoardTally = { sensed: 0, left: 0 };
  /** Why the firmware could not start, once the worker said so. */
  failure: NoticeWords | null = null;

  constructor(private readonly worker: Worker) {
    worker.onmessage = (e: MessageEvent<FromWorker>) => this.heard(e.data);
    worker.onerror = (e) => this.heard({ type: 'failed', words: { k: 'deviceError.virtualFailed', v: { error: e.message || { k: 'deviceError.virtualNoWorker' } } } });
  }

  private send(m: ToWorker): void {
    this.worker.postMessage(m);
  }

  private heard(m: FromWorker): void {
    switch (m.type) {
      case 'opened':
        this.waiting?.ok();
        this.waiting = null;
        return;
      case 'refused':
        this.waiting?.fail(new DeviceError(m.words, 'missing', this.path));
        this.waiting = null;
        return;
      case 'data':
        this.events?.data(m.bytes);
        return;
      case 'ended': {
        const ev = this.events;
        this.events = null;
        ev?.ended(m.end);
        return;
      }
      case 'closed':
        this.closing?.();
        this.closing = null;
        return;
      case 'tally':
        this.tally = m.tally;
        for (const l of this.tallyListeners) l(m.tally);
        return;
      case 'failed':
        this.failure = m.words;
        this.waiting?.fail(new DeviceError(m.words, 'io', this.path));
        this.waiting = null;
    }
  }

  open(events: LinkEvents): Promise<Connection> {
    if (this.failure) return Promise.reject(new DeviceError(this.failure, 'io', this.path));
    return new Promise<Connection>((ok, fail) => {
      this.waiting = {
        ok: () => {
          this.events = events;
          ok({
            write: (text) => this.events === events && this.send({ type: 'write', text }),
            close: () => {
              if (this.events !== events) return Promise.resolve();
              this.events = null;
              return new Promise<void>((done) => {
                this.closing = done;
                this.send({ type: 'close' });
              });
            },
          });
        },
        fail,
      };
      this.send({ type: 'open' });
    });
  }

  /** A person opens or closes the launcher's lid. */
  setLid(open: boolean): void {
    this.send({ type: 'lid', open });
  }

  /** A person puts cards in (the lid open); with `replace`, they first take out every card left in it. */
  load(cards: number, replace = false): void {
    this.send({ type: 'load', cards, replace });
  }

  /** Hears the board's tally as it changes; returns the unsubscribe function. */
  onTally(listener: (t: BoardTally) => void): () => void {
    this.tallyListeners.add(listener);
    return () => this.tallyListeners.delete(listener);
  }

  /** Stops the worker (and the board in it). */
  terminate(): void {
    this.worker.terminate();
  }
}

/**
 * What a device driver tells the person at the launcher (LauncherHardware.onNotice): noise on the
 * serial line, a link lost for good. Plain sentences, said once, never a flood.
 */

import { wallClock, type Clock, type TimerHandle } from '../lib/wall-clock.ts';

/** A driver's notices and who hears them. */
export class Notices {
  private readonly listeners = new Set<(message: string) => void>();
  /** Said while nobody listened (a command subscribes once the device is open): the last few. */
  private readonly unheard: string[] = [];

  /** Tells every listener; with none yet, keeps the message for the first one. */
  say(message: string): void {
    if (this.listeners.size === 0) {
      this.unheard.push(message);
      if (this.unheard.length > 5) this.unheard.shift();
      return;
    }
    for (const l of this.listeners) l(message);
  }

  /** Subscribes (first hearing what nobody heard yet); returns the unsubscribe function. */
  on(listener: (message: string) => void): () => void {
    this.listeners.add(listener);
    for (const m of this.unheard.splice(0)) listener(m);
    return () => this.listeners.delete(listener);
  }

  clear(): void {
    this.listeners.clear();
    this.unheard.length = 0;
  }
}

/**
 * Lines from a board that are not the protocol (a bad cable, another program writing to the port,
 * a wrong baud rate): counted, and told to a person at most once per `everyMs`. The first line is
 * told at once; those that follow within the window are summed up when it ends, so a noisy line
 * gives one message per window however many lines it garbles.
 */
export class GarbageReport {
  /** Lines seen since the device was opened (across reconnects). */
  count = 0;
  /** The last of them (its first 40 characters). */
  last: string | null = null;
  private pending = 0;
  private pendingSample = '';
  private toldAt = -Infinity;
  private timer: TimerHandle | null = null;

  constructor(
    private readonly name: string,
    private readonly say: (message: string) => void,
    private readonly everyMs = 10_000,
    private readonly clock: Clock = wallClock,
  ) {}

  /** One line that did not decode. */
  add(line: string): void {
    this.count++;
    this.last = line.slice(0, 40);
    if (this.pending++ === 0) this.pendingSample = this.last;
    if (this.timer) return;
    const wait = this.toldAt + this.everyMs - this.clock.now();
    if (wait <= 0) this.tell();
    else this.timer = this.clock.setTimeout(() => this.tell(), wait);
  }

  private tell(): void {
    this.timer = null;
    const n = this.pending;
    this.pending = 0;
    this.toldAt = this.clock.now();
    const total = n === this.count ? '' : `, ${this.count} since opening the port`;
    this.say(
      `${this.name}: ${n} unreadable line${n === 1 ? '' : 's'} from the board (e.g. ${JSON.stringify(this.pendingSample)}${total}), ignored; ` +
        'the card count is read again from the board, so no card is lost. If it goes on, check the USB cable and that no other program writes to the port',
    );
  }

  /** Stops the pending summary (the device is closing). */
  close(): void {
    if (this.timer) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }
}

/**
 * The command session with a board running this project's firmware, over any line transport
 * (`transport.ts`) and on an injected clock: links made by `link.ts` (handshake, numbering, acks,
 * retries, heartbeat), the board's running counters turned into one input per press and per card,
 * reconnection with backoff after an unplug or a reset, and resynchronisation by the counters
 * (`counts.ts`), so no card is counted twice or lost, nor made up by a damaged count. Lines on the wire that are not the protocol are ignored,
 * counted ({@link CommandSession.diagnostics}) and told to the person at most once per
 * `noticeEveryMs`; each one makes the session read the board's counters again, so a damaged CARD
 * line loses no card. Nothing here knows what a port is, nor reads the time but from the clock.
 */
import { helloWatchdog, type Command } from '../codec.ts';
import { wallClock, type Clock, type TimerHandle } from '../../lib/wall-clock.ts';
import { GarbageReport, notice, noticeOf, noticeText, Notices, type Notice, type NoticeListener, type NoticeWords } from '../notices.ts';
import { DeviceError } from '../port-errors.ts';
import type { LineTransport } from '../transport.ts';
import { BoardCounts, type BoardInput } from './counts.ts';
import { DEFAULT_TIMING, Link, type Hello, type LinkTiming, type SeqCounter } from './link.ts';

/** Options of {@link CommandSession.open}. */
export interface SessionOptions {
  transport: LineTransport;
  timing?: Partial<LinkTiming>;
  /** Reconnect backoff: first wait and longest wait, ms. */
  backoff?: { firstMs: number; maxMs: number };
  /** Hears what the session does (connects, resyncs, lost links, refused commands), one line each: for debugging. */
  log?: (line: string) => void;
  /** Unreadable lines are told to the person at most once per this many ms (default 10 s). */
  noticeEveryMs?: number;
  /** Time and timers (default: the wall clock). */
  clock?: Clock;
  /** Sequence numbers (default: the process's, shared by every session). */
  seq?: SeqCounter;
  /** Shown in notices (default `serial:PATH`). */
  name?: string;
}

/** What the session has seen on the wire, for a status line or a bug report. */
export interface SessionDiagnostics {
  /** Connections made (1 + reconnects). */
  connections: number;
  /** Lines from the board, after the handshake, that were not the protocol (ignored). */
  garbageLines: number;
  /** The last of them (its first 40 characters), or null. */
  lastGarbage: string | null;
}

export type { BoardInput } from './counts.ts';

/** The wire's delay allowed between two readings of the board's uptime, ms (besides its drift). */
const UP_SLACK_MS = 50;

/**
 * The board's uptime when it says HELLO, at most, ms: the firmware says it at the end of setup()
 * (17 ms after a reset on the emulated chip, STATUS included); a line that looks like a HELLO from
 * a board up longer than this plus the time since the line came is not the board's.
 */
const HELLO_UP_MS = 500;

/** A session with one board, across reconnects. */
export class CommandSession {
  /** Shown in notices and logs: `serial:/dev/ttyACM0`. */
  readonly name: string;
  private link: Link | null = null;
  private readonly counts: BoardCounts;
  private closing = false;
  private reconnecting = false;
  private backoffTimer: { handle: TimerHandle; wake: () => void } | null = null;
  /** Aborted by close(): a handshake under way ends at once. */
  private readonly closed = new AbortController();
  private readonly timing: LinkTiming;
  private readonly clock: Clock;
  private readonly log: (line: string) => void;
  private readonly notices = new Notices();
  private readonly garbage: GarbageReport;
  /** A STATUS asked for after garbage is in flight (`done` when counted); `again`: more garbage came meanwhile. */
  private recount: { again: boolean; done: Promise<void> } | null = null;
  /** The person was told the link was lost: they are told when it is back. */
  private lostSaid = false;
  /** The first connection succeeded: from now on a lost link is reconnected. */
  private established = false;
  /** Connections made (1 + reconnects). */
  connections = 0;
  private readonly helloListeners = new Set<(hello: Hello) => void>();
  /** The board's uptime in its last STATUS (ms since its reset), and when the host heard it (its clock). */
  private lastUp: { up: number; at: number } | null = null;
  /** STATUS queries sent on this session, numbered: tells one asked after a HELLO from one asked before. */
  private statusAsked = 0;
  /**
   * A HELLO heard inside a live link, and how many STATUS queries had been sent by then: the first
   * STATUS asked after it says whether the board did reset (its `up` went back) or the line was not
   * its own, before the counts are compared or the servo aimed again.
   */
  private helloToCheck: { hello: Hello; after: number; at: number } | null = null;

  private constructor(private readonly o: SessionOptions, private readonly emit: (i: BoardInput) => void) {
    this.name = o.name ?? `serial:${o.transport.path}`;
    this.timing = { ...DEFAULT_TIMING, ...o.timing };
    this.clock = o.clock ?? wallClock;
    this.log = o.log ?? (() => {});
    this.garbage = new GarbageReport(this.name, (n) => this.notices.say(n), o.noticeEveryMs, this.clock);
    this.counts = new BoardCounts(emit, this.log, () => this.readCounters(), (k, v) => this.notices.say(notice(k, { device: this.name, ...v })));
  }

  /**
   * Opens the first connection and does the handshake; rejects with a clear error (missing, busy,
   * permission, silent, wrong protocol). `onInput` hears the board from the first connection on:
   * the lid and battery found there, then every press, card, stall and link change.
   */
  static async open(o: SessionOptions, onInput: (i: BoardInput) => void): Promise<CommandSession> {
    const s = new CommandSession(o, onInput);
    await s.connect(true);
    return s;
  }

  private get path(): string {
    return this.o.transport.path;
  }

  private async connect(first: boolean): Promise<void> {
    let opened: Link | null = null;
    const { link, hello } = await Link.open(this.o.transport, { timing: this.timing, clock: this.clock, seq: this.o.seq, signal: this.closed.signal }, {
      message: (m) => {
        if (m.type !== 'HELLO') return this.counts.message(m);
        // The board reset under a live link (a watchdog, a brown-out), or a line only looks like its
        // HELLO (a stray or forged one: its CRC-8 proves nothing): the board's uptime tells which.
        this.helloToCheck = { hello: m, after: this.statusAsked, at: this.clock.now() };
        this.readCounters();
      },
      lost: (why) => this.onLost(opened, why),
      garbage: (l) => this.onGarbage(l),
    });
    opened = link;
    if (this.closing) return void (await link.close());
    let status;
    try {
      status = await link.status();
    } catch (e) {
      await link.close();
      throw new DeviceError({ k: 'deviceError.noStatus', v: { path: this.path, why: noticeOf(e) ?? String((e as Error).message) } }, 'protocol', this.path);
    }
    if (this.closing) return void (await link.close());
    this.link = link;
    this.lastUp = { up: status.upMs, at: this.clock.now() };
    this.connections++;
    if (first && helloWatchdog(hello) === 'cut') this.notices.say(oldBootloaderNotice(this.name));
    if (first) this.counts.start(hello, status.cards, status.presses);
    else this.counts.resync(hello, status.cards, status.presses);
    this.log(`connected to ${this.path}: firmware ${hello.fw}, ${status.cards} cards counted, lid ${status.lidOpen ? 'open' : 'closed'}`);
    this.emit({ type: 'LID', open: status.lidOpen });
    if (status.mv > 0) this.emit({ type: 'BATTERY', volts: status.mv / 1000 });
    if (!first) this.emit({ type: 'LINK', up: true });
    if (this.lostSaid) this.notices.say(notice('notice.back', { device: this.name }));
    this.lostSaid = false;
    this.established = true;
  }

  /**
   * A line that is not the protocol: told to the person (rate-limited), and the board's counters
   * read again at once, as a damaged line may have been a CARD: the burst's last card would
   * otherwise wait for the next burst's first CARD line.
   */
  private onGarbage(line: string): void {
    this.garbage.add(line);
    this.readCounters();
  }

  /**
   * Asks for STATUS and counts the cards and presses it carries past the last count; one query at
   * a time, again if asked meanwhile. A reply the board dropped (its reply queue full under a
   * flood, PROTOCOL.md) is asked for again by the link, a bounded number of times: then the link
   * counts as lost, and the reconnect's STATUS counts what happened.
   */
  private readCounters(): void {
    if (this.recount) return void (this.recount.again = true);
    const link = this.link;
    if (!link) return;
    const r: { again: boolean; done: Promise<void> } = { again: false, done: Promise.resolve() };
    this.recount = r;
    const asked = ++this.statusAsked;
    r.done = link.status().then(
      (s) => {
        this.recount = null;
        if (this.link !== link) return;
        const reset = this.resetSince(s.upMs);
        const pending = this.helloToCheck;
        if (pending && asked > pending.after) {
          this.helloToCheck = null;
          // The board's HELLO ends its setup: just after it the board has been up about as long as since the line came.
          const fresh = s.upMs <= this.clock.now() - pending.at + HELLO_UP_MS;
          if (reset || fresh) this.helloHeard(pending.hello);
          else this.log(`a HELLO line came, but the board did not reset (up ${s.upMs} ms): not the board's, ignored`);
          this.counts.fromStatus(s.cards, s.presses, false);
        } else {
          // A STATUS asked before a HELLO came: the HELLO asked for the next one (`again`), which tells.
          this.counts.fromStatus(s.cards, s.presses, reset);
        }
        if (r.again) this.readCounters();
      },
      () => void (this.recount = null), // a lost link reports itself through onLost; the reconnect resyncs
    );
  }

  /**
   * Whether the board reset since its last STATUS, now that it says it has been up `up` ms: had it
   * not, its uptime would have gone on with the host's clock since. A lost HELLO shows this way,
   * and a HELLO line is told from the board's own. The slack covers the wire's delay and a
   * resonator's drift (0.5 % at worst on a Nano; 1 % allowed); a reset takes the uptime back to
   * the firmware's setup, far below. Its limit: a board that resets within that slack of a STATUS
   * read soon after its last boot, its HELLO lost, is not seen here; the next count that jumps or
   * goes back is, as for any line lost.
   */
  private resetSince(up: number): boolean {
    const last = this.lastUp;
    const now = this.clock.now();
    this.lastUp = { up, at: now };
    if (last === null) return false;
    const elapsed = now - last.at;
    return up < last.up + elapsed - (UP_SLACK_MS + elapsed / 100);
  }

  /** A HELLO inside a live link that a STATUS showed true (the board's uptime restarted): its counts compared, and told. */
  private helloHeard(hello: Hello): void {
    this.counts.message(hello);
    for (const l of this.helloListeners) l(hello);
  }

  private onLost(link: Link | null, why: NoticeWords): void {
    if (link === null || this.link !== link) return; // a link still being opened: its open fails and says why
    this.link = null;
    if (this.closing || !this.established) return;
    this.log(`link to ${this.path} lost: ${noticeText(why)}`);
    // Told at once (a silent board is found within its heartbeat's retries, under 2 s), not left
    // to a press that waits minutes for a board that may never come back.
    this.notices.say(notice('notice.linkLost', { device: this.name, why }));
    this.lostSaid = true;
    this.emit({ type: 'LINK', up: false });
    void this.reconnect();
  }

  private async reconnect(): Promise<void> {
    if (this.reconnecting) return;
    this.reconnecting = true;
    const { firstMs, maxMs } = this.o.backoff ?? { firstMs: 200, maxMs: 5000 };
    let wait = firstMs;
    try {
      while (!this.closing) {
        await this.pause(wait);
        if (this.closing) return;
        try {
          await this.connect(false);
          return;
        } catch (e) {
          if (this.closing) return;
          this.log(`reconnect to ${this.path} failed (${(e as Error).message}); next try in ${Math.min(maxMs, wait * 2)} ms`);
          wait = Math.min(maxMs, wait * 2);
        }
      }
    } finally {
      this.reconnecting = false;
    }
  }

  /** Waits `ms` on the clock; a close ends the wait at once. */
  private pause(ms: number): Promise<void> {
    return new Promise((wake) => {
      const handle = this.clock.setTimeout(() => {
        this.backoffTimer = null;
        wake();
      }, ms);
      this.backoffTimer = { handle, wake };
    });
  }

  /** Sends a command; rejects with a `disconnected` error while the link is down. */
  send(cmd: Command): ReturnType<Link['send']> {
    const link = this.link;
    if (!link) return Promise.reject(new DeviceError({ k: 'deviceError.linkDown', v: { path: this.path } }, 'disconnected', this.path));
    return link.send(cmd);
  }

  /** Sends a command and does not wait: a refusal is logged; offline, it is dropped (the board's watchdog has the motor stopped). */
  command(cmd: Command): void {
    this.send(cmd).then(
      ({ reply }) => {
        if (reply.type === 'NAK') this.log(`${cmd.verb} refused by the board: ${reply.code}`);
      },
      () => {}, // a lost link reports itself through onLost
    );
  }

  /**
   * A STATUS's reply comes after every line the board sent before it: every card it counted is in,
   * and the board's own counters check the count. A stray or damaged `CARD <n+1>` that passed its
   * CRC (no line after it could show it wrong) is found here, after the burst it was counted in,
   * and said (`counts.ts`).
   */
  async flush(): Promise<void> {
    this.readCounters();
    // The recount asked for now (or the one in flight, and the one it asks for if garbage came
    // meanwhile): no more, so a line that goes on garbling cannot hold a press forever (its cards
    // are counted when they come).
    for (let i = 0; i < 2 && this.recount; i++) await this.recount.done;
  }

  /**
   * Hears each HELLO the board sends by itself inside a live link: it reset (its watchdog, a
   * brown-out) and says what it kept, or that it booted cold. A reconnect's HELLO is not one: the
   * session reports it as `LINK` up. Returns the unsubscribe function.
   */
  onHello(listener: (hello: Hello) => void): () => void {
    this.helloListeners.add(listener);
    return () => this.helloListeners.delete(listener);
  }

  /**
   * Hears what the person at the launcher should know and cannot see from the inputs: noise on the
   * line (at most once per `noticeEveryMs`). What was said before the first listener is told to it.
   */
  onNotice(listener: NoticeListener): () => void {
    return this.notices.on(listener);
  }

  /** What the session has seen on the wire. */
  get diagnostics(): SessionDiagnostics {
    return { connections: this.connections, garbageLines: this.garbage.count, lastGarbage: this.garbage.last };
  }

  /** True while the link is up. */
  get connected(): boolean {
    return this.link !== null;
  }

  /** True once the first connection was made and the link is down: a reconnect is under way. */
  get offline(): boolean {
    return this.established && this.link === null && !this.closing;
  }

  /** Stops the motor (when connected) and closes the link; no reconnect after it. */
  async close(): Promise<void> {
    this.closing = true;
    this.closed.abort();
    this.garbage.close();
    if (this.backoffTimer) {
      this.clock.clearTimeout(this.backoffTimer.handle);
      this.backoffTimer.wake();
      this.backoffTimer = null;
    }
    const link = this.link;
    this.link = null;
    if (link) {
      await link.send({ verb: 'STOP' }).catch(() => {});
      await link.close();
    }
    this.notices.clear();
  }
}

/**
 * Told once when a board says `wdt=cut`: it has the old Nano bootloader, so its watchdog cannot
 * restart it, and a firmware that hangs leaves it silent (the motor cut) until someone resets it.
 */
export function oldBootloaderNotice(name: string): Notice {
  return notice('notice.oldBootloader', { device: name });
}

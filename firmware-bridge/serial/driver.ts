/**
 * The serial-firmware driver: a board running this project's firmware, as the launcher machine's
 * {@link LauncherHardware}. The machine decides and times each burst; the board moves the motor,
 * counts cards with its sensor, and enforces its own safety (lid interlock, run limit, watchdog).
 * After an unplug or a reset the driver reconnects with backoff and resynchronises its counters
 * from the board's running counts, so no card is counted twice or lost. Lines on the wire that
 * are not the protocol are ignored, counted ({@link SerialLauncher.diagnostics}) and told to the
 * person through {@link SerialLauncher.onNotice} (at most once per `noticeEveryMs`); each one makes
 * the driver read the board's counters again, so a damaged CARD line loses no card.
 */
import type { HardwareInput, LauncherHardware, MotorCommand, ToneKind } from '../../emulator/hardware.ts';
import { helloSession, resync, type DeviceMessage } from '../codec.ts';
import { DEFAULT_TIMING, Link, type LinkTiming } from './link.ts';
import { DeviceError } from '../port-errors.ts';
import { GarbageReport, Notices } from '../notices.ts';

/** Options of {@link SerialLauncher.open}. */
export interface SerialOptions {
  path: string;
  timing?: Partial<LinkTiming>;
  /** Reconnect backoff: first wait and longest wait, ms. */
  backoff?: { firstMs: number; maxMs: number };
  /** A forward run's own limit on the board (the machine stops it sooner), ms. */
  forwardMaxMs?: number;
  /** A reverse pulse's limit on the board, ms. */
  reverseMaxMs?: number;
  /** Hears what the driver does (connects, resyncs, lost links, refused commands), one line each: for debugging. */
  log?: (line: string) => void;
  /** Unreadable lines are told to the person at most once per this many ms (default 10 s). */
  noticeEveryMs?: number;
}

/** What the driver has seen on the wire, for a status line or a bug report. */
export interface SerialDiagnostics {
  /** Connections made (1 + reconnects). */
  connections: number;
  /** Lines from the board, after the handshake, that were not the protocol (ignored). */
  garbageLines: number;
  /** The last of them (its first 40 characters), or null. */
  lastGarbage: string | null;
}

/** Pitches the firmware can play (3921.6 / 2n Hz) for each sound. */
const TONES: Record<ToneKind, { hz: number; ms: number }> = {
  ding: { hz: 1960, ms: 120 },
  beep: { hz: 980, ms: 200 },
  low: { hz: 490, ms: 400 },
};

/** A launcher on a serial port. */
export class SerialLauncher implements LauncherHardware {
  readonly sensesCards = true;
  readonly name: string;
  private link: Link | null = null;
  private listeners = new Set<(i: HardwareInput) => void>();
  private cards = 0;
  private presses = 0;
  private sid: number | null = null;
  private closing = false;
  private reconnecting = false;
  private readonly timing: LinkTiming;
  private readonly log: (line: string) => void;
  private readonly notices = new Notices();
  private readonly garbage: GarbageReport;
  /** A STATUS asked for after garbage is in flight (`done` when counted); `again`: more garbage came meanwhile. */
  private recount: { again: boolean; done: Promise<void> } | null = null;
  /** Connections made (1 + reconnects), for logs and tests. */
  connections = 0;

  private constructor(private readonly o: SerialOptions) {
    this.name = `serial:${o.path}`;
    this.timing = { ...DEFAULT_TIMING, ...o.timing };
    this.log = o.log ?? (() => {});
    this.garbage = new GarbageReport(this.name, (m) => this.notices.say(m), o.noticeEveryMs);
  }

  /** Opens the port and does the handshake; rejects with a clear error (missing, busy, permission, silent, wrong protocol). */
  static async open(o: SerialOptions): Promise<SerialLauncher> {
    const d = new SerialLauncher(o);
    await d.connect(true);
    return d;
  }

  /** The device's last known state, replayed to a new listener (a machine that starts later). */
  private known: { lid: boolean | null; volts: number | null } = { lid: null, volts: null };
  /** The first connection succeeded: from now on a lost link is reconnected. */
  private established = false;

  private emit(i: HardwareInput): void {
    if (i.type === 'LID') this.known.lid = i.open;
    else if (i.type === 'BATTERY') this.known.volts = i.volts;
    for (const l of this.listeners) l(i);
  }

  private async connect(first: boolean): Promise<void> {
    const { link, hello } = await Link.open(this.o.path, this.timing, (m) => this.onMessage(m), (why) => this.onLost(why), (l) => this.onGarbage(l));
    if (this.closing) return void (await link.close());
    let status;
    try {
      status = await link.status();
    } catch (e) {
      await link.close();
      throw new DeviceError(`${this.o.path} answered HELLO but not STATUS (${(e as Error).message}): reset the board, or upload this project's firmware again`, 'protocol', this.o.path);
    }
    this.link = link;
    this.connections++;
    if (first) {
      // Counts start from what the board has now.
      this.cards = status.cards;
      this.presses = status.presses;
      this.sid = helloSession(hello)?.sid ?? null;
    } else {
      this.resync(hello, status.cards, status.presses);
    }
    this.log(`connected to ${this.o.path}: firmware ${hello.fw}, ${status.cards} cards counted, lid ${status.lidOpen ? 'open' : 'closed'}`);
    this.emit({ type: 'LID', open: status.lidOpen });
    if (status.mv > 0) this.emit({ type: 'BATTERY', volts: status.mv / 1000 });
    if (!first) this.emit({ type: 'LINK', up: true });
    this.established = true;
  }

  /**
   * After a reconnect, or a HELLO from a board that reset: the same counting session (`sid`) with
   * counters not lower means the difference left while the link was down: it is reported now,
   * once. Another session (a power cycle) or lower counters (a ZERO) start the count again; what
   * happened meanwhile cannot be known, and the log says so. PROTOCOL.md, "Resynchronising".
   */
  private resync(hello: Extract<DeviceMessage, { type: 'HELLO' }>, cards: number, presses: number): void {
    const session = helloSession(hello);
    const r = session && this.sid !== null ? resync({ sid: this.sid, cards: this.cards, presses: this.presses }, { ...session, cards, presses }) : null;
    if (r?.kind === 'continued') {
      if (r.cards > 0) this.log(`resync: ${r.cards} card(s) left while the link was down`);
      for (let i = 0; i < r.cards; i++) this.emit({ type: 'CARD' });
    } else {
      const why = r?.kind === 'restarted' && r.reason === 'zeroed' ? 'its counters were zeroed' : 'the board was power-cycled (or its firmware keeps no session)';
      this.log(`resync: ${why}; cards that left while the link was down are unknown`);
    }
    this.cards = cards;
    this.presses = presses;
    this.sid = session?.sid ?? null;
  }

  private onMessage(m: DeviceMessage): void {
    switch (m.type) {
      case 'BTN':
        for (let n = this.presses; n < m.presses; n++) this.emit({ type: 'BUTTON' });
        this.presses = m.presses;
        break;
      case 'CARD':
        this.countCards(m.cards);
        break;
      case 'LID':
        this.emit({ type: 'LID', open: m.open });
        break;
      case 'BAT':
        this.emit({ type: 'BATTERY', volts: m.mv / 1000 });
        break;
      case 'STALL':
        this.countCards(m.cards);
        this.emit({ type: 'STALL' });
        break;
      case 'STOPPED':
        this.log(`the board stopped the motor: ${m.reason}`);
        break;
      case 'HELLO':
        // The board reset while connected (a brown-out, a watchdog): its counters may have restarted.
        this.resync(m, helloSession(m)?.cards ?? 0, helloSession(m)?.presses ?? 0);
        break;
      default:
        break;
    }
  }

  /** The board's running card count: a lost CARD line is made up by the next count, so count the difference. */
  private countCards(cards: number): void {
    for (let n = this.cards; n < cards; n++) this.emit({ type: 'CARD' });
    this.cards = Math.max(this.cards, cards);
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

  /** Asks for STATUS and counts the cards it carries; one query at a time, again if asked meanwhile. */
  private readCounters(): void {
    if (this.recount) return void (this.recount.again = true);
    const link = this.link;
    if (!link) return;
    const r: { again: boolean; done: Promise<void> } = { again: false, done: Promise.resolve() };
    this.recount = r;
    r.done = link.status().then(
      (s) => {
        this.recount = null;
        if (this.link !== link) return;
        this.countCards(s.cards);
        if (r.again) this.readCounters();
      },
      () => void (this.recount = null), // a lost link reports itself through onLost; the reconnect resyncs
    );
  }

  private onLost(why: string): void {
    this.link = null;
    // A link lost while the first connection is still being made fails that open(); nothing to resume.
    if (this.closing || !this.established) return;
    this.log(`link to ${this.o.path} lost: ${why}`);
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
        await new Promise((r) => setTimeout(r, wait));
        if (this.closing) return;
        try {
          await this.connect(false);
          return;
        } catch (e) {
          this.log(`reconnect to ${this.o.path} failed (${(e as Error).message}); next try in ${Math.min(maxMs, wait * 2)} ms`);
          wait = Math.min(maxMs, wait * 2);
        }
      }
    } finally {
      this.reconnecting = false;
    }
  }

  private command(cmd: Parameters<Link['send']>[0]): void {
    const link = this.link;
    if (!link) return; // offline: the board's watchdog has the motor stopped
    link.send(cmd).then(
      ({ reply }) => {
        if (reply.type === 'NAK') this.log(`${cmd.verb} refused by the board: ${reply.code}`);
      },
      () => {}, // a lost link reports itself through onLost
    );
  }

  motor(cmd: MotorCommand, duty = 1): void {
    const d = Math.max(1, Math.min(255, Math.round(duty * 255)));
    if (cmd === 'forward') this.command({ verb: 'FWD', duty: d, ms: this.o.forwardMaxMs ?? 8000 });
    else if (cmd === 'reverse') this.command({ verb: 'REV', duty: d, ms: this.o.reverseMaxMs ?? 500 });
    else this.command({ verb: 'STOP' });
  }

  tone(kind: ToneKind): void {
    this.command({ verb: 'TONE', ...TONES[kind] });
  }

  /** Headings 0..360° map onto the servo's 0..180° through the turntable's 2:1 gearing. */
  aim(degrees: number): void {
    this.command({ verb: 'SERVO', deg: Math.round((((degrees % 360) + 360) % 360) / 2) });
  }

  onInput(listener: (input: HardwareInput) => void): () => void {
    this.listeners.add(listener);
    const k = this.known;
    if (k.lid !== null) listener({ type: 'LID', open: k.lid });
    if (k.volts !== null) listener({ type: 'BATTERY', volts: k.volts });
    if (!this.link && this.established) listener({ type: 'LINK', up: false });
    return () => this.listeners.delete(listener);
  }

  /**
   * Hears what the person at the launcher should know and cannot see from the inputs: noise on the
   * line (at most once per `noticeEveryMs`). What was said before the first listener is told to it.
   */
  onNotice(listener: (message: string) => void): () => void {
    return this.notices.on(listener);
  }

  /** What the driver has seen on the wire. */
  get diagnostics(): SerialDiagnostics {
    return { connections: this.connections, garbageLines: this.garbage.count, lastGarbage: this.garbage.last };
  }

  /**
   * A PING's ACK comes after every line the board sent before it: every card it counted is in, and
   * so is every damaged line, whose recount (a STATUS) is then waited for too.
   */
  async flush(): Promise<void> {
    await this.link?.send({ verb: 'PING' }).catch(() => {});
    // The recount in flight, and the one it asks for if garbage came meanwhile: no more, so a line
    // that goes on garbling cannot hold a press forever (its cards are counted when they come).
    for (let i = 0; i < 2 && this.recount; i++) await this.recount.done;
  }

  /** True while the link is up. */
  get connected(): boolean {
    return this.link !== null;
  }

  async close(): Promise<void> {
    this.closing = true;
    this.garbage.close();
    const link = this.link;
    this.link = null;
    if (link) {
      await link.send({ verb: 'STOP' }).catch(() => {});
      await link.close();
    }
    this.listeners.clear();
    this.notices.clear();
  }
}

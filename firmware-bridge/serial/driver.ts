/**
 * The serial-firmware driver: a board running this project's firmware, as the launcher machine's
 * {@link LauncherHardware}, over any line transport (a Node serial port, Web Serial, the emulated
 * board). The machine decides and times each burst; the board moves the motor, counts cards with
 * its sensor, and enforces its own safety (lid interlock, run limit, watchdog). The command
 * session (`session.ts`) does the protocol: handshake, retries, reconnects with backoff after an
 * unplug or a reset, resynchronised counters (no card counted twice or lost), and unreadable lines
 * ignored, counted ({@link SerialLauncher.diagnostics}) and told through
 * {@link SerialLauncher.onNotice}. This module imports nothing of Node: the browser uses it too.
 */
import type { NoticeListener } from '../notices.ts';
import type { HardwareInput, LauncherHardware, MotorCommand, ToneKind } from '../../emulator/hardware.ts';
import { parseUint, type Command } from '../codec.ts';
import type { Hello } from './link.ts';
import { CommandSession, type BoardInput, type SessionDiagnostics, type SessionOptions } from './session.ts';

/** Options of {@link SerialLauncher.open}: the session's, and the motor's limits on the board. */
export interface SerialOptions extends SessionOptions {
  /** A forward run's own limit on the board (the machine stops it sooner), ms. */
  forwardMaxMs?: number;
  /** A reverse pulse's limit on the board, ms. */
  reverseMaxMs?: number;
}

/** What the driver has seen on the wire, for a status line or a bug report. */
export type SerialDiagnostics = SessionDiagnostics;

/** Pitches the firmware can play (3921.6 / 2n Hz) for each sound. */
const TONES: Record<ToneKind, { hz: number; ms: number }> = {
  ding: { hz: 1960, ms: 120 },
  beep: { hz: 980, ms: 200 },
  low: { hz: 490, ms: 400 },
};

/** A launcher on a serial line. */
export class SerialLauncher implements LauncherHardware {
  readonly sensesCards = true;
  readonly name: string;
  private listeners = new Set<(i: HardwareInput) => void>();
  /** The device's last known state, replayed to a new listener (a machine that starts later). */
  private known: { lid: boolean | null; volts: number | null } = { lid: null, volts: null };
  private session!: CommandSession;
  /** The servo angle last asked for: sent again after a reconnect (a power-cycled board re-centres). */
  private servoDeg: number | null = null;

  private constructor(private readonly o: SerialOptions) {
    this.name = o.name ?? `serial:${o.transport.path}`;
  }

  /** Opens the transport and does the handshake; rejects with a clear error (missing, busy, permission, silent, wrong protocol). */
  static async open(o: SerialOptions): Promise<SerialLauncher> {
    const d = new SerialLauncher(o);
    d.session = await CommandSession.open({ ...o, name: d.name }, (i) => d.emit(i));
    d.session.onHello((h) => d.reaim(h));
    return d;
  }

  private emit(i: BoardInput): void {
    if (i.type === 'LID') this.known.lid = i.open;
    else if (i.type === 'BATTERY') this.known.volts = i.volts;
    // A warm reset keeps the servo where it was (HELLO's servo=); after a power cycle it starts
    // centred. The machine aims only when its target changes: send its aim again either way.
    else if (i.type === 'LINK' && i.up && this.servoDeg !== null) this.command({ verb: 'SERVO', deg: this.servoDeg });
    for (const l of this.listeners) l(i);
  }

  /**
   * The board reset inside a live link: a cold boot centres the servo (HELLO's `servo=`) while the
   * machine, which aims only when its target changes, believes it still points where it was sent.
   */
  private reaim(hello: Hello): void {
    if (this.servoDeg !== null && parseUint(hello.params.servo) !== this.servoDeg) this.command({ verb: 'SERVO', deg: this.servoDeg });
  }

  private command(cmd: Command): void {
    this.session.command(cmd);
  }

  motor(cmd: MotorCommand, duty = 1): void {
    const d = Math.max(1, Math.min(255, Math.round(duty * 255)));
    if (cmd === 'forward') this.command({ verb: 'FWD', duty: d, ms: this.o.forwardMaxMs ?? 8000 });
    else if (cmd === 'reverse') this.command({ verb: 'REV', duty: d, ms: this.o.reverseMaxMs ?? 500 });
    else this.command({ verb: 'STOP' });
  }

  /** The kind's pitch, for `ms` when the machine says (a quickening ding), else the kind's own length. */
  tone(kind: ToneKind, ms?: number): void {
    this.command({ verb: 'TONE', hz: TONES[kind].hz, ms: ms ?? TONES[kind].ms });
  }

  /** Headings 0..360° map onto the servo's 0..180° through the turntable's 2:1 gearing. */
  aim(degrees: number): void {
    this.servoDeg = Math.round((((degrees % 360) + 360) % 360) / 2);
    this.command({ verb: 'SERVO', deg: this.servoDeg });
  }

  onInput(listener: (input: HardwareInput) => void): () => void {
    this.listeners.add(listener);
    const k = this.known;
    if (k.lid !== null) listener({ type: 'LID', open: k.lid });
    if (k.volts !== null) listener({ type: 'BATTERY', volts: k.volts });
    if (this.session.offline) listener({ type: 'LINK', up: false });
    return () => this.listeners.delete(listener);
  }

  /**
   * Hears what the person at the launcher should know and cannot see from the inputs: noise on the
   * line (at most once per `noticeEveryMs`). What was said before the first listener is told to it.
   */
  onNotice(listener: NoticeListener): () => void {
    return this.session.onNotice(listener);
  }

  /** What the driver has seen on the wire. */
  get diagnostics(): SerialDiagnostics {
    return this.session.diagnostics;
  }

  /** Connections made (1 + reconnects), for logs and tests. */
  get connections(): number {
    return this.session.connections;
  }

  /** Resolves once every line the board sent before this call is in (a STATUS's round trip, which checks the count; a damaged line's recount). */
  flush(): Promise<void> {
    return this.session.flush();
  }

  /** True while the link is up. */
  get connected(): boolean {
    return this.session.connected;
  }

  async close(): Promise<void> {
    await this.session.close();
    this.listeners.clear();
  }
}

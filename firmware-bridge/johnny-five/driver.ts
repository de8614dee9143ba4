/**
 * The Johnny-Five driver: the launcher machine drives a board running StandardFirmata through
 * `five.Motor`, `five.Servo` and an active buzzer, and hears `five.Button`, the lid switch, the
 * card sensor and the battery divider. The machine decides and times each burst; the board only
 * moves pins. `io` is passed in: `firmata-io` over a serialport 13 port, or `mock-firmata` in tests.
 *
 * A Firmata board cannot be picked up again once its port is gone (the io instance dies with it):
 * when the io closes, disconnects or fails, the launcher goes offline for good and the person is
 * told, once, through {@link JohnnyFiveLauncher.onNotice}, what to check and to start again.
 *
 * StandardFirmata has no failsafe: it holds its pins as last told. A host that dies, or a cable
 * pulled, mid-burst leaves the motor running; only the host's own stop (close, the CLI's signal
 * handlers) ends it. HARDWARE.md says so and recommends the project's firmware for unattended play.
 */
import five, { type Board, type Motor, type Sensor, type Servo } from 'johnny-five';
import { REFERENCE_DIVIDER } from '../wiring.ts';
import type { HardwareInput, LauncherHardware, MotorCommand, ToneKind } from '../../emulator/hardware.ts';
import { notice, Notices, noticeWords, type NoticeListener, type NoticeWords } from '../notices.ts';
import { BoardError } from '../port-errors.ts';

/** Pins of the reference build (firmware-bridge/HARDWARE.md). Every one can be changed. */
export interface LauncherPins {
  /** Push button to ground, internal pull-up: LOW = pressed. */
  button: number;
  /** Lid switch: HIGH = open. */
  lid: number;
  /** Motor driver enable (PWM) and the two direction inputs (L293D / TB6612). */
  motorPwm: number;
  motorDir: number;
  motorCdir: number;
  /** IR break-beam receiver: LOW while a card breaks the beam. */
  cardSensor: number;
  /**
   * Active buzzer (it sounds its own pitch while its pin is HIGH): a tone is two pin writes, where
   * a passive piezo would need the host to toggle the pin at the pitch over the USB link.
   */
  buzzer: number;
  servo: number;
  /** Analog pin of the battery divider (0 = A0). */
  battery: number;
  /** Battery volts per volt at the pin (the reference 100 k / 22 k divider: 122 / 22). */
  batteryDivider: number;
}

/** The reference wiring. */
export const REFERENCE_PINS: LauncherPins = {
  button: 2, lid: 3, motorPwm: 11, motorDir: 12, motorCdir: 9, cardSensor: 4, buzzer: 8, servo: 10, battery: 0, batteryDivider: 1 / REFERENCE_DIVIDER,
};

/**
 * How long the buzzer sounds, ms: the active buzzer has one pitch, so the kinds differ by length
 * (the firmware's piezo plays them at 2 kHz, 1.6 kHz and 440 Hz for the same times).
 */
export const BUZZ_MS: Record<ToneKind, number> = { ding: 150, beep: 80, low: 400 };

/**
 * How long the motor is unpowered before it turns the other way, ms: the firmware's COAST_MS
 * (PROTOCOL.md, "Coast before a change of direction"). Johnny-Five's forward and reverse cut the
 * power and switch the direction pins in one go: reversing at speed draws about twice the stall
 * current from the pack that also feeds the servo.
 */
export const COAST_MS = 20;

/** Options of {@link JohnnyFiveLauncher.open}. */
export interface JohnnyFiveOptions {
  /** A Firmata IO instance (firmata-io over serialport, or mock-firmata). */
  io: unknown;
  /** Shown in logs, e.g. `firmata:/dev/ttyACM0`. */
  name?: string;
  pins?: Partial<LauncherPins>;
  /**
   * How long to wait for the board's `ready`, ms, from this call (the port opens after it: see
   * open.ts); Johnny-Five's own `timeout`, from the io's `connect`, is the same number of ms.
   */
  readyTimeoutMs?: number;
  /** Gives up the wait for ready (the port could not be opened): the open rejects with the reason, no timer left. */
  signal?: AbortSignal;
  /**
   * A beam held broken this long while the motor pushes forward is a stuck card: a stall. A card
   * crosses the beam in ~50 ms at 8 cards/s; keep this under a burst's feed budget.
   */
  stallMs?: number;
  /** Only battery changes of at least this much are reported, volts. */
  batteryStep?: number;
  /**
   * How long {@link JohnnyFiveLauncher.flush} waits for the board's answer, ms. StandardFirmata
   * answers within a loop of its sketch (a few ms with USB); one that does not answer this long
   * never will (see flush).
   */
  fenceTimeoutMs?: number;
}

/** The IO Plugin calls (firmata-io, mock-firmata) the driver makes on the io itself. */
interface FirmataIo {
  readonly MODES: { INPUT: number; OUTPUT: number };
  readonly HIGH: number;
  pinMode(pin: number, mode: number): void;
  digitalWrite(pin: number, value: number): void;
  /** Calls back with the pin's level on every digital report of its port, in the order received. */
  digitalRead(pin: number, callback: (value: number) => void): void;
  /** Calls back when the board's answer (PIN_STATE_RESPONSE) comes. */
  queryPinState(pin: number, callback: () => void): void;
}

/** A launcher built on a Firmata board, as {@link LauncherHardware}. */
export class JohnnyFiveLauncher implements LauncherHardware {
  readonly sensesCards = true;
  readonly pins: LauncherPins;
  private listeners = new Set<(i: HardwareInput) => void>();
  private motorDev!: Motor;
  private servoDev!: Servo;
  /** The Sensors poll on intervals of their own: disabled on close, or the process never exits. */
  private sensors: Sensor[] = [];
  private buzzTimer: ReturnType<typeof setTimeout> | null = null;
  /** What the machine last asked for (a run coasting before it starts says its own direction). */
  private motorState: MotorCommand = 'stop';
  /** The way the roller last turned under power; whether it has power now; when it last lost it (Date.now). */
  private lastTurned: 'forward' | 'reverse' | null = null;
  private powered = false;
  private offAt = -Infinity;
  /** A run that waits for the end of the coast before a change of direction. */
  private coastTimer: ReturnType<typeof setTimeout> | null = null;
  private lidOpen: boolean | null = null;
  private beamBroken = false;
  private stallTimer: ReturnType<typeof setTimeout> | null = null;
  private lastVolts: number | null = null;
  private readonly notices = new Notices();
  /** What happened to the link and what to do, once it is lost for good (null while it is up). */
  private lostNotice: NoticeWords | null = null;

  /** The flushes the pin state query on the wire answers (null: no query on the wire). */
  private fenceOnWire: Array<() => void> | null = null;
  /** Flushes asked for after that query went out: a reply to it says nothing of them, the next query is theirs. */
  private fenceNext: Array<() => void> = [];
  private fenceTimer: ReturnType<typeof setTimeout> | null = null;
  /**
   * Flushes resolve at once, with no query: the board left one unanswered (see flush), or the
   * launcher is closed. A query's answer fires every callback waiting on that pin, so none is sent
   * while an earlier one may still be answered.
   */
  private fenceOff = false;

  private constructor(readonly board: Board, readonly name: string, pins: LauncherPins, private readonly o: Required<Pick<JohnnyFiveOptions, 'stallMs' | 'batteryStep' | 'fenceTimeoutMs'>>) {
    this.pins = pins;
  }

  /**
   * Connects to the board and sets up every component; rejects with a clear error if it never gets
   * ready. The Board hears the io's `connect` from this call on: give it an io whose port is not
   * open yet (open.ts opens it after).
   */
  static open(opts: JohnnyFiveOptions): Promise<JohnnyFiveLauncher> {
    const pins = { ...REFERENCE_PINS, ...opts.pins };
    const name = opts.name ?? 'firmata';
    const readyMs = opts.readyTimeoutMs ?? 10_000;
    // sigint: false: Johnny-Five's own Ctrl-C handler exits at once, before the motor is stopped
    // (cli/device.ts stops it, then exits).
    const board = new five.Board({ io: opts.io, repl: false, debug: false, sigint: false, timeout: readyMs });
    const io = opts.io as { on(ev: 'error', l: (e: Error) => void): void; off(ev: 'error', l: (e: Error) => void): void };
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        // Johnny-Five's own timer (from the connect) would raise an error later and hold the process open.
        clearTimeout(board.timer ?? undefined);
        reject(new BoardError({ k: 'deviceError.notFirmata', v: { device: name, ms: String(readyMs) } }, 'timeout'));
      }, readyMs);
      const failed = (e: Error) => {
        clearTimeout(timer);
        clearTimeout(board.timer ?? undefined);
        reject(new BoardError({ k: 'deviceError.board', v: { device: name, error: e.message } }, 'io'));
      };
      opts.signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        clearTimeout(board.timer ?? undefined);
        reject(opts.signal!.reason);
      }, { once: true });
      // Until ready, Johnny-Five passes no io error on to the board: one with no listener would be
      // thrown out of the port's event. After a failure the listener stays, so a late one (the port
      // closing under it) is heard, not thrown.
      io.on('error', failed);
      board.once('error', failed);
      board.once('ready', () => {
        clearTimeout(timer);
        io.off('error', failed);
        board.off('error', failed); // from now on the launcher hears errors (wire)
        const l = new JohnnyFiveLauncher(board, name, pins, { stallMs: opts.stallMs ?? 400, batteryStep: opts.batteryStep ?? 0.05, fenceTimeoutMs: opts.fenceTimeoutMs ?? 1000 });
        l.wire();
        resolve(l);
      });
    });
  }

  /** The Firmata io under the board, for what Johnny-Five's components do not offer. */
  private get io(): FirmataIo {
    return this.board.io as FirmataIo;
  }

  private emit(i: HardwareInput): void {
    for (const l of this.listeners) l(i);
  }

  private wire(): void {
    const { board, pins } = this;
    this.motorDev = new five.Motor({ pins: { pwm: pins.motorPwm, dir: pins.motorDir, cdir: pins.motorCdir }, board });
    this.io.pinMode(pins.buzzer, this.io.MODES.OUTPUT);
    this.servoDev = new five.Servo({ pin: pins.servo, board });
    new five.Button({ pin: pins.button, isPullup: true, board }).on('press', () => this.emit({ type: 'BUTTON' }));
    // The lid switch closes to ground when the lid shuts. Read through a five.Sensor: its 25 ms look
    // is the switch's debounce (a bouncing switch would beep, cycle the lid and cut bursts short, as
    // the firmware's 30 ms debounce prevents). Its pull-up is set once the Sensor has set the pin's
    // mode (HARDWARE.md: INPUT_PULLUP): an open lid, or a cut wire, reads HIGH, not a floating pin.
    const lid = new five.Sensor({ pin: pins.lid, type: 'digital', board });
    lid.on('change', (value: number) => {
      const open = value === 1;
      if (open === this.lidOpen) return;
      this.lidOpen = open;
      // The interlock in software too: a motor never runs with the lid open.
      if (open && this.motorState !== 'stop') this.motor('stop');
      this.emit({ type: 'LID', open });
    });
    this.io.digitalWrite(pins.lid, this.io.HIGH);
    // The beam is heard on every report the board sends, in the order sent, not through a
    // five.Sensor: a Sensor looks at the last report every 25 ms, so a card that crossed the beam
    // between two looks was never counted, and a clear already received was counted up to 25 ms
    // later, after flush() had said every report was in. Pull-up as Button does it (INPUT, then
    // HIGH): the receiver is open collector (HARDWARE.md), LOW while a card breaks the beam.
    const io = this.io;
    io.pinMode(pins.cardSensor, io.MODES.INPUT);
    io.digitalWrite(pins.cardSensor, io.HIGH);
    io.digitalRead(pins.cardSensor, (value) => this.beam(value === 0));
    const battery = new five.Sensor({ pin: `A${pins.battery}`, freq: 1000, board });
    this.sensors = [lid, battery];
    battery.on('change', (raw: number) => {
      const volts = Math.round(((raw / 1023) * 5 * pins.batteryDivider) * 100) / 100;
      if (this.lastVolts !== null && Math.abs(volts - this.lastVolts) < this.o.batteryStep) return;
      this.lastVolts = volts;
      this.emit({ type: 'BATTERY', volts });
    });
    // Johnny-Five passes the io's close, disconnect and error on to the board once it is ready; an
    // error with no listener on the board would be thrown out of the io's event.
    board.on('close', () => this.lost({ k: 'notice.why.boardPortClosed' }));
    board.on('disconnect', () => this.lost({ k: 'notice.why.disconnected' }));
    board.on('error', (e: { message?: string } | undefined) => this.lost({ k: 'notice.why.portFailed', v: { error: e?.message ?? String(e) } }));
  }

  /**
   * The link is gone for good: offline (`final`, so a launcher stops waiting for it), said once.
   * Cards the beam counted before stay counted; none can be counted after. The motor is still
   * told to stop, in case the port half works.
   */
  private lost(why: NoticeWords): void {
    if (this.lostNotice !== null) return;
    const gone = notice('notice.lostForGood', { device: this.name, why });
    this.lostNotice = noticeWords(gone);
    this.disarmStall();
    if (this.buzzTimer) clearTimeout(this.buzzTimer); // nothing can reach the board now
    this.buzzTimer = null;
    this.releaseFences(); // no answer can come now
    this.emit({ type: 'LINK', up: false, final: this.lostNotice });
    this.notices.say(gone);
  }

  /** The beam: a card counts when it clears it (the trailing edge), so one card is one count. */
  private beam(broken: boolean): void {
    if (broken === this.beamBroken) return;
    this.beamBroken = broken;
    if (broken) {
      if (this.motorState === 'forward') this.armStall();
      return;
    }
    this.disarmStall();
    this.emit({ type: 'CARD' });
  }

  private armStall(): void {
    this.disarmStall();
    this.stallTimer = setTimeout(() => {
      this.stallTimer = null;
      if (this.beamBroken && this.motorState === 'forward') {
        this.motor('stop');
        this.emit({ type: 'STALL' });
      }
    }, this.o.stallMs);
  }

  private disarmStall(): void {
    if (this.stallTimer) clearTimeout(this.stallTimer);
    this.stallTimer = null;
  }

  /**
   * Runs the motor, or stops it. A run the other way than the roller last turned under power waits,
   * unpowered, until {@link COAST_MS} after the power was cut (now, or by an earlier stop), as the
   * firmware does; a command meanwhile replaces it. The same way: at once.
   */
  motor(cmd: MotorCommand, duty = 1): void {
    // The interlock: an open lid, or one not reported yet (HARDWARE.md: an unknown switch blocks), keeps the motor off.
    if (cmd !== 'stop' && this.lidOpen !== false) cmd = 'stop';
    this.motorState = cmd;
    if (this.coastTimer) clearTimeout(this.coastTimer);
    this.coastTimer = null;
    if (cmd === 'stop') {
      this.cut();
      this.disarmStall();
      return;
    }
    const speed = Math.max(0, Math.min(255, Math.round(duty * 255)));
    const reversal = this.lastTurned !== null && this.lastTurned !== cmd;
    if (reversal) this.cut();
    const wait = reversal ? this.offAt + COAST_MS - Date.now() : 0;
    if (wait > 0) {
      this.coastTimer = setTimeout(() => {
        this.coastTimer = null;
        this.power(cmd, speed);
      }, wait);
    } else this.power(cmd, speed);
    if (cmd === 'forward' && this.beamBroken) this.armStall();
  }

  /** The motor's power off (its direction pins as they were): the roller coasts. */
  private cut(): void {
    if (this.powered) this.offAt = Date.now();
    this.powered = false;
    this.motorDev.stop();
  }

  private power(cmd: 'forward' | 'reverse', speed: number): void {
    if (cmd === 'forward') this.motorDev.forward(speed);
    else this.motorDev.reverse(speed);
    this.powered = true;
    this.lastTurned = cmd;
  }

  /**
   * Sounds the active buzzer for `ms` when the machine says (a quickening ding), else the kind's
   * time ({@link BUZZ_MS}); a tone asked meanwhile takes over.
   */
  tone(kind: ToneKind, ms?: number): void {
    if (this.buzzTimer) clearTimeout(this.buzzTimer);
    this.io.digitalWrite(this.pins.buzzer, 1);
    this.buzzTimer = setTimeout(() => this.quiet(), ms ?? BUZZ_MS[kind]);
  }

  private quiet(): void {
    if (this.buzzTimer) clearTimeout(this.buzzTimer);
    this.buzzTimer = null;
    this.io.digitalWrite(this.pins.buzzer, 0);
  }

  /** Headings 0..360° map onto the servo's 0..180° through the turntable's 2:1 gearing. */
  aim(degrees: number): void {
    this.servoDev.to(Math.round((((degrees % 360) + 360) % 360) / 2));
  }

  onInput(listener: (input: HardwareInput) => void): () => void {
    this.listeners.add(listener);
    // A machine that subscribes later learns the state the board is in.
    if (this.lidOpen !== null) listener({ type: 'LID', open: this.lidOpen });
    if (this.lastVolts !== null) listener({ type: 'BATTERY', volts: this.lastVolts });
    if (this.lostNotice !== null) listener({ type: 'LINK', up: false, final: this.lostNotice });
    return () => this.listeners.delete(listener);
  }

  /**
   * Resolves once every beam report the board sent before this call has been heard: a pin state
   * query (Firmata's PIN_STATE_QUERY, on the beam's pin) is sent, and the call resolves on the
   * answer. StandardFirmata checks its digital inputs (sending a report for each change) before it
   * reads what the host sent, on one serial line, and firmata-io parses that line in order: the
   * answer comes after every report of a level the beam had when the query arrived, and each report
   * has reached {@link beam} by then (the beam is heard on each report, not sampled).
   *
   * It waits for nothing more. The machine asks for it once a burst is over (its `flushing` state):
   * the burst ended with the reverse pulse and the STOP (a stall or the lid end the press without a
   * flush). A card still in the beam then is held by a stopped roller, and what clears it (a hand,
   * the next press) may come minutes later: a wait for it would hang the press, and a bounded one
   * would give it to the press only when a hand was quick. Seen when it clears, it is the next
   * burst's or no press's, as for the serial driver's PING, which does not wait for it either.
   *
   * It never hangs: with the link lost (now or while waiting) it resolves at once, with the cards
   * counted so far. A board that leaves a query unanswered for `fenceTimeoutMs` does not speak
   * PIN_STATE_QUERY (not StandardFirmata); its late answer could not be told from the next query's,
   * so no query is sent again: this and later flushes resolve without the fence, said once.
   * Concurrent flushes share a query when they can: one asked while a query is on the wire waits
   * for the next one, since an answer to a query sent before it says nothing of reports after it.
   */
  flush(): Promise<void> {
    if (this.lostNotice !== null || this.fenceOff) return Promise.resolve();
    return new Promise((resolve) => {
      if (this.fenceOnWire) this.fenceNext.push(resolve);
      else this.sendFence([resolve]);
    });
  }

  private sendFence(waiters: Array<() => void>): void {
    this.fenceOnWire = waiters;
    this.fenceTimer = setTimeout(() => {
      this.fenceOff = true;
      this.notices.say(notice('notice.fenceUnanswered', { device: this.name, ms: this.o.fenceTimeoutMs }));
      this.releaseFences();
    }, this.o.fenceTimeoutMs);
    this.io.queryPinState(this.pins.cardSensor, () => {
      if (this.fenceOnWire !== waiters) return; // an answer after the timeout or the loss: released already
      this.clearFenceTimer();
      this.fenceOnWire = null;
      for (const w of waiters) w();
      const next = this.fenceNext.splice(0);
      if (next.length > 0) this.sendFence(next);
    });
  }

  /** Resolves every flush waiting: no answer will come, or none is worth waiting for. */
  private releaseFences(): void {
    this.clearFenceTimer();
    const waiting = [...(this.fenceOnWire ?? []), ...this.fenceNext.splice(0)];
    this.fenceOnWire = null;
    for (const w of waiting) w();
  }

  private clearFenceTimer(): void {
    if (this.fenceTimer) clearTimeout(this.fenceTimer);
    this.fenceTimer = null;
  }

  /**
   * Hears what the person should know: the link lost for good, a board that leaves the fence
   * unanswered (each said once, also to a later listener).
   */
  onNotice(listener: NoticeListener): () => void {
    return this.notices.on(listener);
  }

  /**
   * Stops the motor and the buzzer, waits until those writes have left for the board, and closes
   * the port. Every timer the launcher and its components started ends here: the process can exit.
   */
  async close(): Promise<void> {
    this.motor('stop');
    if (this.buzzTimer) this.quiet();
    for (const s of this.sensors) s.disable();
    this.fenceOff = true;
    this.releaseFences();
    this.listeners.clear();
    this.notices.clear();
    const io = this.board.io as { transport?: { isOpen?: boolean; drain?: (cb: () => void) => void; close?: (cb: () => void) => void } };
    const t = io.transport;
    if (!t?.isOpen || !t.close) return;
    // A port closed with the stop still in its queue would leave the motor running (StandardFirmata has no failsafe).
    if (t.drain) await new Promise<void>((r) => t.drain!(() => r()));
    await new Promise<void>((r) => t.close!(() => r()));
  }
}

/**
 * The one small interface between the launcher machine and a device. The machine knows only
 * this: it drives the motor, the tone and the aim, and hears the button, the lid, the card
 * sensor, the battery and motor stalls. The simulated device here, the serial-firmware driver
 * and the Johnny-Five driver (firmware-bridge/) implement it.
 */
import type { NoticeListener, NoticeWords } from '../firmware-bridge/notices.ts';

/** What a device reports to the machine. */
export type HardwareInput =
  | { type: 'BUTTON' }
  | { type: 'LID'; open: boolean }
  | { type: 'POWER'; on: boolean }
  /** The card sensor saw one card leave. */
  | { type: 'CARD' }
  | { type: 'BATTERY'; volts: number }
  /** The motor stalled (a jam) while running. */
  | { type: 'STALL' }
  /**
   * The link to a real device was lost or came back (never from the simulated device). `final`,
   * with `up: false`: it will not come back (the driver cannot reopen the port): the notice that
   * says what happened and what to do, as data each front end words; a launcher then stops
   * waiting for the device.
   */
  | { type: 'LINK'; up: boolean; final?: NoticeWords };

/** Motor commands: forward ejects, reverse pulls a half-ejected card back. */
export type MotorCommand = 'forward' | 'reverse' | 'stop';

/** Sounds the unit makes: the press "ding", the lid-closed "beep", the low-battery warning. */
export type ToneKind = 'ding' | 'beep' | 'low';

/** A launcher device, simulated or real. */
export interface LauncherHardware {
  /** Shown in logs: `simulated`, `serial:/dev/ttyACM0`, `firmata:/dev/ttyUSB0`. */
  readonly name: string;
  /**
   * True when the device counts cards with its own sensor (a real roller decides what comes out);
   * false when the machine's pure mechanics decide (the simulated device).
   */
  readonly sensesCards: boolean;
  motor(cmd: MotorCommand, duty?: number): void;
  /** `ms`: how long, when the machine says (a quickening ding); else the device's own length for the kind. */
  tone(kind: ToneKind, ms?: number): void;
  /** Turns the launcher to a heading in degrees (0..360). */
  aim(degrees: number): void;
  /** Subscribes to inputs; returns the unsubscribe function. */
  onInput(listener: (input: HardwareInput) => void): () => void;
  /**
   * Subscribes to what the person at a real launcher should read and the inputs do not say: noise
   * on its line (rate-limited), a link lost for good: in English, and as data each front end words
   * in its reader's language (firmware-bridge/notices.ts). Optional: the simulated device has none.
   */
  onNotice?(listener: NoticeListener): () => void;
  /**
   * Resolves once every input the device sent before this call has been heard (a round trip on an
   * ordered link): the serial driver's STATUS (which checks the card count too), the Johnny-Five
   * driver's Firmata pin state query. Absent on the simulated device, whose inputs cannot lag. The
   * machine asks for it after each burst of a device that counts cards, and says the press done
   * once it has resolved (see the machine's `flushing` state). It waits for nothing the device has not sent yet (a card still in
   * the beam clears when it clears). It does not hang: with the link lost it resolves at once.
   */
  flush?(): Promise<void>;
  /** Releases the device. */
  close(): Promise<void>;
}

/** One output the simulated device received, with the clock's time. */
export type DeviceOutput =
  | { at: number; kind: 'motor'; cmd: MotorCommand; duty: number }
  | { at: number; kind: 'tone'; tone: ToneKind; ms?: number }
  | { at: number; kind: 'aim'; degrees: number };

/**
 * The simulated device: it records every output with its time (so tests and the console can show
 * the motor, the tones and the heading), keeps the motor's present state, and lets software act
 * as the person at the table (press the button, open the lid, switch power). Its roller is the
 * machine's pure mechanics, so `sensesCards` is false. It refuses a motor start with the lid
 * open, as the replica's lid interlock does, by throwing: the machine must never ask for it.
 */
export class SimulatedDevice implements LauncherHardware {
  readonly name: string = 'simulated';
  readonly sensesCards: boolean = false;
  /**
   * Outputs received, oldest first: at least the last `keep`, at most twice as many (none with
   * `keep` 0: a simulation, which reads none). It is trimmed in batches: trimmed to exactly `keep`
   * on every output, a long session paid a shift of the whole array per motor command.
   */
  readonly outputs: DeviceOutput[] = [];
  motorState: MotorCommand = 'stop';
  heading = 0;
  lidOpen = false;
  private listeners = new Set<(i: HardwareInput) => void>();

  constructor(private readonly now: () => number = () => 0, private readonly keep = 1000) {}

  private record(o: DeviceOutput): void {
    this.outputs.push(o);
    if (this.outputs.length >= 2 * this.keep) this.outputs.splice(0, this.outputs.length - this.keep);
  }

  motor(cmd: MotorCommand, duty = cmd === 'stop' ? 0 : 1): void {
    if (cmd !== 'stop' && this.lidOpen) throw new Error('simulated device: motor started with the lid open (interlock)');
    this.motorState = cmd;
    if (this.keep > 0) this.record({ at: this.now(), kind: 'motor', cmd, duty });
  }

  tone(kind: ToneKind, ms?: number): void {
    if (this.keep > 0) this.record({ at: this.now(), kind: 'tone', tone: kind, ...(ms !== undefined ? { ms } : {}) });
  }

  aim(degrees: number): void {
    this.heading = degrees;
    if (this.keep > 0) this.record({ at: this.now(), kind: 'aim', degrees });
  }

  onInput(listener: (input: HardwareInput) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Acts on the device as a person would; the machine hears it through {@link onInput}. */
  input(i: HardwareInput): void {
    if (i.type === 'LID') this.lidOpen = i.open;
    for (const l of this.listeners) l(i);
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}

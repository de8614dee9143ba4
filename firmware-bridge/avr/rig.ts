/**
 * Firmware in the loop: the compiled firmware on an emulated Uno, wired as the reference build
 * (HARDWARE.md) to a button, a lid switch, a roller that turns cards past the break-beam, a
 * battery, a piezo and a servo, with the host's side of the serial link. Everything runs on
 * simulated MCU time (`runFor`, `waitFor`): a test never sleeps.
 */
import { CYCLES_PER_MS, UnoBoard } from './board.ts';
import { HostEnd } from './host-end.ts';
import { Roller, type MotorDrive, type RollerOptions } from './roller.ts';
import { seedRng } from '../../lib/rng.ts';

/** Arduino pin numbers of the reference build (config.h); the battery is an analog channel. */
export interface RigPins {
  button: number; lid: number; beam: number; piezo: number; servo: number;
  motorPwm: number; motorDirA: number; motorDirB: number; batteryChannel: number;
}

/** The reference build's pins (HARDWARE.md, config.h). */
export const REFERENCE_PINS: RigPins = {
  button: 2, lid: 3, beam: 4, piezo: 8, motorDirB: 9, servo: 10, motorPwm: 11, motorDirA: 12, batteryChannel: 0,
};

/** The reference build's battery divider on A0: 100 kΩ over 22 kΩ. */
export const REFERENCE_DIVIDER = 22 / (100 + 22);

/** How the rig is built. */
export interface RigOptions {
  /** The firmware image (Intel HEX text). */
  hex: string;
  /** Seed of the roller's random stream (default 1). */
  seed?: number;
  /** The roller's build (cards loaded, mechanics, battery charge). */
  roller?: Omit<RollerOptions, 'rng'>;
  pins?: Partial<RigPins>;
  /** Simulated time between two updates of the physical world, ms (default 0.25). */
  sliceMs?: number;
  /** Keep `received` and `transcript` (default true; a long-running bridge turns it off). */
  record?: boolean;
}

/** The emulated launcher and the host's end of its serial port. */
export class LauncherRig extends HostEnd {
  /** The board; {@link reset} replaces it. */
  board: UnoBoard;
  readonly roller: Roller;
  readonly pins: RigPins;
  /** The motor drive measured over the last slice. */
  drive: MotorDrive = { dir: 'stop', duty: 0 };
  /** Rising edges on the piezo pin. */
  piezoEdges = 0;
  /** Width of the last servo pulse, µs (0 before the first). */
  servoPulseUs = 0;
  private readonly hex: string;
  private readonly record: boolean;
  private readonly sliceCycles: number;
  private readonly serialListeners = new Set<(byte: number) => void>();
  private pwmHigh = false;
  private pwmSince = 0;
  private pwmAcc = 0;
  private lidIsOpen = false;
  private buttonHeld = false;

  constructor(o: RigOptions) {
    super();
    this.hex = o.hex;
    this.record = o.record ?? true;
    this.pins = { ...REFERENCE_PINS, ...o.pins };
    this.roller = new Roller({ rng: seedRng(o.seed ?? 1), ...o.roller });
    this.sliceCycles = Math.round((o.sliceMs ?? 0.25) * CYCLES_PER_MS);
    this.board = this.wire(new UnoBoard(o.hex));
  }

  /**
   * Resets the MCU, as opening the port does on a real Uno (DTR): a fresh board from the same hex,
   * wired to the same roller, button and lid, which keep their state.
   */
  reset(): void {
    this.resetLine();
    this.pwmHigh = false;
    this.pwmSince = this.pwmAcc = 0;
    this.board = this.wire(new UnoBoard(this.hex));
  }

  private wire(b: UnoBoard): UnoBoard {
    const p = this.pins;
    b.setInput(p.button, !this.buttonHeld); // released: the pull-up holds it high
    b.setInput(p.lid, this.lidIsOpen); // closed: the switch holds it low
    b.onSerial((byte) => {
      for (const l of this.serialListeners) l(byte);
      if (this.record) this.receive(byte, b.ms);
    });
    b.onPin(p.motorPwm, (high, cycle) => {
      if (this.pwmHigh) this.pwmAcc += cycle - this.pwmSince;
      this.pwmHigh = high;
      this.pwmSince = cycle;
    });
    b.onPin(p.piezo, (high) => void (high && this.piezoEdges++));
    let rise = 0;
    b.onPin(p.servo, (high, cycle) => (high ? (rise = cycle) : (this.servoPulseUs = (cycle - rise) / (CYCLES_PER_MS / 1000))));
    this.board = b;
    this.updateWorld();
    return b;
  }

  /** Hears every byte the MCU transmits (a bridge to a real port). Returns the unsubscribe function. */
  onSerial(listener: (byte: number) => void): () => void {
    this.serialListeners.add(listener);
    return () => this.serialListeners.delete(listener);
  }

  /** Simulated time since the last reset, ms. */
  get ms(): number {
    return this.board.ms;
  }

  /** Runs the firmware and the world for `ms` of simulated time. */
  runFor(ms: number): void {
    const end = this.board.cpu.cycles + Math.round(ms * CYCLES_PER_MS);
    while (this.board.cpu.cycles < end) this.slice(Math.min(this.sliceCycles, end - this.board.cpu.cycles));
  }

  /** Sends raw bytes to the MCU's serial receiver. */
  sendRaw(bytes: string | Uint8Array): void {
    this.board.serialWrite(bytes);
  }

  /** Runs until `done()` holds (checked every slice) or `maxMs` pass; says whether it held. */
  runUntil(done: () => boolean, maxMs: number): boolean {
    const end = this.board.cpu.cycles + Math.round(maxMs * CYCLES_PER_MS);
    while (!done()) {
      if (this.board.cpu.cycles >= end) return false;
      this.slice(this.sliceCycles);
    }
    return true;
  }

  private slice(cycles: number): void {
    const start = this.board.cpu.cycles;
    this.board.run(cycles);
    const now = this.board.cpu.cycles;
    const elapsed = now - start;
    const high = this.pwmAcc + (this.pwmHigh ? now - this.pwmSince : 0);
    this.pwmAcc = 0;
    this.pwmSince = now;
    const a = this.board.output(this.pins.motorDirA);
    const b = this.board.output(this.pins.motorDirB);
    this.drive = { dir: a && !b ? 'forward' : b && !a ? 'reverse' : 'stop', duty: high / elapsed };
    this.roller.advance(elapsed / CYCLES_PER_MS, this.drive);
    this.updateWorld();
  }

  private updateWorld(): void {
    this.board.setInput(this.pins.beam, !this.roller.beamBroken);
    this.board.setAnalog(this.pins.batteryChannel, this.roller.volts(this.drive) * REFERENCE_DIVIDER);
  }

  /** Holds the button down (true) or lets it go. */
  setButton(held: boolean): void {
    this.buttonHeld = held;
    this.board.setInput(this.pins.button, !held);
  }

  /** Opens or closes the lid. */
  setLid(open: boolean): void {
    if (open && !this.lidIsOpen) this.roller.lidOpened();
    this.lidIsOpen = open;
    this.board.setInput(this.pins.lid, open);
  }

  /** The motor's measured duty (share of time the enable pin is high) over the next `ms`. */
  measureDuty(ms: number): number {
    let high = 0;
    let total = 0;
    const end = this.board.cpu.cycles + Math.round(ms * CYCLES_PER_MS);
    while (this.board.cpu.cycles < end) {
      const before = this.board.cpu.cycles;
      this.slice(this.sliceCycles);
      const n = this.board.cpu.cycles - before;
      high += this.drive.duty * n;
      total += n;
    }
    return high / total;
  }

  /** The servo's angle from its last pulse, with the firmware's 544..2400 µs range. */
  get servoDegrees(): number {
    return Math.round(((this.servoPulseUs - 544) * 180) / (2400 - 544));
  }
}

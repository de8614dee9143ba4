/**
 * Firmware in the loop: the compiled firmware on an emulated Uno, wired as the reference build
 * (HARDWARE.md) to a button, a lid switch, a roller that turns cards past the break-beam, a
 * battery, a piezo and a servo, with the host's side of the serial link. Everything runs on
 * simulated MCU time (`runFor`, `waitFor`): a test never sleeps.
 *
 * Resets are the chip's: an external reset (DTR when a host opens the port, the reset button) or a
 * watchdog reset keeps the SRAM, a power cycle does not ({@link LauncherRig.reset}).
 */
import { CYCLES_PER_MS, MCUSR, RESET_FLAG, SRAM_BYTES, UnoBoard } from './board.ts';
import { REFERENCE_DIVIDER } from '../wiring.ts';
import { HostEnd } from './host-end.ts';
import { Roller, type MotorDrive, type RollerOptions } from './roller.ts';
import { Rng, seedRng } from '../../lib/rng.ts';

/** Arduino pin numbers of the reference build (config.h); the battery is an analog channel. */
export interface RigPins {
  button: number; lid: number; beam: number; piezo: number; servo: number;
  motorPwm: number; motorDirA: number; motorDirB: number; batteryChannel: number;
}

/** The reference build's pins (HARDWARE.md, config.h). */
export const REFERENCE_PINS: RigPins = {
  button: 2, lid: 3, beam: 4, piezo: 8, motorDirB: 9, servo: 10, motorPwm: 11, motorDirA: 12, batteryChannel: 0,
};


/**
 * Why the MCU resets. `external`: the RESET pin (DTR when a host opens the port, the reset button);
 * `watchdog`: the hardware watchdog; both keep the SRAM. `power`: a power cycle, the SRAM comes up
 * random. `brownout`: the supply dipped; the SRAM is kept here (the worst case for the firmware,
 * which must still treat the boot as cold).
 */
export type ResetCause = 'external' | 'watchdog' | 'power' | 'brownout';

const CAUSE_FLAG: Record<ResetCause, number> = {
  external: RESET_FLAG.EXTRF, watchdog: RESET_FLAG.WDRF, power: RESET_FLAG.PORF, brownout: RESET_FLAG.BORF,
};

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
  /**
   * Model the stock Uno bootloader's (Optiboot 4.4) effect on the reset flags: it clears MCUSR
   * before it starts the sketch, which then reads 0 after every reset (default false: the chip's
   * own flags reach the sketch, as with Optiboot 8, which passes them on, or no bootloader). Its
   * wait for an upload after a reset is not modelled.
   */
  bootloaderClearsFlags?: boolean;
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
  /**
   * Times the beam went from broken to clear: what a sensor that counts trailing edges sees, a card
   * that left or one the reverse pulled back out of the beam.
   */
  beamClears = 0;
  private beamWasBroken = false;
  private readonly hex: string;
  private readonly record: boolean;
  private readonly sliceCycles: number;
  private readonly serialListeners = new Set<(byte: number) => void>();
  private pwmHigh = false;
  private pwmSince = 0;
  private pwmAcc = 0;
  private lidIsOpen = false;
  private beamBlocked = false;
  private buttonHeld = false;
  /** SRAM's power-up contents. */
  private readonly noise: Rng;
  private readonly clearsFlags: boolean;
  /**
   * The serial link works (default). While false, what the host sends and what the board sends are
   * lost, as in a USB glitch or with the cable out; the board runs on.
   */
  linkUp = true;

  constructor(o: RigOptions) {
    super();
    this.hex = o.hex;
    this.record = o.record ?? true;
    this.pins = { ...REFERENCE_PINS, ...o.pins };
    this.roller = new Roller({ rng: seedRng(o.seed ?? 1), ...o.roller });
    this.sliceCycles = Math.round((o.sliceMs ?? 0.25) * CYCLES_PER_MS);
    this.noise = new Rng(seedRng(o.seed ?? 1, 0x5a4d));
    this.clearsFlags = o.bootloaderClearsFlags ?? false;
    this.board = this.wire(new UnoBoard(o.hex, { sram: this.randomSram(), mcusr: this.flagsSeen(RESET_FLAG.PORF) }));
  }

  /**
   * Resets the MCU; by default an external reset, as opening the port does on a real Uno (DTR).
   * The registers and I/O reset and the firmware starts again from its reset vector; the SRAM is
   * kept except after a power cycle (then it comes up random), the EEPROM always; MCUSR gains the
   * cause's flag (its flags accumulate until the firmware clears them; a power cycle leaves only
   * PORF). The roller, button and lid keep their state. `ms` counts again from 0.
   */
  reset(cause: ResetCause = 'external'): void {
    this.resetLine();
    this.pwmHigh = false;
    this.pwmSince = this.pwmAcc = 0;
    const old = this.board;
    const power = cause === 'power';
    const flags = CAUSE_FLAG[cause] | (power ? 0 : old.cpu.data[MCUSR]);
    this.board = this.wire(new UnoBoard(this.hex, { sram: power ? this.randomSram() : old.sram(), mcusr: this.flagsSeen(flags), eeprom: old.eeprom }));
  }

  /** Switches the power off and on: {@link reset} with cause `power`. */
  powerCycle(): void {
    this.reset('power');
  }

  private randomSram(): Uint8Array {
    return Uint8Array.from({ length: SRAM_BYTES }, () => this.noise.int(256));
  }

  /** MCUSR as the sketch finds it. */
  private flagsSeen(flags: number): number {
    return this.clearsFlags ? 0 : flags;
  }

  private wire(b: UnoBoard): UnoBoard {
    const p = this.pins;
    b.setInput(p.button, !this.buttonHeld); // released: the pull-up holds it high
    b.setInput(p.lid, this.lidIsOpen); // closed: the switch holds it low
    b.onSerial((byte) => {
      if (!this.linkUp) return;
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
    // Counted in slices, not on the board's clock: a watchdog reset starts a new board at 0.
    for (let left = Math.round(ms * CYCLES_PER_MS); left > 0; ) left -= this.slice(Math.min(this.sliceCycles, left));
  }

  /** Sends raw bytes to the MCU's serial receiver (lost while the link is down). */
  sendRaw(bytes: string | Uint8Array): void {
    if (this.linkUp) this.board.serialWrite(bytes);
  }

  /** Runs until `done()` holds (checked every slice) or `maxMs` pass; says whether it held. */
  runUntil(done: () => boolean, maxMs: number): boolean {
    for (let left = Math.round(maxMs * CYCLES_PER_MS); !done(); left -= this.slice(this.sliceCycles)) {
      if (left <= 0) return false;
    }
    return true;
  }

  /**
   * Runs until the CPU is about to execute an instruction at one of `addresses` (flash byte
   * addresses, from the firmware's map) or `maxMs` pass; returns the address, or undefined. The
   * world goes on as in {@link runFor}. What the test does there (opens the lid) the CPU sees from
   * the next instruction on: {@link UnoBoard.runTo}.
   */
  runToAddress(addresses: ReadonlySet<number>, maxMs: number): number | undefined {
    // Up, not to the nearest: a caller running to a deadline a fraction of a cycle away must see
    // the clock move, or it asks again forever (the lid sweep did, once a build's timing fell so).
    for (let left = Math.ceil(maxMs * CYCLES_PER_MS); left > 0; ) {
      left -= this.slice(Math.min(this.sliceCycles, left), addresses);
      if (this.stoppedAt !== undefined) return this.stoppedAt;
    }
    return undefined;
  }

  /** Where the last slice stopped before a breakpoint address ({@link runToAddress}). */
  private stoppedAt: number | undefined;

  /**
   * Runs the board and the world for up to `cycles`, or to the first of `stops`; returns the cycles
   * run (fewer when the watchdog reset the MCU or a stop address came first).
   */
  private slice(cycles: number, stops?: ReadonlySet<number>): number {
    const start = this.board.cpu.cycles;
    if (stops) this.stoppedAt = this.board.runTo(stops, cycles);
    else this.board.run(cycles);
    const now = this.board.cpu.cycles;
    const elapsed = now - start;
    if (elapsed === 0) return 0; // stopped at once, at a stop address
    const high = this.pwmAcc + (this.pwmHigh ? now - this.pwmSince : 0);
    this.pwmAcc = 0;
    this.pwmSince = now;
    const a = this.board.output(this.pins.motorDirA);
    const b = this.board.output(this.pins.motorDirB);
    this.drive = { dir: a && !b ? 'forward' : b && !a ? 'reverse' : 'stop', duty: high / elapsed };
    this.roller.advance(elapsed / CYCLES_PER_MS, this.drive);
    this.updateWorld();
    if (this.board.watchdogFired) this.reset('watchdog');
    return elapsed;
  }

  private updateWorld(): void {
    const broken = this.roller.beamBroken;
    if (this.beamWasBroken && !broken) this.beamClears++;
    this.beamWasBroken = broken;
    this.board.setInput(this.pins.beam, !(broken || this.beamBlocked));
    this.board.setAnalog(this.pins.batteryChannel, this.roller.volts(this.drive) * REFERENCE_DIVIDER);
  }

  /** Holds the button down (true) or lets it go. */
  setButton(held: boolean): void {
    this.buttonHeld = held;
    this.board.setInput(this.pins.button, !held);
  }

  /**
   * Something held across the break-beam whatever the roller does (a card stuck in the mouth, a
   * finger): the sensor reads broken while true.
   */
  setBeamBlocked(blocked: boolean): void {
    this.beamBlocked = blocked;
    this.updateWorld();
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
    let left = Math.round(ms * CYCLES_PER_MS);
    while (left > 0) {
      const n = this.slice(Math.min(this.sliceCycles, left));
      high += this.drive.duty * n;
      total += n;
      left -= n;
    }
    return high / total;
  }

  /** The servo's angle from its last pulse, with the firmware's 544..2400 µs range. */
  get servoDegrees(): number {
    // + 0: a pulse measured a cycle short of 544 µs (the pin's edges land between instructions) is 0°, not -0.
    return Math.round(((this.servoPulseUs - 544) * 180) / (2400 - 544)) + 0;
  }
}

/**
 * An emulated Arduino Uno (ATmega328P at 16 MHz) on avr8js: the CPU, timers 0/1/2, USART0, ports
 * B/C/D and the ADC, addressed by Arduino pin numbers. It runs the real compiled firmware by CPU
 * cycles, never by wall-clock time; its serial port is a byte stream in both directions.
 *
 * A board starts from a reset: {@link BoardStart} says what survived it (SRAM, MCUSR's flags, the
 * EEPROM), so a rig can make an external reset (SRAM kept) or a power cycle (SRAM lost) of the
 * same chip by building a new board from the old one's state.
 */
import {
  adcConfig, AVRADC, AVRClock, AVREEPROM, AVRIOPort, AVRTimer, AVRUSART, AVRWatchdog, avrInstruction, clockConfig, CPU,
  EEPROMMemoryBackend, eepromConfig, portBConfig, portCConfig, portDConfig, timer0Config, timer1Config, timer2Config,
  usart0Config, watchdogConfig,
} from 'avr8js';
import { ByteQueue } from './byte-queue.ts';
import { loadHex } from './hex.ts';
import { latin1Bytes } from '../frame.ts';

// avr8js is CommonJS: every use of an imported name goes through a getter. The hot loop calls
// this one 10 million times a second, so it is read once.
const step = avrInstruction;

/** CPU clock of an Uno or Nano. */
export const CLOCK_HZ = 16_000_000;
/** Cycles in one millisecond. */
export const CYCLES_PER_MS = CLOCK_HZ / 1000;

/** Arduino's analog pins as digital pin numbers (A0 = 14). */
export const A0 = 14;

/** SRAM: 2048 bytes from data address 0x100 (below it: registers and I/O). */
export const SRAM_START = 0x100;
export const SRAM_BYTES = 2048;
/** Data address of MCUSR, the reset-cause register (I/O 0x34). */
export const MCUSR = 0x54;
/** MCUSR's flags: why the chip last reset. They accumulate until the firmware clears them. */
export const RESET_FLAG = { PORF: 0x01, EXTRF: 0x02, BORF: 0x04, WDRF: 0x08 } as const;
/** EEPROM size of an ATmega328P. */
export const EEPROM_BYTES = 1024;

/** What a board starts with: what the reset left of the chip. */
export interface BoardStart {
  /** SRAM contents ({@link SRAM_BYTES} bytes); default all zero. The registers and I/O always reset. */
  sram?: Uint8Array;
  /** MCUSR at the reset vector (the {@link RESET_FLAG} bits); default 0. */
  mcusr?: number;
  /** The EEPROM, shared with the chip's earlier runs (it is not volatile); default a fresh, erased one. */
  eeprom?: EEPROMMemoryBackend;
}

/** Calls `fn(high, cycle)` when an Arduino pin's level changes. */
export type PinListener = (high: boolean, cycle: number) => void;

/** The emulated board. */
export class UnoBoard {
  readonly cpu: CPU;
  readonly usart: AVRUSART;
  readonly adc: AVRADC;
  /** The EEPROM's bytes: pass it to the next board to keep them across a reset. */
  readonly eeprom: EEPROMMemoryBackend;
  private readonly ports: AVRIOPort[];
  private readonly rxQueue = new ByteQueue();
  /**
   * The hardware watchdog timed out: the board stopped there ({@link run} returns). avr8js would
   * restart the CPU in place with every peripheral as it was; the chip resets them all, so the
   * owner builds the next board from this one's state, as for any reset (the rig does).
   */
  watchdogFired = false;
  private readonly pinListeners = new Map<number, PinListener[]>();
  private txListener: (byte: number) => void = () => {};

  /** Loads a firmware image (Intel HEX text) and holds the CPU at reset, with what survived it. */
  constructor(hex: string, start: BoardStart = {}) {
    const flash = loadHex(hex);
    this.cpu = new CPU(new Uint16Array(flash.buffer), SRAM_BYTES);
    if (start.sram) {
      if (start.sram.length !== SRAM_BYTES) throw new RangeError(`UnoBoard: sram must be ${SRAM_BYTES} bytes, got ${start.sram.length}`);
      this.cpu.data.set(start.sram, SRAM_START);
    }
    this.cpu.data[MCUSR] = start.mcusr ?? 0;
    this.eeprom = start.eeprom ?? new EEPROMMemoryBackend(EEPROM_BYTES);
    new AVREEPROM(this.cpu, this.eeprom, eepromConfig);
    for (const config of [timer0Config, timer1Config, timer2Config]) new AVRTimer(this.cpu, config);
    this.usart = new AVRUSART(this.cpu, usart0Config, CLOCK_HZ);
    this.adc = new AVRADC(this.cpu, adcConfig);
    new AVRWatchdog(this.cpu, watchdogConfig, new AVRClock(this.cpu, CLOCK_HZ, clockConfig));
    this.cpu.reset = () => void (this.watchdogFired = true);
    // Index by Arduino pin group: D0-7 on port D, D8-13 on port B, A0-5 on port C.
    this.ports = [portDConfig, portBConfig, portCConfig].map((c) => new AVRIOPort(this.cpu, c));
    this.ports.forEach((port, group) => {
      port.addListener((value, old) => {
        const changed = value ^ old;
        for (let bit = 0; bit < 8; bit++) {
          if (!(changed & (1 << bit))) continue;
          const pin = group === 0 ? bit : group === 1 ? 8 + bit : A0 + bit;
          for (const l of this.pinListeners.get(pin) ?? []) l(!!(value & (1 << bit)), this.cpu.cycles);
        }
      });
    });
    this.usart.onByteTransmit = (b) => this.txListener(b);
    this.keepReceiveInterrupt();
  }

  /**
   * avr8js 0.21 drops a pending receive interrupt on every write to UCSR0B, and Arduino's Serial
   * writes there (UDRIE0) for each byte it sends; the real chip keeps RXC0 until UDR0 is read. So a
   * byte arriving while the firmware transmits would be lost (a test caught it). Put it back.
   */
  private keepReceiveInterrupt(): void {
    const { cpu } = this;
    const rxc = (this.usart as unknown as { RXC: Parameters<CPU['setInterruptFlag']>[0] }).RXC;
    let unread = false;
    const writeUcsrb = cpu.writeHooks[usart0Config.UCSRB];
    cpu.writeHooks[usart0Config.UCSRB] = (value, old, addr, mask) => {
      const handled = writeUcsrb(value, old, addr, mask);
      if (unread) cpu.setInterruptFlag(rxc);
      return handled;
    };
    const readUdr = cpu.readHooks[usart0Config.UDR];
    cpu.readHooks[usart0Config.UDR] = (addr) => {
      unread = false;
      return readUdr(addr);
    };
    this.usart.onRxComplete = () => {
      unread = true;
      this.feedRx();
    };
  }

  /** A copy of the SRAM now. */
  sram(): Uint8Array {
    return this.cpu.data.slice(SRAM_START, SRAM_START + SRAM_BYTES);
  }

  /** Simulated time since reset, ms. */
  get ms(): number {
    return this.cpu.cycles / CYCLES_PER_MS;
  }

  /** Executes instructions for `cycles` CPU cycles, or until the watchdog fires. */
  run(cycles: number): void {
    const cpu = this.cpu;
    const end = cpu.cycles + cycles;
    this.feedRx();
    while (cpu.cycles < end && !this.watchdogFired) {
      step(cpu);
      cpu.tick();
    }
  }

  /**
   * Runs as {@link run} does, but stops before the CPU executes an instruction at one of `at` (flash
   * byte addresses, as in the firmware's map): returns that address, or undefined when `cycles`
   * ran out first. Where it stops, the instruction there has not run; whatever happens to a pin then
   * (a switch opening) is seen by the CPU after that instruction, as an interrupt flag raised during
   * it would be. Called again at a stop address, it stops there again at once: step past with
   * {@link run}(1).
   */
  runTo(at: ReadonlySet<number>, cycles: number): number | undefined {
    const cpu = this.cpu;
    const end = cpu.cycles + cycles;
    this.feedRx();
    while (cpu.cycles < end && !this.watchdogFired) {
      if (at.has(cpu.pc * 2)) return cpu.pc * 2;
      step(cpu);
      cpu.tick();
    }
    return undefined;
  }

  /** Runs as {@link run} does, and adds the flash byte address of every instruction executed to `seen`. */
  runTracing(cycles: number, seen: Set<number>): void {
    const cpu = this.cpu;
    const end = cpu.cycles + cycles;
    this.feedRx();
    while (cpu.cycles < end && !this.watchdogFired) {
      seen.add(cpu.pc * 2);
      step(cpu);
      cpu.tick();
    }
  }

  private where(pin: number): [AVRIOPort, number] {
    if (!Number.isInteger(pin) || pin < 0 || pin > A0 + 5) throw new RangeError(`Uno pin ${pin} does not exist: use 0..13, or A0..A5 as 14..19`);
    return pin < 8 ? [this.ports[0], pin] : pin < A0 ? [this.ports[1], pin - 8] : [this.ports[2], pin - A0];
  }

  /** Drives an input pin from outside (a switch to GND, a sensor's output). */
  setInput(pin: number, high: boolean): void {
    const [port, bit] = this.where(pin);
    port.setPin(bit, high);
  }

  /** The level the MCU drives on an output pin now (false for an input). */
  output(pin: number): boolean {
    const [port, bit] = this.where(pin);
    const s = port.pinState(bit);
    return s === 1; // PinState.High
  }

  /** Listens to a pin's level changes, with the CPU cycle of each. Returns the unsubscribe function. */
  onPin(pin: number, listener: PinListener): () => void {
    this.where(pin);
    const list = this.pinListeners.get(pin) ?? [];
    list.push(listener);
    this.pinListeners.set(pin, list);
    return () => list.splice(list.indexOf(listener), 1);
  }

  /** Sets the voltage on an analog pin (A0 = 0). */
  setAnalog(channel: number, volts: number): void {
    this.adc.channelValues[channel] = volts;
  }

  /** Queues bytes for the MCU's serial receiver; they arrive at the configured baud rate. */
  serialWrite(bytes: Uint8Array | string): void {
    this.rxQueue.push(typeof bytes === 'string' ? latin1Bytes(bytes) : bytes);
    this.feedRx();
  }

  /** Bytes queued for the serial receiver, not yet received. */
  get rxPending(): number {
    return this.rxQueue.length;
  }

  /** Receives every byte the MCU transmits. */
  onSerial(listener: (byte: number) => void): void {
    this.txListener = listener;
  }

  /**
   * Hands the next queued byte to the receiver when it is idle. Before the firmware enables its
   * receiver the bytes wait (a real board would drop them).
   */
  private feedRx(): void {
    if (this.rxQueue.length > 0 && !this.usart.rxBusy && this.usart.writeByte(this.rxQueue.peek()!)) this.rxQueue.shift();
  }
}

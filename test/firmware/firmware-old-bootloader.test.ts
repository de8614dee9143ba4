/**
 * A board with the old Nano bootloader (ATmegaBOOT, 2 KB at 0x7800) would be left dead by a
 * watchdog reset: that bootloader keeps the watchdog's reset flag, so the chip resets inside it
 * forever. The firmware finds it in its own flash and keeps the watchdog from resetting the chip:
 * the watchdog's interrupt cuts the motor instead. HELLO says so (`wdt=cut`) and the host tells the
 * person. Run with the real bootloader, Arduino's own build, in the emulated board's flash beside
 * the shipped firmware, as burned on an old Nano.
 */
import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { SteppingClock } from '../../emulator/clock.ts';
import { EmulatedLauncher, stepUntil } from '../../firmware-bridge/avr/transport.ts';
import { firmwareFunction } from '../../firmware-bridge/avr/firmware.ts';
import { LauncherRig } from '../../firmware-bridge/avr/rig.ts';
import { SerialLauncher } from '../../firmware-bridge/serial/driver.ts';
import { SeqCounter } from '../../firmware-bridge/serial/link.ts';
import { oldBootloaderNotice } from '../../firmware-bridge/serial/session.ts';
import { hex } from './boot.ts';

/** The old Nano bootloader as Debian's arduino-core-avr ships it (Arduino's Tools → Burn Bootloader file). */
const ATMEGABOOT = '/usr/share/arduino/hardware/arduino/avr/bootloaders/atmega/ATmegaBOOT_168_atmega328.hex';

/** WDTCSR's data address and bits. */
const WDTCSR = 0x60;
const WDIE = 0x40;
const WDE = 0x08;
const WDP = 0x27;

beforeAll(() => void hex());

/** The firmware's hex with the bootloader's records added (its end-of-file record last). */
function withBootloader(firmware: string, bootloader: string): string {
  const records = (text: string) => text.split(/\r?\n/).filter((l) => l.trim() !== '' && !l.startsWith(':00000001'));
  return [...records(firmware), ...records(bootloader), ':00000001FF', ''].join('\n');
}

function rigWith(image: string): LauncherRig {
  const rig = new LauncherRig({ hex: image, roller: { mechanics: { slip: 0, doubleFeed: 0, jam: 0, halfOut: 0 } } });
  rig.waitFor('HELLO', 20);
  return rig;
}

/** loop() hangs: its first instruction becomes a jump to itself (interrupts still run, as in a real hang). */
function hangLoop(rig: LauncherRig): void {
  rig.board.cpu.progMem[firmwareFunction('loop').address / 2] = 0xcfff; // rjmp .-2
}

describe.runIf(existsSync(ATMEGABOOT))('the firmware on a board with the old Nano bootloader', () => {
  const image = () => withBootloader(hex(), readFileSync(ATMEGABOOT, 'utf8'));

  it('the bootloader is where the firmware looks, and the firmware ends below it', () => {
    const rig = rigWith(image());
    const flash = new Uint8Array(rig.board.cpu.progMem.buffer);
    expect([...flash.subarray(0x7800, 0x7804)]).toEqual([0x0c, 0x94, 0x34, 0x3c]); // its vector table: jmp 0x7868
    expect(firmwareFunction('loop').address).toBeLessThan(0x7800);
  });

  it('HELLO says wdt=cut, and the watchdog is on at 250 ms as an interrupt, never a reset', () => {
    const rig = rigWith(image());
    expect(rig.messages('HELLO')[0].params).toMatchObject({ wdt: 'cut' });
    const csr = rig.board.cpu.data[WDTCSR];
    expect({ interrupt: (csr & WDIE) !== 0, reset: (csr & WDE) !== 0, prescaler: csr & WDP }).toEqual({ interrupt: true, reset: false, prescaler: 0x04 });
  });

  it('a hung loop(): the watchdog cuts the running motor within 257 ms, and the chip is not reset', () => {
    const rig = rigWith(image());
    rig.command({ verb: 'FWD', duty: 255, ms: 5000 });
    rig.runFor(100);
    expect(rig.drive.dir).toBe('forward');
    hangLoop(rig);
    const board = rig.board;
    let ms = 0;
    for (; rig.drive.dir !== 'stop' && ms < 1000; ms += 0.25) rig.runFor(0.25);
    // 250 ms nominal: avr8js counts the 128 kHz oscillator's 32768 cycles exactly (256 ms).
    expect(ms).toBeGreaterThan(200);
    expect(ms).toBeLessThanOrEqual(257);
    const hellos = rig.messages('HELLO').length;
    rig.runFor(2000);
    // Still the same chip, never reset (a reset builds a new board and the firmware says HELLO).
    expect(rig.board).toBe(board);
    expect(board.watchdogFired).toBe(false);
    expect(rig.messages('HELLO').length).toBe(hellos);
    expect(rig.drive.dir).toBe('stop');
  });

  it('the host tells the person, once, what it means and how to fix it', async () => {
    const rig = new LauncherRig({ hex: image(), record: false, roller: { mechanics: { slip: 0, doubleFeed: 0, jam: 0, halfOut: 0 } } });
    const emu = new EmulatedLauncher(rig, 'emulated');
    const clock = new SteppingClock();
    let hw: SerialLauncher | null = null;
    let failed: Error | null = null;
    SerialLauncher.open({ transport: emu.transport, clock, seq: new SeqCounter() }).then((d) => (hw = d), (e: Error) => (failed = e));
    expect(await stepUntil(emu, clock, () => hw !== null || failed !== null, 6000)).toBe(true);
    if (failed) throw failed;
    const notices: string[] = [];
    hw!.onNotice((m) => notices.push(m));
    await stepUntil(emu, clock, () => false, 500);
    expect(notices).toEqual([oldBootloaderNotice('serial:emulated').message]);
    expect(notices[0]).toMatch(/old Nano bootloader .* Burn the Optiboot bootloader .*HARDWARE\.md, "Old bootloaders"/);
    let closed = false;
    void hw!.close().then(() => (closed = true));
    expect(await stepUntil(emu, clock, () => closed, 2000)).toBe(true);
  });
});

describe('the firmware on a board without it (Optiboot, or none)', () => {
  it('HELLO says wdt=reset, and the watchdog resets the chip', () => {
    const rig = rigWith(hex());
    expect(rig.messages('HELLO')[0].params).toMatchObject({ wdt: 'reset' });
    const csr = rig.board.cpu.data[WDTCSR];
    expect({ interrupt: (csr & WDIE) !== 0, reset: (csr & WDE) !== 0 }).toEqual({ interrupt: false, reset: true });
    hangLoop(rig);
    const board = rig.board;
    rig.runFor(300);
    expect(rig.board).not.toBe(board); // reset: firmware-flood.test.ts follows it through
  });
});

/**
 * The Web Serial transport in Node, against a fake `navigator.serial` built on real WHATWG streams
 * (fake-web-serial.ts): the board reset on open, locks released before close, an unplug as a
 * `disconnect` event and the replugged board as a new port object found again by its USB ids, an
 * overrun survived. Behind the fake, a scripted board on fake timers, then the compiled firmware
 * on the emulated board on a stepped clock.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SteppingClock } from '../../emulator/clock.ts';
import type { HardwareInput } from '../../emulator/hardware.ts';
import { LauncherRig } from '../../firmware-bridge/avr/rig.ts';
import { EmulatedLauncher, stepUntil } from '../../firmware-bridge/avr/transport.ts';
import { MemoryTransport } from '../../firmware-bridge/memory-transport.ts';
import { SerialLauncher } from '../../firmware-bridge/serial/driver.ts';
import { SeqCounter } from '../../firmware-bridge/serial/link.ts';
import { ARDUINO_USB_FILTERS, BUFFER_SIZE, knownLauncherPort, requestLauncherPort, webSerialSupport, WebSerialTransport } from '../../firmware-bridge/web-serial.ts';
import { encodeDeviceMessage } from '../../firmware-bridge/codec.ts';
import { hex } from '../firmware/boot.ts';
import { FakeBoard } from './fake-board.ts';
import { FakeSerial } from './fake-web-serial.ts';

afterEach(() => void vi.useRealTimers());

const cards = (seen: HardwareInput[]) => seen.filter((i) => i.type === 'CARD').length;

/** Runs the fake clock in 10 ms steps until `p` settles (at most 10 s of it). */
async function settle<T>(p: Promise<T>): Promise<T> {
  const done = p.then(() => true, () => true);
  for (let t = 0; t < 10_000 && !(await Promise.race([done, Promise.resolve(false)])); t += 10) await vi.advanceTimersByTimeAsync(10);
  return p;
}

describe('Web Serial transport, scripted board', () => {
  async function rig() {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const wire = new MemoryTransport('usb');
    const board = FakeBoard.on(wire.board, { helloOnOpen: true, sid: 4, feedPerSecond: 10 });
    const serial = new FakeSerial(wire);
    const transport = await requestLauncherPort(serial);
    const log: string[] = [];
    const hw = await settle(SerialLauncher.open({ transport, seq: new SeqCounter(), backoff: { firstMs: 100, maxMs: 400 }, log: (l) => log.push(l) }));
    const seen: HardwareInput[] = [];
    hw.onInput((i) => seen.push(i));
    return { wire, board, serial, transport, hw, seen, log };
  }

  it('opens at 115200 with a large buffer, waits for the HELLO of the reset board, and counts cards', async () => {
    const { serial, transport, hw, seen, board } = await rig();
    expect(transport.path).toBe('web-serial:2341:0043');
    expect(serial.port!.bufferSize).toBe(BUFFER_SIZE);
    expect(seen.slice(0, 2)).toEqual([{ type: 'LID', open: false }, { type: 'BATTERY', volts: 4.5 }]);
    board.card();
    board.card();
    await vi.advanceTimersByTimeAsync(1);
    expect(cards(seen)).toBe(2);
    await hw.close();
    // close() is refused while a stream is locked: none was, and the port is closed.
    expect(serial.port!.lockedCloses).toBe(0);
    expect(serial.port!.readable).toBeNull();
  });

  it('an unplug mid-burst: the disconnect event takes the link down; the replugged board, a new port object, is found by its USB ids and resynced', async () => {
    const { serial, hw, seen, board, log } = await rig();
    const first = serial.port!;
    hw.motor('forward');
    await vi.advanceTimersByTimeAsync(250);
    expect(cards(seen)).toBe(2);
    serial.unplug();
    await vi.advanceTimersByTimeAsync(1);
    expect(seen.at(-1)).toEqual({ type: 'LINK', up: false });
    expect(log).toContain('link to web-serial:2341:0043 lost: the launcher was unplugged (its USB device went away)');
    await vi.advanceTimersByTimeAsync(1000);
    expect(log.some((l) => /reconnect to web-serial:2341:0043 failed \(web-serial:2341:0043: the launcher is not plugged in: plug its USB cable back in/.test(l))).toBe(true);
    board.watchdog();
    const counted = board.cards;
    serial.plug();
    await vi.advanceTimersByTimeAsync(500);
    expect(hw.connected).toBe(true);
    expect(serial.port).not.toBe(first);
    expect(cards(seen)).toBe(counted);
    expect(log).toContain(`resync: ${counted - 2} card(s) left while the link was down`);
    await hw.close();
    expect(serial.port!.lockedCloses).toBe(0);
  });

  it('a port another tab holds is busy, said so', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const wire = new MemoryTransport('usb');
    const serial = new FakeSerial(wire);
    await serial.port!.open({ baudRate: 115200 });
    const transport = (await knownLauncherPort(serial))!;
    await expect(SerialLauncher.open({ transport })).rejects.toThrow("web-serial:2341:0043 is busy: another program holds it (close the Arduino IDE's serial monitor, or another tab playing uno-extreme), then connect again");
  });

  it('an overrun (the browser\'s buffer full) is survived: a fresh stream, the damaged line counted as garbage, the count read again', async () => {
    const { serial, hw, seen, board } = await rig();
    const port = serial.port!;
    // A CARD line whose end is lost in an overrun: more than the buffer holds arrives at once.
    board.cards += 3;
    board.raw('CARD 3');
    board.raw('x'.repeat(BUFFER_SIZE + 10));
    board.raw('\n');
    board.say({ type: 'BTN', presses: 1 });
    await vi.advanceTimersByTimeAsync(5);
    expect(port.overruns).toBe(1);
    expect(hw.connected).toBe(true);
    expect(hw.diagnostics.garbageLines).toBe(1);
    expect(cards(seen)).toBe(3);
    expect(seen.filter((i) => i.type === 'BUTTON')).toHaveLength(1);
    await hw.close();
  });

  it('says which browsers can, where there is no navigator.serial; asks for Arduino-like USB ids', () => {
    expect(webSerialSupport({})).toEqual({ ok: false, why: expect.stringMatching(/^this browser cannot reach a serial port: use Chrome, Edge or Opera on a desktop/) });
    expect(ARDUINO_USB_FILTERS).toContainEqual({ usbVendorId: 0x2341 });
    expect(ARDUINO_USB_FILTERS).toContainEqual({ usbVendorId: 0x1a86, usbProductId: 0x7523 });
  });
});

describe('Web Serial transport, the compiled firmware behind the fake navigator.serial', () => {
  beforeAll(() => void hex());

  it('an unplug mid-burst past the watchdog: every card the roller ejected is counted once', async () => {
    const rig = new LauncherRig({ hex: hex(), seed: 3, record: false, roller: { mechanics: { slip: 0, doubleFeed: 0, jam: 0, halfOut: 0 } } });
    const emu = new EmulatedLauncher(rig);
    const serial = new FakeSerial({ path: 'emulated', open: (e) => emu.transport.open(e), unplug: () => emu.unplug(), plug: () => emu.plug() });
    const clock = new SteppingClock();
    const transport = new WebSerialTransport(serial, serial.port!);
    let hw: SerialLauncher | null = null;
    void SerialLauncher.open({ transport, clock, seq: new SeqCounter(), backoff: { firstMs: 100, maxMs: 400 } }).then((d) => (hw = d));
    expect(await stepUntil(emu, clock, () => hw !== null, 6000)).toBe(true);
    const seen: HardwareInput[] = [];
    hw!.onInput((i) => seen.push(i));
    hw!.motor('forward');
    expect(await stepUntil(emu, clock, () => cards(seen) >= 2, 5000)).toBe(true);
    serial.unplug();
    expect(await stepUntil(emu, clock, () => rig.drive.dir === 'stop', 2000)).toBe(true);
    serial.plug();
    expect(await stepUntil(emu, clock, () => hw!.connected, 3000)).toBe(true);
    expect(rig.roller.beamPulses).toBeGreaterThan(2);
    expect(cards(seen)).toBe(rig.roller.beamPulses);
    let closed = false;
    void hw!.close().then(() => (closed = true));
    expect(await stepUntil(emu, clock, () => closed, 2000)).toBe(true);
    expect(serial.port!.lockedCloses).toBe(0);
  });
});

// The fake itself: bytes unchanged both ways, and close() refused while a stream is locked, as Chromium does.
it('the fake serial port carries bytes both ways unchanged', async () => {
  const wire = new MemoryTransport('usb');
  const got: string[] = [];
  wire.board.onData((c) => got.push(String.fromCharCode(...c)));
  const serial = new FakeSerial(wire);
  const port = serial.port!;
  await port.open({ baudRate: 115200 });
  const reader = port.readable!.getReader();
  const writer = port.writable!.getWriter();
  await writer.write(Uint8Array.of(0x31, 0x0a));
  wire.board.write(encodeDeviceMessage({ type: 'CARD', cards: 1 }));
  const { value } = await reader.read();
  expect(String.fromCharCode(...value!)).toBe(encodeDeviceMessage({ type: 'CARD', cards: 1 }));
  expect(got).toEqual(['1\n']);
  await expect(port.close()).rejects.toThrow(/streams are locked/);
  reader.releaseLock();
  writer.releaseLock();
  await port.close();
});

/**
 * The Johnny-Five driver on mock-firmata: the launcher machine drives the board, and the test
 * checks the pin writes it causes and plays the pins it reads (button, lid, beam, battery).
 */
import { createRequire } from 'node:module';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JohnnyFiveLauncher, REFERENCE_PINS } from '../../firmware-bridge/johnny-five/driver.ts';
import { LauncherError, MachineLauncher } from '../../emulator/launcher.ts';
import { fixedBurst } from '../emulator/helpers.ts';

const require = createRequire(import.meta.url);
const { Firmata } = require('mock-firmata') as { Firmata: new () => MockIo };

interface MockIo {
  emit(ev: string, ...a: unknown[]): void;
  [k: string]: unknown;
}

/** A mock-firmata board whose pins the test can read and drive. */
class PinRig {
  readonly io: MockIo = new Firmata();
  readonly writes: Array<[string, number, number]> = [];
  private reads = new Map<string, (v: number) => void>();

  constructor() {
    for (const m of ['digitalWrite', 'analogWrite', 'pwmWrite', 'servoWrite']) {
      const orig = this.io[m] as (...a: unknown[]) => unknown;
      this.io[m] = (pin: number, value: number) => {
        this.writes.push([m, pin, value]);
        return orig.call(this.io, pin, value);
      };
    }
    this.io.digitalRead = (pin: number, cb: (v: number) => void) => void this.reads.set(`D${pin}`, cb);
    this.io.analogRead = (pin: number, cb: (v: number) => void) => void this.reads.set(`A${pin}`, cb);
  }

  /** Sets the level the board reads on a pin (the sensor polls pick it up). */
  set(pin: string, value: number): void {
    const cb = this.reads.get(pin);
    if (!cb) throw new Error(`nothing reads ${pin}`);
    cb(value);
  }

  /** The last value written to a pin by a method. */
  last(method: string, pin: number): number | undefined {
    return this.writes.filter(([m, p]) => m === method && p === pin).at(-1)?.[2];
  }

  /** Motor as the pins say: forward, reverse or stop. */
  motor(): 'forward' | 'reverse' | 'stop' {
    if (!this.last('analogWrite', REFERENCE_PINS.motorPwm)) return 'stop';
    return this.last('digitalWrite', REFERENCE_PINS.motorDir) === 1 ? 'forward' : 'reverse';
  }
}

const threeCards = fixedBurst(3);

async function setup(offlineWaitMs?: number): Promise<{ rig: PinRig; hw: JohnnyFiveLauncher; launcher: MachineLauncher }> {
  const rig = new PinRig();
  const opening = JohnnyFiveLauncher.open({ io: rig.io, name: 'firmata:mock', stallMs: 400 });
  rig.io.emit('connect');
  rig.io.emit('ready');
  const hw = await opening;
  const launcher = new MachineLauncher({ profile: threeCards, seed: 1, supply: ['a', 'b', 'c', 'd', 'e'], hardware: hw, clock: 'real', offlineWaitMs });
  rig.set('D3', 0); // lid closed
  rig.set('D4', 1); // beam clear
  rig.set('D2', 1); // button up
  await vi.advanceTimersByTimeAsync(100);
  return { rig, hw, launcher };
}

/** A card passing the beam: broken, then clear (the sensor polls every 25 ms). */
async function card(rig: PinRig): Promise<void> {
  rig.set('D4', 0);
  await vi.advanceTimersByTimeAsync(40);
  rig.set('D4', 1);
  await vi.advanceTimersByTimeAsync(40);
}

describe('Johnny-Five driver on mock-firmata', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('a button press dings on the piezo and runs the motor forward; three cards past the beam end the burst', async () => {
    const { rig, launcher } = await setup();
    const cards: string[] = [];
    launcher.on('card', (e) => cards.push(e.card));
    rig.set('D2', 0); // press
    await vi.advanceTimersByTimeAsync(30);
    rig.set('D2', 1);
    await vi.advanceTimersByTimeAsync(200); // spin-up
    expect(rig.writes.some(([, pin]) => pin === REFERENCE_PINS.piezo)).toBe(true);
    expect(rig.motor()).toBe('forward');
    expect(rig.last('analogWrite', REFERENCE_PINS.motorPwm)).toBe(255);
    for (let i = 0; i < 3; i++) await card(rig);
    expect(rig.motor()).toBe('reverse');
    await vi.advanceTimersByTimeAsync(150);
    expect(rig.motor()).toBe('stop');
    expect(cards).toEqual(['a', 'b', 'c']);
    expect(launcher.unitState).toBe('ready');
  });

  it('the lid switch: open blocks presses and the motor; closing beeps', async () => {
    const { rig, launcher } = await setup();
    const before = rig.writes.length;
    rig.set('D3', 1);
    await vi.advanceTimersByTimeAsync(50);
    expect(launcher.lidOpen).toBe(true);
    rig.set('D2', 0);
    await vi.advanceTimersByTimeAsync(50);
    rig.set('D2', 1);
    await vi.advanceTimersByTimeAsync(300);
    expect(rig.motor()).toBe('stop');
    expect(rig.writes.slice(before).some(([m, pin, v]) => m === 'analogWrite' && pin === REFERENCE_PINS.motorPwm && v > 0)).toBe(false);
    rig.set('D3', 0);
    await vi.advanceTimersByTimeAsync(50);
    expect(launcher.lidOpen).toBe(false);
    expect(rig.writes.slice(before).some(([, pin]) => pin === REFERENCE_PINS.piezo)).toBe(true);
  });

  it('a card stuck in the beam while the motor pushes is a stall: motor stopped, launcher jammed', async () => {
    const { rig, launcher } = await setup();
    const press = launcher.press();
    await vi.advanceTimersByTimeAsync(200);
    rig.set('D4', 0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(rig.motor()).toBe('stop');
    expect(launcher.unitState).toBe('jammed');
    expect(await press).toMatchObject({ jam: true, cards: [] });
  });

  it('aims the servo (0..360° onto 0..180°) and reads the battery through the divider', async () => {
    const { rig, launcher } = await setup();
    const aimed = launcher.aim(2); // 4 seats: seat 2 is 180°
    await vi.advanceTimersByTimeAsync(1200);
    await aimed;
    expect(rig.last('servoWrite', REFERENCE_PINS.servo)).toBe(1500); // 90° on the servo, in µs
    rig.set('A0', 177); // 177 / 1023 × 5 V = 0.865 V at the pin, behind the 100 k / 22 k divider: cells at 4.80 V
    await vi.advanceTimersByTimeAsync(1100);
    expect(launcher.volts).toBeCloseTo(4.8, 1);
  });

  it('the port closes mid-burst (an unplug): offline, a notice saying what to do, the card counted kept, the press rejected clearly', async () => {
    const { rig, hw, launcher } = await setup(3000);
    const notices: string[] = [];
    hw.onNotice((m) => notices.push(m));
    const cards: string[] = [];
    launcher.on('card', (e) => cards.push(e.card));
    const outcome = launcher.press().then((r) => r, (e: unknown) => e);
    await vi.advanceTimersByTimeAsync(200);
    await card(rig);
    rig.io.emit('close');
    await vi.advanceTimersByTimeAsync(10);
    expect(launcher.unitState).toBe('offline');
    expect(rig.motor()).toBe('stop');
    expect(cards).toEqual(['a']);
    expect(notices).toEqual([expect.stringMatching(/^firmata:mock: the board's port closed \(unplugged\?\): the launcher is offline .* check the USB cable, then start uno-extreme again$/)]);
    // A press meanwhile waits for a board that cannot come back, then fails with what to check.
    const later = launcher.press().then((r) => r, (e: unknown) => e);
    await vi.advanceTimersByTimeAsync(3100);
    for (const e of [await outcome, await later]) {
      expect(e).toBeInstanceOf(LauncherError);
      expect((e as Error).message).toMatch(/^firmata:mock (did not finish the press|is offline): nothing from it for 3 s \(check the cable and the batteries\)/);
    }
    expect(launcher.context.press.cards).toEqual(['a']);
    expect(notices).toHaveLength(1);
  });

  it('an io error (a port that fails): offline with the error in the notice, once; a second error throws nothing', async () => {
    const { rig, hw, launcher } = await setup();
    const notices: string[] = [];
    hw.onNotice((m) => notices.push(m));
    rig.io.emit('error', new Error('EIO: i/o error, write'));
    await vi.advanceTimersByTimeAsync(10);
    expect(launcher.unitState).toBe('offline');
    expect(() => rig.io.emit('error', new Error('EIO again'))).not.toThrow();
    rig.io.emit('close');
    expect(notices).toEqual([expect.stringMatching(/^firmata:mock: the port failed \(EIO: i\/o error, write\): the launcher is offline/)]);
    await hw.close();
  });

  it('a board that never gets ready is a clear error', async () => {
    const rig = new PinRig();
    const opening = JohnnyFiveLauncher.open({ io: rig.io, name: 'firmata:/dev/ttyUSB9', readyTimeoutMs: 2000 });
    const check = expect(opening).rejects.toThrow(/did not answer as a Firmata board within 2000 ms. Upload StandardFirmata/);
    await vi.advanceTimersByTimeAsync(2100);
    await check;
  });
});

/**
 * The Johnny-Five driver on mock-firmata: the launcher machine drives the board, and the test
 * checks the pin writes it causes and plays the pins it reads (button, lid, beam, battery).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COAST_MS, JohnnyFiveLauncher, REFERENCE_PINS } from '../../firmware-bridge/johnny-five/driver.ts';
import { LauncherError, MachineLauncher } from '../../emulator/launcher.ts';
import { fixedBurst } from '../emulator/helpers.ts';
import type { PressResult } from '../../emulator/core.ts';
import { openRig, PinRig } from './pin-rig.ts';

const threeCards = fixedBurst(3);

async function setup(): Promise<{ rig: PinRig; hw: JohnnyFiveLauncher; launcher: MachineLauncher }> {
  const rig = new PinRig();
  const hw = await openRig(rig);
  const launcher = new MachineLauncher({ profile: threeCards, seed: 1, supply: ['a', 'b', 'c', 'd', 'e'], hardware: hw, clock: 'real' });
  rig.set('D3', 0); // lid closed
  rig.set('D4', 1); // beam clear
  rig.set('D2', 1); // button up
  await vi.advanceTimersByTimeAsync(100);
  return { rig, hw, launcher };
}

/**
 * What `p` resolved or rejected with once the microtasks queued now have run, or `pending`: with the fake clock
 * not advanced, a promise settled here was settled by no timer at all. (`process.nextTick` is not
 * faked, and a tick queued from a microtask runs once the microtask queue is empty.)
 */
async function settledWithoutTimers(p: Promise<unknown>): Promise<unknown> {
  let out: { value: unknown } | null = null;
  p.then((value) => (out = { value }), (value: unknown) => (out = { value }));
  await new Promise<void>((r) => process.nextTick(r));
  return out === null ? 'pending' : (out as { value: unknown }).value;
}

/** A press of three cards, two of which cross the beam in time: run until the burst is over and its fence (held) is asked. */
async function twoCardsThenFence(): Promise<{ rig: PinRig; launcher: MachineLauncher; press: Promise<PressResult> }> {
  const { rig, launcher } = await setup();
  rig.holdAnswers = true;
  const press = launcher.press();
  await vi.advanceTimersByTimeAsync(200); // spin-up
  await card(rig);
  await card(rig);
  await advanceUntil(() => launcher.unitState === 'flushing' && rig.motor() === 'stop', 'the burst over');
  return { rig, launcher, press };
}

/** A card passing the beam: broken, then clear, each level held long enough for any sampling. */
async function card(rig: PinRig): Promise<void> {
  rig.set('D4', 0);
  await vi.advanceTimersByTimeAsync(40);
  rig.set('D4', 1);
  await vi.advanceTimersByTimeAsync(40);
}

/** Runs the fake clock in 10 ms steps until `test` holds (at most `ms`). */
async function advanceUntil(test: () => boolean, what: string, ms = 10_000): Promise<void> {
  for (let t = 0; !test(); t += 10) {
    if (t > ms) throw new Error(`${what} not met within ${ms} ms`);
    await vi.advanceTimersByTimeAsync(10);
  }
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
    expect(rig.writes.some(([, pin]) => pin === REFERENCE_PINS.buzzer)).toBe(true);
    expect(rig.motor()).toBe('forward');
    expect(rig.last('analogWrite', REFERENCE_PINS.motorPwm)).toBe(255);
    for (let i = 0; i < 3; i++) await card(rig);
    expect(rig.motor()).toBe('reverse');
    await vi.advanceTimersByTimeAsync(150);
    expect(rig.motor()).toBe('stop');
    expect(cards).toEqual(['a', 'b', 'c']);
    expect(launcher.unitState).toBe('ready');
  });

  it('coasts, unpowered, for COAST_MS before the motor turns the other way, as the firmware does; a stop meanwhile cancels the run', async () => {
    const { rig, hw } = await setup();
    const pwm = () => rig.last('analogWrite', REFERENCE_PINS.motorPwm);
    hw.motor('forward');
    await vi.advanceTimersByTimeAsync(100);
    expect([rig.motor(), pwm()]).toEqual(['forward', 255]);
    // Forward straight to reverse: the power is cut now, the direction pins wait with the run.
    const before = rig.writes.length;
    hw.motor('reverse');
    expect(rig.writes.slice(before)).toEqual([['analogWrite', REFERENCE_PINS.motorPwm, 0]]);
    await vi.advanceTimersByTimeAsync(COAST_MS - 1);
    expect(rig.writes.slice(before)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect([rig.motor(), pwm()]).toEqual(['reverse', 255]);
    // A stop first counts toward the coast: 5 ms later, forward waits the other 15.
    hw.motor('stop');
    await vi.advanceTimersByTimeAsync(5);
    hw.motor('forward');
    await vi.advanceTimersByTimeAsync(COAST_MS - 6);
    expect(pwm()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect([rig.motor(), pwm()]).toEqual(['forward', 255]);
    // The same way again: at once.
    hw.motor('forward', 0.5);
    expect(pwm()).toBe(128);
    // A run coasting when a stop comes never starts.
    hw.motor('reverse');
    hw.motor('stop');
    await vi.advanceTimersByTimeAsync(100);
    expect(pwm()).toBe(0);
  });

  it('the ding is the active buzzer switched on for 150 ms and off: two pin writes, not the pitch toggled over the link', async () => {
    const { rig, hw } = await setup();
    const before = rig.writes.length;
    hw.tone('ding');
    await vi.advanceTimersByTimeAsync(149);
    expect(rig.writes.slice(before)).toEqual([['digitalWrite', REFERENCE_PINS.buzzer, 1]]);
    await vi.advanceTimersByTimeAsync(1);
    expect(rig.writes.slice(before)).toEqual([['digitalWrite', REFERENCE_PINS.buzzer, 1], ['digitalWrite', REFERENCE_PINS.buzzer, 0]]);
  });

  it('a quickening ding (dingPulse) sounds the buzzer for the machine\'s length, not the kind\'s', async () => {
    const { rig, hw } = await setup();
    const before = rig.writes.length;
    hw.tone('ding', 96);
    await vi.advanceTimersByTimeAsync(95);
    expect(rig.writes.slice(before)).toEqual([['digitalWrite', REFERENCE_PINS.buzzer, 1]]);
    await vi.advanceTimersByTimeAsync(1);
    expect(rig.writes.slice(before)).toEqual([['digitalWrite', REFERENCE_PINS.buzzer, 1], ['digitalWrite', REFERENCE_PINS.buzzer, 0]]);
  });

  it('a card whose break and clear come in one USB read is counted (the beam was sampled every 25 ms, which missed it)', async () => {
    const { rig, launcher } = await setup();
    const press = launcher.press();
    await vi.advanceTimersByTimeAsync(200); // spin-up
    for (let i = 0; i < 3; i++) {
      rig.set('D4', 0);
      rig.set('D4', 1);
      await vi.advanceTimersByTimeAsync(10);
    }
    await vi.advanceTimersByTimeAsync(COAST_MS); // the roller coasts before the reverse pulse
    expect(rig.motor()).toBe('reverse');
    await vi.advanceTimersByTimeAsync(150);
    expect(await press).toMatchObject({ cards: ['a', 'b', 'c'] });
  });

  it('a card whose beam reports reach the host after the burst is over goes to that press: press() waits for the board to answer a pin state query', async () => {
    // A third card crossed the beam before the STOP, but its reports are still on the USB link
    // when the burst's time is up: they arrive after the motor stopped, before the answer.
    const { rig, launcher, press } = await twoCardsThenFence();
    const asked = rig.queries;
    rig.set('D4', 0);
    rig.set('D4', 1);
    rig.answer();
    expect(await press).toMatchObject({ cards: ['a', 'b', 'c'], empty: false });
    expect(launcher.supply).toEqual(['d', 'e']);
    expect(asked).toBe(1);
  });

  it('while the machine waits for the fence, a second press and the unit\'s own button are ignored (busy): each press answers with its own cards', async () => {
    const { rig, launcher, press: first } = await twoCardsThenFence();
    const ignored: string[] = [];
    launcher.on('ignored', (e) => ignored.push(e.reason));
    const done: PressResult[] = [];
    launcher.on('pressDone', (e) => done.push(e.result));
    // Waiting for the fence: a second software press and the launcher's own button, then the late card.
    expect(await launcher.press()).toMatchObject({ dinged: false, ignored: 'busy' });
    rig.set('D2', 0);
    await vi.advanceTimersByTimeAsync(50);
    rig.set('D2', 1);
    await vi.advanceTimersByTimeAsync(50);
    expect(ignored).toEqual(['busy', 'busy']);
    expect(rig.motor()).toBe('stop');
    rig.set('D4', 0);
    rig.set('D4', 1);
    rig.answer();
    expect(await first).toMatchObject({ cards: ['a', 'b', 'c'] });
    expect(done).toEqual([await first]);
    // The next press runs on its own.
    const second = launcher.press();
    await vi.advanceTimersByTimeAsync(200);
    expect(rig.motor()).toBe('forward');
    for (let i = 0; i < 2; i++) await card(rig);
    // The last two cards: the burst runs out its budget (the launcher is empty), then its fence.
    await advanceUntil(() => launcher.unitState === 'flushing' && rig.motor() === 'stop', 'the second burst over');
    rig.answer();
    expect(await second).toMatchObject({ cards: ['d', 'e'] });
    expect(done.map((r) => r.cards)).toEqual([['a', 'b', 'c'], ['d', 'e']]);
  });

  it('the fence: a flush asked while a query is on the wire waits for a query of its own; an unplug releases them at once', async () => {
    const { rig, hw } = await setup();
    rig.holdAnswers = true;
    const first = hw.flush();
    const second = hw.flush();
    const third = hw.flush();
    expect(rig.queries).toBe(1);
    rig.answer();
    expect(await settledWithoutTimers(first)).toBeUndefined();
    // The answer to the first query says nothing of reports sent after it: the others asked again, together.
    expect(await settledWithoutTimers(second)).toBe('pending');
    expect(rig.queries).toBe(2);
    rig.io.emit('close');
    expect(await settledWithoutTimers(second)).toBeUndefined();
    expect(await settledWithoutTimers(third)).toBeUndefined();
    expect(await settledWithoutTimers(hw.flush())).toBeUndefined();
    expect(rig.queries).toBe(2);
    expect(rig.answer()).toBe(1); // the answer after the unplug changes nothing
  });

  it('a board that never answers the fence: the flush resolves after fenceTimeoutMs, it is said once, and later flushes do not ask', async () => {
    const { rig, hw } = await setup();
    const notices: string[] = [];
    hw.onNotice((m) => notices.push(m));
    rig.holdAnswers = true;
    const flush = hw.flush();
    await vi.advanceTimersByTimeAsync(999);
    expect(await settledWithoutTimers(flush)).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(await settledWithoutTimers(flush)).toBeUndefined();
    expect(notices).toEqual([expect.stringMatching(/^firmata:mock: the board did not answer a pin state query within 1000 ms: .*upload StandardFirmata$/)]);
    expect(await settledWithoutTimers(hw.flush())).toBeUndefined();
    expect(rig.queries).toBe(1);
    expect(notices).toHaveLength(1);
  });

  it('the lid switch and the beam are read with the pull-up on (HARDWARE.md: INPUT_PULLUP); a bouncing lid switch is one change', async () => {
    const { rig, launcher } = await setup();
    for (const pin of [REFERENCE_PINS.lid, REFERENCE_PINS.cardSensor]) expect(rig.last('digitalWrite', pin), `D${pin}`).toBe(1);
    const lids: boolean[] = [];
    launcher.hardware.onInput((i) => void (i.type === 'LID' && lids.push(i.open)));
    const replayed = lids.length; // a new listener hears the lid as it is first
    // The switch bounces as the lid opens: read every 25 ms, the lid opened once.
    for (const v of [1, 0, 1, 0, 1]) rig.set('D3', v);
    await vi.advanceTimersByTimeAsync(50);
    expect(lids.slice(replayed)).toEqual([true]);
  });

  it('until the board has reported the lid, the motor stays off (an unknown switch blocks it, HARDWARE.md)', async () => {
    const rig = new PinRig();
    const hw = await openRig(rig);
    hw.motor('forward');
    expect(rig.motor()).toBe('stop');
    rig.set('D3', 0); // lid closed
    await vi.advanceTimersByTimeAsync(50);
    hw.motor('forward');
    expect(rig.motor()).toBe('forward');
    hw.motor('stop');
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
    expect(rig.writes.slice(before).some(([, pin]) => pin === REFERENCE_PINS.buzzer)).toBe(true);
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

  it('the port closes mid-burst (an unplug): offline, a notice saying what to do, the card counted kept, the press rejected at once', async () => {
    const { rig, hw, launcher } = await setup(); // the default offlineWaitMs: 5 minutes
    const notices: string[] = [];
    hw.onNotice((m) => notices.push(m));
    const cards: string[] = [];
    launcher.on('card', (e) => cards.push(e.card));
    const outcome = launcher.press();
    await vi.advanceTimersByTimeAsync(200);
    await card(rig);
    rig.io.emit('close');
    // From here no timer runs (the fake clock is not advanced): the pending press, and one made
    // meanwhile, must be settled by the unplug itself, not by a wait for a board that cannot come back.
    expect(launcher.unitState).toBe('offline');
    expect(rig.motor()).toBe('stop');
    expect(cards).toEqual(['a']);
    const message = /^firmata:mock: the board's port closed \(unplugged\?\): the launcher is offline and Johnny-Five cannot reopen the port; check the USB cable, then start uno-extreme again$/;
    expect(notices).toEqual([expect.stringMatching(message)]);
    expect(launcher.lostForGood).toMatch(message);
    const later = launcher.press();
    for (const e of [await settledWithoutTimers(outcome), await settledWithoutTimers(later)]) {
      expect(e).toBeInstanceOf(LauncherError);
      expect(e).toMatchObject({ kind: 'offline', message: expect.stringMatching(message) });
    }
    // The person is not asked to reload or clear a launcher that cannot come back.
    const asked: string[] = [];
    launcher.onAttention((m) => asked.push(m));
    for (const wait of [launcher.load(['x']), launcher.clearJam(), launcher.untilReady(60_000)])
      expect(await settledWithoutTimers(wait)).toMatchObject({ kind: 'offline', message: expect.stringMatching(message) });
    expect(asked).toEqual([]);
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

  it('a board that takes seconds from connect to ready is waited for: Johnny-Five\'s timeout is in ms (10 s meant 10 ms)', async () => {
    const rig = new PinRig();
    const opening = JohnnyFiveLauncher.open({ io: rig.io, name: 'firmata:slow', readyTimeoutMs: 10_000 });
    rig.io.emit('connect');
    await vi.advanceTimersByTimeAsync(2500); // StandardFirmata's handshake takes about 2 s
    rig.io.emit('ready');
    const hw = await opening;
    await hw.close();
  });

  it('a port that fails before the board is ready rejects the open with its message; nothing is thrown out of the io', async () => {
    const rig = new PinRig();
    const opening = JohnnyFiveLauncher.open({ io: rig.io, name: 'firmata:/dev/ttyUSB9', readyTimeoutMs: 2000 });
    const check = expect(opening).rejects.toThrow(/^firmata:\/dev\/ttyUSB9: EIO: i\/o error, read$/);
    expect(() => rig.io.emit('error', new Error('EIO: i/o error, read'))).not.toThrow();
    await check;
    expect(() => rig.io.emit('error', new Error('EIO again'))).not.toThrow();
  });

  it('a board that never gets ready is a clear error', async () => {
    const rig = new PinRig();
    const opening = JohnnyFiveLauncher.open({ io: rig.io, name: 'firmata:/dev/ttyUSB9', readyTimeoutMs: 2000 });
    const check = expect(opening).rejects.toThrow(/did not answer as a Firmata board within 2000 ms. Upload StandardFirmata/);
    await vi.advanceTimersByTimeAsync(2100);
    await check;
  });
});

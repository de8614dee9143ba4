/**
 * The machine driving a device that counts cards with its own sensor (the firmware bridge's
 * case): bursts end on the device's reports, and an unplug loses or doubles no card.
 */
import { describe, expect, it } from 'vitest';
import { attentionText, type Attention } from '../../emulator/launcher.ts';
import type { LauncherEmitted } from '../../emulator/machine.ts';
import type { PressResult } from '../../emulator/core.ts';
import { fixedBurst, FlushHeldDevice, makeSensingLauncher, motorCmds, record, tweaked } from './helpers.ts';

describe('a launcher whose device counts cards', () => {
  it('ends the burst when the sensor has counted the target, then reverses', () => {
    const { launcher, device } = makeSensingLauncher({ profile: fixedBurst(3) });
    const before = launcher.context.core.rng;
    launcher.send({ type: 'PRESS' });
    launcher.clock!.advance(200);
    expect(device.motorState).toBe('forward');
    for (let i = 0; i < 3; i++) device.input({ type: 'CARD' });
    expect(device.motorState).toBe('reverse');
    device.input({ type: 'CARD' }); // a card dragged half out during the reverse pulse
    launcher.clock!.runUntil(() => launcher.unitState === 'ready');
    expect(launcher.context.press).toMatchObject({ cards: ['c0', 'c1', 'c2', 'c3'], halfOut: true, jam: false });
    expect(motorCmds(device)).toEqual(['forward', 'reverse', 'stop']);
    expect(launcher.supplyCount).toBe(104);
    // The decision drew from the stream; the real roller's mechanics did not.
    expect(launcher.context.core.rng).not.toEqual(before);
  });

  it('a motor that runs its budget with no card seen reports the launcher empty', () => {
    const { launcher, device } = makeSensingLauncher({ profile: fixedBurst(2) });
    const r = launcher.pressSync();
    expect(r).toMatchObject({ fired: true, cards: [], empty: true });
    expect(motorCmds(device)).toEqual(['forward', 'reverse', 'stop']);
  });

  it('a card line that comes after the burst, before the device\'s flush answers, goes to the press that shot it; pressDone says so once', async () => {
    const { launcher, device } = makeSensingLauncher({ profile: fixedBurst(2) }, (now) => new FlushHeldDevice(now));
    const events = record(launcher);
    // The launcher's own button: its press waits for the flush as a software press does.
    device.input({ type: 'BUTTON' });
    launcher.clock!.runUntil(() => launcher.unitState === 'flushing');
    // The budget ran out with no card seen, and the motor has stopped: the press is still open.
    expect(launcher.context.press).toMatchObject({ fired: true, cards: [], empty: true });
    expect(motorCmds(device)).toEqual(['forward', 'reverse', 'stop']);
    expect(device.pending).toBe(1);
    // A press while the machine waits is ignored like any press of a busy launcher, the button's too.
    expect(launcher.pressSync()).toMatchObject({ ignored: 'busy' });
    device.input({ type: 'BUTTON' });
    expect(events.filter((e) => e.type === 'ignored')).toEqual([{ type: 'ignored', reason: 'busy' }, { type: 'ignored', reason: 'busy' }]);
    device.input({ type: 'CARD' });
    expect(events.filter((e) => e.type === 'pressDone')).toEqual([]);
    const done = new Promise<PressResult>((resolve) => launcher.on('pressDone', (e) => resolve(e.result)));
    device.answer();
    expect(await done).toMatchObject({ cards: ['c0'], empty: false });
    expect(launcher.unitState).toBe('ready');
    expect(launcher.supplyCount).toBe(107);
    expect(events.filter((e) => e.type === 'card')).toEqual([{ type: 'card', card: 'c0', halfOut: false }]);
    expect(events.filter((e) => e.type === 'pressDone')).toHaveLength(1);
  });

  it('the link lost while the machine waits for the flush: the resync\'s cards go to the press, and the old flush\'s late answer ends no later wait', async () => {
    const { launcher, device } = makeSensingLauncher({ profile: fixedBurst(2) }, (now) => new FlushHeldDevice(now));
    const done: PressResult[] = [];
    launcher.on('pressDone', (e) => done.push(e.result));
    launcher.send({ type: 'PRESS' });
    launcher.clock!.runUntil(() => launcher.unitState === 'flushing');
    device.input({ type: 'LINK', up: false });
    expect(launcher.unitState).toBe('offline');
    device.input({ type: 'CARD' });
    device.input({ type: 'LINK', up: true });
    expect(done.map((r) => r.cards)).toEqual([['c0']]);
    // The next burst waits for a flush of its own; the first one's answer, late, does not end it.
    launcher.send({ type: 'PRESS' });
    launcher.clock!.runUntil(() => launcher.unitState === 'flushing');
    expect(device.pending).toBe(2);
    device.answer(1);
    await Promise.resolve();
    expect(launcher.unitState).toBe('flushing');
    const second = new Promise<PressResult>((resolve) => launcher.on('pressDone', (e) => resolve(e.result)));
    device.answer();
    expect(await second).toMatchObject({ cards: [], empty: true });
  });

  it('a card the sensor sees at rest after the lid opened, a press that did not fire, or the power cycled is no press\'s', () => {
    const cases: Array<[string, (l: ReturnType<typeof makeSensingLauncher>['launcher']) => void]> = [
      ['the press settled (its flush answered)', (l) => { l.pressSync(); }],
      ['lid opened after the burst', (l) => { l.pressSync(); l.send({ type: 'LID_OPEN' }); }],
      ['lid cycled after the burst', (l) => { l.pressSync(); l.clearJamSync(); }],
      ['power cycled after the burst', (l) => { l.pressSync(); l.send({ type: 'POWER_OFF' }); l.send({ type: 'POWER_ON' }); }],
      ['no press yet', () => {}],
      ['link down and up after the burst', (l) => { l.pressSync(); l.send({ type: 'LINK', up: false }); l.send({ type: 'LINK', up: true }); }],
    ];
    for (const [what, before] of cases) {
      const { launcher, device } = makeSensingLauncher({ profile: fixedBurst(2) });
      before(launcher);
      const press = launcher.context.press;
      device.input({ type: 'CARD' });
      expect(launcher.supplyCount, what).toBe(108);
      expect(launcher.context.press, what).toBe(press);
    }
    // Counted while the link was down, after the lid closed the last press's window: no press's either.
    {
      const { launcher, device } = makeSensingLauncher({ profile: fixedBurst(2) });
      launcher.pressSync();
      launcher.clearJamSync();
      const press = launcher.context.press;
      device.input({ type: 'LINK', up: false });
      device.input({ type: 'CARD' });
      device.input({ type: 'LINK', up: true });
      expect(launcher.supplyCount).toBe(108);
      expect(launcher.context.press).toBe(press);
    }
    // A press that did not fire: its ding shot nothing, a card seen after it is not its.
    // (The first press since power-on never fires, the second always does.)
    const { launcher, device } = makeSensingLauncher({ profile: tweaked('seed-0-8', {}, { fire: { model: 'hazard', hazard: [0, 1] } }) });
    expect(launcher.pressSync()).toMatchObject({ dinged: true, fired: false });
    device.input({ type: 'CARD' });
    expect(launcher.context.press.cards).toEqual([]);
    expect(launcher.supplyCount).toBe(108);
  });

  it('a stall is a jam: the motor stops and presses wait for the lid', () => {
    const { launcher, device } = makeSensingLauncher({ profile: fixedBurst(5) });
    launcher.send({ type: 'PRESS' });
    launcher.clock!.advance(150);
    device.input({ type: 'CARD' });
    device.input({ type: 'STALL' });
    expect(device.motorState).toBe('stop');
    expect(launcher.unitState).toBe('jammed');
    expect(launcher.context.press).toMatchObject({ jam: true, cards: ['c0'] });
    launcher.clearJamSync();
    expect(launcher.unitState).toBe('ready');
  });

  it('asks the person at it what to do, in words and as an Attention: empty it first only when it started empty', async () => {
    const { launcher, device } = makeSensingLauncher({ profile: fixedBurst(5), supply: [] });
    const lid = (open: boolean) => device.input({ type: 'LID', open });
    const asked: Array<[string, Attention]> = [];
    // The person opens the lid when asked to reload or free a jam; the test closes it once the call waits.
    launcher.onAttention((message, what) => {
      asked.push([message, what]);
      if (what.kind !== 'lid') lid(true);
    });
    const closeThen = async (waiting: Promise<void>) => {
      lid(false);
      await waiting;
    };
    await closeThen(launcher.load(['c0', 'c1']));
    launcher.send({ type: 'PRESS' });
    launcher.clock!.advance(150);
    device.input({ type: 'CARD' });
    device.input({ type: 'STALL' });
    expect(launcher.unitState).toBe('jammed');
    await closeThen(launcher.clearJam());
    await closeThen(launcher.load(['c2']));
    lid(true);
    await closeThen(launcher.clearJam());
    expect(asked).toEqual([
      ['Reload the launcher: open the lid, take out any cards left in it, put the 2 cards in, close the lid', { kind: 'reload', cards: 2, emptyFirst: true }],
      ['The launcher is jammed: open the lid, free the card, close the lid', { kind: 'jam' }],
      ['Reload the launcher: open the lid, put the 1 card in, close the lid', { kind: 'reload', cards: 1, emptyFirst: false }],
      ["Close the launcher's lid", { kind: 'lid' }],
    ]);
    for (const [message, what] of asked) expect(message).toBe(attentionText(what));
  });

  it('a stall once every card loaded is out is an empty launcher, not a jam: no lid to cycle, a reload to make', () => {
    const { launcher, device } = makeSensingLauncher({ profile: fixedBurst(5), supply: ['c0', 'c1'] });
    const events = record(launcher);
    launcher.send({ type: 'PRESS' });
    launcher.clock!.advance(150);
    device.input({ type: 'CARD' });
    device.input({ type: 'CARD' });
    device.input({ type: 'STALL' });
    expect(device.motorState).toBe('stop');
    launcher.clock!.runUntil(() => launcher.unitState === 'ready');
    expect(launcher.context.press).toMatchObject({ jam: false, empty: true, cards: ['c0', 'c1'] });
    expect(events.map((e) => e.type)).toContain('empty');
    expect(events.map((e) => e.type)).not.toContain('jam');
    launcher.loadSync(['c2', 'c3']);
    expect(launcher.pressSync()).toMatchObject({ dinged: true });
  });

  it('an unplug mid-burst: offline, presses refused, the cards counted meanwhile go to the presser once', () => {
    const { launcher, device } = makeSensingLauncher({ profile: fixedBurst(6) });
    const events = record(launcher);
    launcher.send({ type: 'PRESS' });
    launcher.clock!.advance(150);
    device.input({ type: 'CARD' });
    device.input({ type: 'CARD' });
    device.input({ type: 'LINK', up: false });
    expect(launcher.unitState).toBe('offline');
    expect(device.motorState).toBe('stop');
    expect(launcher.pressSync()).toMatchObject({ ignored: 'offline' });
    // On reconnect the driver reports the one card its counter saw after the link went down.
    device.input({ type: 'CARD' });
    device.input({ type: 'LINK', up: true });
    expect(launcher.unitState).toBe('ready');
    expect(launcher.context.press.cards).toEqual(['c0', 'c1', 'c2']);
    expect(launcher.supplyCount).toBe(105);
    expect(events.filter((e) => e.type === 'card')).toHaveLength(3);
    expect(events.map((e) => e.type)).toContain('offline');
    expect(events.map((e) => e.type)).toContain('online');
  });

  it('the device battery reading drives the low-battery warning', () => {
    const { launcher, device } = makeSensingLauncher({ profile: fixedBurst(1) });
    const lows: LauncherEmitted[] = [];
    launcher.on('lowBattery', (e) => lows.push(e));
    device.input({ type: 'BATTERY', volts: 3.4 });
    expect(launcher.volts).toBe(3.4);
    launcher.send({ type: 'PRESS' });
    launcher.clock!.advance(200);
    device.input({ type: 'CARD' });
    launcher.clock!.runUntil(() => launcher.unitState === 'ready');
    expect(lows).toEqual([{ type: 'lowBattery', volts: 3.4 }]);
  });
});

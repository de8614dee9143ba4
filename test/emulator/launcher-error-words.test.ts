/**
 * A launcher that cannot go on, in the reader's language: each LauncherError a real-clock
 * launcher rejects with (a device silent through a press, offline too long, not ready, a lid not
 * opened for a reload, a link lost for good) is a notice (firmware-bridge/notices.ts), worded in
 * French with no English word, its `message` the English it said before it was data.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LauncherError, MachineLauncher } from '../../emulator/launcher.ts';
import { notice, noticeOf, noticeText } from '../../firmware-bridge/notices.ts';
import { loadLang } from '../../words/catalogue.ts';
import { englishOnly, wordsOf } from '../words/english.ts';
import { deck, fixedBurst, FlushHeldDevice, SensingDevice } from './helpers.ts';

const FR = await loadLang('fr');
const ENGLISH = englishOnly();
const WAIT = 30_000;

/** A real-clock launcher (on the fake timers) that fires at every press, driving `device`, which answers only what the test makes it. */
function launcherOn(device: SensingDevice): MachineLauncher {
  return new MachineLauncher({ profile: fixedBurst(2), seed: 1, supply: deck(), hardware: device, clock: 'real', offlineWaitMs: WAIT });
}

/** What `p` rejects with once the launcher's wait is over. */
async function rejection(p: Promise<unknown>, ms = WAIT): Promise<LauncherError> {
  const out = p.then(() => new Error('resolved'), (e: unknown) => e);
  await vi.advanceTimersByTimeAsync(ms + 10);
  const e = await out;
  expect(e).toBeInstanceOf(LauncherError);
  return e as LauncherError;
}

/** `e` in French: no brace left, no English word (the device's name aside), not its English. */
function french(e: LauncherError): string {
  const fr = noticeText(noticeOf(e)!, FR);
  expect(fr).not.toMatch(/[{}]/);
  expect(wordsOf(fr.replace(/\S*[:/]\S*/g, ' ')).filter((w) => ENGLISH.has(w)), fr).toEqual([]);
  expect(fr).not.toBe(e.message);
  expect(e.message).toBe(noticeText(noticeOf(e)!));
  return fr;
}

describe("a launcher's errors in the reader's language (LauncherError, a notice)", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('a press the device never finishes', async () => {
    const device = new FlushHeldDevice(() => launcher.now());
    const launcher = launcherOn(device);
    const e = await rejection(launcher.press());
    expect(e.kind).toBe('offline');
    expect(e.message).toBe('test:sensing did not finish the press: nothing from it for 30 s (check the cable and the batteries)');
    expect(french(e)).toBe('test:sensing n’a pas fini l’appui\u00a0: rien reçu de lui depuis 30 s (vérifie le câble et les piles)');
  });

  it('a device offline past the wait', async () => {
    const device = new SensingDevice(() => launcher.now());
    const launcher = launcherOn(device);
    device.input({ type: 'LINK', up: false });
    const e = await rejection(launcher.press());
    expect(e.message).toBe('test:sensing is offline: nothing from it for 30 s (check the cable and the batteries)');
    expect(french(e)).toBe('test:sensing est hors ligne\u00a0: rien reçu de lui depuis 30 s (vérifie le câble et les piles)');
  });

  it('a launcher not ready in time, its lid and its state said in the language', async () => {
    const device = new SensingDevice(() => launcher.now());
    const launcher = launcherOn(device);
    device.input({ type: 'LID', open: true });
    const e = await rejection(launcher.untilReady(2000), 2000);
    expect(e.kind).toBe('timeout');
    expect(e.message).toBe(`test:sensing was not ready within 2 s (lid open, ${launcher.unitState})`);
    expect(launcher.unitState).toBe('ready');
    expect(french(e)).toBe('test:sensing n’était pas prêt au bout de 2 s (couvercle ouvert, prêt)');
  });

  it('a lid not opened for a reload', async () => {
    const device = new SensingDevice(() => launcher.now());
    const launcher = launcherOn(device);
    const e = await rejection(launcher.load(['x']));
    expect(e.message).toBe('test:sensing: the lid was not opened for the reload within 30 s');
    expect(french(e)).toBe('test:sensing\u00a0: le couvercle n’a pas été ouvert pour recharger en 30 s');
  });

  it("a link lost for good rejects with the device's own notice, worded too", async () => {
    const device = new SensingDevice(() => launcher.now());
    const launcher = launcherOn(device);
    const lost = notice('notice.lostForGood', { device: 'test:sensing', why: notice('notice.why.disconnected') });
    device.input({ type: 'LINK', up: false, final: lost });
    const e = await rejection(launcher.press(), 0);
    expect(e.kind).toBe('offline');
    expect(e.message).toBe(lost.message);
    expect(launcher.lostForGood).toBe(lost.message);
    expect(french(e)).toBe(noticeText(lost, FR));
    expect(french(e)).toMatch(/^test:sensing\u00a0: la carte a été déconnectée/);
  });
});

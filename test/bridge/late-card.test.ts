/**
 * Regression: a card the board counted before the motor stopped, whose line reached the host
 * after the burst's time was up (a slow host, or the emulated board running behind the wall clock
 * on a loaded machine), was dropped by the launcher: it had left the roller, but no player got it
 * and the game went on as if it were still loaded (test/bridge/play-device.test.ts failed so).
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import type { SerialLauncher } from '../../firmware-bridge/serial/driver.ts';
import { openSerial } from '../../firmware-bridge/serial/node-port.ts';
import { MachineLauncher } from '../../emulator/launcher.ts';
import { fixedBurst } from '../emulator/helpers.ts';
import { boardRig, type FakeBoard, type FakeOptions } from './fake-board.ts';
import type { PressResult } from '../../emulator/core.ts';
import { until } from '../poll.ts';

// Four cards asked for, a short feed budget (4 × 1 attempts at 20/s: 200 ms) the board never meets.
const fourCards = fixedBurst(4, { feedRate: 20, attemptsFactor: 1 });

describe('a card line that arrives after the burst', () => {
  it('goes to the press it left with, not lost', async () => {
    const { launcher, hw, board } = await rig({});
    let reported = 0;
    hw.onInput((i) => i.type === 'CARD' && reported++);
    const r = await launcher.press();
    // Whatever the press answered, the card's line has reached the host by now.
    await until(() => reported === 1, 5000, () => `the CARD line (board got ${board.received.join(' ')})`);
    expect(board.cards).toBe(1);
    expect(r.cards).toEqual(['a']);
    expect(launcher.supply).toEqual(['b', 'c', 'd', 'e']);
  });

  it('damaged on the wire too, it is read from the board\'s count before the press answers', async () => {
    const { launcher, hw } = await rig({ lateCardsDamaged: true });
    const r = await launcher.press();
    expect(r).toMatchObject({ cards: ['a'], empty: false });
    expect(launcher.supply).toEqual(['b', 'c', 'd', 'e']);
    expect(hw.diagnostics.garbageLines).toBe(1);
  });

  it('pressDone is said once, after the late card, with the result press() answers (what a log of every press reads)', async () => {
    const { launcher } = await rig({});
    const done: PressResult[] = [];
    launcher.on('pressDone', (e) => done.push(e.result));
    const r = await launcher.press();
    expect(r.cards).toEqual(['a']);
    expect(done).toEqual([r]);
  });
});

/** A launcher on a board whose one card's line comes after the STOP. */
async function rig(o: FakeOptions): Promise<{ launcher: MachineLauncher; hw: SerialLauncher; board: FakeBoard }> {
  const { pair, board } = await boardRig({ feedPerSecond: 0, lateCards: 1, ...o });
  const hw = await openSerial({ path: pair.a });
  onTestFinished(() => hw.close());
  const launcher = new MachineLauncher({ profile: fourCards, seed: 1, supply: ['a', 'b', 'c', 'd', 'e'], hardware: hw, clock: 'real' });
  onTestFinished(() => launcher.detach());
  return { launcher, hw, board };
}

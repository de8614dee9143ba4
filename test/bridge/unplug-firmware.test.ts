/**
 * An unplug in the middle of a burst, with the real firmware on the emulated board: the port
 * vanishes under the host, the board's watchdog stops the motor, the port comes back, the host
 * reconnects and resynchronises. Every card the roller ejected is counted once: none lost, none
 * doubled.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { VirtualDevice } from '../../firmware-bridge/virtual-device.ts';
import { openSerial } from '../../firmware-bridge/serial/node-port.ts';
import { MachineLauncher } from '../../emulator/launcher.ts';
import { fixedBurst } from '../emulator/helpers.ts';
import { until } from '../poll.ts';
import { BOARD_REAL_TIME_MS } from '../budgets.ts';
import { needs } from '../tools.ts';

/** Each step's wait (two cards out, the link down, the watchdog's stop): about a second of board time. */
const STEP_MS = BOARD_REAL_TIME_MS / 3;

// A long burst, so the cable can be pulled in the middle of it.
const twelve = fixedBurst(12, { feedRate: 6 });

describe.runIf(needs('socat'))('unplug mid-burst with the firmware in the loop', () => {
  it('loses no card and counts none twice', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'uno-unplug-'));
    const dev = await VirtualDevice.start({ link: path.join(dir, 'launcher'), seed: 5 });
    onTestFinished(() => dev.close());
    const log: string[] = [];
    // The host comes back only after 1.5 s, past the board's 1 s heartbeat watchdog.
    const hw = await openSerial({ path: dev.link, backoff: { firstMs: 1500, maxMs: 1500 }, log: (l) => log.push(l) });
    onTestFinished(() => hw.close());
    const supply = Array.from({ length: 40 }, (_, i) => `c${i}`);
    const launcher = new MachineLauncher({ profile: twelve, seed: 1, supply, hardware: hw, clock: 'real' });
    onTestFinished(() => launcher.detach());
    const pressing = launcher.press();
    await until(() => launcher.context.press.cards.length >= 2, STEP_MS);
    const seenByHost = launcher.context.press.cards.length;
    dev.unplug();
    await until(() => launcher.unitState === 'offline', STEP_MS);
    // With the host gone, the watchdog stops the motor while the board runs on.
    await until(() => dev.rig.drive.dir === 'stop', STEP_MS);
    expect(hw.connected).toBe(false);
    const ejectedWhileAway = dev.rig.roller.cardsOut;
    expect(ejectedWhileAway).toBeGreaterThan(seenByHost);
    const r = await pressing;
    // Back online: the cards the roller ejected, all of them, once each.
    expect(hw.connections).toBe(2);
    expect(launcher.unitState).toBe('ready');
    expect(r.cards.length).toBe(dev.rig.roller.cardsOut);
    expect(r.cards).toEqual(supply.slice(0, r.cards.length));
    expect(launcher.supplyCount).toBe(40 - r.cards.length);
    expect(log.some((l) => /resync: \d+ card\(s\) left while the link was down/.test(l))).toBe(true);
    expect(dev.rig.roller.cardsOut).toBe(ejectedWhileAway);
    // The board's boot, a burst, the unplug and the reconnect at 1×.
  }, BOARD_REAL_TIME_MS);
});

/**
 * Johnny-Five on the real StandardFirmata (upstream's build for an Uno, fetched by
 * firmware-bridge/firmata/fetch-standard-firmata.sh), run on the emulated ATmega328P wired as the
 * reference build, behind a real pseudo-terminal (the virtual device's socat): the project's own
 * `openFirmata` connects, the launcher machine presses, the buzzer dings, every card that crosses
 * the beam is counted, and closing stops the motor. mock-firmata answers whatever it is asked;
 * only the real sketch shows the handshake and the pins as a hobbyist's board has them.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MachineLauncher } from '../../emulator/launcher.ts';
import { resolveProfile } from '../../emulator/profiles.ts';
import type { JohnnyFiveLauncher } from '../../firmware-bridge/johnny-five/driver.ts';
import { openFirmata } from '../../firmware-bridge/johnny-five/open.ts';
import { standardFirmataHex } from '../../firmware-bridge/firmata/standard-firmata.ts';
import { VirtualDevice } from '../../firmware-bridge/virtual-device.ts';
import { until } from '../poll.ts';
import { BOARD_REAL_TIME_MS, FIRMATA_BOOT_MS } from '../budgets.ts';
import { needs } from '../tools.ts';

/** The board's wait for ready. */
const READY_MS = FIRMATA_BOOT_MS;

describe.runIf(needs('socat') && needs('standard-firmata'))('Johnny-Five on the real StandardFirmata', () => {
  // Budget: the boot and six presses of about a second each at the board's pace.
  it('connects through openFirmata on a pty, presses, dings on the buzzer, counts every card the beam saw, and stops the motor on close', async () => {
    const link = path.join(mkdtempSync(path.join(tmpdir(), 'uno-sf-')), 'firmata');
    const dev = await VirtualDevice.start({ hex: standardFirmataHex(), link, seed: 5, roller: { cards: 30 } });
    let hw: JohnnyFiveLauncher | null = null;
    try {
      hw = await openFirmata(link, { readyTimeoutMs: READY_MS });
      const rig = dev.rig;
      const buzzes: number[] = [];
      let since = 0;
      // The buzzer pin, as the board drives it (the rig's board is replaced by the reset at open: watch this one).
      rig.board.onPin(rig.pins.piezo, (high) => (high ? (since = rig.ms) : buzzes.push(rig.ms - since)));
      const launcher = new MachineLauncher({ profile: resolveProfile('seed-0-8'), seed: 3, supply: Array.from({ length: 30 }, (_, i) => `c${i}`), hardware: hw, clock: 'real' });
      await launcher.untilReady(READY_MS);
      const counted: string[] = [];
      for (let i = 0; i < 6; i++) {
        // A person presses again once the ding is over (dings closer than that sound as one).
        await until(() => buzzes.length === i, 5000, () => `ding ${i} over`);
        const r = await launcher.press();
        expect(r.dinged).toBe(true);
        counted.push(...r.cards);
      }
      launcher.detach();
      await hw.close();
      hw = null;
      // Every card the beam saw clear, and no other, went to a press (the card out, or one the
      // reverse pulled back out of the beam: a trailing-edge sensor cannot tell them apart).
      expect(counted.length).toBe(rig.beamClears);
      expect(rig.roller.beamPulses).toBeGreaterThan(0);
      // Six dings, each one pulse of the active buzzer: two pin writes (a pin toggled from the host at
      // the pitch gave hundreds of edges). Its length is the host's timer on a board paced to the
      // wall clock as well as a loaded machine allows: no bound on it holds here.
      await until(() => buzzes.length === 6, 5000, () => `six dings, not ${buzzes.length}`);
      expect(buzzes.every((ms) => ms > 0)).toBe(true);
      // close() stopped the motor before it let the port go.
      await until(() => rig.drive.duty === 0, 2000, () => 'the motor stopped');
    } finally {
      await hw?.close();
      await dev.close();
    }
  }, FIRMATA_BOOT_MS + BOARD_REAL_TIME_MS);
});

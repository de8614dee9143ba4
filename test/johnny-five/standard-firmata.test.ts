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
import type { HardwareInput } from '../../emulator/hardware.ts';
import { CYCLES_PER_MS } from '../../firmware-bridge/avr/board.ts';
import { COAST_MS, type JohnnyFiveLauncher } from '../../firmware-bridge/johnny-five/driver.ts';
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

  // Budget: the boot, then a few hundred ms of motor at the board's pace.
  it('turns the motor the other way only after it coasted unpowered for COAST_MS, as our firmware does, on the board\'s own pins', async () => {
    const link = path.join(mkdtempSync(path.join(tmpdir(), 'uno-sf-')), 'firmata');
    const dev = await VirtualDevice.start({ hex: standardFirmataHex(), link, seed: 6 });
    let hw: JohnnyFiveLauncher | null = null;
    try {
      hw = await openFirmata(link, { readyTimeoutMs: READY_MS });
      const inputs: HardwareInput[] = [];
      hw.onInput((i) => inputs.push(i));
      // Until the board has reported the lid closed the driver keeps the motor off (HARDWARE.md).
      await until(() => inputs.some((i) => i.type === 'LID' && !i.open), 5000, () => 'the lid reported closed');
      const { board, pins } = dev.rig;
      // Board time (ms since its reset) when it last drove the motor forward, and when it first drove it in reverse.
      const powered = (a: boolean) => board.output(pins.motorPwm) && board.output(pins.motorDirA) === a && board.output(pins.motorDirB) === !a;
      let forward = false;
      let forwardOff = -1;
      let reverseOn = -1;
      for (const pin of [pins.motorPwm, pins.motorDirA, pins.motorDirB]) {
        board.onPin(pin, (_high, cycle) => {
          const ms = cycle / CYCLES_PER_MS;
          if (forward && !powered(true)) forwardOff = ms;
          forward = powered(true);
          if (reverseOn < 0 && powered(false)) reverseOn = ms;
        });
      }
      hw.motor('forward');
      await until(() => forward, 2000, () => 'the motor driven forward');
      const from = board.ms;
      await until(() => board.ms - from > 100, 2000, () => 'the roller at speed');
      hw.motor('reverse');
      await until(() => reverseOn > 0, 2000, () => 'the motor driven in reverse');
      hw.motor('stop');
      // Johnny-Five's own reversal reaches the pins 1.5 ms after the cut. The coast, COAST_MS on the
      // host's timer to the ms (driver.test.ts), arrives whole on a board of its own (21 to 25 ms
      // measured here on an idle machine); this board is paced to the wall clock as a loaded
      // machine allows, and its lag may differ by some ms between the two writes: half is the bound.
      expect(reverseOn - forwardOff).toBeGreaterThanOrEqual(COAST_MS / 2);
      await hw.close();
      hw = null;
    } finally {
      await hw?.close();
      await dev.close();
    }
  }, FIRMATA_BOOT_MS + BOARD_REAL_TIME_MS);
});

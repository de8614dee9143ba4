/** Shared set-up of the firmware-in-the-loop tests: the compiled firmware on a fresh emulated board. */
import { firmwareHex } from '../../firmware-bridge/avr/firmware.ts';
import { LauncherRig, type RigOptions } from '../../firmware-bridge/avr/rig.ts';

/** How long the firmware keeps the motor unpowered before it turns the other way (config.h COAST_MS). */
export const COAST_MS = 20;
/**
 * The coast as the board keeps it: COAST_MS counts of millis(), which counts Timer0's 1.024 ms
 * overflows and skips a count every 42 of them (PROTOCOL.md; measured 18.54 to 20.54 ms in
 * firmware-timing.test.ts).
 */
export const COAST_MIN_MS = 18.4;
export const COAST_MAX_MS = 20.6;

/** The firmware's hex, built once per source version (firmware/build.sh caches by hash). */
export function hex(): string {
  return firmwareHex().hex;
}

/** A rig just out of reset, its HELLO line received. Slips, double feeds and jams are off unless asked. */
export function boot(o: Omit<RigOptions, 'hex'> = {}): LauncherRig {
  const rig = new LauncherRig({
    hex: hex(),
    ...o,
    roller: { ...o.roller, mechanics: { slip: 0, doubleFeed: 0, jam: 0, halfOut: 0, ...o.roller?.mechanics } },
  });
  rig.waitFor('HELLO', 20);
  return rig;
}

/** One debounced press. */
export function press(rig: LauncherRig): void {
  rig.setButton(true);
  rig.waitFor('BTN', 40);
  rig.setButton(false);
  rig.runFor(40);
}

/** Keeps the host's heartbeat going while simulated time passes. */
export function runPinging(rig: LauncherRig, ms: number, every = 200): void {
  for (let t = 0; t < ms; t += every) {
    rig.send({ verb: 'PING' });
    rig.runFor(Math.min(every, ms - t));
  }
}

/**
 * The launcher firmware for the page's virtual launcher, as two Vite virtual modules:
 * `virtual:launcher-firmware` (the hex, imported only by the virtual launcher's worker, so it stays
 * out of the page's main chunk) and `virtual:launcher-firmware-status` (null, or why there is no
 * firmware: the New game form says it). The hex is the repository's build of the sketch
 * (`firmware-bridge/avr/firmware.ts`); where it cannot be had (no AVR toolchain) the page still builds.
 */
import type { Plugin } from 'vite';
import { firmwareHex } from '../firmware-bridge/avr/firmware.ts';

const HEX = 'virtual:launcher-firmware';
const STATUS = 'virtual:launcher-firmware-status';

/** The hex, or why there is none (one line, with what to do). */
function firmware(): { hex: string | null; why: string | null } {
  try {
    return { hex: firmwareHex().hex, why: null };
  } catch (e) {
    const reason = (e as Error).message.split('\n').map((l) => l.trim()).filter(Boolean).pop() ?? 'unknown error';
    return { hex: null, why: `the page was built without the launcher's firmware (${reason}): fix that, delete web/dist and start uno-extreme web again` };
  }
}

/** The Vite plugin that provides both modules (for the page and for its workers). */
export function launcherFirmware(): Plugin {
  let got: ReturnType<typeof firmware> | null = null;
  const get = () => (got ??= firmware());
  return {
    name: 'uno-extreme-launcher-firmware',
    resolveId: (id) => (id === HEX || id === STATUS ? `\0${id}` : null),
    load(id) {
      if (id === `\0${HEX}`) return `export const hex = ${JSON.stringify(get().hex)};`;
      if (id === `\0${STATUS}`) return `export const why = ${JSON.stringify(get().why)};`;
      return null;
    },
  };
}

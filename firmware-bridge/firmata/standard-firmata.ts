/**
 * The real StandardFirmata for an Uno, as its upstream built it, for the tests and the virtual
 * device (`uno-extreme device --pty --firmware standard-firmata`): nobody on this project wrote
 * it, so the Johnny-Five path is tried against what hobbyists flash. It is not shipped in the
 * repository; `fetch-standard-firmata.sh` downloads it, checks it and keeps it in a git-ignored cache.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The script that fetches the hex. */
export const FETCH_SCRIPT = fileURLToPath(new URL('./fetch-standard-firmata.sh', import.meta.url));
/** Where the script puts it. */
export const STANDARD_FIRMATA_HEX = fileURLToPath(new URL('./cache/StandardFirmata.cpp.hex', import.meta.url));
/** How to get it, for messages (from the repository's root). */
export const FETCH_HOW = 'bash firmware-bridge/firmata/fetch-standard-firmata.sh';

/** Whether the hex has been fetched. */
export function hasStandardFirmata(): boolean {
  return existsSync(STANDARD_FIRMATA_HEX);
}

/** The hex's text; throws, saying how to fetch it, when it is not there. */
export function standardFirmataHex(): string {
  if (!hasStandardFirmata()) throw new Error(`StandardFirmata has not been fetched: run ${FETCH_HOW} (it downloads avrgirl-arduino's prebuilt hex with npm pack)`);
  return readFileSync(STANDARD_FIRMATA_HEX, 'utf8');
}

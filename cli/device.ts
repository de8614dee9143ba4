/**
 * `--device serial:PATH|firmata:PATH`: opening a real launcher for a command.
 */
import type { LauncherHardware } from '../emulator/hardware.ts';
import { openFirmata } from '../firmware-bridge/johnny-five/open.ts';
import { DeviceError } from '../firmware-bridge/port-errors.ts';
import { BoardError } from '../firmware-bridge/johnny-five/driver.ts';
import { SerialLauncher } from '../firmware-bridge/serial/driver.ts';
import { UsageError, UserError } from './args.ts';

/** Kinds of device, and how each is opened. */
const OPENERS: Record<string, (path: string) => Promise<LauncherHardware>> = {
  serial: (path) => SerialLauncher.open({ path, log: (l) => process.env.UNO_EXTREME_DEBUG && console.error(`[serial] ${l}`) }),
  firmata: (path) => openFirmata(path),
};

/** Opens a `KIND:PATH` device, turning device errors into messages for the user. */
export async function openDeviceSpec(spec: string): Promise<LauncherHardware> {
  const m = /^([a-z]+):(.+)$/.exec(spec);
  const kinds = Object.keys(OPENERS).map((k) => `${k}:PATH`).join(' or ');
  if (!m) throw new UsageError(`--device must look like ${kinds}, e.g. firmata:/dev/ttyACM0; got "${spec}"`);
  const open = OPENERS[m[1]];
  if (!open) throw new UsageError(`--device: unknown kind "${m[1]}"; use ${kinds}`);
  try {
    return await open(m[2]);
  } catch (e) {
    if (e instanceof DeviceError || e instanceof BoardError) throw new UserError(e.message);
    throw e;
  }
}

/**
 * Opening a Firmata board on a serial port for the Johnny-Five driver: `firmata-io` over a
 * serialport 13 port at 57600 baud (StandardFirmata's rate).
 */
import { createRequire } from 'node:module';
import { SerialPort } from 'serialport';
import { explainOpenError } from '../port-errors.ts';
import { JohnnyFiveLauncher, type LauncherPins } from './driver.ts';

const require = createRequire(import.meta.url);
const { Firmata } = require('firmata-io') as { Firmata: new (port: SerialPort, opts?: object) => object };

/** Opens `path`, then the board on it; errors say what to do (missing, busy, permission, not Firmata). */
export async function openFirmata(path: string, opts: { pins?: Partial<LauncherPins>; readyTimeoutMs?: number } = {}): Promise<JohnnyFiveLauncher> {
  const port = await new Promise<SerialPort>((resolve, reject) => {
    const p = new SerialPort({ path, baudRate: 57600, lock: true }, (err) => (err ? reject(explainOpenError(path, err)) : resolve(p)));
  });
  const io = new Firmata(port, { reportVersionTimeout: 5000 });
  try {
    return await JohnnyFiveLauncher.open({ io, name: `firmata:${path}`, ...opts });
  } catch (e) {
    if (port.isOpen) await new Promise<void>((r) => port.close(() => r()));
    throw e;
  }
}

/**
 * Opening a Firmata board on a serial port for the Johnny-Five driver: `firmata-io` over a
 * serialport 13 port at 57600 baud (StandardFirmata's rate).
 */
import { createRequire } from 'node:module';
import { SerialPort } from 'serialport';
import { explainOpenError } from '../port-errors.ts';
import { JohnnyFiveLauncher, type LauncherPins } from './driver.ts';

const require = createRequire(import.meta.url);
/** firmata-io's Firmata: `reportVersionTimeoutId` is its timer that asks a silent board for its version. */
const { Firmata } = require('firmata-io') as { Firmata: new (port: SerialPort, opts?: object) => { reportVersionTimeoutId?: ReturnType<typeof setTimeout> } };

/**
 * Opens the board on `path`; errors say what to do (missing, busy, permission, not Firmata).
 *
 * The order matters: firmata-io says `connect` only on its port's `open` event, and Johnny-Five
 * waits for that `connect` before it takes the io's `ready`. So the port is made closed, the io and
 * the Board are built on it, and only then is it opened; a port opened first has fired its `open`
 * already, and the board never connects.
 */
export async function openFirmata(path: string, opts: { pins?: Partial<LauncherPins>; readyTimeoutMs?: number } = {}): Promise<JohnnyFiveLauncher> {
  const port = new SerialPort({ path, baudRate: 57600, lock: true, autoOpen: false });
  const io = new Firmata(port, { reportVersionTimeout: 5000 });
  const giveUp = new AbortController();
  const opening = JohnnyFiveLauncher.open({ io, name: `firmata:${path}`, ...opts, signal: giveUp.signal });
  try {
    await new Promise<void>((resolve, reject) => port.open((err) => (err ? reject(explainOpenError(path, err)) : resolve())));
    return await opening;
  } catch (e) {
    // Nothing may be left running: the board's wait for ready, firmata-io's version timer, the port.
    giveUp.abort(e);
    opening.catch(() => {});
    clearTimeout(io.reportVersionTimeoutId);
    if (port.isOpen) await new Promise<void>((r) => port.close(() => r()));
    throw e;
  }
}

/**
 * Turning the errors of opening a serial port into messages that say how to fix them.
 */

/** Why a port could not be used. */
export type PortErrorKind = 'missing' | 'permission' | 'busy' | 'disconnected' | 'timeout' | 'protocol' | 'io';

/** An error of a serial device, with its kind and a fix in the message. */
export class DeviceError extends Error {
  constructor(message: string, readonly kind: PortErrorKind, readonly path: string) {
    super(message);
    this.name = 'DeviceError';
  }
}

/**
 * A Firmata board that does not answer, or a wiring that cannot work (the Johnny-Five driver's):
 * here, beside the serial ports' errors, so that telling one needs no driver loaded.
 */
export class BoardError extends Error {
  constructor(message: string, readonly kind: 'timeout' | 'io') {
    super(message);
    this.name = 'BoardError';
  }
}

/** Explains an error from opening `path` (serialport's messages carry the errno text). */
export function explainOpenError(path: string, e: unknown): DeviceError {
  // serialport's errors carry an errno `code`; typed here without Node's types, as the browser builds this module too.
  const err = e as { message?: string; code?: string } | undefined;
  const msg = String(err?.message ?? e);
  const code = err?.code ?? '';
  if (code === 'EACCES' || /EACCES|Permission denied/i.test(msg))
    return new DeviceError(
      `permission denied on ${path}: add yourself to the serial group (\`sudo usermod -aG dialout $USER\`, then log out and back in)`,
      'permission', path);
  if (code === 'EBUSY' || /EBUSY|Cannot lock port|Resource temporarily unavailable|busy/i.test(msg))
    return new DeviceError(`${path} is busy: another program holds it (close the Arduino IDE's serial monitor, or another uno-extreme)`, 'busy', path);
  if (code === 'ENOENT' || /ENOENT|No such file/i.test(msg))
    return new DeviceError(`no serial port at ${path}: is the board plugged in? \`uno-extreme ports\` lists the ports there are`, 'missing', path);
  if (code === 'EISDIR' || code === 'ENOTTY' || /Is a directory|Inappropriate ioctl|Not a typewriter/i.test(msg))
    return new DeviceError(`${path} is not a serial port (${bare(msg)}): give the board's port, e.g. /dev/ttyACM0; \`uno-extreme ports\` lists the ports there are`, 'missing', path);
  return new DeviceError(`cannot open ${path}: ${bare(msg)}; check that it is the board's serial port (\`uno-extreme ports\` lists them) and that it is plugged in`, 'io', path);
}

/** An error message without the `Error: ` serialport puts in front of it, nor a repeated path. */
function bare(msg: string): string {
  return msg.replace(/^(Error:\s*)+/, '').replace(/, cannot open \S+$/, '');
}

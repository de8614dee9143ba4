/**
 * Turning the errors of opening a serial port into messages that say how to fix them: notices
 * (a catalogue key, `deviceError.*`, and its values), worded in the reader's language where they
 * are shown, their English `message` for logs.
 */
import { NoticeError, type NoticeWords } from './notices.ts';

/** Why a port could not be used. */
export type PortErrorKind = 'missing' | 'permission' | 'busy' | 'disconnected' | 'timeout' | 'protocol' | 'io';

/** An error of a serial device, with its kind and a fix in its words. */
export class DeviceError extends NoticeError {
  constructor(words: NoticeWords, readonly kind: PortErrorKind, readonly path: string) {
    super(words);
    this.name = 'DeviceError';
  }
}

/**
 * A Firmata board that does not answer, or a wiring that cannot work (the Johnny-Five driver's):
 * here, beside the serial ports' errors, so that telling one needs no driver loaded.
 */
export class BoardError extends NoticeError {
  constructor(words: NoticeWords, readonly kind: 'timeout' | 'io') {
    super(words);
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
    return new DeviceError({ k: 'deviceError.permission', v: { path } }, 'permission', path);
  if (code === 'EBUSY' || /EBUSY|Cannot lock port|Resource temporarily unavailable|busy/i.test(msg))
    return new DeviceError({ k: 'deviceError.busy', v: { path } }, 'busy', path);
  if (code === 'ENOENT' || /ENOENT|No such file/i.test(msg))
    return new DeviceError({ k: 'deviceError.missing', v: { path } }, 'missing', path);
  if (code === 'EISDIR' || code === 'ENOTTY' || /Is a directory|Inappropriate ioctl|Not a typewriter/i.test(msg))
    return new DeviceError({ k: 'deviceError.notSerial', v: { path, error: bare(msg) } }, 'missing', path);
  return new DeviceError({ k: 'deviceError.cannotOpen', v: { path, error: bare(msg) } }, 'io', path);
}

/** An error message without the `Error: ` serialport puts in front of it, nor a repeated path. */
function bare(msg: string): string {
  return msg.replace(/^(Error:\s*)+/, '').replace(/, cannot open \S+$/, '');
}

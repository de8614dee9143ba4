/**
 * `--device serial:PATH|firmata:PATH`: opening a real launcher for a command.
 */
import type { LauncherHardware } from '../emulator/hardware.ts';
import { byName } from '../lib/untrusted.ts';
import { printable } from '../lib/untrusted.ts';
import { UsageError } from './args.ts';
import { said } from '../words/said.ts';
import { langOfEnv, type Lang } from '../words/catalogue.ts';
import { cliWordsIn } from '../words/cli.ts';

/**
 * Kinds of device, and how each is opened. Each driver and its packages (serialport, Johnny-Five)
 * are loaded when a device of its kind is opened: every other start of the program is spared them.
 */
const OPENERS: Record<string, (path: string) => Promise<LauncherHardware>> = {
  serial: async (path) => (await import('../firmware-bridge/serial/node-port.ts')).openSerial({ path, log: (l) => process.env.UNO_EXTREME_DEBUG && console.error(`[serial] ${l}`) }),
  firmata: async (path) => (await import('../firmware-bridge/johnny-five/open.ts')).openFirmata(path),
};

/** What each kind is, for messages. */
const KINDS = said('cli.device.kinds');
/** Names people give the Firmata kind, after the library that drives it. */
const FIRMATA_ALIASES = new Set(['johnny-five', 'johnnyfive', 'j5', 'five']);

/**
 * Reads a `KIND:PATH` device: the kind (any case) and the port's path. A malformed value is a
 * {@link UsageError} that says what was wrong and what to type instead.
 */
export function parseDeviceSpec(spec: string): { kind: string; path: string } {
  const m = /^([a-z][\w-]*)?:(.*)$/i.exec(spec.trim());
  if (!m || !m[1]) {
    const path = m ? m[2] : spec.trim();
    if (path.startsWith('/') || /^(tty|cu\.|COM\d)/i.test(path))
      throw new UsageError(said('cli.device.noKind', { path }));
    throw new UsageError(said('cli.device.shape', { kinds: KINDS, spec }));
  }
  const kind = m[1].toLowerCase();
  const path = m[2].trim();
  if (FIRMATA_ALIASES.has(kind))
    throw new UsageError(said('cli.device.firmataAlias', { kind, path: path || '/dev/ttyACM0' }));
  if (!byName(OPENERS, kind)) throw new UsageError(said('cli.device.unknownKind', { kind: m[1], kinds: KINDS }));
  if (path === '') throw new UsageError(said('cli.device.noPath', { kind }));
  return { kind, path };
}

/**
 * Opens a `KIND:PATH` device; one that cannot be opened rejects with its DeviceError or
 * BoardError, which the program words in its reader's language (cli/main.ts). Until it is closed,
 * the process does not end with its motor running ({@link stopBeforeExit}), a crash said in `lang`
 * (the terminal's by default). `signals: false`: the
 * command stops on Ctrl-C and SIGTERM itself, and closes the device as it does (`web`, which
 * writes its rooms' saves first); a crash still closes it.
 */
export async function openDeviceSpec(spec: string, o: { signals?: boolean; lang?: Lang } = {}): Promise<LauncherHardware> {
  const { kind, path } = parseDeviceSpec(spec);
  return stopBeforeExit(await byName(OPENERS, kind)!(path), undefined, o);
}

/** The longest a signal or a crash waits for the device to close before the process exits anyway, ms. */
const CLOSE_ON_EXIT_MS = 2000;

/**
 * Ctrl-C, SIGTERM or an uncaught error while the device is open closes it first (the motor
 * stopped, that write sent, the port released), then exits: 130 and 143 as a shell counts a
 * signal, 1 for a crash. StandardFirmata keeps a motor running when its host dies (this
 * project's firmware stops it on its own within a second); a `kill -9` or a pulled cable is
 * beyond any host's reach (HARDWARE.md). The handlers go with the device's `close()`.
 */
export function stopBeforeExit(hw: LauncherHardware, exit: (code: number) => void = (code) => process.exit(code), o: { signals?: boolean; lang?: Lang } = {}): LauncherHardware {
  const signals = o.signals ?? true;
  let ending = false;
  const end = (code: number, why?: string) => {
    if (ending) return;
    ending = true;
    if (why) console.error(why);
    // A close that hangs (a port that no longer answers) does not keep the process alive.
    setTimeout(() => exit(code), CLOSE_ON_EXIT_MS).unref();
    hw.close().catch(() => {}).finally(() => exit(code));
  };
  const onInt = () => end(130);
  const onTerm = () => end(143);
  const onCrash = (e: unknown) => {
    if (process.env.UNO_EXTREME_DEBUG) console.error(e);
    const what = printable(String((e as Error)?.message ?? e).replace(/\s+/g, ' '));
    end(1, `uno-extreme: ${cliWordsIn(o.lang ?? langOfEnv(process.env)).t('cli.device.crashed', { what })}`);
  };
  if (signals) process.on('SIGINT', onInt).on('SIGTERM', onTerm);
  process.on('uncaughtException', onCrash).on('unhandledRejection', onCrash);
  const close = hw.close.bind(hw);
  hw.close = () => {
    process.off('SIGINT', onInt).off('SIGTERM', onTerm).off('uncaughtException', onCrash).off('unhandledRejection', onCrash);
    return close();
  };
  return hw;
}

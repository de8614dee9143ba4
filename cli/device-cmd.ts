/**
 * `uno-extreme device --pty`: a virtual launcher on a pseudo-terminal, so the whole host side can
 * be tried with no hardware: this project's firmware runs on an emulated ATmega328P (avr8js) with
 * the simulated roller, and socat makes its serial port a device any program can open. It runs
 * empty as the toy does; `r` reloads it through the lid (`n` empties it first, for a new round's
 * load). Its window tells each press, burst and
 * the cards left. `--firmware standard-firmata` (or a .hex file) runs another sketch on the same
 * emulated board and wiring, e.g. the real StandardFirmata for `--device firmata:PATH`.
 */
import { FileReadError, readUserFile } from '../lib/files.ts';
import { said, saidOf } from '../words/said.ts';
import { cliWordsIn, sayIn } from '../words/cli.ts';
import type { VirtualDevice } from '../firmware-bridge/virtual-device.ts';
import { standardFirmataHex } from '../firmware-bridge/firmata/standard-firmata.ts';
import { intOption, LANG_OPTION, langOption, UsageError, UserError, type Command, type ParsedArgs } from './args.ts';

/** What `--firmware` runs: the sketch, the host's `--device` kind and the baud rate to say (none: the sketch's own). */
interface Firmware {
  hex?: string;
  device: string;
  baud: number | null;
  /** The window reads this project's line protocol: only its own firmware speaks it. */
  window: boolean;
}

/** Reads `--firmware NAME|FILE`; a file that cannot be read is a {@link UserError}. */
function firmwareOption(value: string): Firmware {
  if (value === 'uno-extreme') return { device: 'serial', baud: 115200, window: true };
  let hex: string;
  try {
    hex = value === 'standard-firmata' ? standardFirmataHex() : readUserFile(value, 'firmware');
  } catch (e) {
    // The reader's refusals of a folder, a device, a pipe or a huge file already say what to give.
    const told = e instanceof FileReadError && ['EISDIR', 'ENOTREG', 'EFBIG'].includes(e.code ?? '');
    if (e instanceof FileReadError) throw new UserError(said('cli.deviceCmd.firmware', { value, why: e.said, hint: told ? 'no' : 'yes' }));
    const code = (e as NodeJS.ErrnoException).code;
    throw new UserError(code ? said('cli.deviceCmd.firmwareCode', { value, code }) : (e as Error).message);
  }
  return value === 'standard-firmata' ? { hex, device: 'firmata', baud: 57600, window: false } : { hex, device: 'KIND', baud: null, window: false };
}

/** The `device` command. */
export const deviceCommand: Command = {
  name: 'device',
  options: {
    pty: { type: 'boolean' },
    link: { type: 'string', value: 'PATH', default: '/tmp/uno-extreme' },
    seed: { type: 'string', value: 'N', default: '1' },
    cards: { type: 'string', value: 'N', default: '108' },
    firmware: { type: 'string', value: 'NAME|FILE', default: 'uno-extreme' },
    lang: LANG_OPTION,
  },
  examples: [
    ['uno-extreme device --pty', 'help.device.eg.pty'],
    'uno-extreme launcher --device serial:/tmp/uno-extreme',
    'uno-extreme play --device serial:/tmp/uno-extreme',
    ['uno-extreme device --pty --firmware standard-firmata', 'help.device.eg.firmata'],
  ],
  async run(args: ParsedArgs): Promise<number> {
    if (!args.values.pty) throw new UsageError(said('cli.deviceCmd.needsPty'));
    const w = cliWordsIn(langOption(args));
    const seed = intOption(args, 'seed', 1, 0, 2 ** 32 - 1);
    const full = intOption(args, 'cards', 108, 0, 1000);
    const fw = firmwareOption(String(args.values.firmware ?? 'uno-extreme'));
    let d: VirtualDevice;
    try {
      // The emulated board (avr8js) is loaded here, not at every start of the program.
      const { VirtualDevice } = await import('../firmware-bridge/virtual-device.ts');
      d = await VirtualDevice.start({ link: String(args.values.link ?? '/tmp/uno-extreme'), seed, roller: { cards: full }, hex: fw.hex, log: process.env.UNO_EXTREME_DEBUG ? (l) => console.error(`[socat] ${l}`) : undefined });
    } catch (e) {
      throw new UserError(said('cli.deviceCmd.cannotStart', { why: saidOf(e) ?? String((e as Error).message) }));
    }
    const interactive = process.stdin.isTTY;
    return new Promise<number>((resolve) => {
      let lidOpen = false;
      let count = '';
      const stop = async () => {
        if (interactive) process.stdin.setRawMode(false);
        process.stdin.pause();
        await d.close();
        resolve(0);
      };
      process.once('SIGINT', () => void stop());
      process.once('SIGTERM', () => void stop());
      // Listening for Ctrl-C and SIGTERM before saying where the device is: a script that stops
      // it as soon as it reads the path stops it cleanly (the link removed, socat ended).
      console.log(d.link);
      console.error(w.t('cli.vdev.on', { link: d.link, known: fw.baud === null ? 'no' : 'yes', baud: String(fw.baud), cards: String(full), device: fw.device }));
      if (!fw.window) console.error(w.t('cli.vdev.otherFirmware'));
      console.error(w.t('cli.vdev.keys'));
      d.onShow((line, indent) => console.error(`${indent ? '  ' : ''}${sayIn(w, line)}`));
      // Keys from a terminal, or from a pipe (a script playing the person at the launcher).
      if (interactive) process.stdin.setRawMode(true);
      process.stdin.setEncoding('utf8').on('data', (text: string) => {
        for (const k of text) {
          if (/[0-9]/.test(k)) count = (count + k).slice(-4);
          else if (k === 'b') d.press();
          else if (k === 'l') d.setLid((lidOpen = !lidOpen));
          else if (k === 'r' && !lidOpen) {
            // As many as were asked for (typed before r), else what came out since the start.
            const n = count === '' ? Math.max(0, full - d.rig.roller.cardsLeft) : Number(count);
            void d.reload(n);
          } else if (k === 'n' && !lidOpen) void d.reload(count === '' ? full : Number(count), true); else if (k === 'q' || k === '\u0003') void stop();
          if (!/[0-9]/.test(k)) count = '';
        }
      });
    });
  },
};

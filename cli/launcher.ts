/**
 * `uno-extreme launcher`: the launcher console. Interactive on a terminal (a key presses the
 * button, others switch power, open the lid, reload, aim), or scripted with `--presses N --json`.
 */
import { closeSync, fstatSync, ftruncateSync, openSync, readSync, writeSync } from 'node:fs';
import { checkOutputs, writeErrorOf } from '../lib/files.ts';
import { Rng, seedRng } from '../lib/rng.ts';
import { maxOf } from '../lib/stats.ts';
import { terminalLines } from '../lib/untrusted.ts';
import { attentionText, MachineLauncher } from '../emulator/launcher.ts';
import { noticeText } from '../firmware-bridge/notices.ts';
import { loadLang, type Words } from '../words/catalogue.ts';
import { CLI_EN_WORDS, cliWordsIn, decimal, type CliWords } from '../words/cli.ts';
import { DEFAULT_PROFILE } from '../emulator/profiles.ts';
import { profileFromSpec } from '../emulator/profileFile.ts';
import { PressTally, type PressLogLine } from '../emulator/tally.ts';
import { buildDeck } from '../game/cards.ts';
import { RULE_SETS } from '../game/rules.ts';
import type { PressResult } from '../emulator/core.ts';
import type { Profile } from '../emulator/profile.ts';
import { intOption, LANG_OPTION, langOption, numberOption, seedOption, UsageError, UserError, type Command, type ParsedArgs } from './args.ts';
import { runConsole } from './launcher-console.ts';
import { said } from '../words/said.ts';
import { openDeviceSpec } from './device.ts';
import type { LauncherHardware } from '../emulator/hardware.ts';

/**
 * `n` cards for the console: a classic 108-card deck's, in its fixed order, a second deck's after
 * it (serials from 101 on), and so on; a card shows by its label (`Red 5`).
 */
export function consoleDeck(n = 108): string[] {
  const deck = buildDeck(RULE_SETS.classic.deck);
  return Array.from({ length: n }, (_, i) => {
    const [code, serial] = deck[i % deck.length].split('#');
    return `${code}#${Number(serial) + 100 * Math.floor(i / deck.length)}`;
  });
}

/**
 * Appends press lines to a log file, with an error that says what to fix. The file is opened once
 * (at the first press) and each line written as it comes, so a crash loses no logged press. A
 * line is written whole or not at all: a write that fails part way (a full disk) is cut back, so
 * the log never holds half a line for the next run to append to; a half line left by a run that
 * died mid-write is cut off when the log is opened again, saying so.
 */
export class PressLog {
  private fd: number | null = null;
  /** The log's length: where the next line starts, and where a failed one is cut back to. */
  private size = 0;

  /** `w`: the words of what it says on the terminal (a half line cut off). */
  constructor(readonly file: string, readonly source: string, private readonly w: CliWords = CLI_EN_WORDS) {}

  write(time: number, r: PressResult): void {
    const line: PressLogLine = {
      time, source: this.source, ding: r.dinged, cards: r.cards.length, jam: r.jam,
      fired: r.fired, empty: r.empty, halfOut: r.halfOut, ...(r.ignored ? { ignored: r.ignored } : {}),
    };
    const bytes = Buffer.from(`${JSON.stringify(line)}\n`);
    try {
      const fd = (this.fd ??= this.open());
      // A short write (the disk filling up) is followed by another, which then fails.
      for (let n = 0; n < bytes.length; ) n += writeSync(fd, bytes, n);
      this.size += bytes.length;
    } catch (e) {
      this.cutBack();
      throw new UserError(said('cli.launcher.log', { why: writeErrorOf(this.file, e).said }));
    }
  }

  private open(): number {
    const fd = openSync(this.file, 'a+');
    const st = fstatSync(fd);
    this.size = st.isFile() ? st.size : 0;
    if (this.size === 0) return fd;
    // The tail after the last line end, if any, is a line a run died writing: cut it off.
    const tail = Buffer.alloc(Math.min(this.size, 64 * 1024));
    readSync(fd, tail, 0, tail.length, this.size - tail.length);
    const end = tail.lastIndexOf(0x0a);
    if (end !== tail.length - 1 && (end >= 0 || tail.length === this.size)) {
      this.size -= tail.length - 1 - end;
      ftruncateSync(fd, this.size);
      console.error(`uno-extreme launcher: ${this.w.t('cli.launcher.logCut', { file: this.file })}`);
    }
    return fd;
  }

  /** Takes a line that failed part way back out: the log ends at a line end again. */
  private cutBack(): void {
    try {
      if (this.fd !== null && fstatSync(this.fd).isFile()) ftruncateSync(this.fd, this.size);
    } catch {
      // The write's own error is the one to report.
    }
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}

/** Options of a scripted run. */
export interface ScriptedRun {
  profile: Profile;
  seed: number;
  presses: number;
  seats?: number;
  charge?: number;
  /** Cards in a full load (default 108). */
  cards?: number;
  log?: PressLog;
  trace?: (line: string) => void;
}

/**
 * Presses `presses` times on a simulated clock, reloading a 108-card deck (shuffled with the
 * run's seed) whenever the launcher is empty and clearing jams by a lid cycle, as a person would.
 */
export function runScripted(o: ScriptedRun): ReturnType<PressTally['summary']> & { profile: string; seed: number; simulatedMs: number } {
  const shuffle = new Rng(seedRng(o.seed, 1));
  const deck = consoleDeck(o.cards);
  const launcher = new MachineLauncher({
    profile: o.profile, seed: o.seed, seats: o.seats, charge: o.charge, supply: shuffle.shuffle(deck), trace: o.trace,
  });
  const tally = new PressTally();
  for (let i = 0; i < o.presses; i++) {
    if (launcher.supplyCount === 0) {
      launcher.loadSync(shuffle.shuffle(deck));
      tally.reloads++;
    }
    const r = launcher.pressSync();
    tally.add(r);
    o.log?.write(launcher.now(), r);
    if (r.jam) launcher.clearJamSync();
    if (launcher.unitState === 'dead' || r.brownout) {
      // Spent cells (it resets when the motor starts, or does nothing): a person changes them and goes on.
      launcher.send({ type: 'POWER_OFF' });
      launcher.send({ type: 'REPLACE_BATTERIES' });
      launcher.send({ type: 'POWER_ON' });
    }
  }
  return { profile: o.profile.name, seed: o.seed, ...tally.summary(), simulatedMs: launcher.now() };
}

/**
 * Presses a real device `presses` times from software, on the real clock, logging each press;
 * jams are reported and cleared by asking the person to open and close the lid, and an empty
 * launcher is reloaded by asking them to put the cards back in.
 */
async function runOnDevice(o: Omit<ScriptedRun, 'charge'> & { hardware: LauncherHardware; w: LauncherWords }): Promise<ReturnType<typeof runScripted>> {
  // The host counts what it loaded: once every card is out the launcher is empty, not jammed, and the person reloads it.
  const deck = consoleDeck(o.cards);
  const launcher = new MachineLauncher({ profile: o.profile, seed: o.seed, seats: o.seats, supply: deck, clock: 'real', hardware: o.hardware, trace: o.trace });
  const tally = new PressTally();
  const start = Date.now();
  // Every dinged press counts, the launcher's own button included: the log is what the device did.
  launcher.on('pressDone', ({ result }) => {
    tally.add(result);
    o.log?.write(Date.now(), result);
  });
  launcher.onAttention((_m, a) => console.error(attentionText(a, o.w.game)));
  // A link lost for good is the error the next press rejects with: said once, as that error.
  const notices = o.hardware.onNotice?.((m, n) => m !== launcher.lostForGood && console.error(o.w.cli.t('cli.launcher.warning', { text: noticeText(n, o.w.game) })));
  try {
    for (let i = 0; i < o.presses; i++) {
      if (launcher.supplyCount === 0) {
        await launcher.load(deck);
        tally.reloads++;
      }
      const r = await launcher.press();
      if (!r.dinged) tally.add(r);
      if (r.jam || r.ignored === 'lid-open' || r.ignored === 'jammed') await launcher.clearJam();
    }
  } finally {
    notices?.();
    launcher.detach();
  }
  return { profile: o.hardware.name, seed: o.seed, ...tally.summary(), simulatedMs: Date.now() - start };
}

/** The words of the launcher command: the command line's, and the game's (attentions, notices, dings, cards). */
export interface LauncherWords {
  readonly cli: CliWords;
  readonly game: Words;
}

/** A scripted run's summary in the words of `w` (`--json` prints the figures themselves, in no language). */
function formatSummary(s: ReturnType<typeof runScripted>, w: CliWords = CLI_EN_WORDS): string {
  const count = (n: number) => String(n);
  const cardsHead = w.t('cli.launcher.summary.cards');
  const pressesHead = w.t('cli.launcher.summary.presses');
  // The columns as wide as their headings (5 and 7 in English), the numbers right-aligned under them.
  const [c1, c2] = [Math.max(5, cardsHead.length), Math.max(7, pressesHead.length)];
  const lines = [
    w.t('cli.launcher.summary.counts', { profile: s.profile, seed: count(s.seed), presses: count(s.presses), dings: count(s.dings), bursts: count(s.bursts), reloads: count(s.reloads), jams: count(s.jams) }),
    w.t('cli.launcher.summary.means', { mean: decimal(w, s.meanCardsPerPress, 3), none: decimal(w, s.pNoCards * 100, 1), burst: decimal(w, s.meanBurst, 2) }),
    '',
    `${cardsHead.padStart(c1)}  ${pressesHead.padStart(c2)}`,
  ];
  const max = maxOf(Object.values(s.cardsPerPress));
  for (const [n, c] of Object.entries(s.cardsPerPress))
    lines.push(`${n.padStart(c1)}  ${String(c).padStart(c2)}  ${'█'.repeat(Math.max(1, Math.round((40 * c) / max)))}`);
  lines.push('', w.t('cli.launcher.summary.hazard'));
  s.fireHazard.forEach((h, k) => lines.push(`${String(k + 1).padStart(5)}  ${h === null ? '   -' : decimal(w, h, 3)}`));
  // The profile's name comes from a file: shown, never obeyed.
  return terminalLines(lines.join('\n'));
}

/** The `launcher` command. */
export const launcherCommand: Command = {
  name: 'launcher',
  options: {
    profile: { type: 'string', value: 'NAME|FILE', default: DEFAULT_PROFILE },
    seed: { type: 'string', value: 'N' },
    presses: { type: 'string', value: 'N' },
    json: { type: 'boolean' },
    log: { type: 'string', value: 'FILE' },
    trace: { type: 'boolean' },
    seats: { type: 'string', value: 'N', default: '4' },
    charge: { type: 'string', value: '0..1', default: '1' },
    device: { type: 'string', value: 'KIND:PATH' },
    cards: { type: 'string', value: 'N', default: '108' },
    lang: LANG_OPTION,
  },
  examples: [
    'uno-extreme launcher',
    'uno-extreme launcher --profile extreme-2010-measured --seed 7 --presses 800 --json',
    'uno-extreme launcher --profile my-launcher.json --presses 20 --trace',
    'uno-extreme launcher --presses 500 --log presses.jsonl',
    'uno-extreme launcher --device firmata:/dev/ttyACM0 --log my-launcher.jsonl',
  ],
  async run(args: ParsedArgs): Promise<number> {
    const lang = langOption(args);
    const w: LauncherWords = { cli: cliWordsIn(lang), game: await loadLang(lang) };
    const profile = profileFromSpec(String(args.values.profile ?? DEFAULT_PROFILE));
    const { seed, picked } = seedOption(args);
    const seats = intOption(args, 'seats', 4, 2, 10);
    const charge = numberOption(args, 'charge', 1, 0, 1);
    const device = typeof args.values.device === 'string' ? args.values.device : undefined;
    const log = typeof args.values.log === 'string' ? new PressLog(args.values.log, device ?? `profile:${profile.name}`, w.cli) : undefined;
    checkOutputs([['--log', log?.file, 'append']], [['--profile', String(args.values.profile ?? DEFAULT_PROFILE)]]);
    const trace = args.values.trace ? (l: string) => console.error(l) : undefined;
    const cards = intOption(args, 'cards', 108, 1, 1000);
    try {
      if (device) {
        // Every flag is checked before the port is opened: a usage error leaves no device open.
        const presses = args.values.presses === undefined ? null : intOption(args, 'presses', 0, 1, 100_000);
        if (presses === null && args.values.json) throw new UsageError(said('cli.launcher.jsonNeedsPresses'));
        if (presses === null && !process.stdin.isTTY) throw new UsageError(said('cli.launcher.noKeys'));
        const hardware = await openDeviceSpec(device, { lang });
        // A board that stops answering rejects with a LauncherError, a notice: cli/main.ts words it, exit 1.
        try {
          if (presses === null) return await runConsole({ profile, seed, seats, charge, log, trace, hardware, w });
          const s = await runOnDevice({ profile, seed, presses, seats, log, trace, hardware, cards, w });
          console.log(args.values.json ? JSON.stringify(s) : formatSummary(s, w.cli));
          return 0;
        } finally {
          await hardware.close();
        }
      }
      if (args.values.presses !== undefined) {
        const presses = intOption(args, 'presses', 0, 1, 10_000_000);
        const s = runScripted({ profile, seed, presses, seats, charge, log, trace, cards });
        console.log(args.values.json ? JSON.stringify(s) : formatSummary(s, w.cli));
        return 0;
      }
      if (args.values.json) throw new UsageError(said('cli.launcher.jsonNeedsPresses'));
      if (!process.stdin.isTTY) throw new UsageError(said('cli.launcher.noKeys'));
      if (picked) console.log(w.cli.t('cli.launcher.seedPicked', { seed: String(seed) }));
      return await runConsole({ profile, seed, seats, charge, log, trace, w });
    } finally {
      log?.close();
    }
  },
};

/**
 * `uno-extreme`: one program, one sub-command per job. Errors a user can fix are printed as one
 * clear message (no stack trace); set UNO_EXTREME_DEBUG=1 to see the stack.
 */
import { readFileSync } from 'node:fs';
import { commandHelp, langOfCall, parseCommandArgs, summaryKey, UsageError, UserError, type Command } from './args.ts';
import { launcherCommand } from './launcher.ts';
import { playCommand } from './play.ts';
import { fitCommand } from './fit.ts';
import { portsCommand } from './ports.ts';
import { deviceCommand } from './device-cmd.ts';
import { simulateCommand } from './simulate.ts';
import { mergeCommand } from './merge.ts';
import { webCommand } from './web.ts';
import { ProfileError } from '../emulator/profile.ts';
import { ResumeError } from '../game/playSave.ts';
import { RulesError } from '../game/rules.ts';
import { SaveError } from '../game/save.ts';
import { terminalLines } from '../lib/untrusted.ts';
import { LogError } from '../sim/fit.ts';
import { FileWriteError } from '../lib/files.ts';
import { cliWordsIn, errorIn, type CliWords } from '../words/cli.ts';
import { loadLang } from '../words/catalogue.ts';
import { NoticeError, noticeOf, noticeText } from '../firmware-bridge/notices.ts';

/** Errors in what the user gave (a flag, a file, a port; a board that does not answer): told in one message, exit 1. */
const USER_ERRORS = [UserError, ProfileError, RulesError, SaveError, ResumeError, LogError, FileWriteError, NoticeError];

/**
 * The error `e`'s message in the words of `w`: a board's or a port's (a notice, whose words are
 * the game's, as the page shows them) in that language's game catalogue, loaded for it (a message
 * of the command line may hold a notice too); any other through the command line's catalogue.
 */
async function errorText(w: CliWords, e: unknown): Promise<string> {
  const game = await loadLang(w.lang);
  const notice = noticeOf(e);
  return notice ? noticeText(notice, game) : errorIn(w, e);
}

/** The program's version: package.json's, read once (the program runs from the repository or an install of it). */
export const VERSION: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** Every command, in the order `--help` lists them. */
export const COMMANDS: Command[] = [webCommand, playCommand, launcherCommand, simulateCommand, mergeCommand, fitCommand, portsCommand, deviceCommand];

function mainHelp(w: CliWords): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length)) + 2;
  return [
    `uno-extreme ${w.t('help.main.usage')}`,
    '',
    ...w.t('help.main.summary').split('\n').map((l) => `  ${l}`),
    '',
    w.t('help.main.commands'),
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}${w.t(summaryKey(c))}`),
    '',
    w.t('help.main.more'),
  ].join('\n');
}

/**
 * Runs the program with `argv` (without node and the script); returns the exit code. It speaks
 * the reader's language (`--lang` where a command has it, else the terminal's): its help, and
 * every error built from the catalogue; an error still worded in English only is shown as it is.
 */
export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--version' || name === '-V' || name === 'version') {
    console.log(`uno-extreme ${VERSION}`);
    return 0;
  }
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    console.log(mainHelp(cliWordsIn(langOfCall(undefined, rest, process.env))));
    return name === undefined ? 2 : 0;
  }
  const cmd = COMMANDS.find((c) => c.name === name);
  const w = cliWordsIn(langOfCall(cmd, rest, process.env));
  if (!cmd) {
    console.error(`uno-extreme: ${w.t('cli.unknownCommand', { name: terminalLines(name), commands: COMMANDS.map((c) => c.name).join(', ') })}`);
    return 2;
  }
  try {
    const args = parseCommandArgs(cmd, rest);
    if (args.values.help) {
      console.log(commandHelp(cmd, w));
      return 0;
    }
    return await cmd.run(args);
  } catch (e) {
    if (process.env.UNO_EXTREME_DEBUG) console.error(e);
    // Messages quote what the user gave (a file's content, a name): shown without control characters.
    if (e instanceof UsageError) {
      console.error(`uno-extreme ${cmd.name}: ${terminalLines(errorIn(w, e))}`);
      return 2;
    }
    if (USER_ERRORS.some((c) => e instanceof c)) {
      console.error(`uno-extreme ${cmd.name}: ${terminalLines(await errorText(w, e))}`);
      return 1;
    }
    console.error(`uno-extreme ${cmd.name}: ${w.t('cli.unexpected', { message: terminalLines(await errorText(w, e)) })}`);
    return 70;
  }
}

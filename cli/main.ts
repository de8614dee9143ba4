/**
 * `uno-extreme`: one program, one sub-command per job. Errors a user can fix are printed as one
 * clear message (no stack trace); set UNO_EXTREME_DEBUG=1 to see the stack.
 */
import { readFileSync } from 'node:fs';
import { commandHelp, parseCommandArgs, UsageError, UserError, type Command } from './args.ts';
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

/** Errors in what the user gave (a flag, a file): told in one message, exit 1. */
const USER_ERRORS = [UserError, ProfileError, RulesError, SaveError, ResumeError, LogError, FileWriteError];

/** The program's version: package.json's, read once (the program runs from the repository or an install of it). */
export const VERSION: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** Every command, in the order `--help` lists them. */
export const COMMANDS: Command[] = [webCommand, playCommand, launcherCommand, simulateCommand, mergeCommand, fitCommand, portsCommand, deviceCommand];

function mainHelp(): string {
  const w = Math.max(...COMMANDS.map((c) => c.name.length)) + 2;
  return [
    'uno-extreme <command> [options]',
    '',
    '  Play and build UNO Extreme (UNO Attack): a launcher emulator, the game against bots,',
    '  a bridge to real launchers, and Monte Carlo simulation of launcher profiles.',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(w)}${c.summary}`),
    '',
    'Run `uno-extreme <command> --help` for a command\'s options and examples; `uno-extreme --version` for the version.',
  ].join('\n');
}

/** Runs the program with `argv` (without node and the script); returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--version' || name === '-V' || name === 'version') {
    console.log(`uno-extreme ${VERSION}`);
    return 0;
  }
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    console.log(mainHelp());
    return name === undefined ? 2 : 0;
  }
  const cmd = COMMANDS.find((c) => c.name === name);
  if (!cmd) {
    console.error(`uno-extreme: unknown command "${name}". Commands: ${COMMANDS.map((c) => c.name).join(', ')}. Try \`uno-extreme --help\`.`);
    return 2;
  }
  try {
    const args = parseCommandArgs(cmd, rest);
    if (args.values.help) {
      console.log(commandHelp(cmd));
      return 0;
    }
    return await cmd.run(args);
  } catch (e) {
    if (process.env.UNO_EXTREME_DEBUG) console.error(e);
    // Messages quote what the user gave (a file's content, a name): shown without control characters.
    if (e instanceof UsageError) {
      console.error(`uno-extreme ${cmd.name}: ${terminalLines(e.message)}`);
      return 2;
    }
    if (USER_ERRORS.some((c) => e instanceof c)) {
      console.error(`uno-extreme ${cmd.name}: ${terminalLines((e as Error).message)}`);
      return 1;
    }
    console.error(`uno-extreme ${cmd.name}: unexpected error: ${terminalLines(String((e as Error)?.message ?? e))}\n  (this is a bug: run again with UNO_EXTREME_DEBUG=1 and report the output)`);
    return 70;
  }
}

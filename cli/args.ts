/**
 * Command-line parsing shared by every command: options declared once give both the parser and
 * the `--help` text, and a wrong flag gives a message that says what to type instead.
 */
import { parseArgs } from 'node:util';
import { BOT_KINDS_TEXT, budgetText, DEFAULT_BUDGET, isBotKind, parseBudget, SETUP_STEPS, type BotKind, type Budget } from '../game/bots/index.ts';
import { OPTION_NAMES, RULE_SETS } from '../game/rules.ts';

/** A mistake in how the command was called: printed without a stack trace, exit code 2. */
export class UsageError extends Error {
  constructor(message: string, readonly command?: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** An error the user can fix (a bad file, a missing device): printed without a stack trace, exit code 1. */
export class UserError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UserError';
  }
}

/** One option of a command. */
export interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  /** Placeholder for the value in help, e.g. `N`, `NAME|FILE`. */
  value?: string;
  help: string;
  default?: string | boolean;
}

/** A command: its name, what it does, its options, examples, and what it runs. */
export interface Command {
  name: string;
  summary: string;
  /** Positional arguments, for help (`<file>`); empty when none are taken. */
  usage?: string;
  options: Record<string, OptionSpec>;
  examples: string[];
  run(args: ParsedArgs): Promise<number>;
}

/** Parsed options (`values`) and positional arguments. */
export interface ParsedArgs {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

/** A value that starts with a dash but is a number (`-1`, `-.5`, `-1e3`, `-Infinity`), not an option. */
const NEGATIVE_NUMBER = /^-(\d|\.\d|Infinity$|NaN$)/;

/**
 * `argv` with each negative number that follows a value-taking option joined to it
 * (`--games -1` → `--games=-1`): Node's parser would call it an ambiguous option, in three lines,
 * where the option's own range check says what is allowed in one.
 */
function joinNegativeValues(argv: readonly string[], takesValue: (flag: string) => boolean): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') return [...out, ...argv.slice(i)];
    const next = argv[i + 1];
    if (takesValue(a) && next !== undefined && NEGATIVE_NUMBER.test(next)) {
      out.push(`${a}=${next}`);
      i++;
    } else out.push(a);
  }
  return out;
}

/** Parses argv for a command, turning Node's parse errors into {@link UsageError}s. */
export function parseCommandArgs(cmd: Command, argv: string[]): ParsedArgs {
  const options: Record<string, { type: 'string' | 'boolean'; short?: string; default?: string | boolean }> = {
    help: { type: 'boolean', short: 'h' },
  };
  for (const [k, o] of Object.entries(cmd.options))
    options[k] = { type: o.type, ...(o.short ? { short: o.short } : {}), ...(o.default !== undefined ? { default: o.default } : {}) };
  try {
    const takesValue = (flag: string) => {
      const name = flag.startsWith('--') ? flag.slice(2) : Object.keys(options).find((k) => options[k].short !== undefined && flag === `-${options[k].short}`);
      return name !== undefined && Object.hasOwn(options, name) && options[name].type === 'string';
    };
    const args = joinNegativeValues(argv, takesValue);
    const { values, positionals } = parseArgs({ args, options, allowPositionals: cmd.usage !== undefined, strict: true });
    return { values: values as ParsedArgs['values'], positionals };
  } catch (e) {
    const msg = (e as Error).message.replace(/\. To specify a positional argument.*$/s, '');
    const known = Object.keys(cmd.options).map((k) => `--${k}`).join(', ');
    throw new UsageError(`${msg}\n  options of \`uno-extreme ${cmd.name}\`: ${known || '(none)'}, --help`, cmd.name);
  }
}

/** The `--help` text of a command. */
export function commandHelp(cmd: Command): string {
  const lines = [`uno-extreme ${cmd.name}${cmd.usage ? ` ${cmd.usage}` : ''} [options]`, '', `  ${cmd.summary}`, '', 'Options:'];
  const entries = Object.entries(cmd.options).map(([k, o]) => {
    const flag = `${o.short ? `-${o.short}, ` : '    '}--${k}${o.value ? ` ${o.value}` : ''}`;
    const def = o.default !== undefined && o.default !== false ? ` (default: ${o.default})` : '';
    return [flag, `${o.help}${def}`] as const;
  });
  entries.push(['-h, --help', 'show this help']);
  const w = Math.max(...entries.map(([f]) => f.length)) + 2;
  for (const [f, h] of entries) lines.push(`  ${f.padEnd(w)}${h}`);
  if (cmd.examples.length) lines.push('', 'Examples:', ...cmd.examples.map((e) => `  ${e}`));
  return lines.join('\n');
}

/** Reads an integer option within bounds, or throws a {@link UsageError} saying what is allowed. */
export function intOption(args: ParsedArgs, name: string, fallback: number, min: number, max: number): number {
  const raw = args.values[name];
  if (raw === undefined) return fallback;
  const s = String(raw).trim();
  // A whole number written as 1e6 or 20.0 is one: it is then held to the range like any other.
  const n = /^-?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(s) ? Number(s) : NaN;
  if (!Number.isInteger(n)) throw new UsageError(`--${name} must be a whole number, got "${s}"`);
  if (n < min || n > max) throw new UsageError(`--${name} must be between ${min} and ${max}, got ${s}`);
  return n;
}

/** Reads a number option within bounds. */
export function numberOption(args: ParsedArgs, name: string, fallback: number, min: number, max: number): number {
  const raw = args.values[name];
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || String(raw).trim() === '') throw new UsageError(`--${name} must be a number, got "${raw}"`);
  if (n < min || n > max) throw new UsageError(`--${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

/** The `--seed` option: a whole number; when absent, one is picked and shown so the run can be repeated. */
export function seedOption(args: ParsedArgs): { seed: number; picked: boolean } {
  if (args.values.seed === undefined) return { seed: Math.floor(Date.now() % 1_000_000_007), picked: true };
  return { seed: intOption(args, 'seed', 0, 0, Number.MAX_SAFE_INTEGER), picked: false };
}

/**
 * What `--rules` takes, for help: a shipped rule set, or a rules file naming its base and the
 * options it changes (game/ruleFile.ts), every option listed: the house rules and the seeds'
 * other readings are set there (docs/rules.md says what each does and its source).
 */
export const RULES_HELP =
  `${Object.keys(RULE_SETS).join(', ')}, or a rules JSON file such as {"base": "classic", "options": {"stackTwosOnly": true, "stacking": true}} ` +
  `(options: ${OPTION_NAMES.join(', ')}; docs/rules.md)`;

/** What `--bots` takes, for help: every shipped kind. */
export const BOTS_HELP = BOT_KINDS_TEXT;

/** What `--bot-budget` takes, for help. */
export const BOT_BUDGET_HELP =
  `the ismcts bots' search per decision: N playouts or Nsteps steps (a move played in a playout is one, setting a playout up ${SETUP_STEPS}; both reproducible; default ${budgetText(DEFAULT_BUDGET)}), or Nms of time (not reproducible: it depends on the machine)`;

/**
 * The `--bots` list: shipped kinds, comma-separated, at most `seats` of them (`what` names the
 * seats in the message: `seats`, `bot seats`).
 */
export function botsOption(v: unknown, seats: number, what: string): BotKind[] {
  const list = String(v ?? 'heuristic').split(',').map((b) => b.trim());
  for (const b of list) if (!isBotKind(b)) throw new UsageError(`--bots: unknown bot "${b}"; use ${BOTS_HELP} (a comma list gives one per seat, repeated)`);
  if (list.length > seats) throw new UsageError(`--bots lists ${list.length} bots for ${seats} ${what}: give at most ${seats}, or raise --players`);
  return list as BotKind[];
}

/** The `--bot-budget` option, as a setting to spread (nothing when absent). */
export function botBudgetOption(args: ParsedArgs): { botBudget?: Budget } {
  const raw = args.values['bot-budget'];
  if (raw === undefined) return {};
  const b = parseBudget(String(raw));
  if ('error' in b) throw new UsageError(`--bot-budget: ${b.error}`);
  return { botBudget: b };
}

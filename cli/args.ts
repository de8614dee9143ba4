/**
 * Command-line parsing shared by every command: options declared once give both the parser and
 * the `--help` text, and a wrong flag gives a message that says what to type instead. The words
 * of both come from the catalogue (words/en.ts, words/fr.ts), in the reader's language
 * ({@link langOfCall}): a command's summary is the key `help.<command>.summary`, each option's
 * help `help.<command>.opt.<option>` (test/cli/help-words.test.ts holds every command to it).
 */
import { parseArgs } from 'node:util';
import { BOT_KIND_NAMES, budgetText, DEFAULT_BUDGET, isBotKind, parseBudget, SETUP_STEPS, type BotKind, type Budget } from '../game/bots/index.ts';
import { knownLang, langOfEnv, LANGS, type Lang, type Values } from '../words/catalogue.ts';
import { CLI_EN_WORDS, english, orList, type CliKey, type CliWords } from '../words/cli.ts';
import { said, type Said } from '../words/said.ts';

/** An error's text, or the catalogue's message it was worded from (kept, to be worded again in the reader's language). */
function textOf(message: string | Said): { text: string; said?: Said } {
  return typeof message === 'string' ? { text: message } : { text: english(message), said: message };
}
import { OPTION_NAMES, RULE_SETS } from '../game/rules.ts';

/** A mistake in how the command was called: printed without a stack trace, exit code 2. */
export class UsageError extends Error {
  readonly said?: Said;
  constructor(message: string | Said, readonly command?: string) {
    const { text, said: s } = textOf(message);
    super(text);
    this.name = 'UsageError';
    this.said = s;
  }
}

/** An error the user can fix (a bad file, a missing device): printed without a stack trace, exit code 1. */
export class UserError extends Error {
  readonly said?: Said;
  constructor(message: string | Said) {
    const { text, said: s } = textOf(message);
    super(text);
    this.name = 'UserError';
    this.said = s;
  }
}

/** One option of a command; its help is the catalogue's `help.<command>.opt.<option>`. */
export interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  /** Placeholder for the value in help, e.g. `N`, `NAME|FILE`: the same in every language. */
  value?: string;
  /** What the help message's placeholders are given (a default file name, a list in the reader's words). */
  helpValues?: (w: CliWords) => Values;
  default?: string | boolean;
}

/** An example of a command: the line to type, and what it does when a note helps. */
export type Example = string | readonly [line: string, note: CliKey];

/** A command: its name, its options, examples, and what it runs; what it does is `help.<name>.summary`. */
export interface Command {
  name: string;
  /** Positional arguments, for help (`<file>`); empty when none are taken. */
  usage?: string;
  options: Record<string, OptionSpec>;
  examples: Example[];
  run(args: ParsedArgs): Promise<number>;
}

/** The catalogue key of a command's summary. */
export const summaryKey = (cmd: Pick<Command, 'name'>): CliKey => `help.${cmd.name}.summary` as CliKey;

/** The catalogue key of an option's help. */
export const optionKey = (cmd: Pick<Command, 'name'>, option: string): CliKey => `help.${cmd.name}.opt.${option}` as CliKey;

/**
 * The language a command speaks to its reader: its `--lang` when it has one and it is given
 * (looked for in `argv` itself, so that a mistake elsewhere on the line is told in it too), else
 * the terminal's (LC_ALL, LC_MESSAGES, LANG).
 */
export function langOfCall(cmd: Command | undefined, argv: readonly string[], env: Readonly<Record<string, string | undefined>>): Lang {
  if (cmd?.options.lang) {
    for (let i = 0; i < argv.length && argv[i] !== '--'; i++) {
      const given = argv[i] === '--lang' ? argv[i + 1] : argv[i].startsWith('--lang=') ? argv[i].slice('--lang='.length) : undefined;
      const lang = knownLang(given);
      if (lang) return lang;
    }
  }
  return langOfEnv(env);
}

/** The `--lang` option: the language of a command's words and of its help. */
export const LANG_OPTION: OptionSpec = { type: 'string', value: LANGS.join('|') };

/**
 * The language a command speaks: its `--lang`, else the terminal's (LC_ALL, LC_MESSAGES, LANG, in
 * POSIX's order), English when it is none the program speaks. An unknown `--lang` is a usage error.
 */
export function langOption(args: ParsedArgs): Lang {
  const given = args.values.lang;
  if (given === undefined) return langOfEnv(process.env);
  const lang = knownLang(given);
  if (!lang) throw new UsageError(said('cli.value.oneOf', { option: '--lang', choices: { or: LANGS }, got: String(given) }));
  return lang;
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
    const known = Object.keys(cmd.options).map((k) => `--${k}`).join(', ');
    throw new UsageError(said('cli.args.options', { problem: parseProblem(e as Error & { code?: string }), command: cmd.name, options: known || '-' }), cmd.name);
  }
}

/**
 * What Node's parser refused, as a message of the catalogue: its error codes are stable, its
 * messages English (the name of the option or argument is read from them).
 */
function parseProblem(e: Error & { code?: string }): Said {
  const quoted = /'([^']*)'/.exec(e.message)?.[1] ?? '';
  // `--players`, or `-p, --players <value>` whose long form is the one to name.
  const option = /--[^\s,]+/.exec(quoted)?.[0] ?? quoted.split(/[\s,]/)[0];
  switch (e.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return said('cli.args.unknownOption', { option });
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return said('cli.args.unexpected', { argument: quoted });
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return said(/argument missing/.test(e.message) ? 'cli.args.missingValue' : 'cli.args.noValue', { option });
    default:
      // A parse error Node adds later: its own (English) words, which are still one line.
      return said('cli.args.other', { message: e.message.replace(/\. To specify a positional argument.*$/s, '') });
  }
}

/** The `--help` text of a command, in the words of `w`. */
export function commandHelp(cmd: Command, w: CliWords = CLI_EN_WORDS): string {
  const lines = [`uno-extreme ${cmd.name}${cmd.usage ? ` ${cmd.usage}` : ''} ${w.t('help.optionsArg')}`, '', `  ${w.t(summaryKey(cmd))}`, '', w.t('help.optionsTitle')];
  const entries = Object.entries(cmd.options).map(([k, o]) => {
    const flag = `${o.short ? `-${o.short}, ` : '    '}--${k}${o.value ? ` ${o.value}` : ''}`;
    const help = w.t(optionKey(cmd, k), o.helpValues?.(w));
    return [flag, o.default !== undefined && o.default !== false ? w.t('help.default', { help, value: String(o.default) }) : help] as const;
  });
  entries.push(['-h, --help', w.t('help.opt.help')]);
  const width = Math.max(...entries.map(([f]) => f.length)) + 2;
  for (const [f, h] of entries) lines.push(`  ${f.padEnd(width)}${h}`);
  if (cmd.examples.length) {
    lines.push('', w.t('help.examples'));
    for (const e of cmd.examples) lines.push(typeof e === 'string' ? `  ${e}` : `  ${e[0]}   # ${w.t(e[1])}`);
  }
  return lines.join('\n');
}

/** Reads an integer option within bounds, or throws a {@link UsageError} saying what is allowed. */
export function intOption(args: ParsedArgs, name: string, fallback: number, min: number, max: number): number {
  const raw = args.values[name];
  if (raw === undefined) return fallback;
  const s = String(raw).trim();
  // A whole number written as 1e6 or 20.0 is one: it is then held to the range like any other.
  const n = /^-?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(s) ? Number(s) : NaN;
  if (!Number.isInteger(n)) throw new UsageError(said('cli.value.wholeNumber', { option: `--${name}`, got: s }));
  if (n < min || n > max) throw new UsageError(said('cli.value.range', { option: `--${name}`, min: String(min), max: String(max), got: s }));
  return n;
}

/** Reads a number option within bounds. */
export function numberOption(args: ParsedArgs, name: string, fallback: number, min: number, max: number): number {
  const raw = args.values[name];
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || String(raw).trim() === '') throw new UsageError(said('cli.value.number', { option: `--${name}`, got: String(raw) }));
  if (n < min || n > max) throw new UsageError(said('cli.value.range', { option: `--${name}`, min: String(min), max: String(max), got: String(n) }));
  return n;
}

/** The `--seed` option: a whole number; when absent, one is picked and shown so the run can be repeated. */
export function seedOption(args: ParsedArgs): { seed: number; picked: boolean } {
  if (args.values.seed === undefined) return { seed: Math.floor(Date.now() % 1_000_000_007), picked: true };
  return { seed: intOption(args, 'seed', 0, 0, Number.MAX_SAFE_INTEGER), picked: false };
}

/** What `--bots` takes, in the words of `w`: every shipped kind (`heuristic, random, ismcts or first`). */
export const botKindsIn = (w: CliWords): string => orList(w, BOT_KIND_NAMES);

/**
 * What the `--rules` help is given: the shipped rule sets, and a rules file naming its base and
 * the options it changes (game/ruleFile.ts), every option listed: the house rules and the seeds'
 * other readings are set there (docs/rules.md says what each does and its source).
 */
export const rulesHelpValues = (): Values => ({
  sets: Object.keys(RULE_SETS).join(', '),
  example: '{"base": "classic", "options": {"stacking": true, "stackTwosOnly": true}}',
  // Code a reader types, set apart as such.
  options: `\`${OPTION_NAMES.join(', ')}\``,
});

/** What the `--bot-budget` help is given: the steps of a playout's setting up, and the default. */
export const botBudgetValues = (): Values => ({ setup: SETUP_STEPS, budget: budgetText(DEFAULT_BUDGET) });

/**
 * The `--bots` list: shipped kinds, comma-separated, at most `seats` of them (`what`: the seats
 * are all the table's, or the bots' beside the person's).
 */
export function botsOption(v: unknown, seats: number, what: 'seats' | 'bot seats'): BotKind[] {
  const list = String(v ?? 'heuristic').split(',').map((b) => b.trim());
  for (const b of list) if (!isBotKind(b)) throw new UsageError(said('cli.bots.unknown', { bot: b, kinds: { or: BOT_KIND_NAMES } }));
  if (list.length > seats) throw new UsageError(said('cli.bots.tooMany', { count: list.length, seats, bots: what === 'bot seats' ? 'yes' : 'no' }));
  return list as BotKind[];
}

/** The `--bot-budget` option, as a setting to spread (nothing when absent). */
export function botBudgetOption(args: ParsedArgs): { botBudget?: Budget } {
  const raw = args.values['bot-budget'];
  if (raw === undefined) return {};
  const b = parseBudget(String(raw));
  if ('error' in b) throw new UsageError(said('cli.bots.budget', { text: String(raw) }));
  return { botBudget: b };
}

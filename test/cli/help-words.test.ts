/**
 * Every command's `--help` comes from the catalogue: its summary, each option's help and each
 * example's note are keys every language has, the help of every command formats in every
 * language (each placeholder given), and the catalogue holds no help of an option no command has.
 * Its errors are worded in the reader's language: the language of a call (`--lang`, then LC_ALL,
 * LC_MESSAGES, LANG) and the parse errors of Node's parser, in French.
 */
import { describe, expect, it } from 'vitest';
import { commandHelp, langOfCall, optionKey, parseCommandArgs, summaryKey, UsageError, type Command } from '../../cli/args.ts';
import { COMMANDS } from '../../cli/main.ts';
import { LANGS } from '../../words/catalogue.ts';
import { CLI_CATALOGUES, cliWordsIn, english, errorIn, type CliKey } from '../../words/cli.ts';
import { saidOf } from '../../words/said.ts';
import { ruleSet } from '../../game/rules.ts';
import { resolveProfile } from '../../emulator/profiles.ts';

/** The keys a command's help reads. */
function keysOf(cmd: Command): CliKey[] {
  return [summaryKey(cmd), ...Object.keys(cmd.options).map((o) => optionKey(cmd, o)), ...cmd.examples.flatMap((e) => (typeof e === 'string' ? [] : [e[1]]))];
}

/** A command that stands for every one in the language's checks: it has `--lang`. */
const play = COMMANDS.find((c) => c.name === 'play')!;

describe('the help of every command', () => {
  it('has every key it reads in every language', () => {
    const missing = LANGS.flatMap((lang) => COMMANDS.flatMap(keysOf).filter((k) => CLI_CATALOGUES[lang][k] === undefined).map((k) => `${lang}: ${k}`));
    expect(missing).toEqual([]);
  });

  it('has no key in the catalogue that no command reads (an option renamed or dropped)', () => {
    const read = new Set(COMMANDS.flatMap(keysOf));
    const stale = Object.keys(CLI_CATALOGUES.en).filter((k) => /^help\.(?!main\.)[^.]+\.(summary|opt\.|eg\.)/.test(k) && !read.has(k as CliKey));
    expect(stale).toEqual([]);
  });

  it('formats in every language, with every placeholder given, and says it in that language', () => {
    for (const cmd of COMMANDS) {
      const en = commandHelp(cmd, cliWordsIn('en'));
      const fr = commandHelp(cmd, cliWordsIn('fr'));
      expect(en).toContain('Options:');
      expect(fr).toContain('Options\u00a0:');
      for (const o of Object.keys(cmd.options)) {
        expect(en).toContain(cliWordsIn('en').t(optionKey(cmd, o), cmd.options[o].helpValues?.(cliWordsIn('en'))));
        expect(fr).toContain(cliWordsIn('fr').t(optionKey(cmd, o), cmd.options[o].helpValues?.(cliWordsIn('fr'))));
      }
    }
  });

  it('is French in French: no message of the command line is the English one, but these', () => {
    // The same in both: a word French shares, and Node's or the system's own words passed on.
    const same = ['help.optionsArg', 'cli.args.other', 'cli.fit.verdict', 'cli.write.other'];
    const untranslated = Object.keys(CLI_CATALOGUES.en).filter((k) => CLI_CATALOGUES.fr[k as CliKey] === CLI_CATALOGUES.en[k as CliKey]);
    expect(untranslated).toEqual(same);
  });

  it('lists choices in the reader\'s words', () => {
    expect(commandHelp(play, cliWordsIn('en'))).toContain('how the bots play: heuristic, random, ismcts or first;');
    expect(commandHelp(play, cliWordsIn('fr'))).toContain('comment jouent les robots\u00a0: heuristic, random, ismcts ou first\u00a0;');
  });
});

describe('the errors the rules and the launcher throw', () => {
  // They are bundled in the page too, which has not the command line's words: they word their
  // English themselves, and carry the catalogue's message for the program to word it again.
  it('say in English what the catalogue says', () => {
    for (const thrower of [() => ruleSet('nope'), () => resolveProfile('nope')]) {
      const e = (() => {
        try {
          thrower();
        } catch (x) {
          return x as Error;
        }
        throw new Error('not thrown');
      })();
      expect(english(saidOf(e)!)).toBe(e.message);
    }
  });
});

describe('the language of a call', () => {
  const fr = { LANG: 'fr_FR.UTF-8' };
  it('is --lang where the command has it, given as two words or one, before the terminal\'s', () => {
    expect(langOfCall(play, ['--seed', '3', '--lang', 'fr'], {})).toBe('fr');
    expect(langOfCall(play, ['--lang=fr', '--bogus'], { LANG: 'C' })).toBe('fr');
    expect(langOfCall(play, ['--lang', 'en'], fr)).toBe('en');
    // A language the game does not speak leaves the terminal's (the flag is refused in it).
    expect(langOfCall(play, ['--lang', 'de'], fr)).toBe('fr');
    // After `--`, and for a command without --lang, it is not an option.
    expect(langOfCall(play, ['--', '--lang', 'fr'], {})).toBe('en');
    expect(langOfCall(COMMANDS.find((c) => c.name === 'ports'), ['--lang', 'fr'], {})).toBe('en');
  });

  it('is the terminal\'s in POSIX order: LC_ALL, LC_MESSAGES, LANG', () => {
    expect(langOfCall(undefined, [], fr)).toBe('fr');
    expect(langOfCall(undefined, [], { ...fr, LC_ALL: 'C' })).toBe('en');
    expect(langOfCall(undefined, [], { LANG: 'C', LC_MESSAGES: 'fr_CA.UTF-8' })).toBe('fr');
  });
});

describe('a parse error', () => {
  /** The error `argv` gives `cmd`, in English (its message) and in French. */
  function refused(cmd: Command, argv: string[]): [string, string] {
    try {
      parseCommandArgs(cmd, argv);
    } catch (e) {
      expect(e).toBeInstanceOf(UsageError);
      return [(e as Error).message, errorIn(cliWordsIn('fr'), e)];
    }
    throw new Error(`${argv.join(' ')} was not refused`);
  }
  const ports = COMMANDS.find((c) => c.name === 'ports')!;

  it('names the flag or the argument Node refused, in either language, with the command\'s options', () => {
    expect(refused(ports, ['--bogus'])).toEqual([
      "Unknown option '--bogus'\n  options of `uno-extreme ports`: --json, --all, --help",
      'option inconnue «\u00a0--bogus\u00a0»\n  options de `uno-extreme ports`\u00a0: --json, --all, --help',
    ]);
    expect(refused(ports, ['extra'])[1]).toMatch(/^argument en trop «\u00a0extra\u00a0»\u00a0: cette commande ne prend que des options\n/u);
    expect(refused(play, ['--seed'])[1]).toMatch(/^--seed attend une valeur\n/);
    expect(refused(ports, ['--json=yes'])[1]).toMatch(/^--json ne prend pas de valeur\n/);
    expect(refused(ports, ['--json=yes'])[0]).toMatch(/^--json takes no value\n/);
  });
});

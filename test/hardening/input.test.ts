/**
 * Issue 15, what files and flags say: every number checked against what the model can take,
 * typos refused with the nearest name, names made safe for the terminal, nonsense flags told.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { botsOption, parseCommandArgs, UsageError } from '../../cli/args.ts';
import { parseDeviceSpec } from '../../cli/device.ts';
import { COMMANDS, main } from '../../cli/main.ts';
import { parseProfileText, ProfileError } from '../../emulator/profile.ts';
import { profileFromSpec } from '../../emulator/profileFile.ts';
import { BUILTIN_PROFILES, resolveProfile } from '../../emulator/profiles.ts';
import { isBotKind } from '../../game/bots/index.ts';
import { rulesFromSpec } from '../../game/files.ts';
import { RULE_SETS, ruleSet, RulesError } from '../../game/rules.ts';
import { checkPlayMeta, parsePlaySave, parseSave, seatName } from '../../game/index.ts';
import { parseRulesText } from '../../game/ruleFile.ts';
import { printable, terminalLines, terminalText } from '../../lib/untrusted.ts';
import { parsePressLog } from '../../sim/fit.ts';
import { run } from '../cli-run.ts';
import { playSave, PROFILE, RULES } from './fixtures.ts';
import { PROGRAM_RUN_MS } from '../budgets.ts';

const edit = <T>(text: string, change: (v: T) => void): string => {
  const v = JSON.parse(text) as T;
  change(v);
  return JSON.stringify(v);
};
type Save = { play: { launcher: Record<string, unknown>; names: string[]; [k: string]: unknown }; setup: Record<string, unknown>; [k: string]: unknown };
type Profile = Record<string, Record<string, unknown>>;
const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

describe('numbers the model cannot take are refused up front', () => {
  it('a deck with no number cards, or whose cards all count alike for the dealer draw', () => {
    const noNumbers = JSON.stringify({ deck: { numbers: { counts: Array(10).fill(0) } } });
    expect(() => parseRulesText(noNumbers, 'r.json')).toThrow(/r\.json: deck\.numbers\.counts: the dealer is whoever draws the highest number/);
    const zeros = JSON.stringify({ deck: { numbers: { counts: [5, 0, 0, 0, 0, 0, 0, 0, 0, 0] }, coloured: {}, wild: {} } });
    expect(() => parseRulesText(zeros, 'r.json')).toThrow(/the deck needs number cards of a face above 0/);
  });

  it('a deck of a million cards, or counts beyond the model, are refused at once', () => {
    const t0 = performance.now();
    const huge = JSON.stringify({ deck: { numbers: { counts: Array(10).fill(25_000) } } });
    expect(() => parseRulesText(huge, 'r.json')).toThrow(/deck\.numbers\.counts\[0\]: must be a whole number from 0 to 100/);
    const many = JSON.stringify({ deck: { numbers: { counts: Array(10).fill(30) } } });
    expect(() => parseRulesText(many, 'r.json')).toThrow(/r\.json: deck: holds \d+ cards: at most 1000/);
    expect(() => parseRulesText(JSON.stringify({ options: { target: 1e300 } }), 'r.json')).toThrow(/options\.target: must be a whole number from 1 to 1000000/);
    expect(() => parseRulesText(JSON.stringify({ points: { kinds: { skip: -5 } } }), 'r.json')).toThrow(/points\.kinds\.skip: must be a whole number from 0 to 10000/);
    expect(performance.now() - t0).toBeLessThan(1000);
  });

  it('simulate refuses a deck too small to deal, as play does (exit 1, no "this is a bug")', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'uno-hard-')), 'small.json');
    writeFileSync(file, JSON.stringify({ deck: { numbers: { counts: [0, 1, 1, 0, 0, 0, 0, 0, 0, 0] }, coloured: {}, wild: {} } }));
    const r = run('simulate', '--games', '2', '--seed', '1', '--rules', file, '--workers', '1');
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^uno-extreme simulate: deck: 8 cards cannot deal 7 to 4 players and start a discard pile\n$/);
  });

  it('a press log with a press of 10^7 cards is refused with its line', () => {
    expect(() => parsePressLog('{"cards": 2}\n{"cards": 10000000}\n', 'm.jsonl')).toThrow(/m\.jsonl:2: "cards" must be a whole number from 0 to 60/);
    expect(() => parsePressLog('cards\n1\n1000000000\n', 'c.csv')).toThrow(/c\.csv:3: expected a card count \(a whole number from 0 to 60\)/);
  });

  it('an edited play.launcher (motor time 1e12, a negative count, an all-zero generator) is refused', () => {
    const good = playSave();
    expect(parsePlaySave(good, 's.json').meta.launcher).not.toBeNull();
    const cases: Array<[(s: Save) => void, RegExp]> = [
      [(s) => (s.play.launcher.motorMs = 1e12), /play\.launcher\.motorMs must be the motor time on the batteries, 0 to \d+ ms/],
      [(s) => (s.play.launcher.presses = -3), /play\.launcher\.presses must be a whole number from 0 to 1000000000/],
      [(s) => (s.play.launcher.sinceBurst = 1.5), /play\.launcher\.sinceBurst must be a whole number/],
      [(s) => (s.play.launcher.rng = [0, 0, 0, 0]), /play\.launcher\.rng is all zeros/],
      [(s) => (s.play.launcher.jammed = 'yes'), /play\.launcher\.jammed must be true or false/],
      [(s) => (s.play.launcher.motorMS = 5), /play\.launcher\.motorMS is not known: unknown field "motorMS": did you mean motorMs\?/],
      [(s) => (s.play.bots = ['heuristic', 'random', 'random', 'random']), /play\.bots must list heuristic, random, ismcts or first \(1 to 3 of them\)/],
      [(s) => (s.play.bots = ['genius']), /play\.bots must list heuristic, random, ismcts or first/],
      [(s) => (s.play.budget = { playouts: 0 }), /play\.budget must be \{ "playouts": N \}, \{ "steps": N \} or \{ "ms": N \} with N a whole number from 1 to 1000000/],
      [(s) => (s.play.budget = { steps: 2.5 }), /play\.budget must be/],
      [(s) => (s.play.budget = { playouts: 5, ms: 3 }), /play\.budget must be/],
      [(s) => (s.play.budget = '300'), /play\.budget must be/],
    ];
    for (const [change, message] of cases) expect(() => parsePlaySave(edit<Save>(good, change), 's.json')).toThrow(message);
  });

  it('nesting 3 million levels deep is refused, not a stack overflow, in every format', () => {
    const text = deep(3_000_000);
    expect(() => parseSave(text, 's.json')).toThrow('save file s.json is nested more than 32 levels deep: no valid file is');
    expect(() => parseProfileText(text, 'p.json')).toThrow('p.json: (file): is nested more than 32 levels deep');
    expect(() => parseRulesText(text, 'r.json')).toThrow('r.json: is nested more than 32 levels deep');
    expect(() => parsePressLog(`{"cards": 1, "x": ${deep(100_000)}}`, 'l.jsonl')).toThrow('l.jsonl:1: not valid JSON');
    // Deep inside a valid save: the moves of a round.
    const inSave = edit<Save>(playSave(), (s) => ((s.rounds as unknown[][])[0].push(JSON.parse(deep(40)))));
    expect(() => parsePlaySave(inSave, 's.json')).toThrow(/nested more than 32 levels deep/);
  });
});

describe('typos are refused with the nearest name', () => {
  it('in a profile: resetOnLidcycle, fire.hazrd, a top-level mechanic', () => {
    const cases: Array<[(p: Profile) => void, string]> = [
      [(p) => ((p as Record<string, unknown>).resetOnLidcycle = true), 'p.json: resetOnLidcycle: unknown field "resetOnLidcycle": did you mean resetOnLidCycle?'],
      [(p) => (p.fire.hazrd = [0.5]), 'p.json: fire.hazrd: unknown field "hazrd": did you mean hazard?'],
      [(p) => ((p as Record<string, unknown>).mechanic = {}), 'p.json: mechanic: unknown field "mechanic": did you mean mechanics?'],
      [(p) => (p.mechanics.feedrate = 3), 'p.json: mechanics.feedrate: unknown field "feedrate": did you mean feedRate?'],
      [(p) => (p.burst.wieghts = {}), 'p.json: burst.wieghts: unknown field "wieghts": did you mean weights?'],
    ];
    for (const [change, message] of cases) expect(() => parseProfileText(edit<Profile>(PROFILE, change), 'p.json')).toThrow(message);
  });

  it('in a rules file and in a save', () => {
    expect(() => parseRulesText(edit<Record<string, unknown>>(RULES, (r) => (r.optons = {})), 'r.json')).toThrow('r.json: optons: unknown field "optons": did you mean options?');
    expect(() => parseRulesText(edit<Record<string, Record<string, unknown>>>(RULES, (r) => (r.options.stackng = true)), 'r.json')).toThrow('did you mean stacking?');
    expect(() => parseRulesText(edit<Record<string, Record<string, unknown>>>(RULES, (r) => (r.deck.colored = {})), 'r.json')).toThrow('r.json: deck.colored: unknown field "colored": did you mean coloured?');
    expect(() => parseSave(edit<Save>(playSave(), (s) => (s.hsh = 'x')), 's.json')).toThrow('save file s.json: hsh: unknown field "hsh": did you mean hash?');
    expect(() => parseSave(edit<Save>(playSave(), (s) => (s.setup.player = 3)), 's.json')).toThrow('save file s.json: setup.player: unknown field "player": did you mean players?');
    expect(() => parsePlaySave(edit<Save>(playSave(), (s) => (s.play.nmes = [])), 's.json')).toThrow(/play\.nmes is not known: .*did you mean names\?/);
  });

  it('a histogram allowing bursts of 0 cards, or whose weights overflow, is refused', () => {
    const hist = (weights: Record<string, number>) => edit<Profile>(PROFILE, (p) => (p.burst.weights = weights));
    expect(() => parseProfileText(hist({ 0: 2, 3: 1 }), 'p.json')).toThrow(/burst\.weights: key "0" is not a card count 1\.\.60 \(a press that gives no card is a press that does not fire/);
    expect(() => parseProfileText(hist({ 1: 1e308, 2: 1e308 }), 'p.json')).toThrow(/burst\.weights\.1: must be between 0 and 1000000000000/);
    const poisson0 = edit<Profile>(PROFILE, (p) => (p.burst = { law: 'poisson', min: 0, max: 5, mean: 2 }));
    expect(() => parseProfileText(poisson0, 'p.json')).toThrow(/burst\.min: must be between 1 and 60, got 0/);
  });
});

describe('names reach the terminal without control characters', () => {
  it('names from a save and --name are stripped; so are profile and rule names', () => {
    const evil = '\x1b[2J\x1b]0;pwned\x07Ana\u202e\r\n';
    expect(printable(evil)).toBe('[2J]0;pwnedAna');
    expect(seatName(` ${evil} `)).toBe('[2J]0;pwnedAna');
    const save = edit<Save>(playSave(), (s) => (s.play.names = [evil, 'Bot\x9b1', 'Bot 2']));
    expect(parsePlaySave(save, 's.json').meta.names).toEqual(['[2J]0;pwnedAna', 'Bot1', 'Bot 2']);
    expect(() => checkPlayMeta({ names: ['\x1b\x07', 'a', 'b'], me: 0, bots: ['random'], profile: 'seed-0-8', launcher: null }, 3, 's.json')).toThrow(/play\.names\[0\] must be a name of 1 to 40 printable characters/);
    expect(parseProfileText(edit<Profile>(PROFILE, (p) => ((p as Record<string, unknown>).name = 'x\x1b[31my')), 'p.json').name).toBe('x[31my');
    expect(parseRulesText(edit<Record<string, unknown>>(RULES, (r) => (r.name = 'h\x1b[0mouse')), 'r.json').name).toBe('h[0mouse');
  });
});

describe('--name follows the rule a game night\'s seat follows', () => {
  it('refuses escape codes, a name past 24 letters and a bot\'s name in one line', () => {
    for (const [name, why] of [
      ['\x1b[2JAna', 'a name has no control or formatting characters'],
      ['a'.repeat(25), 'a name fits in 24 letters (12 wide ones, such as 字 or an emoji)'],
      ['B0t 2', '"B0t 2" is a bot\'s name: pick another'],
    ]) {
      const r = run('play', '--name', name, '--seed', '1');
      expect(r.status, name).toBe(2);
      expect(r.stderr.trim().split('\n'), name).toEqual([`uno-extreme play: --name: ${why}`]);
    }
  });
});

describe('error messages quote what the user gave with its control characters shown', () => {
  it('a profile name with escape codes is told with them written out', () => {
    const r = run('launcher', '--presses', '1', '--profile', '\x1b[2J\x1b]0;x\x07evil');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('unknown profile "\\x1b[2J\\x1b]0;x\\x07evil"');
    expect(terminalText('\x1b[2J\x9b1m\u202e\r\n\t')).toBe('\\x1b[2J\\x9b1m\\u{202e}\\x0d\\x0a\\x09');
    expect(terminalLines('a\x07\nb\x1b')).toBe('a\\x07\nb\\x1b');
    expect(r.stderr).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f]/);
  });
});

describe('nonsense flags: the program says what it does with them', () => {
  it('--workers above the cores is capped with a warning; --bots with more kinds than seats is refused; --json with --csv -', () => {
    const w = run('simulate', '--games', '4', '--seed', '1', '--workers', '256', '--json');
    expect(w.status).toBe(0);
    expect(w.stderr).toMatch(/--workers 256 is more than this machine's \d+ cores, which only costs memory and time: using \d+/);
    expect(JSON.parse(w.stdout).workers).toBeLessThan(256);
    const b = run('simulate', '--games', '4', '--players', '3', '--bots', 'heuristic,random,random,heuristic');
    expect(b.status).toBe(2);
    expect(b.stderr).toBe('uno-extreme simulate: --bots lists 4 bots for 3 seats: give at most 3, or raise --players\n');
    const c = run('simulate', '--games', '3', '--seed', '1', '--workers', '1', '--json', '--csv', '-');
    expect(c.status).toBe(0);
    expect(c.stderr).toMatch(/--csv - writes the rows to standard output, so --json's summary is not printed/);
    expect(c.stdout.split('\n')[0]).toMatch(/^[a-z_,]+$/);
    expect(c.stdout.trim().split('\n')).toHaveLength(4);
  }, 3 * PROGRAM_RUN_MS);
});

describe('negative numbers get the range error every other bad value gets', () => {
  afterEach(() => vi.restoreAllMocks());
  const NEGATIVES = ['-1', '-5', '-0', '-.5', '-1e3', '-Infinity', '-NaN'];

  it('every value-taking option of every command takes a negative number as its value', () => {
    let cases = 0;
    for (const cmd of COMMANDS)
      for (const [name, o] of Object.entries(cmd.options)) {
        if (o.type !== 'string') continue;
        for (const v of NEGATIVES) {
          cases++;
          const args = parseCommandArgs(cmd, [`--${name}`, v]);
          expect(args.values[name], `${cmd.name} --${name} ${v}`).toBe(v);
          if (o.short) expect(parseCommandArgs(cmd, [`-${o.short}`, v]).values[name]).toBe(v);
        }
      }
    expect(cases).toBeGreaterThan(200);
    // Past "--" a dash-number is a positional, as Node's parser has it; a boolean takes no value.
    const merge = COMMANDS.find((c) => c.name === 'merge')!;
    expect(parseCommandArgs(merge, ['--', '--csv', '-1']).positionals).toEqual(['--csv', '-1']);
    expect(() => parseCommandArgs(merge, ['--json', '-1'])).toThrow(/Unknown option '-1'/);
  });

  it('the number options say their range in one line, exit 2', async () => {
    const lines: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((s: unknown) => void lines.push(String(s)));
    const cases: Array<[string[], RegExp]> = [
      [['simulate', '--games', '-1'], /^uno-extreme simulate: --games must be between 1 and 100000000, got -1$/],
      [['simulate', '--seed', '-5'], /^uno-extreme simulate: --seed must be between 0 and \d+, got -5$/],
      [['simulate', '--workers', '-2'], /^uno-extreme simulate: --workers must be between 1 and 256, got -2$/],
      [['simulate', '--players', '-3'], /^uno-extreme simulate: --players must be between 2 and 10, got -3$/],
      [['simulate', '--shard', '-1/2'], /^uno-extreme simulate: --shard takes K\/N/],
      [['simulate', '--replay-game', '-4'], /^uno-extreme simulate: --replay-game takes a game number/],
      [['simulate', '--bot-budget', '-300'], /^uno-extreme simulate: --bot-budget: "-300" is not a budget/],
      [['launcher', '--presses', '-3'], /^uno-extreme launcher: --presses must be between 1 and 10000000, got -3$/],
      [['launcher', '--charge', '-0.5'], /^uno-extreme launcher: --charge must be between 0 and 1, got -0.5$/],
      [['launcher', '--seats', '-1e3'], /^uno-extreme launcher: --seats must be between 2 and 10, got -1e3$/],
      [['launcher', '--cards', '-Infinity'], /^uno-extreme launcher: --cards must be a whole number, got "-Infinity"$/],
      [['web', '--port', '-1'], /^uno-extreme web: --port must be between 0 and 65535, got -1$/],
    ];
    for (const [argv, message] of cases) {
      lines.length = 0;
      expect(await main(argv), argv.join(' ')).toBe(2);
      expect(lines, argv.join(' ')).toHaveLength(1);
      expect(lines[0], argv.join(' ')).toMatch(message);
    }
  });

  it('the real program: --games -1 is one line on stderr, exit 2', () => {
    const r = run('simulate', '--games', '-1', '--seed', '-5');
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('uno-extreme simulate: --games must be between 1 and 100000000, got -1\n');
  });
});

describe("names that are JavaScript's own pick nothing", () => {
  // Every name a plain object answers to without holding it, and the same lower-cased (device kinds are).
  const OWN = Object.getOwnPropertyNames(Object.prototype);
  const NAMES = [...new Set([...OWN, ...OWN.map((n) => n.toLowerCase())])];
  const list = (table: object) => Object.keys(table).join(', ');

  it('rule sets, profiles, device kinds and bots: an error listing the real choices', () => {
    let cases = 0;
    for (const name of NAMES) {
      cases += 7;
      expect(() => ruleSet(name), name).toThrow(new RulesError(`unknown rule set "${name}": known rule sets are ${list(RULE_SETS)}`));
      expect(() => rulesFromSpec(name), name).toThrow(RulesError);
      const profile = new ProfileError('profile', `unknown profile "${name}": use one of ${list(BUILTIN_PROFILES)}, or the path of a profile JSON file`);
      expect(() => resolveProfile(name), name).toThrow(profile);
      expect(() => profileFromSpec(name), name).toThrow(profile);
      expect(() => parseDeviceSpec(`${name}:/dev/ttyACM0`), name).toThrow(UsageError);
      expect(isBotKind(name), name).toBe(false);
      expect(() => botsOption(name, 4, 'seats'), name).toThrow(`--bots: unknown bot "${name}"; use heuristic, random, ismcts or first`);
    }
    expect(cases).toBeGreaterThan(80);
    expect(() => parseDeviceSpec('constructor:/dev/ttyACM0')).toThrow(/^--device: unknown kind "constructor"; use serial:PATH .* or firmata:PATH/);
  });

  it("a rule file's base", () => {
    for (const name of NAMES) {
      const text = JSON.stringify({ name: 'house', base: name });
      expect(() => parseRulesText(text, 'r.json'), name).toThrow(`r.json: base: unknown rule set "${name}": known rule sets are ${list(RULE_SETS)}`);
    }
  });

  it('the real program says so in one line, exit 1 or 2', () => {
    const rules = run('simulate', '--games', '2', '--seed', '1', '--workers', '1', '--rules', 'constructor');
    expect(rules.status).toBe(1);
    expect(rules.stderr).toBe(`uno-extreme simulate: unknown rule set "constructor": known rule sets are ${list(RULE_SETS)}\n`);
    const device = run('launcher', '--presses', '2', '--device', 'constructor:/dev/x');
    expect(device.status).toBe(2);
    expect(device.stderr).toMatch(/^uno-extreme launcher: --device: unknown kind "constructor"; use serial:PATH .*\n$/);
  }, 2 * PROGRAM_RUN_MS); // two program starts
});

/**
 * Fuzzing the command line: seeded random flags and values (edge numbers, wrong words, devices,
 * missing paths, mutated files) for every command. Most cases run the program's `main` in this
 * process; a handful run the real program. Each must end with exit 0, 1 or 2, say nothing like
 * a stack trace or "this is a bug", and end within seconds.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMMANDS, main } from '../../cli/main.ts';
import { Rng, seedRng } from '../../lib/rng.ts';
import { PROGRAM_RUN_MS } from '../budgets.ts';
import { runFor } from '../cli-run.ts';
import { CSV_LOG, pressLog, PROFILE, RULES } from '../hardening/fixtures.ts';
import { mutants } from './mutate.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'uno-fuzz-cli-'));
const file = (name: string, text: string) => (writeFileSync(path.join(dir, name), text), path.join(dir, name));
/** Files a flag may name: valid ones, mutated ones, and what is not a file. */
const FILES = [
  file('profile.json', PROFILE), file('rules.json', RULES), file('log.jsonl', pressLog()), file('log.csv', CSV_LOG),
  ...mutants(PROFILE, 3, 'cli-profile').map((t, i) => file(`p${i}.json`, t)),
  ...mutants(RULES, 3, 'cli-rules').map((t, i) => file(`r${i}.json`, t)),
  ...mutants(pressLog(), 3, 'cli-log', true).map((t, i) => file(`l${i}.jsonl`, t)),
  '/dev/urandom', '/dev/null', '/nonexistent/x.json', dir, '', '-', path.join(dir, 'new-out.txt'),
];
/** Values for number flags: edges, and things that are not numbers. */
const NUMBERS = ['0', '1', '2', '3', '-1', '2.5', '1e3', 'abc', '', ' 4', '99999999999999999999', '0x10', '10', '11', '257', 'NaN', 'Infinity'];
const WORDS = ['random', 'heuristic', 'heuristic,random', 'random,random,random,random,random,random,random,random,random,random,random', 'genius', '', 'fast', 'machine', 'instant',
  'extreme', 'classic', 'seed-0-8', 'extreme-2010-measured,attack-1999-pattern', 'serial:', 'serial:/nonexistent/tty', 'j5:/dev/x', 'foo', '\x1b[2Jname', 'x'.repeat(300)];
/** Flags that would leave this test's bounds: a device on a pseudo-terminal, a run of many games or presses. */
const SKIP = new Set(['pty', 'help']);
const BOUNDED = new Set(['games', 'presses', 'target']);

/** Random argv for a random command, from `r`. */
function argv(r: Rng, commands = COMMANDS): string[] {
  const cmd = commands[r.int(commands.length)];
  const args = [cmd.name];
  const names = Object.keys(cmd.options).filter((k) => !SKIP.has(k));
  const n = r.int(5);
  for (let i = 0; i < n; i++) {
    const k = names[r.int(names.length)];
    const o = cmd.options[k];
    args.push(`--${k}`);
    if (o.type === 'boolean') continue;
    const isPath = /FILE|PATH/.test(o.value ?? '') && !/KIND/.test(o.value ?? '');
    const pool = BOUNDED.has(k) ? NUMBERS.filter((v) => !/^\d{3,}$|^1e3$|^Infinity$/.test(v)) : isPath ? FILES : /^N|^P$|^W$|^S$|^I$|POINTS|0\.\.1/.test(o.value ?? '') ? NUMBERS : WORDS;
    args.push(pool[r.int(pool.length)]);
  }
  if (r.chance(0.1)) args.push('--no-such-flag');
  if (r.chance(0.1)) args.push('positional');
  if (cmd.usage !== undefined && r.chance(0.5)) args.push(FILES[r.int(FILES.length)]);
  return args;
}

/** Cases run in process and spawned; UNO_FUZZ_CASES / UNO_FUZZ_SPAWNS run more, to search by hand. */
const CASES = Number(process.env.UNO_FUZZ_CASES ?? 150);
const SPAWNS = Number(process.env.UNO_FUZZ_SPAWNS ?? 6);

const BAD_OUTPUT = /^\s+at .+\(|this is a bug|Error: .*\n\s+at /m;

describe('fuzz: the command line', () => {
  let out = '';
  beforeEach(() => {
    out = '';
    const keep = (...a: unknown[]) => void (out += `${a.map(String).join(' ')}\n`);
    vi.spyOn(console, 'log').mockImplementation(keep);
    vi.spyOn(console, 'error').mockImplementation(keep);
    vi.spyOn(process.stdout, 'write').mockImplementation((s: string | Uint8Array) => ((out += String(s)), true));
    vi.spyOn(process, 'exit').mockImplementation((code) => {
      throw new Error(`process.exit(${code}) called`);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  // One test a case: a case that hangs fails alone, within the suite's default budget.
  describe(`in process: ${CASES} random command lines end in 0, 1 or 2 without a stack trace`, () => {
    const r = new Rng(seedRng('fuzz-cli'));
    // simulate runs worker threads: it is left to the spawned cases below; web serves until stopped.
    const commands = COMMANDS.filter((c) => c.name !== 'simulate' && c.name !== 'web');
    const cases = Array.from({ length: CASES }, () => argv(r, commands));
    const codes = new Map<number, number>();
    for (const [i, args] of cases.entries()) {
      it(`case ${i}: uno-extreme ${JSON.stringify(args.join(' ')).slice(1, -1).slice(0, 120)}`, async () => {
        const t0 = performance.now();
        const code = await main(args);
        const ms = performance.now() - t0;
        const shown = `case ${i}: uno-extreme ${args.join(' ')}\n${out.slice(0, 600)}`;
        expect([0, 1, 2], shown).toContain(code);
        expect(out, shown).not.toMatch(BAD_OUTPUT);
        expect(ms, shown).toBeLessThan(5000);
        codes.set(code, (codes.get(code) ?? 0) + 1);
      });
    }
    it('reaches both refusals and runs', () => {
      expect(codes.get(2) ?? 0).toBeGreaterThan(10);
      expect((codes.get(0) ?? 0) + (codes.get(1) ?? 0)).toBeGreaterThan(10);
    });
  });

  it(`the real program: ${SPAWNS} random simulate, fit and launcher runs`, () => {
    vi.restoreAllMocks();
    const r = new Rng(seedRng('fuzz-cli-spawn'));
    const commands = COMMANDS.filter((c) => ['simulate', 'fit', 'launcher'].includes(c.name));
    for (let i = 0; i < SPAWNS; i++) {
      const args = argv(r, commands);
      if (args[0] === 'simulate' && !args.includes('--games')) args.push('--games', '3');
      const t0 = performance.now();
      const p = runFor(PROGRAM_RUN_MS, ...args);
      const ms = performance.now() - t0;
      const shown = `case ${i}: uno-extreme ${args.join(' ')}\n${p.stderr.slice(0, 600)}`;
      expect([0, 1, 2], shown).toContain(p.status);
      expect(`${p.stdout}${p.stderr}`, shown).not.toMatch(BAD_OUTPUT);
      expect(ms, shown).toBeLessThan(PROGRAM_RUN_MS);
    }
  }, SPAWNS * PROGRAM_RUN_MS);
});

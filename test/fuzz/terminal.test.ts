/**
 * Fuzzing what the program prints from files: seeded random text (escape sequences, every C0 and
 * C1 control, the invisible formatting characters, raw bytes) put into each kind of file the CLI
 * reads, where it lands in a message, a table or the play screen. Nothing but a newline may reach
 * the terminal as a control character: what a file holds is shown (`\x1b`), never obeyed.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../cli/main.ts';
import { PlaySession, readPlaySave, type PlayMeta } from '../../cli/play/session.ts';
import type { Keys } from '../../cli/play/session.ts';
import { resolveProfile } from '../../emulator/profiles.ts';
import { Rng, seedRng } from '../../lib/rng.ts';
import { makePart, shardRange } from '../../sim/part.ts';
import { simulate } from '../../sim/simulate.ts';
import { CSV_LOG, playSave, pressLog, PROFILE, RULES } from '../hardening/fixtures.ts';
import { IN_PROCESS_RUN_MS } from '../budgets.ts';

/** A control or invisible character anywhere in the output, the newline aside. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/u;

/** Pieces random text is made of: what an attacker would write, and every single control character. */
const PIECES = [
  '\x1b[2J', '\x1b]0;pwned\x07', '\x1b]8;;http://x\x1b\\', '\x1b[31m', '\x1bc', '\x9b1;31m', '\r', '\t', '\b', '\u202e', '\u200b', '\ufeff', '\u2028',
  ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)), '\x7f', ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(0x80 + i)),
  'a', 'Z', '7', ' ', ',', '"', '\\', '{', '}', 'é', '€',
];

/** Random text of up to `max` pieces. */
function randomText(r: Rng, max = 12): string {
  let s = '';
  for (let n = 1 + r.int(max); n > 0; n--) s += PIECES[r.int(PIECES.length)];
  return s;
}

/** Fields of free text, which a reader keeps and a table or a screen may print (and a part's first CSV row, after its game). */
const FREE_TEXT = /"(name|source|description|profiles|rules|names|events)":\[?"|"rows":\["\d+,/g;

/**
 * A file's text with random text spliced in: into a free-text field or any string value (kept
 * valid JSON), or anywhere.
 */
function spliced(r: Rng, text: string): string {
  const free = [...text.matchAll(FREE_TEXT)].map((m) => m.index + m[0].length - 1);
  const quotes = r.chance(0.5) && free.length ? free : [...text.matchAll(/"/g)].map((m) => m.index);
  if (quotes.length && r.chance(0.6)) {
    // Inside a JSON string: escaped as JSON escapes it, so the file still parses and the text reaches what reads it.
    const at = quotes[r.int(quotes.length)] + 1;
    return `${text.slice(0, at)}${JSON.stringify(randomText(r)).slice(1, -1)}${text.slice(at)}`;
  }
  const at = r.int(text.length + 1);
  return `${text.slice(0, at)}${randomText(r)}${text.slice(at)}`;
}

const dir = mkdtempSync(path.join(tmpdir(), 'uno-fuzz-term-'));
let serial = 0;
/** Writes text (or raw bytes) to a new file, returning its path. */
function file(ext: string, body: string | Buffer): string {
  const p = path.join(dir, `f${serial++}.${ext}`);
  writeFileSync(p, body);
  return p;
}

/** A real part of 6 games with its rows, to splice text into. */
async function partText(): Promise<string> {
  const s = { games: 6, players: 3, rules: 'extreme', profiles: ['seed-0-8'], seed: 2, fidelity: 'fast' as const, match: false, bots: ['heuristic' as const], csv: true };
  const rows: string[] = [];
  const r = await simulate(s, 1, { rows: (x) => rows.push(...x) }, shardRange(6, 0, 1));
  return JSON.stringify(makePart(r, 0, 1, rows));
}

/** Cases per printing path; UNO_FUZZ_CASES runs more, to search by hand. */
const CASES = Number(process.env.UNO_FUZZ_CASES ?? 30);

describe('fuzz: text from files reaches the terminal shown, never obeyed', () => {
  let out = '';
  beforeEach(() => {
    out = '';
    const keep = (...a: unknown[]) => void (out += `${a.map(String).join(' ')}\n`);
    vi.spyOn(console, 'log').mockImplementation(keep);
    vi.spyOn(console, 'error').mockImplementation(keep);
    vi.spyOn(process.stdout, 'write').mockImplementation((s: string | Uint8Array) => ((out += String(s)), true));
    vi.spyOn(process.stderr, 'write').mockImplementation((s: string | Uint8Array) => ((out += String(s)), true));
  });
  afterEach(() => vi.restoreAllMocks());

  /** Runs `main` on argv; the output must hold no control character but the newline. */
  async function printsClean(argv: string[], what: string): Promise<number> {
    out = '';
    const code = await main(argv);
    const at = CONTROL.exec(out);
    expect.soft(at, `${what}: uno-extreme ${argv.join(' ')}\n${JSON.stringify(out.slice(Math.max(0, (at?.index ?? 0) - 80), (at?.index ?? 0) + 80))}`).toBeNull();
    expect([0, 1, 2], `${what}: ${out.slice(0, 300)}`).toContain(code);
    return code;
  }

  it(`messages and tables from profiles, rule files, press logs, parts and positions: ${CASES} cases each`, async () => {
    const r = new Rng(seedRng('fuzz-terminal'));
    const part = await partText();
    const codes = new Map<string, number[]>();
    const tally = (what: string, code: number) => codes.set(what, [...(codes.get(what) ?? []), code]);
    // play reads keys: told it has a terminal, it gets as far as the position and stops at --bots.
    const tty = (v: boolean | undefined) => {
      Object.defineProperty(process.stdin, 'isTTY', { value: v, configurable: true });
      Object.defineProperty(process.stdout, 'isTTY', { value: v, configurable: true });
    };
    const wasTty = [process.stdin.isTTY, process.stdout.isTTY];
    try {
      for (let i = 0; i < CASES; i++) {
        const raw = () => Buffer.from(Array.from({ length: 1 + r.int(200) }, () => r.int(256)));
        tally('profile', await printsClean(['launcher', '--presses', '3', '--seed', '1', '--profile', file('json', r.chance(0.2) ? raw() : spliced(r, PROFILE))], 'profile'));
        tally('rules', await printsClean(['simulate', '--replay-game', '0', '--seed', '1', '--rules', file('json', r.chance(0.2) ? raw() : spliced(r, RULES))], 'rules'));
        tally('log', await printsClean(['fit', '--log', file(r.chance(0.5) ? 'jsonl' : 'csv', r.chance(0.2) ? raw() : spliced(r, r.chance(0.5) ? pressLog() : CSV_LOG))], 'log'));
        const partArgs = ['merge', file('json', r.chance(0.1) ? raw() : spliced(r, part))];
        tally('part', await printsClean(r.chance(0.3) ? [...partArgs, '--csv', '-'] : partArgs, 'part'));
        tty(true);
        const position = spliced(r, 'rules extreme | hands R5 R7 / G2 B3 | discard R1 | supply *');
        tally('position', await printsClean(['play', '--position', position, '--bots', 'genius'], 'position'));
        tally('save', await printsClean(['play', '--resume', file('json', r.chance(0.2) ? raw() : spliced(r, playSave())), '--device', 'serial:/nonexistent/tty'], 'save'));
        tty(undefined);
      }
    } finally {
      Object.defineProperty(process.stdin, 'isTTY', { value: wasTty[0], configurable: true });
      Object.defineProperty(process.stdout, 'isTTY', { value: wasTty[1], configurable: true });
    }
    // Each path both refused files and, with the text inside a string, read some: the text went on
    // to be printed. (A part naming its rules or profiles with a control character is refused by its
    // reader, sim/part-check.ts, so the part path is mostly refusals.)
    for (const what of ['profile', 'rules', 'log']) {
      expect(codes.get(what)!.filter((c) => c !== 0).length, what).toBeGreaterThan(0);
      expect(codes.get(what)!.filter((c) => c === 0).length, what).toBeGreaterThan(0);
    }
  }, 6 * CASES * IN_PROCESS_RUN_MS); // 180 in-process runs (6 paths × 30), each reading a file, some a launcher session, a replayed game or a fit

  it(`the play screen: a save's events and names (${CASES} saves)`, async () => {
    const r = new Rng(seedRng('fuzz-terminal-play'));
    const text = playSave();
    for (let i = 0; i < CASES; i++) {
      const save = JSON.parse(text) as { play: PlayMeta };
      // The events are outside the save's hash: anything in them reaches the screen as it is.
      save.play.events = [...Array.from({ length: 1 + r.int(6) }, () => randomText(r, 30)), '\x1b]0;pwned\x07the end'];
      save.play.names = save.play.names.map((n) => (r.chance(0.5) ? `${n}${randomText(r, 3)}` : n));
      const f = file('json', JSON.stringify(save));
      const saved = readPlaySave(f);
      const frames: string[] = [];
      const quit: Keys = { next: async () => 'q', takeQuit: () => false };
      const session = new PlaySession({
        match: saved.match, meta: saved.meta as PlayMeta, profile: resolveProfile('seed-0-8'), pace: 'instant', keys: quit, savePath: f, colour: false,
        out: (t) => void frames.push(t),
      });
      expect(await session.run()).toBe('saved');
      expect(frames.length).toBeGreaterThan(0);
      for (const frame of frames) {
        // The screen's own "home, clear" starts each frame; nothing from the file may add another.
        const body = frame.replace(/^\x1b\[H\x1b\[2J/, '');
        expect.soft(CONTROL.exec(body), `case ${i}: ${JSON.stringify(body)}`).toBeNull();
      }
      // And what was there is shown, escaped.
      expect(frames.some((f) => f.includes('• \\x1b]0;pwned\\x07the end'))).toBe(true);
    }
  });
});

/**
 * System tools some tests truly need (socat for real pseudo-terminals, tmux for the terminal
 * game, the AVR toolchain to rebuild the firmware, chromium for the page). On a machine without
 * one, its tests are skipped with one line saying what to install; under CI (`CI` set, as
 * `.ci/run` runs) a missing tool fails the test file instead, so CI never passes by skipping.
 * Use: `describe.runIf(needs('socat'))('…', …)` (the one way a test skips), or `needs('tool', 'how to install it')` for a
 * tool {@link INSTALL} does not list. A file the tests fetch rather than install (the real
 * StandardFirmata) goes through the same call: `needs('standard-firmata')` ({@link FETCHED}).
 */
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';
import { FETCH_HOW, STANDARD_FIRMATA_HEX } from '../firmware-bridge/firmata/standard-firmata.ts';

/** Whether `tool` is an executable file in one of PATH's folders (or an absolute path to one). */
export function hasTool(tool: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const candidates = path.isAbsolute(tool) ? [tool] : (env.PATH ?? '').split(path.delimiter).filter(Boolean).map((d) => path.join(d, tool));
  return candidates.some((f) => {
    try {
      accessSync(f, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** `CI` is set to something other than empty, `0` or `false`. */
export function inCi(env: NodeJS.ProcessEnv = process.env): boolean {
  const v = env.CI;
  return v !== undefined && v !== '' && v !== '0' && v.toLowerCase() !== 'false';
}

/**
 * Where the browser tests find Chromium: Debian's headless shell, unless UNO_EXTREME_CHROMIUM
 * names another build (`/usr/bin/chromium` works too). The shell is Chromium's own engine without
 * the desktop browser around it, which the tests never show and whose work would be most of the
 * suite's.
 */
export const CHROMIUM = process.env.UNO_EXTREME_CHROMIUM ?? '/usr/bin/chromium-headless-shell';

/** Tools the tests run from a path of their own rather than from PATH. */
const AT: Record<string, string> = { chromium: CHROMIUM };

/** How to install the tools the tests use (Debian, as `.ci/run` does). */
export const INSTALL: Record<string, string> = {
  socat: 'apt-get install socat',
  tmux: 'apt-get install tmux',
  'avr-gcc': 'apt-get install gcc-avr avr-libc arduino-core-avr arduino-mk',
  chromium: 'apt-get install chromium-headless-shell',
  simavr: 'apt-get install simavr libsimavr-dev gcc',
};

/** Files some tests need that a script fetches (`.ci/run` runs it): where each lands, and the script. */
export const FETCHED: Record<string, { file: string; fetch: string }> = {
  'standard-firmata': { file: STANDARD_FIRMATA_HEX, fetch: FETCH_HOW },
  // The room bench's peer, a devDependency: an install without them (`--omit=dev`) has none.
  'boardgame.io': { file: path.resolve(import.meta.dirname, '../node_modules/boardgame.io/package.json'), fetch: 'npm install' },
};

/** Thrown when CI lacks a tool its tests need. */
export class MissingToolError extends Error {
  override name = 'MissingToolError';
}

const told = new Set<string>();

/**
 * Whether the tests that need `tool` run here: true when it is installed. When it is missing,
 * false after one line on stderr (`skipped: the tests that need socat, which is not installed (apt-get install socat)`), or under CI
 * a {@link MissingToolError} with the same advice.
 */
export function needs(tool: string, install = INSTALL[tool] ?? FETCHED[tool]?.fetch, env: NodeJS.ProcessEnv = process.env): boolean {
  if (!install) throw new Error(`needs(${tool}): say how to install it`);
  const fetched = FETCHED[tool];
  if (fetched ? existsSync(fetched.file) : hasTool(AT[tool] ?? tool, env)) return true;
  const missing = fetched ? 'has not been fetched' : 'is not installed';
  if (inCi(env)) throw new MissingToolError(`CI runs every test, and ${tool} ${missing}: ${install}`);
  if (!told.has(tool)) {
    told.add(tool);
    process.stderr.write(`skipped: the tests that need ${tool}, which ${missing} (${install})\n`);
  }
  return false;
}

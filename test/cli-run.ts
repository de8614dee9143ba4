/** Running the `uno-extreme` program as a user does, for the tests of its commands. */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import path from 'node:path';

/** The program's entry point. */
export const BIN = path.resolve(import.meta.dirname, '../bin/uno-extreme.js');

/** Runs `uno-extreme ARGS…` to its end, no input: its status, stdout and stderr as text. */
export function run(...args: string[]): SpawnSyncReturns<string> {
  return runFor(undefined, ...args);
}

/**
 * {@link run} with the terminal's language `lang` (a POSIX locale, as LANG holds it: `fr_FR.UTF-8`,
 * `C`), the other locale variables unset; `extra` adds to the environment (`LC_ALL` to check its order).
 */
export function runIn(lang: string, args: readonly string[], extra: Readonly<Record<string, string>> = {}): SpawnSyncReturns<string> {
  const env: Record<string, string | undefined> = { ...process.env, LC_ALL: undefined, LC_MESSAGES: undefined, LANG: lang, ...extra };
  for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
  return spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env });
}

/** {@link run}, killed after `timeoutMs` (a command that talks to a device and could hang). */
export function runFor(timeoutMs: number | undefined, ...args: string[]): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs });
}

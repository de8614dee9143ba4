/**
 * The compiled firmware for tests and the virtual device: builds it with `firmware/build.sh` (once
 * per version of its sources: the script caches by hash) and reads the hex.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Path of `firmware/build.sh`. */
export const BUILD_SCRIPT = fileURLToPath(new URL('../firmware/build.sh', import.meta.url));

let cached: { path: string; hex: string } | null = null;

/**
 * Builds the firmware if its sources changed and returns the hex file's path and text. Throws with
 * the compiler's output, or with the packages to install when the toolchain is missing.
 */
export function firmwareHex(): { path: string; hex: string } {
  if (cached) return cached;
  let out: string;
  try {
    out = execFileSync('bash', [BUILD_SCRIPT], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    const err = e as { stderr?: string; message: string };
    throw new Error(`building the firmware failed (${BUILD_SCRIPT}):\n${err.stderr || err.message}`);
  }
  const path = out.trim().split('\n').pop()!;
  cached = { path, hex: readFileSync(path, 'utf8') };
  return cached;
}

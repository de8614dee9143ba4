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

/**
 * Where the firmware keeps a global variable: its data address (as the CPU addresses SRAM, e.g.
 * 0x2df) and size in bytes, from the ELF next to the hex (`avr-nm`). Throws when it has none.
 */
export function firmwareSymbol(name: string): { address: number; size: number } {
  const elf = firmwareHex().path.replace(/\.hex$/, '.elf');
  const out = execFileSync('avr-nm', ['-S', elf], { encoding: 'utf8' });
  for (const line of out.split('\n')) {
    const [addr, size, , sym] = line.trim().split(/\s+/);
    // avr-gcc puts data at 0x800000 + its address in the data space.
    if (sym === name && size !== undefined) return { address: parseInt(addr, 16) - 0x800000, size: parseInt(size, 16) };
  }
  throw new Error(`the firmware has no symbol ${name} (${elf})`);
}

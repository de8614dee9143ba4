/**
 * The compiled firmware for tests and the virtual device. The repository ships the hex and a map
 * of it (`firmware/uno_extreme_launcher.hex` and `.json`, written by `firmware/build.sh --ship`),
 * so the firmware runs on avr8js on a machine with only Node; {@link buildFirmware} compiles it
 * from the sketch where the AVR toolchain is installed (the test that the shipped hex is the
 * sketch's build uses it).
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Path of `firmware/build.sh`. */
export const BUILD_SCRIPT = fileURLToPath(new URL('../firmware/build.sh', import.meta.url));
/** The sketch's folder. */
export const SKETCH_DIR = fileURLToPath(new URL('../firmware/uno_extreme_launcher', import.meta.url));
/** The shipped hex and its map. */
export const SHIPPED_HEX = fileURLToPath(new URL('../firmware/uno_extreme_launcher.hex', import.meta.url));
const SHIPPED_MAP = fileURLToPath(new URL('../firmware/uno_extreme_launcher.json', import.meta.url));

/** What `build.sh --ship` says about the hex it ships. */
export interface FirmwareMap {
  /** sha256 of the sketch's files it was built from (see {@link sketchHash}). */
  sources: string;
  /** Bytes of RAM in each section. */
  ram: { data: number; bss: number; noinit: number };
  /** Global variables: SRAM address (as the CPU addresses it, e.g. 0x2df) and size in bytes. */
  symbols: Record<string, { address: number; size: number }>;
  /**
   * Every function in the symbol table, by its (mangled) name: flash byte address and size in bytes.
   * avr-libc's assembly helpers (`__udivmodsi4`) are not typed as functions and are not here.
   */
  code: Record<string, { address: number; size: number }>;
}

/** The files the shipped firmware is read and checked from: the hex, its map, the sketch's files. */
export function firmwareFiles(): string[] {
  return [SHIPPED_HEX, SHIPPED_MAP, ...readdirSync(SKETCH_DIR).sort().map((f) => `${SKETCH_DIR}/${f}`)];
}

/** The toolchain's Debian packages, for the messages that need it. */
export const TOOLCHAIN_PACKAGES = 'apt-get install gcc-avr avr-libc arduino-core-avr arduino-mk';

/** sha256 of the sketch: each file's name and a newline, then its bytes, in byte order of the names (as build.sh hashes it). */
export function sketchHash(): string {
  const h = createHash('sha256');
  for (const f of readdirSync(SKETCH_DIR).sort()) {
    h.update(`${f}\n`);
    h.update(readFileSync(`${SKETCH_DIR}/${f}`));
  }
  return h.digest('hex');
}

let shipped: { path: string; hex: string; map: FirmwareMap } | null = null;

function load(): { path: string; hex: string; map: FirmwareMap } {
  if (shipped) return shipped;
  const map = JSON.parse(readFileSync(SHIPPED_MAP, 'utf8')) as FirmwareMap;
  // A sketch edited without rebuilding would run old firmware in every test: say so instead.
  if (map.sources !== sketchHash()) {
    throw new Error(`the shipped firmware (${SHIPPED_HEX}) is not the build of the sketch as it is now: run firmware-bridge/firmware/build.sh --ship (${TOOLCHAIN_PACKAGES}) and commit the hex and its .json`);
  }
  shipped = { path: SHIPPED_HEX, hex: readFileSync(SHIPPED_HEX, 'utf8'), map };
  return shipped;
}

/** The shipped hex file's path and text. Throws when the sketch changed since it was built. */
export function firmwareHex(): { path: string; hex: string } {
  const { path, hex } = load();
  return { path, hex };
}

/** The shipped hex's map (RAM use, symbols). */
export function firmwareMap(): FirmwareMap {
  return load().map;
}

/** Where the firmware keeps a global variable (see {@link FirmwareMap.symbols}). Throws when it has none. */
export function firmwareSymbol(name: string): { address: number; size: number } {
  const s = firmwareMap().symbols[name];
  if (!s) throw new Error(`the firmware has no symbol ${name} (${SHIPPED_MAP})`);
  return s;
}

/** Where a function's code is in flash (see {@link FirmwareMap.code}). Throws when the firmware has none of that name. */
export function firmwareFunction(name: string): { address: number; size: number } {
  const f = firmwareMap().code[name];
  if (!f) throw new Error(`the firmware has no function ${name} (${SHIPPED_MAP}): a renamed function, or a build.sh --ship that was not run`);
  return f;
}

/**
 * Compiles the sketch with `build.sh` (once per version of its sources and compiler: the script
 * caches by hash) and returns the hex file's path and text. Throws with the compiler's output, or
 * with the packages to install when the toolchain is missing.
 */
export function buildFirmware(): { path: string; hex: string } {
  let out: string;
  try {
    out = execFileSync('bash', [BUILD_SCRIPT], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    const err = e as { stderr?: string; message: string };
    throw new Error(`building the firmware failed (${BUILD_SCRIPT}):\n${err.stderr || err.message}`);
  }
  const path = out.trim().split('\n').pop()!;
  return { path, hex: readFileSync(path, 'utf8') };
}

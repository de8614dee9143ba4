/**
 * The shipped firmware (firmware/uno_extreme_launcher.hex and its .json) is the sketch's build:
 * checked by hash everywhere, and byte for byte by a rebuild where the AVR toolchain is installed.
 * The build goes into a git-ignored cached folder, and fits the board.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILD_SCRIPT, buildFirmware, firmwareHex, firmwareMap, SHIPPED_HEX, sketchHash } from '../../firmware-bridge/avr/firmware.ts';
import { loadHex } from '../../firmware-bridge/avr/hex.ts';
import { REFERENCE_PINS } from '../../firmware-bridge/avr/rig.ts';
import { FIRMWARE_BUILD_MS } from '../budgets.ts';
import { needs } from '../tools.ts';

const ROOT = join(dirname(BUILD_SCRIPT), '..', '..');

describe('the shipped firmware', () => {
  it('was built from the sketch as it is (its map names the sources\' hash)', () => {
    expect(firmwareMap().sources).toBe(sketchHash());
    expect(firmwareHex().path).toBe(SHIPPED_HEX);
    // Committed, not ignored: a fresh clone has it.
    expect(() => execFileSync('git', ['ls-files', '--error-unmatch', relative(ROOT, SHIPPED_HEX)], { cwd: ROOT, stdio: 'ignore' })).not.toThrow();
  });

  it('fits below where an old 2 KB bootloader would be, and leaves most of the RAM to the stack', () => {
    const flash = loadHex(firmwareHex().hex);
    let used = flash.length;
    while (used > 0 && flash[used - 1] === 0xff) used--;
    // The firmware takes anything in 0x7800..0x7DFF for the old Nano bootloader (watchdog.cpp):
    // its own code must end below.
    expect(used).toBeLessThan(0x7800);
    const { data, bss, noinit } = firmwareMap().ram;
    expect(data + bss + noinit).toBeLessThan(1024);
  });

  it('config.h and the rig agree on the reference build\'s pins', () => {
    const config = readFileSync(join(dirname(BUILD_SCRIPT), 'uno_extreme_launcher', 'config.h'), 'utf8');
    const pin = (name: string) => {
      const v = new RegExp(`^#define ${name} (A?\\d+)`, 'm').exec(config)?.[1];
      return v?.startsWith('A') ? Number(v.slice(1)) : Number(v);
    };
    expect({
      button: pin('PIN_BUTTON'), lid: pin('PIN_LID'), beam: pin('PIN_BEAM'), piezo: pin('PIN_PIEZO'),
      servo: pin('PIN_SERVO'), motorPwm: pin('PIN_MOTOR_PWM'), motorDirA: pin('PIN_MOTOR_DIR_A'),
      motorDirB: pin('PIN_MOTOR_DIR_B'), batteryChannel: pin('PIN_BATTERY'),
    }).toEqual(REFERENCE_PINS);
  });
});

describe.runIf(needs('avr-gcc'))('building the firmware from source', () => {
  it('gives the shipped hex byte for byte, and the same symbols and RAM use', () => {
    const built = buildFirmware();
    expect(built.hex).toBe(firmwareHex().hex);
    const elf = built.path.replace(/\.hex$/, '.elf');
    const nm = execFileSync('avr-nm', ['-S', elf], { encoding: 'utf8' });
    const symbols: Record<string, { address: number; size: number }> = {};
    for (const line of nm.split('\n')) {
      const [addr, size, type, name] = line.trim().split(/\s+/);
      // avr-gcc puts data at 0x800000 + its address in the data space.
      if (name && /^[bBdD]$/.test(type)) symbols[name] = { address: parseInt(addr, 16) - 0x800000, size: parseInt(size, 16) };
    }
    expect(firmwareMap().symbols).toEqual(symbols);
    // Functions by name: two of one name (static functions in two files) would leave one unmapped.
    const elfFunctions = execFileSync('avr-readelf', ['-sW', elf], { encoding: 'utf8' }).split('\n')
      .map((line) => line.trim().split(/\s+/))
      .filter(([, , size, type]) => type === 'FUNC' && Number(size) > 0)
      .map(([, addr, size, , , , , name]) => [name, { address: parseInt(addr, 16), size: Number(size) }] as const);
    expect(new Set(elfFunctions.map(([name]) => name)).size).toBe(elfFunctions.length);
    expect(firmwareMap().code).toEqual(Object.fromEntries(elfFunctions));
    const sizes = execFileSync('avr-size', ['-A', elf], { encoding: 'utf8' });
    const section = (name: string) => Number(new RegExp(`^\\.${name}\\s+(\\d+)`, 'm').exec(sizes)?.[1] ?? NaN);
    expect(firmwareMap().ram).toEqual({ data: section('data'), bss: section('bss'), noinit: section('noinit') });
  }, FIRMWARE_BUILD_MS);

  it('builds once into an ignored build-<hash> folder; a second run reuses it', () => {
    const { path } = buildFirmware();
    expect(relative(ROOT, path)).toMatch(/^firmware-bridge\/firmware\/build-[0-9a-f]{12}\/uno_extreme_launcher\.hex$/);
    expect(() => execFileSync('git', ['check-ignore', '-q', path], { cwd: ROOT })).not.toThrow();
    const again = execFileSync('bash', [BUILD_SCRIPT], { encoding: 'utf8' }).trim();
    expect(again).toBe(path);
    // Run alone, this test builds first.
  }, FIRMWARE_BUILD_MS);
});

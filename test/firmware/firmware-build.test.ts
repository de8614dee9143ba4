/** The firmware builds with the Debian toolchain, into a git-ignored cached folder, and fits the board. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILD_SCRIPT, firmwareHex } from '../../firmware-bridge/avr/firmware.ts';
import { loadHex } from '../../firmware-bridge/avr/hex.ts';
import { REFERENCE_PINS } from '../../firmware-bridge/avr/rig.ts';

const ROOT = join(dirname(BUILD_SCRIPT), '..', '..');

describe('firmware build', () => {
  it('builds once into an ignored build-<hash> folder; a second run reuses it', () => {
    const { path } = firmwareHex();
    expect(relative(ROOT, path)).toMatch(/^firmware-bridge\/firmware\/build-[0-9a-f]{12}\/uno_extreme_launcher\.hex$/);
    expect(() => execFileSync('git', ['check-ignore', '-q', path], { cwd: ROOT })).not.toThrow();
    const again = execFileSync('bash', [BUILD_SCRIPT], { encoding: 'utf8' }).trim();
    expect(again).toBe(path);
  }, 60_000);

  it('fits an Uno with its 512-byte bootloader, and leaves most of the RAM to the stack', () => {
    const { path, hex } = firmwareHex();
    const flash = loadHex(hex);
    let used = flash.length;
    while (used > 0 && flash[used - 1] === 0) used--;
    expect(used).toBeLessThan(32256);
    const size = execFileSync('avr-size', ['-A', path.replace(/\.hex$/, '.elf')], { encoding: 'utf8' });
    const section = (name: string) => Number(new RegExp(`^\\${name}\\s+(\\d+)`, 'm').exec(size)?.[1] ?? NaN);
    const ram = section('.data') + section('.bss');
    expect(ram).toBeLessThan(1024);
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

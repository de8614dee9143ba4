/**
 * The lid interlock on simavr, Debian's ATmega328P emulator, which this project did not write: the
 * shipped hex, the lid opened before each instruction of the buzzer's start and stop paths during
 * a FWD at duty 255 (simavr/lid-sweep.c, compiled here against libsimavr). The regression of issue
 * 41 (buzzerStop's read-modify-write of PORTB undoing the lid's cut) was found on simavr first; the
 * avr8js sweep (firmware-lid-sweep.test.ts) goes further, on the emulator the rest of the tests use.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { firmwareFunction, firmwareHex } from '../../firmware-bridge/avr/firmware.ts';
import { loadHex } from '../../firmware-bridge/avr/hex.ts';
import { instructionAddresses } from '../../firmware-bridge/avr/instructions.ts';
import { needs } from '../tools.ts';

const SOURCE = fileURLToPath(new URL('./simavr/lid-sweep.c', import.meta.url));

describe.runIf(needs('simavr'))('the lid interlock on simavr', () => {
  it('the lid opened before each instruction of buzzerStart and buzzerStop: the driver\'s pins low 100 µs on, and 2 ms on', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'uno-simavr-'));
    try {
      const exe = path.join(dir, 'lid-sweep');
      execFileSync('gcc', ['-O2', '-Wall', '-o', exe, SOURCE, '-lsimavr'], { stdio: ['ignore', 'ignore', 'pipe'] });
      const flash = loadHex(firmwareHex().hex);
      const of = (name: string) => {
        const { address, size } = firmwareFunction(name);
        return instructionAddresses(flash, address, size);
      };
      const stop = of('_Z10buzzerStopv');
      const all = [...stop, ...of('_Z11buzzerStartjj')];
      const out = execFileSync(exe, [firmwareHex().path, ...all.map((a) => a.toString(16))], { encoding: 'utf8' });
      const lines = new Map(out.trim().split('\n').map((l) => {
        const [at, ...rest] = l.split(' ');
        return [parseInt(at, 16), rest.join(' ')] as const;
      }));
      expect(lines.size).toBe(all.length);
      const reached = all.filter((a) => lines.get(a)!.startsWith('reached'));
      // Pins as PORTB's driver bits, at 100 µs and at 2 ms: 00 00 is cut and kept cut.
      expect(reached.filter((a) => lines.get(a) !== 'reached 00 00').map((a) => `0x${a.toString(16)}: ${lines.get(a)}`)).toEqual([]);
      // One TONE reaches all of buzzerStop and buzzerStart but its other pitches' and silence's branches.
      expect(stop.every((a) => reached.includes(a))).toBe(true);
      expect(reached.length).toBeGreaterThan(0.9 * all.length);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

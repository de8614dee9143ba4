/** Where each AVR instruction begins: the decoder the lid sweep stops the CPU with. */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { buildFirmware, firmwareHex, firmwareMap } from '../../firmware-bridge/avr/firmware.ts';
import { loadHex } from '../../firmware-bridge/avr/hex.ts';
import { instructionAddresses, instructionWords } from '../../firmware-bridge/avr/instructions.ts';
import { FIRMWARE_BUILD_MS } from '../budgets.ts';
import { needs } from '../tools.ts';

describe('instructionWords', () => {
  it('counts LDS, STS, JMP and CALL as two words, everything else as one', () => {
    // lds r24, 0x01E8; sts 0x01E4, r1; jmp; call; then ld r24, Z; rjmp .-2; ret; in r18, SREG.
    expect([0x9180, 0x9210, 0x940c, 0x940e, 0x8180, 0xcfff, 0x9508, 0xb72f].map(instructionWords)).toEqual([2, 2, 2, 2, 1, 1, 1, 1]);
  });

  it('ends every function of the shipped firmware on its last instruction\'s end', () => {
    const flash = loadHex(firmwareHex().hex);
    for (const { address, size } of Object.values(firmwareMap().code)) {
      expect(() => instructionAddresses(flash, address, size)).not.toThrow();
    }
    expect(() => instructionAddresses(Uint8Array.of(0x80, 0x91, 0xe8, 0x01), 0, 2)).toThrow(/does not end on an instruction/);
  });
});

describe.runIf(needs('avr-gcc'))('instructionAddresses against avr-objdump', () => {
  it('gives the addresses the disassembler lists, for every function', () => {
    const elf = buildFirmware().path.replace(/\.hex$/, '.elf');
    const listed = new Set<number>();
    for (const line of execFileSync('avr-objdump', ['-d', elf], { encoding: 'utf8', maxBuffer: 1 << 26 }).split('\n')) {
      const m = /^\s+([0-9a-f]+):\t/.exec(line);
      if (m) listed.add(parseInt(m[1], 16));
    }
    const flash = loadHex(firmwareHex().hex);
    for (const [name, { address, size }] of Object.entries(firmwareMap().code)) {
      const ours = instructionAddresses(flash, address, size);
      const theirs = [...listed].filter((a) => a >= address && a < address + size).sort((a, b) => a - b);
      expect(ours, name).toEqual(theirs);
    }
  }, FIRMWARE_BUILD_MS);
});

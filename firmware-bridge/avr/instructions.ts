/**
 * Where the AVR instructions of a piece of flash begin: what a test needs to stop the emulated CPU
 * before each instruction of a function (UnoBoard.runTo) and make something happen there.
 */

/**
 * Words in the instruction whose first word is `op`: 2 for the ATmega328P's 32-bit instructions
 * (LDS, STS, JMP, CALL: their second word is an address), else 1.
 */
export function instructionWords(op: number): 1 | 2 {
  const lds = (op & 0xfe0f) === 0x9000;
  const sts = (op & 0xfe0f) === 0x9200;
  const jmpOrCall = (op & 0xfe0c) === 0x940c;
  return lds || sts || jmpOrCall ? 2 : 1;
}

/**
 * The flash byte address of each instruction in `size` bytes of code from `start` (a function, as
 * the firmware's map gives it), in order. Throws when the range does not end on an instruction's
 * end: it is not a function's code.
 */
export function instructionAddresses(flash: Uint8Array, start: number, size: number): number[] {
  const out: number[] = [];
  let at = start;
  while (at < start + size) {
    out.push(at);
    at += 2 * instructionWords(flash[at] | (flash[at + 1] << 8));
  }
  if (at !== start + size) throw new RangeError(`0x${start.toString(16)}+${size} does not end on an instruction: not a function's code`);
  return out;
}

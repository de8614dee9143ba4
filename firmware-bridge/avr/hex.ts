/**
 * Intel HEX, as avr-objcopy writes it, into an AVR's flash image. avr8js runs flash words; it has no
 * loader of its own.
 */

/**
 * Reads an Intel HEX text into a flash image of `flashBytes` (32 KiB on an ATmega328P). What the
 * file does not write reads 0xFF, as erased flash does (and simavr's): the firmware reads the flash
 * where an old bootloader would be, and finds none on a board flashed with this hex alone.
 */
export function loadHex(text: string, flashBytes = 0x8000): Uint8Array {
  const flash = new Uint8Array(flashBytes).fill(0xff);
  let base = 0;
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '') continue;
    const where = `line ${i + 1} of the hex file`;
    if (!/^:([0-9A-Fa-f]{2})+$/.test(line)) throw new Error(`${where} is not an Intel HEX record: rebuild with firmware-bridge/firmware/build.sh`);
    // Pairs of hex digits (checked above), without Buffer: the board runs in a browser worker too.
    const bytes = Uint8Array.from(line.slice(1).match(/../g)!, (h) => parseInt(h, 16));
    const [count, hi, lo, type] = bytes;
    if (bytes.length !== count + 5) throw new Error(`${where}: record length ${count} does not match its ${bytes.length - 5} data bytes`);
    if (bytes.reduce((a, b) => (a + b) & 0xff, 0) !== 0) throw new Error(`${where}: bad record checksum (a damaged file)`);
    const data = bytes.subarray(4, 4 + count);
    if (type === 0x00) {
      const at = base + ((hi << 8) | lo);
      if (at + count > flashBytes) throw new Error(`${where}: data at 0x${at.toString(16)} is past the ${flashBytes}-byte flash`);
      flash.set(data, at);
    } else if (type === 0x01) {
      break;
    } else if (type === 0x02) {
      base = ((data[0] << 8) | data[1]) * 16;
    } else if (type === 0x04) {
      base = ((data[0] << 8) | data[1]) * 65536;
    }
    // Types 03 and 05 (start addresses) do not matter on an AVR: it starts at 0.
  }
  return flash;
}

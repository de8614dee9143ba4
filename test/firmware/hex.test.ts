/** The Intel HEX loader that feeds avr8js. */
import { describe, expect, it } from 'vitest';
import { loadHex } from '../../firmware-bridge/avr/hex.ts';

describe('loadHex', () => {
  it('places data records at their addresses, with extended segment and linear bases', () => {
    const hex = [
      ':0400100001020304E2', // 4 bytes at 0x0010
      ':020000021000EC', // segment base 0x1000 * 16 = 0x10000: past a 32 KiB flash, so use a larger one
      ':02000000AABB99',
      ':00000001FF',
    ].join('\n');
    const flash = loadHex(hex, 0x20000);
    expect([...flash.subarray(0x10, 0x14)]).toEqual([1, 2, 3, 4]);
    expect([...flash.subarray(0x10000, 0x10002)]).toEqual([0xaa, 0xbb]);
  });

  it('says how to fix a damaged or foreign file', () => {
    expect(() => loadHex(':0400100001020304E3')).toThrow(/bad record checksum/);
    expect(() => loadHex('hello')).toThrow(/not an Intel HEX record: rebuild/);
    expect(() => loadHex(':048000000102030472')).toThrow(/past the 32768-byte flash/);
  });
});

import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listPorts, scanDev } from '../../firmware-bridge/ports.ts';
import { ptyPair } from './socat.ts';

describe('listing serial ports', () => {
  it('finds serial devices by scanning a folder (socat pseudo-terminals named like USB adapters)', async () => {
    const pair = await ptyPair(['ttyUSB0', 'ttyACM3']);
    try {
      const found = scanDev(pair.dir);
      expect(found.map((p) => p.path)).toEqual([pair.b, pair.a].sort());
      for (const p of found) expect(p.target).toMatch(/^\/dev\/pts\/\d+$/);
    } finally {
      await pair.close();
    }
  });

  it('skips what is not a character device', () => {
    expect(scanDev(import.meta.dirname)).toEqual([]);
    expect(scanDev('/no/such/folder')).toEqual([]);
  });

  it('lists without throwing where udev is missing, saying it scanned /dev', async () => {
    const r = await listPorts();
    expect(Array.isArray(r.ports)).toBe(true);
    const udev = (process.env.PATH ?? '').split(':').some((d) => existsSync(path.join(d, 'udevadm')));
    // Without udevadm the system list fails: the scan must have taken over, and said so.
    if (!udev) expect(r.note).toMatch(/udevadm.*scanned \/dev instead/);
    else expect(r.note).toBeUndefined();
  });
});

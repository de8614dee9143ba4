import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { SerialPort } from 'serialport';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listPorts, scanDev } from '../../firmware-bridge/ports.ts';
import { portsCommand } from '../../cli/ports.ts';
import { ptyPair } from './socat.ts';
import { needs } from '../tools.ts';

// Every directory read goes through, counted (the ports command must scan /dev once).
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  return { ...fs, readdirSync: vi.fn(fs.readdirSync) };
});

describe('listing serial ports', () => {
  it.runIf(needs('socat'))('finds serial devices by scanning a folder (socat pseudo-terminals named like USB adapters)', async () => {
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

  describe('`ports --all`', () => {
    afterEach(() => void vi.restoreAllMocks());

    it('where the system list fails (no udevadm): scans /dev once, and prints the usual ports, then the built-in ttyS ones (regression: it scanned /dev twice)', async () => {
      vi.spyOn(SerialPort, 'list').mockRejectedValue(new Error('spawn udevadm ENOENT'));
      const printed: string[] = [];
      vi.spyOn(console, 'log').mockImplementation((l: string) => void printed.push(l));
      const reads = vi.mocked(readdirSync);
      reads.mockClear();
      expect(await portsCommand.run({ values: { all: true, json: true }, positionals: [] })).toBe(0);
      expect(reads.mock.calls.filter(([dir]) => dir === '/dev')).toHaveLength(1);
      // The same list as before: what a plain scan finds, then the ttyS* ports it leaves out.
      const usual = scanDev('/dev');
      const builtIn = scanDev('/dev', /^ttyS\d+$/).filter((p) => !usual.some((q) => q.path === p.path));
      expect(JSON.parse(printed.join('\n'))).toEqual({
        ports: [...usual, ...builtIn],
        note: "the system's port list failed (spawn udevadm ENOENT); scanned /dev instead",
      });
    });

    it('where the system list works, --all adds what a /dev scan finds beyond it, scanning once', async () => {
      vi.spyOn(SerialPort, 'list').mockResolvedValue([{ path: '/dev/ttyACM9', manufacturer: 'Arduino (www.arduino.cc)', vendorId: '2341', productId: '0043' } as never]);
      const reads = vi.mocked(readdirSync);
      reads.mockClear();
      const r = await listPorts({ builtIn: true });
      expect(reads.mock.calls.filter(([dir]) => dir === '/dev')).toHaveLength(1);
      expect(r.note).toBeUndefined();
      expect(r.ports[0]).toEqual({ path: '/dev/ttyACM9', via: 'list', manufacturer: 'Arduino (www.arduino.cc)', vendorId: '2341', productId: '0043' });
      expect(r.ports.slice(1)).toEqual(scanDev('/dev', /^ttyS\d+$/));
    });

    it.runIf(needs('socat'))('the built-in ports come after the usual ones, though their names sort between them', async () => {
      vi.spyOn(SerialPort, 'list').mockRejectedValue(new Error('spawn udevadm ENOENT'));
      const pair = await ptyPair(['ttyUSB0', 'ttyS3']);
      try {
        expect((await listPorts({ dir: pair.dir })).ports.map((p) => p.path)).toEqual([pair.a]);
        expect((await listPorts({ dir: pair.dir, builtIn: true })).ports.map((p) => p.path)).toEqual([pair.a, pair.b]);
      } finally {
        await pair.close();
      }
    });
  });
});

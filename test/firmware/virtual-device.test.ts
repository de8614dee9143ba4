/**
 * The virtual device: a host opens its PTY with the serialport package, exactly as it would open a
 * real board, and the emulated firmware answers. Real time (the CPU is paced to the wall clock):
 * the waits are for events, with limits, never sleeps.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SerialPort } from 'serialport';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualDevice } from '../../firmware-bridge/virtual-device.ts';
import { needs } from '../tools.ts';
import { hex } from './boot.ts';

let dir: string;
let device: VirtualDevice;
const socat = needs('socat');

beforeAll(async () => {
  if (!socat) return;
  dir = mkdtempSync(join(tmpdir(), 'uno-extreme-vd-'));
  device = await VirtualDevice.start({ link: join(dir, 'tty'), hex: hex() });
});

afterAll(async () => {
  await device?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Opens the port and collects what it receives; `until` resolves when the text matches. */
async function open(path: string) {
  const port = new SerialPort({ path, baudRate: 115200 });
  let text = '';
  let waiter: (() => void) | null = null;
  port.on('data', (b: Buffer) => {
    text += b.toString('latin1');
    waiter?.();
  });
  await new Promise<void>((resolve, reject) => port.once('open', resolve).once('error', reject));
  const until = (re: RegExp, ms: number) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${re} within ${ms} ms; got ${JSON.stringify(text)}`)), ms);
      waiter = () => {
        if (!re.test(text)) return;
        clearTimeout(timer);
        waiter = null;
        resolve(text);
      };
      waiter();
    });
  const close = () => new Promise<void>((resolve) => port.close(() => resolve()));
  return { port, until, close };
}

describe.runIf(socat)('virtual device', () => {
  it('resets on open like an Uno: HELLO first, then it answers commands', async () => {
    const host = await open(device.link);
    const text = await host.until(/HELLO.*\n/, 3000);
    expect(text.startsWith('HELLO uno-extreme 1 ')).toBe(true);
    host.port.write('1 PING*F7\n');
    await host.until(/ACK 1\*58\n/, 3000);
    await host.close();
  });

  it('a second open resets the board again: a fresh HELLO, with no stale bytes', async () => {
    await device.whenListening();
    const host = await open(device.link);
    const text = await host.until(/HELLO.*\n/, 3000);
    expect(text.startsWith('HELLO uno-extreme 1 ')).toBe(true);
    device.press();
    await host.until(/BTN 1\*/, 3000);
    await host.close();
  });

  it('the reset on open is an external one, as DTR\'s: the counters and the session carry on', async () => {
    await device.whenListening();
    const host = await open(device.link);
    const text = await host.until(/HELLO.*\n/, 3000);
    // The first open found a board just powered on (sid=1); every reopen since is warm.
    expect(text).toMatch(/^HELLO uno-extreme 1 \S+ .* boot=warm cards=0 presses=1 sid=1 servo=90 wdt=reset\*[0-9A-F]{2}\n/);
    await host.close();
  });
});

import { describe, expect, it } from 'vitest';
import { openFirmata } from '../../firmware-bridge/johnny-five/open.ts';
import { DeviceError, explainOpenError } from '../../firmware-bridge/port-errors.ts';
import { ptyPair } from './socat.ts';
import { needs } from '../tools.ts';

describe('opening a Firmata board on a serial port', () => {
  it('a missing port says so and points to `uno-extreme ports`', async () => {
    await expect(openFirmata('/dev/ttyUSB-none')).rejects.toThrow(/no serial port at \/dev\/ttyUSB-none: is the board plugged in\? `uno-extreme ports`/);
  });

  it.runIf(needs('socat'))('a port where no Firmata board answers times out with a fix, and frees the port', async () => {
    const pair = await ptyPair();
    try {
      await expect(openFirmata(pair.a, { readyTimeoutMs: 1500 })).rejects.toThrow(/did not answer as a Firmata board within 1500 ms\. Upload StandardFirmata/);
      // The port was released: it opens again.
      await expect(openFirmata(pair.a, { readyTimeoutMs: 300 })).rejects.toThrow(/did not answer/);
    } finally {
      await pair.close();
    }
  });

  it('maps busy and permission errors to what to do', () => {
    const busy = explainOpenError('/dev/ttyACM0', new Error('Error Resource temporarily unavailable Cannot lock port'));
    expect(busy).toBeInstanceOf(DeviceError);
    expect(busy.kind).toBe('busy');
    expect(busy.message).toMatch(/close the Arduino IDE's serial monitor/);
    const perm = explainOpenError('/dev/ttyACM0', Object.assign(new Error('Error: Permission denied, cannot open /dev/ttyACM0'), { code: 'EACCES' }));
    expect(perm.kind).toBe('permission');
    expect(perm.message).toMatch(/usermod -aG dialout/);
  });
});

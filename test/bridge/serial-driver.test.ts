/**
 * The Node serial-port transport over real pseudo-terminals (socat) against a scripted board: the
 * handshake on a real tty, the port released after a refused open (and only then the open
 * returns), a missing or busy port. What the protocol does whatever the transport is tested on
 * the in-memory one: session.test.ts (fake timers) and serial-launcher.test.ts (with the machine).
 */
import { SerialPort } from 'serialport';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { SerialLauncher } from '../../firmware-bridge/serial/driver.ts';
import { openSerial } from '../../firmware-bridge/serial/node-port.ts';
import type { HardwareInput } from '../../emulator/hardware.ts';
import { until } from '../poll.ts';
import { boardRig } from './fake-board.ts';

const fast = { helloWaitMs: 100, handshakeMs: 1500, ackMs: 150, tries: 3 };

async function driver(path: string, log: string[] = []): Promise<SerialLauncher> {
  const d = await openSerial({ path, timing: fast, backoff: { firstMs: 50, maxMs: 400 }, log: (l) => log.push(l) });
  onTestFinished(() => d.close());
  return d;
}

function inputs(d: SerialLauncher): HardwareInput[] {
  const seen: HardwareInput[] = [];
  d.onInput((i) => seen.push(i));
  return seen;
}

describe('serial driver on a Node serial port', () => {
  it('handshakes (asking HELLO of a board that did not reset), reads STATUS, then follows the button and the lid', async () => {
    const { pair, board } = await boardRig({ cards: 12, presses: 3 });
    const d = await driver(pair.a);
    expect(board.received.slice(0, 2)).toEqual(['HELLO', 'STATUS']);
    const seen = inputs(d);
    board.press();
    board.say({ type: 'LID', open: true });
    await until(() => seen.length >= 4, 5000, () => JSON.stringify(seen));
    // A new listener first hears the state the board is in, then what happens.
    expect(seen).toEqual([{ type: 'LID', open: false }, { type: 'BATTERY', volts: 4.5 }, { type: 'BUTTON' }, { type: 'LID', open: true }]);
  });

  it('a board that answers HELLO but not STATUS is refused clearly, and the port is released (no reconnect loop)', async () => {
    const { pair } = await boardRig({ noStatus: true });
    await expect(openSerial({ path: pair.a, timing: fast })).rejects.toThrow(/answered HELLO but not STATUS/);
    // Released: the next open gets the same answer, not "busy".
    await expect(openSerial({ path: pair.a, timing: fast })).rejects.toThrow(/answered HELLO but not STATUS/);
  });

  it('an open refused after the handshake returns only once its port is closed (it was refused as busy when opened again at once)', async () => {
    const { pair } = await boardRig({ noStatus: true });
    // The port's close completes on a later turn of the event loop than the one that starts it: an
    // open that rejects with it still pending leaves the port locked for the next open.
    const closes = { started: 0, done: 0 };
    const close = SerialPort.prototype.close;
    const spy = vi.spyOn(SerialPort.prototype, 'close').mockImplementation(function (this: SerialPort, cb?: (err: Error | null) => void) {
      if (this.path !== pair.a) return close.call(this, cb);
      closes.started++;
      return close.call(this, (err: Error | null) => {
        closes.done++;
        cb?.(err);
      });
    });
    onTestFinished(() => spy.mockRestore());
    const refused = await openSerial({ path: pair.a, timing: fast }).then(() => null, (e: Error) => ({ message: e.message, ...closes }));
    expect(refused).toEqual({ message: expect.stringMatching(/answered HELLO but not STATUS/), started: 1, done: 1 });
  });

  it('a missing port and a busy port say how to fix them', async () => {
    await expect(openSerial({ path: '/dev/ttyACM-nowhere', timing: fast })).rejects.toThrow(/no serial port at \/dev\/ttyACM-nowhere/);
    const { pair } = await boardRig();
    await driver(pair.a);
    await expect(openSerial({ path: pair.a, timing: fast })).rejects.toThrow(/is busy: another program holds it/);
  });
});

/**
 * The serial driver over real pseudo-terminals (socat) against a scripted board: handshake,
 * presses end to end with the launcher machine, garbage on the wire, slow and silent boards,
 * another protocol, a busy or missing port, and an unplug in the middle of a burst.
 */
import { SerialPort } from 'serialport';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { SerialLauncher } from '../../firmware-bridge/serial/driver.ts';
import { openSerial } from '../../firmware-bridge/serial/node-port.ts';
import { MachineLauncher } from '../../emulator/launcher.ts';
import type { HardwareInput } from '../../emulator/hardware.ts';
import { ptyPair } from './socat.ts';
import { until } from '../poll.ts';
import { boardRig, FakeBoard } from './fake-board.ts';
import { fixedBurst } from '../emulator/helpers.ts';

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

const fourCards = fixedBurst(4);

describe('serial driver', () => {
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

  it('plays presses end to end: the machine drives the board, the board counts the cards', async () => {
    const { pair, board } = await boardRig({ feedPerSecond: 20 });
    const d = await driver(pair.a);
    const launcher = new MachineLauncher({ profile: fourCards, seed: 3, supply: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'], hardware: d, clock: 'real' });
    onTestFinished(() => launcher.detach());
    const r1 = await launcher.press();
    expect(r1).toMatchObject({ dinged: true, fired: true, cards: ['a', 'b', 'c', 'd'] });
    const r2 = await launcher.press();
    expect(r2.cards.length).toBeGreaterThan(0);
    expect(r2.cards.slice(0, 4)).toEqual(['e', 'f', 'g', 'h'].slice(0, r2.cards.length));
    expect(board.received).toContain('FWD');
    expect(board.received).toContain('REV');
    expect(board.received).toContain('TONE');
    await until(() => board.motor === 'STOP');
  });

  it('garbage and damaged lines on the wire are counted and never acted on', async () => {
    const { pair, board } = await boardRig();
    const log: string[] = [];
    const d = await driver(pair.a, log);
    const seen = inputs(d);
    board.raw('\x00\xff\xfe garbage\n');
    board.raw('CARD 9*00\n'); // a wrong checksum
    board.raw('BTN 1\n'); // no checksum at all
    board.raw('CARD 1*'); // a truncated line …
    board.raw('\n');
    board.say({ type: 'CARD', cards: 1 });
    await until(() => seen.length >= 3, 5000, () => JSON.stringify(seen));
    expect(seen.slice(2)).toEqual([{ type: 'CARD' }]);
    expect(d.connected).toBe(true);
  });

  it('garbage in the middle of a burst loses no card (a damaged last CARD line too), is counted, and is told once', async () => {
    const { pair, board } = await boardRig({ feedPerSecond: 0 });
    const d = await driver(pair.a);
    const notices: string[] = [];
    d.onNotice((m) => notices.push(m));
    const launcher = new MachineLauncher({ profile: fourCards, seed: 3, supply: ['a', 'b', 'c', 'd', 'e', 'f'], hardware: d, clock: 'real' });
    onTestFinished(() => launcher.detach());
    const pressing = launcher.press();
    await until(() => board.motor === 'FWD');
    board.card();
    board.raw('\x00\xff\xfe noise\n');
    board.cards++;
    board.raw('CARD 2*00\n'); // card 2, its line damaged: made up by the next CARD line
    board.card();
    board.raw('BTN 1\n'); // no checksum
    board.cards++;
    board.raw('CARD 4*FF\n'); // the burst's last card, damaged: no CARD line follows it
    const r = await pressing;
    expect(r.cards).toEqual(['a', 'b', 'c', 'd']);
    expect(launcher.supplyCount).toBe(2);
    expect(d.diagnostics).toEqual({ connections: 1, garbageLines: 4, lastGarbage: 'CARD 4*FF' });
    // A noisy line is told once per 10 s, not once per line.
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/^serial:.*\/host: 1 unreadable line from the board \(e\.g\. "\\u0000.*"\), ignored; the card count is read again from the board, so no card is lost\. If it goes on, check the USB cable/);
    expect(d.connected).toBe(true);
  });

  it('a slow board that misses a command gets the same line again (same sequence number)', async () => {
    const { pair, board } = await boardRig({ dropFirstSend: true });
    const d = await driver(pair.a);
    d.motor('stop');
    await until(() => board.received.filter((v) => v === 'STOP').length >= 2);
    expect(d.connected).toBe(true);
  });

  it('a silent port times out with an error that says what to check, not a hang', async () => {
    const { pair } = await boardRig({ silent: true });
    await expect(openSerial({ path: pair.a, timing: fast })).rejects.toThrow(/no handshake from .* within 1500 ms: it sent nothing: is the uno-extreme firmware uploaded/);
  });

  it('a board that speaks something else, or another protocol version, is named as such', async () => {
    const { pair, board } = await boardRig({ silent: true });
    const opening = openSerial({ path: pair.a, timing: fast });
    board.raw(Buffer.from([0xf9, 0x02, 0x05, 0x0a, 0xf0, 0x79, 0x0a]));
    await expect(opening).rejects.toThrow(/not in the uno-extreme protocol .* StandardFirmata use --device firmata:PATH/);
    const two = await boardRig({ proto: 2 });
    await expect(openSerial({ path: two.pair.a, timing: fast })).rejects.toThrow(/protocol 2; this program speaks protocol 1: upload the firmware/);
  });

  it('a board that answers HELLO but not STATUS is refused clearly, and the port is released (no reconnect loop)', async () => {
    const { pair } = await boardRig({ noStatus: true });
    await expect(openSerial({ path: pair.a, timing: fast })).rejects.toThrow(/answered HELLO but not STATUS/);
    // Released: the next open gets the same answer, not "busy".
    await expect(openSerial({ path: pair.a, timing: fast })).rejects.toThrow(/answered HELLO but not STATUS/);
  });

  it('a new link numbers its commands on from the last one (an old link\'s late answer cannot match a new command)', async () => {
    const { pair, board } = await boardRig({ noStatus: true });
    await expect(openSerial({ path: pair.a, timing: fast })).rejects.toThrow(/answered HELLO but not STATUS/);
    const first = board.seqs.length;
    await expect(openSerial({ path: pair.a, timing: fast })).rejects.toThrow(/answered HELLO but not STATUS/);
    const [before, after] = [board.seqs.slice(0, first), board.seqs.slice(first)];
    expect(after.length).toBeGreaterThan(0);
    expect(Math.min(...after)).toBeGreaterThan(Math.max(...before));
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

  it('the state the board is in when it connects reaches the machine: an open lid refuses presses', async () => {
    const { pair, board } = await boardRig({ lidOpen: true });
    const d = await driver(pair.a);
    const launcher = new MachineLauncher({ profile: fourCards, seed: 3, supply: ['a', 'b'], hardware: d, clock: 'real' });
    onTestFinished(() => launcher.detach());
    expect(launcher.lidOpen).toBe(true);
    expect(launcher.volts).toBe(4.5);
    expect(await launcher.press()).toMatchObject({ dinged: false, ignored: 'lid-open' });
    expect(board.received).not.toContain('FWD');
  });

  it('a press while the board is offline waits for it to come back, then presses', async () => {
    const first = await ptyPair(['host', 'board']);
    const board = await FakeBoard.open(first.b, { feedPerSecond: 20, sid: 9 });
    const d = await driver(first.a);
    onTestFinished(() => board.close());
    onTestFinished(() => first.close());
    const launcher = new MachineLauncher({ profile: fourCards, seed: 1, supply: ['a', 'b', 'c', 'd', 'e'], hardware: d, clock: 'real' });
    onTestFinished(() => launcher.detach());
    await board.close();
    await first.close();
    await until(() => launcher.unitState === 'offline');
    const pressing = launcher.press();
    const second = await ptyPair(['host', 'board'], first.dir);
    const again = await FakeBoard.open(second.b, { feedPerSecond: 20, sid: 9, boot: 'warm' });
    onTestFinished(() => again.close());
    onTestFinished(() => second.close());
    expect(await pressing).toMatchObject({ dinged: true, fired: true, cards: ['a', 'b', 'c', 'd'] });
  });

  it('a missing port and a busy port say how to fix them', async () => {
    await expect(openSerial({ path: '/dev/ttyACM-nowhere', timing: fast })).rejects.toThrow(/no serial port at \/dev\/ttyACM-nowhere/);
    const { pair } = await boardRig();
    await driver(pair.a);
    await expect(openSerial({ path: pair.a, timing: fast })).rejects.toThrow(/is busy: another program holds it/);
  });

  it('an unplug mid-burst: offline, reconnect with backoff, the cards counted meanwhile reported once', async () => {
    const first = await ptyPair(['host', 'board']);
    const board = await FakeBoard.open(first.b, { feedPerSecond: 0, sid: 42, boot: 'cold' });
    const log: string[] = [];
    const d = await driver(first.a, log);
    onTestFinished(() => board.close());
    onTestFinished(() => first.close());
    const launcher = new MachineLauncher({ profile: fourCards, seed: 1, supply: ['a', 'b', 'c', 'd', 'e', 'f'], hardware: d, clock: 'real' });
    onTestFinished(() => launcher.detach());
    const pressing = launcher.press();
    await until(() => board.motor === 'FWD');
    board.card();
    await until(() => launcher.context.press.cards.length === 1);
    // The cable is pulled: the port vanishes.
    await board.close();
    await first.close();
    await until(() => launcher.unitState === 'offline');
    // Meanwhile two more cards left before the board's watchdog stopped the motor; it is plugged
    // back in and comes up warm, its counters kept.
    const second = await ptyPair(['host', 'board'], first.dir);
    const again = await FakeBoard.open(second.b, { cards: 3, boot: 'warm', sid: 42, feedPerSecond: 0 });
    onTestFinished(() => again.close());
    onTestFinished(() => second.close());
    const r = await pressing;
    expect(r.cards).toEqual(['a', 'b', 'c']);
    expect(launcher.unitState).toBe('ready');
    expect(launcher.supplyCount).toBe(3);
    expect(d.connections).toBe(2);
    expect(log.some((l) => /resync: 2 card\(s\) left while the link was down/.test(l))).toBe(true);
  });
});

/**
 * The serial driver under the launcher machine, on the in-memory transport against a scripted
 * board (no port, no socat): presses end to end, garbage in the middle of a burst, the board's
 * state at connection, a press while offline, and an unplug in the middle of a burst. The machine
 * runs on the real clock here; the protocol's own timing is pinned on fake timers in
 * session.test.ts.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { SerialLauncher } from '../../firmware-bridge/serial/driver.ts';
import type { MemoryTransport } from '../../firmware-bridge/memory-transport.ts';
import { MachineLauncher } from '../../emulator/launcher.ts';
import { until } from '../poll.ts';
import { FakeBoard, memoryRig } from './fake-board.ts';
import { fixedBurst } from '../emulator/helpers.ts';

const fast = { helloWaitMs: 100, handshakeMs: 1500, ackMs: 150, tries: 3 };

async function driver(transport: MemoryTransport, log: string[] = []): Promise<SerialLauncher> {
  const d = await SerialLauncher.open({ transport, timing: fast, backoff: { firstMs: 50, maxMs: 400 }, log: (l) => log.push(l) });
  onTestFinished(() => d.close());
  return d;
}

const fourCards = fixedBurst(4);

describe('serial driver under the launcher machine', () => {
  it('plays presses end to end: the machine drives the board, the board counts the cards', async () => {
    const { transport, board } = memoryRig({ feedPerSecond: 20 });
    const d = await driver(transport);
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

  it('garbage in the middle of a burst loses no card (a damaged last CARD line too), is counted, and is told once', async () => {
    const { transport, board } = memoryRig({ feedPerSecond: 0 });
    const d = await driver(transport);
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
    expect(notices[0]).toMatch(/^serial:\/dev\/ttyACM0: 1 unreadable line from the board \(e\.g\. "\\u0000.*"\), ignored; the card count is read again from the board, so no card is lost\. If it goes on, check the USB cable/);
    expect(d.connected).toBe(true);
  });

  it('the state the board is in when it connects reaches the machine: an open lid refuses presses', async () => {
    const { transport, board } = memoryRig({ lidOpen: true });
    const d = await driver(transport);
    const launcher = new MachineLauncher({ profile: fourCards, seed: 3, supply: ['a', 'b'], hardware: d, clock: 'real' });
    onTestFinished(() => launcher.detach());
    expect(launcher.lidOpen).toBe(true);
    expect(launcher.volts).toBe(4.5);
    expect(await launcher.press()).toMatchObject({ dinged: false, ignored: 'lid-open' });
    expect(board.received).not.toContain('FWD');
  });

  it('a press while the board is offline waits for it to come back, then presses', async () => {
    const { transport, board } = memoryRig({ feedPerSecond: 20, sid: 9 });
    const d = await driver(transport);
    const launcher = new MachineLauncher({ profile: fourCards, seed: 1, supply: ['a', 'b', 'c', 'd', 'e'], hardware: d, clock: 'real' });
    onTestFinished(() => launcher.detach());
    transport.unplug();
    await board.close();
    await until(() => launcher.unitState === 'offline');
    const pressing = launcher.press();
    const again = FakeBoard.on(transport.board, { feedPerSecond: 20, sid: 9, boot: 'warm' });
    onTestFinished(() => again.close());
    transport.plug();
    expect(await pressing).toMatchObject({ dinged: true, fired: true, cards: ['a', 'b', 'c', 'd'] });
  });

  it('an unplug mid-burst: offline, reconnect with backoff, the cards counted meanwhile reported once', async () => {
    const { transport, board } = memoryRig({ feedPerSecond: 0, sid: 42, boot: 'cold' });
    const log: string[] = [];
    const d = await driver(transport, log);
    const launcher = new MachineLauncher({ profile: fourCards, seed: 1, supply: ['a', 'b', 'c', 'd', 'e', 'f'], hardware: d, clock: 'real' });
    onTestFinished(() => launcher.detach());
    const pressing = launcher.press();
    await until(() => board.motor === 'FWD');
    board.card();
    await until(() => launcher.context.press.cards.length === 1);
    // The cable is pulled.
    transport.unplug();
    await board.close();
    await until(() => launcher.unitState === 'offline');
    // Meanwhile two more cards left before the board's watchdog stopped the motor; it is plugged
    // back in and comes up warm, its counters kept.
    const again = FakeBoard.on(transport.board, { cards: 3, boot: 'warm', sid: 42, feedPerSecond: 0 });
    onTestFinished(() => again.close());
    transport.plug();
    const r = await pressing;
    expect(r.cards).toEqual(['a', 'b', 'c']);
    expect(launcher.unitState).toBe('ready');
    expect(launcher.supplyCount).toBe(3);
    expect(d.connections).toBe(2);
    expect(log.some((l) => /resync: 2 card\(s\) left while the link was down/.test(l))).toBe(true);
  });
});

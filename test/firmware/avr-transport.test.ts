/**
 * The serial driver on the compiled firmware through the emulated-board transport: no pty, no
 * socat, no wall clock. The board and the session's stepped clock run in lockstep, so every
 * figure is the same on every run.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { SteppingClock } from '../../emulator/clock.ts';
import type { HardwareInput } from '../../emulator/hardware.ts';
import { EmulatedLauncher, stepTogether, stepUntil } from '../../firmware-bridge/avr/transport.ts';
import { LauncherRig } from '../../firmware-bridge/avr/rig.ts';
import { SerialLauncher } from '../../firmware-bridge/serial/driver.ts';
import { SeqCounter } from '../../firmware-bridge/serial/link.ts';
import { encodeDeviceMessage } from '../../firmware-bridge/codec.ts';
import { hex } from './boot.ts';

beforeAll(() => void hex());

async function connect(seed = 1): Promise<{ emu: EmulatedLauncher; clock: SteppingClock; hw: SerialLauncher; seen: HardwareInput[]; log: string[] }> {
  const rig = new LauncherRig({ hex: hex(), seed, record: false, roller: { mechanics: { slip: 0, doubleFeed: 0, jam: 0, halfOut: 0 } } });
  const emu = new EmulatedLauncher(rig, 'emulated');
  const clock = new SteppingClock();
  const log: string[] = [];
  let hw: SerialLauncher | null = null;
  let failed: Error | null = null;
  SerialLauncher.open({ transport: emu.transport, clock, seq: new SeqCounter(), backoff: { firstMs: 100, maxMs: 400 }, log: (l) => log.push(l) })
    .then((d) => (hw = d), (e: Error) => (failed = e));
  expect(await stepUntil(emu, clock, () => hw !== null || failed !== null, 6000)).toBe(true);
  if (failed) throw failed;
  const seen: HardwareInput[] = [];
  hw!.onInput((i) => seen.push(i));
  return { emu, clock, hw: hw!, seen, log };
}

const cards = (seen: HardwareInput[]) => seen.filter((i) => i.type === 'CARD').length;

describe('the serial driver on the emulated firmware', () => {
  it('handshakes with the board reset on open, and counts a burst\'s cards as the roller ejects them', async () => {
    const { emu, clock, hw, seen } = await connect();
    expect(seen).toEqual([{ type: 'LID', open: false }, expect.objectContaining({ type: 'BATTERY' })]);
    hw.motor('forward');
    expect(await stepUntil(emu, clock, () => cards(seen) >= 5, 5000)).toBe(true);
    hw.motor('stop');
    await stepUntil(emu, clock, () => false, 200);
    expect(cards(seen)).toBe(emu.rig.roller.cardsOut);
    expect(hw.diagnostics).toEqual({ connections: 1, garbageLines: 0, lastGarbage: null });
    await close(emu, clock, hw);
  });

  it('an unplug mid-burst past the watchdog: the board stops the motor, the host reconnects, every card is counted once', async () => {
    const { emu, clock, hw, seen, log } = await connect(2);
    hw.motor('forward');
    expect(await stepUntil(emu, clock, () => cards(seen) >= 2, 5000)).toBe(true);
    emu.unplug();
    expect(await stepUntil(emu, clock, () => emu.rig.drive.dir === 'stop', 2000)).toBe(true);
    const ejected = emu.rig.roller.cardsOut;
    expect(ejected).toBeGreaterThan(cards(seen));
    expect(seen.at(-1)).toEqual({ type: 'LINK', up: false });
    emu.plug();
    expect(await stepUntil(emu, clock, () => hw.connected, 2000)).toBe(true);
    expect(cards(seen)).toBe(ejected);
    expect(log.some((l) => /resync: \d+ card\(s\) left while the link was down/.test(l))).toBe(true);
    expect(hw.connections).toBe(2);
    await close(emu, clock, hw);
  });

  it('the aim survives reconnects: a reset board keeps its servo where it was, a power-cycled one is aimed again', async () => {
    const { emu, clock, hw } = await connect(3);
    hw.aim(240); // 2:1 gearing: servo 120°
    expect(await stepUntil(emu, clock, () => emu.rig.servoDegrees === 120, 500)).toBe(true);
    // Unplugged and plugged back: the host reopens the port, which resets the board (DTR).
    emu.unplug();
    expect(await stepUntil(emu, clock, () => !hw.connected, 3000)).toBe(true);
    emu.plug();
    expect(await stepUntil(emu, clock, () => hw.connected, 3000)).toBe(true);
    expect(hw.connections).toBe(2);
    await stepTogether(emu, clock, 100);
    expect(emu.rig.servoDegrees).toBe(120);
    // Unplugged, and the board loses power meanwhile: it starts centred, and the host aims it again.
    emu.unplug();
    expect(await stepUntil(emu, clock, () => !hw.connected, 3000)).toBe(true);
    emu.rig.powerCycle();
    emu.rig.runFor(100);
    expect(emu.rig.servoDegrees).toBe(90);
    emu.plug();
    expect(await stepUntil(emu, clock, () => hw.connected, 3000)).toBe(true);
    expect(await stepUntil(emu, clock, () => emu.rig.servoDegrees === 120, 200)).toBe(true);
    await close(emu, clock, hw);
  });

  it('a board that boots cold inside a live link (a brown-out) is aimed again, and the person hears its count started again', async () => {
    const { emu, clock, hw, log } = await connect(5);
    const notices: string[] = [];
    hw.onNotice((m) => notices.push(m));
    hw.aim(90); // 2:1 gearing: servo 45°
    expect(await stepUntil(emu, clock, () => emu.rig.servoDegrees === 45, 500)).toBe(true);
    // The supply dips: the MCU resets and boots cold (BORF), centred, in a new session; the USB
    // link, powered apart, stays up and hears its HELLO.
    emu.rig.reset('brownout');
    await stepTogether(emu, clock, 300);
    expect(hw.connections).toBe(1);
    expect(log).toContain('resync: the board was power-cycled (or its firmware keeps no session); cards that left while the link was down are unknown');
    expect(emu.rig.servoDegrees).toBe(45);
    expect(notices).toEqual([
      'serial:emulated: the launcher\'s card count started again (it lost power, or restarted without its counters): a card that left before that may be missing from the game. Check that each hand holds the cards the game shows',
    ]);
    await close(emu, clock, hw);
  });

  it('a stray CARD <count+1> that passes its check is found by the burst\'s closing STATUS and told; the next card is not counted twice', async () => {
    const { emu, clock, hw, seen, log } = await connect(6);
    const notices: string[] = [];
    hw.onNotice((m) => notices.push(m));
    const burst = (atLeast: number) => runBurst(emu, clock, hw, () => cards(seen) >= atLeast);
    await burst(3);
    expect(cards(seen)).toBe(emu.rig.roller.cardsOut);
    // A line the board did not send, one past the count, with a CRC that matches: nothing on the
    // wire tells it from a card that left. It is counted...
    emu.noise(encodeDeviceMessage({ type: 'CARD', cards: cards(seen) + 1 }));
    await stepTogether(emu, clock, 50);
    expect(cards(seen)).toBe(emu.rig.roller.cardsOut + 1);
    // ... and the person hears it at the next check of the board's counters, which every burst's
    // flush makes.
    await flush(emu, clock, hw);
    expect(notices).toEqual([
      'serial:emulated: a line on the link counted 1 card that did not leave the launcher (a damaged or stray line): the game dealt it early, and the next 1 card to leave is not counted again. Check that each hand holds the cards the game shows',
    ]);
    expect(log).toContain('counted 1 card the board did not count');
    // The next burst: its first card is the one the game already dealt. The counts meet again.
    await burst(cards(seen) + 2);
    expect(cards(seen)).toBe(emu.rig.roller.cardsOut);
    expect(notices).toHaveLength(1);
    await close(emu, clock, hw);
  });

  it('a cold boot whose HELLO is lost on the wire: the STATUS\'s uptime tells it, and the new session\'s cards are all counted', async () => {
    const { emu, clock, hw, seen, log } = await connect(8);
    const notices: string[] = [];
    hw.onNotice((m) => notices.push(m));
    const burst = (ms: number) => runBurst(emu, clock, hw, ms);
    await burst(600);
    expect(cards(seen)).toBeGreaterThanOrEqual(3);
    // The supply dips and the MCU boots cold, counters at 0 in a new session; its HELLO is lost
    // (the reset's glitch on the wire), while the link itself stays up.
    emu.rig.linkUp = false;
    emu.rig.reset('brownout');
    emu.rig.runFor(30);
    emu.rig.linkUp = true;
    // The new session's first CARD lines say counts the host had passed: checked, and the STATUS's
    // uptime, back near 0, shows the reset. Every card of the new session is counted, none twice.
    await burst(600);
    expect(cards(seen)).toBe(emu.rig.roller.cardsOut);
    expect(log.some((l) => /^resync: the board reset since its last STATUS, its HELLO lost/.test(l))).toBe(true);
    expect(notices).toEqual([expect.stringMatching(/^serial:emulated: the launcher's card count started again \(it lost power/)]);
    expect(hw.connections).toBe(1);
    await close(emu, clock, hw);
  });

  it('a line that looks like the HELLO of another session, mid-burst: the firmware\'s uptime shows no reset; every card counted once, nobody told of a restart', async () => {
    const { emu, clock, hw, seen, log } = await connect(9);
    const notices: string[] = [];
    hw.onNotice((m) => notices.push(m));
    await stepTogether(emu, clock, 1000); // the board has been up a while, as at any table
    hw.motor('forward');
    expect(await stepUntil(emu, clock, () => cards(seen) >= 2, 5000)).toBe(true);
    emu.noise(encodeDeviceMessage({ type: 'HELLO', proto: 1, fw: '0.4.0', params: { wdog: '1000', stall: '1500', maxrun: '10000', boot: 'cold', cards: '7', presses: '0', sid: '77' } }));
    expect(await stepUntil(emu, clock, () => cards(seen) >= 5, 5000)).toBe(true);
    hw.motor('stop');
    await flush(emu, clock, hw);
    expect(cards(seen)).toBe(emu.rig.roller.cardsOut);
    expect(log.some((l) => /^a HELLO line came, but the board did not reset \(up \d+ ms\): not the board's, ignored$/.test(l))).toBe(true);
    expect(notices).toEqual([]);
    await close(emu, clock, hw);
  });

  it('a CARD line repeated on the wire is not counted again, and is checked against the board', async () => {
    const { emu, clock, hw, seen, log } = await connect(7);
    hw.motor('forward');
    expect(await stepUntil(emu, clock, () => cards(seen) >= 2, 5000)).toBe(true);
    hw.motor('stop');
    await stepTogether(emu, clock, 100);
    emu.noise(encodeDeviceMessage({ type: 'CARD', cards: cards(seen) }));
    await stepTogether(emu, clock, 100);
    expect(cards(seen)).toBe(emu.rig.roller.cardsOut);
    expect(log.some((l) => /a line says \d+ cards, not past the \d+ counted \(repeated on the wire, or a stray line\)/.test(l))).toBe(true);
    await close(emu, clock, hw);
  });

  it('a damaged CARD line that passes its check (CARD <count+10>) is checked with the firmware\'s STATUS: no card made up, none dropped', async () => {
    const { emu, clock, hw, seen, log } = await connect(4);
    hw.motor('forward');
    expect(await stepUntil(emu, clock, () => cards(seen) >= 2, 5000)).toBe(true);
    emu.noise(encodeDeviceMessage({ type: 'CARD', cards: cards(seen) + 10 }));
    // Never more counted than the roller ejected, while the burst goes on to 8 real cards.
    let most = 0;
    expect(await stepUntil(emu, clock, () => ((most = Math.max(most, cards(seen) - emu.rig.roller.cardsOut)), cards(seen) >= 8), 5000)).toBe(true);
    expect(most).toBeLessThanOrEqual(0);
    hw.motor('stop');
    await flush(emu, clock, hw);
    expect(cards(seen)).toBe(emu.rig.roller.cardsOut);
    expect(log.some((l) => /a line says \d+ cards after \d+: checked against the board's counters/.test(l))).toBe(true);
    expect(hw.connections).toBe(1);
    await close(emu, clock, hw);
  });
});

/** A burst as the launcher machine makes one: forward until `until` holds (or for `until` ms), stop, and the driver's flush. */
async function runBurst(emu: EmulatedLauncher, clock: SteppingClock, hw: SerialLauncher, until: number | (() => boolean)): Promise<void> {
  hw.motor('forward');
  if (typeof until === 'number') await stepTogether(emu, clock, until);
  else expect(await stepUntil(emu, clock, until, 5000)).toBe(true);
  hw.motor('stop');
  await flush(emu, clock, hw);
}

/** The driver's flush, run to its end (a STATUS round trip). */
async function flush(emu: EmulatedLauncher, clock: SteppingClock, hw: SerialLauncher): Promise<void> {
  let flushed = false;
  void hw.flush().then(() => (flushed = true));
  expect(await stepUntil(emu, clock, () => flushed, 2000)).toBe(true);
}

async function close(emu: EmulatedLauncher, clock: SteppingClock, hw: SerialLauncher): Promise<void> {
  let closed = false;
  void hw.close().then(() => (closed = true));
  expect(await stepUntil(emu, clock, () => closed, 2000)).toBe(true);
}

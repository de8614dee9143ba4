/**
 * The page side of web-serial.test.ts, bundled by esbuild for Chromium: the compiled firmware on
 * the emulated board paced to the page's wall clock, behind the fake `navigator.serial`, and the
 * serial driver on the Web Serial transport, all with the browser's own streams, events and timers.
 */
import { LauncherRig } from '../../firmware-bridge/avr/rig.ts';
import { EmulatedLauncher, paceToWallClock } from '../../firmware-bridge/avr/transport.ts';
import { SerialLauncher } from '../../firmware-bridge/serial/driver.ts';
import { requestLauncherPort } from '../../firmware-bridge/web-serial.ts';
import { FakeSerial } from '../bridge/fake-web-serial.ts';
import { BOARD_REAL_TIME_MS } from '../budgets.ts';

/** Waits on the page's clock for `done()`, at most `ms`. */
function until(done: () => boolean, ms: number, what: string): Promise<void> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const look = () => (done() ? resolve() : performance.now() - start > ms ? reject(new Error(`${what} not within ${ms} ms`)) : setTimeout(look, 5));
    look();
  });
}

/** A burst with an unplug in the middle of it; returns what the host counted and what the roller ejected. */
async function unplugMidBurst(hex: string): Promise<Record<string, unknown>> {
  const rig = new LauncherRig({ hex, seed: 4, record: false, roller: { mechanics: { slip: 0, doubleFeed: 0, jam: 0, halfOut: 0 } } });
  const emu = new EmulatedLauncher(rig);
  const stop = paceToWallClock(emu);
  const serial = new FakeSerial({ path: 'emulated', open: (e) => emu.transport.open(e), unplug: () => emu.unplug(), plug: () => emu.plug() });
  const log: string[] = [];
  try {
    const hw = await SerialLauncher.open({ transport: await requestLauncherPort(serial), backoff: { firstMs: 200, maxMs: 400 }, log: (l) => log.push(l) });
    let cards = 0;
    const links: boolean[] = [];
    hw.onInput((i) => (i.type === 'CARD' ? cards++ : i.type === 'LINK' && links.push(i.up)));
    hw.motor('forward');
    await until(() => cards >= 2, BOARD_REAL_TIME_MS, 'two cards');
    const first = serial.port;
    serial.unplug();
    await until(() => rig.drive.dir === 'stop', BOARD_REAL_TIME_MS, 'the watchdog stopping the motor');
    serial.plug();
    await until(() => hw.connected, BOARD_REAL_TIME_MS, 'the reconnect');
    const result = { cards, ejected: rig.roller.beamPulses, links, newPortObject: serial.port !== first, connections: hw.connections, lockedCloses: first!.lockedCloses, log };
    await hw.close();
    return { ...result, lockedClosesAtEnd: serial.port!.lockedCloses };
  } finally {
    stop();
  }
}

(globalThis as { unplugMidBurst?: typeof unplugMidBurst }).unplugMidBurst = unplugMidBurst;

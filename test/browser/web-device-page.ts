/**
 * The page side of web-device.test.ts, injected before the game's own scripts: a fake
 * `navigator.serial` (test/bridge/fake-web-serial.ts) backed by the compiled firmware on the
 * emulated board, paced to the page's wall clock, and the person at that launcher, who reads the
 * page and does what it asks (opens the lid, puts the cards in, closes it). The test unplugs and
 * replugs the cable through `window.fakeLauncher`. A reload brings a fresh board (its roller
 * empty); the site's permission for it outlives the reload in sessionStorage, as Chromium keeps a
 * port the person picked, and the test can take it away (`fakeLauncher.revoke()`).
 */
import { LauncherRig } from '../../firmware-bridge/avr/rig.ts';
import { EmulatedLauncher, paceToWallClock } from '../../firmware-bridge/avr/transport.ts';
import { FakeSerial } from '../bridge/fake-web-serial.ts';

declare const LAUNCHER_HEX: string;

// An empty roller, as a launcher out of its box: the game's first reload fills it.
const rig = new LauncherRig({ hex: LAUNCHER_HEX, seed: 3, record: false, roller: { cards: 0 } });
const emu = new EmulatedLauncher(rig);
paceToWallClock(emu);
const ALLOWED = 'fake-launcher-allowed';
const serial = new FakeSerial(
  { path: 'emulated', open: (e) => emu.transport.open(e), unplug: () => emu.unplug(), plug: () => emu.plug() },
  { allowed: sessionStorage.getItem(ALLOWED) === 'yes', onAllow: () => sessionStorage.setItem(ALLOWED, 'yes') },
);
Object.defineProperty(navigator, 'serial', { value: serial, configurable: true });

/** Resolves on the first 1 ms tick where `done()` holds. */
const when = (done: () => boolean): Promise<void> =>
  new Promise((resolve) => {
    const look = () => (done() ? resolve() : setTimeout(look, 1));
    look();
  });

/** The person at the launcher: reads what the page asks and does it, one thing at a time. */
async function person(): Promise<void> {
  for (;;) {
    let asked = '';
    await when(() => (asked = document.querySelector('.device-bar .attention')?.textContent ?? '') !== '');
    const reload = /put the (\d+) cards? in/.exec(asked);
    rig.setLid(true);
    await when(() => document.querySelector('.device-bar')?.getAttribute('data-lid') === 'open');
    if (reload) rig.roller.load(Number(reload[1]), /take out/.test(asked));
    rig.setLid(false);
    await when(() => !document.querySelector('.device-bar .attention'));
  }
}
void person();

let first: unknown = null;
const fake = {
  rig,
  serial,
  /**
   * Unplugs the cable at the first card of a burst, the others still to come; resolves with the
   * sensor's count then. A burst counts from its start: the motor seen at rest, then running with no
   * card out since (a page busy elsewhere may first look when a burst is nearly over: that one is let go).
   */
  async unplugMidBurst(): Promise<{ sensed: number; burstCards: number }> {
    let rest = -1;
    let start = -1;
    await when(() => {
      if (rig.drive.dir !== 'forward') return (rest = rig.roller.beamPulses), (start = -1), false;
      if (start < 0 && rig.roller.beamPulses === rest) start = rest;
      return start >= 0 && rig.roller.beamPulses > start;
    });
    first = serial.port;
    serial.unplug();
    return { sensed: rig.roller.beamPulses, burstCards: rig.roller.beamPulses - start };
  },
  /**
   * Once the board's watchdog has stopped the motor (the host went silent), the cable is back: a
   * new port object with the same USB ids. Resolves with the sensor's count then.
   */
  async plugWhenStopped(): Promise<number> {
    await when(() => rig.drive.dir === 'stop');
    serial.plug();
    return rig.roller.beamPulses;
  },
  /** Pulls the cable now, whatever the launcher is doing. */
  unplug(): void {
    first = serial.port;
    serial.unplug();
  },
  /** Another program opens the board's port first (a serial monitor left open): the page's open is refused. */
  async holdPort(): Promise<void> {
    await serial.port!.open({ baudRate: 115200 });
  },
  /** The site loses its permission for the board (the person took it away in the browser's settings). */
  revoke(): void {
    sessionStorage.removeItem(ALLOWED);
    serial.allowed = false;
  },
  /** What the test checks at the end: the sensor's count, the cards left in the roller, the port asked for (each a click). */
  report() {
    return {
      sensed: rig.roller.beamPulses, left: rig.roller.cardsLeft, requests: serial.requests, newPortObject: serial.port !== first,
      lockedCloses: (first as { lockedCloses?: number } | null)?.lockedCloses ?? -1, motor: rig.drive.dir,
    };
  },
};
(globalThis as { fakeLauncher?: typeof fake }).fakeLauncher = fake;

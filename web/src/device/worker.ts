/**
 * The virtual launcher's Web Worker: the real firmware (its hex, built with the page) on the
 * emulated Uno (avr8js, `firmware-bridge/avr/rig.ts`), paced to the wall clock, behind the same
 * line transport the command session uses for a real board (`avr/transport.ts`). The page talks
 * to it through {@link WorkerTransport}; the CPU runs here so the page's frames stay smooth.
 */
import { hex } from 'virtual:launcher-firmware';
import { LauncherRig } from '../../../firmware-bridge/avr/rig.ts';
import { EmulatedLauncher, paceToWallClock } from '../../../firmware-bridge/avr/transport.ts';
import type { Connection } from '../../../firmware-bridge/transport.ts';
import type { FromWorker, ToWorker } from './protocol.ts';

const post = (m: FromWorker) => (self as unknown as Worker).postMessage(m);

/** How often the board's tally goes to the page, ms: often enough to follow a burst card by card. */
const TALLY_MS = 50;

function start(): void {
  let emu: EmulatedLauncher;
  try {
    // An empty roller, as a launcher out of its box: the game's first reload fills it.
    emu = new EmulatedLauncher(new LauncherRig({ hex: hex!, record: false, roller: { cards: 0 } }), 'virtual');
  } catch (e) {
    post({ type: 'failed', words: { k: 'deviceError.virtualFailed', v: { error: (e as Error).message } } });
    return;
  }
  const rig = emu.rig;
  paceToWallClock(emu);
  let conn: Connection | null = null;
  let last = '';
  setInterval(() => {
    const tally = { sensed: rig.roller.beamPulses, left: rig.roller.cardsLeft };
    const key = `${tally.sensed}/${tally.left}`;
    if (key !== last) post({ type: 'tally', tally });
    last = key;
  }, TALLY_MS);
  self.onmessage = async (e: MessageEvent<ToWorker>) => {
    const m = e.data;
    if (m.type === 'open') {
      try {
        conn = await emu.transport.open({ data: (bytes) => post({ type: 'data', bytes }), ended: (end) => post({ type: 'ended', end }) });
        post({ type: 'opened' });
      } catch (err) {
        // The emulated board's cable refuses as a port does, with an errno (memory-transport.ts): said as it is.
        post({ type: 'refused', words: { k: 'deviceError.virtualFailed', v: { error: (err as Error).message } } });
      }
    } else if (m.type === 'write') conn?.write(m.text);
    else if (m.type === 'close') {
      await conn?.close();
      conn = null;
      post({ type: 'closed' });
    } else if (m.type === 'lid') rig.setLid(m.open);
    else if (m.type === 'load') rig.roller.load(m.cards, m.replace);
  };
}

if (hex === null) post({ type: 'failed', words: { k: 'deviceError.virtualFailed', v: { error: { k: 'deviceError.virtualNoFirmware' } } } });
else start();

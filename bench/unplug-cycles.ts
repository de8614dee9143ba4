/**
 * Unplug cycles mid-burst through the command session and the compiled firmware on the emulated
 * board (no port, no socat; the board and the session's clock stepped together): each cycle
 * starts the motor, pulls the cable at a random moment of the burst, leaves it out for a random
 * time (sometimes past the board's 1 s watchdog), plugs it back, lets the session reconnect and
 * resynchronise, stops the motor and compares the cards the host counted with the cards that
 * crossed the roller's beam. A script, not a timed test: `node bin/run-ts.js bench/unplug-cycles.ts
 * [--cycles 100] [--seed 1] [--json]`.
 */
import { parseArgs } from 'node:util';
import { SteppingClock } from '../emulator/clock.ts';
import { firmwareHex } from '../firmware-bridge/avr/firmware.ts';
import { LauncherRig } from '../firmware-bridge/avr/rig.ts';
import { EmulatedLauncher, stepUntil } from '../firmware-bridge/avr/transport.ts';
import { SerialLauncher } from '../firmware-bridge/serial/driver.ts';
import { Rng, seedRng } from '../lib/rng.ts';

const { values } = parseArgs({ options: { cycles: { type: 'string', default: '100' }, seed: { type: 'string', default: '1' }, json: { type: 'boolean', default: false } } });
const cycles = Number(values.cycles);
const seed = Number(values.seed);
if (!Number.isInteger(cycles) || cycles < 1 || !Number.isInteger(seed)) {
  console.error('usage: bench/unplug-cycles.ts [--cycles N ≥ 1] [--seed N] [--json]');
  process.exit(2);
}

const wallStart = performance.now();
const rng = new Rng(seedRng(seed, 0x7e57));
// Double feeds (two cards in one beam pulse) and jams are off: the sensor could not count the one,
// and the other stops the burst; what is measured is the link, not the mechanics.
const rig = new LauncherRig({ hex: firmwareHex().hex, seed, record: false, roller: { cards: 108, mechanics: { doubleFeed: 0, jam: 0, halfOut: 0 } } });
const emu = new EmulatedLauncher(rig, 'emulated');
const clock = new SteppingClock();
const log: string[] = [];

/** Runs board and host together until `done()` or `maxMs`; throws with the log's tail when it does not hold. */
async function until(what: string, done: () => boolean, maxMs: number): Promise<void> {
  if (!(await stepUntil(emu, clock, done, maxMs))) throw new Error(`${what} not within ${maxMs} ms of simulated time; last log: ${log.slice(-5).join(' | ')}`);
}

/** A promise settled on the stepped clock. */
async function settle<T>(what: string, p: Promise<T>, maxMs = 10_000): Promise<T> {
  let done = false;
  const watched = p.finally(() => (done = true));
  await until(what, () => done, maxMs);
  return watched;
}

const hw = await settle('the first handshake', SerialLauncher.open({ transport: emu.transport, clock, backoff: { firstMs: 100, maxMs: 400 }, log: (l) => log.push(l) }));
let counted = 0;
hw.onInput((i) => void (i.type === 'CARD' && counted++));
const baseline = rig.roller.beamPulses;

const rows: { cycle: number; unplugAtMs: number; outForMs: number; ejected: number; counted: number }[] = [];
let worst = { lost: 0, doubled: 0 };
for (let c = 1; c <= cycles; c++) {
  if (rig.roller.cardsLeft < 30) rig.roller.load(108);
  const before = { out: rig.roller.beamPulses, counted };
  hw.motor('forward');
  const unplugAtMs = 100 + rng.int(800);
  await stepUntil(emu, clock, () => false, unplugAtMs);
  emu.unplug();
  const outForMs = rng.int(1500);
  await stepUntil(emu, clock, () => false, outForMs);
  emu.plug();
  await until(`cycle ${c}: the reconnect`, () => hw.connected, 10_000);
  hw.motor('stop');
  await stepUntil(emu, clock, () => false, 300);
  await settle(`cycle ${c}: the flush`, hw.flush());
  const ejected = rig.roller.beamPulses - before.out;
  const got = counted - before.counted;
  rows.push({ cycle: c, unplugAtMs, outForMs, ejected, counted: got });
  const total = rig.roller.beamPulses - baseline;
  worst = { lost: Math.max(worst.lost, total - counted), doubled: Math.max(worst.doubled, counted - total) };
}
await settle('the close', hw.close());

const ejected = rig.roller.beamPulses - baseline;
const result = {
  cycles,
  seed,
  cardsEjected: ejected,
  cardsCounted: counted,
  lost: Math.max(0, ejected - counted),
  doubled: Math.max(0, counted - ejected),
  cyclesWithAMismatch: rows.filter((r) => r.ejected !== r.counted).length,
  worstRunningDifference: worst,
  connections: hw.connections,
  resyncsWithCards: log.filter((l) => /^resync: \d+ card\(s\) left/.test(l)).length,
  restartsUnknown: log.filter((l) => /cards that left while the link was down are unknown/.test(l)).length,
  outPastTheWatchdog: rows.filter((r) => r.outForMs > 1000).length,
  simulatedS: Math.round(clock.now() / 100) / 10,
  wallS: Math.round((performance.now() - wallStart) / 100) / 10,
};
if (values.json) console.log(JSON.stringify(result));
else {
  for (const [k, v] of Object.entries(result)) console.log(`${k.padEnd(24)} ${typeof v === 'object' ? JSON.stringify(v) : v}`);
  const mismatches = rows.filter((r) => r.ejected !== r.counted);
  for (const r of mismatches.slice(0, 10)) console.log(`  cycle ${r.cycle}: unplugged at ${r.unplugAtMs} ms for ${r.outForMs} ms: ${r.ejected} ejected, ${r.counted} counted`);
}
process.exitCode = result.lost === 0 && result.doubled === 0 ? 0 : 1;

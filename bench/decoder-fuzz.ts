/**
 * The device-line decoder, as the host link runs it (`LineDecoder('device', { errorsAtLineEnd })`),
 * fed a million random chunks: random bytes, valid lines split anywhere, truncated lines, oversized
 * lines, bare newlines. It must not throw, must yield exactly the valid lines planted (each one
 * starts after a newline, so nothing before it can swallow it): none lost, none made up (a
 * "phantom" command), and its memory must stay flat. A script, not a timed test:
 * `node bin/run-ts.js bench/decoder-fuzz.ts [--chunks 1000000] [--seed 1] [--json]`.
 */
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import vm from 'node:vm';
import { encodeDeviceMessage, LineDecoder, latin1Bytes, type DeviceMessage } from '../firmware-bridge/codec.ts';
import { Rng, seedRng } from '../lib/rng.ts';

const { values } = parseArgs({ options: { chunks: { type: 'string', default: '1000000' }, seed: { type: 'string', default: '1' }, json: { type: 'boolean', default: false } } });
const total = Number(values.chunks);
const seed = Number(values.seed);
if (!Number.isInteger(total) || total < 1 || !Number.isInteger(seed)) {
  console.error('usage: bench/decoder-fuzz.ts [--chunks N ≥ 1] [--seed N] [--json]');
  process.exit(2);
}

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const heapMiB = () => {
  gc();
  return Math.round((process.memoryUsage().heapUsed / 2 ** 20) * 100) / 100;
};

const rng = new Rng(seedRng(seed, 0xf022));
const pick = <T>(xs: readonly T[]): T => xs[rng.int(xs.length)];

/** A random valid device line. */
function message(): DeviceMessage {
  const n = () => rng.int(100_000);
  const kinds: (() => DeviceMessage)[] = [
    () => ({ type: 'CARD', cards: n() }),
    () => ({ type: 'BTN', presses: n() }),
    () => ({ type: 'ACK', seq: 1 + rng.int(65535) }),
    () => ({ type: 'NAK', seq: rng.int(65536), code: pick(['CHECKSUM', 'GARBAGE', 'LID'] as const) }),
    () => ({ type: 'LID', open: rng.chance(0.5) }),
    () => ({ type: 'STALL', cards: n() }),
    () => ({ type: 'BAT', mv: n() }),
    () => ({ type: 'STOPPED', reason: pick(['EXPIRED', 'WATCHDOG', 'LID'] as const) }),
    () => ({ type: 'HELLO', proto: 1, fw: '0.2.0', params: { wdog: '1000', boot: 'warm', cards: String(n()), presses: String(n()), sid: String(1 + rng.int(65534)) } }),
    () => ({ type: 'STATUS', cards: n(), presses: n(), lidOpen: false, buttonHeld: true, beamBroken: false, motor: 'FWD', duty: 200, servo: 90, mv: 4400, wdogMs: 1000, stallMs: 1500, upMs: n() }),
  ];
  return pick(kinds)();
}

const randomBytes = (len: number) => Uint8Array.from({ length: len }, () => rng.int(256));
const printable = (len: number) => String.fromCharCode(...Array.from({ length: len }, () => 0x20 + rng.int(95)));

const decoder = new LineDecoder('device', { errorsAtLineEnd: true });
/** Planted valid lines not yet decoded, oldest first. */
const planted: string[] = [];
let plantedCount = 0;
let decodedOk = 0;
let phantoms = 0;
let lost = 0;
let refused = 0;
const refusedBy: Record<string, number> = {};
let chunks = 0;
let bytes = 0;
const heap: number[] = [heapMiB()];

function feed(chunk: Uint8Array | string): void {
  chunks++;
  bytes += chunk.length;
  for (const r of decoder.push(chunk)) {
    if (!r.ok) {
      refused++;
      refusedBy[r.code] = (refusedBy[r.code] ?? 0) + 1;
      continue;
    }
    decodedOk++;
    // The planted line it is, in order; any planted before it that never came out are lost.
    const at = planted.indexOf(encodeDeviceMessage(r.value));
    if (at < 0) phantoms++;
    else lost += planted.splice(0, at + 1).length - 1;
  }
  if (chunks % Math.ceil(total / 10) === 0) heap.push(heapMiB());
}

/** Splits `text` into 1..4 chunks at random points. */
function split(text: string): string[] {
  const cuts = Array.from({ length: rng.int(4) }, () => rng.int(text.length + 1)).sort((a, b) => a - b);
  const out: string[] = [];
  let at = 0;
  for (const c of cuts) (out.push(text.slice(at, c)), (at = c));
  out.push(text.slice(at));
  return out.filter((s) => s.length > 0);
}

const wallStart = performance.now();
while (chunks < total) {
  const kind = rng.int(10);
  if (kind < 3) feed(randomBytes(1 + rng.int(64)));
  else if (kind < 6) {
    // A valid line, after a newline: whatever came before cannot swallow it.
    const line = encodeDeviceMessage(message());
    planted.push(line);
    plantedCount++;
    for (const piece of split(`\n${line}`)) feed(rng.chance(0.5) ? latin1Bytes(piece) : piece);
  } else if (kind < 8) {
    // A truncated line: cut anywhere before its newline, then a newline or more noise.
    const line = encodeDeviceMessage(message());
    feed(line.slice(0, rng.int(line.length - 1)) + (rng.chance(0.5) ? '\n' : ''));
  } else if (kind < 9) feed(printable(121 + rng.int(600)) + (rng.chance(0.5) ? '\n' : ''));
  else feed(pick(['\n', '\r\n', '\n\n', '\r']));
}
// Every planted line was fed whole, its newline included: none may be left.
lost += planted.length;
const result = {
  chunks,
  bytes,
  plantedValidLines: plantedCount,
  decodedValidLines: decodedOk,
  lost,
  phantoms,
  refusedLines: refused,
  refusedBy,
  heapMiB: { before: heap[0], after: heapMiB(), checkpoints: heap },
  wallS: Math.round((performance.now() - wallStart) / 100) / 10,
};
if (values.json) console.log(JSON.stringify(result));
else for (const [k, v] of Object.entries(result)) console.log(`${k.padEnd(18)} ${typeof v === 'object' ? JSON.stringify(v) : v}`);
process.exitCode = phantoms === 0 && lost === 0 ? 0 : 1;

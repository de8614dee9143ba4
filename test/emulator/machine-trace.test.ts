/**
 * Golden machine traces: the launcher machine shows, drives and answers exactly what it did when
 * these digests were recorded. Each digest hashes everything the machine gives the outside on a
 * simulated clock: every event it emits (in order), every output its device received (with the
 * clock's time), every press result and its core state at the end, over machine-fidelity rounds
 * and over presses of a worn roller on fresh, weak and spent cells (a low-battery warning,
 * brown-outs, a dead unit), with aims, reloads, jams cleared and batteries changed. Speed work on
 * the machine (fewer or cheaper XState events, cheaper actions) must keep every digest; a change
 * of what the launcher does changes them on purpose (update them in the same commit, and say why).
 * A device that counts cards is driven by a seeded script of everything its inputs can say, at
 * any moment: the button, the sensor, stalls, the link, the lid, the battery, reloads and time.
 */
import { createHash, type Hash } from 'node:crypto';
import { describe } from 'vitest';
import { goldenDigests } from '../golden.ts';
import { Rng, seedRng } from '../../lib/rng.ts';
import { MachineLauncher } from '../../emulator/launcher.ts';
import type { HardwareInput } from '../../emulator/hardware.ts';
import { SimulatedDevice } from '../../emulator/hardware.ts';
import { resolveProfile } from '../../emulator/profiles.ts';
import type { Profile } from '../../emulator/profile.ts';
import { createGame, launcherRng, makeBots, runRoundSync } from '../../game/index.ts';
import { deck, makeSensingLauncher, tweaked } from './helpers.ts';

/** A worn roller: slips, double feeds, jams and half-out cards all happen often. */
const worn = () => tweaked('seed-0-8', { slip: 0.2, doubleFeed: 0.1, jam: 0.03, halfOut: 0.3 });

/** A launcher whose every emitted event goes into `h`; its device keeps every output. */
function traced(h: Hash, o: Omit<ConstructorParameters<typeof MachineLauncher>[0], 'hardware'>): { launcher: MachineLauncher; device: SimulatedDevice } {
  let launcher: MachineLauncher | undefined;
  const device = new SimulatedDevice(() => launcher?.now() ?? 0, 1_000_000);
  launcher = new MachineLauncher({ ...o, hardware: device });
  launcher.actor.on('*', (e) => h.update(JSON.stringify(e)));
  return { launcher, device };
}

/** Rounds of four heuristic bots against the machine, one launcher a round (every seventh on cells about to warn). */
function rounds(rules: string, profile: Profile, games: number): string {
  const h = createHash('sha256');
  for (let i = 0; i < games; i++) {
    const start = createGame({ rules, players: 4, seed: i, log: false });
    const { launcher, device } = traced(h, { profile, seed: launcherRng(String(i), 0), seats: 4, charge: i % 7 === 0 ? 0.334 : 1 });
    const { state } = runRoundSync(start, launcher, makeBots(4, i, 'heuristic'), { onStep: (_s, move, events) => h.update(JSON.stringify([move, events])) });
    h.update(JSON.stringify(state));
    h.update(JSON.stringify(device.outputs));
    h.update(JSON.stringify(launcher.core));
  }
  return h.digest('hex').slice(0, 16);
}

/** Presses of a worn roller on cells charged to `charge`, aimed round a table of five, batteries changed now and then. */
function presses(charge: number, n: number): string {
  const h = createHash('sha256');
  const { launcher, device } = traced(h, { profile: worn(), seed: 5, supply: deck(), seats: 5, charge });
  for (let i = 0; i < n; i++) {
    if (launcher.supplyCount === 0) launcher.loadSync(deck(108, `r${i}-`));
    if (i % 13 === 0) launcher.aimSync(i % 7);
    const r = launcher.pressSync();
    h.update(JSON.stringify(r));
    if (r.jam) launcher.clearJamSync();
    if (i % 400 === 399) {
      launcher.send({ type: 'POWER_OFF' });
      launcher.send({ type: 'REPLACE_BATTERIES' });
      launcher.send({ type: 'POWER_ON' });
    }
  }
  h.update(JSON.stringify(device.outputs));
  h.update(JSON.stringify(launcher.core));
  return h.digest('hex').slice(0, 16);
}

/** What a device with a card sensor may report, and what a person may do, picked by the script. */
const DEVICE_INPUTS: HardwareInput[] = [
  { type: 'BUTTON' }, { type: 'BUTTON' }, { type: 'CARD' }, { type: 'CARD' }, { type: 'CARD' }, { type: 'STALL' },
  { type: 'LINK', up: false }, { type: 'LINK', up: true }, { type: 'LID', open: true }, { type: 'LID', open: false },
  { type: 'BATTERY', volts: 3.5 }, { type: 'BATTERY', volts: 4.6 }, { type: 'POWER', on: false }, { type: 'POWER', on: true },
];

/** A device that counts cards, driven by `n` steps of a seeded script: an input, a reload, a timer, or time passing. */
function sensing(n: number): string {
  const h = createHash('sha256');
  const { launcher, device } = makeSensingLauncher({ profile: tweaked('seed-0-8', {}, { fire: { model: 'hazard', hazard: [0.7] } }) });
  launcher.actor.on('*', (e) => h.update(JSON.stringify(e)));
  const rng = new Rng(seedRng(46));
  for (let i = 0; i < n; i++) {
    const k = rng.int(DEVICE_INPUTS.length + 3);
    if (k < DEVICE_INPUTS.length) device.input(DEVICE_INPUTS[k]);
    else if (k === DEVICE_INPUTS.length) launcher.send({ type: 'RELOAD', cards: deck(3, `r${i}-`) });
    else if (k === DEVICE_INPUTS.length + 1) launcher.clock!.step();
    else launcher.clock!.advance(rng.int(2000));
    h.update(`${launcher.unitState} ${JSON.stringify(launcher.context.press)}`);
  }
  h.update(JSON.stringify(device.outputs));
  h.update(JSON.stringify(launcher.core));
  return h.digest('hex').slice(0, 16);
}

const TRACES: Record<string, () => string> = {
  'extreme rounds, seed-0-8': () => rounds('extreme', resolveProfile('seed-0-8'), 16),
  'attack-1999 rounds, its pattern': () => rounds('attack-1999', resolveProfile('attack-1999-pattern'), 8),
  'extreme-2010 rounds, measured': () => rounds('extreme-2010', resolveProfile('extreme-2010-measured'), 8),
  'extreme rounds, worn roller': () => rounds('extreme', worn(), 8),
  'worn roller, fresh cells': () => presses(1, 1200),
  // Weak cells warn once; spent ones brown out, then die (presses ignored until new batteries).
  'worn roller, weak cells': () => presses(0.34, 1200),
  'worn roller, spent cells': () => presses(0.0005, 600),
  'a device that counts cards, scripted': () => sensing(4000),
};

const EXPECTED: Record<string, string> = {
  'extreme rounds, seed-0-8': 'b1226afca4194c2b',
  'attack-1999 rounds, its pattern': '93fd0fa5728fb0ad',
  'extreme-2010 rounds, measured': 'f46f073baae6bf7c',
  'extreme rounds, worn roller': 'b7e6288f1c5fa31f',
  'worn roller, fresh cells': '634cea81f6715c02',
  'worn roller, weak cells': '241d36d5b8a517cd',
  'worn roller, spent cells': 'd085e6db502a44db',
  'a device that counts cards, scripted': '5670756340293d4f',
};

describe('golden machine traces: the launcher machine shows and drives the same, event for event', () => {
  goldenDigests(EXPECTED, TRACES);
});

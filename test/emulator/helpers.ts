import { compileProfile, validateProfileSpec, type Profile, type ProfileSpec } from '../../emulator/profile.ts';
import { resolveProfile } from '../../emulator/profiles.ts';
import { MachineLauncher, type LauncherOptions } from '../../emulator/launcher.ts';
import { SimulatedDevice, type DeviceOutput } from '../../emulator/hardware.ts';
import type { LauncherEmitted } from '../../emulator/machine.ts';

/** A deck of n distinct card ids. */
export const deck = (n = 108, prefix = 'c'): string[] => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

/** A shipped profile with some mechanics overridden (e.g. a jam-prone roller). */
export function tweaked(name: string, mechanics: ProfileSpec['mechanics'], extra: Partial<ProfileSpec> = {}): Profile {
  const spec = resolveProfile(name).spec;
  return compileProfile(validateProfileSpec({ ...spec, ...extra, mechanics: { ...spec.mechanics, ...mechanics } }));
}

/** The default profile firing on every press, always `n` cards (mechanics overridden as asked). */
export function fixedBurst(n: number, mechanics: ProfileSpec['mechanics'] = {}): Profile {
  return tweaked('seed-0-8', mechanics, { fire: { model: 'hazard', hazard: [1] }, burst: { law: 'uniform', min: n, max: n } });
}

/** Everything the launcher emits from now on, in order. */
export function record(l: MachineLauncher): LauncherEmitted[] {
  const seen: LauncherEmitted[] = [];
  l.actor.on('*', (e) => seen.push(e as LauncherEmitted));
  return seen;
}

/** The motor commands a simulated device was given, in order. */
export function motorCmds(device: { outputs: readonly DeviceOutput[] }): string[] {
  return device.outputs.flatMap((o) => (o.kind === 'motor' ? [o.cmd] : []));
}

/** A launcher on a simulated clock with a simulated device the test can act on. */
export function makeLauncher(o: Partial<LauncherOptions> & { profile?: Profile } = {}): { launcher: MachineLauncher; device: SimulatedDevice } {
  let launcher: MachineLauncher | undefined;
  const device = new SimulatedDevice(() => launcher?.now() ?? 0);
  launcher = new MachineLauncher({ profile: resolveProfile('seed-0-8'), seed: 1, supply: deck(), ...o, hardware: device });
  return { launcher, device };
}

/**
 * A device with a card sensor, as the firmware bridge presents one: the test plays its sensor
 * and link (CARD, STALL, LINK inputs) while it records the motor, tones and aim it is driven with.
 */
export class SensingDevice extends SimulatedDevice {
  override readonly sensesCards: boolean = true;
  override readonly name: string = 'test:sensing';
}

/**
 * A {@link SensingDevice} whose flush the test answers: what it sends before the answer is what a
 * real device's link still carried when the burst ended.
 */
export class FlushHeldDevice extends SensingDevice {
  private asked: Array<() => void> = [];

  flush(): Promise<void> {
    return new Promise((resolve) => this.asked.push(resolve));
  }

  /** Flushes asked for and not answered yet. */
  get pending(): number {
    return this.asked.length;
  }

  /** Answers the oldest `n` flushes (all by default). */
  answer(n = this.asked.length): void {
    for (const resolve of this.asked.splice(0, n)) resolve();
  }
}

/** A launcher driving a {@link SensingDevice} (or the one `make` builds) on a simulated clock. */
export function makeSensingLauncher<D extends SensingDevice = SensingDevice>(
  o: Partial<LauncherOptions> = {},
  make: (now: () => number) => D = (now) => new SensingDevice(now) as D,
): { launcher: MachineLauncher; device: D } {
  let launcher: MachineLauncher | undefined;
  const device = make(() => launcher?.now() ?? 0);
  launcher = new MachineLauncher({ profile: resolveProfile('seed-0-8'), seed: 1, supply: deck(), ...o, hardware: device });
  return { launcher, device };
}

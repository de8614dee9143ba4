import { compileProfile, validateProfileSpec, type Profile, type ProfileSpec } from '../../emulator/profile.ts';
import { resolveProfile } from '../../emulator/profiles.ts';
import { MachineLauncher, type LauncherOptions } from '../../emulator/launcher.ts';
import { SimulatedDevice } from '../../emulator/hardware.ts';

/** A deck of n distinct card ids. */
export const deck = (n = 108, prefix = 'c'): string[] => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

/** A shipped profile with some mechanics overridden (e.g. a jam-prone roller). */
export function tweaked(name: string, mechanics: ProfileSpec['mechanics'], extra: Partial<ProfileSpec> = {}): Profile {
  const spec = resolveProfile(name).spec;
  return compileProfile(validateProfileSpec({ ...spec, ...extra, mechanics: { ...spec.mechanics, ...mechanics } }));
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

/** A launcher driving a {@link SensingDevice} on a simulated clock. */
export function makeSensingLauncher(o: Partial<LauncherOptions> = {}): { launcher: MachineLauncher; device: SensingDevice } {
  let launcher: MachineLauncher | undefined;
  const device = new SensingDevice(() => launcher?.now() ?? 0);
  launcher = new MachineLauncher({ profile: resolveProfile('seed-0-8'), seed: 1, supply: deck(), ...o, hardware: device });
  return { launcher, device };
}

/**
 * The launcher a match session plays with, of any kind (the simulated one, the page's emulated
 * board, a board on a serial port, StandardFirmata): the session says how to start it, the front
 * end's factory makes it. One launcher a round; its state is carried from round to round.
 */
import type { CoreState } from '../emulator/core.ts';
import type { MachineLauncher } from '../emulator/launcher.ts';
import type { Profile } from '../emulator/profile.ts';
import type { CardId } from '../game/index.ts';
import type { RngState } from '../lib/rng.ts';

/** How the session wants a round's launcher started. */
export interface LauncherStart {
  profile: Profile;
  /** The match's launcher stream (`launcherRng`); unused when `resume` is given. */
  seed: RngState;
  /** Seats around the table (the aim). */
  seats: number;
  /** The state carried from the last round or from the save, with the round's supply. */
  resume?: CoreState;
  /** The cards loaded at the start (a resumed round with no launcher state saved). */
  supply?: CardId[];
}

/** A round's launcher, as the factory made it. */
export interface TableLauncher {
  readonly launcher: MachineLauncher;
  /** Stops it (its timers, its hold on a device, which outlives it for the next round). */
  dispose(): void;
}

/** Makes a round's launcher. */
export type LauncherFactory = (start: LauncherStart) => TableLauncher;

/**
 * `start` for a real device. A device cannot say which cards it holds (it may have been emptied,
 * restarted or reloaded since the save): its machine starts empty, and the round loads the supply
 * into it, the person asked.
 */
export function onDevice<T extends { supply?: CardId[]; resume?: CoreState }>(start: T): Omit<T, 'supply'> {
  const { supply: _loadedByTheRound, resume, ...rest } = start;
  return { ...rest, ...(resume ? { resume: { ...resume, supply: [] } } : {}) } as Omit<T, 'supply'>;
}

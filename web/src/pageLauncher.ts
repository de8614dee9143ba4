/**
 * The launcher the page plays against, behind the contract the launcher view (web/src/launcher/)
 * builds to: `{ launcher, setSpeed }` from the same options. Until that view lands this is the
 * plain emulator: the XState machine on the real clock (so a burst takes the toy's time), or on
 * the simulated clock at `instant` speed.
 */
import { MachineLauncher } from '../../emulator/launcher.ts';
import type { CardId, CoreState } from '../../emulator/core.ts';
import type { Profile } from '../../emulator/profile.ts';
import type { RngState } from '../../lib/rng.ts';

/** How fast the table plays: the toy's own time, twice as fast, or at once. */
export type Speed = 1 | 2 | 'instant';

/** What a page launcher is made from (the options of `createPageLauncher`). */
export interface PageLauncherOptions {
  profile: Profile;
  seed: RngState;
  seats: number;
  speed: Speed;
  /** A saved launcher to go on from (its supply is the round's). */
  resume?: CoreState;
  /** The cards already in the launcher (a round resumed mid-way with no saved launcher). */
  supply?: CardId[];
}

/** A launcher for runRound, and the speed it runs at. */
export interface PageLauncher {
  launcher: MachineLauncher;
  /** The next launcher made runs at this speed (a machine's clock is chosen when it is made). */
  setSpeed(speed: Speed): void;
}

/** The emulator as it is, with no drawing: what the page plays against without the launcher view. */
export function createPlainLauncher(o: PageLauncherOptions): PageLauncher {
  const launcher = new MachineLauncher({
    profile: o.profile,
    seed: o.seed,
    seats: o.seats,
    clock: o.speed === 'instant' ? 'simulated' : 'real',
    // Presses come from the players' moves: the launcher's own button would give cards outside the game.
    ignoreButton: true,
    ...(o.resume ? { resume: o.resume } : o.supply?.length ? { supply: o.supply } : {}),
  });
  return { launcher, setSpeed: () => {} };
}

/**
 * The launcher in the page: the real XState launcher machine (emulator/launcher.ts) on the real
 * clock at the speed the person picked, its drawing ({@link LauncherView}) and its sounds
 * ({@link Sound}). The game's runner drives `launcher` as it drives any launcher.
 */
import type { Speed } from '../../../emulator/clock.ts';
import type { CardId, CoreState } from '../../../emulator/core.ts';
import type { LauncherHardware } from '../../../emulator/hardware.ts';
import { MachineLauncher } from '../../../emulator/launcher.ts';
import type { Profile } from '../../../emulator/profile.ts';
import type { RngState } from '../../../lib/rng.ts';

export { CARD_LANDED, type CardLanded } from './Flights.tsx';
export { LauncherView, MuteToggle, usePrefersReducedMotion, type LauncherViewProps } from './LauncherView.tsx';
export { LAUNCHER_CSS } from './styles.ts';
export { Toy } from './Toy.tsx';
export { story } from './watch.ts';
export { BEEP, DING, DRAW, LAY, LOW, renderBeep, renderDing, renderDraw, renderLay, renderLowBattery, renderUno, renderWin, Sound, UNO, WIN, type SoundKind } from './sound.ts';

/** The speed setting: real time, twice as fast, or no waiting at all. */
export type PageSpeed = 1 | 2 | 'instant';

/** The clock speed of a setting. */
export function speedFactor(speed: PageSpeed): Speed {
  return speed === 'instant' ? Infinity : speed;
}

/** How to start the page's launcher. */
export interface PageLauncherOptions {
  profile: Profile;
  /** A seed, or a generator state to continue from. */
  seed: number | RngState;
  /** Seats around the table (the aim). */
  seats: number;
  speed: PageSpeed;
  /** Continue from a saved core state (a resumed game); `seed` is then unused. */
  resume?: CoreState;
  /** The cards loaded at the start. */
  supply?: CardId[];
  /** A device to drive (web/src/device: a board on USB, the virtual one); the simulated device by default. It outlives the launcher: each round's launcher drives it in turn. */
  hardware?: LauncherHardware;
}

/** The page's launcher: the machine, its speed, and its end. */
export interface PageLauncher {
  launcher: MachineLauncher;
  /** Changes the speed from now on (a burst under way goes on at the new pace, with the same cards). */
  setSpeed(speed: PageSpeed): void;
  /** Stops the machine (its timers with it). */
  dispose(): void;
}

/**
 * The launcher the page plays with: a {@link MachineLauncher} on the real clock at `speed`, its
 * own button ignored (presses come from the game), a simulated device. The same seed gives the
 * same presses at every speed.
 */
export function createPageLauncher(o: PageLauncherOptions): PageLauncher {
  const launcher = new MachineLauncher({
    profile: o.profile,
    seed: o.seed,
    seats: o.seats,
    clock: 'real',
    speed: speedFactor(o.speed),
    ignoreButton: true,
    ...(o.resume ? { resume: o.resume } : {}),
    ...(o.supply ? { supply: o.supply } : {}),
    ...(o.hardware ? { hardware: o.hardware } : {}),
  });
  return {
    launcher,
    setSpeed: (speed) => launcher.setSpeed(speedFactor(speed)),
    // A device given is the page's (kept for the next round): detached, not closed.
    dispose: () => (o.hardware ? launcher.detach() : void launcher.close()),
  };
}

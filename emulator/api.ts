/**
 * What the rest of the project (the game runner, simulations, the console) needs of a launcher,
 * whatever runs it: the fast pure core, the XState machine on a simulated clock, or a real device.
 */
import { seedRng, type RngState } from '../lib/rng.ts';
import { initialCore, lidCycle, pressFast, withSupply, type CardId, type CoreState, type PressResult } from './core.ts';
import type { Profile } from './profile.ts';

/** A launcher the game can play against (asynchronous: a real device takes real time). */
export interface LauncherLike {
  /** Presses the button once; resolves to what happened. */
  press(): Promise<PressResult>;
  /** Turns the launcher toward a seat; resolves when it is there. */
  aim(seat: number): Promise<void>;
  /**
   * Puts cards in (a reload) through the lid: they go on top of what is left, so the old ones
   * leave first. The lid cycle clears a jam and, for profiles that say so, the press counter.
   */
  load(cards: readonly CardId[]): Promise<void>;
  /** Opens and closes the lid to clear a jam. */
  clearJam(): Promise<void>;
  /** Cards the launcher holds, as far as software knows. */
  readonly supplyCount: number;
  /** The cards the launcher holds, bottom first (a real device: the cards software loaded and has not seen leave). */
  readonly supply: readonly CardId[];
}

/** A launcher that answers at once: for simulations and tests on a simulated clock. */
export interface SyncLauncher extends LauncherLike {
  pressSync(): PressResult;
  aimSync(seat: number): void;
  loadSync(cards: readonly CardId[]): void;
  clearJamSync(): void;
}

/**
 * The fast path: the pure core called directly, no machine, no clock. The same seed gives the
 * same presses as the machine ({@link MachineLauncher}); a test holds both to it.
 */
export class FastLauncher implements SyncLauncher {
  state: CoreState;
  /** Seat the launcher faces. */
  aimedAt = 0;

  constructor(readonly profile: Profile, seed: number | RngState, supply: CardId[] = [], charge = 1) {
    this.state = initialCore(typeof seed === 'number' ? seedRng(seed) : seed, supply, charge);
  }

  get supplyCount(): number {
    return this.state.supply.length;
  }

  get supply(): readonly CardId[] {
    return this.state.supply;
  }

  pressSync(): PressResult {
    const { state, result } = pressFast(this.profile, this.state);
    this.state = state;
    return result;
  }

  aimSync(seat: number): void {
    this.aimedAt = seat;
  }

  loadSync(cards: readonly CardId[]): void {
    // Loading means opening the lid: the same lid cycle the machine goes through.
    this.state = lidCycle(this.profile, withSupply(this.state, this.state.supply.concat(cards)));
  }

  clearJamSync(): void {
    this.state = lidCycle(this.profile, this.state);
  }

  async press(): Promise<PressResult> {
    return this.pressSync();
  }

  async aim(seat: number): Promise<void> {
    this.aimSync(seat);
  }

  async load(cards: readonly CardId[]): Promise<void> {
    this.loadSync(cards);
  }

  async clearJam(): Promise<void> {
    this.clearJamSync();
  }
}

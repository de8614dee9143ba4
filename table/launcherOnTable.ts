/**
 * The launcher as the people at a table follow it ({@link LauncherOnTable}): the one follower of a
 * launcher's public events, for a room's clients (rooms/room.ts) and for the one-player page's
 * drawing and words (web/src/launcher/watch.ts). It follows each round's launcher (a session makes
 * one a round) and counts what it did over the whole game, so that a client tells a new ding,
 * press or reload from one it has already played. It copies counts and states, never a card.
 */
import type { MachineLauncher } from '../emulator/launcher.ts';
import type { Profile } from '../emulator/profile.ts';
import type { LauncherOnTable, LauncherPress } from './roomMessages.ts';

/** What the events told, as opposed to what the launcher holds now (read at each snapshot). */
export type LauncherHeard = Pick<LauncherOnTable, 'lowBattery' | 'dead' | 'running' | 'dings' | 'dingMs' | 'dingPace' | 'press' | 'reload'>;

/**
 * How long a ding is against the profile's first ding: 1 for a profile whose dings are all the
 * same, less at each empty press for one whose ding quickens (`dingPulse`). The bell and the
 * button's light ring run at this pace.
 */
export function dingPace(profile: Profile, e: { ms?: number }): number {
  return e.ms === undefined || profile.dingPulse === null ? 1 : e.ms / profile.dingPulse.ms;
}

export class LauncherOnTableWatch {
  private launcher: MachineLauncher | null = null;
  private offs: (() => void)[] = [];
  private state: LauncherHeard = { lowBattery: null, dead: false, running: false, dings: 0, dingMs: null, dingPace: 1, press: null, reload: null };
  private reloads = 0;
  /** The snapshot since the last change (a room sends it to every client). */
  private cached: LauncherOnTable | null = null;

  /**
   * `presser`: who is pressing now (the game knows; the launcher only knows where it faces).
   * `changed`: something a client shows changed (on a real clock, between the game's moves too).
   */
  constructor(private readonly presser: () => number | undefined, private readonly changed: () => void) {}

  /** Follows `l` from now on (the round's launcher), the last one's counts kept. */
  follow(l: MachineLauncher): void {
    this.stop();
    this.launcher = l;
    this.offs = [
      l.on('ding', (e) => {
        const id = this.state.dings + 1;
        this.set({
          dings: id,
          dingMs: e.ms ?? null,
          dingPace: dingPace(l.context.profile, e),
          reload: null,
          press: { id, seat: l.context.aimSeat, presser: this.presser() ?? l.context.aimSeat, fired: null, cards: 0, halfOut: false, jam: false, empty: false, brownout: false, done: false, ms: null },
        });
      }),
      l.on('decided', (e) => this.press({ fired: e.fire })),
      l.on('card', (e) => this.press({ cards: (this.state.press?.cards ?? 0) + 1, ...(e.halfOut ? { halfOut: true } : {}) })),
      l.on('jam', () => this.press({ jam: true })),
      l.on('empty', () => this.press({ empty: true })),
      l.on('brownout', () => this.press({ brownout: true })),
      l.on('pressDone', ({ result: r }) => this.press({ done: true, cards: r.cards.length, halfOut: r.halfOut, empty: r.empty, jam: r.jam, ms: r.durationMs })),
      l.on('motor', (e) => this.set({ running: e.cmd !== 'stop' })),
      l.on('reloaded', (e) => this.set({ reload: { id: ++this.reloads, cards: e.cards, supply: e.supply } })),
      l.on('lowBattery', (e) => this.set({ lowBattery: e.volts })),
      l.on('dead', () => this.set({ dead: true })),
    ];
    // What the snapshot reads from the machine (a turn begun, the lid, the count inside) changes
    // with its state, not always with an event.
    const sub = l.actor.subscribe(() => this.invalidate());
    this.offs.push(() => sub.unsubscribe());
    this.invalidate();
  }

  /** What the events told so far (a new object at each change). */
  get heard(): LauncherHeard {
    return this.state;
  }

  /** Stops listening (the room is closing); the last snapshot stays what it was. */
  stop(): void {
    if (this.launcher) this.cached = this.snapshot();
    for (const off of this.offs) off();
    this.offs = [];
    this.launcher = null;
  }

  /** The launcher as it is now, or as the last one was left (null before any). */
  snapshot(): LauncherOnTable | null {
    const l = this.launcher;
    if (this.cached || !l) return this.cached;
    const c = l.context;
    this.cached = {
      device: l.hardware.name, aimSeat: c.aimSeat, turning: c.turning, aimTravelMs: c.aimTravelMs, supply: l.supplyCount,
      lidOpen: l.lidOpen, jammed: l.unitState === 'jammed', volts: Math.round(l.volts * 100) / 100, ...this.state,
    };
    return this.cached;
  }

  private set(change: Partial<LauncherHeard>): void {
    this.state = { ...this.state, ...change };
    this.invalidate();
  }

  private invalidate(): void {
    this.cached = null;
    this.changed();
  }

  private press(change: Partial<LauncherPress>): void {
    const p = this.state.press;
    if (p) this.set({ press: { ...p, ...change } });
  }
}

/**
 * The launcher on a room's table as its clients see it ({@link LauncherOnTable}): it follows each
 * round's launcher (the session makes one a round) through its public events and counts what it
 * did over the whole game, so that a client tells a new ding, press or reload from one it has
 * already played. It copies counts and states, never a card.
 */
import type { MachineLauncher } from '../emulator/launcher.ts';
import type { LauncherOnTable, LauncherPress } from './roomMessages.ts';

/** What the events told, as opposed to what the launcher holds now (read at each snapshot). */
type Heard = Pick<LauncherOnTable, 'lowBattery' | 'dead' | 'running' | 'dings' | 'dingMs' | 'dingPace' | 'press' | 'reload'>;

export class LauncherOnTableWatch {
  private launcher: MachineLauncher | null = null;
  private offs: (() => void)[] = [];
  private heard: Heard = { lowBattery: null, dead: false, running: false, dings: 0, dingMs: null, dingPace: 1, press: null, reload: null };
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
        const id = this.heard.dings + 1;
        const first = l.context.profile.dingPulse?.ms;
        this.set({
          dings: id,
          dingMs: e.ms ?? null,
          dingPace: e.ms === undefined || first === undefined ? 1 : e.ms / first,
          reload: null,
          press: { id, seat: l.context.aimSeat, presser: this.presser() ?? l.context.aimSeat, fired: null, cards: 0, halfOut: false, jam: false, empty: false, brownout: false, done: false, ms: null },
        });
      }),
      l.on('decided', (e) => this.press({ fired: e.fire })),
      l.on('card', (e) => this.press({ cards: (this.heard.press?.cards ?? 0) + 1, ...(e.halfOut ? { halfOut: true } : {}) })),
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
      lidOpen: l.lidOpen, jammed: l.unitState === 'jammed', volts: Math.round(l.volts * 100) / 100, ...this.heard,
    };
    return this.cached;
  }

  private set(change: Partial<Heard>): void {
    this.heard = { ...this.heard, ...change };
    this.invalidate();
  }

  private invalidate(): void {
    this.cached = null;
    this.changed();
  }

  private press(change: Partial<LauncherPress>): void {
    const p = this.heard.press;
    if (p) this.set({ press: { ...p, ...change } });
  }
}

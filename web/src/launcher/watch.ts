/**
 * What the launcher has done, as a person at the table follows it: the presses dinged, what the
 * last press gave and to whom, a jam, a card left sticking out, the last reload, weak batteries.
 * It listens to the machine's public events only; the view draws it and says it in words.
 */
import type { CardId } from '../../../emulator/core.ts';
import type { MachineLauncher } from '../../../emulator/launcher.ts';
import type { Profile } from '../../../emulator/profile.ts';

/** The last press, as it went. */
export interface PressStory {
  /** The seat the launcher faced: who takes what came out. */
  seat: number;
  /** Who pressed: a card left sticking out is theirs (the rules), whoever the launcher faced. */
  presser: number;
  /** The decision (null until the machine has made it). */
  fired: boolean | null;
  cards: number;
  halfOut: boolean;
  jam: boolean;
  empty: boolean;
  brownout: boolean;
  /** The press is over (the launcher is at rest again). */
  done: boolean;
}

/** What the launcher has shown so far. */
export interface Shown {
  /** Correct presses heard (each one a ding). */
  dings: number;
  /** The last ding's pace ({@link dingPace}): 1, or less for a quickening ding. */
  dingPace: number;
  press: PressStory | null;
  /** The last reload (shown until the next press): cards put in, and the launcher's count then. */
  reload: { cards: number; supply: number } | null;
  /** The low-battery warning was given, at this voltage. */
  lowBattery: number | null;
  /** The motor runs. */
  running: boolean;
  /** The batteries gave out. */
  dead: boolean;
}

/** A card out of the mouth, and who takes it: the seat the launcher faces, or for a card left sticking out, the presser. */
export interface CardOut {
  card: CardId;
  seat: number;
  halfOut: boolean;
}

/**
 * How long a ding is against the profile's first ding: 1 for a profile whose dings are all the
 * same, less at each empty press for one whose ding quickens (`dingPulse`). The page's bell and
 * its button's light ring run at this pace.
 */
export function dingPace(profile: Profile, e: { ms?: number }): number {
  return e.ms === undefined || profile.dingPulse === null ? 1 : e.ms / profile.dingPulse.ms;
}

/** Follows a launcher's events; `subscribe` hears every change. */
export class LauncherWatch {
  private state: Shown = { dings: 0, dingPace: 1, press: null, reload: null, lowBattery: null, running: false, dead: false };
  private readonly listeners = new Set<() => void>();
  private readonly cardListeners = new Set<(c: CardOut) => void>();
  private readonly offs: (() => void)[];

  /** `presser`: who is pressing now (unknown to the launcher; by default the seat it faces). */
  constructor(private readonly launcher: MachineLauncher, presser: () => number | undefined = () => undefined) {
    const l = launcher;
    this.offs = [
      l.on('ding', (e) =>
        this.set({
          dings: this.state.dings + 1,
          dingPace: dingPace(l.context.profile, e),
          reload: null,
          press: { seat: l.context.aimSeat, presser: presser() ?? l.context.aimSeat, fired: null, cards: 0, halfOut: false, jam: false, empty: false, brownout: false, done: false },
        })),
      l.on('decided', (e) => this.press({ fired: e.fire })),
      l.on('card', (e) => {
        const p = this.state.press;
        const seat = (e.halfOut ? p?.presser : p?.seat) ?? l.context.aimSeat;
        this.press({ cards: (this.state.press?.cards ?? 0) + 1, ...(e.halfOut ? { halfOut: true } : {}) });
        for (const c of this.cardListeners) c({ card: e.card, seat, halfOut: e.halfOut });
      }),
      l.on('jam', () => this.press({ jam: true })),
      l.on('empty', () => this.press({ empty: true })),
      l.on('brownout', () => this.press({ brownout: true })),
      l.on('pressDone', (e) => this.press({ done: true, cards: e.result.cards.length, empty: e.result.empty, jam: e.result.jam })),
      l.on('motor', (e) => this.set({ running: e.cmd !== 'stop' })),
      l.on('reloaded', (e) => this.set({ reload: { cards: e.cards, supply: e.supply } })),
      l.on('lowBattery', (e) => this.set({ lowBattery: e.volts })),
      l.on('dead', () => this.set({ dead: true })),
    ];
  }

  /** What has been shown. */
  get shown(): Shown {
    return this.state;
  }

  /** Hears every change (an event, or the machine's state); returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    const sub = this.launcher.actor.subscribe(() => listener());
    return () => {
      this.listeners.delete(listener);
      sub.unsubscribe();
    };
  }

  /** Hears each card as it leaves the mouth; returns the unsubscribe function. */
  onCard(listener: (c: CardOut) => void): () => void {
    this.cardListeners.add(listener);
    return () => this.cardListeners.delete(listener);
  }

  dispose(): void {
    for (const off of this.offs) off();
    this.listeners.clear();
    this.cardListeners.clear();
  }

  private set(change: Partial<Shown>): void {
    this.state = { ...this.state, ...change };
    for (const l of this.listeners) l();
  }

  private press(change: Partial<PressStory>): void {
    if (this.state.press) this.set({ press: { ...this.state.press, ...change } });
  }
}

/** A seat's name in a sentence. */
function who(names: readonly string[], seat: number): string {
  return names[seat] ?? `seat ${seat + 1}`;
}

/**
 * The last press and reload in plain words, one line each (what reduced motion still shows).
 * `jammed`: the launcher is jammed now (not yet freed).
 */
export function story(s: Shown, names: readonly string[], jammed = false): string[] {
  const lines: string[] = [];
  const p = s.press;
  if (p) {
    const to = who(names, p.seat);
    // A card left sticking out goes to the presser, who may not be the seat the launcher faces.
    const aimed = p.cards - (p.halfOut && p.presser !== p.seat ? 1 : 0);
    lines.push('Ding!');
    if (p.brownout) lines.push('The batteries sagged as the motor started: the launcher reset and gave nothing');
    else if (p.fired === false) lines.push('Nothing came out');
    else if (aimed > 0) lines.push(`${aimed} ${aimed === 1 ? 'card' : 'cards'} ${p.done ? 'went' : 'flying'} to ${to}`);
    else if (p.done && !p.halfOut) lines.push('No card came out');
    if (p.halfOut) lines.push(`A card was left sticking out: ${who(names, p.presser)} takes it`);
    if (p.jam) lines.push(jammed ? 'Jammed: a card is stuck in the mouth; open the lid to free it' : 'Jammed: the lid was opened and the stuck card freed');
    if (p.empty) lines.push('The launcher ran empty');
  }
  // The launcher cannot tell the round's first load from the discards put back when it ran empty
  // (the events' log says which it was), so its line says only what went in.
  if (s.reload) lines.push(s.reload.cards > 0 ? `Loaded: ${s.reload.cards} ${s.reload.cards === 1 ? 'card' : 'cards'} put in (${s.reload.supply} in the launcher)` : `Loaded: no card to put in (${s.reload.supply} in the launcher)`);
  if (s.dead) lines.push('The batteries are dead: replace them');
  return lines;
}

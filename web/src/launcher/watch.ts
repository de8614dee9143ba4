/**
 * What the launcher has done, as a person at the table follows it: the presses dinged, what the
 * last press gave and to whom, a jam, a card left sticking out, the last reload, weak batteries.
 * It follows the machine's public events through the table's follower, the same as a room's
 * clients; the view draws it and says it in words.
 */
import type { CardId } from '../../../emulator/core.ts';
import type { MachineLauncher } from '../../../emulator/launcher.ts';
import { LauncherOnTableWatch, type LauncherHeard } from '../../../table/launcherOnTable.ts';
import { nameOf } from '../../../table/words.ts';
import type { Words } from '../../../words/catalogue.ts';

export { dingPace } from '../../../table/launcherOnTable.ts';

/** A card out of the mouth, and who takes it: the seat the launcher faces, or for a card left sticking out, the presser. */
export interface CardOut {
  card: CardId;
  seat: number;
  halfOut: boolean;
}

/**
 * Follows a launcher for the page: what the table's follower (table/launcherOnTable.ts) tells, and
 * each card as it leaves the mouth (the page flies it to its seat; a room's clients get counts
 * only). `subscribe` hears every change.
 */
export class LauncherWatch {
  private readonly follower: LauncherOnTableWatch;
  private readonly listeners = new Set<() => void>();
  private readonly cardListeners = new Set<(c: CardOut) => void>();
  private readonly offCard: () => void;

  /** `presser`: who is pressing now (unknown to the launcher; by default the seat it faces). */
  constructor(launcher: MachineLauncher, presser: () => number | undefined = () => undefined) {
    this.follower = new LauncherOnTableWatch(presser, () => {
      for (const l of this.listeners) l();
    });
    this.follower.follow(launcher);
    this.offCard = launcher.on('card', (e) => {
      const p = this.follower.heard.press;
      const seat = (e.halfOut ? p?.presser : p?.seat) ?? launcher.context.aimSeat;
      for (const c of this.cardListeners) c({ card: e.card, seat, halfOut: e.halfOut });
    });
  }

  /** What has been shown. */
  get shown(): LauncherHeard {
    return this.follower.heard;
  }

  /** Hears every change (an event, or the machine's state); returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Hears each card as it leaves the mouth; returns the unsubscribe function. */
  onCard(listener: (c: CardOut) => void): () => void {
    this.cardListeners.add(listener);
    return () => this.cardListeners.delete(listener);
  }

  dispose(): void {
    this.follower.stop();
    this.offCard();
    this.listeners.clear();
    this.cardListeners.clear();
  }
}

/**
 * The last press and reload in plain words, one line each (what reduced motion still shows).
 * `jammed`: the launcher is jammed now (not yet freed).
 */
export function story(s: LauncherHeard, names: readonly string[], w: Words, jammed = false): string[] {
  const lines: string[] = [];
  const p = s.press;
  if (p) {
    // A card left sticking out goes to the presser, who may not be the seat the launcher faces.
    const aimed = p.cards - (p.halfOut && p.presser !== p.seat ? 1 : 0);
    lines.push(w.t('story.ding'));
    if (p.brownout) lines.push(w.t('story.brownout'));
    else if (p.fired === false) lines.push(w.t('story.nothing'));
    else if (aimed > 0) lines.push(w.t('story.cards', { n: aimed, done: p.done ? 'yes' : 'no', who: nameOf(names, p.seat, w) }));
    else if (p.done && !p.halfOut) lines.push(w.t('story.noCard'));
    if (p.halfOut) lines.push(w.t('story.halfOut', { who: nameOf(names, p.presser, w) }));
    if (p.jam) lines.push(w.t(jammed ? 'story.jammed' : 'story.freed'));
    if (p.empty) lines.push(w.t('story.empty'));
  }
  // The launcher cannot tell the round's first load from the discards put back when it ran empty
  // (the events' log says which it was), so its line says only what went in.
  if (s.reload) lines.push(w.t('story.loaded', { n: s.reload.cards, supply: s.reload.supply }));
  if (s.dead) lines.push(w.t('story.dead'));
  return lines;
}

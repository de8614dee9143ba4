/**
 * The launcher on a room's table as clients see it: every ding counted and its length kept when
 * the ding quickens, each press with its seat, presser and number of cards under an id that only
 * grows (across rounds' launchers too), jams, cards left sticking out, reloads, batteries and the
 * lid; and never a card.
 */
import { describe, expect, it } from 'vitest';
import { MachineLauncher } from '../../emulator/launcher.ts';
import { compileProfile, validateProfileSpec, type ProfileSpec } from '../../emulator/profile.ts';
import { LauncherOnTableWatch } from '../../table/launcherOnTable.ts';
import { deck, fixedBurst, tweaked } from '../emulator/helpers.ts';

/** Fires on the 3rd press of every 3, one card: two empty presses, then a burst; the ding quickens. */
const quickening = compileProfile(validateProfileSpec({
  name: 'quickening', source: 'a test',
  fire: { model: 'schedule', period: 3, presses: [3] },
  burst: { law: 'uniform', min: 1, max: 1 },
  mechanics: { slip: 0, jam: 0, doubleFeed: 0, halfOut: 0 },
  dingPulse: { ms: 200, faster: 2, shortestMs: 50 },
} as ProfileSpec));

function watching(presser: () => number | undefined = () => undefined) {
  let changes = 0;
  const w = new LauncherOnTableWatch(presser, () => changes++);
  return { w, changes: () => changes };
}

describe('the launcher on the table', () => {
  it('counts each ding with its length, and says what each press gave, under an id', () => {
    const { w, changes } = watching(() => 2);
    expect(w.snapshot()).toBeNull();
    const l = new MachineLauncher({ profile: quickening, seed: 1, seats: 4, supply: deck(20) });
    w.follow(l);
    l.aimSync(1);
    const seen = [];
    for (let i = 0; i < 6; i++) {
      const r = l.pressSync();
      const s = w.snapshot()!;
      seen.push([s.dings, s.dingMs, s.press!.id, s.press!.cards, s.press!.fired]);
      expect(s.press).toMatchObject({ seat: 1, presser: 2, done: true, ms: r.durationMs, halfOut: false, jam: false });
      expect(s.dingPace).toBe(s.dingMs! / 200);
    }
    // Two empty presses, each ding twice as short as the last, then the burst of one card.
    expect(seen).toEqual([[1, 200, 1, 0, false], [2, 100, 2, 0, false], [3, 50, 3, 1, true], [4, 200, 4, 0, false], [5, 100, 5, 0, false], [6, 50, 6, 1, true]]);
    const s = w.snapshot()!;
    expect(s).toMatchObject({ device: 'simulated', aimSeat: 1, turning: false, supply: 18, lidOpen: false, jammed: false, lowBattery: null, dead: false, running: false, reload: null });
    expect(changes()).toBeGreaterThan(6);
    // A shipped profile's dings are all the same: no length.
    const plain = watching();
    const m = new MachineLauncher({ profile: tweaked('seed-0-8', {}), seed: 1, seats: 4, supply: deck(20) });
    plain.w.follow(m);
    m.pressSync();
    expect(plain.w.snapshot()).toMatchObject({ dings: 1, dingMs: null, dingPace: 1 });
  });

  it('shows a jam until it is cleared, and a card left sticking out going to the presser', () => {
    const { w } = watching(() => 3);
    const jamming = new MachineLauncher({ profile: fixedBurst(3, { jam: 1, slip: 0, doubleFeed: 0 }), seed: 2, seats: 4, supply: deck(20) });
    w.follow(jamming);
    const r = jamming.pressSync();
    expect(r.jam).toBe(true);
    expect(w.snapshot()).toMatchObject({ jammed: true, press: { id: 1, jam: true, done: true, cards: r.cards.length } });
    jamming.clearJamSync();
    expect(w.snapshot()).toMatchObject({ jammed: false, press: { id: 1, jam: true } });
    // The next round's launcher: the counts go on from the last one's.
    // A burst below the most a press gives leaves its last card sticking out (at the most, none does).
    const spec: Partial<ProfileSpec> = { fire: { model: 'hazard', hazard: [1] }, burst: { law: 'uniform', min: 1, max: 3 } };
    const sticking = new MachineLauncher({ profile: tweaked('seed-0-8', { halfOut: 1, slip: 0, doubleFeed: 0, jam: 0 }, spec), seed: 3, seats: 4, supply: deck(40) });
    w.follow(sticking);
    sticking.aimSync(0);
    let h = sticking.pressSync();
    while (!h.halfOut) h = sticking.pressSync();
    const id = w.snapshot()!.press!.id;
    expect(id).toBeGreaterThan(1);
    expect(w.snapshot()!.press).toMatchObject({ seat: 0, presser: 3, halfOut: true, cards: h.cards.length, fired: true });
    // The old launcher says nothing more.
    jamming.pressSync();
    expect(w.snapshot()!.dings).toBe(id);
  });

  it('counts the reloads, follows the lid, the aim and the batteries, and names no card', () => {
    const { w } = watching();
    const cards = deck(30, 'secret');
    const l = new MachineLauncher({ profile: fixedBurst(8, { slip: 0, doubleFeed: 0, jam: 0, halfOut: 0 }), seed: 4, seats: 6, supply: cards.slice(0, 10), charge: 0.2 });
    w.follow(l);
    l.send({ type: 'LID_OPEN' });
    expect(w.snapshot()!.lidOpen).toBe(true);
    l.send({ type: 'LID_CLOSE' });
    l.aimSync(5);
    expect(w.snapshot()).toMatchObject({ lidOpen: false, aimSeat: 5, supply: 10 });
    for (let i = 0; i < 3; i++) l.pressSync();
    expect(w.snapshot()!.supply).toBe(0);
    l.loadSync(cards.slice(10));
    expect(w.snapshot()!.reload).toEqual({ id: 1, cards: 20, supply: 20 });
    l.loadSync([]);
    expect(w.snapshot()!.reload).toMatchObject({ id: 2, cards: 0 });
    l.pressSync();
    expect(w.snapshot()!.reload).toBeNull();
    const s = w.snapshot()!;
    expect(s.volts).toBeLessThan(4.8);
    expect(s.volts).toBe(Math.round(l.volts * 100) / 100);
    expect(JSON.stringify(s)).not.toMatch(/secret/);
  });
});

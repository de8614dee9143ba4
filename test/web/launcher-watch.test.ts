import { EN_WORDS } from '../../words/catalogue.ts';
import { describe, expect, it } from 'vitest';
import { BATTERY } from '../../emulator/core.ts';
import { LauncherWatch, story, type CardOut } from '../../web/src/launcher/watch.ts';
import { deck, fixedBurst, makeLauncher, tweaked } from '../emulator/helpers.ts';

const names = ['You', 'Ana', 'Ben'];
const clean = { slip: 0, jam: 0, doubleFeed: 0, halfOut: 0 };
/**
 * Bursts of 2 whose reverse pulse always leaves a card sticking out: the law's maximum is 3 (one
 * burst in a million), so a third card has room under it.
 */
const halfOutTwo = tweaked('seed-0-8', { ...clean, halfOut: 1 }, { fire: { model: 'hazard', hazard: [1] }, burst: { law: 'histogram', weights: { 2: 999_999, 3: 1 } } });

/** A simulated launcher with a watch on it, and the cards it saw leave. */
function watched(o: Parameters<typeof makeLauncher>[0]) {
  const { launcher } = makeLauncher({ seats: 3, ...o });
  const watch = new LauncherWatch(launcher);
  const cards: CardOut[] = [];
  watch.onCard((c) => cards.push(c));
  return { launcher, watch, cards };
}

describe('what the launcher view tells of a press', () => {
  it('a burst: the ding, each card to the aimed seat, then how many went', () => {
    const { launcher, watch, cards } = watched({ profile: fixedBurst(3, clean) });
    launcher.aimSync(2);
    const r = launcher.pressSync();
    expect(cards).toEqual(r.cards.map((card) => ({ card, seat: 2, halfOut: false })));
    expect(watch.shown).toMatchObject({ dings: 1, press: { seat: 2, fired: true, cards: 3, done: true }, running: false });
    expect(story(watch.shown, names, EN_WORDS)).toEqual(['Ding!', '3 cards went to Ben']);
  });

  it('a press that does not fire', () => {
    const { launcher, watch } = watched({ profile: tweaked('seed-0-8', clean, { fire: { model: 'schedule', presses: [2], period: 2 } }) });
    launcher.pressSync();
    expect(story(watch.shown, names, EN_WORDS)).toEqual(['Ding!', 'Nothing came out']);
  });

  it('a card left sticking out goes with the others, and who takes it is said', () => {
    const { launcher, watch, cards } = watched({ profile: halfOutTwo });
    launcher.aimSync(1);
    launcher.pressSync();
    expect(cards.map((c) => c.halfOut)).toEqual([false, false, true]);
    expect(story(watch.shown, names, EN_WORDS)).toEqual(['Ding!', '3 cards went to Ana', 'A card was left sticking out: Ana takes it']);
  });

  it('on a press aimed at another seat (a Coup Extrême), a card left sticking out goes to the presser', () => {
    const { launcher } = makeLauncher({ seats: 3, profile: halfOutTwo });
    let presser: number | undefined = 1;
    const watch = new LauncherWatch(launcher, () => presser);
    const cards: CardOut[] = [];
    watch.onCard((c) => cards.push(c));
    launcher.aimSync(2);
    launcher.pressSync();
    // Who pressed is read at the ding: a later presser changes nothing of this press.
    presser = 0;
    expect(cards.map((c) => [c.seat, c.halfOut])).toEqual([[2, false], [2, false], [1, true]]);
    expect(story(watch.shown, names, EN_WORDS)).toEqual(['Ding!', '2 cards went to Ben', 'A card was left sticking out: Ana takes it']);
  });

  it('a jam, while it holds and once the lid freed it', () => {
    const { launcher, watch } = watched({ profile: fixedBurst(3, { ...clean, jam: 1 }) });
    expect(launcher.pressSync().jam).toBe(true);
    expect(story(watch.shown, names, EN_WORDS, launcher.unitState === 'jammed')).toEqual(['Ding!', 'No card came out', 'Jammed: a card is stuck in the mouth; open the lid to free it']);
    launcher.clearJamSync();
    expect(story(watch.shown, names, EN_WORDS, launcher.unitState === 'jammed')).toContain('Jammed: the lid was opened and the stuck card freed');
  });

  it('the launcher running empty, and the reload until the next press', () => {
    const { launcher, watch } = watched({ profile: fixedBurst(5, clean), supply: deck(2) });
    launcher.pressSync();
    expect(story(watch.shown, names, EN_WORDS)).toEqual(['Ding!', '2 cards went to You', 'The launcher ran empty']);
    launcher.loadSync(deck(30, 'r'));
    expect(story(watch.shown, names, EN_WORDS).at(-1)).toBe('Loaded: 30 cards put in (30 in the launcher)');
    launcher.pressSync();
    expect(story(watch.shown, names, EN_WORDS)).toEqual(['Ding!', '5 cards went to You']);
  });

  it('a load with nothing to put in says so, not that a pile was shuffled in', () => {
    const { launcher, watch } = watched({ profile: fixedBurst(5, clean), supply: deck(2) });
    launcher.pressSync();
    launcher.loadSync([]);
    expect(story(watch.shown, names, EN_WORDS).at(-1)).toBe('Loaded: no card to put in (0 in the launcher)');
  });

  it('weak cells: the low-battery warning, a brown-out, then dead cells', () => {
    const low = (BATTERY.lowVolts - BATTERY.deadVolts) / (BATTERY.freshVolts - BATTERY.deadVolts);
    const weak = watched({ profile: fixedBurst(3, clean), charge: low + 0.00002 });
    for (let i = 0; i < 5; i++) weak.launcher.pressSync();
    // Told once, at the voltage then (to the centivolt).
    expect(weak.watch.shown.lowBattery).toBeCloseTo(BATTERY.lowVolts, 2);

    const spent = watched({ profile: fixedBurst(3, clean), charge: 0.00001 });
    spent.launcher.pressSync();
    expect(story(spent.watch.shown, names, EN_WORDS)).toEqual(['Ding!', 'The batteries sagged as the motor started: the launcher reset and gave nothing']);
    spent.launcher.pressSync();
    expect(story(spent.watch.shown, names, EN_WORDS).at(-1)).toBe('The batteries are dead: replace them');
  });

  it('hears nothing once disposed', () => {
    const { launcher, watch, cards } = watched({ profile: fixedBurst(3, clean) });
    watch.dispose();
    launcher.pressSync();
    expect(cards).toEqual([]);
    expect(watch.shown.dings).toBe(0);
  });
});

/**
 * The table's motion in a real Chromium, counted through `document.getAnimations()`: each thing
 * that happens at a table moves when motion is allowed (a test page, fixtures/motion.html, sets
 * the table's facts one moment after another), and nothing moves under reduced motion or at
 * instant speed; then the same on the one-player page, in a real game.
 */
import type { Page } from 'playwright';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { TableFacts } from '../../web/src/happened.ts';
import { CHROMIUM_PAGE_MS, GAME_NIGHT_ROUND_MS } from '../budgets.ts';
import { needs } from '../tools.ts';
import { useFixturePage } from './fixture-pages.ts';
import type { ServerMessage } from '../../table/roomMessages.ts';
import { join, lastOf, openRoom, openRoomPage, PHONE, phoneMove, questionOf, untilFrame, type RoomPage } from './rooms.ts';
import { unoCaller } from '../../table/words.ts';
import { readFileSync } from 'node:fs';
import { clickMove, keptMatch, newGame, openPage, useWeb, waitForPerson } from './web.ts';

declare const fixture: { set: (f: TableFacts) => void; played: string[] };

/** The table's first moment: four seats of six cards, seat 0 this screen's. */
const DEALT: TableFacts = {
  round: 0, moves: 0, discard: ['R3#1'], sizes: [6, 6, 6, 2], supply: 80, calls: [], logEnd: 2, direction: 1, asked: 0, winner: null,
  me: 0, hand: ['R5#1', 'G7#1', 'B4#1', 'Y1#1', 'Y2#1', 'G2#1'],
};

/** One moment after `f`: its moves counted, `change` made. */
const then = (f: TableFacts, change: Partial<TableFacts>): TableFacts => ({ ...f, moves: f.moves + 1, ...change });

/**
 * Each thing that happens, from the moment before it: the moment after, the animation that shows
 * it (at least `n` of them), and the sounds it makes (at instant speed: this screen's own and a win).
 */
const MOMENTS: Array<{ what: string; after: (f: TableFacts) => TableFacts; id: string; n: number; sounds: string[]; instant: string[] }> = [
  { what: 'a card laid from the hand', id: 'motion-lay', n: 1, sounds: ['lay'], instant: ['lay'], after: (f) => then(f, { discard: [...f.discard, 'R5#1'], sizes: [5, 6, 6, 2], hand: f.hand.slice(1), asked: 1 }) },
  { what: 'a Discard All, its cards one after another', id: 'motion-lay', n: 3, sounds: ['lay'], instant: [], after: (f) => then(f, { discard: [...f.discard, 'B1#1', 'B2#1', 'BD#1'], sizes: [f.sizes[0], 3, 6, 2], asked: 2 }) },
  { what: 'cards taken by another seat', id: 'motion-take', n: 2, sounds: [], instant: [], after: (f) => then(f, { sizes: [f.sizes[0], f.sizes[1], 8, 2], supply: f.supply - 2 }) },
  { what: 'cards arriving in the hand', id: 'motion-take', n: 2, sounds: ['draw'], instant: ['draw'], after: (f) => then(f, { sizes: [f.sizes[0] + 2, f.sizes[1], f.sizes[2], 2], supply: f.supply - 2, hand: [...f.hand, 'Y9#1', 'Y8#1'] }) },
  { what: 'an UNO call at its seat', id: 'motion-uno', n: 1, sounds: ['lay', 'uno'], instant: [], after: (f) => then(f, { discard: [...f.discard, 'B7#1'], sizes: [f.sizes[0], f.sizes[1], f.sizes[2], 1], asked: 3, calls: [{ seat: 3, line: f.logEnd + 1 }], logEnd: f.logEnd + 2 }) },
  { what: 'a Skip', id: 'motion-skip', n: 1, sounds: ['lay'], instant: [], after: (f) => then(f, { discard: [...f.discard, 'BS#1'], sizes: [f.sizes[0], f.sizes[1] - 1, f.sizes[2], f.sizes[3]], asked: 1 }) },
  { what: 'a Reverse', id: 'motion-reverse', n: 1, sounds: ['lay'], instant: [], after: (f) => then(f, { discard: [...f.discard, 'BR#1'], sizes: [f.sizes[0], f.sizes[1], f.sizes[2] - 1, f.sizes[3]], direction: -1, asked: 2 }) },
];

/** The page's animations now, by id (a CSS transition or animation by its kind). */
function animationIds(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => {
    const out: Record<string, number> = {};
    for (const a of document.getAnimations()) out[a.id || a.constructor.name] = (out[a.id || a.constructor.name] ?? 0) + 1;
    return out;
  });
}

describe.runIf(needs('chromium'))('the table\'s motion (real Chromium)', () => {
  const fixturePage = useFixturePage('motion.html');

  async function open(query: string, reducedMotion: 'reduce' | 'no-preference'): Promise<{ page: Page; errors: string[] }> {
    const context = await fixturePage.browser.newContext({ viewport: { width: 1000, height: 700 }, reducedMotion });
    onTestFinished(() => context.close());
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(`${fixturePage.url}?${query}`);
    await page.waitForFunction(() => 'fixture' in window);
    return { page, errors };
  }

  /** Sets each moment in turn from the deal; what animations each started (read before they end), and what sounds. */
  async function playMoments(page: Page): Promise<{ seen: Array<Record<string, number>>; sounds: string[][] }> {
    const seen: Array<Record<string, number>> = [];
    const sounds: string[][] = [];
    let f = DEALT;
    const set = async (x: TableFacts) => {
      sounds.push(await page.evaluate((x) => (fixture.played.length = 0, fixture.set(x), new Promise<string[]>((ok) => requestAnimationFrame(() => ok([...fixture.played])))), x));
      seen.push(await animationIds(page));
    };
    await set(f);
    for (const m of MOMENTS) {
      // The last moment's flights are let finish: each moment's count is its own.
      await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
      f = m.after(f);
      await set(f);
    }
    return { seen, sounds };
  }

  for (const speed of [1, 2] as const) {
    it(`shows each thing that happens at ${speed}× when motion is allowed: the deal, plays, takes, UNO, Skip, Reverse`, async () => {
      const { page, errors } = await open(`speed=${speed}`, 'no-preference');
      const { seen: [deal, ...rest], sounds: [dealt, ...heard] } = await playMoments(page);
      // Four seats: this hand's 6 buttons and the other seats' 6, 6 and 2 backs.
      expect(deal['motion-deal']).toBe(6 + 6 + 6 + 2);
      MOMENTS.forEach((m, i) => expect(rest[i][m.id] ?? 0, m.what).toBeGreaterThanOrEqual(m.n));
      expect([dealt, ...heard]).toEqual([[], ...MOMENTS.map((m) => m.sounds)]);
      // A Discard All's cards one after another: its later cards start later.
      await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
      expect(errors).toEqual([]);
    }, CHROMIUM_PAGE_MS);
  }

  for (const [query, reduced] of [['speed=1', 'reduce'], ['speed=instant', 'no-preference']] as const) {
    it(`moves nothing ${reduced === 'reduce' ? 'under reduced motion' : 'at instant speed'}: the state simply changes`, async () => {
      const { page, errors } = await open(query, reduced);
      const { seen, sounds } = await playMoments(page);
      expect(seen).toEqual(seen.map(() => ({})));
      // Reduced motion keeps the sounds; instant speed keeps this screen's own.
      expect(sounds).toEqual([[], ...MOMENTS.map((m) => (reduced === 'reduce' ? m.sounds : m.instant))]);
      // The moments were shown all the same: the last one's pile and hand are on the page.
      await expect(page.locator('.discard').getAttribute('data-card')).resolves.toBe('BR#1');
      expect(errors).toEqual([]);
    }, CHROMIUM_PAGE_MS);
  }

  it('staggers a Discard All: each card starts after the one under it', async () => {
    const { page } = await open('speed=1', 'no-preference');
    await page.evaluate((x) => fixture.set(x), DEALT);
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
    await page.evaluate((x) => fixture.set(x), MOMENTS[1].after(DEALT));
    const delays = await page.evaluate(() => document.getAnimations().filter((a) => a.id === 'motion-lay').map((a) => (a.effect as KeyframeEffect).getTiming().delay as number));
    expect([...delays].sort((a, b) => a - b)).toEqual([0, 140, 280]);
  });
});

/**
 * A script run before a page's own: every motion animation the page starts, counted by id on every
 * frame (`window.seen`), and each card the launcher's own drawing flies, by the seat it flies to
 * (`launcher-flight-N`).
 */
const COUNT_MOTION = `(() => {
  const counted = new WeakSet();
  window.seen = {};
  const tick = () => {
    for (const a of document.getAnimations()) {
      const el = a.effect && a.effect.target;
      const id = a.id.startsWith('motion-') ? a.id : el && el.classList && el.classList.contains('ul-flight') ? 'launcher-flight-' + el.getAttribute('data-flight-seat') : null;
      if (counted.has(a) || !id) continue;
      counted.add(a);
      window.seen[id] = (window.seen[id] ?? 0) + 1;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

/** What a page's motion counted so far. */
const seenOn = (page: Page) => page.evaluate(() => (window as unknown as { seen: Record<string, number> }).seen);

/** What a page's motion counted once two more frames were drawn (an animation a render starts is counted at the next frame). */
const seenAfterFrames = async (page: Page) => {
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
  return seenOn(page);
};

describe.runIf(needs('chromium'))('the motion of the one-player page and of a game night, in real games (real Chromium)', () => {
  const web = useWeb();

  it('a game night at 2×: the table screen and the phone deal, and show the cards laid', async () => {
    const table = await openRoomPage(web.browser, web.server.url, { reducedMotion: 'no-preference', init: COUNT_MOTION });
    const code = await openRoom(table.page, { players: 2, pace: '2×' });
    const phone = await openRoomPage(web.browser, `${web.server.url}#join=${code}`, { ...PHONE, reducedMotion: 'no-preference', init: COUNT_MOTION });
    await join(phone.page, 'Ana');
    await phone.page.getByText('You are in as Ana').waitFor();
    await table.page.getByRole('button', { name: /^Start the game/ }).click();
    const seat = phone.sockets.find((x) => x.seat !== null)!.seat!;
    // Ana plays until a card has been laid (hers or the bot's) on both screens.
    for (let i = 0; i < 20 && !((await seenOn(table.page))['motion-lay'] && (await seenOn(phone.page))['motion-lay']); i++) {
      await expect.poll(() => questionOf(phone, seat)?.id ?? null).not.toBeNull();
      // The cards still on their way are let land: a move is clicked where a card lies.
      await phone.page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
      await phoneMove(phone.page, questionOf(phone, seat)!.id);
    }
    const [onTable, onPhone] = [await seenOn(table.page), await seenOn(phone.page)];
    // The table screen deals both seats' backs; the phone its own hand and the other seat's backs:
    // the cards in the hands when each screen's first view came (14, fewer when the bot had played first).
    const dealt = (p: RoomPage, type: 'table' | 'view') => {
      for (const f of p.sockets.flatMap((x) => x.frames)) {
        const m = JSON.parse(f) as ServerMessage;
        if (m.type === type) return m.view.handSizes.reduce((a, b) => a + b, 0);
      }
      return 14;
    };
    expect(onTable['motion-deal']).toBeGreaterThanOrEqual(Math.min(13, dealt(table, 'table')));
    expect(onPhone['motion-deal']).toBeGreaterThanOrEqual(Math.min(13, dealt(phone, 'view')));
    expect(onTable['motion-lay']).toBeGreaterThan(0);
    expect(onPhone['motion-lay']).toBeGreaterThan(0);
    expect([...table.errors, ...phone.errors]).toEqual([]);
  }, CHROMIUM_PAGE_MS);

  it('a late UNO call on a phone shows its sign on the table screen, as every call does', async () => {
    const table = await openRoomPage(web.browser, web.server.url, { reducedMotion: 'no-preference', init: COUNT_MOTION });
    // Two people and no bot: the room waits after a bot's move only, so the round goes at the pace of the clicks.
    const code = await openRoom(table.page, { rules: 'classic', players: 2, pace: '2×' });
    // The phones' own motion is not looked at here: under reduced motion their cards are clicked at once.
    const phones = [await openRoomPage(web.browser, `${web.server.url}#join=${code}`, PHONE), await openRoomPage(web.browser, `${web.server.url}#join=${code}`, PHONE)];
    for (const [p, name] of [[phones[0], 'Ana'], [phones[1], 'Ben']] as const) {
      await join(p.page, name);
      await p.page.getByText(`You are in as ${name}`).waitFor();
    }
    await table.page.getByRole('button', { name: /^Start the game/ }).click();
    await table.page.locator('.room-game').waitFor();
    const seat = phones[0].sockets.find((x) => x.seat !== null)!.seat!;
    // The UNO calls the table screen was told, by seat: every line of its log comes once on its socket.
    const calls = () => table.sockets.flatMap((x) => x.frames).flatMap((f) => {
      const m = JSON.parse(f) as ServerMessage;
      return m.type === 'table' ? m.view.log.lines.map(unoCaller).filter((c) => c !== null) : [];
    });
    // Ana never arms UNO: she calls it late, when her phone offers it after her play (phoneMove takes
    // a late call when there is one). Ben draws and keeps what he draws: Ana comes down to one card first.
    const ben = phones[1].sockets.find((x) => x.seat !== null)!.seat!;
    const answered = new Map<number, number>();
    for (let n = 0; n < 200 && !calls().includes(seat); n++) {
      const next = await untilFrame(() => {
        for (const [p, at] of [[phones[0], seat], [phones[1], ben]] as const) {
          const q = questionOf(p, at);
          if (q && answered.get(at) !== q.id) return { p, at, q };
        }
        return null;
      }, () => `a question for a phone (after ${n} moves)`);
      answered.set(next.at, next.q.id);
      const keep = next.at === ben && next.q.mode === 'turn' ? next.q.moves.find((m) => m.type === 'pass' || m.type === 'draw') : undefined;
      if (!keep) await phoneMove(next.p.page, next.q.id, 'click', undefined, () => questionOf(next.p, next.at)?.id !== next.q.id);
      else await next.p.page.locator(`.seat-play[data-ask-id="${next.q.id}"]`).getByRole('button', { name: keep.type === 'pass' ? 'Pass' : 'Draw a card', exact: true }).click();
    }
    expect(calls()).toContain(seat);
    await expect.poll(async () => (await seenOn(table.page))['motion-uno'] ?? 0).toBe(calls().length);
    expect([...table.errors, ...phones.flatMap((p) => p.errors)]).toEqual([]);
    // Part of a round played by clicks on two phones (some thirty moves, each waiting for the
    // server's answer on every page): a game night round's budget, not a page's.
  }, GAME_NIGHT_ROUND_MS);

  it('a page reloaded before its round\'s first lap shows the table as it is, not the deal again', async () => {
    const { page, errors } = await openPage(web.browser, web.server.url, { reducedMotion: 'no-preference', speed: 2, init: COUNT_MOTION });
    await newGame(page, { seed: 11, players: 4, rules: 'classic' });
    await waitForPerson(page);
    expect((await seenOn(page))['motion-deal']).toBeGreaterThanOrEqual(4 * 7);
    // The person's first turn comes before every seat has played once: the kept round is in its first lap.
    const kept = async () => (await keptMatch(page)).game.moves;
    const moves = await kept();
    expect(moves).toBeLessThan(4);
    await page.reload();
    await waitForPerson(page);
    expect(await kept()).toBe(moves);
    expect(await seenAfterFrames(page)).toEqual({});
    expect(errors).toEqual([]);
  }, CHROMIUM_PAGE_MS);

  it('a save opened over a game in progress shows its table as it is, not a deal', async () => {
    const { page, errors } = await openPage(web.browser, web.server.url, { reducedMotion: 'no-preference', speed: 2, init: COUNT_MOTION });
    await newGame(page, { seed: 11, players: 4, rules: 'classic' });
    const first = await waitForPerson(page);
    // The game at the person's first turn (in its first lap) saved to a file, then played on a move.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Save file', exact: true }).click()]);
    const kept = readFileSync((await download.path())!, 'utf8');
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
    await clickMove(page, first.ask);
    await waitForPerson(page, first.askId);
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
    await page.evaluate(() => ((window as unknown as { seen: object }).seen = {}));
    await page.locator('label.file', { hasText: 'Open save file' }).locator('input').setInputFiles({ name: 'first-lap.json', mimeType: 'application/json', buffer: Buffer.from(kept) });
    await page.waitForFunction((m) => document.querySelector('.table')?.getAttribute('data-moves') === m, String((JSON.parse(kept) as { rounds: unknown[][] }).rounds.at(-1)!.length));
    await waitForPerson(page);
    expect(await seenAfterFrames(page)).toEqual({});
    expect(errors).toEqual([]);
  }, CHROMIUM_PAGE_MS);

  it('a game night\'s table screen and phone reloaded before the first lap show the table as it is, not the deal again', async () => {
    const table = await openRoomPage(web.browser, web.server.url, { reducedMotion: 'no-preference', init: COUNT_MOTION });
    const code = await openRoom(table.page, { players: 2, pace: '2×' });
    // Two people and no bot: nothing is played until one of them answers, and neither does.
    const [ana, ben] = [await openRoomPage(web.browser, `${web.server.url}#join=${code}`, { ...PHONE, reducedMotion: 'no-preference', init: COUNT_MOTION }), await openRoomPage(web.browser, `${web.server.url}#join=${code}`, PHONE)];
    for (const [p, name] of [[ana, 'Ana'], [ben, 'Ben']] as const) {
      await join(p.page, name);
      await p.page.getByText(`You are in as ${name}`).waitFor();
    }
    await table.page.getByRole('button', { name: /^Start the game/ }).click();
    const seat = ana.sockets.find((x) => x.seat !== null)!.seat!;
    await untilFrame(() => lastOf(ana, 'view', seat), () => 'Ana\'s first view');
    await expect.poll(async () => (await seenOn(table.page))['motion-deal'] ?? 0).toBeGreaterThan(0);
    await expect.poll(async () => (await seenOn(ana.page))['motion-deal'] ?? 0).toBeGreaterThan(0);
    for (const p of [table, ana]) {
      const sockets = p.sockets.length;
      await p.page.reload();
      // The view of the new socket has come and is shown.
      await untilFrame(() => (p.sockets.slice(sockets).some((x) => x.frames.some((f) => /^\{"type":"(table|view)"/.test(f))) ? true : null), () => 'a view after the reload');
      await p.page.locator(p === table ? '.room-game' : '.phone-table').waitFor();
      expect(await seenAfterFrames(p.page), p === table ? 'the table screen' : 'the phone').toEqual({});
    }
    expect(lastOf(ana, 'view', seat)!.view.moves).toBe(0);
    expect([...table.errors, ...ana.errors, ...ben.errors]).toEqual([]);
  }, CHROMIUM_PAGE_MS);

  it('flies each card the launcher gives the person once: the launcher\'s flight, not the hand\'s cards again', async () => {
    const { page, errors } = await openPage(web.browser, web.server.url, { reducedMotion: 'no-preference', speed: 2, init: COUNT_MOTION });
    // Seed 3's first turn: the person has no card to play, and the press gives them 4 cards.
    await newGame(page, { seed: 3, players: 3 });
    await waitForPerson(page);
    const cards = () => page.locator('.hand button.card').count();
    const had = await cards();
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
    await page.evaluate(() => ((window as unknown as { seen: object }).seen = {}));
    await page.getByRole('button', { name: 'Press the launcher' }).click();
    await waitForPerson(page);
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
    const got = (await cards()) - had;
    expect(got).toBe(4);
    const seen = await seenOn(page);
    expect(seen['launcher-flight-0']).toBe(got);
    expect(seen['motion-take']).toBeUndefined();
    expect(errors).toEqual([]);
  }, CHROMIUM_PAGE_MS);

  it('deals and lays cards with motion allowed at 2×, and moves nothing of its own under reduced motion', async () => {
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const { page, errors } = await openPage(web.browser, web.server.url, { reducedMotion, speed: 2, init: COUNT_MOTION });
      await newGame(page, { seed: 11, players: 3, rules: 'classic' });
      const { ask } = await waitForPerson(page);
      await clickMove(page, ask);
      await waitForPerson(page);
      const seen = await seenOn(page);
      if (reducedMotion === 'reduce') expect(seen).toEqual({});
      else {
        expect(seen['motion-deal']).toBeGreaterThanOrEqual(3 * 7);
        expect(seen['motion-lay'] ?? 0).toBeGreaterThan(0);
      }
      expect(errors).toEqual([]);
    }
  }, CHROMIUM_PAGE_MS);
});

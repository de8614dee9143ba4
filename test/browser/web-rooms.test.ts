/**
 * Game night in real Chromium on the real server: a table screen and phones, one browser context
 * each, playing whole rounds by clicks; every WebSocket frame each page receives is read, and none
 * carries a card of another seat or the supply; a phone closed and opened again plays on in its
 * seat; several people on one phone see their hands only after tapping; no token in any address
 * or on any screen.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoomSettings, ServerMessage } from '../../table/roomMessages.ts';
import { qrPath } from '../../web/src/room/qr.ts';
import { CHROMIUM_PAGE_MS, GAME_NIGHT_ROUND_MS, PAGE_START_MS } from '../budgets.ts';
import { needs } from '../tools.ts';
import { launchChromium } from './chromium.ts';
import { cardIds, join, lastOf, openRoom, openRoomPage, PHONE, playPhones, questionOf, startRoom, untilFrame, useRoomsWeb, type RoomPage } from './rooms.ts';
import { axeProblems, startWeb, type WebServer } from './web.ts';
import { EN_WORDS } from '../../words/catalogue.ts';

/** Counts the phone's buzzes (navigator.vibrate), where a test reads them. */
const COUNT_BUZZES = 'window.__buzzes = 0; navigator.vibrate = () => { window.__buzzes++; return true; };';

/**
 * What each frame a client received may name of the cards: its own hand, the discard, the hands
 * Show Hands put on the table, and the card it drew itself. Returns every card id it names
 * besides: another seat's card (a phone's or a bot's) or one of the supply.
 */
function leaks(p: RoomPage): string[] {
  const out: string[] = [];
  for (const s of p.sockets) {
    for (const text of s.frames) {
      const m = JSON.parse(text) as ServerMessage;
      const allowed = new Set<string>();
      if (m.type === 'view' || m.type === 'table') {
        const v = m.view;
        for (const id of v.discard) allowed.add(id);
        for (const h of v.shownHands ?? []) for (const id of h) allowed.add(id);
        if (m.type === 'view') {
          for (const id of m.view.hand) allowed.add(id);
          if (v.pending?.kind === 'drawn' && v.pending.seat === m.view.seat) allowed.add(v.pending.card);
        }
      }
      for (const id of cardIds(text)) if (!allowed.has(id)) out.push(`${id} in a ${m.type} frame to seat ${s.seat ?? 'table'}`);
      // The supply is a count, never a list.
      if (/"supply"\s*:\s*\[/.test(text)) out.push(`a supply in a ${m.type} frame to seat ${s.seat ?? 'table'}`);
    }
  }
  return out;
}

/** What of `selector` lies outside the window, left or right or below (its tag and text, shortened). */
function outside(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((els) => els.filter((e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && (r.left < -1 || r.right > innerWidth + 1 || r.bottom > innerHeight + 1);
  }).map((e) => `${e.tagName} ${(e.textContent ?? '').slice(0, 40)}`));
}

/**
 * How many views a page was sent whose hand had grown since the view before it, in the same round:
 * each is cards coming that seat's way, which the phone buzzes for.
 */
function handGrowths(p: RoomPage): number {
  let n = 0;
  for (const s of p.sockets) {
    let before: { round: number; size: number } | null = null;
    for (const f of s.frames) {
      const m = JSON.parse(f) as ServerMessage;
      if (m.type !== 'view') continue;
      const now = { round: m.view.round, size: m.view.hand.length };
      if (before !== null && before.round === now.round && now.size > before.size) n++;
      before = now;
    }
  }
  return n;
}

/** The secret tokens a page's sockets were given (the table's, the seats'). */
function tokensOf(p: RoomPage): string[] {
  return p.sockets.flatMap((s) => s.frames.map((f) => JSON.parse(f) as ServerMessage)).flatMap((m) => (m.type === 'created' || m.type === 'seated' ? [m.token] : []));
}

describe.runIf(needs('chromium'))('game night: the table screen and the phones', () => {
  const web = useRoomsWeb();

  it('three phones and a bot play a whole round to the score table, no frame naming a card of another seat or the supply', async () => {
    const table = await openRoomPage(web.browser, web.server.url);
    const code = await openRoom(table.page, { players: 4, target: 500 });
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    // The QR code is the join address (this server on loopback: the page's own), the code beside it.
    const joinUrl = `${web.server.url}#join=${code}`;
    await expect(table.page.locator('.qr path').getAttribute('d')).resolves.toBe(qrPath(joinUrl).d);
    await expect(table.page.locator('.join-card').innerText()).resolves.toContain(code);
    await expect(table.page.locator('.join-card').innerText()).resolves.toContain('uno-extreme web --host');

    const names = ['Ana', 'Bo', 'Cy'];
    const phones: RoomPage[] = [];
    for (const name of names) {
      // Cy types the code, from New game's "Join a game night"; the others scan the QR code.
      const p = await openRoomPage(web.browser, name === 'Cy' ? web.server.url : joinUrl, { ...PHONE, init: COUNT_BUZZES });
      if (name === 'Cy') {
        await p.page.getByRole('link', { name: 'Join a game night' }).click();
        await p.page.getByLabel('Room code').fill(code.toLowerCase());
      }
      await join(p.page, name);
      await p.page.getByText(`You are in as ${name}`).waitFor();
      phones.push(p);
    }
    // The lobby on the table screen: three people, one seat left to a bot.
    await table.page.locator('.lobby-seats li[data-status="here"]').nth(2).waitFor();
    await expect(table.page.locator('.lobby-seats').innerText()).resolves.toMatch(/Ana[^]*Bo[^]*Cy/);
    expect(await axeProblems(table.page)).toEqual([]);
    await table.page.getByRole('button', { name: /^Start the game/ }).click();
    await table.page.locator('.room-game').waitFor();
    // The table screen shows every seat with its count and no hand.
    await expect(table.page.locator('.room-seat').count()).resolves.toBe(4);
    await expect(table.page.locator('.hand, button.card').count()).resolves.toBe(0);

    const moves = await playPhones(table, phones);
    expect(moves).toBeGreaterThan(3);
    // The score table, on the table screen and on every phone (a first round may end the match:
    // the room's seed is random, and one round of Extreme can pass 500 points).
    const over = table.page.getByRole('dialog', { name: /^(Round 1 over|Match over): / });
    await over.waitFor().catch((e: Error) => {
      throw new Error(`${e.message}\n  the table screen: ${lastOf(table, 'table')?.view.phase}, its errors: ${table.errors.join(' | ')}`);
    });
    const totals = lastOf(table, 'table')!.view.totals;
    expect(totals.some((t) => t > 0)).toBe(true);
    // The round's moment on the table screen, read from the sofa: who went out, every hand left with its points.
    const ended = lastOf(table, 'table')!.view;
    if (ended.winner !== null) {
      const moment = over.locator('.celebration strong');
      await expect(moment.innerText()).resolves.toContain(ended.names[ended.winner]);
      expect(await moment.evaluate((e) => parseFloat(getComputedStyle(e).fontSize))).toBeGreaterThanOrEqual(32);
    }
    await expect(over.locator('.round-hands tbody tr').count()).resolves.toBe(4);
    await expect(over.locator('.round-hands .hand-points li').count()).resolves.toBe(ended.handSizes.reduce((a, b) => a + b, 0));
    await expect(over.locator('.room-totals td').allInnerTexts()).resolves.toEqual(totals.map(String));
    for (const p of phones) {
      await p.page.locator('.phone-scores .room-totals').waitFor();
      await expect(p.page.locator('.phone-scores td').allInnerTexts()).resolves.toEqual(totals.map(String));
    }
    // A phone buzzed when cards came its way, and only then. The room's seed is random, so a round
    // may bring a phone none; a buzz is one render, and renders may each take several views.
    const buzzes = await Promise.all(phones.map((p) => p.page.evaluate(() => (window as unknown as { __buzzes: number }).__buzzes)));
    for (const [i, p] of phones.entries()) {
      const grew = handGrowths(p);
      expect(buzzes[i], `${names[i]}: the hand grew in ${grew} views`).toBeLessThanOrEqual(grew);
      if (grew > 0) expect(buzzes[i], `${names[i]}: the hand grew in ${grew} views`).toBeGreaterThan(0);
    }

    // Every frame read: none names a card it may not, on the table screen or any phone.
    for (const p of [table, ...phones]) {
      expect(p.sockets.reduce((n, s) => n + s.frames.length, 0)).toBeGreaterThan(moves);
      expect(leaks(p)).toEqual([]);
    }
    // What a phone holds on its own screen is what it was sent, and no other page was sent any of
    // it at that moment of the round.
    for (const [i, p] of phones.entries()) {
      const seat = p.sockets.find((s) => s.seat !== null)!.seat!;
      const shown = await p.page.locator('.hand button.card').evaluateAll((bs) => bs.map((b) => b.getAttribute('data-card')!));
      expect([...shown].sort()).toEqual([...lastOf(p, 'view', seat)!.view.hand].sort());
      // The last moment of the round in play (at its end every hand is laid down, for its points).
      const mine = p.sockets.filter((s) => s.seat === seat).flatMap((s) => s.frames.map((f) => JSON.parse(f) as ServerMessage))
        .flatMap((m) => (m.type === 'view' && m.view.phase === 'playing' ? [m.view] : [])).at(-1)!;
      const sameMoment = [table, ...phones.filter((_, j) => j !== i)].flatMap((o) => o.sockets.flatMap((s) => s.frames))
        .filter((f) => {
          const m = JSON.parse(f) as ServerMessage;
          return (m.type === 'view' || m.type === 'table') && m.view.round === mine.round && m.view.moves === mine.moves && m.view.shownHands === null;
        });
      expect(sameMoment.length).toBeGreaterThan(0);
      expect(sameMoment.flatMap(cardIds).filter((id) => mine.hand.includes(id))).toEqual([]);
    }

    // No token in any address or on any screen; the table screen's reload takes its room back.
    const tokens = [...tokensOf(table), ...phones.flatMap(tokensOf)];
    expect(tokens).toHaveLength(4);
    for (const p of [table, ...phones]) {
      const where = `${p.page.url()}\n${await p.page.content()}`;
      for (const t of tokens) expect(where).not.toContain(t);
    }
    expect(table.page.url()).toBe(`${web.server.url}#table=${code}`);
    await table.page.reload();
    await table.page.getByRole('dialog', { name: /^(Round 1 over|Match over): / }).waitFor();
    // The host deals the next round from the score table: the phones get their new hands.
    if (lastOf(table, 'table')!.view.phase === 'roundOver') {
      await table.page.getByRole('button', { name: 'Deal the next round' }).click();
      for (const p of phones) await p.page.locator('.seat-play[data-round="1"] .hand button.card').first().waitFor();
    }
    for (const p of [table, ...phones]) expect(p.errors).toEqual([]);
  }, GAME_NIGHT_ROUND_MS);

  const startedRoom = (names: string[], players: number) => startRoom(web.browser, web.server.url, names, players);

  it("the host form's house rules and readings are the room's: kept with it, played by its match", async () => {
    const table = await openRoomPage(web.browser, web.server.url);
    const house = ['Seven-zero: 7 trades hands, 0 passes every hand on', 'Seven-zero: you may keep the hands instead of choosing who gets yours', "An illegal +4 that is challenged goes back into its player's hand"];
    const code = await openRoom(table.page, { rules: 'classic', players: 2, house, houseOff: ['UNO must be called'] });
    const phone = await openRoomPage(web.browser, `${web.server.url}#join=${code}`, PHONE);
    await join(phone.page, 'Ana');
    await phone.page.getByText('You are in as Ana').waitFor();
    await table.page.getByRole('button', { name: /^Start the game/ }).click();
    await table.page.locator('.room-game').waitFor();
    // The phone's moves follow the room's rules: nobody calls UNO, so it offers no UNO button.
    await untilFrame(() => (lastOf(phone, 'view')?.view.question ? true : null), () => 'a question for Ana');
    await phone.page.locator('.seat-play .actions button').first().waitFor();
    expect(await phone.page.locator('.seat-play .actions button').allInnerTexts()).not.toContain('UNO');
    const kept = () => readdirSync(web.rooms).filter((f) => f === `${code}.json`).map((f) => JSON.parse(readFileSync(path.join(web.rooms, f), 'utf8')) as { settings?: RoomSettings; game?: string });
    await expect.poll(() => kept().find((k) => k.game)?.settings?.options).toEqual({ sevenZero: true, sevenZeroOptional: true, wild4TakenBack: true, unoCall: false });
    const game = JSON.parse(kept().find((k) => k.game)!.game!) as { setup: { rules: { options: Record<string, unknown> } } };
    expect(game.setup.rules.options).toMatchObject({ sevenZero: true, sevenZeroOptional: true, wild4TakenBack: true, unoCall: false });
    expect([...table.errors, ...phone.errors]).toEqual([]);
  });

  it('a phone closed in the middle of a round, opened again with its storage, plays on in its seat', async () => {
    const { table, code, phones: [ana, bo] } = await startedRoom(['Ana', 'Bo'], 3);
    const seat = 1;
    // The table screen in the window at a laptop's sizes, a phone's page at 390×844, each with
    // names for screen readers.
    for (const [width, height] of [[1920, 1080], [1280, 800]] as const) {
      await table.page.setViewportSize({ width, height });
      await expect(outside(table.page, '.room-seat, .room-centre > *, .room-events h2'), `${width}×${height}`).resolves.toEqual([]);
    }
    expect(await axeProblems(table.page)).toEqual([]);
    await ana.page.locator('.seat-play .hand button.card').first().waitFor();
    await expect(outside(ana.page, '.seat-play *')).resolves.toEqual([]);
    expect(await axeProblems(ana.page)).toEqual([]);
    // A few moves of Bo's first, then Bo's phone is closed, its storage kept.
    let boMoves = 0;
    await playPhones(table, [ana, bo], { before: async (p) => void (p === bo && boMoves++), stop: () => boMoves >= 3 });
    expect(lastOf(table, 'table')!.view.phase).toBe('playing');
    const kept = await bo.context.storageState();
    const round = lastOf(bo, 'view', seat)!.view.round;
    await bo.context.close();
    // The table screen says Bo is away, and counts the wait down.
    const status = table.page.locator(`.room-seat[data-seat-area="${seat}"] .status`);
    await table.page.waitForFunction((i) => /away: a bot plays in \d+ s/.test(document.querySelector(`.room-seat[data-seat-area="${i}"] .status`)?.textContent ?? ''), seat);
    const first = Number(/(\d+) s/.exec(await status.innerText())![1]);
    await table.page.waitForFunction(([i, n]) => Number(/(\d+) s/.exec(document.querySelector(`.room-seat[data-seat-area="${i}"] .status`)?.textContent ?? '')?.[1] ?? n) < n, [seat, first] as const);

    // A new context with the same storage: the phone takes its seat back where the game is.
    const again = await openRoomPage(web.browser, `${web.server.url}#join=${code}`, { ...PHONE, storageState: kept });
    const view = await untilFrame(() => lastOf(again, 'view', seat), () => `Bo's view again`);
    expect(view.view.round).toBe(round);
    expect(lastOf(again, 'seated')!.seat).toBe(seat);
    await table.page.waitForFunction((i) => document.querySelector(`.room-seat[data-seat-area="${i}"]`)?.getAttribute('data-status') === 'here', seat);
    await again.page.locator('.seat-play .hand button.card').first().waitFor();
    const shown = await again.page.locator('.hand button.card').evaluateAll((bs) => bs.map((b) => b.getAttribute('data-card')!));
    expect(shown.sort()).toEqual([...lastOf(again, 'view', seat)!.view.hand].sort());
    // It plays on to the round's end, by keys alone (a phone with a keyboard, or a laptop's page).
    const before = boMoves;
    await playPhones(table, [ana, again], { before: async (p) => void (p === again && boMoves++), keys: [again] });
    expect(boMoves).toBeGreaterThan(before);
    await again.page.locator('.phone-scores .room-totals').waitFor();
    expect([...table.errors, ...ana.errors, ...again.errors]).toEqual([]);
  }, GAME_NIGHT_ROUND_MS);

  it('a match played to its end, then Play again: the same people in the same seats play the next match, nobody scanning or reloading', async () => {
    const table = await openRoomPage(web.browser, web.server.url);
    const code = await openRoom(table.page, { players: 3, target: 1 });
    const phones: RoomPage[] = [];
    for (const name of ['Ana', 'Bo']) {
      const p = await openRoomPage(web.browser, `${web.server.url}#join=${code}`, PHONE);
      await join(p.page, name);
      await p.page.getByText(`You are in as ${name}`).waitFor();
      phones.push(p);
    }
    await table.page.getByRole('button', { name: /^Start the game/ }).click();
    await table.page.locator('.room-game').waitFor();
    // A round that scores nothing (called off) does not end the match: the next is dealt until one does.
    for (let round = 0; ; round++) {
      await playPhones(table, phones);
      const phase = await untilFrame(() => {
        const t = lastOf(table, 'table');
        return t && t.view.phase !== 'playing' ? t.view.phase : null;
      }, () => 'the round\'s end');
      if (phase === 'matchOver') break;
      expect(round).toBeLessThan(4);
      await table.page.getByRole('button', { name: 'Deal the next round' }).click();
      await untilFrame(() => (lastOf(table, 'table')?.view.phase === 'playing' ? true : null), () => 'the next round');
    }
    const over = table.page.getByRole('dialog', { name: /^Match over/ });
    await over.waitFor();
    const seats = phones.map((p) => lastOf(p, 'view')!.view.seat);
    const sockets = [table, ...phones].map((p) => p.sockets.length);
    await over.getByRole('button', { name: 'Play again: a new match, the same seats' }).click();
    // Every page is sent the new match on the socket it has: round 1, no points yet, each phone in its seat.
    for (const [i, p] of phones.entries()) {
      const v = await untilFrame(() => {
        const m = lastOf(p, 'view');
        return m && m.view.phase === 'playing' && m.view.totals.every((t) => t === 0) ? m.view : null;
      }, () => `the new match on phone ${i}`);
      expect(v.seat).toBe(seats[i]);
    }
    await over.waitFor({ state: 'detached' });
    let made = 0;
    await playPhones(table, phones, { stop: () => made++ >= 2 });
    expect(lastOf(table, 'table')!.view.moves).toBeGreaterThan(0);
    expect([table, ...phones].map((p) => p.sockets.length)).toEqual(sockets);
    expect([...table.errors, ...phones.flatMap((p) => p.errors)]).toEqual([]);
  }, GAME_NIGHT_ROUND_MS);

  it('a forgotten UNO is a race: two phones are asked to catch at once, and the first to tap catches', async () => {
    // Three people and no bot: nobody catches but them. The phones never call UNO (phoneMove plays without it).
    const names = ['Ana', 'Bo', 'Cy'];
    const { table, phones } = await startedRoom(names, 3);
    const catchAsked = (p: RoomPage) => {
      for (const seat of new Set(p.sockets.map((s) => s.seat))) {
        const q = seat === null ? null : questionOf(p, seat);
        if (q?.mode === 'react' && q.moves.some((m) => m.type === 'catch')) return q;
      }
      return null;
    };
    const RACE = new Error('a catch is asked');
    // Out of turn, in a room without jump-ins, is a race: who forgot is asked to call UNO late, the others to catch.
    const before = async (p: RoomPage, seat: number) => {
      if (questionOf(p, seat)?.mode === 'react') throw RACE;
    };
    // A Discard All may take a hand from two cards to none: such a round has no race, and the next is dealt.
    for (let round = 1; ; round++) {
      const played = await playPhones(table, phones, { before }).catch((e: Error) => {
        if (e !== RACE) throw e;
        return null;
      });
      if (played === null) break;
      expect(round, 'three rounds with no UNO forgotten').toBeLessThan(3);
      const dealt = untilFrame(() => (lastOf(table, 'table')?.view.round === round ? true : null), () => `round ${round + 1} dealt`);
      await table.page.getByRole('button', { name: EN_WORDS.t('room.dealNext') }).click();
      await dealt;
    }
    // Both people who may catch are asked together, each on their own phone.
    const [first, second] = await untilFrame(() => {
      const asked = phones.map((p) => ({ p, q: catchAsked(p) })).filter((x) => x.q !== null);
      return asked.length === 2 ? asked : null;
    }, () => 'a catch asked of two phones at once');
    const button = (x: typeof first) => x.p.page.locator(`.seat-play[data-ask-id="${x.q!.id}"] button.catch`);
    await button(first).waitFor();
    await button(second).waitFor();
    const target = (first.q!.moves.find((m) => m.type === 'catch') as { target: number }).target;
    await button(first).click();
    // The first tap catches: said on the table screen and on the other phone, whose question is gone.
    const line = `${names[first.q!.seat]} caught ${names[target]} without UNO`;
    await table.page.getByText(line).first().waitFor();
    await second.p.page.locator(`.seat-play[data-ask-id="${second.q!.id}"]`).waitFor({ state: 'detached' });
    await second.p.page.getByText(line).first().waitFor();
    expect([...table.errors, ...phones.flatMap((p) => p.errors)]).toEqual([]);
  }, GAME_NIGHT_ROUND_MS);

  it('a phone holding a seat keeps its screen on: the wake lock taken when seated, let go when hidden, taken again when shown', async () => {
    const table = await openRoomPage(web.browser, web.server.url);
    const code = await openRoom(table.page, { players: 2 });
    // A wake lock that records what the page asks of it, and a visibility the test sets, as a phone's browser would.
    const fake = `window.__wake = []; window.__hidden = false;
      Object.defineProperty(document, 'visibilityState', { get: () => (window.__hidden ? 'hidden' : 'visible') });
      Object.defineProperty(navigator, 'wakeLock', { configurable: true, value: { request: async (type) => {
        window.__wake.push('take ' + type);
        const t = new EventTarget();
        const s = { release: async () => { window.__wake.push('release'); t.dispatchEvent(new Event('release')); }, addEventListener: (k, f) => t.addEventListener(k, f) };
        window.__sentinel = s;
        return s;
      } } });`;
    const phone = await openRoomPage(web.browser, `${web.server.url}#join=${code}`, { ...PHONE, init: fake });
    const wake = () => phone.page.evaluate(() => (window as unknown as { __wake: string[] }).__wake);
    expect(await wake()).toEqual([]);
    await join(phone.page, 'Ana');
    await phone.page.getByText('You are in as Ana').waitFor();
    await expect.poll(wake).toEqual(['take screen']);
    // Hidden: the browser lets the lock go itself; shown again, the page takes it back.
    await phone.page.evaluate(() => {
      const wnd = window as unknown as { __hidden: boolean; __sentinel: { release(): Promise<void> } };
      wnd.__hidden = true;
      void wnd.__sentinel.release();
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect.poll(wake).toEqual(['take screen', 'release']);
    await phone.page.evaluate(() => {
      (window as unknown as { __hidden: boolean }).__hidden = false;
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect.poll(wake).toEqual(['take screen', 'release', 'take screen']);
    expect([...table.errors, ...phone.errors]).toEqual([]);
  }, CHROMIUM_PAGE_MS); // a room opened, a phone joined, and three changes each waited on

  it('the table screen and a phone go full screen from their own button, and back', async () => {
    const { table, phones: [ana] } = await startedRoom(['Ana'], 2);
    for (const p of [table, ana]) {
      const full = p.page.getByRole('button', { name: 'Full screen' });
      await full.click();
      await expect.poll(() => p.page.evaluate(() => document.fullscreenElement === document.documentElement)).toBe(true);
      // The button follows the page's fullscreenchange, a render after the document's state.
      await expect.poll(() => full.getAttribute('aria-pressed')).toBe('true');
      await full.click();
      await expect.poll(() => p.page.evaluate(() => document.fullscreenElement)).toBeNull();
      await expect.poll(() => full.getAttribute('aria-pressed')).toBe('false');
    }
    expect([...table.errors, ...ana.errors]).toEqual([]);
  }, CHROMIUM_PAGE_MS); // a room opened and started on two pages, then four clicks each waiting on the page

  it('a phone reloaded mid-round in an Extreme room shows exactly the moves it showed, the launcher\'s press and UNO among them', async () => {
    const { table, phones: [ana, bo] } = await startedRoom(['Ana', 'Bo'], 3);
    let made = 0;
    await playPhones(table, [ana, bo], { stop: () => made++ >= 3 });
    // A moment that stands still: a person is asked, and the bot waits on them.
    await untilFrame(() => ([ana, bo].some((p) => lastOf(p, 'view')?.view.question) ? true : null), () => 'a question for Ana or Bo');
    const moves = () => ana.page.locator('.seat-play .actions button').evaluateAll((bs) => bs.map((b) => `${b.textContent?.trim()}${(b as HTMLButtonElement).disabled ? ' (off)' : ''}`));
    await ana.page.locator('.seat-play .actions button').first().waitFor();
    const before = await moves();
    expect(before.join(' | ')).toMatch(/Press the launcher/);
    expect(before.join(' | ')).toMatch(/UNO/);
    await ana.page.reload();
    await ana.page.locator('.seat-play .actions button').first().waitFor();
    await expect.poll(moves).toEqual(before);
    expect([...table.errors, ...ana.errors, ...bo.errors]).toEqual([]);
  }, GAME_NIGHT_ROUND_MS);

  it('a right-to-left name keeps its card count on its right in a phone\'s list of players', async () => {
    const { table, phones: [zoe, sara] } = await startedRoom(['Zoé', 'سارة'], 3);
    const seat = zoe.page.locator('.phone-seats li', { hasText: 'سارة' });
    // Unisolated, the Arabic name takes the count after it into its own run: "7 سارة".
    const where = await seat.evaluate((li) => ({ name: li.querySelector('strong')!.getBoundingClientRect().left, count: li.querySelector('.count')!.getBoundingClientRect().left }));
    expect(where.count).toBeGreaterThan(where.name);
    expect([...table.errors, ...zoe.errors, ...sara.errors]).toEqual([]);
  }, CHROMIUM_PAGE_MS);

  it('several people on one phone: between their turns the hand stays hidden until the next one taps', async () => {
    const table = await openRoomPage(web.browser, web.server.url);
    const code = await openRoom(table.page, { players: 3 });
    const phone = await openRoomPage(web.browser, `${web.server.url}#join=${code}`, PHONE);
    await join(phone.page, 'Ana');
    await phone.page.getByText('You are in as Ana').waitFor();
    await phone.page.getByRole('button', { name: 'Add a player on this phone (pass the phone)' }).click();
    await join(phone.page, 'Bo');
    await phone.page.getByText('You are in as Ana and Bo').waitFor();
    // Eve joins on her own phone and the host takes her seat back before the start: her phone
    // says so and forgets the seat, which a bot then plays.
    const eve = await openRoomPage(web.browser, `${web.server.url}#join=${code}`, PHONE);
    await join(eve.page, 'Eve');
    await eve.page.getByText('You are in as Eve').waitFor();
    // Remove asks once more: "Keep" leaves her seated, "Yes" takes the seat.
    await table.page.getByRole('button', { name: 'Remove Eve' }).click();
    await table.page.getByRole('button', { name: 'Keep Eve' }).click();
    await expect(table.page.locator('.lobby-seats li[data-status="free"]').count()).resolves.toBe(0);
    await table.page.getByRole('button', { name: 'Remove Eve' }).click();
    await expect.poll(() => table.page.evaluate(() => document.activeElement?.textContent)).toBe('Yes, remove Eve');
    await table.page.getByRole('button', { name: 'Yes, remove Eve' }).click();
    await eve.page.getByRole('alert').filter({ hasText: "the host took Eve's seat" }).waitFor();
    await expect(eve.page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('uno-extreme-room-seats:')))).resolves.toEqual([]);
    await table.page.locator('.lobby-seats li[data-status="free"]').waitFor();
    await table.page.getByRole('button', { name: /^Start the game/ }).click();

    const names = ['Ana', 'Bo'];
    let revealed: number | null = null;
    let switches = 0;
    await playPhones(table, [phone], {
      before: async (p, seat) => {
        if (seat === revealed) return;
        // Another seat of this phone is asked: nothing of any hand is on the screen until its person taps.
        const tap = p.page.getByRole('button', { name: `Tap when you are ${names[seat]}` });
        await tap.waitFor();
        await expect(p.page.locator('[data-card]').count()).resolves.toBe(0);
        const hands = [0, 1].flatMap((s) => lastOf(p, 'view', s)?.view.hand ?? []);
        const dom = await p.page.content();
        expect(hands.filter((id) => dom.includes(id))).toEqual([]);
        await tap.click();
        revealed = seat;
        switches++;
      },
    });
    expect(switches).toBeGreaterThanOrEqual(3);
    expect(leaks(phone)).toEqual([]);
    expect(leaks(table)).toEqual([]);
    expect(phone.errors).toEqual([]);
  }, GAME_NIGHT_ROUND_MS);
});

describe('the server tells the page its LAN addresses', () => {
  it('lists none on loopback and every LAN IPv4 address with --host', async () => {
    const [local, lan] = await Promise.all([startWeb(), startWeb(['--host'])]);
    try {
      await expect((await fetch(`${local.url}lan.json`)).json()).resolves.toEqual({ addresses: [] });
      const port = new URL(lan.url).port;
      const want = Object.values(networkInterfaces()).flat().filter((i) => i && i.family === 'IPv4' && !i.internal).map((i) => `http://${i!.address}:${port}/`);
      await expect((await fetch(`${lan.url}lan.json`)).json()).resolves.toEqual({ addresses: want });
    } finally {
      await Promise.all([local.stop(), lan.stop()]);
    }
  }, PAGE_START_MS);
});

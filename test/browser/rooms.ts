/**
 * A game night under test: the table screen and the phones as browser contexts of one Chromium
 * on a real `uno-extreme web`, every WebSocket frame each page receives read as it comes (the
 * driver waits on those frames, not on the clock), and the moves a person makes on a phone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright';
import { afterAll, beforeAll, onTestFinished } from 'vitest';
import { PAGE_START_MS } from '../budgets.ts';
import { launchChromium } from './chromium.ts';
import type { ServerMessage } from '../../table/roomMessages.ts';
import type { SeatView } from '../../table/session.ts';
import { clickVisible, newTestContext, startWeb, type WebServer } from './web.ts';
import { EN_WORDS, type Words } from '../../words/catalogue.ts';
import { readPage, WEB_DIST } from '../../cli/web.ts';
import { handler, LAN_PATH, ownHosts, upgradeRefusal } from '../../cli/http.ts';
import { MachineLauncher } from '../../emulator/launcher.ts';
import { RoomHub } from '../../rooms/hub.ts';
import { attachRooms } from '../../rooms/socket.ts';
import { manualClock } from '../manual-clock.ts';

/**
 * A `uno-extreme web` keeping its rooms in a folder of its own (`rooms`), and Chromium, for the
 * tests of a `describe` (stopped and removed after them). Every page comes from 127.0.0.1, and
 * the server keeps at most ROOMS_PER_ADDRESS rooms open per address (rooms/hub.ts): a file past
 * ten rooms needs a second server. `extra`: more of `web`'s flags.
 */
export function useRoomsWeb(extra: string[] = []): { server: WebServer; browser: Browser; rooms: string } {
  const rooms = mkdtempSync(path.join(tmpdir(), 'uno-rooms-'));
  const web = { rooms } as { server: WebServer; browser: Browser; rooms: string };
  beforeAll(async () => {
    [web.server, web.browser] = await Promise.all([startWeb(['--rooms', rooms, ...extra]), launchChromium()]);
  }, PAGE_START_MS);
  afterAll(async () => {
    await web.browser?.close();
    await web.server?.stop();
    rmSync(rooms, { recursive: true, force: true });
  });
  return web;
}

/**
 * Game night's server in this process (the built page, the rooms' socket, as `uno-extreme web`
 * serves them) with its rooms on a clock the test moves (`advance`), and Chromium, for the tests
 * of a `describe`: what half a minute of a room's time does is seen at once, without a sleep.
 * Every game of seed 5; `failed`: what its rooms said failed.
 */
export function useRoomsInProcess(): { url: string; browser: Browser; advance: (ms: number) => void; failed: string[] } {
  const { clock, advance } = manualClock();
  const failed: string[] = [];
  const hub = new RoomHub({
    store: { save: () => undefined }, clock, seed: () => 5,
    makeLauncher: (start) => {
      const launcher = new MachineLauncher({ ...start, clock: 'simulated', ignoreButton: true });
      return { launcher, dispose: () => launcher.detach() };
    },
    failed: (code, e) => void failed.push(`${code}: ${e.message}`),
  });
  const files = readPage(WEB_DIST);
  files.set(LAN_PATH, () => Buffer.from(JSON.stringify({ addresses: [] })));
  let port = 0;
  const server = createServer(handler(files, () => ownHosts(port, false)));
  const sockets = attachRooms(server, { hub, refusal: (req) => upgradeRefusal(req, ownHosts(port, false)) });
  const web = { url: '', advance, failed } as { url: string; browser: Browser; advance: (ms: number) => void; failed: string[] };
  beforeAll(async () => {
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    port = (server.address() as { port: number }).port;
    web.url = `http://127.0.0.1:${port}/`;
    web.browser = await launchChromium();
  }, PAGE_START_MS);
  afterAll(async () => {
    await web.browser?.close();
    hub.close();
    for (const ws of sockets.clients) ws.terminate();
    sockets.close();
    server.closeAllConnections();
    await new Promise<void>((ok) => server.close(() => ok()));
  });
  return web;
}

/** A phone's window, as the tests' phones have it. */
export const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** One WebSocket of a page: every frame it received, in order, the seat it came to hold, and whether it closed. */
export interface Socket {
  frames: string[];
  seat: number | null;
  closed?: boolean;
}

/** A page of the game night and what its sockets received. */
export interface RoomPage {
  context: BrowserContext;
  page: Page;
  sockets: Socket[];
  errors: string[];
}

/** Frames as they come, from every page: a waiter is checked again at each. */
const waiters = new Set<() => void>();

/**
 * Resolves with `check()`'s first value that is not null, checked now and again at each frame
 * any page receives; fails after `ms` saying `what` it waited for.
 */
export function untilFrame<T>(check: () => T | null, what: () => string, ms = 20_000): Promise<T> {
  return new Promise((ok, fail) => {
    const now = check();
    if (now !== null) return ok(now);
    const timer = setTimeout(() => {
      waiters.delete(look);
      fail(new Error(`no frame brought ${what()} within ${ms} ms`));
    }, ms);
    const look = () => {
      const v = check();
      if (v === null) return;
      clearTimeout(timer);
      waiters.delete(look);
      ok(v);
    };
    waiters.add(look);
  });
}

/** Every frame `page`'s sockets receive from now on, socket by socket, each waiter told as one comes. */
export function readFrames(page: Page): Socket[] {
  const sockets: Socket[] = [];
  page.on('websocket', (ws) => {
    const s: Socket = { frames: [], seat: null };
    sockets.push(s);
    ws.on('close', () => {
      s.closed = true;
      for (const w of [...waiters]) w();
    });
    ws.on('framereceived', (f) => {
      const text = typeof f.payload === 'string' ? f.payload : f.payload.toString('utf8');
      s.frames.push(text);
      const m = JSON.parse(text) as ServerMessage;
      if (m.type === 'seated') s.seat = m.seat;
      for (const w of [...waiters]) w();
    });
  });
  return sockets;
}

/** A new context (closed when the running test finishes) with its page at `url`, its frames read. */
export async function openRoomPage(browser: Browser, url: string, o: BrowserContextOptions & { init?: string } = {}): Promise<RoomPage> {
  const { init, ...ctx } = o;
  const context = await newTestContext(browser, ctx);
  onTestFinished(() => context.close().catch(() => undefined));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  const sockets = readFrames(page);
  if (init) await page.addInitScript({ content: init });
  await page.goto(url);
  return { context, page, sockets, errors };
}

/** The last message of `type` a page's sockets received (the newest socket first). */
export function lastOf<K extends ServerMessage['type']>(p: { sockets: Socket[] }, type: K, seat?: number): Extract<ServerMessage, { type: K }> | null {
  for (let i = p.sockets.length - 1; i >= 0; i--) {
    const s = p.sockets[i];
    if (seat !== undefined && s.seat !== seat) continue;
    for (let j = s.frames.length - 1; j >= 0; j--) {
      const m = JSON.parse(s.frames[j]) as ServerMessage;
      if (m.type === type) return m as Extract<ServerMessage, { type: K }>;
    }
  }
  return null;
}

/** Opens a room from the table screen's form (at the instant pace unless told), the page in the language of `w`; returns its code. */
export async function openRoom(table: Page, o: { rules?: string; players: number; bots?: string; target?: number; pace?: string; turn?: string; house?: string[]; houseOff?: string[] }, w: Words = EN_WORDS): Promise<string> {
  await table.getByRole('link', { name: w.t('host.title') }).click();
  const form = table.getByRole('form', { name: w.t('host.title') });
  // The launcher's choice is labelled with the rule set's name too: the list named by it first.
  if (o.rules) await form.getByRole('combobox', { name: new RegExp(`^${w.t('form.rules').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).selectOption(o.rules);
  await form.getByLabel(w.t('host.seats')).fill(String(o.players));
  if (o.bots) await form.getByLabel(w.t('host.bots')).selectOption(o.bots);
  if (o.target) await form.getByLabel(w.t('form.target')).fill(String(o.target));
  if (o.turn) await form.getByLabel(w.t('host.turn')).selectOption({ label: o.turn });
  for (const h of o.house ?? []) await form.getByLabel(h).check();
  for (const h of o.houseOff ?? []) await form.getByLabel(h).uncheck();
  // The bots and the launcher at once unless told: a test waits on what the pages show, not on a pace.
  await form.getByLabel(w.t('host.pace')).selectOption({ label: o.pace ?? w.t('page.instant') });
  await form.getByRole('button', { name: w.t('host.open') }).click();
  const code = table.locator('.room-lobby .room-code');
  await code.waitFor();
  return (await code.innerText()).trim();
}

/** Joins room `code` from a phone page already at its join address, as `name`, the page in the language of `w`. */
export async function join(phone: Page, name: string, w: Words = EN_WORDS): Promise<void> {
  await phone.getByLabel(w.t('form.name')).fill(name);
  await phone.getByRole('button', { name: w.t('phone.join'), exact: true }).click();
}

/** The question a seat's newest view holds, or null. */
export function questionOf(p: { sockets: Socket[] }, seat: number): NonNullable<SeatView['question']> | null {
  return lastOf(p, 'view', seat)?.view.question ?? null;
}

/**
 * Makes the move of `seat`'s question `id` on its phone, once the page shows it, by clicks or by
 * keys alone: the first playable card (then the first colour, target or pair offered), or else
 * press, pass, accept or draw; out of turn, a late UNO when there is one, else it lets the chance go.
 */
export async function phoneMove(page: Page, id: number, how: 'click' | 'keys' = 'click', w: Words = EN_WORDS, gone: () => boolean = () => false): Promise<void> {
  const play = page.locator(`.seat-play[data-ask-id="${id}"]`);
  // A question withdrawn before the page drew it (a catch race another seat won) is not waited for.
  for (;;) {
    if (await play.waitFor({ timeout: 2000 }).then(() => true, () => false)) break;
    if (gone()) return;
  }
  const ask = (await play.getAttribute('data-ask'))!;
  const k = page.keyboard;
  const moved = async () => {
    // Moved: the page no longer shows the question, or a dialog asks for the next step.
    const h = await page.waitForFunction((q) => {
      if (document.querySelector('dialog.pick[open] .choices button')) return 'dialog';
      return document.querySelector(`.seat-play[data-ask-id="${q}"]`) ? null : 'moved';
    }, id);
    return (await h.jsonValue()) === 'dialog';
  };
  // A dialog's first choice: clicked, or taken by Enter (the dialog gives it the focus). A dialog
  // that closes first leaves nothing to pick: its question was withdrawn (a catch race won by
  // another seat while this one narrowed a jump-in).
  const pick = async () => {
    const choice = page.locator(how === 'click' ? 'dialog.pick[open] .choices button' : 'dialog.pick[open] .choices button:focus').first();
    for (;;) {
      const ready = await choice.waitFor({ timeout: 2000 }).then(() => true, () => false);
      if (ready && (how === 'click' ? await choice.click({ timeout: 2000 }).then(() => true, () => false) : (await k.press('Enter'), true))) return;
      if (!(await page.locator('dialog.pick[open]').count())) return;
    }
  };
  // A colour to name is a question of its own, in a dialog.
  if (await page.locator('dialog.pick[open]').count()) {
    await pick();
    while (await moved()) await pick();
    return;
  }
  if (ask === 'react') {
    const uno = play.getByRole('button', { name: 'UNO' });
    const late = (await uno.count()) > 0 && (await uno.isEnabled());
    if (how === 'keys') await k.press(late ? 'u' : 'Escape');
    else await (late ? uno : play.getByRole('button', { name: w.t('ask.letGo') })).click();
    await moved();
    return;
  }
  const card = play.locator('.hand button.card.playable').first();
  if (ask === 'turn' && (await card.count())) {
    if (how === 'keys') {
      await k.press('h');
      await k.press('Enter');
    } else await clickVisible(page, card);
  } else {
    const take = new RegExp(`^${w.t('ask.take', { total: 0 }).replace('0', '\\d+')}`);
    const buttons: Array<[string | RegExp, string]> = [[w.t('ask.pressLauncher'), 'p'], [w.t('ask.pass'), 's'], [w.t('ask.acceptIt'), 'a'], [w.t('ask.draw'), 'd'], [take, 'd']];
    let done = false;
    for (const [name, key] of buttons) {
      const b = play.getByRole('button', { name, exact: typeof name === 'string' });
      if ((await b.count()) && (await b.first().isEnabled())) {
        await (how === 'keys' ? k.press(key) : b.first().click());
        done = true;
        break;
      }
    }
    if (!done) throw new Error(`no move to make (${ask}): ${await play.locator('.actions').innerText()}`);
  }
  while (await moved()) await pick();
}

/**
 * Plays the people's moves on their phones until the table screen's round is over; returns how
 * many they made. `before(p, seat)`: what to do on a phone before each of its moves; `stop()`:
 * ends the play early, checked before each move; `keys`: the phones that play by keys alone.
 */
export async function playPhones(table: RoomPage, phones: RoomPage[], o: { before?: (p: RoomPage, seat: number) => Promise<void>; stop?: () => boolean; keys?: RoomPage[]; words?: Map<RoomPage, Words> } = {}, max = 400): Promise<number> {
  const handled = new Map<string, number>();
  for (let n = 0; n < max; n++) {
    if (o.stop?.()) return n;
    const found = await untilFrame(() => {
      const t = lastOf(table, 'table');
      if (t && t.view.phase !== 'playing') return 'over' as const;
      for (const [i, p] of phones.entries()) {
        // The seats the page holds now: a seat left (its socket closed, none open for it) is asked nothing more of it.
        const asked: { seat: number; id: number }[] = [];
        for (const seat of new Set(p.sockets.filter((s) => !s.closed).map((s) => s.seat))) {
          if (seat === null) continue;
          const q = questionOf(p, seat);
          if (q && handled.get(`${i}/${seat}`) !== q.id) asked.push({ seat, id: q.id });
        }
        if (asked.length > 0) return { i, p, asked };
      }
      return null;
    }, () => `a question for a phone or the round's end (after ${n} moves)`);
    if (found === 'over') return n;
    // Two people of one phone asked at once (a catch race): the phone shows the one whose hand is
    // shown, and that one answers first, as the person holding the phone would.
    let chosen = found.asked[0];
    if (found.asked.length > 1) {
      // The page shows one of them once it has drawn the frames read here; none (a tap to pass the phone): the first.
      const ids = found.asked.map((a) => a.id);
      const shown = await found.p.page.waitForFunction((ids) => {
        const id = Number(document.querySelector('.seat-play[data-ask-id]')?.getAttribute('data-ask-id'));
        return ids.includes(id) ? id : null;
      }, ids, { timeout: 1000 }).then((h) => h.jsonValue(), () => null);
      chosen = found.asked.find((a) => a.id === shown) ?? chosen;
    }
    const next = { i: found.i, p: found.p, ...chosen };
    handled.set(`${next.i}/${next.seat}`, next.id);
    await o.before?.(next.p, next.seat);
    await phoneMove(next.p.page, next.id, o.keys?.includes(next.p) ? 'keys' : 'click', o.words?.get(next.p), () => questionOf(next.p, next.seat)?.id !== next.id);
  }
  throw new Error(`the round did not end after ${max} moves`);
}

/** A room opened on a table screen at `url`, `names` joined on their phones (each its own context), started; bots in the seats left. */
export async function startRoom(browser: Browser, url: string, names: string[], players: number) {
  const table = await openRoomPage(browser, url);
  const code = await openRoom(table.page, { players });
  const phones: RoomPage[] = [];
  for (const name of names) {
    const p = await openRoomPage(browser, `${url}#join=${code}`, PHONE);
    await join(p.page, name);
    await p.page.getByText(EN_WORDS.t('phone.inAs', { names: name })).waitFor();
    phones.push(p);
  }
  await table.page.getByRole('button', { name: /^Start the game/ }).click();
  await table.page.locator('.room-game').waitFor();
  return { table, code, phones };
}

/** The card ids in a text (a frame): `R5#1`, `W4#2`, `+2`'s `B+2#1`. */
export function cardIds(text: string): string[] {
  return text.match(/[A-Z0-9+]+#\d+/g) ?? [];
}

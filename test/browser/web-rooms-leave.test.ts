/**
 * Leaving a game night, and its table screen moved and opened again, in real Chromium on the real
 * server (a browser context a device): a person leaves mid-round from their phone's ☰ Game menu
 * and a bot plays their seat on; the table screen closed, a person seated opens it on their phone
 * once the room's wait is over; the laptop's tab opened again at its address takes the table back
 * from its storage; the table screen moves to a tablet by the address its control shows; on a
 * phone several people share, Leave is one person's, the others stay.
 */
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { qrPath } from '../../web/src/room/qr.ts';
import { GAME_NIGHT_ROUND_MS } from '../budgets.ts';
import { join, lastOf, openRoom, openRoomPage, PHONE, playPhones, readFrames, startRoom, untilFrame, useRoomsWeb, type Socket } from './rooms.ts';

/**
 * The room's wait for a person, or a table screen, whose connection is gone (`web --away`), s:
 * long enough that a phone's first try after the table screen closed (its menu opened past a
 * choice the deal asks at once, two clicks) comes within it on a loaded machine, as the test needs.
 */
const AWAY_S = 6;

const seatKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('uno-extreme-room-seats:')));

/**
 * Opens the phone's ☰ Game menu at `menu`. A choice the phone is asked to narrow (a colour, a
 * target) is a modal dialog over the page: the person sets it aside first (Escape), or, when it
 * must be answered (a colour to name), answers it with its first choice, as they would to reach
 * the menu. Some deals ask at once.
 */
async function openMenu(page: Page, menu: string): Promise<void> {
  const pick = page.locator('dialog.pick[open]');
  for (let tries = 0; ; tries++) {
    if (await pick.count()) {
      await page.keyboard.press('Escape');
      if (await pick.count()) await pick.locator('.choices button').first().click();
    }
    // A dialog that opens as the menu is clicked takes the click: set aside, and the menu clicked again.
    const clicked = await page.locator(menu).click({ timeout: 3000 }).then(() => true, (e: Error) => (tries < 4 ? false : Promise.reject(e)));
    if (clicked) return;
  }
}

describe('leaving a game night; its table screen moved and opened again', () => {
  const web = useRoomsWeb(['--away', String(AWAY_S)]);

  it('a person leaves mid-round from the ☰ Game menu: a bot plays their seat on, their phone forgets it and offers to join again', async () => {
    const { table, code, phones: [ana, ben] } = await startRoom(web.browser, web.server.url, ['Ana', 'Ben'], 3);
    let moves = 0;
    await playPhones(table, [ana, ben], { before: async () => void moves++, stop: () => moves >= 3 });
    expect(lastOf(table, 'table')!.view.phase).toBe('playing');
    await openMenu(ben.page, '.phone-menu summary');
    // Leave asks once more: "Stay" keeps the seat, "Yes" leaves it.
    await ben.page.getByRole('button', { name: 'Leave the room' }).click();
    await ben.page.getByRole('button', { name: 'Stay' }).click();
    await ben.page.getByRole('button', { name: 'Leave the room' }).click();
    await ben.page.getByRole('button', { name: 'Yes, Ben leaves' }).click();
    await ben.page.getByRole('alert').filter({ hasText: `Ben left room ${code}: a bot plays the seat from now on. This phone no longer holds it` }).waitFor();
    await ben.page.getByRole('button', { name: 'Join', exact: true }).waitFor();
    await expect(seatKeys(ben.page)).resolves.toEqual([]);
    await untilFrame(() => (lastOf(table, 'table')?.seats[1].status.kind === 'removed' ? true : null), () => "Ben's seat removed on the table screen");
    await table.page.locator('.room-events').getByText('Ben left the room: a bot plays their seat').waitFor();
    // Ana alone plays on: the round reaches its end only if a bot answers for Ben's seat.
    await playPhones(table, [ana]);
    expect(lastOf(table, 'table')!.view.phase).not.toBe('playing');
    expect([...table.errors, ...ana.errors, ...ben.errors]).toEqual([]);
  }, GAME_NIGHT_ROUND_MS);

  it('the table screen closed: a phone seated opens it after the wait, the laptop takes it back from its storage, then moves it to a tablet', async () => {
    const { table, code, phones: [ana] } = await startRoom(web.browser, web.server.url, ['Ana'], 2);
    await table.page.close();
    await openMenu(ana.page, '.phone-menu summary');
    const refused = () => ana.sockets.flatMap((s) => s.frames).filter((f) => f.includes('"refused"')).length;
    const ask = async () => {
      await ana.page.getByRole('button', { name: 'Open the table screen here' }).click();
      await ana.page.getByRole('button', { name: 'Yes, open it here' }).click();
    };
    await ask();
    await ana.page.locator('.seat-play .message').getByText(`the table screen is open on another device, or was less than ${AWAY_S} s ago`).waitFor();
    // Asked again until the room's wait is over: each try is answered (a refusal, or the host's token).
    const giveUp = Date.now() + (AWAY_S + 10) * 1000;
    while (!lastOf(ana, 'host')) {
      expect(Date.now(), 'still refused well past the wait').toBeLessThan(giveUp);
      const before = refused();
      await ask();
      await untilFrame(() => (lastOf(ana, 'host') || refused() > before ? true : null), () => 'an answer to Open the table screen here');
    }
    // The table screen opens in a tab of its own: Ana's hand stays in hers.
    let tab: { page: Page; sockets: Socket[] } | null = null;
    ana.context.on('page', (page) => (tab ??= { page, sockets: readFrames(page) }));
    await ana.page.getByRole('link', { name: 'Open the table screen (a new tab: your hand stays in this one)' }).click();
    await untilFrame(() => (tab && lastOf(tab, 'table') ? true : null), () => "the phone's table screen's first view");
    await tab!.page.locator('.room-game').waitFor();
    await ana.page.locator('.seat-play .hand').waitFor();

    // The laptop's tab opened again at the room's address takes the table back with the token it kept.
    const laptop = await table.context.newPage();
    const laptopSockets = readFrames(laptop);
    await laptop.goto(`${web.server.url}#table=${code}`);
    await laptop.locator('.room-game').waitFor();
    await tab!.page.getByRole('alert').filter({ hasText: 'The table screen moved to another device: this one is no longer the table screen.' }).waitFor();

    // Moved to a tablet by the address (and QR code) its control shows: the code and the host's token.
    await laptop.getByRole('button', { name: 'Move the table screen' }).click();
    const address = (await laptop.locator('.move-address').innerText()).trim();
    expect(address).toMatch(new RegExp(`^${web.server.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}#table=${code}&host=[A-Za-z0-9_-]{16,}$`));
    await expect(laptop.getByRole('img', { name: `QR code of the address that moves the table screen of room ${code}` }).locator('path').getAttribute('d')).resolves.toBe(qrPath(address).d);
    const tablet = await openRoomPage(web.browser, address);
    await tablet.page.locator('.room-game').waitFor();
    // The token is taken out of the tablet's address once kept.
    expect(new URL(tablet.page.url()).hash).toBe(`#table=${code}`);
    await laptop.getByRole('alert').filter({ hasText: 'The table screen moved to another device' }).waitFor();
    const framesAfter = laptopSockets.flatMap((s) => s.frames).length;
    // The tablet is the host now: the round plays on to its end, and the laptop is sent nothing more.
    await playPhones(tablet, [ana]);
    expect(laptopSockets.flatMap((s) => s.frames).length).toBe(framesAfter);
    expect([...ana.errors, ...tablet.errors]).toEqual([]);
  }, GAME_NIGHT_ROUND_MS);

  it('several people on one phone: in the lobby each may leave; in a game Leave is for the hand shown, the others stay', async () => {
    const table = await openRoomPage(web.browser, web.server.url);
    const code = await openRoom(table.page, { players: 3 });
    const phone = await openRoomPage(web.browser, `${web.server.url}#join=${code}`, PHONE);
    for (const [i, name] of ['Ana', 'Bo', 'Cy'].entries()) {
      if (i > 0) await phone.page.getByRole('button', { name: 'Add a player on this phone (pass the phone)' }).click();
      await join(phone.page, name);
    }
    await phone.page.getByText('You are in as Ana, Bo, and Cy').waitFor();
    // In the lobby: Cy leaves, his seat is freed, Ana and Bo stay.
    await openMenu(phone.page, '.phone-menu summary');
    await phone.page.getByRole('button', { name: 'Leave the room (Cy)' }).click();
    await phone.page.getByRole('button', { name: 'Yes, Cy leaves' }).click();
    await phone.page.getByRole('alert').filter({ hasText: `Cy left room ${code}: the seat is free again.` }).waitFor();
    await phone.page.getByText('You are in as Ana and Bo').waitFor();
    await table.page.locator('.lobby-seats li[data-status="free"]').waitFor();
    await table.page.getByRole('button', { name: /^Start the game/ }).click();
    // In the game: whoever is asked first taps, sees their hand, and leaves; the other plays on.
    const tap = phone.page.getByRole('button', { name: /^Tap when you are / });
    const who = (/^Tap when you are (.+)$/.exec(await tap.innerText()) ?? [])[1];
    const stays = who === 'Ana' ? 'Bo' : 'Ana';
    await tap.click();
    await openMenu(phone.page, '.seat-play .phone-menu summary');
    await expect(phone.page.locator('.phone-menu button').allInnerTexts()).resolves.toEqual(['Leave the room', 'Open the table screen here']);
    await phone.page.getByRole('button', { name: 'Leave the room' }).click();
    await phone.page.getByRole('button', { name: `Yes, ${who} leaves` }).click();
    await phone.page.getByRole('alert').filter({ hasText: `${who} left room ${code}: a bot plays the seat from now on.` }).waitFor();
    // The one left on the phone has their hand without a tap; storage holds their seat alone.
    await phone.page.locator('.seat-play h1').filter({ hasText: stays }).waitFor();
    const held = await phone.page.evaluate((c) => (JSON.parse(localStorage.getItem(`uno-extreme-room-seats:${c}`) ?? '[]') as { name: string }[]).map((h) => h.name), code);
    expect(held).toEqual([stays]);
    const seat = who === 'Ana' ? 0 : 1;
    await untilFrame(() => (lastOf(table, 'table')?.seats[seat].status.kind === 'removed' ? true : null), () => `${who}'s seat removed on the table screen`);
    // The table screen opened from the form moves to a tablet, and is taken back from its own button.
    await table.page.getByRole('button', { name: 'Move the table screen' }).click();
    const tablet = await openRoomPage(web.browser, (await table.page.locator('.move-address').innerText()).trim());
    await tablet.page.locator('.room-game').waitFor();
    await table.page.getByRole('button', { name: 'Take the table screen back here' }).click();
    await table.page.locator('.room-game').waitFor();
    await tablet.page.getByRole('alert').filter({ hasText: 'The table screen moved to another device' }).waitFor();
    await playPhones(table, [phone]);
    expect(lastOf(table, 'table')!.view.phase).not.toBe('playing');
    expect([...table.errors, ...phone.errors, ...tablet.errors]).toEqual([]);
  }, GAME_NIGHT_ROUND_MS);
});

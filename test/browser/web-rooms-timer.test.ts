/**
 * A room's turn timer in real Chromium: a phone that does not answer its turn (a phone frozen in
 * the background looks the same to the server: its socket answers the pings), the countdown on
 * the phone and on the table screen, the last ten seconds said once to a screen reader, and at
 * zero the table moves on while the person keeps the seat. The server runs in this process on a
 * clock the test moves, so the 30 s timer, the shortest the host form offers, takes no time.
 */
import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../table/roomMessages.ts';
import type { Question } from '../../table/session.ts';
import { CHROMIUM_PAGE_MS } from '../budgets.ts';
import { needs } from '../tools.ts';
import { join, lastOf, openRoom, openRoomPage, PHONE, phoneMove, untilFrame, useRoomsInProcess, type RoomPage } from './rooms.ts';

/** The question of `seat`'s turn (not a chance out of turn) its phone was last sent with the turn timer, other than `not`. */
function timedTurn(phone: RoomPage, not?: number, seat = 0): { q: Question; msLeft: number } | null {
  const m = lastOf(phone, 'view', seat);
  const q = m?.view.question;
  return q && q.id !== not && q.mode !== 'react' && m.timer?.seat === seat ? { q, msLeft: m.timer.msLeft } : null;
}

/** Resolves once the table screen was sent a view with more moves than `moves`. */
const movedOn = (table: RoomPage, moves: number) => untilFrame(() => ((lastOf(table, 'table')?.view.moves ?? 0) > moves ? true : null), () => `a move at the table after move ${moves}`);

/** How many times a page's sockets were sent the log line saying seat 0's time ran out (a socket is sent each line once). */
const toldTimeUp = (p: RoomPage) => p.sockets.flatMap((s) => s.frames).flatMap((f) => {
  const m = JSON.parse(f) as ServerMessage;
  return m.type === 'view' || m.type === 'table' ? m.view.log.lines : [];
}).filter((l) => 'k' in l && l.k === 'room.note.timeUp' && JSON.stringify(l.v) === '{"who":{"seat":0}}').length;

describe.runIf(needs('chromium'))('game night: the turn timer', () => {
  const web = useRoomsInProcess();

  it('a phone that does not answer: both screens count down, the end is said once, and at zero a bot plays that turn; the person plays the next', async () => {
    // The table screen with reduced motion, the phone without: the last seconds pulse on the phone alone.
    const table = await openRoomPage(web.browser, web.url, { reducedMotion: 'reduce' });
    const code = await openRoom(table.page, { players: 2, turn: '30 seconds' });
    const phone = await openRoomPage(web.browser, `${web.url}#join=${code}`, { ...PHONE, reducedMotion: 'no-preference' });
    await join(phone.page, 'Ana');
    await phone.page.getByText('You are in as Ana').waitFor();
    await table.page.getByRole('button', { name: /^Start the game/ }).click();
    const first = await untilFrame(() => timedTurn(phone), () => "Ana's timed turn");
    expect(first.msLeft).toBe(30_000);
    // The countdown, from the ms left the server sent, on the phone and at Ana's seat on the table screen.
    const phoneClock = phone.page.locator('.actions .turn-clock');
    const tableClock = table.page.locator('.room-seat[data-seat-area="0"] .turn-clock');
    await expect(phoneClock.innerText()).resolves.toMatch(/^(30|29|28) s left to play$/);
    await expect(tableClock.innerText()).resolves.toMatch(/^(30|29|28) s left to play$/);
    const soon = (p: RoomPage) => p.page.locator('.turn-soon').innerText();
    await expect(soon(phone)).resolves.toBe('');

    // 21 s pass on the server; the phone is reloaded (a reconnect): the same deadline, 9 s left, on both screens.
    web.advance(21_000);
    await phone.page.reload();
    await untilFrame(() => (lastOf(phone, 'view', 0)?.timer?.msLeft === 9_000 ? true : null), () => 'the view of the phone back with 9 s left');
    await expect(phoneClock.innerText()).resolves.toMatch(/^[89] s left to play$/);
    await untilFrame(() => (lastOf(table, 'table')?.timer?.msLeft === 9_000 ? true : null), () => 'the table screen told 9 s are left');
    await expect(tableClock.innerText()).resolves.toMatch(/^[89] s left to play$/);
    // Said once in a polite live region, in words that stay the same to zero (not every second).
    await expect(soon(phone)).resolves.toBe('You have 10 seconds left to play');
    await expect(soon(table)).resolves.toBe('Ana has 10 seconds left to play');
    const animations = (clock: typeof phoneClock) => clock.evaluate((e) => e.getAnimations().length);
    await expect(animations(phoneClock)).resolves.toBeGreaterThan(0);
    await expect(animations(tableClock)).resolves.toBe(0);

    // Zero: the table moves on without Ana's phone, and says why.
    const moves = lastOf(table, 'table')!.view.moves;
    web.advance(9_000);
    await movedOn(table, moves);
    await table.page.locator('.room-events').getByText("Ana's time ran out: a bot played this turn for them").waitFor();
    // The phone's frames come on its own socket: on a loaded machine after the table screen has shown the line.
    await untilFrame(() => (toldTimeUp(phone) > 0 ? true : null), () => "the phone's line saying Ana's time ran out");
    expect(toldTimeUp(phone)).toBe(1);
    // Ana keeps her seat: here, asked her next turn with a whole timer, and her move is taken.
    const next = await untilFrame(() => timedTurn(phone, first.q.id), () => "Ana's next timed turn");
    expect(next.msLeft).toBe(30_000);
    expect(lastOf(table, 'table')!.seats[0].status).toEqual({ kind: 'here' });
    const before = lastOf(table, 'table')!.view.moves;
    await phoneMove(phone.page, next.q.id);
    await movedOn(table, before);
    // Once: her own move ran out no timer.
    expect(toldTimeUp(table)).toBe(1);
    expect(web.failed).toEqual([]);
    expect([...table.errors, ...phone.errors]).toEqual([]);
  }, CHROMIUM_PAGE_MS);

  it('several people on one phone: the person whose hand waits behind a tap sees their time running, and at zero the table moves on', async () => {
    const table = await openRoomPage(web.browser, web.url);
    const code = await openRoom(table.page, { players: 3, turn: '30 seconds' });
    const phone = await openRoomPage(web.browser, `${web.url}#join=${code}`, PHONE);
    await join(phone.page, 'Ana');
    await phone.page.getByText('You are in as Ana').waitFor();
    await phone.page.getByRole('button', { name: 'Add a player on this phone (pass the phone)' }).click();
    await join(phone.page, 'Bo');
    await phone.page.getByText('You are in as Ana and Bo').waitFor();
    await table.page.getByRole('button', { name: /^Start the game/ }).click();
    const [seat, first] = await untilFrame(() => {
      for (const seat of [0, 1]) {
        const t = timedTurn(phone, undefined, seat);
        if (t) return [seat, t] as const;
      }
      return null;
    }, () => "Ana's or Bo's timed turn");
    const who = ['Ana', 'Bo'][seat];
    // Nobody has tapped yet: the hand waits behind the tap, the clock runs above it.
    await phone.page.getByRole('button', { name: `Tap when you are ${who}` }).waitFor();
    await expect(phone.page.locator('.pass-phone .turn-clock').innerText()).resolves.toMatch(/^(30|29|28) s left to play$/);
    const moves = lastOf(table, 'table')!.view.moves;
    web.advance(first.msLeft);
    await movedOn(table, moves);
    await table.page.locator('.room-events').getByText(`${who}'s time ran out: a bot played this turn for them`).waitFor();
    expect(web.failed).toEqual([]);
    expect([...table.errors, ...phone.errors]).toEqual([]);
  }, CHROMIUM_PAGE_MS);
});

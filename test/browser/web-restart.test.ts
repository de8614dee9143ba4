/**
 * The server restarted the way a person restarts it: the README's own command again, with no
 * --port. A game night's table screen and phones come back by themselves to the same round, every
 * card where it was; the one-player game the browser keeps opens again at the same address.
 * Stopped (SIGTERM), nothing is lost; killed (SIGKILL), at most the move being made, and the
 * table says the server stopped without warning.
 *
 * The server runs on the default port (a person's own `npm start` on this machine would be
 * refused it, and this file fails saying so) with its rooms in the default folder under an
 * XDG_STATE_HOME of the test's own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PORT } from '../../cli/web.ts';
import { CHROMIUM_PAGE_MS, GAME_NIGHT_ROUND_MS, PAGE_START_MS, PROGRAM_RUN_MS } from '../budgets.ts';
import { needs } from '../tools.ts';
import { launchChromium } from './chromium.ts';
import { lastOf, playPhones, startRoom, untilFrame, type RoomPage } from './rooms.ts';
import { english } from '../table/players.ts';
import type { ServerMessage } from '../../table/roomMessages.ts';
import { handAndMoves, newGame, openPage, playMoves, startWeb, waitForPerson, type WebServer } from './web.ts';

/** The README's command for a game night: `npx uno-extreme web --host`. */
const COMMAND = ['--host'];

/** What the table and the phones show of a round: where it is, and where every card is. */
interface Moment {
  round: number;
  moves: number;
  handSizes: readonly number[];
  discard: readonly string[];
  supplyCount: number;
  hands: string[][];
}

describe.runIf(needs('chromium'))('a restart of the server', () => {
  const state = mkdtempSync(path.join(tmpdir(), 'web-restart-'));
  const env = { ...process.env, XDG_STATE_HOME: state };
  let browser: Browser;
  let server: WebServer;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startWeb(COMMAND, { typed: true, env }), launchChromium()]);
  }, PAGE_START_MS);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(state, { recursive: true, force: true });
  });

  /** Stops the server with `signal` and starts it again by the same command: it comes back at the same address. */
  async function restart(signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
    const url = server.url;
    const exited = new Promise<number | null>((ok) => server.child.once('exit', (code) => ok(code)));
    server.child.kill(signal);
    const code = await exited;
    if (signal === 'SIGTERM') expect(code).toBe(0);
    server = await startWeb(COMMAND, { typed: true, env });
    expect(server.url).toBe(url);
  }

  it('serves at the default port', () => {
    expect(server.url).toBe(`http://127.0.0.1:${DEFAULT_PORT}/`);
  });

  it('brings a table screen and two phones back to the same round with every card, after SIGTERM and after SIGKILL', async () => {
    const { table, phones } = await startRoom(browser, server.url, ['Ana', 'Bo'], 3);
    const pages = [table, ...phones];
    /**
     * The round as it stands once the room waits on a phone (the bot has moved): the table's view
     * and each phone's hand, as each page's newest socket was sent them.
     */
    const waiting = (): Moment | null => {
      const newest = (p: RoomPage) => ({ sockets: p.sockets.slice(-1) });
      const t = lastOf(newest(table), 'table');
      const views = phones.map((p) => lastOf(newest(p), 'view'));
      if (!t || views.some((v) => v === null || v.view.moves !== t.view.moves)) return null;
      if (!views.some((v) => v!.view.question !== null)) return null;
      const { round, moves, handSizes, discard, supplyCount } = t.view;
      return { round, moves, handSizes, discard, supplyCount, hands: views.map((v) => [...v!.view.hand].sort()) };
    };
    const cards = (m: Moment) => m.handSizes.reduce((a, b) => a + b, 0) + m.discard.length + m.supplyCount;
    let made = 0;
    await playPhones(table, phones, { stop: () => made++ >= 4 });
    const total = cards(await untilFrame(waiting, () => 'the room waiting on a phone'));

    for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
      const before = await untilFrame(waiting, () => 'the room waiting on a phone');
      const sockets = pages.map((p) => p.sockets.length);
      await restart(signal);
      // No one touches anything: each page's socket comes back by itself and is sent the round.
      const after = await untilFrame(() => (pages.every((p, i) => p.sockets.length > sockets[i]) ? waiting() : null),
        () => `every page back after ${signal} (sockets ${pages.map((p) => p.sockets.length).join(', ')})`);
      expect(after, signal).toEqual(before);
      expect(cards(after), signal).toBe(total);
      for (const [i, p] of phones.entries()) {
        await expect.poll(() => p.page.locator('.seat-play .hand button.card').evaluateAll((bs) => bs.map((b) => b.getAttribute('data-card')!).sort()), { message: `${signal}: phone ${i}` }).toEqual(before.hands[i]);
      }
      // The log of the newest socket: its first view sent it whole, the views after it the lines added.
      const log = table.sockets.at(-1)!.frames.map((f) => JSON.parse(f) as ServerMessage)
        .flatMap((m) => (m.type === 'table' ? m.view.log.lines.map((l) => english(l, m.view.names)) : [])).join('\n');
      if (signal === 'SIGKILL') {
        expect(log).toContain('The server stopped without warning and started again: the game goes on from its last move kept');
        expect(server.said()).toMatch(/stopped without warning \(killed, or it crashed\): 1 room goes on from its last move kept/);
      } else expect(log).not.toContain('without warning');
      // And the game goes on from there.
      made = 0;
      await playPhones(table, phones, { stop: () => made++ >= 2 });
      expect(lastOf(table, 'table')!.view.moves).toBeGreaterThan(before.moves);
    }
    for (const p of pages) expect(p.errors.filter((e) => !/WebSocket|ERR_CONNECTION_REFUSED/.test(e))).toEqual([]);
  }, GAME_NIGHT_ROUND_MS);

  it('keeps the one-player game in the browser across a restart (the same address)', async () => {
    const { page } = await openPage(browser, server.url);
    await newGame(page, { seed: 7, players: 3 });
    await playMoves(page, 3);
    const kept = await handAndMoves(page);
    await restart('SIGTERM');
    await page.reload();
    await waitForPerson(page);
    expect(await handAndMoves(page)).toEqual(kept);
  }, CHROMIUM_PAGE_MS + PROGRAM_RUN_MS);
});

/**
 * Game night in two languages at one table: the table screen and one phone in French (their
 * browsers say fr-FR), another phone in English, in the same room, a round played by clicks to
 * the score table. The server sends no sentence, only data (phrases, refusals, the seats' and the
 * bots' names), and each page words it in its own reader's language: no English word on the
 * French screens, no French word on the English one, at each person's move and at the end; the
 * server's refusals read in each phone's own language too.
 */
import { describe, expect, it } from 'vitest';
import { EN_WORDS, loadLang, type Words } from '../../words/catalogue.ts';
import '../../words/rooms.ts';
import { englishOnly, frenchOnly, wordsOf } from '../words/english.ts';
import { GAME_NIGHT_ROUND_MS } from '../budgets.ts';
import { needs } from '../tools.ts';
import { join, openRoom, openRoomPage, PHONE, playPhones, useRoomsWeb, type RoomPage } from './rooms.ts';

const FR = await loadLang('fr');

describe.runIf(needs('chromium'))('game night in each reader\'s language', () => {
  const web = useRoomsWeb();

  it('a French table screen, a French phone and an English phone play a round to the score table, each page in its own language only', async () => {
    const table = await openRoomPage(web.browser, web.server.url, { locale: 'fr-FR' });
    const code = await openRoom(table.page, { players: 3, target: 1 }, FR);
    const zoe = await openRoomPage(web.browser, `${web.server.url}#join=${code}`, { ...PHONE, locale: 'fr-FR' });
    const tom = await openRoomPage(web.browser, `${web.server.url}#join=${code}`, { ...PHONE, locale: 'en-US' });
    // The server's refusals, each in its phone's language: a bot's name, a name taken.
    await join(zoe.page, 'Bot 7', FR);
    await zoe.page.getByRole('alert').getByText(FR.t('name.bot', { name: 'Bot 7' })).waitFor();
    await join(zoe.page, 'Zoé', FR);
    await zoe.page.getByText(FR.t('phone.inAs', { names: 'Zoé' })).waitFor();
    await join(tom.page, 'zoé');
    await tom.page.getByRole('alert').getByText(EN_WORDS.t('room.no.nameTaken', { name: 'zoé' })).waitFor();
    await join(tom.page, 'Tom');
    await tom.page.getByText(EN_WORDS.t('phone.inAs', { names: 'Tom' })).waitFor();
    await table.page.getByRole('button', { name: FR.t('room.start', { bots: 1 }) }).click();
    await table.page.locator('.room-game').waitFor();

    const screens: Array<{ name: string; p: RoomPage; w: Words; foreign: Set<string> }> = [
      { name: 'the table screen', p: table, w: FR, foreign: englishOnly() },
      { name: "Zoé's phone", p: zoe, w: FR, foreign: englishOnly() },
      { name: "Tom's phone", p: tom, w: EN_WORDS, foreign: frenchOnly() },
    ];
    for (const s of screens) expect(await s.p.page.evaluate(() => document.documentElement.lang), s.name).toBe(s.w.lang);
    const seen: string[] = [];
    let looks = 0;
    const look = async (when: string) => {
      looks++;
      for (const s of screens) {
        // The room's code is random letters: it could spell a word of either language.
        const text = (await s.p.page.locator('body').innerText()).replaceAll(code, ' ');
        const found = [...new Set(wordsOf(text).filter((word) => s.foreign.has(word)))];
        if (found.length) seen.push(`${s.name}, ${when}: ${found.join(', ')}\n${text}`);
      }
    };
    await look('the first move');
    const moves = await playPhones(table, [zoe, tom], { words: new Map([[zoe, FR], [tom, EN_WORDS]]), before: (_p, seat) => look(`before seat ${seat}'s move`) });
    expect(moves).toBeGreaterThan(0);
    // The score table on every screen (one round to 1 point ends the match).
    await table.page.locator('dialog[open] .room-totals').waitFor();
    for (const p of [zoe, tom]) await p.page.locator('.phone-scores .room-totals').waitFor();
    await expect(table.page.locator('dialog[open] h2').innerText()).resolves.toMatch(/^Partie finie/);
    await expect(zoe.page.locator('.phone-scores h2').innerText()).resolves.toBe(FR.t('phone.matchOver'));
    await expect(tom.page.locator('.phone-scores h2').innerText()).resolves.toBe(EN_WORDS.t('phone.matchOver'));
    // The bot's name, in each reader's words.
    await expect(table.page.locator('dialog[open] .room-totals').innerText()).resolves.toContain(FR.t('bot.name', { n: 2 }));
    await expect(tom.page.locator('.phone-scores .room-totals').innerText()).resolves.toContain(EN_WORDS.t('bot.name', { n: 2 }));
    await look('the score table');
    expect(looks).toBeGreaterThan(moves);
    expect(seen).toEqual([]);
    for (const s of screens) expect(s.p.errors, s.name).toEqual([]);
  }, GAME_NIGHT_ROUND_MS);
});

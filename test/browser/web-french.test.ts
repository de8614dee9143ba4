/**
 * The page in French, as a reader whose browser says fr-FR gets it: `<html lang="fr">`, a whole
 * one-player round played by clicks to the score table with no English word on the screen at any
 * of the person's turns nor at the end, and the reader's choice of language kept across a reload.
 * "An English word" is one of the English catalogue's distinctive words (test/words/english.ts).
 */
import { describe, expect, it } from 'vitest';
import { parseProfileText } from '../../emulator/profile.ts';
import { BUILTIN_PROFILES } from '../../emulator/profiles.ts';
import { createMatch, ruleSet } from '../../game/index.ts';
import { saveMatch } from '../../game/save.ts';
import { loadLang } from '../../words/catalogue.ts';
import { cliWordsIn, sayIn } from '../../words/cli.ts';
import { saidOf } from '../../words/said.ts';
import { englishOnly, wordsOf } from '../words/english.ts';
import { CHROMIUM_PAGE_MS } from '../budgets.ts';
import { needs } from '../tools.ts';
import { newGame, openPage, playRound, useWeb } from './web.ts';

const FR = await loadLang('fr');

describe.runIf(needs('chromium'))('the page in French', () => {
  const web = useWeb();

  it('the distinctive English words are the ones a French screen must not show', () => {
    const list = englishOnly();
    for (const word of ['card', 'cards', 'turn', 'press', 'launcher', 'round', 'played', 'pressed', 'colour', 'draw', 'wins', 'skipped', 'challenge', 'stack', 'seat', 'red']) expect(list).toContain(word);
    for (const word of ['uno', 'table', 'points', 'total', 'joker']) expect(list).not.toContain(word);
  });

  it('a round played to the score table shows no English word, and <html lang> is fr', async () => {
    const { page, errors } = await openPage(web.browser, web.server.url, { locale: 'fr-FR' });
    const english = englishOnly();
    const seen: string[] = [];
    const look = async (when: string) => {
      const text = await page.locator('body').innerText();
      const found = [...new Set(wordsOf(text).filter((w) => english.has(w)))];
      if (found.length) seen.push(`${when}: ${found.join(', ')}\n${text}`);
    };
    await newGame(page, { seed: 11, players: 3, target: 1 }, FR);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await look('the first turn');
    let turns = 0;
    await playRound(page, 'click', 400, FR, () => look(`turn ${++turns}`));
    // The end of the round: the winner, the hands left with their points, the score table.
    await page.locator('dialog .score-table').waitFor();
    await look('the score table');
    expect(turns).toBeGreaterThan(0);
    expect(seen).toEqual([]);
    expect(await page.locator('dialog[open] h2').innerText()).toMatch(/^Partie finie|^Manche 1 finie/);
    expect(errors).toEqual([]);
  }, CHROMIUM_PAGE_MS);

  it("the reader's choice of language is kept: English chosen in a French browser stays English after a reload", async () => {
    const { page } = await openPage(web.browser, web.server.url, { locale: 'fr-FR' });
    const form = page.getByRole('dialog', { name: FR.t('page.newGame') });
    await form.getByLabel(FR.t('page.language')).selectOption('en');
    await page.getByRole('dialog', { name: 'New game' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.reload();
    await page.getByRole('dialog', { name: 'New game' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  }, CHROMIUM_PAGE_MS);

  it('an English reader never fetches the French catalogue; choosing French fetches it and speaks French at once', async () => {
    const { page, errors } = await openPage(web.browser, web.server.url, { locale: 'en-GB' });
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    await page.getByRole('dialog', { name: 'New game' }).waitFor();
    // Everything the English page loads has loaded: the French catalogue is not among it.
    await page.waitForLoadState('networkidle');
    const catalogue = (f: string) => /\/assets\/fr-[^/]*\.js$/.test(f);
    expect(fetched.filter(catalogue)).toEqual([]);
    await page.getByRole('dialog', { name: 'New game' }).getByLabel('Language').selectOption('fr');
    await page.getByRole('dialog', { name: FR.t('page.newGame') }).waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('fr');
    expect(fetched.filter(catalogue)).toHaveLength(1);
    expect(errors).toEqual([]);
  }, CHROMIUM_PAGE_MS);

  it("a launcher profile file the New game form refuses is said in French, the field's name as the file writes it", async () => {
    const { page, errors } = await openPage(web.browser, web.server.url, { locale: 'fr-FR' });
    const dialog = page.getByRole('dialog', { name: FR.t('page.newGame') });
    await dialog.locator('details.more summary').click();
    const picker = dialog.locator('label.file', { hasText: FR.t('form.pickProfile') }).locator('input');
    const spec = JSON.parse(JSON.stringify(BUILTIN_PROFILES['seed-0-8'])) as Record<string, unknown>;
    const bad = JSON.stringify({ ...spec, fire: { model: 'hazard', hazard: [0.1, 7] } });
    let refused: unknown;
    try {
      parseProfileText(bad, 'bad.json');
    } catch (e) {
      refused = e;
    }
    // The terminal's French for the same file: the page says the same sentence.
    const french = sayIn(cliWordsIn('fr'), saidOf(refused)!);
    expect(french).not.toBe((refused as Error).message);
    await picker.setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(bad) });
    const alert = dialog.locator('[role=alert]');
    await expect.poll(() => alert.innerText()).toBe(french);
    const english = englishOnly();
    expect(wordsOf((await alert.innerText()).replace(/\S*[./[\]]\S*/g, ' ')).filter((w) => english.has(w))).toEqual([]);
    expect(errors).toEqual([]);
  }, CHROMIUM_PAGE_MS);

  it("a save file the page cannot open is said in French: cut short, not a save, edited, a profile file it was never given, a damaged play block, a setup's field, a move refused on replay, a position; one naming no seat opens in French", async () => {
    const { page, errors } = await openPage(web.browser, web.server.url, { locale: 'fr-FR' });
    const picker = page.locator('label.file', { hasText: FR.t('page.openSaveFile') }).locator('input');
    const whole = saveMatch(createMatch({ rules: ruleSet('extreme'), players: 2, seed: 1, log: true }));
    const withProfile = JSON.stringify({ ...JSON.parse(whole), play: { names: ['Ana', 'Léo'], me: 0, bots: ['heuristic'], profile: 'mine.json', launcher: null } });
    const cases: [string, string, string][] = [
      ['cut.json', whole.slice(0, whole.length / 2), FR.t('reason.save.json', { file: 'cut.json', why: FR.t('reason.save.truncated') })],
      ['other.json', '{"format": "something else"}', FR.t('reason.save.notSave', { file: 'other.json' })],
      ['edited.json', JSON.stringify({ ...JSON.parse(whole), hash: '0000' }), FR.t('reason.save.edited', { file: 'edited.json' })],
      ['mine-game.json', withProfile, FR.t('reason.save.noProfile', { spec: 'mine.json' })],
      ['names.json', JSON.stringify({ ...JSON.parse(withProfile), play: { ...JSON.parse(withProfile).play, names: ['Ana'] } }), FR.t('reason.resume.field', { file: 'names.json', at: '.names', why: FR.t('reason.resume.names', { players: '2' }) })],
      // A field of the setup, and a move the replay refuses (the move and the rule's refusal in French).
      ['players.json', JSON.stringify({ ...JSON.parse(whole), setup: { ...JSON.parse(whole).setup, players: 1 } }), FR.t('reason.save.at', { file: 'players.json', why: FR.t('reason.setup.field', { field: 'setup.players', why: FR.t('reason.setup.players') }) })],
      [
        'moves.json',
        JSON.stringify({ ...JSON.parse(whole), rounds: [[{ type: 'catch', seat: 0, target: 1 }]] }),
        FR.t('reason.save.at', { file: 'moves.json', why: FR.t('reason.save.illegal', { at: FR.t('reason.save.where', { many: 'no', round: '1', move: '1' }), move: FR.t('reason.move.catch', { seat: '1' }), why: FR.t('refuse.nobody-to-catch') }) }),
      ],
      // A position its setup holds that cannot be set up: the position's reason, which the page's English does not carry, in French.
      [
        'position.json',
        JSON.stringify({ ...JSON.parse(whole), setup: { ...JSON.parse(whole).setup, position: 'hands R5 / R6 | discard ZZ | supply *' } }),
        FR.t('reason.save.setup', { file: 'position.json', why: FR.t('reason.setup.field', { field: 'position', why: FR.t('cli.position.field', { field: 'discard[0]', why: FR.t('cli.position.notCode', { code: 'ZZ' }) }) }) }),
      ],
    ];
    const english = englishOnly();
    for (const [name, text, why] of cases) {
      await picker.setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
      const alert = page.locator('p.error.banner[role=alert]');
      await expect.poll(() => alert.innerText()).toContain(FR.t('page.notOpened', { error: why }));
      expect(wordsOf((await alert.innerText()).replace(/\S*[./[\]]\S*/g, ' ')).filter((w) => english.has(w))).toEqual([]);
      // The next file's refusal takes this one's place (the New game dialog, open over the page, keeps its Dismiss out of reach).
    }
    // A save that names no seat (simulate's): its seats named as a French new game names them.
    await picker.setInputFiles({ name: 'bare.json', mimeType: 'application/json', buffer: Buffer.from(whole) });
    await expect.poll(() => page.locator('body').innerText()).toContain(FR.t('bot.name', { n: 1 }));
    expect(await page.locator('body').innerText()).not.toMatch(/\bBot 1\b/);
    expect(errors).toEqual([]);
  }, CHROMIUM_PAGE_MS);
});

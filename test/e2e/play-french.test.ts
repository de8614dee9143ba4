/**
 * The terminal game in French, as a person whose terminal says LANG=fr_FR.UTF-8 plays it: a whole
 * match of one round at 80×24 against bots, answered from the French screen alone, with no English
 * word on any screen, and the score sheet in French. `--lang en` gives English back.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BATTERY } from '../../emulator/core.ts';
import { createMatch, ruleSet, saveMatch } from '../../game/index.ts';
import { TERMINAL_GAME_MS } from '../budgets.ts';
import { englishOnly, wordsOf } from '../words/english.ts';
import { needs } from '../tools.ts';
import { answer, isPrompt, type ScreenWords } from './strategy.ts';
import { Pane } from './tmux.ts';

/** The French play screen, as the patterns the player reads it by. */
const FRENCH_SCREEN: ScreenWords = {
  prompt: /À toi \(|Tu as pioché une carte \(|: appuie encore \d+ fois|: appuie jusqu’à|Une occasion hors de ton tour \(|choisis une couleur\u00a0:|sur qui\u00a0:|poser les deux|Entrée pour la manche suivante|Appuie sur une touche pour sortir/,
  over: /Partie finie|\[exit/,
  next: /Entrée pour la manche suivante|Appuie sur une touche pour sortir/,
  choose: /(?:choisis une couleur|sur qui)\u00a0: (\S+)/,
  both: /poser les deux/,
  chance: /Une occasion hors de ton tour/,
  pressing: /: appuie (encore|jusqu)/,
  press: /p appuyer|p piocher/,
  pass: /s passer/,
  accept: /a accepter|a prendre/,
};

describe.runIf(needs('tmux'))('uno-extreme play in French', () => {
  it('LANG=fr_FR.UTF-8 plays a round at 80×24 in French, with no English word on any screen', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'uno-play-fr-'));
    const p = Pane.program('uno-e2e-fra', 'play --pace instant --no-colour --seed 11 --players 3 --target 1', dir, 80, 24, 'fr_FR.UTF-8');
    const english = englishOnly();
    const seen: string[] = [];
    let s = await p.waitFor((x) => isPrompt(x, FRENCH_SCREEN));
    expect(s).toMatch(/UNO Extreme — règles extreme · manche 1 · en 1 points · graine 11/);
    expect(s).toMatch(/Ta main \(\d+\)/);
    expect(s).not.toMatch(/agrandis le terminal/);
    for (let decisions = 0; decisions < 500 && !FRENCH_SCREEN.over.test(s); decisions++) {
      const found = [...new Set(wordsOf(s).filter((w) => english.has(w)))];
      if (found.length) seen.push(`${found.join(', ')}:\n${s}`);
      p.send(answer(s, FRENCH_SCREEN));
      const before = s;
      s = await p.waitFor((x) => x !== before && isPrompt(x, FRENCH_SCREEN));
    }
    expect(s).toMatch(/Partie finie\u00a0: (tu gagnes|Robot \d gagne)\u00a0!/);
    expect(s).toMatch(/Feuille de score dans uno-extreme-scores.html/);
    expect(seen).toEqual([]);
    const sheet = readFileSync(path.join(dir, 'uno-extreme-scores.html'), 'utf8');
    expect(sheet).toMatch(/<html lang="fr">/);
    expect(sheet).toMatch(/<h1>UNO Extreme — feuille de score<\/h1>/);
    p.send(['Enter']);
    const end = await p.waitFor((x) => /\[exit 0\]/.test(x));
    expect(end).toMatch(/Partie finie\u00a0: (tu gagnes|Robot \d gagne)\. Feuille de score\u00a0: uno-extreme-scores.html/);
  }, TERMINAL_GAME_MS);

  it('a resumed save says in French what the resume adds: the fresh batteries it put in, the names of seats the save does not name', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'uno-play-fr-'));
    const whole = JSON.parse(saveMatch(createMatch({ rules: ruleSet('extreme'), players: 3, seed: 5, log: true }))) as Record<string, unknown>;
    const spent = { rng: [1, 2, 3, 4], presses: 0, sinceBurst: 0, motorMs: BATTERY.capacityMotorSeconds * 1000, lowWarned: false, jammed: false };
    writeFileSync(path.join(dir, 'spent.json'), JSON.stringify({ ...whole, play: { names: ['Ana', 'Bo', 'Cy'], me: 0, bots: ['heuristic'], profile: 'seed-0-8', launcher: spent } }));
    writeFileSync(path.join(dir, 'bare.json'), JSON.stringify(whole));
    const p = Pane.program('uno-e2e-frc', 'play --pace instant --no-colour --resume spent.json', dir, 80, 24, 'fr_FR.UTF-8');
    expect(await p.waitFor((x) => isPrompt(x, FRENCH_SCREEN))).toMatch(/Les piles du distributeur étaient vides\u00a0: on en a mis des neuves/);
    const q = Pane.program('uno-e2e-frd', 'play --pace instant --no-colour --resume bare.json', dir, 80, 24, 'fr_FR.UTF-8');
    const bare = await q.waitFor((x) => isPrompt(x, FRENCH_SCREEN));
    expect(bare).toMatch(/Robot 1/);
    expect(bare).not.toMatch(/\bBot \d|\bYou\b/);
  }, TERMINAL_GAME_MS);

  it('--lang en speaks English in a French terminal, and --lang refuses a language it does not speak', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'uno-play-fr-'));
    const p = Pane.program('uno-e2e-frb', 'play --pace instant --no-colour --seed 11 --players 3 --lang en', dir, 80, 24, 'fr_FR.UTF-8');
    expect(await p.waitFor((x) => /Your turn \(|: press \d+ more/.test(x))).toMatch(/Your hand \(\d+\)/);
    const q = Pane.program('uno-e2e-frc', 'play --lang de', dir, 80, 24, 'fr_FR.UTF-8');
    // Refused in the terminal's language, the one it falls back to.
    expect(await q.waitFor((x) => /\[exit 2\]/.test(x))).toMatch(/--lang doit être en ou fr, pas «\u00a0de\u00a0»/);
  }, TERMINAL_GAME_MS);
});

/**
 * The interactive launcher console (`uno-extreme launcher`) in a real terminal (tmux), in its
 * reader's language: under LANG=fr_FR.UTF-8 its title, its state, its keys and what a press did
 * are French, with no English word on the screen; under LANG=C it is English.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROGRAM_RUN_MS } from '../budgets.ts';
import { needs } from '../tools.ts';
import { englishOnly, wordsOf } from '../words/english.ts';
import { Pane } from './tmux.ts';

const english = englishOnly();

describe.runIf(needs('tmux'))('the launcher console in a terminal', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'uno-console-'));

  it('French under LANG=fr_FR.UTF-8: no English word, before and after a press', async () => {
    const pane = Pane.program(`uno-console-fr-${process.pid}`, 'launcher --seed 3', dir, 140, 30, 'fr_FR.UTF-8');
    const first = await pane.waitFor((s) => /espace\/entrée appuyer/.test(s));
    expect(first).toMatch(/^Distributeur UNO Extreme — profil seed-0-8, graine 3$/m);
    expect(first).toMatch(/^ {2}alimentation allumée {3}état prêt {3}couvercle fermé$/m);
    expect(first).toMatch(/^ {2}réserve 108 cartes {3}piles \d+,\d\d V {3}tourné vers la place 0 \(\d+°\)$/m);
    pane.send(['Space']);
    const pressed = await pane.waitFor((s) => /appuis depuis l’allumage 1,/.test(s) && /ding… rien|salve\u00a0: /.test(s), 2 * PROGRAM_RUN_MS);
    pane.send(['l']);
    const lid = await pane.waitFor((s) => /couvercle OUVERT/.test(s));
    // The screen's words, less the program's own names (seed-0-8) and the keys' letters.
    expect(wordsOf(pressed + lid).filter((w) => english.has(w))).toEqual([]);
    pane.send(['q']);
    await pane.waitFor((s) => /\[exit 0\]/.test(s));
  }, 3 * PROGRAM_RUN_MS);

  it('English under LANG=C, as before', async () => {
    const pane = Pane.program(`uno-console-en-${process.pid}`, 'launcher --seed 3', dir, 140, 30);
    const first = await pane.waitFor((s) => /space\/enter press/.test(s));
    expect(first).toMatch(/^UNO Extreme launcher — profile seed-0-8, seed 3$/m);
    expect(first).toMatch(/^ {2}power on {3}state ready {3}lid closed$/m);
    expect(first).toMatch(/^ {2}supply 108 cards {3}battery \d+\.\d\d V {3}aimed at seat 0 \(\d+°\)$/m);
    pane.send(['q']);
    await pane.waitFor((s) => /\[exit 0\]/.test(s));
  }, 2 * PROGRAM_RUN_MS);
});

/**
 * Issue 15: `play` run again where a save exists keeps that save: the new game is saved under a
 * free name, and the program says which (the real program in a terminal, tmux).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPlaySave } from '../../cli/play/session.ts';
import { Pane } from '../e2e/tmux.ts';
import { needs } from '../tools.ts';

describe.runIf(needs('tmux'))('play where a save already exists', () => {
  it('keeps the earlier save and saves the new game as uno-extreme-save-2.json, saying so', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'uno-hard-play-'));
    const earlier = path.join(dir, 'uno-extreme-save.json');
    writeFileSync(earlier, 'an earlier game\n');
    const p = Pane.program('uno-hard-save', 'play --pace instant --no-colour --seed 5 --players 3', dir);
    await p.waitFor((s) => /Your turn \(/.test(s));
    p.send(['q']);
    const end = await p.waitFor((s) => /\[exit 0\]/.test(s));
    // The pane wraps long lines: read the screen as one line.
    expect(end.replace(/\n/g, '')).toMatch(/Game saved to uno-extreme-save-2\.json\. Continue it with: npx uno-extreme play --resume uno-extreme-save-2\.json \(uno-extreme-save\.json, an earlier game, is untouched\)/);
    expect(readFileSync(earlier, 'utf8')).toBe('an earlier game\n');
    expect(readPlaySave(path.join(dir, 'uno-extreme-save-2.json')).match.setup.seed).toBe(5);
  });
});

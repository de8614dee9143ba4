/**
 * Issue 15: `play` run again where a save exists keeps that save: the new game is saved under a
 * free name, and the program says which (the real program in a terminal, tmux). Issue 28: the
 * game is saved when the terminal closes or the program gets SIGTERM, an earlier match's score
 * sheet is kept, and a sheet that could not be written is refused before the game.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPlaySave } from '../../cli/play/session.ts';
import { isPrompt, playByScreen } from '../e2e/strategy.ts';
import { Pane } from '../e2e/tmux.ts';
import { until } from '../poll.ts';
import { needs } from '../tools.ts';
import { TERMINAL_GAME_MS } from '../budgets.ts';

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

describe.runIf(needs('tmux'))('a game in progress is not lost (issue 28)', () => {
  const fresh = () => mkdtempSync(path.join(tmpdir(), 'uno-hard-play-'));

  it('the terminal closing (SIGHUP) saves the game as q does', async () => {
    const dir = fresh();
    const p = Pane.program('uno-hard-hup', 'play --pace instant --no-colour --seed 6 --players 3', dir);
    await p.waitFor((s) => /Your turn \(/.test(s));
    p.kill();
    const save = path.join(dir, 'uno-extreme-save.json');
    await until(() => existsSync(save), 10_000, () => 'the save after the terminal closed');
    expect(readPlaySave(save).match.setup.seed).toBe(6);
  });

  it('SIGTERM saves the game and says where, as q does', async () => {
    const dir = fresh();
    const p = Pane.program('uno-hard-term', 'play --pace instant --no-colour --seed 7 --players 3', dir);
    await p.waitFor((s) => /Your turn \(/.test(s));
    // The pane runs a shell, and the program is its child.
    const shell = execFileSync('tmux', ['display-message', '-p', '-t', p.name, '#{pane_pid}'], { encoding: 'utf8' }).trim();
    const program = Number(execFileSync('ps', ['-o', 'pid=', '--ppid', shell], { encoding: 'utf8' }).trim().split(/\s+/)[0]);
    process.kill(program, 'SIGTERM');
    const end = await p.waitFor((s) => /\[exit \d+\]/.test(s));
    expect(end.replace(/\n/g, '')).toMatch(/Game saved to uno-extreme-save\.json\. Continue it with: npx uno-extreme play --resume uno-extreme-save\.json\[exit 0\]/);
    expect(readPlaySave(path.join(dir, 'uno-extreme-save.json')).match.setup.seed).toBe(7);
  });

  it('--sheet into a missing folder is refused before the game, in one line', async () => {
    const dir = fresh();
    const p = Pane.program('uno-hard-sheet', 'play --pace instant --no-colour --seed 7 --sheet nowhere/s.html', dir);
    const end = await p.waitFor((s) => /\[exit \d+\]/.test(s));
    expect(end.replace(/\n/g, '')).toMatch(/^uno-extreme play: cannot write nowhere\/s\.html: the folder nowhere does not exist\[exit 1\]/);
  });

  // A whole match of one short round, played from the screen.
  it('the default score sheet takes a free name: an earlier match\'s sheet is kept', async () => {
    const dir = fresh();
    writeFileSync(path.join(dir, 'uno-extreme-scores.html'), 'an earlier match\n');
    writeFileSync(path.join(dir, 'pos.txt'), 'rules extreme | hands R5 R7 G3 / G2 B3 Y4 | discard R1 | supply * | turn 0 | dealer 1\n');
    const p = Pane.program('uno-hard-sheet-2', 'play --pace instant --no-colour --position pos.txt --seed 4 --target 1', dir);
    await p.waitFor(isPrompt);
    const { screen } = await playByScreen(p);
    expect(screen).toMatch(/Score sheet written to uno-extreme-scores-2\.html/);
    expect(readFileSync(path.join(dir, 'uno-extreme-scores.html'), 'utf8')).toBe('an earlier match\n');
    expect(readFileSync(path.join(dir, 'uno-extreme-scores-2.html'), 'utf8')).toMatch(/<h1>UNO Extreme — score sheet<\/h1>/);
  }, TERMINAL_GAME_MS);
});

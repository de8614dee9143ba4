/**
 * The play command as a person uses it: the real program in a terminal (tmux), keys typed, the
 * screen read. A whole match of one round against bots with a fixed seed, bad keystrokes, and a
 * quit and resume that goes on exactly as an uninterrupted game.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { BIN } from '../cli-run.ts';
import { columns } from '../../lib/names.ts';
import { Pane } from './tmux.ts';
import { answer, isPrompt, playByScreen } from './strategy.ts';
import { needs } from '../tools.ts';
import { PROGRAM_RUN_MS, TERMINAL_GAME_MS } from '../budgets.ts';

function start(dir: string, args: string, name: string, width?: number, height?: number): Pane {
  return Pane.program(name, `play --pace instant --no-colour ${args}`, dir, width, height);
}

describe.runIf(needs('tmux'))('uno-extreme play in a terminal', () => {
  it('plays a whole match of one round against bots, shows the scores and writes the score sheet', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'uno-play-'));
    const p = start(dir, '--seed 11 --players 3 --target 1 --name Ana', 'uno-e2e-a');
    const first = await p.waitFor(isPrompt);
    expect(first).toMatch(/UNO Extreme — rules extreme · round 1 · first to 1 · seed 11/);
    expect(first).toMatch(/Ana\s+7 cards|Ana\s+\d+ cards/);
    expect(first).toMatch(/Launcher: \d+ cards · battery 4\.\d\d V · aimed at/);
    expect(first).toMatch(/Your hand \(\d+\)/);
    const { screen } = await playByScreen(p);
    expect(screen).toMatch(/Match over: (Ana|Bot \d) wins!/);
    expect(screen).toMatch(/round\s+Ana\s+Bot 1\s+Bot 2/);
    expect(screen).toMatch(/Score sheet written to uno-extreme-scores.html/);
    const sheet = readFileSync(path.join(dir, 'uno-extreme-scores.html'), 'utf8');
    expect(sheet).toMatch(/<h1>UNO Extreme — score sheet<\/h1>/);
    expect(sheet).toMatch(/@media print/);
    expect((sheet.match(/<tr><td>1<\/td>/g) ?? []).length).toBe(1);
    p.send(['Enter']);
    const end = await p.waitFor((s) => /\[exit 0\]/.test(s));
    expect(end).toMatch(/Match over: (Ana|Bot \d) wins\. Score sheet: uno-extreme-scores.html/);
  }, TERMINAL_GAME_MS);

  it('lines up the score table under a name of wide letters, as the terminal draws them', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'uno-play-'));
    const p = start(dir, '--seed 11 --players 3 --target 1 --name 李小龍', 'uno-e2e-wide');
    const { screen } = await playByScreen(p);
    const lines = screen.split('\n');
    const head = lines.find((l) => /^\s+round\s+李小龍/.test(l))!;
    const total = lines.find((l) => /^\s+total\s+\d/.test(l))!;
    expect(head, screen).toBeDefined();
    // Each name ends in the column its total ends in: 李小龍 takes six columns, not three.
    const ends = (l: string) => [...l.matchAll(/李小龍|Bot \d|\d+/g)].map((m) => columns(l.slice(0, m.index + m[0].length)));
    expect(ends(head)).toEqual(ends(total));
  }, TERMINAL_GAME_MS);

  it('refuses bad keystrokes with the reason, and the person chooses again', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'uno-play-'));
    const p = start(dir, '--seed 5 --players 3', 'uno-e2e-b');
    let s = await p.waitFor((x) => /Your turn \(/.test(x));
    p.send(['4', '2', 'Enter']);
    s = await p.waitFor((x) => /there is no card 42 in your hand: choose 1 to \d+/.test(x));
    p.send(['x']);
    s = await p.waitFor((x) => /"x" does nothing here/.test(x));
    // A card that is not marked playable is refused with the engine's reason.
    const hand = s.split('\n').filter((l) => /^\s+\d+[ *]/.test(l)).join(' ');
    const blocked = [...hand.matchAll(/(\d+) (?=[A-Z])/g)].map((m) => m[1]);
    expect(blocked.length).toBeGreaterThan(0);
    p.send([...blocked[0].split(''), 'Enter']);
    s = await p.waitFor((x) => /refused: .* cannot be played on/.test(x));
    expect(s).toMatch(/Your turn \(move \d+\):/);
    // Enter with nothing typed says what to do.
    p.send(['Enter']);
    await p.waitFor((x) => /type the number of a card first/.test(x));
  });

  it('q saves; --resume continues exactly: the same match as without the break', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'uno-play-'));
    const whole = start(dir, '--seed 23 --players 3 --target 1 --sheet whole.html', 'uno-e2e-c');
    const uninterrupted = await playByScreen(whole);
    const final = (s: string) => s.slice(s.indexOf('Match over')).replace(/(whole|parted)\.html/, 'SHEET');
    expect(uninterrupted.screen).toMatch(/Match over/);

    const part = start(dir, '--seed 23 --players 3 --target 1 --sheet parted.html --save part.json', 'uno-e2e-d');
    await playByScreen(part, 6);
    part.send(['q']);
    await part.waitFor((s) => /Game saved to part.json\. Continue it with: npx uno-extreme play --resume part.json/.test(s));
    expect(existsSync(path.join(dir, 'part.json'))).toBe(true);
    const resumed = start(dir, '--resume part.json --sheet parted.html', 'uno-e2e-e');
    const rest = await playByScreen(resumed);
    // A question open when q was pressed (a colour, say) is asked again after the resume.
    expect(rest.decisions + 6).toBeGreaterThanOrEqual(uninterrupted.decisions);
    expect(final(rest.screen)).toBe(final(uninterrupted.screen));
    expect(readFileSync(path.join(dir, 'parted.html'), 'utf8')).toBe(readFileSync(path.join(dir, 'whole.html'), 'utf8'));
  }, 2 * TERMINAL_GAME_MS + PROGRAM_RUN_MS);

  it('--position plays the first round from a position file (Copy position): its hands and top card; q and --resume go on from it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'uno-play-'));
    writeFileSync(path.join(dir, 'pos.txt'), 'rules extreme | hands R5 R7 G3 / G2 B3 Y4 | discard R1 | supply * | turn 0 | dealer 1\n');
    const p = start(dir, '--position pos.txt --seed 4 --target 1 --save p.json', 'uno-e2e-pos');
    const first = await p.waitFor(isPrompt);
    expect(first).toMatch(/Top card: Red 1 · colour: red/);
    expect(first).toMatch(/Bot 1\s+3 cards/);
    expect(first).toMatch(/Your hand \(3\)[^]*Red 5[^]*Red 7[^]*Green 3/);
    await playByScreen(p, 2);
    p.send(['q']);
    await p.waitFor((s) => /Game saved to p\.json/.test(s));
    const resumed = start(dir, '--resume p.json', 'uno-e2e-pos-2');
    const { screen } = await playByScreen(resumed);
    expect(screen).toMatch(/Match over: (You win|Bot 1 wins)!/);
  }, TERMINAL_GAME_MS + PROGRAM_RUN_MS);

  it('a Hit 2 against the person: they press it themselves, twice, told how many presses are left', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'uno-play-'));
    // Seed 9: Bot 2 plays a Hit 2 at Ana on the first round's second turn.
    const p = start(dir, '--seed 9 --players 3 --target 1 --name Ana', 'uno-e2e-hit2');
    const cardsOf = (s: string) => Number(/Ana\s+(\d+) cards?/.exec(s)![1]);
    let s = (await playByScreen(p, 20, /Hit 2: press 2 more times/)).screen;
    expect(s).toMatch(/Hit 2: press 2 more times/);
    expect(s).toMatch(/played \w+ Hit 2/);
    expect(s).toMatch(/p press the launcher · q save and quit/);
    const before = cardsOf(s);
    // Another key presses nothing: the same question, with why.
    p.send(['x']);
    s = await p.waitFor((x) => /"x" does nothing here: press p to press the launcher/.test(x));
    expect(cardsOf(s)).toBe(before);
    p.send(['p']);
    s = await p.waitFor((x) => /Hit 2: press 1 more time\b/.test(x));
    const first = /Ana pressed \(Hit 2\): (ding… nothing|ding! (\d+) cards?)/.exec(s);
    expect(first).not.toBeNull();
    const got1 = Number(first![2] ?? 0);
    expect(cardsOf(s)).toBe(before + got1);
    p.send(['p']);
    // Then the bots play on, by themselves, to Ana's next turn.
    s = await p.waitFor((x) => /Your turn \(/.test(x));
    const got2 = [...s.matchAll(/Ana pressed \(Hit 2\): (?:ding… nothing|ding! (\d+) cards?)/g)].map((m) => Number(m[1] ?? 0));
    expect(got2).toHaveLength(2);
    expect(got2[0]).toBe(got1);
    expect(cardsOf(s)).toBe(before + got2[0] + got2[1]);
  });

  it('fits 80×24: title, every player, the table, the hand and the prompt on screen, no line wider than 80, at every decision', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'uno-play-'));
    const p = start(dir, '--seed 11 --players 4 --target 1 --name Ana', 'uno-e2e-80x24', 80, 24);
    let s = await p.waitFor(isPrompt);
    let checked = 0;
    for (let i = 0; i < 300 && !/Match over|\[exit/.test(s); i++) {
      const lines = s.split('\n');
      expect(lines[0]).toMatch(/^UNO Extreme — rules extreme · round 1 · first to 1 · seed 11/);
      for (const name of ['Ana', 'Bot 1', 'Bot 2', 'Bot 3']) expect(s).toMatch(new RegExp(`${name}\\s+\\d+ cards?`));
      expect(s).toMatch(/Top card: .+ · colour: /);
      expect(s).toMatch(/Launcher: \d+ cards/);
      expect(s).toMatch(/Your hand \(\d+\)/);
      expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(80);
      // The question on its own line, its options whole on the lines under it.
      if (/Your turn \(/.test(s)) expect(s).toMatch(/^ {2}Your turn \(move \d+\):$/m);
      checked++;
      p.send(answer(s));
      s = await p.waitFor((x) => x !== s && isPrompt(x));
    }
    expect(s).toMatch(/Match over/);
    expect(checked).toBeGreaterThan(5);
  }, TERMINAL_GAME_MS);

  it('ten players at 80×24: the table fits, and the scores too (a row per player when the columns do not fit)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'uno-play-'));
    const p = start(dir, '--seed 3 --players 10 --target 1', 'uno-e2e-ten', 80, 24);
    const { screen } = await playByScreen(p);
    expect(screen).toMatch(/Match over: (You win|Bot \d wins)!/);
    expect(screen).toMatch(/^ {2}Bot 9 +\+\d+ +\d+$/m);
    expect(Math.max(...screen.split('\n').map((l) => l.length))).toBeLessThanOrEqual(80);
    expect(screen).not.toMatch(/make the terminal/);
  }, TERMINAL_GAME_MS);

  it('below the size it needs, says how big to make the terminal; made bigger, the game is there', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'uno-play-'));
    const p = start(dir, '--seed 11 --players 4 --name Ana', 'uno-e2e-small', 40, 12);
    let s = await p.waitFor((x) => /make the terminal at least/.test(x));
    expect(s.replace(/\s+/g, ' ')).toMatch(/make the terminal at least 60×\d+ \(it is 40×12\); q saves and quits/);
    const [, rows] = /at least 60×(\d+)/.exec(s.replace(/\s+/g, ' '))!;
    expect(Number(rows)).toBeLessThanOrEqual(24);
    p.resize(80, 24);
    s = await p.waitFor((x) => /Your turn \(/.test(x));
    expect(s).toMatch(/Top card: /);
    p.resize(40, 12);
    await p.waitFor((x) => /make the terminal at least/.test(x));
    // Keys still reach the game: q saves.
    p.send(['q']);
    await p.waitFor((x) => /Game saved to uno-extreme-save\.json/.test(x));
  });

  it('refuses to draw the game into a pipe: one line saying why', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'uno-play-'));
    const p = Pane.start('uno-e2e-pipe', `node ${BIN} play --seed 1 | cat`, dir);
    onTestFinished(() => p.kill());
    const s = await p.waitFor((x) => /\[exit \d\]/.test(x));
    expect(s).toMatch(/^uno-extreme play: play needs a terminal on standard output, not a pipe or a file; for unattended games use `uno-extreme simulate`$/m);
  });

  it('a missing save file is refused with a clear message (damaged saves: session.test.ts)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'uno-play-'));
    const p = start(dir, '--resume nothing.json', 'uno-e2e-f');
    await p.waitFor((s) => /cannot read nothing\.json: no such file[\s\S]*\[exit 1\]/.test(s));
  });
});

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FastLauncher } from '../../emulator/api.ts';
import { resolveProfile } from '../../emulator/profiles.ts';
import { makeBots } from '../../game/bots/index.ts';
import { applyMove } from '../../game/engine.ts';
import { legalMoves } from '../../game/legal.ts';
import { createMatch } from '../../game/match.ts';
import { runMatchSync, runRoundSync } from '../../game/runner.ts';
import { loadGame, loadMatch, saveGame, saveMatch, stateHash } from '../../game/save.ts';
import { readSave, writeSave } from '../../game/files.ts';
import { createGame } from '../../game/setup.ts';
import type { GameState } from '../../game/state.ts';

function finished(seed: number, rules = 'extreme'): GameState {
  const s = createGame({ rules, players: 3, seed });
  return runRoundSync(s, s.rules.options.launcher ? new FastLauncher(resolveProfile('seed-0-8'), seed) : null, makeBots(3, seed)).state;
}

function halfway(seed: number): GameState {
  let s = createGame({ players: 4, seed, options: { stacking: true } });
  for (let i = 0; i < 30 && s.winner === null; i++) {
    const m = legalMoves(s).find((x) => x.type !== 'uno' && x.type !== 'catch')!;
    // Some presses leave their last card sticking out (a launcher move's halfOut), which the save keeps.
    const r = applyMove(s, m.type === 'launcher' ? { ...m, cards: s.supply.slice(0, i % 4), fired: i % 4 > 0, ...(i % 4 === 3 ? { halfOut: 1 } : {}) } : m);
    if (!r.ok) throw new Error(r.error.message);
    s = r.state;
  }
  return s;
}

describe('save and resume', () => {
  it('loading a save replays it to the exact state (finished and in progress)', () => {
    const h = halfway(3);
    expect(h.log!.some((m) => m.type === 'launcher' && m.halfOut === 1)).toBe(true);
    for (const s of [finished(1), finished(2, 'classic'), h]) {
      const back = loadGame(saveGame(s));
      expect(back).toEqual(s);
      expect(stateHash(back)).toBe(stateHash(s));
    }
  });
  it('a resumed game plays on like the original', () => {
    const s = halfway(4);
    const m = legalMoves(s).find((x) => x.type !== 'uno' && x.type !== 'catch')!;
    const a = applyMove(s, m);
    const b = applyMove(loadGame(saveGame(s)), m);
    expect(a.ok && b.ok && stateHash(b.state) === stateHash(a.state)).toBe(true);
  });
  it('a truncated file is refused clearly', () => {
    const text = saveGame(halfway(5));
    expect(() => loadGame(text.slice(0, text.length / 2), 'x.json')).toThrow('save file x.json is truncated or not JSON');
  });
  it('an edited move is refused with its number and why', () => {
    const file = JSON.parse(saveGame(halfway(6)));
    const i = file.rounds[0].findIndex((m: { type: string }) => m.type === 'play');
    file.rounds[0][i] = { ...file.rounds[0][i], card: 'CX#4', colour: undefined };
    expect(() => loadGame(JSON.stringify(file), 'x.json')).toThrow(new RegExp(`^save file x.json: move ${i + 1} \\(play CX#4\\) is illegal on replay: `));
  });
  it('an edit that stays legal is caught by the hash; dropped moves too', () => {
    const file = JSON.parse(saveGame(halfway(7)));
    file.rounds[0].pop();
    expect(() => loadGame(JSON.stringify(file), 'x.json')).toThrow('save file x.json was edited: the replayed game does not match its hash');
  });
  it('another schema, another format, broken rules: clear errors, never a half-loaded game', () => {
    const file = JSON.parse(saveGame(halfway(8)));
    expect(() => loadGame(JSON.stringify({ ...file, schema: 2 }), 'x.json')).toThrow('has schema 2; this program reads schema 1: update the program');
    expect(() => loadGame('{"a":1}', 'x.json')).toThrow('x.json is not an uno-extreme save file');
    const rules = { ...file.setup.rules, deck: { ...file.setup.rules.deck, numbers: { counts: [0, 2, 2, -1, 2, 2, 2, 2, 2, 2] } } };
    expect(() => loadGame(JSON.stringify({ ...file, setup: { ...file.setup, rules } }), 'x.json')).toThrow(
      'save file x.json: setup.rules: deck.numbers.counts[3]: must be a whole number from 0 to 100',
    );
  });
  it('matches save and resume too, through the file system', () => {
    const m = runMatchSync(createMatch({ players: 3, seed: 9, options: { target: 200 } }), (g) => new FastLauncher(resolveProfile('seed-0-8'), g.round), makeBots(3, 9));
    expect(m.rounds.length).toBeGreaterThan(1);
    expect(loadMatch(saveMatch(m))).toEqual(m);
    const dir = mkdtempSync(join(tmpdir(), 'uno-save-'));
    writeSave(join(dir, 'm.json'), m);
    const back = readSave(join(dir, 'm.json'));
    expect(back.kind === 'match' && stateHash(back.match)).toBe(stateHash(m));
    writeFileSync(join(dir, 'bad.json'), '{"format":"uno-ext');
    expect(() => readSave(join(dir, 'bad.json'))).toThrow(`save file ${join(dir, 'bad.json')} is truncated or not JSON`);
    expect(() => readSave(join(dir, 'none.json'))).toThrow(/none.json: no such file/);
  });
  it('a game without a log cannot be saved', () => {
    expect(() => saveGame(createGame({ players: 2, seed: 1, log: false }))).toThrow('keeps no move log');
  });
});

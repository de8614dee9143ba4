/**
 * Fuzzing every file format in-process: seeded mutations of valid saves, profiles, rule files
 * and press logs must each end either accepted (and then usable: the game plays on, the profile
 * presses, the rules deal and play a round, the log fits) or refused with the format's own
 * one-line error; never another exception (a TypeError, a stack overflow), never slowly.
 */
import { describe, expect, it } from 'vitest';
import { FastLauncher } from '../../emulator/api.ts';
import { MachineLauncher } from '../../emulator/launcher.ts';
import { parseProfileText, ProfileError, compileProfile, validateProfileSpec } from '../../emulator/profile.ts';
import { resolveProfile } from '../../emulator/profiles.ts';
import { buildDeck, createMatch, makeBots, parsePlaySave, ResumeError, runRoundSync, SaveError, type GameState } from '../../game/index.ts';
import { parseRulesText } from '../../game/ruleFile.ts';
import { RulesError } from '../../game/rules.ts';
import { estimate, fitToProfile, LogError, parsePressLog, tabulate } from '../../sim/fit.ts';
import { CSV_LOG, playSave, pressLog, PROFILE, PROFILE_BUCKETS, RULES } from '../hardening/fixtures.ts';
import { mutants } from './mutate.ts';

/** A launcher's load of cards for the profile cases to press. */
const DECK = buildDeck({ numbers: { counts: [1, 2, 2, 2, 2, 2, 2, 2, 2, 2] }, coloured: {}, wild: {} });

/**
 * Cases per format: enough to reach every check, few enough for a loaded 2-core machine.
 * UNO_FUZZ_CASES=N runs more, to search further by hand (the cases stay seeded).
 */
const CASES = Number(process.env.UNO_FUZZ_CASES ?? 150);
/** The slowest a single case may be, ms (a case is parsing and a round or a few presses). */
const SLOWEST_MS = 2000;

interface Tally {
  accepted: number;
  refused: number;
}

/**
 * Runs `use` on each mutant: it may return (accepted) or throw one of `allowed` (refused) with
 * a one-line message; anything else fails the test, naming the case.
 */
function fuzz(texts: string[], allowed: Array<new (...a: never[]) => Error>, use: (text: string) => void): Tally {
  const t: Tally = { accepted: 0, refused: 0 };
  texts.forEach((text, i) => {
    const t0 = performance.now();
    try {
      use(text);
      t.accepted++;
    } catch (e) {
      const ok = allowed.some((c) => e instanceof c);
      if (!ok) throw new Error(`case ${i}: ${(e as Error)?.constructor?.name}: ${(e as Error)?.message?.slice(0, 300)}\n  input: ${text.slice(0, 300)}`, { cause: e });
      expect((e as Error).message, `case ${i}`).not.toMatch(/\n|undefined|(^|[^"])NaN|\[object Object\]/);
      t.refused++;
    }
    const ms = performance.now() - t0;
    expect(ms, `case ${i} took ${ms.toFixed(0)} ms: ${text.slice(0, 200)}`).toBeLessThan(SLOWEST_MS);
  });
  return t;
}

/** Plays what is left of a round with bots, as far as 2000 moves: an accepted state must play on. */
function playOn(game: GameState, seed: number): void {
  const launcher = game.rules.options.launcher ? new FastLauncher(resolveProfile('seed-0-8'), seed) : null;
  runRoundSync(game, launcher, makeBots(game.players, seed));
}

describe('fuzz: file formats', () => {
  it('saves (with the play block): refused with SaveError or ResumeError, or they resume and play on', () => {
    const base = playSave();
    const t = fuzz(mutants(base, CASES, 'fuzz-save'), [SaveError, ResumeError], (text) => {
      const { match } = parsePlaySave(text, 's.json');
      if (match.game.winner === null) playOn(match.game, 1);
    });
    expect(t.refused).toBeGreaterThan(CASES / 3);
  });

  it('the play block of a save (not covered by the hash): refused with ResumeError, or the launcher resumes and presses', () => {
    const base = playSave();
    const at = base.lastIndexOf(',"play":');
    const play = base.slice(at + ',"play":'.length, base.lastIndexOf('}'));
    const t = fuzz(mutants(play, CASES / 2, 'fuzz-play').map((p) => `${base.slice(0, at)},"play":${p}}\n`), [SaveError, ResumeError], (text) => {
      const { meta } = parsePlaySave(text, 's.json');
      if (!meta.launcher) return;
      const l = new MachineLauncher({ profile: resolveProfile('seed-0-8'), seed: 1, resume: { ...meta.launcher, supply: DECK.slice(), jammed: false } });
      for (let i = 0; i < 20; i++) l.pressSync();
      l.detach();
    });
    expect(t.refused).toBeGreaterThan(CASES / 8);
    expect(t.accepted).toBeGreaterThan(0);
  });

  it('profiles: refused with ProfileError, or they compile and press', () => {
    const texts = [...mutants(PROFILE, CASES / 2, 'fuzz-profile'), ...mutants(PROFILE_BUCKETS, CASES / 2, 'fuzz-profile-buckets')];
    const t = fuzz(texts, [ProfileError], (text) => {
      const p = parseProfileText(text, 'p.json');
      const l = new FastLauncher(p, 3, DECK.slice());
      for (let i = 0; i < 200; i++) {
        const r = l.pressSync();
        expect(r.cards.length).toBeLessThanOrEqual(DECK.length);
        if (l.supplyCount === 0) l.loadSync(DECK);
      }
    });
    expect(t.refused).toBeGreaterThan(CASES / 3);
    expect(t.accepted).toBeGreaterThan(0);
  });

  it('rule files: refused with RulesError, or they deal and play a round', () => {
    let seats = 1;
    const t = fuzz(mutants(RULES, CASES, 'fuzz-rules'), [RulesError], (text) => {
      const rules = parseRulesText(text, 'r.json');
      seats = (seats % 9) + 2;
      const m = createMatch({ rules, players: seats, seed: seats, log: false });
      playOn(m.game, seats);
    });
    expect(t.refused).toBeGreaterThan(CASES / 4);
    expect(t.accepted).toBeGreaterThan(0);
  });

  it('press logs: refused with LogError, or they fit to a profile --profile accepts', () => {
    const texts = [...mutants(pressLog(), CASES / 2, 'fuzz-log', true), ...mutants(CSV_LOG, CASES / 2, 'fuzz-csv')];
    const t = fuzz(texts, [LogError], (text) => {
      const tab = tabulate(parsePressLog(text, 'l.jsonl'));
      if (tab.presses < 20) return;
      const fit = estimate(tab);
      if (Object.keys(fit.burstHistogram).length === 0) return;
      compileProfile(validateProfileSpec(fitToProfile(fit, 'fitted', 'a fuzz case')));
    });
    expect(t.refused).toBeGreaterThan(CASES / 4);
    expect(t.accepted).toBeGreaterThan(0);
  });
});

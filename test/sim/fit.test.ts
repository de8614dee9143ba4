import { describe, expect, it } from 'vitest';
import { estimate, fitToProfile, LogError, parsePressLog, tabulate, testAgainst } from '../../sim/fit.ts';
import { english } from '../../words/cli.ts';
import { runScripted, PressLog } from '../../cli/launcher.ts';
import { BUILTIN_PROFILES, resolveProfile } from '../../emulator/profiles.ts';
import { compileProfile, validateProfileSpec } from '../../emulator/profile.ts';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A log written by the launcher console itself, as a hobbyist would make it. */
function logOf(profile: string, presses: number, seed: number): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'uno-fit-')), 'presses.jsonl');
  const log = new PressLog(file, `profile:${profile}`);
  try {
    runScripted({ profile: resolveProfile(profile), seed, presses, log });
  } finally {
    log.close();
  }
  return readFileSync(file, 'utf8');
}

describe('fitting a profile to a press log', () => {
  const names = Object.keys(BUILTIN_PROFILES);
  const logs = Object.fromEntries(names.map((n, i) => [n, logOf(n, 1500, 100 + i)]));

  for (const truth of names) {
    it(`recognises a log of ${truth} and rejects the other profiles`, () => {
      const t = tabulate(parsePressLog(logs[truth]));
      for (const candidate of names) {
        const r = testAgainst(t, resolveProfile(candidate), 60_000);
        if (candidate === truth) expect(r.pValue, `${candidate} on its own log`).toBeGreaterThan(0.01);
        else expect(r.pValue, `${candidate} on a log of ${truth}`).toBeLessThan(1e-6);
      }
    });
  }

  it('recovers the measured hazard of extreme-2010-measured within its confidence intervals', () => {
    const fit = estimate(tabulate(parsePressLog(logOf('extreme-2010-measured', 4000, 7))));
    const truth = [0.18, 0.5, 0.59, 0.55, 1];
    expect(fit.fireHazard).toHaveLength(5);
    expect(fit.fireHazardCi).toHaveLength(5);
    fit.fireHazardCi.forEach(([lo, hi], k) => {
      expect(truth[k]).toBeGreaterThanOrEqual(lo - 0.02); // the slack covers slips and empties that hide a burst
      expect(truth[k]).toBeLessThanOrEqual(hi + 0.02);
    });
    expect(fit.meanBurst).toBeGreaterThan(4.6);
    expect(fit.meanBurst).toBeLessThan(5.8);
  });

  it('writes a profile that --profile accepts and that reproduces the log', () => {
    const log = logs['seed-0-8'];
    const t = tabulate(parsePressLog(log));
    const spec = fitToProfile(estimate(t), 'mine', 'test');
    const fitted = compileProfile(validateProfileSpec(JSON.parse(JSON.stringify(spec))));
    expect(testAgainst(t, fitted, 60_000).pValue).toBeGreaterThan(0.01);
  });

  it('reads a CSV of counts, with or without a header', () => {
    expect(parsePressLog('0\n3\n\n0\n')).toEqual([{ ding: true, cards: 0 }, { ding: true, cards: 3 }, { ding: true, cards: 0 }]);
    expect(parsePressLog('press,cards\n1,0\n2,4\n')).toEqual([{ ding: true, cards: 0 }, { ding: true, cards: 4 }]);
  });

  it('a bad log names the line and what is wrong', () => {
    expect(() => parsePressLog('{"cards": 1}\n{"cards": 2\n{"cards": 3}\n', 'x.jsonl')).toThrow(new LogError('x.jsonl', 2, 'not valid JSON (a truncated line?)'));
    // Cut short at the very end (a run stopped mid-write): left out, and said.
    const notes: string[] = [];
    expect(parsePressLog('{"cards": 1}\n{"cards": 2', 'x.jsonl', (l) => notes.push(english(l)))).toEqual([{ ding: true, cards: 1 }]);
    expect(notes).toEqual(['x.jsonl:2: the last line is cut short (no line end: a run stopped mid-write); left out']);
    expect(() => parsePressLog('{"cards": -1}', 'x.jsonl')).toThrow(/x.jsonl:1: "cards" must be a whole number from 0 to 60 \(the most one press gives\), got -1/);
    expect(() => parsePressLog('1\n2\nthree', 'c.csv')).toThrow(/c.csv:3: expected a card count/);
    // Two logs joined by hand are not read as one.
    expect(() => parsePressLog('{"cards": 1}\n{"cards": 2}\n3\n4\n', 'x.jsonl')).toThrow(new LogError('x.jsonl', 3, 'a CSV line in a log of JSON lines (from line 1): a log is one or the other'));
    expect(() => parsePressLog('\n1\n{"cards": 2}\n', 'c.csv')).toThrow(new LogError('c.csv', 3, 'a JSON line in a log of CSV (from line 2): a log is one or the other'));
    expect(() => parsePressLog('a,b\n1,2', 'c.csv')).toThrow(/no "cards" column/);
    expect(() => parsePressLog('\n\n', 'e.csv')).toThrow(/no presses/);
  });
});

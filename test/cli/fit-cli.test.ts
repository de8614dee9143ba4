import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../cli-run.ts';
import { PROGRAM_RUN_MS } from '../budgets.ts';


describe('uno-extreme fit', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'uno-fitcli-'));
  const log = path.join(dir, 'presses.jsonl');

  it('fits a logged run, prints the JSON fields, writes a profile the launcher accepts', () => {
    expect(run('launcher', '--profile', 'extreme-2010-measured', '--seed', '5', '--presses', '1200', '--log', log).status).toBe(0);
    const out = path.join(dir, 'mine.json');
    const r = run('fit', '--log', log, '--out', out, '--json');
    expect(r.status, r.stderr).toBe(0);
    const fit = JSON.parse(r.stdout);
    for (const k of ['presses', 'fireHazard', 'burstHistogram', 'meanCardsPerPress', 'pValues']) expect(fit).toHaveProperty(k);
    expect(fit.pValues['extreme-2010-measured']).toBeGreaterThan(0.01);
    expect(fit.pValues['seed-0-8']).toBeLessThan(0.01);
    expect(JSON.parse(readFileSync(out, 'utf8')).fire.model).toBe('hazard');
    const again = run('launcher', '--profile', out, '--presses', '50', '--json');
    expect(again.status, again.stderr).toBe(0);
  }, 3 * PROGRAM_RUN_MS);

  it('a log a profile cannot produce (bursts of 20 cards) is "impossible under this profile", not χ² Infinity', () => {
    const odd = path.join(dir, 'odd.jsonl');
    writeFileSync(odd, Array.from({ length: 300 }, (_, i) => JSON.stringify({ ding: true, cards: i % 3 === 2 ? 20 : 0 })).join('\n') + '\n');
    const r = run('fit', '--log', odd);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^seed-0-8 +— +\d+ +— +impossible under this profile$/m);
    expect(r.stdout).not.toMatch(/Infinity/);
    const j = JSON.parse(run('fit', '--log', odd, '--json').stdout);
    expect(j.tests.find((t: { name: string }) => t.name === 'seed-0-8')).toMatchObject({ statistic: null, impossible: true, pValue: 0 });
  }, 2 * PROGRAM_RUN_MS);

  it('refuses a log with a line cut short inside it with the line number, and a missing --log with a usage message', () => {
    const bad = path.join(dir, 'bad.jsonl');
    writeFileSync(bad, '{"ding":true,"cards":0}\n{"ding":true,"ca\n{"ding":true,"cards":0}\n');
    const r = run('fit', '--log', bad);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/bad.jsonl:2: not valid JSON/);
    expect(run('fit').stderr).toMatch(/--log FILE is required/);
  }, 2 * PROGRAM_RUN_MS);
});

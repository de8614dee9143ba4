/**
 * Issue 28, "accepted, then never ends": what can never make a round end is refused up front (a
 * launcher that gives no card, a request for more presses than a round holds, a position nested
 * beyond any real one, spent batteries), and a round that cannot end by chance is called off
 * after a fixed number of moves, which every display and the simulation show.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PlaySession, readPlaySave } from '../../cli/play/session.ts';
import { BATTERY } from '../../emulator/core.ts';
import { parseProfileText } from '../../emulator/profile.ts';
import { resolveProfile } from '../../emulator/profiles.ts';
import { FRESH_BATTERIES, resumedMeta } from '../../game/playSave.ts';
import { run } from '../cli-run.ts';
import { Robot } from '../e2e/strategy.ts';
import { playSave, PROFILE } from './fixtures.ts';

type Profile = Record<string, Record<string, unknown>>;
const edit = (change: (p: Profile) => void): string => {
  const p = JSON.parse(PROFILE) as Profile;
  change(p);
  return JSON.stringify(p);
};
const dir = () => mkdtempSync(path.join(tmpdir(), 'uno-never-'));

describe('a launcher profile that (almost) never gives a card is refused where a user file is read', () => {
  it('a jam chance of 1, a hazard of 1e-300, a hazard that ends at 0, a schedule of one press in 100 000', () => {
    const cases: Array<[(p: Profile) => void, RegExp]> = [
      [(p) => (p.mechanics = { jam: 1, slip: 0 }), /^p\.json: mechanics: the launcher would never give a card; a round that waits for cards needs one at least once in 1000 presses$/],
      [(p) => (p.fire.hazard = [1e-300]), /^p\.json: fire: the launcher would give a card once in about 1e\+300 presses;/],
      [(p) => (p.fire.hazard = [0.5, 0]), /^p\.json: fire: the launcher would never give a card;/],
      [(p) => (p.fire = { model: 'schedule', period: 100_000, presses: [7] }), /^p\.json: fire: the launcher would give a card once in about 100243 presses;/],
      [(p) => (p.mechanics = { slip: 0.95, jam: 0.05, halfOut: 0 }), /^p\.json: mechanics: the launcher would never give a card;/],
    ];
    for (const [change, message] of cases) expect(() => parseProfileText(edit(change), 'p.json')).toThrow(message);
    // At the edge: a card on about one press in 900 is slow, but a round ends.
    expect(parseProfileText(edit((p) => (p.fire.hazard = [1 / 900])), 'p.json').name).toBe('my-launcher');
    expect(parseProfileText(edit((p) => (p.mechanics = { slip: 0.95, jam: 0.05, halfOut: 0.5 })), 'p.json').name).toBe('my-launcher');
  });

  it('simulate refuses it in one line before any game is played', () => {
    const file = path.join(dir(), 'jams.json');
    writeFileSync(file, edit((p) => (p.mechanics = { jam: 1, slip: 0 })));
    const r = run('simulate', '--games', '2', '--seed', '1', '--profile', file, '--workers', '1');
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(`uno-extreme simulate: ${file}: mechanics: the launcher would never give a card; a round that waits for cards needs one at least once in 1000 presses\n`);
  });
});

describe('a save at the edge of what its check takes: spent batteries', () => {
  it('resumes with fresh batteries, says so, and plays on (it stopped at the first press)', async () => {
    const file = path.join(dir(), 'spent.json');
    const f = JSON.parse(playSave());
    // The most motor time the check accepts: the batteries are spent.
    const spent = BATTERY.capacityMotorSeconds * 1000;
    f.play.launcher.motorMs = spent;
    writeFileSync(file, JSON.stringify(f));
    const saved = readPlaySave(file);
    const meta = resumedMeta(saved.match, saved.meta);
    expect(meta.launcher!.motorMs).toBe(0);
    expect(meta.events!.at(-1)).toBe(FRESH_BATTERIES);
    // Low enough that every burst browns the unit out: fresh too; batteries that still run the motor are kept.
    const at = (motorMs: number) => resumedMeta(saved.match, { ...saved.meta, launcher: { ...saved.meta.launcher!, motorMs } }).launcher!.motorMs;
    expect(at(0.92 * spent)).toBe(0);
    expect(at(0.9 * spent)).toBe(0.9 * spent);
    const robot = new Robot(25);
    const session = new PlaySession({ match: saved.match, meta, profile: resolveProfile(meta.profile), pace: 'instant', keys: robot, savePath: file, colour: false, out: robot.out });
    expect(await session.run()).toBe('saved');
    const after = JSON.parse(readFileSync(file, 'utf8'));
    expect(after.rounds.flat().filter((m: { type: string; fired?: boolean }) => m.type === 'launcher' && m.fired).length).toBeGreaterThan(0);
    expect(after.play.launcher.motorMs).toBeLessThan(60_000);
  });
});

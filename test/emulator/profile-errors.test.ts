import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ProfileError, validateProfileSpec } from '../../emulator/profile.ts';
import { loadProfileFile, profileFromSpec } from '../../emulator/profileFile.ts';
import { resolveProfile } from '../../emulator/profiles.ts';
import { lawPmf } from '../../emulator/laws.ts';

const good = {
  name: 'my-launcher',
  source: 'measured on my own launcher, 300 presses',
  fire: { model: 'hazard', hazard: [0.3, 0.6, 1] },
  burst: { law: 'histogram', weights: { 1: 2, 2: 3, 5: 1 } },
  mechanics: { feedRate: 6, jam: 0.01 },
};

function fieldOf(spec: unknown): string {
  try {
    validateProfileSpec(spec);
  } catch (e) {
    expect(e).toBeInstanceOf(ProfileError);
    return (e as ProfileError).field;
  }
  throw new Error('accepted a bad profile');
}

describe('profile validation', () => {
  it('accepts a well-formed user profile and compiles its law', () => {
    expect(validateProfileSpec(good)).toMatchObject({ name: 'my-launcher' });
    expect(lawPmf({ law: 'histogram', weights: { 1: 2, 2: 3, 5: 1 } })).toEqual([0, 2 / 6, 3 / 6, 0, 0, 1 / 6]);
  });

  it.each([
    [{ ...good, name: '' }, 'name'],
    [{ ...good, source: undefined }, 'source'],
    [{ ...good, fire: { model: 'sometimes' } }, 'fire.model'],
    [{ ...good, fire: { model: 'hazard', hazard: [0.3, 1.5] } }, 'fire.hazard[1]'],
    [{ ...good, fire: { model: 'hazard', hazard: [0, 0] } }, 'fire.hazard'],
    [{ ...good, fire: { model: 'schedule', period: 10, presses: [2, 11] } }, 'fire.presses[1]'],
    [{ ...good, burst: { law: 'uniform', min: 5, max: 2 } }, 'burst.max'],
    [{ ...good, burst: { law: 'histogram', weights: { two: 1 } } }, 'burst.weights'],
    [{ ...good, burst: { law: 'maxent', min: 1, max: 13 } }, 'burst.mean'],
    [{ ...good, burst: { byBucket: [{ law: 'uniform', min: 1, max: 3 }, { law: 'gauss' }] } }, 'burst.byBucket[1].law'],
    [{ ...good, mechanics: { feedRate: -1 } }, 'mechanics.feedRate'],
    [{ ...good, mechanics: { speed: 3 } }, 'mechanics.speed'],
    [{ ...good, resetOnLidCycle: 'yes' }, 'resetOnLidCycle'],
    [[1, 2], '(top level)'],
  ])('names the wrong field (%#: %s)', (spec, field) => {
    expect(fieldOf(spec)).toBe(field);
  });

  it('an unknown profile name lists the known ones', () => {
    expect(() => resolveProfile('extreme-3000')).toThrow(/unknown profile "extreme-3000": use one of seed-0-8, extreme-2010-measured, attack-1999-pattern/);
  });

  it('a file that is not JSON, missing, or wrong says which file and what', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'uno-profile-'));
    const broken = path.join(dir, 'broken.json');
    writeFileSync(broken, '{"name": "x", ');
    expect(() => loadProfileFile(broken)).toThrow(new RegExp(`${broken}: \\(file\\): is not valid JSON`));
    expect(() => loadProfileFile(path.join(dir, 'none.json'))).toThrow(/none.json: \(file\): no such file/);
    const wrong = path.join(dir, 'wrong.json');
    writeFileSync(wrong, JSON.stringify({ ...good, fire: { model: 'hazard', hazard: ['x'] } }));
    expect(() => profileFromSpec(wrong)).toThrow(`${wrong}: fire.hazard[0]: must be a number, got "x"`);
    const ok = path.join(dir, 'ok.json');
    writeFileSync(ok, JSON.stringify(good));
    expect(profileFromSpec(ok).mechanics.feedRate).toBe(6);
  });
});

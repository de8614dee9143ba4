/**
 * The profiles the project ships, each with its source (see docs/launcher.md), and
 * how a shipped name becomes a {@link Profile} (a `--profile FILE` is read by profileFile.ts).
 */
import { compileProfile, ProfileError, validateProfileSpec, type Profile, type ProfileSpec } from './profile.ts';

import { byName } from '../lib/untrusted.ts';
import { said, withSaid } from '../words/said.ts';
/**
 * `seed-0-8`: the seeds say a press gives 0 to 8 cards and give no odds. Chosen to match the one
 * real launcher that was measured (800 presses): about 60 % of presses give nothing (a constant
 * 40 % chance to fire, memoryless since the seeds describe no pattern) and about 2 cards per
 * press on average (bursts of 1..8 with mean ≈ 5.06, a rounded bell peaking at 5–6).
 */
const SEED_0_8: ProfileSpec = {
  name: 'seed-0-8',
  source:
    'Seeds 000/003 ("jusqu\'à huit" cards per press). Odds chosen to match the measured 2010s launcher ' +
    '(github.com/ruvans/tts-uno-extreme): ~60 % of presses give nothing, ~2 cards per press.',
  description: 'Default for the extreme rules: fires on 40 % of presses, bursts of 1..8 cards (mean 5.06).',
  fire: { model: 'hazard', hazard: [0.4] },
  burst: { law: 'histogram', weights: { 1: 5, 2: 8, 3: 11, 4: 14, 5: 17, 6: 17, 7: 15, 8: 13 } },
};

/**
 * `extreme-2010-measured`: 800 presses on a real 2010s launcher. Hazard by presses since the last
 * burst derived from the shares 17.96 %, 40.87 %, 24.15 %, 9.29 %, 7.74 %; burst sizes 1..13 with
 * the measured mean per bucket (4.66, 5.39, 4.72, 5.07, 7.20) through the maximum-entropy law,
 * the least committal law with that mean, since only the means were published.
 */
const EXTREME_2010: ProfileSpec = {
  name: 'extreme-2010-measured',
  source:
    'github.com/ruvans/tts-uno-extreme README: 800 presses on a real 2010s UNO Extreme launcher; ' +
    'hazard = share(k) / share(≥k); burst law = maximum entropy on 1..13 with the per-bucket mean.',
  description: 'Never more than 5 presses without a burst; ~40 % of presses fire, ~5.2 cards per burst.',
  fire: { model: 'hazard', hazard: [0.18, 0.5, 0.59, 0.55, 1.0] },
  burst: {
    byBucket: [4.66, 5.39, 4.72, 5.07, 7.2].map((mean) => ({ law: 'maxent' as const, min: 1, max: 13, mean })),
  },
};

/**
 * `attack-1999-pattern`: the 1990s unit is claimed to fire on a fixed schedule of presses; the
 * count restarts on power-off and on a lid cycle. Ruling: the schedule repeats every 96 presses.
 */
const ATTACK_1999: ProfileSpec = {
  name: 'attack-1999-pattern',
  source:
    'An old Wikipedia revision on UNO Attack (a claim): fires on presses 2, 6, 9, …, 96; usually 3 to 8 cards; ' +
    'count reset on power-off and lid cycle. Repeating every 96 presses is a ruling of this project.',
  description: 'Fixed firing schedule of 34 presses in 96, bursts of 3..8 cards, reset by a lid cycle.',
  fire: {
    model: 'schedule',
    period: 96,
    presses: [2, 6, 9, 13, 17, 21, 24, 26, 27, 29, 32, 36, 37, 41, 44, 47, 48, 51, 54, 57, 58, 62, 66, 69, 72, 73, 77, 81, 84, 85, 88, 92, 93, 96],
  },
  burst: { law: 'uniform', min: 3, max: 8 },
  resetOnLidCycle: true,
};

/** The shipped profile specs by name. */
export const BUILTIN_PROFILES: Readonly<Record<string, ProfileSpec>> = Object.freeze({
  [SEED_0_8.name]: SEED_0_8,
  [EXTREME_2010.name]: EXTREME_2010,
  [ATTACK_1999.name]: ATTACK_1999,
});

/** The profile used when none is named. */
export const DEFAULT_PROFILE = SEED_0_8.name;

const cache = new Map<string, Profile>();

/**
 * A shipped profile by name (compiled once). Throws a {@link ProfileError} listing the known
 * names otherwise. Files are read by `profileFromSpec` (profileFile.ts, Node only).
 */
export function resolveProfile(name: string = DEFAULT_PROFILE): Profile {
  const builtin = byName(BUILTIN_PROFILES, name);
  if (builtin) {
    let p = cache.get(name);
    if (!p) cache.set(name, (p = compileProfile(validateProfileSpec(builtin))));
    return p;
  }
  // Worded here as the catalogue's reason.profile.unknown words it (the page bundles this file, not the command line's words).
  const known = Object.keys(BUILTIN_PROFILES).join(', ');
  const error = new ProfileError('profile', `unknown profile "${name}": use one of ${known}, or the path of a profile JSON file`);
  throw withSaid(error, said('reason.named', { file: 'profile', why: said('reason.profile.unknown', { name, known }) }));
}

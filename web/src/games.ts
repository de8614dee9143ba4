/**
 * Starting a match in the page: a new one from the New game form, or one read from a save (the
 * browser's own, or a file the CLI or another page wrote). Launcher profiles picked from disk
 * are kept by file name in the browser's storage, so a saved game that names one finds it again.
 */
import { parseProfileText, type Profile } from '../../emulator/profile.ts';
import { BUILTIN_PROFILES, resolveProfile } from '../../emulator/profiles.ts';
import { byName } from '../../lib/untrusted.ts';
import { EN_WORDS, type Words } from '../../words/catalogue.ts';
import { said, withSaid } from '../../words/said.ts';
import {
  createMatch, parsePlaySave, resolveRules, resumedMeta, ruleSet,
  type BotKind, type LaterMove, type MatchState, type Options, type PlayMeta,
} from '../../game/index.ts';
import type { SaveStore } from './session.ts';

/** What the New game form gives. */
export interface NewGame {
  rules: string;
  players: number;
  name: string;
  bots: BotKind;
  /** A shipped profile's name, a file name picked before (kept in storage), or '' for the rule set's own. */
  profile: string;
  seed: number;
  target: number;
  options: Partial<Options>;
  /** The bots' names in the reader's language (`Bot 1`, `Robot 1`). */
  botName: (n: number) => string;
  /** The person's name when the form leaves it blank (`You`, `Toi`). */
  you: string;
}

/** A match ready to play: its state, its seats, its launcher profile. */
export interface Game {
  match: MatchState;
  meta: PlayMeta;
  profile: Profile;
  /** Begun on the page just now (not taken up from the browser's storage or a file): its deal is seen. */
  begun?: boolean;
}

const PROFILE_KEY = 'uno-extreme-profile:';

/** The name a profile file is kept under: its file name without the folders. */
function fileName(spec: string): string {
  return spec.slice(spec.replace(/\\/g, '/').lastIndexOf('/') + 1);
}

/**
 * Reads a profile JSON file picked from disk and keeps it under its file name. Throws the CLI's
 * ProfileError (`mine.json: fire.hazard[2]: must be …`) when it is not a valid profile.
 */
export function addProfileFile(store: SaveStore, name: string, text: string): Profile {
  const profile = parseProfileText(text, name);
  store.setItem(PROFILE_KEY + fileName(name), text);
  return profile;
}

/** The profile files picked before, by name. */
export function keptProfiles(store: SaveStore & { length?: number; key?(i: number): string | null }): string[] {
  const out: string[] = [];
  for (let i = 0; i < (store.length ?? 0); i++) {
    const k = store.key?.(i);
    if (k?.startsWith(PROFILE_KEY)) out.push(k.slice(PROFILE_KEY.length));
  }
  return out.sort();
}

/** A profile by the name a save or the form gives: shipped, or a file picked before. */
export function profileFor(store: SaveStore, spec: string): Profile {
  if (byName(BUILTIN_PROFILES, spec)) return resolveProfile(spec);
  const name = fileName(spec);
  const text = store.getItem(PROFILE_KEY + name);
  if (text === null) {
    const why = said('reason.save.noProfile', { spec });
    throw withSaid(new Error(EN_WORDS.t('reason.save.noProfile', { spec })), why);
  }
  return parseProfileText(text, name);
}

/** A new match from the form. Throws the engine's RulesError (naming the option) when the rules do not hold. */
export function newGame(store: SaveStore, g: NewGame): Game {
  const rules = resolveRules(ruleSet(g.rules), { ...g.options, target: g.target });
  const match = createMatch({ rules, players: g.players, seed: g.seed, log: true });
  const name = g.name.trim() || g.you;
  const meta: PlayMeta = {
    names: [name, ...Array.from({ length: g.players - 1 }, (_, i) => g.botName(i + 1))],
    me: 0,
    bots: [g.bots],
    profile: g.profile || rules.profile || 'seed-0-8',
    launcher: null,
  };
  return { match, meta, profile: profileFor(store, meta.profile), begun: true };
}

/**
 * A match from a save's text (`name` is how errors name it). Throws the CLI's SaveError or
 * ResumeError for a file that is not a save or is damaged, before anything is changed. `w`: the
 * reader's words (the names and notes a resume adds); `later`: the moves made after it was written
 * (the page's journal).
 */
export function gameOfSave(store: SaveStore, text: string, name: string, w: Words, later: readonly LaterMove[] = []): Game {
  const saved = parsePlaySave(text, name, later);
  const meta = resumedMeta(saved.match, saved.meta, w);
  return { match: saved.match, meta, profile: profileFor(store, meta.profile) };
}

/** A seed for a new game: shown in the form, so the deal can be played again. */
export function pickSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] % 1_000_000;
}

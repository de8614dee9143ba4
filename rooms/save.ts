/**
 * What a room keeps, and how it is read back: its save (settings, seats with their tokens, its
 * session's play save); the journal of the moves made since is table/journal.ts's. Old saves open:
 * room codes of 5 letters, seats' names from before the name rule. Every field of a kept room is
 * checked when it is read: what another program or a damaged disk wrote is refused, not opened.
 */
import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { BUILTIN_PROFILES } from '../emulator/profiles.ts';
import { BOT_KIND_NAMES, HOUSE_OPTIONS, resolveRules, RULE_SETS } from '../game/index.ts';
import { NAME_UNITS } from '../lib/names.ts';
import type { RoomSettings } from '../table/roomMessages.ts';
import { keptPhrase, type Phrase } from '../table/words.ts';
import { unknownKey } from '../lib/untrusted.ts';
import { no, Refused } from './refused.ts';

/** Letters for room codes: no 0/O, 1/I/L to misread on a phone. */
const CODE_LETTERS = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/**
 * A room's code is all a phone needs to join its lobby, so it is long enough not to be guessed:
 * 31^8 (8.5 × 10^11) codes, tried at most 1,200 an hour from one address (rooms/socket.ts), against
 * a handful of lobbies open at a time. Rooms kept with the 5 letters of earlier versions open
 * again under them.
 */
const CODE_LENGTH = 8;
const OLD_CODE_LENGTH = 5;
/** 128 bits. */
const TOKEN_BYTES = 16;
/** The longest pause a room's settings may ask for after a move, ms. */
export const MAX_PACE_MS = 5000;
/**
 * The shortest and the longest turn timer a room's settings may ask for, ms: less than 10 s is not
 * a turn a person can read and play on a phone; more than 10 minutes is no timer.
 */
export const MIN_TURN_MS = 10_000;
export const MAX_TURN_MS = 600_000;

/** A new secret token (a seat's, a table screen's). */
export const newToken = () => randomBytes(TOKEN_BYTES).toString('base64url');

/** `a` is `b`, compared in a time that does not say how much of it matched. */
export function sameToken(a: string, b: string | null): boolean {
  if (b === null) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A new room code (`taken`: the codes in use or withheld). */
export function newCode(taken: (code: string) => boolean): string {
  for (;;) {
    const code = Array.from({ length: CODE_LENGTH }, () => CODE_LETTERS[randomInt(CODE_LETTERS.length)]).join('');
    if (!taken(code)) return code;
  }
}

/** What a room keeps: its settings, its seats with their tokens, and its session's save. */
export interface RoomSave {
  room: 1;
  code: string;
  settings: RoomSettings;
  hostToken: string;
  seats: { name: string; token: string | null; removed: boolean }[];
  game: string;
  /**
   * The log's last lines as phrases, each reader's to word in their language (the game's own
   * save keeps them worded in English, as every version read them). Absent in a room kept
   * before it, or not readable: the game's worded lines are shown.
   */
  log?: Phrase[];
}

const CODE_FORMAT = new RegExp(`^([${CODE_LETTERS}]{${CODE_LENGTH}}|[${CODE_LETTERS}]{${OLD_CODE_LENGTH}})$`);

const TOKEN_FORMAT = new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((TOKEN_BYTES * 4) / 3)}}$`);

/** A kept room's text read, every field checked: what another program or a damaged disk wrote is refused, not opened. */
export function parseRoomSave(text: string): RoomSave {
  const s = JSON.parse(text) as RoomSave;
  if (s?.room !== 1 || !Array.isArray(s.seats) || typeof s.game !== 'string') throw new Error('this is not a kept room');
  if (typeof s.code !== 'string' || !CODE_FORMAT.test(s.code)) throw new Error('its code is not a room code');
  if (typeof s.hostToken !== 'string' || !TOKEN_FORMAT.test(s.hostToken)) throw new Error('its table token is not one this server makes');
  const seats = s.seats.map((p, i) => {
    if (typeof p !== 'object' || p === null || (p.token !== null && (typeof p.token !== 'string' || !TOKEN_FORMAT.test(p.token))) || typeof p.removed !== 'boolean') throw new Error(`its seat ${i} is not a kept seat`);
    return { name: keptName(p.name), token: p.token, removed: p.removed };
  });
  const log = Array.isArray(s.log) ? s.log.map(keptPhrase) : [null];
  return {
    room: 1, code: s.code, hostToken: s.hostToken, seats, game: s.game, settings: checkSettings(s.settings),
    ...(log.every((p) => p !== null) ? { log } : {}),
  };
}

export function checkSettings(s: RoomSettings): RoomSettings {
  if (typeof s !== 'object' || s === null) throw no('room.no.settings');
  if (typeof s.rules !== 'string' || !Object.hasOwn(RULE_SETS, s.rules)) throw no('room.no.rules', { value: String(s.rules), known: Object.keys(RULE_SETS).join(', ') });
  if (typeof s.profile !== 'string' || !Object.hasOwn(BUILTIN_PROFILES, s.profile)) throw no('room.no.profile', { value: String(s.profile), known: Object.keys(BUILTIN_PROFILES).join(', ') });
  if (!Number.isInteger(s.players) || s.players < 2 || s.players > 10) throw no('room.no.players');
  if (!BOT_KIND_NAMES.includes(s.bots)) throw no('room.no.bots', { value: String(s.bots), known: BOT_KIND_NAMES.join(', ') });
  if (s.target !== undefined && (!Number.isInteger(s.target) || s.target < 1 || s.target > 100_000)) throw no('room.no.target');
  if (s.launcher !== undefined && s.launcher !== 'board' && s.launcher !== 'simulated') throw no('room.no.launcher', { value: String(s.launcher) });
  if (s.paceMs !== undefined && (!Number.isInteger(s.paceMs) || s.paceMs < 0 || s.paceMs > MAX_PACE_MS)) throw no('room.no.pace', { max: MAX_PACE_MS });
  // Absent in a room kept before the timer existed: off, as in every room whose host leaves it off.
  if (s.turnMs !== undefined && (!Number.isInteger(s.turnMs) || s.turnMs % 1000 !== 0 || s.turnMs < MIN_TURN_MS || s.turnMs > MAX_TURN_MS))
    throw no('room.no.turnTimer', { min: MIN_TURN_MS, max: MAX_TURN_MS });
  const options = s.options === undefined ? undefined : houseOptions(s.rules, s.options);
  return {
    rules: s.rules, profile: s.profile, players: s.players, bots: s.bots,
    ...(s.target !== undefined ? { target: s.target } : {}), ...(s.launcher !== undefined ? { launcher: s.launcher } : {}),
    ...(s.paceMs !== undefined ? { paceMs: s.paceMs } : {}), ...(s.turnMs !== undefined ? { turnMs: s.turnMs } : {}),
    ...(options !== undefined ? { options } : {}),
  };
}

/** A room's house rules (HOUSE_OPTIONS only), checked against its rule set as a game's options are: the ones that are on. */
function houseOptions(rules: string, o: unknown): NonNullable<RoomSettings['options']> {
  if (typeof o !== 'object' || o === null || Array.isArray(o)) throw no('room.no.houseRules', { example: '{"stacking": true}' });
  const unknown = unknownKey(o, HOUSE_OPTIONS, 'house rule');
  // The library's reasons are English (as the engine's own), said as they are.
  if (unknown) throw new Refused({ text: unknown.message });
  try {
    const resolved = resolveRules(rules, o).options;
    return Object.fromEntries(HOUSE_OPTIONS.filter((k) => k in o && k in resolved).map((k) => [k, resolved[k]]));
  } catch (e) {
    throw new Refused({ text: (e as Error).message });
  }
}

/**
 * A kept seat's name: printable and short, as every version's rule was, so that a room kept
 * before the rule changed opens again (its people are already seated under those names).
 */
function keptName(name: unknown): string {
  const n = typeof name === 'string' ? name.trim() : '';
  if (!n || n.length > NAME_UNITS || /\p{Cc}/u.test(n)) throw new Error('a kept seat\'s name is not printable');
  return n;
}

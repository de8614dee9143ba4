/**
 * Save files: a schema version, the setup (seed, rules, seats) and the move log. Loading
 * replays the log from the seed and checks the result against the saved hash, so a save
 * resumes the exact state, and a truncated or edited file is refused with a clear error, never
 * half loaded.
 */
import { parseJsonText, shown, unknownKey } from '../lib/untrusted.ts';
import { said, saidOf, withSaid, type ReasonKey, type Said } from '../words/said.ts';
import { COLOURS } from './cards.ts';
import { stateOf, roundOf } from './core/round.ts';
import { applyIn, checkIn } from './engine.ts';
import { createMatch, nextRound, withRound, type MatchState } from './match.ts';
import { checkRules } from './ruleFile.ts';
import { createGame, type GameSetup } from './setup.ts';
import { roundEnded, type GameState, type Move, type Refusal } from './state.ts';

/** The save format's version this program writes and reads. */
export const SAVE_SCHEMA = 1;

/** A save file's content. */
export interface SaveFile {
  format: 'uno-extreme-save';
  schema: number;
  kind: 'game' | 'match';
  setup: GameSetup;
  /** One log per round (a game has one). */
  rounds: Move[][];
  /** Hash of the final state: the replay must reproduce it. */
  hash: string;
}

/** A save file that cannot be loaded; the message says which file and why. */
export class SaveError extends Error {
  override name = 'SaveError';
}

/** FNV-1a over the state's JSON, as 8 hex digits: equal states give equal hashes. */
export function stateHash(state: unknown): string {
  const s = JSON.stringify(state);
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/**
 * A move in a few words: `play R5#1`, `play W#2 blue`, `launcher 3 cards (1 left sticking out)`,
 * `catch seat 2`, in English; {@link moveSaid} is the same as a reason of the game's catalogue.
 */
export function describeMove(m: Move): string {
  switch (m.type) {
    case 'play':
      return ['play', m.card, m.also, m.colour, m.target !== undefined ? `at seat ${m.target}` : undefined, m.uno ? 'UNO' : undefined]
        .filter((x) => x !== undefined)
        .join(' ');
    case 'launcher':
      return `launcher ${Array.isArray(m.cards) ? m.cards.length : '?'} cards${m.halfOut ? ` (${m.halfOut} left sticking out)` : ''}`;
    case 'colour':
      return `colour ${m.colour}`;
    case 'catch':
      return `catch seat ${m.target}`;
    default:
      return String((m as { type?: unknown }).type);
  }
}

/** The case name of each move type reason.move.other words. */
const MOVE_KINDS: Readonly<Record<string, string>> = { press: 'p', draw: 'd', pass: 's', challenge: 'c', accept: 'a', uno: 'u' };

/** {@link describeMove} as a message (`reason.move.*`): the cards and colour as the file writes them, the rest in words. */
function moveSaid(m: Move): Said {
  switch (m.type) {
    case 'play':
      return said('reason.move.play', {
        codes: [m.card, m.also, m.colour].filter((x) => x !== undefined).join(' '),
        at: m.target !== undefined ? 'yes' : 'no',
        target: String(m.target),
        uno: m.uno ? 'yes' : 'no',
      });
    case 'launcher':
      return said('reason.move.launcher', { n: Array.isArray(m.cards) ? String(m.cards.length) : '?', stuck: m.halfOut ? 'yes' : 'no', out: String(m.halfOut ?? 0) });
    case 'colour':
      return said('reason.move.colour', { colour: String(m.colour) });
    case 'catch':
      return said('reason.move.catch', { seat: String(m.target) });
    default: {
      // The kind as a neutral case name: a language words it, and the type's English stays out of the French messages.
      const type = String((m as { type?: unknown }).type);
      return said('reason.move.other', { kind: MOVE_KINDS[type] ?? 'other', type });
    }
  }
}

/** The setup a round was created from, read back from the state. */
export function setupOf(state: GameState): GameSetup {
  const setup: GameSetup = { rules: state.rules, players: state.players, seed: state.seed, round: state.round, out: state.out, scores: state.scores };
  if (state.dealerDrawn === null) setup.dealer = state.dealer;
  if (state.position !== undefined) setup.position = state.position;
  return setup;
}

function needLog(log: Move[] | null): Move[] {
  if (!log) throw new Error('this game keeps no move log (created with log: false): it cannot be saved');
  return log;
}

/** A game's save file text. The state must keep its log. */
export function saveGame(state: GameState): string {
  const file: SaveFile = { format: 'uno-extreme-save', schema: SAVE_SCHEMA, kind: 'game', setup: setupOf(state), rounds: [needLog(state.log)], hash: stateHash(state) };
  return JSON.stringify(file);
}

/** A match's save file, as an object (a caller may add its own fields before writing it). */
export function matchSaveFile(match: MatchState): SaveFile {
  const rounds = match.rounds.map((r) => needLog(r.log));
  if (match.rounds.length === match.game.round) rounds.push(needLog(match.game.log));
  return { format: 'uno-extreme-save', schema: SAVE_SCHEMA, kind: 'match', setup: match.setup, rounds, hash: stateHash(match) };
}

/** A match's save file text. */
export function saveMatch(match: MatchState): string {
  return JSON.stringify(matchSaveFile(match));
}

/** The fields of a save file: the envelope, and the `play` block a played game adds (game/playSave.ts). */
const SAVE_FIELDS = ['format', 'schema', 'kind', 'setup', 'rounds', 'hash', 'play'];
const SETUP_FIELDS = { game: ['rules', 'options', 'players', 'seed', 'round', 'dealer', 'out', 'scores', 'log', 'position'], match: ['rules', 'options', 'players', 'seed', 'log', 'position'] };
/** More rounds, or moves in a round, than any match plays: a file with more was not written by a game. */
const MAX_ROUNDS = 1000;
const MAX_MOVES = 50_000;

const isInt = (v: unknown, min: number, max: number) => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/** What is wrong with a save, in English (`what`) and as a reason of the game's catalogue (`why`), which the page words too. */
interface Problem {
  what: string;
  why: Said | string;
}

/** The problem `what` of `field`, its reason `why`: `field: what`. */
const atField = (field: string, what: string, why: Said): Problem => ({ what: `${field}: ${what}`, why: said('reason.setup.field', { field, why }) });

/** `field what` (no colon: `hash is missing`), its reason `key` with `values`. */
const named = (field: string, what: string, key: ReasonKey, values?: Said['values']): Problem => ({ what: `${field} ${what}`, why: said('reason.save.named', { field, why: said(key, values) }) });

/** The problem `what` of the setup's `field`, its reason `key` with `values`: `setup.field: what`. */
const setupField = (field: string, what: string, key: ReasonKey, values?: Said['values']): Problem => atField(`setup.${field}`, what, said(key, values));

/** The first problem of a save's setup, or null. The rules are checked apart. */
function setupProblem(s: Record<string, unknown>, kind: 'game' | 'match'): Problem | null {
  const bad = unknownKey(s, SETUP_FIELDS[kind]);
  if (bad) return atField(`setup.${bad.key}`, bad.message, bad.said);
  if (!isInt(s.players, 2, 10)) return setupField('players', 'must be a whole number from 2 to 10', 'reason.setup.players');
  const p = s.players as number;
  if (!(isInt(s.seed, 0, Number.MAX_SAFE_INTEGER) || (typeof s.seed === 'string' && s.seed.length <= 200))) return setupField('seed', 'must be a whole number ≥ 0 or a short string', 'reason.save.seed');
  if (s.round !== undefined && !isInt(s.round, 0, MAX_ROUNDS)) return setupField('round', `must be a whole number from 0 to ${MAX_ROUNDS}`, 'reason.rules.count', { max: String(MAX_ROUNDS) });
  if (s.dealer !== undefined && !isInt(s.dealer, 0, p - 1)) return setupField('dealer', `must be a seat from 0 to ${p - 1}`, 'reason.save.seat', { last: String(p - 1) });
  if (s.out !== undefined && !(Array.isArray(s.out) && s.out.length === p && s.out.every((o) => typeof o === 'boolean'))) return setupField('out', `must list ${p} true/false values`, 'reason.save.out', { players: String(p) });
  if (s.scores !== undefined && s.scores !== null && !(Array.isArray(s.scores) && s.scores.length === p && s.scores.every((n) => isInt(n, 0, 1e9))))
    return setupField('scores', `must list ${p} whole numbers ≥ 0`, 'reason.save.scores', { players: String(p) });
  if (s.log !== undefined && typeof s.log !== 'boolean') return setupField('log', 'must be true or false', 'reason.rules.boolean');
  if (s.options !== undefined && (typeof s.options !== 'object' || s.options === null || Array.isArray(s.options))) return setupField('options', 'must be an object', 'reason.rules.object');
  return null;
}

const MOVE_TYPES = ['play', 'press', 'draw', 'pass', 'launcher', 'colour', 'challenge', 'accept', 'uno', 'catch'];
const isCardId = (v: unknown) => typeof v === 'string' && v.length > 0 && v.length <= 16;

/**
 * The first problem of a move's fields, or null: the replay then judges whether the move is
 * legal, on fields of the types it reads. Fields the replay does not read are left alone.
 */
function moveProblem(m: Record<string, unknown>, players: number): Problem | null {
  if (typeof m.type !== 'string' || !MOVE_TYPES.includes(m.type)) return named('type', `must be one of ${MOVE_TYPES.join(', ')}`, 'reason.rules.oneOf', { list: MOVE_TYPES.join(', ') });
  const seat = { last: String(players - 1) };
  if (!isInt(m.seat, 0, players - 1)) return named('seat', `must be a seat from 0 to ${players - 1}`, 'reason.save.seat', seat);
  if (m.target !== undefined && !isInt(m.target, 0, players - 1)) return named('target', `must be a seat from 0 to ${players - 1}`, 'reason.save.seat', seat);
  if (m.type === 'play' && !isCardId(m.card)) return named('card', 'must be a card such as "R5#1"', 'reason.save.card');
  for (const k of ['card', 'also']) if (m[k] !== undefined && !isCardId(m[k])) return named(k, 'must be a card such as "R5#1"', 'reason.save.card');
  if (m.colour !== undefined && !(COLOURS as readonly unknown[]).includes(m.colour)) return named('colour', `must be one of ${COLOURS.join(', ')}`, 'reason.rules.oneOf', { list: COLOURS.join(', ') });
  for (const k of ['uno', 'fired', 'jam']) if (m[k] !== undefined && typeof m[k] !== 'boolean') return named(k, 'must be true or false', 'reason.rules.boolean');
  if (m.cards !== undefined && !(Array.isArray(m.cards) && m.cards.length <= 1000 && m.cards.every(isCardId))) return named('cards', 'must be a list of cards such as "R5#1"', 'reason.save.cards');
  return null;
}

/** A SaveError of `file` saying `p`: `save file FILE: what`. */
function refused(file: string, p: Problem): SaveError {
  return withSaid(new SaveError(`save file ${file}: ${p.what}`), said('reason.save.at', { file, why: p.why }));
}

/** Where a move is in a save: `move 3`, or `round 2, move 3` when the save holds more than one round. */
function moveAt(round: number, rounds: number, i: number): { what: string; at: Said } {
  const many = rounds > 1;
  return { what: many ? `round ${round + 1}, move ${i + 1}` : `move ${i + 1}`, at: said('reason.save.where', { many: many ? 'yes' : 'no', round: String(round + 1), move: String(i + 1) }) };
}

/** Parses and checks the envelope of a save file. */
export function parseSave(text: string, file = 'save.json'): SaveFile {
  let v: unknown;
  try {
    v = parseJsonText(text);
  } catch (e) {
    const why = (e as Error).message;
    const nested = why.startsWith('is nested');
    throw withSaid(new SaveError(`save file ${file} ${nested ? why : 'is truncated or not JSON'}`), said('reason.save.json', { file, why: (nested && saidOf(e)) || said('reason.save.truncated') }));
  }
  const f = v as Partial<SaveFile>;
  if (typeof v !== 'object' || v === null || Array.isArray(v) || f.format !== 'uno-extreme-save') throw withSaid(new SaveError(`${file} is not an uno-extreme save file`), said('reason.save.notSave', { file }));
  const bad = unknownKey(v, SAVE_FIELDS);
  if (bad) throw refused(file, atField(bad.key, bad.message, bad.said));
  if (f.schema !== SAVE_SCHEMA) {
    const newer = typeof f.schema === 'number' && f.schema > SAVE_SCHEMA;
    const s = said('reason.save.schema', { file, schema: shown(f.schema), ours: String(SAVE_SCHEMA), newer: newer ? 'yes' : 'no' });
    throw withSaid(new SaveError(`save file ${file} has schema ${shown(f.schema)}; this program reads schema ${SAVE_SCHEMA}${newer ? ': update the program' : ''}`), s);
  }
  if (f.kind !== 'game' && f.kind !== 'match') throw refused(file, named('kind', 'must be "game" or "match"', 'reason.save.kind', { game: '"game"', match: '"match"' }));
  if (typeof f.setup !== 'object' || f.setup === null || Array.isArray(f.setup)) throw refused(file, named('setup', 'is missing', 'reason.rules.missing'));
  const problem = setupProblem(f.setup as unknown as Record<string, unknown>, f.kind);
  if (problem) throw refused(file, problem);
  if (!Array.isArray(f.rounds) || !f.rounds.every(Array.isArray) || f.rounds.length === 0) throw refused(file, named('rounds', 'must be a list of move lists', 'reason.save.rounds'));
  if (f.rounds.length > MAX_ROUNDS) {
    throw refused(file, atField('rounds', `${f.rounds.length} rounds, more than a match plays (${MAX_ROUNDS})`, said('reason.save.manyRounds', { n: String(f.rounds.length), max: String(MAX_ROUNDS) })));
  }
  const long = f.rounds.findIndex((r) => r.length > MAX_MOVES || !r.every((m) => typeof m === 'object' && m !== null && !Array.isArray(m)));
  if (long >= 0) throw refused(file, atField(`rounds[${long}]`, `must be a list of at most ${MAX_MOVES} moves, each an object`, said('reason.save.moves', { max: String(MAX_MOVES) })));
  f.rounds.forEach((r, round) =>
    r.forEach((m, i) => {
      const p = moveProblem(m as unknown as Record<string, unknown>, f.setup!.players);
      if (!p) return;
      const { what, at } = moveAt(round, f.rounds!.length, i);
      throw refused(file, { what: `${what}: ${p.what}`, why: said('reason.setup.field', { field: at, why: p.why }) });
    }),
  );
  if (f.kind === 'game' && f.rounds.length !== 1) throw refused(file, { what: 'a game save holds one round of moves', why: said('reason.save.oneRound') });
  if (typeof f.hash !== 'string') throw refused(file, named('hash', 'is missing', 'reason.rules.missing'));
  try {
    f.setup.rules = checkRules(f.setup.rules, 'setup.rules');
  } catch (e) {
    throw refused(file, { what: (e as Error).message, why: saidOf(e) ?? (e as Error).message });
  }
  return f as SaveFile;
}

function illegal(file: string, round: number, rounds: number, i: number, m: Move, error: { message: string; refusal: Refusal }): SaveError {
  const { what, at } = moveAt(round, rounds, i);
  return refused(file, { what: `${what} (${describeMove(m)}) is illegal on replay: ${error.message}`, why: said('reason.save.illegal', { at, move: moveSaid(m), why: { refusal: error.refusal } }) });
}

function create<T>(file: string, make: () => T): T {
  try {
    return make();
  } catch (e) {
    const why = saidOf(e) ?? (e as Error).message;
    throw withSaid(new SaveError(`save file ${file}: setup cannot start a game: ${(e as Error).message}`), said('reason.save.setup', { file, why }));
  }
}

function checkHash(file: string, saved: string, state: unknown): void {
  if (stateHash(state) !== saved) throw withSaid(new SaveError(`save file ${file} was edited: the replayed game does not match its hash`), said('reason.save.edited', { file }));
}

/** A save of `kind` given to the other kind's loader. */
function wrongKind(file: string, kind: SaveFile['kind']): SaveError {
  const english = `save file ${file} holds ${kind === 'game' ? 'a single game: load it with loadGame' : 'a match: load it with loadMatch'}`;
  return withSaid(new SaveError(english), said('reason.save.kindOther', { file, single: kind === 'game' ? 'yes' : 'no' }));
}

/** The save a text holds, or the one already parsed. */
function saveOf(text: string | SaveFile, file: string): SaveFile {
  return typeof text === 'string' ? parseSave(text, file) : text;
}

/**
 * Replays one round's `log` from `start`, each move checked as {@link applyMove} checks it, on one
 * round in play changed in place: a move costs what it changes, where a state per move would copy
 * the whole log each time (a round called off after ROUND_MOVE_LIMIT moves took minutes).
 */
function replayRound(file: string, start: GameState, log: readonly Move[], round: number, rounds: number): GameState {
  const r = roundOf(start);
  for (let i = 0; i < log.length; i++) {
    const error = checkIn(r, log[i]);
    if (error) throw illegal(file, round, rounds, i, log[i], error);
    applyIn(r, log[i], false);
  }
  return stateOf(r);
}

/** Loads a game save (its text, or what {@link parseSave} made of it): replays its moves from the seed. Throws a {@link SaveError}. */
export function loadGame(text: string | SaveFile, file = 'save.json'): GameState {
  const f = saveOf(text, file);
  if (f.kind !== 'game') throw wrongKind(file, f.kind);
  const state = replayRound(file, create(file, () => createGame(f.setup)), f.rounds[0], 0, 1);
  checkHash(file, f.hash, state);
  return state;
}

/** A move made after a save was written, with the round it was made in (0-based): what a journal keeps. */
export interface LaterMove {
  round: number;
  move: Move;
}

/**
 * Loads a match save (its text, or what {@link parseSave} made of it): replays every round, and
 * checks the result against the save's hash. Then `later`, the moves made since the save was
 * written (a journal's), each checked as the replay checks it: a move of the round after the
 * last deals that round first. Throws a {@link SaveError}.
 */
export function loadMatch(text: string | SaveFile, file = 'save.json', later: readonly LaterMove[] = []): MatchState {
  const f = saveOf(text, file);
  if (f.kind !== 'match') throw wrongKind(file, f.kind);
  let match = create(file, () => createMatch(f.setup));
  const next = (round: number) => {
    if (match.winner !== null || !roundEnded(match.game)) throw refused(file, { what: `round ${round + 1} follows a round that did not end`, why: said('reason.save.notEnded', { round: String(round + 1) }) });
    match = nextRound(match);
  };
  f.rounds.forEach((log, round) => {
    if (round > 0) next(round);
    match = withRound(match, replayRound(file, match.game, log, round, f.rounds.length));
  });
  checkHash(file, f.hash, match);
  // The later moves round by round: each round's replayed at once, as a save's.
  let round = f.rounds.length - 1;
  for (let i = 0; i < later.length;) {
    const r = later[i].round;
    if (r === round + 1) next(++round);
    else if (r !== round) {
      throw refused(file, { what: `later move ${i + 1} is of round ${r + 1}, after round ${round + 1}`, why: said('reason.save.later', { move: String(i + 1), of: String(r + 1), round: String(round + 1) }) });
    }
    let j = i;
    while (j < later.length && later[j].round === r) j++;
    match = withRound(match, replayRound(file, match.game, later.slice(i, j).map((m) => m.move), round, round + 1));
    i = j;
  }
  return match;
}

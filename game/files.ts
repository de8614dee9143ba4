/**
 * The game layer's file-system side (Node only): save files and rule files, read and written
 * with errors that name the file. Everything else in game/ is pure and runs in a browser too;
 * the parsing and checking these call live there.
 */
import { FileReadError, readUserFile, writeFileAtomically } from '../lib/files.ts';
import type { MatchState } from './match.ts';
import { parseRulesText } from './ruleFile.ts';
import { ruleSet, RulesError, type Rules } from './rules.ts';
import { loadGame, loadMatch, parseSave, saveGame, saveMatch, SaveError } from './save.ts';
import type { GameState } from './state.ts';
import { english } from '../words/cli.ts';
import { said, withSaid } from '../words/said.ts';

export { writeFileAtomically };

/** Writes a game or a match to `path` (never half a save). */
export function writeSave(path: string, what: GameState | MatchState): void {
  writeFileAtomically(path, ('kind' in what && what.kind === 'match' ? saveMatch(what) : saveGame(what as GameState)) + '\n');
}

/** Reads a save file: a game or a match, replayed. Throws a {@link SaveError}. */
export function readSave(path: string): { kind: 'game'; game: GameState } | { kind: 'match'; match: MatchState } {
  let text: string;
  try {
    text = readUserFile(path, 'save');
  } catch (e) {
    const s = said('cli.file.save', { file: path, why: (e as FileReadError).said });
    throw withSaid(new SaveError(english(s)), s);
  }
  const f = parseSave(text, path);
  return f.kind === 'match' ? { kind: 'match', match: loadMatch(f, path) } : { kind: 'game', game: loadGame(f, path) };
}

/** Reads a rule file. Throws a {@link RulesError} naming the file and the field. */
export function loadRulesFile(path: string): Rules {
  let text: string;
  try {
    text = readUserFile(path, 'rules');
  } catch (e) {
    const s = said('reason.named', { file: path, why: (e as FileReadError).said });
    throw withSaid(new RulesError(english(s)), s);
  }
  return parseRulesText(text, path);
}

/**
 * Resolves a `--rules` value: a rule set's name, or the path of a rules JSON file (a value that
 * ends in `.json` or names a folder). Errors say which file and field, or list the rule sets.
 */
export function rulesFromSpec(spec: string): Rules {
  return spec.endsWith('.json') || spec.includes('/') ? loadRulesFile(spec) : ruleSet(spec);
}

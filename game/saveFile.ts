/** The thin file-system side of save files: write and read, with errors that name the file. */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { MatchState } from './match.ts';
import { loadGame, loadMatch, parseSave, saveGame, saveMatch, SaveError } from './save.ts';
import type { GameState } from './state.ts';

/** Writes `text` to `path` through a temporary file, so a crash never leaves half a file. */
export function writeFileAtomically(path: string, text: string): void {
  const tmp = `${path}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

/** Writes a game or a match to `path` (never half a save). */
export function writeSave(path: string, what: GameState | MatchState): void {
  writeFileAtomically(path, ('kind' in what && what.kind === 'match' ? saveMatch(what) : saveGame(what as GameState)) + '\n');
}

/** Reads a save file: a game or a match, replayed. Throws a {@link SaveError}. */
export function readSave(path: string): { kind: 'game'; game: GameState } | { kind: 'match'; match: MatchState } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new SaveError(`save file ${path} cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  const f = parseSave(text, path);
  return f.kind === 'match' ? { kind: 'match', match: loadMatch(f, path) } : { kind: 'game', game: loadGame(f, path) };
}

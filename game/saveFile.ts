/** The thin file-system side of save files: write and read, with errors that name the file. */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { MatchState } from './match.ts';
import { loadGame, loadMatch, parseSave, saveGame, saveMatch, SaveError } from './save.ts';
import type { GameState } from './state.ts';

/** Writes a game or a match to `path` (through a temporary file, so a crash never leaves half a save). */
export function writeSave(path: string, what: GameState | MatchState): void {
  const text = 'kind' in what && what.kind === 'match' ? saveMatch(what) : saveGame(what as GameState);
  const tmp = `${path}.tmp`;
  writeFileSync(tmp, text + '\n');
  renameSync(tmp, path);
}

/** Reads a save file: a game or a match, replayed. Throws a {@link SaveError}. */
export function readSave(path: string): { kind: 'game'; game: GameState } | { kind: 'match'; match: MatchState } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new SaveError(`save file ${path} cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  return parseSave(text, path).kind === 'match' ? { kind: 'match', match: loadMatch(text, path) } : { kind: 'game', game: loadGame(text, path) };
}

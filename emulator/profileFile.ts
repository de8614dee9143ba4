/**
 * Profiles from files (Node only): `--profile NAME|FILE` as the CLI and simulations take it.
 * Parsing and checking are pure (profile.ts) and run in a browser too.
 */
import { existsSync } from 'node:fs';
import { FileReadError, readUserFile } from '../lib/files.ts';
import { byName } from '../lib/untrusted.ts';
import { parseProfileText, ProfileError, type Profile } from './profile.ts';
import { BUILTIN_PROFILES, resolveProfile } from './profiles.ts';

/**
 * Reads a profile JSON file. Errors say which file and which field is wrong; a file that is
 * not JSON says where the syntax broke.
 */
export function loadProfileFile(file: string): Profile {
  let text: string;
  try {
    text = readUserFile(file, 'profile');
  } catch (e) {
    throw new ProfileError('(file)', (e as FileReadError).message, (e as FileReadError).said, file);
  }
  return parseProfileText(text, file);
}

/**
 * A shipped profile by name, or a profile JSON file by path (a value that ends in `.json`,
 * holds a `/` or names a file that exists). Throws a {@link ProfileError} listing the known
 * names when it is neither.
 */
export function profileFromSpec(nameOrFile?: string): Profile {
  if (nameOrFile !== undefined && !byName(BUILTIN_PROFILES, nameOrFile) && (nameOrFile.endsWith('.json') || nameOrFile.includes('/') || existsSync(nameOrFile))) {
    return loadProfileFile(nameOrFile);
  }
  return resolveProfile(nameOrFile);
}

/**
 * The path where a virtual launcher's pseudo-terminal appears (`device --pty --link PATH`), taken
 * so that nothing else is lost: socat replaces whatever is at the path with its link and removes
 * the link when it exits, so the path is taken only when it is free, or holds a link to a
 * pseudo-terminal that no running virtual launcher serves (one left by a launcher that was
 * killed). A lock file next to it names the process serving it.
 */
import { accessSync, constants, lstatSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { english } from '../words/cli.ts';
import { said, type Said } from '../words/said.ts';

/** The link path cannot be taken; the message says why and what to do (`said`, for the reader's language). */
export class LinkError extends Error {
  override name = 'LinkError';
  constructor(readonly said: Said) {
    super(english(said));
  }
}

/** The lock file of a link path: `.NAME.lock` in the same folder. */
function lockOf(link: string): string {
  return path.join(path.dirname(link), `.${path.basename(link)}.lock`);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** What is at `link` now, if it may not be replaced by a link to a new pseudo-terminal; else null. */
export function linkProblem(link: string): Said | null {
  let st;
  try {
    st = lstatSync(link);
  } catch {
    return null;
  }
  if (!st.isSymbolicLink()) return said('cli.link.notLink', { link });
  const target = readlinkSync(link);
  if (!target.startsWith('/dev/pts/')) return said('cli.link.elsewhere', { link, target });
  return null;
}

/**
 * Takes `link` for this process: refuses a path whose folder is missing or read-only, a path that
 * holds anything but a pseudo-terminal's link, or one another running virtual launcher serves.
 * Returns the function that gives it back (removes the lock; socat removes its own link).
 * Throws a {@link LinkError}.
 */
export function claimPtyLink(link: string): () => void {
  const dir = path.dirname(path.resolve(link));
  try {
    accessSync(dir, constants.W_OK);
  } catch {
    throw new LinkError(said('cli.link.folder', { link, dir }));
  }
  const lock = lockOf(link);
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(lock, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw new LinkError(said('cli.link.lock', { link, code: (e as NodeJS.ErrnoException).code ?? (e as Error).message, lock }));
      const pid = Number.parseInt(readFileSync(lock, 'utf8'), 10);
      if (Number.isInteger(pid) && pid > 0 && alive(pid))
        throw new LinkError(said('cli.link.served', { link, pid: String(pid) }));
      rmSync(lock, { force: true }); // left by a launcher that was killed
    }
  }
  const problem = linkProblem(link);
  if (problem) {
    rmSync(lock, { force: true });
    throw new LinkError(problem);
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    try {
      if (readFileSync(lock, 'utf8').trim() === String(process.pid)) rmSync(lock, { force: true });
    } catch {
      // already gone
    }
  };
}

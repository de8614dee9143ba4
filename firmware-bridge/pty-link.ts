/**
 * The path where a virtual launcher's pseudo-terminal appears (`device --pty --link PATH`), taken
 * so that nothing else is lost: socat replaces whatever is at the path with its link and removes
 * the link when it exits, so the path is taken only when it is free, or holds a link to a
 * pseudo-terminal that no running virtual launcher serves (one left by a launcher that was
 * killed). A lock file next to it names the process serving it.
 */
import { accessSync, constants, lstatSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The link path cannot be taken; the message says why and what to do. */
export class LinkError extends Error {
  override name = 'LinkError';
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
export function linkProblem(link: string): string | null {
  let st;
  try {
    st = lstatSync(link);
  } catch {
    return null;
  }
  if (!st.isSymbolicLink()) return `${link} exists and is not a link to a pseudo-terminal: it would be replaced; give another --link, or remove it yourself`;
  const target = readlinkSync(link);
  if (!target.startsWith('/dev/pts/')) return `${link} is a link to ${target}, not to a pseudo-terminal: give another --link, or remove it yourself`;
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
    throw new LinkError(`cannot make ${link}: the folder ${dir} does not exist or is not writable; give another --link`);
  }
  const lock = lockOf(link);
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(lock, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw new LinkError(`cannot take ${link}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message} on its lock file ${lock}`);
      const pid = Number.parseInt(readFileSync(lock, 'utf8'), 10);
      if (Number.isInteger(pid) && pid > 0 && alive(pid))
        throw new LinkError(`${link} is served by another virtual launcher (process ${pid}): stop it, or give another --link`);
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

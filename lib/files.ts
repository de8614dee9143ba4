/**
 * The program's one way to read a file a user names and to write a file it produces (Node
 * only). Reading refuses what is not a regular file (a device such as /dev/urandom, a pipe, a
 * folder would never end or never start) and what is larger than any real file of its kind;
 * writing goes through a temporary file renamed into place, so an interrupted write never leaves
 * half a file where a complete one was. What is not a regular file (a device such as /dev/null,
 * a named pipe) is written in place, as a shell's `>` would: it is never replaced by a file.
 */
import { randomBytes } from 'node:crypto';
import { accessSync, closeSync, constants, createWriteStream, fstatSync, lstatSync, openSync, readlinkSync, readSync, realpathSync, renameSync, rmSync, statSync, writeFileSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import { READ_CAPS } from './untrusted.ts';
import { english, type CliKey } from '../words/cli.ts';
import { said, type Said } from '../words/said.ts';

export { READ_CAPS };


/** The kinds of file the program reads. */
export type FileKind = keyof typeof READ_CAPS;

/** A kind of file in words (`a {what}`): the catalogue's `cli.file.kind.<kind>`. */
const what = (kind: FileKind): Said => said(`cli.file.kind.${kind}` as CliKey);

/**
 * A file that cannot be read as asked; the message (without the path) says why and what to give
 * instead, in English, and `said` is that message for a front end to word in its reader's language.
 */
export class FileReadError extends Error {
  override name = 'FileReadError';
  constructor(readonly said: Said, readonly code?: string) {
    super(english(said));
  }
}

/** A size in MiB, as the messages say it (`{cap} MiB`). */
function mib(bytes: number): string {
  return String(bytes / 2 ** 20);
}

/** Why the system could not open or read a file (`e`, its error), in the catalogue's words. */
export function readFailure(e: unknown): Said {
  const code = (e as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR' ? said(`cli.file.${code}`) : said('cli.file.unreadable', { code: code ?? (e as Error).message });
}

/**
 * Reads a file a user named as UTF-8 text, as a file of `kind`. Throws a {@link FileReadError}
 * when it does not exist, cannot be opened, is not a regular file, or is larger than the kind's
 * cap ({@link READ_CAPS}).
 */
export function readUserFile(file: string, kind: FileKind): string {
  const cap = READ_CAPS[kind];
  let fd: number;
  try {
    // Non-blocking, so that opening a named pipe returns at once (and is then refused) instead of
    // waiting for a writer; a regular file reads the same either way.
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    throw new FileReadError(readFailure(e), (e as NodeJS.ErrnoException).code);
  }
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) throw new FileReadError(said('cli.file.folder', { what: what(kind) }), 'EISDIR');
    if (!st.isFile()) throw new FileReadError(said('cli.file.notRegular', { what: what(kind) }), 'ENOTREG');
    if (st.size > cap) throw new FileReadError(said('cli.file.tooLarge', { size: (st.size / 2 ** 20).toFixed(1), what: what(kind), cap: mib(cap) }), 'EFBIG');
    // Read to the cap and one byte more: a file that grows while being read is refused too.
    const buf = Buffer.allocUnsafe(Math.min(cap + 1, st.size + 1));
    let n = 0;
    for (;;) {
      const got = readSync(fd, buf, n, buf.length - n, null);
      if (got === 0) break;
      n += got;
      if (n === buf.length) {
        if (n > cap) throw new FileReadError(said('cli.file.grew', { cap: mib(cap), what: what(kind) }), 'EFBIG');
        break;
      }
    }
    return buf.toString('utf8', 0, n);
  } catch (e) {
    if (e instanceof FileReadError) throw e;
    throw new FileReadError(said('cli.file.unreadable', { code: (e as NodeJS.ErrnoException).code ?? (e as Error).message }), (e as NodeJS.ErrnoException).code);
  } finally {
    closeSync(fd);
  }
}

/**
 * An output that cannot be written. Its message is the one line to show: `cannot write FILE: why`
 * (`said`, in the catalogue's words).
 */
export class FileWriteError extends Error {
  override name = 'FileWriteError';
  readonly said: Said;
  constructor(readonly file: string, why: string | Said, readonly code?: string) {
    const s = said('cli.file.cannotWrite', { file, why });
    super(english(s));
    this.said = s;
  }
}

/** The codes of a failed write that have words of their own (`cli.write.<code>`). */
const WRITE_CODES = new Set(['ENOSPC', 'EDQUOT', 'EACCES', 'ENOENT', 'ENOTDIR', 'EISDIR', 'EROFS', 'ELOOP', 'EFBIG']);

/** The {@link FileWriteError} for a failed write to (or check of) `file`, saying why in words. */
export function writeErrorOf(file: string, e: unknown): FileWriteError {
  if (e instanceof FileWriteError) return e;
  const code = (e as NodeJS.ErrnoException).code;
  const folder = path.dirname(file);
  const why = code === 'EPERM' ? said('cli.write.EACCES')
    : code !== undefined && WRITE_CODES.has(code) ? said(`cli.write.${code}` as CliKey, { folder })
    : said('cli.write.other', { code: code ?? (e as Error).message });
  return new FileWriteError(file, why, code);
}

/**
 * Where a write to `file` goes: `inPlace` for what is there and not a regular file (a device, a
 * named pipe, a socket: a write must reach it, and a rename would replace it with a file);
 * otherwise the regular file it replaces, through symbolic links (a rename onto the link would
 * replace the link and leave its target as it was), also where the link's target is not there
 * yet. A folder is refused.
 */
function destination(file: string): { inPlace: true } | { inPlace: false; target: string } {
  try {
    const st = statSync(file, { throwIfNoEntry: false });
    if (st?.isDirectory()) throw Object.assign(new Error('EISDIR'), { code: 'EISDIR' });
    if (st && !st.isFile()) return { inPlace: true };
    if (st) return { inPlace: false, target: realpathSync(file) };
    // Not there: the name itself, or the end of a chain of links that points to nothing yet.
    let p = file;
    for (let hops = 0; lstatSync(p, { throwIfNoEntry: false })?.isSymbolicLink(); hops++) {
      if (hops === 40) throw Object.assign(new Error('ELOOP'), { code: 'ELOOP' });
      p = path.resolve(path.dirname(p), readlinkSync(p));
    }
    return { inPlace: false, target: p };
  } catch (e) {
    throw writeErrorOf(file, e);
  }
}

/**
 * Checks, before any work, that {@link writeFileAtomically} or {@link atomicWriteStream} could
 * write `file` (`append`: that it could be appended to): not a folder, its folder there and
 * writable, a device or pipe writable. Throws a {@link FileWriteError} saying why not. `-`
 * (standard output, which the commands that take it write themselves) always passes.
 */
export function checkOutput(file: string, append = false): void {
  if (file === '-') return;
  const d = destination(file);
  try {
    if (d.inPlace || (append && statSync(d.target, { throwIfNoEntry: false }))) accessSync(file, constants.W_OK);
    else {
      const folder = path.dirname(d.target);
      if (!statSync(folder).isDirectory()) throw Object.assign(new Error('ENOTDIR'), { code: 'ENOTDIR' });
      accessSync(folder, constants.W_OK | constants.X_OK);
    }
  } catch (e) {
    throw writeErrorOf(d.inPlace ? file : d.target, e);
  }
}

/**
 * What names one file: its target through links, or null for what is written in place (two
 * outputs to /dev/null are no clash) and for an input that is not a file (a built-in name).
 */
function identity(file: string, input: boolean): string | null {
  if (file === '-') return null;
  if (input) {
    const st = statSync(file, { throwIfNoEntry: false });
    return st?.isFile() ? realpathSync(file) : null;
  }
  const d = destination(file);
  if (d.inPlace) return null;
  // The folder through its links too: out.csv and ./link-to-here/out.csv are one file.
  try {
    return path.join(realpathSync(path.dirname(d.target)), path.basename(d.target));
  } catch {
    return d.target;
  }
}

/**
 * Checks a command's outputs before it starts any work: each can be written
 * ({@link checkOutput}), no two name the same file, and none is one of the command's inputs
 * (it would be replaced by what is read from it). `outputs` and `inputs` pair what the user
 * typed (`--csv`, or a message: the part FILE) with the path; a path left undefined is skipped. Throws a
 * {@link FileWriteError} with one line saying what to change.
 */
export function checkOutputs(outputs: Array<[string, string | undefined, 'append'?]>, inputs: Array<[string | Said, string | undefined]> = []): void {
  const seen = new Map<string, { what: string | Said; input: boolean }>();
  for (const [what, file] of inputs) {
    const id = file === undefined ? null : identity(file, true);
    if (id) seen.set(id, { what, input: true });
  }
  for (const [what, file, append] of outputs) {
    if (file === undefined) continue;
    checkOutput(file, append === 'append');
    const id = identity(file, false);
    if (!id) continue;
    const other = seen.get(id);
    if (other?.input) throw new FileWriteError(file, said('cli.write.alsoInput', { other: other.what, what }));
    if (other) throw new FileWriteError(file, said('cli.write.twoOutputs', { other: other.what, what }));
    seen.set(id, { what, input: false });
  }
}

/**
 * A temporary name next to `file`, unique to this process and this write: two programs (or two
 * writes in one) saving the same file never write into each other's temporary file.
 */
function tempNameFor(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
}

/**
 * Writes `text` to `file` through a temporary file renamed into place: a crash never leaves half
 * a file. A device or a named pipe is written in place (a pipe waits for its reader, as a shell's
 * `>` does). Throws a {@link FileWriteError}: a full disk, a missing folder, no permission.
 */
export function writeFileAtomically(file: string, text: string): void {
  const d = destination(file);
  if (d.inPlace) {
    try {
      writeFileSync(file, text);
    } catch (e) {
      throw writeErrorOf(file, e);
    }
    return;
  }
  const tmp = tempNameFor(d.target);
  try {
    writeFileSync(tmp, text, { flag: 'wx' });
    renameSync(tmp, d.target);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw writeErrorOf(file, e);
  }
}

/** A file being written as a stream, that appears at its path only once complete. */
export interface AtomicStream {
  /** Where the rows go meanwhile (a temporary file next to the target). */
  stream: WriteStream;
  /** Ends the stream and renames the temporary file into place. */
  commit(): Promise<void>;
  /** Removes the temporary file: the target keeps what it held before. */
  abort(): void;
}

/**
 * Opens `file` for a long write (a CSV of a simulation's games) that replaces it only when
 * {@link AtomicStream.commit} is called: interrupted (Ctrl-C, an error), the target keeps its
 * earlier content, and the temporary file is removed on abort or when the process exits. A device
 * or a named pipe is written in place, as the rows come. Throws a {@link FileWriteError} when it
 * cannot be opened; the stream's own errors (a full disk) come as its `error` event.
 */
export function atomicWriteStream(file: string): AtomicStream {
  const d = destination(file);
  if (d.inPlace) {
    let stream: WriteStream;
    try {
      stream = createWriteStream(file, { fd: openSync(file, 'w') });
    } catch (e) {
      throw writeErrorOf(file, e);
    }
    return {
      stream,
      commit: () => new Promise<void>((resolve, reject) => stream.end((e?: Error | null) => (e ? reject(writeErrorOf(file, e)) : resolve()))),
      abort: () => void stream.destroy(),
    };
  }
  const target = d.target;
  const tmp = tempNameFor(target);
  // Opened at once, so that an abort right after always finds the file to remove, and a folder
  // that cannot be written is an error here rather than a later event.
  let fd: number;
  try {
    fd = openSync(tmp, 'wx');
  } catch (e) {
    throw writeErrorOf(file, e);
  }
  const stream = createWriteStream(tmp, { fd });
  let done = false;
  const cleanUp = () => {
    if (!done) rmSync(tmp, { force: true });
  };
  process.once('exit', cleanUp);
  return {
    stream,
    commit: () =>
      new Promise<void>((resolve, reject) => {
        stream.end((e?: Error | null) => {
          try {
            if (e) throw e;
            renameSync(tmp, target);
            done = true;
            process.off('exit', cleanUp);
            resolve();
          } catch (e) {
            reject(writeErrorOf(file, e));
          }
        });
      }),
    abort: () => {
      stream.destroy();
      cleanUp();
      done = true;
      process.off('exit', cleanUp);
    },
  };
}

/**
 * Where a new game's save (or a match's score sheet) is written: `wanted`, unless it is a file
 * already (an earlier game's, maybe one in progress), which is then kept and the first free
 * `NAME-2.json`, `NAME-3.json`… is used instead. What is not a regular file (a device such as
 * /dev/null, a pipe) is written as it is.
 */
export function freeSavePath(wanted: string): string {
  if (!lstatSync(wanted, { throwIfNoEntry: false })?.isFile()) return wanted;
  const ext = path.extname(wanted);
  const stem = wanted.slice(0, wanted.length - ext.length);
  for (let i = 2; ; i++) if (!lstatSync(`${stem}-${i}${ext}`, { throwIfNoEntry: false })) return `${stem}-${i}${ext}`;
}

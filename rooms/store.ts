/**
 * Where a server's rooms are kept: a folder of files (each room's save and the journal of its
 * moves since), and the hold a server takes on the folder so that a second one started on it is
 * refused rather than writing over the first one's saves.
 */
import { closeSync, ftruncateSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, truncateSync, writeFileSync, writeSync, type Stats } from 'node:fs';
import path from 'node:path';
import type { RoomStore } from './hub.ts';

/** The rooms folder cannot be held (another server holds it, or it cannot be made): the server does not start. */
export class RoomsFolderError extends Error {}

/** A journal is at least this long (characters) before its room's whole save is written again. */
const JOURNAL_MIN_CHARS = 16 * 1024;

/** A kept room's file larger than this is not a room this program wrote: it is skipped, not read. */
const KEPT_MAX_BYTES = 64 << 20;

/** Rooms kept as files: {@link fileRoomStore}. */
export interface FileRoomStore extends RoomStore {
  /**
   * The rooms kept in the folder: each one's code (its files' name), its whole save, the moves its
   * journal kept since (lines, oldest first), and when it was last written (ms).
   */
  kept(): { code: string; text: string; journal: string[]; savedAt: number }[];
  /** Writes every room's newest save whole (a server stopping). */
  flush(): Promise<void>;
}

export interface FileRoomStoreOptions {
  /**
   * A room's save could not be written (the folder gone or read-only, the disk full): said once
   * until a save of that room is written again, the earlier file kept.
   */
  failed?: (code: string, error: Error) => void;
  /** An entry of the folder that is not a kept room's file (a folder, a FIFO, too large): left as it is. */
  skipped?: (name: string, why: string) => void;
}

/**
 * Rooms kept as files in `dir`: each room's whole save (CODE.json, written whole then renamed into
 * place) and its journal (CODE.journal, a line a move made since: {@link journalLine}). A move
 * costs an append, the same at the match's first move and its thousandth; the whole save, built
 * only then, is written again once the journal has grown past a quarter of it (and at least
 * {@link JOURNAL_MIN_CHARS}): its cost spread over the moves since stays the same per move. A
 * server killed or crashed loses at most the move being made; one stopping writes every save
 * whole.
 */
export function fileRoomStore(dir: string, o: FileRoomStoreOptions = {}): FileRoomStore {
  /** Each room's newest save not yet written whole: its text, or how to build it. */
  const waiting = new Map<string, string | (() => string)>();
  /** Characters in each room's journal since its whole save was last written. */
  const appended = new Map<string, number>();
  /** The length of each room's last whole save, written by this store. */
  const whole = new Map<string, number>();
  /** Rooms whose last write failed (said once until one succeeds). */
  const failing = new Set<string>();
  const journalOf = (code: string) => path.join(dir, `${code}.journal`);
  /**
   * Each room's journal, open for appending while the room is: a move is one write, not an open,
   * a write and a close (a fifth of the cost). A write is in the kernel when it returns, as an
   * appendFile's is: a killed server loses no more.
   */
  const open = new Map<string, number>();
  const close = (code: string) => {
    const fd = open.get(code);
    if (fd === undefined) return;
    open.delete(code);
    try {
      closeSync(fd);
    } catch {
      // Closing can only fail on a descriptor already gone: nothing is left to keep.
    }
  };
  const fail = (code: string, e: Error) => {
    if (!failing.has(code)) o.failed?.(code, e);
    failing.add(code);
  };
  let made = false;
  const folder = () => {
    if (!made) mkdirSync(dir, { recursive: true, mode: 0o700 });
    made = true;
  };
  /** Writes room `code`'s newest save whole, and empties its journal, whose moves it holds. */
  const writeWhole = (code: string) => {
    const t = waiting.get(code);
    if (t === undefined) return;
    const file = path.join(dir, `${code}.json`);
    try {
      const text = typeof t === 'function' ? t() : t;
      folder();
      // The rooms' tokens are in it: for this user alone.
      writeFileSync(`${file}.tmp`, text, { mode: 0o600 });
      renameSync(`${file}.tmp`, file);
      waiting.delete(code);
      whole.set(code, text.length);
      const fd = open.get(code);
      try {
        // Emptied in place: the open journal appends at its new end.
        if (fd !== undefined) ftruncateSync(fd, 0);
        else truncateSync(journalOf(code), 0);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      }
      appended.set(code, 0);
      failing.delete(code);
    } catch (e) {
      fail(code, e as Error);
    }
  };
  /** A room's journal lost a line: only a whole save mends it ({@link due} at once). */
  const GAP = Infinity;
  const due = (code: string) => (appended.get(code) ?? 0) > Math.max(JOURNAL_MIN_CHARS, (whole.get(code) ?? 0) / 4);
  return {
    save(code, text, now = false) {
      waiting.set(code, text);
      // A room's first save is written at once: its journal's moves go after it.
      if (now || !whole.has(code) || due(code)) writeWhole(code);
    },
    append(code, line) {
      // A journal with a line missing is read up to the gap: nothing follows a failed line until
      // a whole save (which holds every move) is written, as it is at once when it can be.
      if (appended.get(code) !== GAP) {
        try {
          let fd = open.get(code);
          if (fd === undefined) {
            folder();
            open.set(code, (fd = openSync(journalOf(code), 'a', 0o600)));
          }
          writeSync(fd, `${line}\n`);
          appended.set(code, (appended.get(code) ?? 0) + line.length + 1);
          failing.delete(code);
        } catch (e) {
          // Opened again once a whole save has been written (a folder made writable again, a disk with room).
          close(code);
          appended.set(code, GAP);
          fail(code, e as Error);
        }
      }
      if (due(code)) writeWhole(code);
    },
    async flush() {
      for (const code of [...waiting.keys()]) writeWhole(code);
      for (const code of [...open.keys()]) close(code);
    },
    remove(code) {
      close(code);
      waiting.delete(code);
      appended.delete(code);
      whole.delete(code);
      failing.delete(code);
      try {
        for (const f of [`${code}.json`, `${code}.journal`]) rmSync(path.join(dir, f), { force: true });
      } catch (e) {
        // A folder made read-only, say: the files stay, and the server goes on.
        fail(code, e as Error);
      }
    },
    kept() {
      let names: string[];
      try {
        names = readdirSync(dir);
      } catch {
        return [];
      }
      // Each file's lstat, taken once: it says what may be read and when the room last moved.
      const files = new Map<string, Stats>();
      for (const name of names) {
        if (!/^[A-Z2-9]+\.(json|journal)$/.test(name)) continue;
        const st = lstatSync(path.join(dir, name), { throwIfNoEntry: false });
        // Read only what this program writes: a FIFO would hang the start, a folder throw.
        if (!st?.isFile()) o.skipped?.(name, 'not a file');
        else if (st.size > KEPT_MAX_BYTES) o.skipped?.(name, `larger than ${KEPT_MAX_BYTES >> 20} MiB`);
        else files.set(name, st);
      }
      const codes = new Set([...files.keys()].map((name) => name.slice(0, name.indexOf('.'))));
      const kept: { code: string; text: string; journal: string[]; savedAt: number }[] = [];
      for (const code of [...codes].sort()) {
        const text = readOr(`${code}.json`);
        if (text === null) {
          o.skipped?.(`${code}.journal`, `no ${code}.json to go after`);
          continue;
        }
        const journal = wholeLines(readOr(`${code}.journal`) ?? '');
        // Both were read, so both are in `files`.
        const newest = files.get(`${code}.${journal.length ? 'journal' : 'json'}`)!;
        kept.push({ code, text, journal, savedAt: newest.mtimeMs });
        whole.set(code, text.length);
      }
      return kept;

      function readOr(name: string): string | null {
        if (!files.has(name)) return null;
        try {
          return readFileSync(path.join(dir, name), 'utf8');
        } catch (e) {
          o.skipped?.(name, (e as Error).message);
          return null;
        }
      }
    },
  };
}

/** A journal's lines written whole: the text after its last line end (an append the machine's power cut short) is left out. */
function wholeLines(journal: string): string[] {
  const lines = journal.split('\n');
  lines.pop();
  return lines;
}

/** The file in a rooms folder that says which server keeps it. */
export const ROOMS_LOCK = 'server.lock';

/** A rooms folder held by this server: {@link holdRoomsFolder}. */
export interface RoomsHold {
  /** The server that held it before stopped without letting it go (killed, crashed, the machine off). */
  unclean: boolean;
  /** Says where this server is, for a second one started on the folder to tell its user. */
  serving(url: string): void;
  /** Lets it go (the server stopping cleanly). */
  release(): void;
}

/**
 * Holds the rooms folder `dir` for this server: two servers on one folder would play the same
 * rooms and write over each other's saves. Refused (a {@link RoomsFolderError}) while the server that
 * holds it runs; a hold left by a server that is gone is taken over, and said (`unclean`).
 */
export function holdRoomsFolder(dir: string): RoomsHold {
  const lock = path.join(dir, ROOMS_LOCK);
  try {
    // Its files hold the rooms' secret tokens: the folder, made here, is for this user alone.
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (e) {
    throw new RoomsFolderError(`cannot keep rooms in ${dir}: ${(e as Error).message}`);
  }
  let unclean = false;
  for (let tries = 0; ; tries++) {
    try {
      writeFileSync(lock, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST' || tries > 0) {
        throw new RoomsFolderError(code === 'EEXIST' ? `another server took the rooms folder ${dir} at the same time: start again`
          : `cannot keep rooms in ${dir}: ${(e as Error).message}`);
      }
      const holder = lockHolder(lock);
      if (holder) {
        throw new RoomsFolderError(`another server (process ${holder.pid}${holder.url ? `, at ${holder.url}` : ''}) holds the rooms in ${dir}: use that one, stop it first, or give this one its own --rooms DIR (if no server runs, remove ${lock})`);
      }
      unclean = true;
      rmSync(lock, { force: true });
    }
  }
  let held = true;
  return {
    unclean,
    serving(url) {
      // Renamed into place: a server starting meanwhile never reads half of it (and takes it for stale).
      try {
        writeFileSync(`${lock}.${process.pid}.tmp`, `${process.pid}\n${url}\n`);
        renameSync(`${lock}.${process.pid}.tmp`, lock);
      } catch {
        // The hold stands without the address: a second server is refused all the same.
      }
    },
    release() {
      // Only this server's: one that took over a hold it thought stale keeps its own.
      try {
        if (held && readFileSync(lock, 'utf8').split('\n')[0] === String(process.pid)) rmSync(lock, { force: true });
      } catch {
        // Gone already.
      }
      held = false;
    },
  };
}

/**
 * The server that holds a rooms folder by its lock file (its process id and address), when it
 * still runs. A process id from before a restart may now be another program's: on Linux its
 * command line must name this one.
 */
function lockHolder(lock: string): { pid: number; url: string | null } | null {
  let pid: number;
  let url: string | null;
  try {
    const st = lstatSync(lock);
    if (!st.isFile() || st.size > 1024) return null;
    const [first, second] = readFileSync(lock, 'utf8').split('\n');
    pid = Number(first);
    url = /^http:\/\/[\w.:[\]-]+\/$/.test(second ?? '') ? second : null;
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
  } catch (e) {
    // EPERM: it runs, as another user.
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes('uno-extreme') ? { pid, url } : null;
  } catch {
    return { pid, url }; // no /proc here: the process id alone
  }
}

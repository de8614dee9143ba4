/**
 * Where a server's rooms are kept: a folder of files (each room's save and the journal of its
 * moves since), and the hold a server takes on the folder so that a second one started on it is
 * refused rather than writing over the first one's saves.
 */
import { close as closeFd, ftruncate, lstatSync, mkdirSync, open, readdirSync, readFileSync, renameSync, rmSync, write, writeFileSync, type Stats } from 'node:fs';
import { mkdir, rename, rm, truncate, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import path from 'node:path';
import type { RoomStore } from './hub.ts';
import { openReasonOf, writeReasonOf } from '../lib/files.ts';
import { english } from '../words/cli.ts';
import { said, type Said } from '../words/said.ts';

/**
 * The rooms folder cannot be held (another server holds it, or it cannot be made): the server does
 * not start. `said` words it in the terminal's language, `message` in English.
 */
export class RoomsFolderError extends Error {
  override name = 'RoomsFolderError';
  constructor(readonly said: Said) {
    super(english(said));
  }
}

/** A journal is at least this long (characters) before its room's whole save is written again. */
const JOURNAL_MIN_CHARS = 16 * 1024;

/**
 * How much longer than the rule (a quarter of the whole save, at least {@link JOURNAL_MIN_CHARS})
 * a room's journal grows before its whole save is written again: from none to as much again, told
 * by the room's code. Rooms opened together (a game night's tables) and played at one pace would
 * otherwise rewrite their saves in the same second, every time, a burst their moves waited behind.
 */
function laterBy(code: string): number {
  let h = 0;
  for (let i = 0; i < code.length; i++) h = (Math.imul(h, 31) + code.charCodeAt(i)) >>> 0;
  return (h % 1024) / 1024;
}

/** A kept room's file larger than this is not a room this program wrote: it is skipped, not read. */
const KEPT_MAX_BYTES = 64 << 20;

/** Rooms kept as files: {@link fileRoomStore}. */
export interface FileRoomStore extends RoomStore {
  /**
   * The rooms kept in the folder: each one's code (its files' name), its whole save, the moves its
   * journal kept since (lines, oldest first), and when it was last written (ms).
   */
  kept(): { code: string; text: string; journal: string[]; savedAt: number }[];
  /** Writes every room's newest save whole (a server stopping), after what waits to be written. */
  flush(): Promise<void>;
  /** Settles once everything given so far, for every room, is written (or failed, and said). */
  settled(): Promise<void>;
}

export interface FileRoomStoreOptions {
  /**
   * A room's save could not be written (the folder gone or read-only, the disk full): said once
   * until a save of that room is written again, the earlier file kept.
   */
  failed?: (code: string, error: Error) => void;
  /** An entry of the folder that is not a kept room's file (a folder, a FIFO, too large): left as it is. */
  skipped?: (name: string, why: Said) => void;
}

// A journal's descriptor as a number, not a FileHandle: a store a test never stops leaves it to the process, not to the garbage collector.
const openFd = promisify(open);
const writeFd = promisify(write);
const truncateFd = promisify(ftruncate);

/** A journal that lost a line: only a whole save mends it, and one is asked for at once. */
const GAP = Infinity;

/** One room's files as the store writes them: what waits, in the order it goes to disk. */
interface RoomFiles {
  /** The journal, open for appending while the room is (null: not open yet, or closed after a failure). */
  journal: number | null;
  /** The moves' lines given since the last write to the journal, each with its line end. */
  lines: string;
  /** Characters in the journal since the whole save was last written, the lines waiting counted; {@link GAP} after a lost line. */
  appended: number;
  /** {@link laterBy} of the room's code. */
  later: number;
  /** The length of the last whole save written by this store or read at its start (undefined: none yet). */
  whole: number | undefined;
  /** The newest save not yet written whole: its text, or how to build it. */
  waiting: string | (() => string) | undefined;
  /** The waiting save is to be written whole at the next write. */
  asked: boolean;
  /** The room was deleted: its files go at the next write. */
  removing: boolean;
  /** Writes under way (one at a time), or about to start this turn. */
  busy: boolean;
  /** The last write failed (said once until one succeeds). */
  failing: boolean;
  /** Waiting for nothing of the room to be left to write. */
  then: (() => void)[];
}

/**
 * Rooms kept as files in `dir`: each room's whole save (CODE.json, written whole then renamed into
 * place) and its journal (CODE.journal, a line a move made since: table/journal.ts). A move
 * costs an append, the same at the match's first move and its thousandth; the whole save, built
 * only then, is written again once the journal has grown past a quarter of it (and at least
 * {@link JOURNAL_MIN_CHARS}; each room up to as much again later, {@link laterBy}): its cost
 * spread over the moves since stays the same per move.
 *
 * Nothing is written on the event loop the rooms share: a disk that stalls stalls no room's play.
 * What the rooms give in one turn of the loop is written after it, with the file system's
 * asynchronous calls, a room's lines in one write; each room's writes go one after the other in
 * the order given. A room sends its clients nothing before what they would see is written
 * ({@link RoomStore.written}): a server killed or crashed loses at most the moves no one was
 * shown; one stopping writes every save whole ({@link FileRoomStore.flush}).
 */
export function fileRoomStore(dir: string, o: FileRoomStoreOptions = {}): FileRoomStore {
  const rooms = new Map<string, RoomFiles>();
  const journalOf = (code: string) => path.join(dir, `${code}.journal`);
  const roomFiles = (code: string): RoomFiles => {
    let r = rooms.get(code);
    if (!r) rooms.set(code, (r = { journal: null, lines: '', appended: 0, later: laterBy(code), whole: undefined, waiting: undefined, asked: false, removing: false, busy: false, failing: false, then: [] }));
    return r;
  };
  const fail = (code: string, r: RoomFiles, e: Error) => {
    if (!r.failing) o.failed?.(code, e);
    r.failing = true;
  };
  let made: Promise<unknown> | null = null;
  const folder = () => (made ??= mkdir(dir, { recursive: true, mode: 0o700 }).catch((e: Error) => {
    made = null;
    throw e;
  }));
  const due = (r: RoomFiles) => r.appended > Math.max(JOURNAL_MIN_CHARS, (r.whole ?? 0) / 4) * (1 + r.later);
  /** Rooms with something to write since the loop's last turn: written together once the turn is over. */
  const next = new Set<string>();
  const soon = (code: string, r: RoomFiles) => {
    if (r.busy) return;
    r.busy = true;
    if (next.size === 0) setImmediate(() => {
      const codes = [...next];
      next.clear();
      for (const c of codes) void writeOut(c, rooms.get(c)!);
    });
    next.add(code);
  };
  /** Closes room `code`'s journal (its room deleted, a write failed, the server stopping). */
  const close = async (r: RoomFiles) => {
    const fd = r.journal;
    r.journal = null;
    // Closing can only fail on a descriptor already gone: nothing is left to keep.
    if (fd !== null) await new Promise((done) => closeFd(fd, done));
  };
  /** Writes what room `code` has waiting, in order, until nothing is left; then calls those waiting for that. */
  const writeOut = async (code: string, r: RoomFiles) => {
    for (;;) {
      if (r.removing) await removeFiles(code, r);
      // A room's first save goes first: its journal's moves go after it.
      else if (r.asked && r.whole === undefined) await writeWhole(code, r);
      else if (r.lines) await appendLines(code, r);
      else if (r.asked) await writeWhole(code, r);
      else break;
    }
    r.busy = false;
    const then = r.then;
    r.then = [];
    if (!r.journal && r.whole === undefined && r.waiting === undefined && rooms.get(code) === r) rooms.delete(code);
    for (const f of then) f();
  };
  /** Appends the lines waiting to room `code`'s journal, in one write. */
  const appendLines = async (code: string, r: RoomFiles) => {
    const text = r.lines;
    r.lines = '';
    // A journal with a line missing is read up to the gap: nothing follows a failed line until
    // a whole save (which holds every move) is written, asked for at once.
    if (r.appended === GAP) return;
    try {
      await folder();
      // Kept open while the room is: a move is one write, not an open, a write and a close.
      r.journal ??= await openFd(journalOf(code), 'a', 0o600);
      const { bytesWritten } = await writeFd(r.journal, text);
      // A disk full part way: the line cut short ends the journal when it is read.
      if (bytesWritten < Buffer.byteLength(text)) throw Object.assign(new Error('the disk took part of a move'), { code: 'ENOSPC' });
      r.failing = false;
    } catch (e) {
      // Opened again once a whole save has been written (a folder made writable again, a disk with room).
      await close(r);
      r.appended = GAP;
      r.asked = r.waiting !== undefined;
      fail(code, r, e as Error);
    }
  };
  /** Writes room `code`'s newest save whole, and empties its journal, whose moves it holds. */
  const writeWhole = async (code: string, r: RoomFiles) => {
    const t = r.waiting;
    r.asked = false;
    r.waiting = undefined;
    if (t === undefined) return;
    const file = path.join(dir, `${code}.json`);
    try {
      // Built now, the room as it is: every move given so far is in it.
      const text = typeof t === 'function' ? t() : t;
      await folder();
      // The rooms' tokens are in it: for this user alone.
      await writeFile(`${file}.tmp`, text, { mode: 0o600 });
      await rename(`${file}.tmp`, file);
      r.whole = text.length;
      try {
        // Emptied in place: the open journal appends at its new end.
        if (r.journal !== null) await truncateFd(r.journal, 0);
        else await truncate(journalOf(code), 0);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      }
      // The lines given while it was written come after it.
      r.appended = r.lines.length;
      r.failing = false;
    } catch (e) {
      // Tried again at the room's next save or move.
      r.waiting ??= t;
      fail(code, r, e as Error);
    }
  };
  const removeFiles = async (code: string, r: RoomFiles) => {
    r.removing = false;
    await close(r);
    r.whole = undefined;
    r.appended = 0;
    r.failing = false;
    try {
      for (const f of [`${code}.json`, `${code}.journal`]) await rm(path.join(dir, f), { force: true });
    } catch (e) {
      // A folder made read-only, say: the files stay, and the server goes on.
      fail(code, r, e as Error);
    }
  };
  const settled = (r: RoomFiles) => new Promise<void>((done) => (r.busy ? r.then.push(done) : done()));
  return {
    save(code, text, now = false) {
      const r = roomFiles(code);
      r.waiting = text;
      // A room's first save is asked for once: built when it is written, it holds the moves given meanwhile.
      if (now || due(r) || (r.whole === undefined && !r.busy)) {
        r.asked = true;
        soon(code, r);
      }
    },
    append(code, line) {
      const r = roomFiles(code);
      r.lines += `${line}\n`;
      r.appended += line.length + 1;
      if (due(r) && r.waiting !== undefined) r.asked = true;
      soon(code, r);
    },
    written(code, then) {
      const r = rooms.get(code);
      if (r?.busy) r.then.push(then);
      else then();
    },
    async flush() {
      for (const [code, r] of rooms) {
        if (r.waiting === undefined) continue;
        r.asked = true;
        soon(code, r);
      }
      await Promise.all([...rooms.values()].map(settled));
      await Promise.all([...rooms.values()].map(close));
    },
    async settled() {
      await Promise.all([...rooms.values()].map(settled));
    },
    remove(code) {
      const r = roomFiles(code);
      Object.assign(r, { lines: '', waiting: undefined, asked: false, removing: true });
      soon(code, r);
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
        if (!st?.isFile()) o.skipped?.(name, said('cli.rooms.notFile'));
        else if (st.size > KEPT_MAX_BYTES) o.skipped?.(name, said('cli.rooms.larger', { mib: KEPT_MAX_BYTES >> 20 }));
        else files.set(name, st);
      }
      const codes = new Set([...files.keys()].map((name) => name.slice(0, name.indexOf('.'))));
      const kept: { code: string; text: string; journal: string[]; savedAt: number }[] = [];
      for (const code of [...codes].sort()) {
        const text = readOr(`${code}.json`);
        if (text === null) {
          o.skipped?.(`${code}.journal`, said('cli.rooms.noSave', { code }));
          continue;
        }
        const journal = wholeLines(readOr(`${code}.journal`) ?? '');
        // Both were read, so both are in `files`.
        const newest = files.get(`${code}.${journal.length ? 'journal' : 'json'}`)!;
        kept.push({ code, text, journal, savedAt: newest.mtimeMs });
        roomFiles(code).whole = text.length;
      }
      return kept;

      function readOr(name: string): string | null {
        if (!files.has(name)) return null;
        try {
          return readFileSync(path.join(dir, name), 'utf8');
        } catch (e) {
          o.skipped?.(name, openReasonOf(e));
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
    const code = (e as NodeJS.ErrnoException).code;
    throw new RoomsFolderError(said('cli.rooms.cannotKeep', { dir, why: code === 'EEXIST' ? said('cli.rooms.notFolder') : writeReasonOf(dir, e) }));
  }
  let unclean = false;
  for (let tries = 0; ; tries++) {
    try {
      writeFileSync(lock, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST' || tries > 0) {
        throw new RoomsFolderError(code === 'EEXIST' ? said('cli.rooms.race', { dir }) : said('cli.rooms.cannotKeep', { dir, why: writeReasonOf(lock, e) }));
      }
      const holder = lockHolder(lock);
      if (holder) {
        throw new RoomsFolderError(said('cli.rooms.held', { pid: String(holder.pid), at: holder.url ? 'yes' : 'no', url: holder.url ?? '', dir, lock }));
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

/**
 * What a device driver tells the person at the launcher (LauncherHardware.onNotice): noise on the
 * serial line, a link lost for good. Said once, never a flood.
 *
 * A notice is data, as a game night's phrases are (table/words.ts, Phrase): a catalogue key
 * (words/en.ts, `notice.*`) and its values, one of them a notice of its own (why a link was lost),
 * with its English `message` for logs and the library's callers. Each front end words it in its
 * reader's language ({@link noticeText}); a game night's server sends it as a phrase.
 */

import { EN_WORDS, type Key, type Words } from '../words/catalogue.ts';
import { wallClock, type Clock, type TimerHandle } from '../lib/wall-clock.ts';

/** A notice not yet worded: its catalogue key and its values (texts and numbers as they are, or a notice worded in turn). */
export interface NoticeWords {
  readonly k: Key;
  readonly v?: Readonly<Record<string, string | number | NoticeWords>>;
}

/** A notice: its words as data, and its English text. */
export interface Notice extends NoticeWords {
  /** In English: for logs, and for a program that reads no other language. */
  readonly message: string;
}

/** The notice of key `k` with `v` (a notice among them kept as its words), its English worded now. */
export function notice(k: Key, v?: Readonly<Record<string, string | number | NoticeWords>>): Notice {
  const words = noticeWords({ k, v });
  return { ...words, message: noticeText(words) };
}

/** `n`'s words alone, without its English (nor its values'): what a game night's server sends its phones, as a phrase. */
export function noticeWords(n: NoticeWords): NoticeWords {
  if (!n.v) return { k: n.k };
  const v: Record<string, string | number | NoticeWords> = {};
  for (const [name, x] of Object.entries(n.v)) v[name] = typeof x === 'object' ? noticeWords(x) : x;
  return { k: n.k, v };
}

/** A notice in the words of `w` (English unless told). */
export function noticeText(n: NoticeWords, w: Words = EN_WORDS): string {
  if (!n.v) return w.t(n.k);
  const values: Record<string, string | number> = {};
  for (const [name, x] of Object.entries(n.v)) values[name] = typeof x === 'object' ? noticeText(x, w) : x;
  return w.t(n.k, values);
}

/**
 * An error that is a notice too (a port that cannot be opened, a board that does not answer):
 * its words as data, which each front end says in its reader's language ({@link noticeText}),
 * and its `message` in English for logs and the library's callers.
 */
export class NoticeError extends Error implements Notice {
  readonly k: Key;
  readonly v?: Readonly<Record<string, string | number | NoticeWords>>;
  constructor(words: NoticeWords) {
    const n = noticeWords(words);
    super(noticeText(n));
    this.name = 'NoticeError';
    this.k = n.k;
    if (n.v) this.v = n.v;
  }
}

/** What `e` says as a notice, when it is one ({@link NoticeError}): its words alone. */
export function noticeOf(e: unknown): NoticeWords | undefined {
  return e instanceof NoticeError ? noticeWords(e) : undefined;
}

/** Hears a notice: its English text (as a log or a terminal speaking English shows it), and the notice as data. */
export type NoticeListener = (message: string, notice: Notice) => void;

/** A driver's notices and who hears them. */
export class Notices {
  private readonly listeners = new Set<NoticeListener>();
  /** Said while nobody listened (a command subscribes once the device is open): the last few. */
  private readonly unheard: Notice[] = [];

  /** Tells every listener; with none yet, keeps the notice for the first one. */
  say(n: Notice): void {
    if (this.listeners.size === 0) {
      this.unheard.push(n);
      if (this.unheard.length > 5) this.unheard.shift();
      return;
    }
    for (const l of this.listeners) l(n.message, n);
  }

  /** Subscribes (first hearing what nobody heard yet); returns the unsubscribe function. */
  on(listener: NoticeListener): () => void {
    this.listeners.add(listener);
    for (const n of this.unheard.splice(0)) listener(n.message, n);
    return () => this.listeners.delete(listener);
  }

  clear(): void {
    this.listeners.clear();
    this.unheard.length = 0;
  }
}

/**
 * Lines from a board that are not the protocol (a bad cable, another program writing to the port,
 * a wrong baud rate): counted, and told to a person at most once per `everyMs`. The first line is
 * told at once; those that follow within the window are summed up when it ends, so a noisy line
 * gives one message per window however many lines it garbles.
 */
export class GarbageReport {
  /** Lines seen since the device was opened (across reconnects). */
  count = 0;
  /** The last of them (its first 40 characters). */
  last: string | null = null;
  private pending = 0;
  private pendingSample = '';
  private toldAt = -Infinity;
  private timer: TimerHandle | null = null;

  constructor(
    private readonly name: string,
    private readonly say: (n: Notice) => void,
    private readonly everyMs = 10_000,
    private readonly clock: Clock = wallClock,
  ) {}

  /** One line that did not decode. */
  add(line: string): void {
    this.count++;
    this.last = line.slice(0, 40);
    if (this.pending++ === 0) this.pendingSample = this.last;
    if (this.timer) return;
    const wait = this.toldAt + this.everyMs - this.clock.now();
    if (wait <= 0) this.tell();
    else this.timer = this.clock.setTimeout(() => this.tell(), wait);
  }

  private tell(): void {
    this.timer = null;
    const n = this.pending;
    this.pending = 0;
    this.toldAt = this.clock.now();
    this.say(notice('notice.garbage', { device: this.name, n, sample: JSON.stringify(this.pendingSample), all: n === this.count ? 'yes' : 'no', total: this.count }));
  }

  /** Stops the pending summary (the device is closing). */
  close(): void {
    if (this.timer) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }
}

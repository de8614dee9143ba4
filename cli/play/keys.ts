/**
 * Keys from the terminal, one at a time, in raw mode. Ctrl-C and `q` are the person asking to
 * stop: they come through as the key `quit` so the game can save before it exits. So do the
 * terminal closing (SIGHUP, or its input ending) and SIGTERM: a game is never lost to them.
 */

/** A key: a printable character, or `enter`, `backspace`, `escape`, `quit`. */
export type Key = string;

/** Reads keys from a TTY stream. */
export class KeyReader {
  private queue: Key[] = [];
  private waiting: ((k: Key) => void) | null = null;
  private readonly onData = (chunk: string) => {
    for (const k of splitKeys(chunk)) this.push(k);
  };
  private readonly onGone = () => this.push('quit');

  constructor(private readonly input: NodeJS.ReadStream = process.stdin) {
    if (input.isTTY) input.setRawMode(true);
    input.setEncoding('utf8');
    input.on('data', this.onData);
    // A closed terminal reads as an end or an error (EIO), besides the SIGHUP it sends.
    input.on('end', this.onGone).on('error', this.onGone);
    process.on('SIGHUP', this.onGone).on('SIGTERM', this.onGone);
    input.resume();
  }

  private push(k: Key): void {
    if (this.waiting) {
      const w = this.waiting;
      this.waiting = null;
      w(k);
    } else this.queue.push(k);
  }

  /** The next key (waits for it); `signal` gives the wait up (rejects with its reason), and a key typed after stays queued. */
  next(signal?: AbortSignal): Promise<Key> {
    const k = this.queue.shift();
    if (k !== undefined) return Promise.resolve(k);
    return new Promise((resolve, reject) => {
      const r = (key: Key) => {
        signal?.removeEventListener('abort', gone);
        resolve(key);
      };
      const gone = () => {
        if (this.waiting === r) this.waiting = null;
        reject(signal!.reason);
      };
      if (signal?.aborted) return gone();
      this.waiting = r;
      signal?.addEventListener('abort', gone, { once: true });
    });
  }

  /** Takes a quit typed ahead (q or Ctrl-C) out of the queue; other keys stay for the next question. */
  takeQuit(): boolean {
    const i = this.queue.findIndex((k) => k === 'quit' || k === 'q');
    if (i < 0) return false;
    this.queue.splice(i, 1);
    return true;
  }

  /** Gives the terminal back. */
  close(): void {
    this.input.off('data', this.onData).off('end', this.onGone).off('error', this.onGone);
    process.off('SIGHUP', this.onGone).off('SIGTERM', this.onGone);
    if (this.input.isTTY) this.input.setRawMode(false);
    this.input.pause();
  }
}

/** Splits raw terminal input into keys (escape sequences such as arrows are dropped). */
export function splitKeys(chunk: string): Key[] {
  const keys: Key[] = [];
  for (let i = 0; i < chunk.length; i++) {
    const ch = chunk[i];
    if (ch === '\x1b') {
      // An escape sequence (arrow keys…) or a lone Escape.
      if (chunk[i + 1] === '[' || chunk[i + 1] === 'O') {
        i += 2;
        while (i < chunk.length && !/[A-Za-z~]/.test(chunk[i])) i++;
        continue;
      }
      keys.push('escape');
    } else if (ch === '\r' || ch === '\n') keys.push('enter');
    else if (ch === '\x7f' || ch === '\b') keys.push('backspace');
    else if (ch === '\x03' || ch === '\x04') keys.push('quit');
    else if (ch >= ' ') keys.push(ch);
  }
  return keys;
}

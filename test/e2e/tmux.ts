import { execFileSync } from 'node:child_process';
import { onTestFinished } from 'vitest';
import { PROGRAM_RUN_MS } from '../budgets.ts';
import { BIN } from '../cli-run.ts';

/** A program running in a tmux pane: keys in, screen out, as a person at a terminal. */
export class Pane {
  private constructor(readonly name: string) {}

  /** Starts `command` in a new detached session of the given size. */
  static start(name: string, command: string, cwd: string, width = 140, height = 50): Pane {
    try {
      execFileSync('tmux', ['kill-session', '-t', name], { stdio: 'ignore' });
    } catch {
      // no such session: fine
    }
    execFileSync('tmux', ['new-session', '-d', '-s', name, '-x', String(width), '-y', String(height), '-c', cwd, `${command}; echo "[exit $?]"; sleep 600`]);
    return new Pane(name);
  }

  /**
   * Starts `uno-extreme ARGS` in a new session (see {@link start}; 140×50 unless told), killed
   * when the test finishes. The program speaks the language of `lang` (a POSIX locale, LANG):
   * English unless told, whatever the locale of the machine running the tests.
   */
  static program(name: string, args: string, cwd: string, width?: number, height?: number, lang = 'C.UTF-8'): Pane {
    const p = Pane.start(name, `env -u LC_ALL -u LC_MESSAGES LANG=${lang} node ${BIN} ${args}`, cwd, width, height);
    onTestFinished(() => p.kill());
    return p;
  }

  /** The screen as plain text. */
  screen(): string {
    return execFileSync('tmux', ['capture-pane', '-p', '-t', this.name], { encoding: 'utf8' });
  }

  /** Sends keys (tmux key names: `Enter`, `Escape`, `C-c`, or literal text with `literal`). */
  send(keys: string[], literal = false): void {
    execFileSync('tmux', ['send-keys', '-t', this.name, ...(literal ? ['-l'] : []), ...keys]);
  }

  /**
   * Polls the screen until `test` holds (no fixed sleep); throws with the screen after `ms` (a
   * program's start at most: within the test's own budget, so the failure shows the screen).
   */
  async waitFor(test: (screen: string) => boolean, ms = PROGRAM_RUN_MS): Promise<string> {
    const end = Date.now() + ms;
    let s = '';
    while (Date.now() < end) {
      s = this.screen();
      if (test(s)) return s;
      await new Promise((r) => setImmediate(r));
    }
    throw new Error(`screen never matched within ${ms} ms:\n${s}`);
  }

  /** Waits for the screen to change from `before`. */
  changed(before: string, ms = PROGRAM_RUN_MS): Promise<string> {
    return this.waitFor((s) => s !== before, ms);
  }

  /** Resizes the terminal, as a person dragging its window's corner. */
  resize(width: number, height: number): void {
    execFileSync('tmux', ['resize-window', '-t', this.name, '-x', String(width), '-y', String(height)]);
  }

  kill(): void {
    try {
      execFileSync('tmux', ['kill-session', '-t', this.name], { stdio: 'ignore' });
    } catch {
      // already gone
    }
  }
}

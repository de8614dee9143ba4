/**
 * A progress bar with an ETA on standard error, redrawn at most ten times a second.
 */

import { decimal, type CliWords } from '../words/cli.ts';

/** Starts a bar for `total` games (or matches) in the words of `w`; `update(done)` redraws, `done()` clears the line. */
export function progressBar(total: number, w: CliWords, matches = false): { update: (done: number) => void; done: () => void } {
  const start = performance.now();
  let last = 0;
  const width = 30;
  const tty = process.stderr.isTTY;
  const draw = (done: number) => {
    const frac = total ? done / total : 1;
    const secs = (performance.now() - start) / 1000;
    const eta = done > 0 ? (secs / done) * (total - done) : NaN;
    const fmt = (s: number) => (Number.isFinite(s) ? (s >= 60 ? `${Math.floor(s / 60)}m${String(Math.round(s % 60)).padStart(2, '0')}s` : `${decimal(w, s, 1)}s`) : '…');
    const filled = Math.round(frac * width);
    const status = w.t('cli.progress', { percent: (frac * 100).toFixed(0).padStart(3), done: String(done), total: String(total), matches: matches ? 'yes' : 'no', rate: String(Math.round(done / Math.max(secs, 1e-3))), eta: fmt(eta) });
    const line = `[${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${status}`;
    process.stderr.write(tty ? `\r${line}\x1b[K` : `${line}\n`);
  };
  return {
    update: (done) => {
      const now = performance.now();
      if (done < total && now - last < (tty ? 100 : 2000)) return;
      last = now;
      draw(done);
    },
    done: () => {
      if (tty) process.stderr.write('\r\x1b[K');
    },
  };
}

/**
 * A progress bar with an ETA on standard error, redrawn at most ten times a second.
 */

/** Starts a bar for `total` units; `update(done)` redraws, `done()` clears the line. */
export function progressBar(total: number, unit: string): { update: (done: number) => void; done: () => void } {
  const start = performance.now();
  let last = 0;
  const width = 30;
  const tty = process.stderr.isTTY;
  const draw = (done: number) => {
    const frac = total ? done / total : 1;
    const secs = (performance.now() - start) / 1000;
    const eta = done > 0 ? (secs / done) * (total - done) : NaN;
    const fmt = (s: number) => (Number.isFinite(s) ? (s >= 60 ? `${Math.floor(s / 60)}m${String(Math.round(s % 60)).padStart(2, '0')}s` : `${s.toFixed(1)}s`) : '…');
    const filled = Math.round(frac * width);
    const line = `[${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${(frac * 100).toFixed(0).padStart(3)} % ${done}/${total} ${unit} · ${Math.round(done / Math.max(secs, 1e-3))}/s · ETA ${fmt(eta)}`;
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

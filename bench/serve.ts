/**
 * The benchmarks' server: `uno-extreme web --json` of a clone, on a free port, as a person starts
 * it (the page built first when its sources are newer).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

/** `uno-extreme web --json --port 0 ...extra` of the clone at `root`: its address, and the function that stops it. */
export function serveWeb(root: string, extra: string[] = []): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, [path.join(root, 'bin/uno-extreme.js'), 'web', '--json', '--port', '0', ...extra], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((ok, fail) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) ok({ url: (JSON.parse(line) as { url: string }).url, stop: () => child.kill('SIGTERM') });
    });
    child.once('exit', (code) => fail(new Error(`uno-extreme web exited ${code}`)));
  });
}

/**
 * The benchmarks' server: `uno-extreme web --json` of a clone, on a free port, as a person starts
 * it (the page built first when its sources are newer).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

/**
 * `uno-extreme web --json --port 0 ...extra` of the clone at `root`: its address, and the function
 * that stops it, resolved once the server has exited (its last rooms written: a folder removed
 * after it is not removed under the server's feet).
 */
export function serveWeb(root: string, extra: string[] = []): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [path.join(root, 'bin/uno-extreme.js'), 'web', '--json', '--port', '0', ...extra], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return new Promise((ok, fail) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) ok({ url: (JSON.parse(line) as { url: string }).url, stop: () => (child.kill('SIGTERM'), exited) });
    });
    child.once('exit', (code) => fail(new Error(`uno-extreme web exited ${code}`)));
  });
}

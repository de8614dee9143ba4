import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A connected pair of real pseudo-terminals made by socat, with stable link names. */
export interface PtyPair {
  a: string;
  b: string;
  dir: string;
  proc: ChildProcess;
  close(): Promise<void>;
}

/**
 * Starts `socat pty,raw,echo=0,link=A pty,raw,echo=0,link=B` and resolves once both links
 * exist (socat prints its "starting data transfer loop" line then). Rejects if socat is missing.
 */
export function ptyPair(names: [string, string] = ['a', 'b'], dir = mkdtempSync(path.join(tmpdir(), 'uno-pty-'))): Promise<PtyPair> {
  const a = path.join(dir, names[0]);
  const b = path.join(dir, names[1]);
  const proc = spawn('socat', ['-d', '-d', `pty,raw,echo=0,link=${a}`, `pty,raw,echo=0,link=${b}`], { stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    let err = '';
    proc.on('error', (e) => reject(new Error(`socat could not start (${e.message}): apt-get install socat`)));
    proc.stderr!.on('data', (d: Buffer) => {
      err += d.toString();
      if (/starting data transfer loop/.test(err) && existsSync(a) && existsSync(b)) {
        resolve({
          a, b, dir, proc,
          close: () => new Promise<void>((r) => {
            if (proc.exitCode !== null) return r();
            proc.once('exit', () => r());
            proc.kill();
          }),
        });
      }
    });
    proc.on('exit', (code) => reject(new Error(`socat exited (${code}): ${err}`)));
  });
}

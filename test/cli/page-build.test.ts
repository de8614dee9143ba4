/**
 * The page a user builds (web/dist) is readable by every user who may run the program: its build
 * folder comes from mkdtemp, which makes it 0700, and would otherwise be served by nobody else.
 */
import { mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readableByAll } from '../../cli/web.ts';

describe('the page build', () => {
  it('leaves its folders and files readable by all, as the umask allows', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'uno-page-'));
    mkdirSync(path.join(dir, 'assets'), { mode: 0o700 });
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html>', { mode: 0o600 });
    writeFileSync(path.join(dir, 'assets', 'index.js'), '', { mode: 0o600 });
    readableByAll(dir);
    const mask = process.umask();
    const mode = (p: string) => statSync(path.join(dir, p)).mode & 0o777;
    expect([mode('.'), mode('assets'), mode('index.html'), mode('assets/index.js')]).toEqual([0o777 & ~mask, 0o777 & ~mask, 0o666 & ~mask, 0o666 & ~mask]);
    // The usual umask: 0755 folders, 0644 files.
    if (mask === 0o022) expect([mode('.'), mode('index.html')]).toEqual([0o755, 0o644]);
  });
});

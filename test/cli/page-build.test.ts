/**
 * The page a user builds (web/dist) is readable by every user who may run the program: its build
 * folder comes from mkdtemp, which makes it 0700, and would otherwise be served by nobody else.
 * It is built again when a file it was built from changes, by the build's own list of them.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageIsFresh, readableByAll, WEB_DIST } from '../../cli/web.ts';

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

  it('lists what it was built from, the workers\' modules, table/ and the firmware among them', () => {
    const list = JSON.parse(readFileSync(path.join(WEB_DIST, '.sources.json'), 'utf8')) as string[];
    for (const f of ['web/index.html', 'web/vite.config.ts', 'table/search.ts', 'table/session.ts', 'web/src/search/worker.ts', 'web/src/device/worker.ts', 'firmware-bridge/avr/board.ts', 'firmware-bridge/firmware/uno_extreme_launcher.hex', 'firmware-bridge/firmware/uno_extreme_launcher/motor.cpp'])
      expect(list, f).toContain(f);
    expect(list.some((f) => f.includes('node_modules') || path.isAbsolute(f))).toBe(false);
  });

  it('is stale when a listed file is newer or gone, when its list or compressed forms are missing; fresh otherwise', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'uno-fresh-'));
    const dist = path.join(root, 'dist');
    mkdirSync(path.join(root, 'table'));
    mkdirSync(dist);
    const at = (f: string, s: number) => utimesSync(path.join(root, f), s, s);
    for (const f of ['a.ts', 'table/b.ts']) (writeFileSync(path.join(root, f), ''), at(f, 1000));
    for (const f of ['index.html', 'index.html.br']) (writeFileSync(path.join(dist, f), ''), at(`dist/${f}`, 2000));
    writeFileSync(path.join(dist, '.sources.json'), JSON.stringify(['a.ts', 'table/b.ts']));
    expect(pageIsFresh(dist, root, false)).toBe(true);
    at('table/b.ts', 3000);
    expect(pageIsFresh(dist, root, false)).toBe(false);
    at('table/b.ts', 1000);
    rmSync(path.join(root, 'a.ts'));
    expect(pageIsFresh(dist, root, false)).toBe(false);
    writeFileSync(path.join(root, 'a.ts'), '');
    at('a.ts', 1000);
    expect(pageIsFresh(dist, root, false)).toBe(true);
    rmSync(path.join(dist, 'index.html.br'));
    expect(pageIsFresh(dist, root, false)).toBe(false);
    // The installed package's page, built at pack time, is taken as it is.
    expect(pageIsFresh(dist, root, true)).toBe(true);
    writeFileSync(path.join(dist, 'index.html.br'), '');
    at('dist/index.html.br', 2000);
    writeFileSync(path.join(dist, '.sources.json'), '["a.ts", 7]');
    expect(pageIsFresh(dist, root, false)).toBe(false);
    rmSync(root, { recursive: true, force: true });
  });
});

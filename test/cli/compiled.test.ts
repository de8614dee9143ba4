/**
 * The program compiled once per version of its sources (lib/compiled.js, what bin/uno-extreme.js
 * starts): each module keeps its own import.meta.url, relative to the built module so that a
 * build works wherever it is copied, an edited source is built again, a file it newly imports is
 * watched from then on, a source that uses more of import.meta is refused, the package's build
 * (made at `npm pack`) is what runs where the sources are not shipped, and the real program runs
 * from the compiled module.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BuildError, compiled, prebuild } from '../../lib/compiled.js';
import { run } from '../cli-run.ts';

/**
 * A project of two modules: `a.ts` imports `lib/b.ts`, which says where it is. In a folder
 * named node_modules, as where npm installs a package: its modules are the project's own all the same.
 */
function project(): string {
  const root = path.join(mkdtempSync(path.join(tmpdir(), 'uno-compiled-')), 'node_modules', 'project');
  mkdirSync(path.join(root, 'lib'), { recursive: true });
  writeFileSync(path.join(root, 'a.ts'), "import { where } from './lib/b.ts';\nexport const said: string[] = [where()];\n");
  writeFileSync(path.join(root, 'lib', 'b.ts'), 'export const where = (): string => import.meta.url;\n');
  return root;
}

describe('the compiled program', () => {
  it('keeps each module\'s own import.meta.url, and builds again when a source changes, or a file it newly imports', async () => {
    const root = project();
    const first = await compiled('a.ts', root);
    const b = path.join(root, 'lib', 'b.ts');
    expect((await import(first)).said).toEqual([pathToFileURL(b).href]);
    // Unchanged sources: the same build, not built again.
    expect(await compiled('a.ts', root)).toBe(first);
    // A build whose folder was deleted (the cache cleaned by hand) is made again, not named.
    rmSync(path.dirname(fileURLToPath(first)), { recursive: true });
    expect((await import(`${await compiled('a.ts', root)}?again`)).said).toEqual([pathToFileURL(b).href]);
    writeFileSync(b, "export const where = (): string => 'edited';\n");
    const second = await compiled('a.ts', root);
    expect(second).not.toBe(first);
    expect((await import(second)).said).toEqual(['edited']);
    // A file the edited source now imports is one of the build's sources from then on.
    writeFileSync(path.join(root, 'lib', 'c.ts'), "export const c = 'c1';\n");
    writeFileSync(b, "import { c } from './c.ts';\nexport const where = (): string => c;\n");
    expect((await import(await compiled('a.ts', root))).said).toEqual(['c1']);
    writeFileSync(path.join(root, 'lib', 'c.ts'), "export const c = 'c2';\n");
    expect((await import(await compiled('a.ts', root))).said).toEqual(['c2']);
  });

  it('refuses a source that uses import.meta other than its url, naming it, rather than build a module that would say the wrong place', async () => {
    const root = project();
    writeFileSync(path.join(root, 'lib', 'b.ts'), 'export const where = (): string => import.meta.dirname;\n');
    const e = await compiled('a.ts', root).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(BuildError);
    expect((e as Error).message).toMatch(/^cannot build a\.ts: lib\/b\.ts:1 uses import\.meta other than its url/);
  });

  it('runs the package\'s build where the sources are not shipped, wherever the package was copied', async () => {
    const root = project();
    expect(await prebuild(['a.ts'], root)).toEqual({ 'a.ts': { atStart: [], later: [] } });
    // The package as npm installs it elsewhere: the build and not the TypeScript.
    const installed = path.join(mkdtempSync(path.join(tmpdir(), 'uno-installed-')), 'node_modules', 'project');
    cpSync(path.join(root, 'dist'), path.join(installed, 'dist'), { recursive: true });
    const built = await compiled('a.ts', installed);
    expect(built).toBe(pathToFileURL(path.join(installed, 'dist', 'a', 'a.mjs')).href);
    expect((await import(built)).said).toEqual([pathToFileURL(path.join(installed, 'lib', 'b.ts')).href]);
    // Neither sources nor a build: said, not loaded through tsx.
    rmSync(path.join(installed, 'dist'), { recursive: true });
    await expect(compiled('a.ts', installed)).rejects.toThrow(BuildError);
  });

  it('loads a package that only a part imported with import() needs when that part runs, not at the start', async () => {
    const root = project();
    writeFileSync(path.join(root, 'a.ts'), "export const later = () => import('./lib/board.ts');\nexport const said = 'started';\n");
    // A package that is nowhere: the start would fail if the entry's module imported it.
    writeFileSync(path.join(root, 'lib', 'board.ts'), "import { open } from 'no-such-board-package';\nexport const board = open;\n");
    const entry = await import(await compiled('a.ts', root));
    expect(entry.said).toBe('started');
    await expect(entry.later()).rejects.toThrow(/no-such-board-package/);
    expect(await prebuild(['a.ts'], root)).toEqual({ 'a.ts': { atStart: [], later: ['no-such-board-package'] } });
  });

  it('is what the program runs: a start after the build lists the CLI\'s sources and finds its files beside them', () => {
    const r = run('launcher', '--presses', '1', '--seed', '1', '--json');
    expect([r.status, r.stderr]).toEqual([0, '']);
    const list = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../node_modules/.cache/uno-extreme/main.json'), 'utf8')) as { files: string[] };
    expect(list.files).toEqual(expect.arrayContaining(['cli/main.ts', 'firmware-bridge/avr/firmware.ts', 'sim/simulate.ts']));
    // The version comes from package.json, found from cli/main.ts's own import.meta.url.
    expect(run('--version').stdout).toBe(`uno-extreme ${(JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string }).version}\n`);
  });
});

/**
 * The page stands on the shared layers, never on the terminal's: nothing the page loads, however
 * indirectly, comes from cli/; table/ (the match session every front end shares) imports no
 * front end; and game night's server (rooms/) imports none either. Read from the sources' import statements, followed file to file.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** The repository files `file` imports (relative imports, workers included; packages left out). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [
    ...text.matchAll(/^\s*(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]/gm),
    ...text.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm),
    ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
    ...text.matchAll(/new URL\(\s*['"]([^'"]+)['"]\s*,\s*import\.meta\.url\s*\)/g),
  ].map((m) => m[1]);
  return specs.filter((s) => s.startsWith('.')).map((s) => path.resolve(path.dirname(file), s));
}

/** Every repository file reachable from `entries` through imports. */
function reachable(entries: string[]): Map<string, string> {
  const from = new Map<string, string>(entries.map((e) => [e, '(entry)']));
  const todo = [...entries];
  while (todo.length) {
    const file = todo.pop()!;
    if (!/\.(ts|tsx)$/.test(file)) continue;
    for (const dep of importsOf(file)) {
      if (from.has(dep)) continue;
      from.set(dep, file);
      todo.push(dep);
    }
  }
  return from;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && /\.(ts|tsx)$/.test(d.name))
    .map((d) => path.join(d.parentPath, d.name));
}

/** The files under `dir` among `files`, each with the file that imports it. */
function under(files: Map<string, string>, dir: string): string[] {
  const prefix = path.join(root, dir) + path.sep;
  return [...files].filter(([f]) => f.startsWith(prefix)).map(([f, by]) => `${path.relative(root, f)} (imported by ${path.relative(root, by)})`);
}

describe('the import graph', () => {
  it('the page loads nothing from cli/', () => {
    const page = reachable([...sources(path.join(root, 'web/src')), path.join(root, 'web/vite.config.ts'), path.join(root, 'web/firmware.ts')]);
    // The page does reach the shared layers (this test follows imports at all).
    expect(under(page, 'table').length).toBeGreaterThan(0);
    expect(under(page, 'game').length).toBeGreaterThan(0);
    expect(under(page, 'cli')).toEqual([]);
  });

  it('table/ imports no front end (cli/, web/)', () => {
    const table = reachable(sources(path.join(root, 'table')));
    expect(under(table, 'game').length).toBeGreaterThan(0);
    expect([...under(table, 'cli'), ...under(table, 'web')]).toEqual([]);
  });

  it("game night's server (rooms/) imports no front end: the Host check is handed in, no cycle with cli/", () => {
    const rooms = reachable(sources(path.join(root, 'rooms')));
    expect(under(rooms, 'table').length).toBeGreaterThan(0);
    expect([...under(rooms, 'cli'), ...under(rooms, 'web')]).toEqual([]);
    // The page reaches the server's messages for their type alone, and its refusal: no Node code.
    const page = reachable(sources(path.join(root, 'web/src')));
    expect(under(page, 'rooms').map((f) => f.split(' ')[0]).sort()).toEqual(['rooms/messages.ts', 'rooms/refused.ts']);
  });

  it('finds an import of cli/ where there is one', () => {
    // The check itself: the terminal's entry reaches cli/play/.
    expect(under(reachable([path.join(root, 'cli/play.ts')]), 'cli/play').length).toBeGreaterThan(0);
  });
});

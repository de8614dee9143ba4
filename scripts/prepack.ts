/**
 * `npm pack`'s prepack (and `npm publish`'s): what the installed package runs, built here once so
 * that it compiles nothing at run time and never writes into its own folder. The program and the
 * simulation's worker are bundled into dist/ (lib/compiled.js, the same bundling a clone's start
 * does into its cache), and the page into web/dist when it is older than its sources. The package
 * ships these and no TypeScript (package.json's `files`): that is how the program tells it is
 * installed.
 *
 * A build whose modules import a package that is not one of package.json's `dependencies` is
 * refused: the installed program, which has only those, would fail on it.
 */
import { readFileSync } from 'node:fs';
import { ensurePageBuilt } from '../cli/web.ts';
import { prebuild } from '../lib/compiled.js';

/** The entries the installed package starts: the program, each simulation worker thread, each thread of the rooms' search bots. */
const ENTRIES = ['cli/main.ts', 'sim/worker.ts', 'cli/search-worker.ts'];

/**
 * Packages the built modules import only on a clone's paths, never in the installed package:
 * esbuild builds the program, Vite the page, tsx loads the sources where neither is built.
 */
const CLONE_ONLY = new Set(['esbuild', 'vite', 'tsx']);

/** The package an import names: `@scope/name` or `name`, without a path inside it. */
const packageOf = (spec: string): string => spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/');

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { dependencies?: Record<string, string> };
const say = (line: string): void => void process.stderr.write(`prepack: ${line}\n`);
await ensurePageBuilt(say);
const imported = await prebuild(ENTRIES);
const names = (specs: string[]): string[] => [...new Set(specs.map(packageOf))].filter((p) => !CLONE_ONLY.has(p)).sort();
const needed = names(Object.values(imported).flatMap((i) => [...i.atStart, ...i.later]));
const missing = needed.filter((p) => !pkg.dependencies?.[p]);
if (missing.length > 0) {
  say(`the built program imports ${missing.join(', ')}, which ${missing.length === 1 ? 'is' : 'are'} not in package.json's dependencies: the installed package would fail on ${missing.length === 1 ? 'it' : 'them'}`);
  process.exit(1);
}
for (const [entry, i] of Object.entries(imported)) say(`built ${entry} into dist/: it imports ${names(i.atStart).join(', ') || 'no package'} at its start, ${names(i.later).join(', ') || 'none'} later`);

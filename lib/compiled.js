// The program's TypeScript compiled into ES modules: in a clone, once per version of its sources,
// kept in node_modules/.cache/uno-extreme; in the package npm installs, once at `npm pack`
// (prepack: scripts/prepack.ts), into dist/. A start then loads plain JavaScript instead of running
// every module through tsx's loader (about a second more, at every start). Plain JavaScript, as
// heap.js: bin/uno-extreme.js loads it before any TypeScript.
//
// A build is a folder: the entry's module, and one module (a chunk) for each part that the code
// imports with `import()`. A package such as serialport or Johnny-Five is imported by the chunk
// that needs it, so it is loaded only when that part runs (a device opened), not at every start.
//
// In a clone, beside the folder, a list of the files it was built from and a hash of their bytes
// (and of this file's): a start hashes those files again, and builds afresh when one changed (an
// edited file that now imports a new one changes the hash, and the new build lists the new file);
// a new build removes the older ones.
//
// Each module keeps its own `import.meta.url`, written in as the source file's address relative
// to the built module's own (`new URL("../../cli/main.ts", <the built module's URL>).href`), so
// the files the program finds beside its sources (package.json, the firmware's hex, the page, the
// simulation's worker) are found from the built module too, wherever the package is copied. That
// is the only part of `import.meta` a built module may use: a build whose modules use another
// (`dirname`, `filename`, `resolve`, …) is refused, naming the source files.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
/** This file's own text: a build by an older version of it is not this version's. */
const SELF = readFileSync(new URL(import.meta.url));
/** Where `npm pack` puts the built program in the package (scripts/prepack.ts): one folder per entry. */
export const PREBUILT = 'dist';

/**
 * A build that must not be replaced by loading the sources through tsx: the package's prebuilt
 * program is missing (an installed package has no sources to fall back to), or the sources use
 * something of `import.meta` that a built module cannot keep. The message says what to do.
 */
export class BuildError extends Error {
  name = 'BuildError';
}

/** sha1 of the files (relative to `root`), each name then its bytes; null when one is gone. */
function hashOf(root, files) {
  const h = createHash('sha1').update(SELF);
  try {
    for (const f of files) h.update(`${f}\n`).update(readFileSync(path.join(root, f)));
  } catch {
    return null;
  }
  return h.digest('hex');
}

/**
 * The built module's own address, as each built module's first line names it (esbuild's banner):
 * a name no module of the project uses, which esbuild therefore gives nothing else.
 */
const MODULE_URL = '__unoExtremeModuleUrl';

/**
 * Replaces `import.meta.url` in each of the project's own modules (inside `root`, outside
 * root/node_modules) by its source file's address relative to `outDir`, where the built modules go.
 */
function ownImportMeta(root, outDir) {
  const deps = path.join(root, 'node_modules') + path.sep;
  return {
    name: 'own-import-meta',
    setup(build) {
      build.onLoad({ filter: /\.[cm]?[jt]s$/ }, (args) => {
        const rel = path.relative(root, args.path);
        if (rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel) || args.path.startsWith(deps)) return undefined;
        const href = path.relative(outDir, args.path).split(path.sep).map(encodeURIComponent).join('/');
        const text = readFileSync(args.path, 'utf8').replace(/\bimport\.meta\.url\b/g, `new URL(${JSON.stringify(href)}, ${MODULE_URL}).href`);
        return { contents: text, loader: /\.[cm]?ts$/.test(args.path) ? 'ts' : 'js' };
      });
    },
  };
}

/**
 * `entry` (relative to `root`) bundled with the project's modules it imports, the packages left
 * to node_modules, for modules that will sit in `outDir`: the files it was built from (relative to
 * `root`), the packages its modules import (loaded at the start, or later by a part imported with
 * `import()`), and the modules (name and bytes). Throws a {@link BuildError} when a module uses
 * `import.meta` other than its `url`.
 */
async function bundle(entry, root, outDir) {
  const name = path.basename(entry).replace(/\.[cm]?ts$/, '');
  const { build } = await import('esbuild');
  let result;
  try {
    result = await build({
      entryPoints: { [name]: path.join(root, entry) }, bundle: true, splitting: true, platform: 'node', format: 'esm', target: 'node20',
      outdir: outDir, outExtension: { '.js': '.mjs' }, chunkNames: 'chunk-[hash]',
      packages: 'external', write: false, metafile: true, absWorkingDir: root, logLevel: 'silent', plugins: [ownImportMeta(root, outDir)],
      // Spelt with ['url'] here: this file is bundled too, and what the plugin matches is rewritten in it.
      banner: { js: `const ${MODULE_URL} = import.meta['url'];` },
      // What is left of import.meta once the plugin has done is what a module may not use: esbuild
      // is told there is none, and asked to fail where one is used (an error, not a warning,
      // which it would hide in a project that sits in a node_modules folder).
      supported: { 'import-meta': false }, logOverride: { 'empty-import-meta': 'error' },
    });
  } catch (e) {
    const meta = (e.errors ?? []).filter((m) => m.id === 'empty-import-meta');
    if (meta.length === 0) throw e;
    const where = [...new Set(meta.map((m) => (m.location ? `${m.location.file}:${m.location.line}` : '?')))].join(', ');
    throw new BuildError(`cannot build ${entry}: ${where} ${meta.length === 1 ? 'uses' : 'use'} import.meta other than its url, which a built module cannot keep for its source: find the file from the url instead (new URL(path, the url), then fileURLToPath)`);
  }
  const files = Object.keys(result.metafile.inputs).sort();
  const modules = result.outputFiles.map((f) => ({ name: path.basename(f.path), contents: f.contents }));
  // The packages loaded at the start are those the entry's module and the chunks it imports
  // with `import` statements import; the rest are loaded by a part when it runs.
  const outputs = result.metafile.outputs;
  const atStart = new Set();
  const seen = new Set();
  const visit = (out) => {
    if (seen.has(out)) return;
    seen.add(out);
    for (const i of outputs[out].imports) {
      if (i.kind !== 'import-statement' || i.path.startsWith('node:')) continue;
      if (i.external) atStart.add(i.path);
      else visit(i.path);
    }
  };
  visit(Object.keys(outputs).find((o) => outputs[o].entryPoint));
  const all = new Set(Object.values(outputs).flatMap((o) => o.imports).filter((i) => i.external && !i.path.startsWith('node:')).map((i) => i.path));
  const packages = { atStart: [...atStart].sort(), later: [...all].filter((p) => !atStart.has(p)).sort() };
  return { name, files, packages, modules };
}

/** Writes `modules` into a new folder `tmp` (made readable by all, as the umask allows). */
function writeModules(tmp, modules) {
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  for (const m of modules) writeFileSync(path.join(tmp, m.name), m.contents);
}

/**
 * The URL of `entry` (a TypeScript file, relative to `root`, the project unless a test gives
 * another) built with what it imports, the packages left to node_modules.
 *
 * Which build: the entry's source file tells. A clone has it, and then its build in the cache is
 * used, made when the cache has no build of the sources as they are now, so an edit is never
 * run from an older build. The package npm installs has no TypeScript (package.json's `files`):
 * its program was built once at `npm pack` into dist/, and nothing is built or written in the
 * package folder, which may be read-only (a global install, a container image). dist/ being
 * there does not tell: a clone that has run `npm pack` has one, as old as that pack.
 *
 * In a clone, throws when it cannot be built (esbuild missing, a cache it cannot write): the
 * caller then loads the sources through tsx. Throws a {@link BuildError}, which the caller
 * passes on, when the package's build is missing or the sources cannot be built as they are.
 */
export async function compiled(entry, root = REPO) {
  const name = path.basename(entry).replace(/\.[cm]?ts$/, '');
  if (!existsSync(path.join(root, entry))) {
    const built = path.join(root, PREBUILT, name, `${name}.mjs`);
    if (existsSync(built)) return pathToFileURL(built).href;
    throw new BuildError(`this copy of uno-extreme has neither ${entry} nor its build (${built}): install the package again, or run it from a clone`);
  }
  const cache = path.join(root, 'node_modules', '.cache', 'uno-extreme');
  const listFile = path.join(cache, `${name}.json`);
  try {
    const { files, hash } = JSON.parse(readFileSync(listFile, 'utf8'));
    const built = path.join(cache, `${name}-${hash.slice(0, 12)}`, `${name}.mjs`);
    if (hashOf(root, files) === hash && existsSync(built)) return pathToFileURL(built).href;
  } catch {
    // No build yet, or a list from another layout: build.
  }
  // Every build folder sits at the same depth in the cache, so the addresses written in for one
  // hold for any: the folder is named after the hash of the files, known only once it is built.
  const { files, modules } = await bundle(entry, root, path.join(cache, `${name}-hash`));
  const hash = hashOf(root, files);
  if (!hash) throw new Error(`a source of ${entry} went away while it was compiled`);
  const out = path.join(cache, `${name}-${hash.slice(0, 12)}`);
  // Another start may build the same sources at the same time: each writes a whole folder and
  // renames it into place; the one that comes second finds it there and uses it.
  const tmp = `${out}.${process.pid}.tmp`;
  writeModules(tmp, modules);
  try {
    renameSync(tmp, out);
  } catch {
    rmSync(tmp, { recursive: true, force: true });
  }
  writeFileSync(`${listFile}.${process.pid}.tmp`, JSON.stringify({ files, hash }));
  renameSync(`${listFile}.${process.pid}.tmp`, listFile);
  for (const f of readdirSync(cache)) {
    if (f.startsWith(`${name}-`) && !f.endsWith('.tmp') && f !== path.basename(out)) rmSync(path.join(cache, f), { recursive: true, force: true });
  }
  return pathToFileURL(path.join(out, `${name}.mjs`)).href;
}

/**
 * Builds each of `entries` (relative to `root`) into root/dist/NAME/ for the package (`npm pack`
 * runs it): the whole of dist/ is written beside it and renamed into place, so a pack running at
 * the same time never reads half of one, and a clone's own runs, which use the cache, never read
 * it. Returns, for each entry, the packages its modules import: those loaded at its start, and
 * those loaded `later`, by a part that runs (`import()`).
 */
export async function prebuild(entries, root = REPO) {
  const dist = path.join(root, PREBUILT);
  const tmp = `${dist}.${process.pid}.tmp`;
  rmSync(tmp, { recursive: true, force: true });
  const packages = {};
  for (const entry of entries) {
    const b = await bundle(entry, root, path.join(dist, path.basename(entry).replace(/\.[cm]?ts$/, '')));
    writeModules(path.join(tmp, b.name), b.modules);
    packages[entry] = b.packages;
  }
  const old = `${dist}.${process.pid}.old`;
  if (existsSync(dist)) renameSync(dist, old);
  renameSync(tmp, dist);
  rmSync(old, { recursive: true, force: true });
  return packages;
}

/**
 * Where a worker thread that runs `entry` (a TypeScript file, relative to `root`) starts: its build
 * ({@link compiled}), so that a worker starts in milliseconds instead of compiling every module
 * again; or, in a clone where it cannot be built, ts-worker.js loading the source through tsx
 * (its URL given as the worker's argument: `new Worker(url, { argv })`). A {@link BuildError}
 * (the package's build missing) is passed on.
 */
export async function workerStart(entry, root = REPO) {
  try {
    return { url: new URL(await compiled(entry, root)), argv: [] };
  } catch (e) {
    if (e instanceof BuildError) throw e;
    return { url: new URL('./ts-worker.js', import.meta.url), argv: [pathToFileURL(path.join(root, entry)).href] };
  }
}

// The program's TypeScript compiled into ES modules, once per version of its sources, kept in
// node_modules/.cache/uno-extreme: a start then loads plain JavaScript instead of running every
// module through tsx's loader (about a second more, at every start). Plain JavaScript, as heap.js:
// bin/uno-extreme.js loads it before any TypeScript.
//
// A build is a folder: the entry's module, and one module (a chunk) for each part that the code
// imports with `import()`. A package such as serialport or Johnny-Five is imported by the chunk
// that needs it, so it is loaded only when that part runs (a device opened), not at every start.
//
// Beside the folder, a list of the files it was built from and a hash of their bytes (and of this
// file's): a start hashes those files again, and builds afresh when one changed (an edited file
// that now imports a new one changes the hash, and the new build lists the new file); a new build
// removes the older ones. Each module keeps its own
// `import.meta.url`, `import.meta.dirname` and `import.meta.filename`, written in as the source
// file's, so the files the program finds beside its sources (the firmware's hex, the page, the
// simulation's worker) are found from the compiled module too.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
/** This file's own text: a build by an older version of it is not this version's. */
const SELF = readFileSync(new URL(import.meta.url));

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

/** Replaces `import.meta.*` in each of the repository's own modules by what it is for that source file. */
const ownImportMeta = {
  name: 'own-import-meta',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?[jt]s$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const text = readFileSync(args.path, 'utf8')
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path));
      return { contents: text, loader: /\.[cm]?ts$/.test(args.path) ? 'ts' : 'js' };
    });
  },
};

/**
 * The URL of `entry` (a TypeScript file, relative to `root`, the repository unless a test gives
 * another) compiled with what it imports, the packages left to node_modules; built when the cache
 * has no build of the sources as they are now. Throws when it cannot be built (esbuild missing, a
 * cache it cannot write): the caller then loads the sources through tsx.
 */
export async function compiled(entry, root = REPO) {
  const cache = path.join(root, 'node_modules', '.cache', 'uno-extreme');
  const name = path.basename(entry).replace(/\.[cm]?ts$/, '');
  const listFile = path.join(cache, `${name}.json`);
  try {
    const { files, hash } = JSON.parse(readFileSync(listFile, 'utf8'));
    const built = path.join(cache, `${name}-${hash.slice(0, 12)}`, `${name}.mjs`);
    if (hashOf(root, files) === hash && existsSync(built)) return pathToFileURL(built).href;
  } catch {
    // No build yet, or a list from another layout: build.
  }
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: { [name]: path.join(root, entry) }, bundle: true, splitting: true, platform: 'node', format: 'esm', target: 'node20',
    outdir: '/', outExtension: { '.js': '.mjs' }, chunkNames: 'chunk-[hash]',
    packages: 'external', write: false, metafile: true, absWorkingDir: root, logLevel: 'silent', plugins: [ownImportMeta],
  });
  const files = Object.keys(result.metafile.inputs).sort();
  const hash = hashOf(root, files);
  if (!hash) throw new Error(`a source of ${entry} went away while it was compiled`);
  const out = path.join(cache, `${name}-${hash.slice(0, 12)}`);
  // Another start may build the same sources at the same time: each writes a whole folder and
  // renames it into place; the one that comes second finds it there and uses it.
  const tmp = `${out}.${process.pid}.tmp`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  for (const f of result.outputFiles) writeFileSync(path.join(tmp, path.basename(f.path)), f.contents);
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

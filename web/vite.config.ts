/**
 * The browser game's build: the page in web/ with the engine (game/) and the launcher machine
 * (emulator/) bundled from their sources as they are. Everything the page needs ends up in
 * web/dist (git-ignored), which `uno-extreme web` serves; nothing is fetched at run time.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { firmwareFiles } from '../firmware-bridge/avr/firmware.ts';
import { launcherFirmware } from './firmware.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = fileURLToPath(new URL('..', import.meta.url));

/** The files of the repository the page and its workers were built from, gathered over the builds. */
const sources = new Set<string>();

/**
 * Writes beside the build, as `.sources.json`, every file of the repository it was built from: the
 * modules of the page and of its workers, the firmware its plugin reads, this config. `uno-extreme
 * web` builds the page again when one of them is newer than the build or gone; a file that joins
 * later does so through an edit of one of them. The list is the build's own, never kept by hand.
 */
function buildSources(main: boolean): Plugin {
  return {
    name: 'uno-extreme-build-sources',
    buildStart() {
      if (main) sources.clear();
    },
    buildEnd() {
      for (const id of this.getModuleIds()) {
        const file = id.split('?')[0];
        if (path.isAbsolute(file) && file.startsWith(root) && !file.includes(`${path.sep}node_modules${path.sep}`)) sources.add(path.relative(root, file));
      }
    },
    writeBundle(options) {
      if (!main || !options.dir) return;
      // Read by plugins rather than imported: this config, the firmware's hex, map and sketch, and
      // the files copied as they are (public/: the manifest, the icon).
      const pub = path.join(here, 'public');
      const copied = existsSync(pub) ? readdirSync(pub).map((f) => path.join(pub, f)) : [];
      for (const f of [fileURLToPath(import.meta.url), ...firmwareFiles(), ...copied]) sources.add(path.relative(root, f));
      writeFileSync(path.join(options.dir, '.sources.json'), `${JSON.stringify([...sources].sort(), null, 1)}\n`);
    },
  };
}

export default defineConfig({
  root: here,
  // Relative URLs: the built page works from any path the server mounts it at.
  base: './',
  logLevel: 'warn',
  plugins: [launcherFirmware(), buildSources(true)],
  // The virtual launcher's worker imports modules: an ES module worker (Chromium, Firefox, Safari 15+).
  worker: { format: 'es', plugins: () => [launcherFirmware(), buildSources(false)] },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // One file per kind: the page is small, and a single request each keeps first render short.
    assetsInlineLimit: 0,
    reportCompressedSize: false,
  },
  server: { fs: { allow: [fileURLToPath(new URL('..', import.meta.url))] } },
});

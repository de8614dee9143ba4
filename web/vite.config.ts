/**
 * The browser game's build: the page in web/ with the engine (game/) and the launcher machine
 * (emulator/) bundled from their sources as they are. Everything the page needs ends up in
 * web/dist (git-ignored), which `uno-extreme web` serves; nothing is fetched at run time.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: here,
  // Relative URLs: the built page works from any path the server mounts it at.
  base: './',
  logLevel: 'warn',
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

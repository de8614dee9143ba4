/**
 * `uno-extreme web` as a user runs it: where it says the game is, what it serves (the built page
 * only, with a policy that lets it load nothing from elsewhere), and its mistakes in one line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../cli-run.ts';
import { startWeb, type WebServer } from '../browser/web.ts';
import { PAGE_START_MS, PROGRAM_RUN_MS } from '../budgets.ts';

describe('uno-extreme web', () => {
  let server: WebServer;
  beforeAll(async () => {
    delete process.env.DISPLAY;
    delete process.env.WAYLAND_DISPLAY;
    // No display: --open has no browser to open here, and says so.
    server = await startWeb(['--open']);
  }, PAGE_START_MS);
  afterAll(async () => {
    await server?.stop();
  });

  it('says how it is used', () => {
    const r = run('web', '--help');
    expect(r.status).toBe(0);
    for (const o of ['--port N', '--host', '--open', '--json']) expect(r.stdout).toContain(o);
    expect(run('--help').stdout).toMatch(/^ {2}web {2,}play UNO Extreme in the browser/m);
  }, 2 * PROGRAM_RUN_MS);

  it('says when there is no browser to open', async () => {
    await expect.poll(() => server.stderr()).toContain(`No browser to open here (no display, or no xdg-open): open ${server.url} yourself`);
  });

  it('serves the built page and its assets on 127.0.0.1, nothing else', async () => {
    expect(new URL(server.url).hostname).toBe('127.0.0.1');
    const page = await fetch(server.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/^default-src 'self';/);
    const html = await page.text();
    const assets = [...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+)"/g)].map((m) => m[1]);
    expect(assets.some((a) => a.endsWith('.js')) && assets.some((a) => a.endsWith('.css'))).toBe(true);
    for (const a of assets) {
      const r = await fetch(new URL(a, server.url));
      expect(r.status, a).toBe(200);
      expect(r.headers.get('cache-control')).toContain('immutable');
      // Nothing the page loads names another origin to fetch from.
      expect(await r.text()).not.toMatch(/(?:import|fetch)\(\s*["']https?:/);
    }
    expect((await fetch(new URL('/nope.js', server.url))).status).toBe(404);
    expect((await fetch(server.url, { method: 'POST' })).status).toBe(405);
  });

  it('refuses a port in use and a malformed port in one line each', () => {
    const port = new URL(server.url).port;
    const busy = run('web', '--port', port);
    expect(busy.status).toBe(1);
    expect(busy.stderr.trim()).toBe(`uno-extreme web: port ${port} is in use: choose another with --port N, or leave --port out for a free one`);
    const bad = run('web', '--port', 'eighty');
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim()).toBe('uno-extreme web: --port must be a whole number, got "eighty"');
  }, 2 * PROGRAM_RUN_MS);

  it('stops cleanly on SIGTERM', async () => {
    const other = await startWeb();
    const exited = new Promise<number | null>((ok) => other.child.once('exit', (code) => ok(code)));
    other.child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});

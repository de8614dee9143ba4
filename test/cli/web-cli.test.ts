/**
 * `uno-extreme web` as a user runs it: where it says the game is, what it serves (the built page
 * only, with a policy that lets it load nothing from elsewhere), and its mistakes in one line.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { handler, ownHosts } from '../../cli/http.ts';
import { DEFAULT_PORT, WEB_DIST } from '../../cli/web.ts';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { WebSocket } from 'ws';
import type { ServerMessage } from '../../table/roomMessages.ts';
import { run } from '../cli-run.ts';
import { rawRequest, startWeb, statusOf, type WebServer } from '../browser/web.ts';
import { PAGE_START_MS, PROGRAM_RUN_MS } from '../budgets.ts';

/** A rooms folder of the test's own, removed after it. */
function rooms(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'web-cli-rooms-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('uno-extreme web', () => {
  let server: WebServer;
  beforeAll(async () => {
    vi.stubEnv('DISPLAY', undefined);
    vi.stubEnv('WAYLAND_DISPLAY', undefined);
    // No display: --open has no browser to open here, and says so.
    server = await startWeb(['--open']);
  }, PAGE_START_MS);
  afterAll(async () => {
    await server?.stop();
    // Put back for the files run after this one in the same worker.
    vi.unstubAllEnvs();
  });

  it('says how it is used', () => {
    const r = run('web', '--help');
    expect(r.status).toBe(0);
    for (const o of ['--port N', '--host', '--open', '--json']) expect(r.stdout).toContain(o);
    expect(r.stdout).toContain(`default: ${DEFAULT_PORT}, the same at every start`);
    expect(run('--help').stdout).toMatch(/^ {2}web {2,}play UNO Extreme in the browser/m);
  }, 2 * PROGRAM_RUN_MS);

  it('says when there is no browser to open', async () => {
    await expect.poll(() => server.said()).toContain(`No browser to open here (no display, or no xdg-open): open ${server.url} yourself`);
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

  it('sends the page compressed as the browser takes it (Brotli, gzip or none), made at the build, with Vary', async () => {
    const html = await (await fetch(server.url)).text();
    const script = /src="\.\/(assets\/[^"]+\.js)"/.exec(html)![1];
    const raw = readFileSync(path.join(WEB_DIST, script));
    const port = new URL(server.url).port;
    const get = async (accept: string | null, method = 'GET') => {
      const answer = Buffer.from(await rawRequest(server.url, `${method} /${script} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${accept === null ? '' : `Accept-Encoding: ${accept}\r\n`}Connection: close\r\n\r\n`), 'latin1');
      const end = answer.indexOf('\r\n\r\n');
      const head = answer.subarray(0, end).toString('latin1');
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1]?.trim() ?? null;
      return { encoding: header('Content-Encoding'), vary: header('Vary'), length: Number(header('Content-Length')), body: answer.subarray(end + 4) };
    };
    const br = await get('gzip, deflate, br');
    expect([br.encoding, br.vary]).toEqual(['br', 'Accept-Encoding']);
    expect(brotliDecompressSync(br.body).equals(raw)).toBe(true);
    expect(br.length).toBe(br.body.length);
    // The bytes sent are the ones the build made, not compressed again at each request.
    expect(br.body.equals(readFileSync(path.join(WEB_DIST, `${script}.br`)))).toBe(true);
    expect(br.body.length).toBeLessThan(raw.length / 3);
    const gz = await get('gzip');
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body).equals(raw)).toBe(true);
    for (const none of [null, 'identity', 'br;q=0, gzip;q=0', 'deflate']) {
      const plain = await get(none);
      expect([plain.encoding, plain.vary, plain.body.equals(raw)], String(none)).toEqual([null, 'Accept-Encoding', true]);
    }
    expect((await get('*')).encoding).toBe('br');
    expect((await get('*, br;q=0')).encoding).toBe('gzip');
    // The coding weighed higher wins; a space before its parameters, and x-gzip, are read as RFC 9110 says.
    expect((await get('gzip;q=1, br;q=0.5')).encoding).toBe('gzip');
    expect((await get('gzip ;q=0.9, br ; q=0.8')).encoding).toBe('gzip');
    expect((await get('x-gzip')).encoding).toBe('gzip');
    const head = await get('br', 'HEAD');
    expect([head.encoding, head.length, head.body.length]).toEqual(['br', br.length, 0]);
  });

  it('answers malformed requests with 4xx and keeps serving (issue 28)', async () => {
    const port = new URL(server.url).port;
    const host = `Host: 127.0.0.1:${port}\r\n`;
    const cases: Array<[string, number]> = [
      [`GET /% HTTP/1.1\r\n${host}\r\n`, 400],
      [`GET /%C3%28 HTTP/1.1\r\n${host}\r\n`, 400],
      [`GET http://[bad HTTP/1.1\r\n${host}\r\n`, 400],
      [`GET index.html HTTP/1.1\r\n${host}\r\n`, 400],
      [`DELETE / HTTP/1.1\r\n${host}\r\n`, 405],
      [`OPTIONS * HTTP/1.1\r\n${host}\r\n`, 400],
      // DNS rebinding: a page from elsewhere, its name pointed at 127.0.0.1, sends its own name.
      [`GET / HTTP/1.1\r\nHost: attacker.example:${port}\r\n\r\n`, 421],
      [`GET / HTTP/1.1\r\nHost: 127.0.0.1:${Number(port) === 1 ? 2 : 1}\r\n\r\n`, 421],
      [`GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`, 421],
      [`GET http://attacker.example:${port}/ HTTP/1.1\r\n${host}\r\n`, 421],
      [`GET / HTTP/1.1\r\n${host}Host: attacker.example\r\n\r\n`, 400],
      [`GET / HTTP/1.0\r\n\r\n`, 400],
      [`GET / HTTP/1.1\r\nHost: localhost:${port}\r\n\r\n`, 200],
      [`GET / HTTP/1.1\r\nHost: [::1]:${port}\r\n\r\n`, 200],
      [`GET http://127.0.0.1:${port}/ HTTP/1.1\r\n${host}\r\n`, 200],
      [`HEAD /index.html HTTP/1.1\r\n${host}\r\n`, 200],
    ];
    for (const [req, status] of cases) {
      expect(statusOf(await rawRequest(server.url, req)), req).toBe(status);
      expect((await fetch(server.url)).status, `after ${JSON.stringify(req)}`).toBe(200);
    }
  });

  it('serves the LAN addresses with --host, and still not a name from elsewhere', () => {
    const lan = ownHosts(8080, true);
    expect(lan.has('localhost:8080') && lan.has('127.0.0.1:8080')).toBe(true);
    expect([...lan].some((h) => h.startsWith('attacker'))).toBe(false);
    const local = ownHosts(8080, false);
    expect([...local].sort()).toEqual(['127.0.0.1:8080', '[::1]:8080', 'localhost:8080']);
  });

  it('answers 500 and keeps serving when answering a request fails all the same', async () => {
    const files = new Map([['/index.html', Buffer.from('page')]]);
    let broken = true;
    // A page store that fails once: what any fault inside the handler does.
    const failing = { get: (k: string) => { if (broken) { broken = false; throw new Error('store failed'); } return files.get(k); } } as unknown as Map<string, Buffer>;
    const s: Server = createServer(handler(failing, () => ownHosts(port(), false)));
    const port = (): number => (s.address() as { port: number }).port;
    await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
    try {
      const url = `http://127.0.0.1:${port()}/`;
      expect((await fetch(url)).status).toBe(500);
      const again = await fetch(url);
      expect([again.status, await again.text()]).toEqual([200, 'page']);
    } finally {
      s.close();
    }
  });

  it('refuses a port in use and a malformed port in one line each', () => {
    const port = new URL(server.url).port;
    const busy = run('web', '--port', port, '--rooms', rooms());
    expect(busy.status).toBe(1);
    expect(busy.stderr.trim()).toBe(`uno-extreme web: port ${port} is in use: stop what uses it, or choose another with --port N (0: any free one)`);
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

  it('refuses a second server on the same rooms folder, naming the first and where it is', () => {
    const held = server.args[server.args.indexOf('--rooms') + 1];
    const second = run('web', '--port', '0', '--rooms', held);
    expect(second.status).toBe(1);
    expect(second.stderr.trim()).toBe(`uno-extreme web: another server (process ${server.child.pid}, at ${server.url}) holds the rooms in ${held}: use that one, stop it first, or give this one its own --rooms DIR (if no server runs, remove ${path.join(held, 'server.lock')})`);
  }, PROGRAM_RUN_MS);
});

describe('uno-extreme web: its rooms folder', () => {
  it('takes over the hold of a server that was killed, and says so', async () => {
    const dir = rooms();
    // A process that has ended: its id is no one's now.
    const gone = spawnSync(process.execPath, ['-e', '0']).pid!;
    writeFileSync(path.join(dir, 'server.lock'), `${gone}\nhttp://127.0.0.1:1/\n`);
    const web = await startWeb(['--rooms', dir]);
    await web.stop();
    expect(web.said()).toContain(`The last server on ${dir} stopped without warning (killed, or it crashed)`);
    // Stopped cleanly, it let the folder go: the next start says nothing of it.
    const next = await startWeb(['--rooms', dir]);
    await next.stop();
    expect(next.said()).not.toContain('without warning');
  }, 2 * PROGRAM_RUN_MS);

  it('leaves aside what is not a kept room\'s file, in one line each, and serves', async () => {
    const dir = rooms();
    mkdirSync(path.join(dir, 'ABCDE.json'));
    execFileSync('mkfifo', [path.join(dir, 'FGHJK.json')]);
    const web = await startWeb(['--rooms', dir]);
    try {
      expect((await fetch(web.url)).status).toBe(200);
      expect(web.said()).toContain('Left aside in the rooms folder: ABCDE.json (not a file)');
      expect(web.said()).toContain('Left aside in the rooms folder: FGHJK.json (not a file)');
    } finally {
      await web.stop();
    }
  }, PROGRAM_RUN_MS);

  it('leaves a kept room it cannot open as it is on disk, saying so in one line', async () => {
    const dir = rooms();
    const damaged = '{"room":1,"code":"ABCDE","hostToken":"","seats":[],"game":""}';
    writeFileSync(path.join(dir, 'ABCDE.json'), damaged);
    const web = await startWeb(['--rooms', dir]);
    await web.stop();
    expect(web.said()).toContain(`Room ABCDE could not be opened again (its table token is not one this server makes): its files are left as they are in ${dir}, and no new room gets its code`);
    expect(readFileSync(path.join(dir, 'ABCDE.json'), 'utf8')).toBe(damaged);
  }, PROGRAM_RUN_MS);

  it('refuses a rooms "folder" that is empty or a file, in one line', () => {
    const file = path.join(rooms(), 'a-file');
    writeFileSync(file, 'mine');
    const empty = run('web', '--rooms', '');
    expect([empty.status, empty.stderr.trim()]).toEqual([2, 'uno-extreme web: --rooms needs a folder']);
    const notDir = run('web', '--rooms', file);
    expect(notDir.status).toBe(1);
    expect(notDir.stderr.trim()).toBe(`uno-extreme web: cannot keep rooms in ${file}: it is a file, not a folder`);
  }, 2 * PROGRAM_RUN_MS);

  it('deals the same games again when started again with the same --seed, and refuses a seed that is not a number', async () => {
    // A room opened and started by its table screen alone (bots in the other seat): the seed of its
    // match, as the rooms folder keeps it once the server has stopped.
    const dealt = async (seed: string): Promise<number> => {
      const dir = rooms();
      const web = await startWeb(['--seed', seed, '--rooms', dir]);
      try {
        const url = new URL(web.url);
        const open = async () => {
          const ws = new WebSocket(`ws://${url.host}/rooms`, { origin: url.origin });
          await new Promise((ok) => ws.once('open', ok));
          return ws;
        };
        const [table, phone] = await Promise.all([open(), open()]);
        const heard = (ws: WebSocket, type: ServerMessage['type']) => new Promise<ServerMessage>((ok) => ws.on('message', (d) => {
          const m = JSON.parse(d.toString()) as ServerMessage;
          if (m.type === type) ok(m);
        }));
        const created = heard(table, 'created');
        table.send(JSON.stringify({ type: 'create', settings: { rules: 'classic', profile: 'seed-0-8', players: 2, bots: 'heuristic', paceMs: 0 } }));
        const { code } = (await created) as Extract<ServerMessage, { type: 'created' }>;
        const seated = heard(phone, 'seated');
        phone.send(JSON.stringify({ type: 'join', code, name: 'Ana' }));
        await seated;
        const dealtView = heard(table, 'table');
        table.send(JSON.stringify({ type: 'start' }));
        await dealtView;
        for (const ws of [table, phone]) ws.close();
      } finally {
        await web.stop();
      }
      const [file] = readdirSync(dir).filter((f) => f.endsWith('.json'));
      const kept = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { game: string };
      return (JSON.parse(kept.game) as { setup: { seed: number } }).setup.seed;
    };
    const first = await dealt('42');
    expect(await dealt('42')).toBe(first);
    expect(await dealt('43')).not.toBe(first);
    const r = run('web', '--seed', 'x', '--port', '0');
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('--seed');
  }, 3 * PROGRAM_RUN_MS);
});

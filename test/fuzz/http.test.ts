/**
 * Fuzz: raw HTTP requests to a real `uno-extreme web` (issue 28). Request lines and headers come
 * from a seeded generator (methods, targets with broken escapes and odd forms, versions, Host
 * headers right, wrong, missing and doubled, bodies that lie about their length, bytes changed at
 * random); each is sent as it is on its own connection. Every answer is 2xx or 4xx, never a 500, and
 * after each the server still serves the page to a good request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, startWeb, statusOf, type WebServer } from '../browser/web.ts';
import { httpRequest } from './http-requests.ts';

/** Cases to try; UNO_FUZZ_HTTP_CASES runs more, to search by hand. */
const CASES = Number(process.env.UNO_FUZZ_HTTP_CASES ?? 400);

describe('fuzz: raw HTTP requests to the web server', () => {
  let server: WebServer;
  beforeAll(async () => {
    server = await startWeb();
  });
  afterAll(async () => {
    await server?.stop();
  });

  // 400 cases, two connections each, to a real server: under 2 s on the shared machine.
  it(`${CASES} seeded requests each get 2xx or 4xx, and the server serves the next good request`, async () => {
    const port = Number(new URL(server.url).port);
    const seen = new Map<number, number>();
    for (let i = 0; i < CASES; i++) {
      const bytes = httpRequest(i, port);
      const answer = await rawRequest(server.url, bytes);
      // Each final answer on the connection (a pipelined second request gets its own; "100
      // Continue", which Node sends to "Expect: 100-continue", is not one).
      const statuses = [...answer.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1])).filter((s) => s !== 100);
      for (const s of statuses) seen.set(s, (seen.get(s) ?? 0) + 1);
      const what = `case ${i}: ${JSON.stringify(bytes.toString('latin1').slice(0, 300))}`;
      expect(statuses.every((s) => (s >= 200 && s < 300) || (s >= 400 && s < 500)), `${what} got ${statuses.join(', ')}`).toBe(true);
      // No answer at all is right where the request was cut short: it never ended.
      expect(statusOf(await rawRequest(server.url, `GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`)), `after ${what}`).toBe(200);
    }
    expect(server.child.exitCode).toBe(null);
    // The generator reaches each kind of answer: served, refused as malformed, wrong host, wrong method, missing.
    for (const s of [200, 400, 404, 405, 421]) expect(seen.get(s), `answers ${s}`).toBeGreaterThan(5);
  });
});

/**
 * Seeded HTTP requests for the web server's fuzz test: a good request with one to three things
 * changed. Case `i` is always the same bytes, so a failing case is found again by its number.
 */
import { Rng, seedRng } from '../../lib/rng.ts';

const pick = <T,>(r: Rng, xs: readonly T[]): T => xs[r.int(xs.length)];

const METHODS = ['GET', 'GET', 'GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'CONNECT', 'TRACE', 'PATCH', 'get', 'G ET', '', 'BREW', 'A'.repeat(300), 'GÉT'];
const VERSIONS = ['HTTP/1.1', 'HTTP/1.1', 'HTTP/1.1', 'HTTP/1.0', 'HTTP/0.9', 'HTTP/2.0', 'HTTP/9.9', 'http/1.1', 'HTTP/1.1x', 'HTTP/', ''];

function target(r: Rng, port: number): string {
  const targets = [
    '/', '/index.html', '/%', '/%%', '/%zz', '/%C3%28', '/%FF', '/%00', '/%2F', '/a%', '/?%', '/?q=%zz', '/#%',
    '/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2fpackage.json', '//evil.example/x', '///', '*', 'index.html', '',
    'http://[bad', 'http://[::1', 'http://', 'https://', 'http://:99999/', 'http://a b/', 'ftp://x/', 'http://evil.example/', `http://127.0.0.1:${port}/`,
    `http://127.0.0.1:${port}/%`, `HTTP://LOCALHOST:${port}/index.html`, `http://user:pw@127.0.0.1:${port}/`, `/${'a'.repeat(r.int(20_000))}`,
    '/\u00e9', '/é%', '/a\tb', '/a b', '/\x7f', '/\x00', '/assets/', '/index.html?' + '%'.repeat(r.int(50)),
  ];
  let t = pick(r, targets);
  // Sometimes more path after it, with escapes broken or not.
  if (r.chance(0.2)) t += pick(r, ['%', '%4', '%41', '/x', '?', '#', '..', '%u0041']);
  return t;
}

const HEADERS = [
  'Host: evil.example', 'Host: evil.example:PORT', 'Host:', 'Host: [::1', 'Host: 127.0.0.1:PORTx', 'Host: 127.0.0.1:PORT, evil', 'host: LOCALHOST.:PORT', 'Host: [::1]:PORT', 'Host: 127.0.0.1',
  'Content-Length: 5', 'Content-Length: -1', 'Content-Length: abc', 'Content-Length: 99999999999999999999', 'Content-Length: 0', 'Content-Length: 1\r\nContent-Length: 2',
  'Transfer-Encoding: chunked', 'Transfer-Encoding: gzip, chunked', 'Transfer-Encoding: x', 'Connection: close', 'Connection: keep-alive', 'Expect: 100-continue',
  'Upgrade: websocket', 'No colon here', ' Folded: line', 'Spaced : value', 'X-Null: a\x00b', 'X-Long: LONG', ':', 'Ünicode: é',
];

/**
 * Case `i`'s bytes: a good request ("GET / HTTP/1.1" to this server) with one to three things
 * changed (the method, the target, the version, the Host header dropped, doubled or replaced,
 * another header, a body, bare line ends, bytes changed at random, cut short), so that each
 * change is met on its own as well as with others.
 */
export function httpRequest(i: number, port: number): Buffer {
  const r = new Rng(seedRng('fuzz-http', i));
  let method = 'GET';
  let path = '/';
  let version = 'HTTP/1.1';
  const host = `Host: 127.0.0.1:${port}`;
  const headers = [host];
  let eol = '\r\n';
  let body = '';
  let flips = 0;
  let cut = false;
  for (let n = 1 + r.int(3); n > 0; n--) {
    switch (r.int(9)) {
      case 0: method = pick(r, METHODS); break;
      case 1: case 2: path = target(r, port); break;
      case 3: version = pick(r, VERSIONS); break;
      case 4: headers.splice(0, 1, ...pick(r, [[], [host, host], [host, 'Host: evil.example']])); break;
      case 5: headers.splice(r.int(headers.length + 1), 0, pick(r, HEADERS).replaceAll('PORT', String(port)).replace('LONG', 'x'.repeat(r.int(40_000)))); break;
      case 6: body = pick(r, ['hello', '5\r\nhello\r\n0\r\n\r\n', 'zz\r\n', `GET / HTTP/1.1\r\n${host}\r\n\r\n`]); break;
      case 7: eol = '\n'; break;
      default: if (r.chance(0.5)) flips += 1 + r.int(4); else cut = true;
    }
  }
  const bytes = Buffer.from(`${[`${method} ${path} ${version}`, ...headers].join(eol)}${eol}${eol}${body}`, 'latin1');
  for (; flips > 0; flips--) bytes[r.int(bytes.length)] = r.int(256);
  return cut ? bytes.subarray(0, r.int(bytes.length)) : bytes;
}

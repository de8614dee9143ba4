/**
 * The whole host side with no hardware, as a hobbyist tries it: `uno-extreme device --pty` runs
 * the compiled firmware on an emulated board behind a pseudo-terminal; `uno-extreme launcher
 * --device serial:PATH` presses it through the serial driver; every card the roller ejects is
 * counted once.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readFileSync, readlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SerialPort } from 'serialport';
import { describe, expect, it, onTestFinished } from 'vitest';
import { encodeCommand } from '../../firmware-bridge/codec.ts';
import { BIN, run, runFor } from '../cli-run.ts';
import { until } from '../poll.ts';
import { BOARD_REAL_TIME_MS, PROGRAM_RUN_MS } from '../budgets.ts';
import { needs } from '../tools.ts';

/**
 * Opens the PTY as a host does and waits for the board's HELLO; what the port hears goes on into
 * `heard.text`. A port that does not open says where the link pointed then and what the device
 * (`said`) had written.
 */
async function openHost(link: string, said: () => string): Promise<{ port: SerialPort; heard: { text: string } }> {
  const port = await new Promise<SerialPort>((resolve, reject) => {
    const p = new SerialPort({ path: link, baudRate: 115200 }, (e) => (e ? reject(new Error(`${e.message}; ${linkNow(link)}; the device said: ${JSON.stringify(said())}`)) : resolve(p)));
  });
  port.on('error', () => {}); // reads cut short by our own close
  const heard = { text: '' };
  port.on('data', (d: Buffer) => void (heard.text += d.toString('latin1')));
  await until(() => heard.text.includes('HELLO uno-extreme'), 15_000, () => `the board's HELLO (heard ${JSON.stringify(heard.text)})`);
  return { port, heard };
}

/** Where `link` points now, and whether that exists. */
function linkNow(link: string): string {
  try {
    const target = readlinkSync(link);
    return `${link} -> ${target} (${existsSync(target) ? 'there' : 'gone'}), made ${new Date(madeAt(link)).toISOString()}, now ${new Date().toISOString()}`;
  } catch (e) {
    return `${link}: ${(e as NodeJS.ErrnoException).code}`;
  }
}

/**
 * When the link at `link` was made (ms): its birth time, not its change time, for unlinking a link
 * changes its ctime as it goes, so a dying link would look new. Throws when there is no link.
 */
function madeAt(link: string): number {
  const st = lstatSync(link);
  // A filesystem that keeps no birth time gives 0 (and where statx is missing, libuv gives the
  // ctime): the ctime then, with that race.
  return st.birthtimeMs || st.ctimeMs;
}

describe('uno-extreme device --pty with launcher --device serial:PATH', () => {
  it.runIf(needs('socat'))('presses the virtual launcher end to end and logs each press', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'uno-vdev-'));
    const link = path.join(dir, 'launcher');
    const dev = spawn(process.execPath, [BIN, 'device', '--pty', '--link', link, '--seed', '3'], { stdio: ['ignore', 'pipe', 'pipe'] });
    // Ended however the test ends: a test cut off at its budget runs no finally, and a board left
    // running in real time slows every test after it.
    onTestFinished(() => void dev.kill('SIGTERM'));
    try {
      const shown = await new Promise<string>((resolve, reject) => {
        let out = '';
        dev.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          if (out.includes('\n')) resolve(out.trim());
        });
        dev.on('exit', (code) => reject(new Error(`device exited ${code}`)));
      });
      expect(shown).toBe(link);
      const log = path.join(dir, 'presses.jsonl');
      const r = runFor(PROGRAM_RUN_MS + BOARD_REAL_TIME_MS, 'launcher', '--device', `serial:${link}`, '--presses', '6', '--seed', '2', '--json', '--log', log);
      expect(r.status, r.stderr).toBe(0);
      const s = JSON.parse(r.stdout);
      expect(s).toMatchObject({ profile: `serial:${link}`, presses: 6, dings: 6 });
      expect(s.bursts).toBeGreaterThan(0);
      const lines = readFileSync(log, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
      expect(lines).toHaveLength(6);
      expect(lines[0].source).toBe(`serial:${link}`);
      expect(lines.reduce((t, l) => t + l.cards, 0)).toBe(Object.entries(s.cardsPerPress as Record<string, number>).reduce((t, [k, v]) => t + Number(k) * v, 0));
    } finally {
      dev.kill('SIGTERM');
    }
    // Two programs started, and six presses on the board at 1×.
  }, 2 * PROGRAM_RUN_MS + BOARD_REAL_TIME_MS);

  it.runIf(needs('socat'))('runs empty like the toy: the host asks for a reload, r in the device window reloads it through the lid, 3n empties it first; the window tells presses, bursts and cards left', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'uno-vdev-'));
    const link = path.join(dir, 'launcher');
    const dev = spawn(process.execPath, [BIN, 'device', '--pty', '--link', link, '--seed', '3', '--cards', '4'], { stdio: ['pipe', 'pipe', 'pipe'] });
    // Ended however the test ends: a test cut off at its budget runs no finally, and a board left
    // running in real time slows every test after it.
    onTestFinished(() => void dev.kill('SIGTERM'));
    let window = '';
    dev.stderr.on('data', (d: Buffer) => void (window += d.toString()));
    /** Resolves once the device window, from character `from` on, matches `re`. */
    const shown = (re: RegExp, from: number) => new Promise<void>((resolve) => {
      const look = () => re.test(window.slice(from)) && (dev.stderr.off('data', look), resolve());
      dev.stderr.on('data', look);
      look();
    });
    try {
      await new Promise<void>((resolve, reject) => {
        dev.stdout.once('data', () => resolve());
        dev.on('exit', (code) => reject(new Error(`device exited ${code}: ${window}`)));
      });
      const host = spawn(process.execPath, [BIN, 'launcher', '--device', `serial:${link}`, '--presses', '14', '--cards', '4', '--seed', '2', '--json'], { stdio: ['ignore', 'pipe', 'pipe'] });
      onTestFinished(() => void host.kill('SIGTERM'));
      let out = '';
      let said = '';
      host.stdout.on('data', (d: Buffer) => void (out += d.toString()));
      // The person at the launcher: reloads when asked (r), frees a jam when told (the lid open, then closed).
      host.stderr.on('data', (d: Buffer) => {
        const text = d.toString();
        said += text;
        if (/Reload the launcher: open the lid, put the 4 cards in, close the lid/.test(text)) dev.stdin.write('4r');
        if (/jammed/.test(text)) {
          // The lid is shut again once the board has seen it open (past its debounce), as a hand does.
          const from = window.length;
          dev.stdin.write('l');
          void shown(/^lid open$/m, from).then(() => dev.stdin.write('l'));
        }
      });
      const status = await new Promise<number | null>((resolve) => host.on('exit', resolve));
      expect(status, said).toBe(0);
      const s = JSON.parse(out);
      expect(s).toMatchObject({ presses: 14, dings: 14 });
      expect(s.reloads).toBeGreaterThan(0);
      expect(window).toMatch(/^press 1: ♪ ding$/m);
      expect(window).toMatch(/^press 14: ♪ ding$/m);
      expect(window).toMatch(/^ {2}burst: \d cards? · \d left$/m);
      expect(window).toMatch(/^loaded 4 cards$/m);
      expect(window).toMatch(/^lid closed · [4-9] left$/m);
      // A new round's load: 3n takes out what is left and puts 3 in.
      const from = window.length;
      dev.stdin.write('3n');
      await shown(/lid closed · \d+ left/, from);
      expect(window.slice(from)).toMatch(/^(took out \d+ cards?, )?loaded 3 cards\nlid closed · 3 left$/m);
    } finally {
      dev.kill('SIGTERM');
    }
    // Two programs started, and fourteen presses, reloads and jams on the board at 1×.
  }, 2 * PROGRAM_RUN_MS + 2 * BOARD_REAL_TIME_MS);

  it.runIf(needs('socat'))('survives a host that closes the port while the board is still answering, and frees the PTY at once for the next host', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'uno-vdev-'));
    const link = path.join(dir, 'launcher');
    const dev = spawn(process.execPath, [BIN, 'device', '--pty', '--link', link], { stdio: ['ignore', 'pipe', 'pipe'] });
    // Ended however the test ends: a test cut off at its budget runs no finally, and a board left
    // running in real time slows every test after it.
    onTestFinished(() => void dev.kill('SIGTERM'));
    let window = '';
    let exited: number | null = null;
    dev.stderr.on('data', (d: Buffer) => void (window += d.toString()));
    dev.on('exit', (code) => (exited = code ?? -1));
    // 4000 queries sent without waiting (60 kB, 5 s at the wire's rate): the board is still
    // answering them long after the host has gone.
    const flood = Array.from({ length: 4000 }, (_, i) => encodeCommand((i % 65535) + 1, { verb: 'STATUS' })).join('');
    try {
      await new Promise<void>((resolve, reject) => {
        dev.stdout.once('data', () => resolve());
        dev.on('exit', (code) => reject(new Error(`device exited ${code}: ${window}`)));
      });
      for (let host = 0; host < 3; host++) {
        const { port, heard } = await openHost(link, () => window);
        port.write(flood);
        const before = heard.text.length;
        await until(() => /STATUS cards=/.test(heard.text.slice(before)), 15_000, () => 'the board answering the flood');
        const closed = Date.now();
        await new Promise<void>((resolve) => port.close(() => resolve()));
        // The next host's PTY is made at once (a new link), not after the board has said all it had to say.
        const fresh = () => {
          try {
            return madeAt(link) >= closed;
          } catch {
            return false; // between two connections
          }
        };
        // At once: the board needs about a minute to answer the whole flood at 115,200 baud, so a
        // bound of seconds (room for a loaded machine) tells the two apart.
        await until(fresh, 8000, () => `a fresh PTY for host ${host + 2}`);
      }
      expect(exited, window).toBeNull();
      expect(window).not.toMatch(/EPIPE|Error/);
    } finally {
      dev.kill('SIGTERM');
    }
    // One program started; three hosts, each waiting for the emulated board's boot and its answers.
  }, PROGRAM_RUN_MS + BOARD_REAL_TIME_MS);

  it('says what is wrong with a missing --pty', () => {
    const r = run('device');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/say --pty/);
  });

  it('without socat says it needs it and how to install it, in one line', () => {
    // A PATH with nothing on it: the program runs (node by its full path), socat cannot be found.
    const empty = mkdtempSync(path.join(tmpdir(), 'uno-nopath-'));
    const r = spawnSync(process.execPath, [BIN, 'device', '--pty', '--link', path.join(empty, 'launcher')], { encoding: 'utf8', env: { ...process.env, PATH: empty }, timeout: PROGRAM_RUN_MS });
    expect(r.status).toBe(1);
    expect(r.stderr).toBe('uno-extreme device: cannot start the virtual launcher: it needs socat, which makes the pseudo-terminal a host opens: apt-get install socat\n');
  });
});

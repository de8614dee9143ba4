/**
 * The README's Firmata command as a user runs it, against the real StandardFirmata on the emulated
 * board: `uno-extreme device --pty --firmware standard-firmata` in one process, `uno-extreme
 * launcher --device firmata:PATH --presses N` in another; the launcher connects, presses, prints
 * its summary and exits by itself. And Ctrl-C mid-burst stops the motor before the program ends:
 * StandardFirmata would keep it running for good.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { standardFirmataHex } from '../../firmware-bridge/firmata/standard-firmata.ts';
import { SerialPort } from 'serialport';
import { LauncherRig } from '../../firmware-bridge/avr/rig.ts';
import { EmulatedLauncher, paceToWallClock } from '../../firmware-bridge/avr/transport.ts';
import { ptyPair } from '../bridge/socat.ts';
import { fixedBurst } from '../emulator/helpers.ts';
import { BIN, run } from '../cli-run.ts';
import { until } from '../poll.ts';
import { needs } from '../tools.ts';
import { BOARD_REAL_TIME_MS, FIRMATA_BOOT_MS, PROGRAM_RUN_MS } from '../budgets.ts';

/** Starts `uno-extreme ARGS…`, gathering its output. */
function start(...args: string[]): { proc: ChildProcess; out: () => string; err: () => string; exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }> } {
  const proc = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  proc.stdout!.on('data', (d: Buffer) => void (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => void (err += d.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => proc.on('exit', (code, signal) => resolve({ code, signal })));
  return { proc, out: () => out, err: () => err, exit };
}

/**
 * StandardFirmata on the emulated board in this process (to watch its motor pins), on one end of a
 * socat pty pair, paced to the wall clock; the host opens the other end. The board boots before the
 * host opens the port (nothing resets it then), so firmata-io asks for its version after its 5 s.
 */
async function boardOnPtyPair(): Promise<{ path: string; rig: LauncherRig; close(): Promise<void> }> {
  const pair = await ptyPair();
  const emu = new EmulatedLauncher(new LauncherRig({ hex: standardFirmataHex(), seed: 2, roller: { cards: 108 }, record: false }));
  const port = await new Promise<SerialPort>((resolve, reject) => {
    const p = new SerialPort({ path: pair.b, baudRate: 57600 }, (e) => (e ? reject(e) : resolve(p)));
  });
  const conn = await emu.transport.open({ data: (chunk) => port.write(chunk), ended: () => {} });
  port.on('data', (chunk: Buffer) => conn.write(chunk.toString('latin1')));
  const stopPacing = paceToWallClock(emu);
  return {
    path: pair.a,
    rig: emu.rig,
    async close() {
      stopPacing();
      await conn.close();
      await new Promise<void>((r) => port.close(() => r()));
      await pair.close();
    },
  };
}

describe.runIf(needs('socat') && needs('standard-firmata'))('launcher --device firmata: on the real StandardFirmata', () => {
  // Budget: two programs started, StandardFirmata's boot and handshake, and six presses at the
  // board's pace; the program itself has no timeout here.
  it('device --pty --firmware standard-firmata, then the README\'s command: it connects, presses, logs, prints its summary and exits 0', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'uno-sf-cli-'));
    const link = path.join(dir, 'launcher');
    const dev = start('device', '--pty', '--firmware', 'standard-firmata', '--link', link, '--seed', '4', '--cards', '40');
    try {
      // The CLI starts and StandardFirmata boots on the emulated board (its ~2 s blink at real time).
      await until(() => dev.out().includes('\n') && dev.err().includes('use --device'), PROGRAM_RUN_MS + FIRMATA_BOOT_MS, () => `the device's link (${dev.err()})`);
      expect(dev.out().trim()).toBe(link);
      expect(dev.err()).toMatch(/\(57600 baud\), 40 cards: use --device firmata:/);
      const log = path.join(dir, 'presses.jsonl');
      const host = start('launcher', '--device', `firmata:${link}`, '--presses', '6', '--cards', '40', '--seed', '2', '--json', '--log', log);
      await until(() => host.out().endsWith('}\n') || host.proc.exitCode !== null, PROGRAM_RUN_MS + BOARD_REAL_TIME_MS, () => `the summary (host said: ${host.err()})`);
      // Once its summary is out, nothing may hold the program open (Johnny-Five's sensors polled on).
      await until(() => host.proc.exitCode !== null, 10_000, () => 'the launcher exiting after its summary');
      expect(host.proc.exitCode, host.err()).toBe(0);
      const s = JSON.parse(host.out());
      expect(s).toMatchObject({ profile: `firmata:${link}`, presses: 6, dings: 6 });
      const lines = readFileSync(log, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { cards: number; ding: boolean });
      expect(lines).toHaveLength(6);
      expect(lines.every((l) => l.ding)).toBe(true);
    } finally {
      dev.proc.kill('SIGTERM');
      await dev.exit;
    }
  }, 2 * PROGRAM_RUN_MS + FIRMATA_BOOT_MS + BOARD_REAL_TIME_MS);

  // Budget: the board's boot, firmata-io's 5 s before it asks a board that did not reset for its
  // version, the handshake at the emulated CPU's pace, and the first burst.
  for (const [signal, status] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
    it(`${signal} mid-burst: the launcher stops the motor, then exits ${status}`, async () => {
      const board = await boardOnPtyPair();
      // A launcher that fires on every press, eight cards: the first press runs a long burst.
      const profile = path.join(mkdtempSync(path.join(tmpdir(), 'uno-sf-sig-')), 'every-press.json');
      writeFileSync(profile, JSON.stringify(fixedBurst(8).spec));
      const host = start('launcher', '--device', `firmata:${board.path}`, '--profile', profile, '--presses', '5', '--seed', '2');
      try {
        const { rig } = board;
        // The launcher CLI starts, StandardFirmata reboots on its port open, then the first press.
        await until(() => rig.drive.dir === 'forward' && rig.drive.duty > 0.5, PROGRAM_RUN_MS + FIRMATA_BOOT_MS, () => `a burst (host said: ${host.err()})`);
        host.proc.kill(signal);
        const { code } = await host.exit;
        expect(code, host.err()).toBe(status);
        // The stop was sent before the exit: the board, which has no failsafe, stops once it has read it.
        await until(() => rig.drive.duty === 0, 5000, () => 'the motor stopped');
      } finally {
        host.proc.kill('SIGKILL');
        await board.close();
      }
    }, PROGRAM_RUN_MS + FIRMATA_BOOT_MS + BOARD_REAL_TIME_MS);
  }
});

describe('device --pty --firmware: a firmware it cannot run', () => {
  it('a missing file or one that is not Intel HEX is one line, exit 1, before anything starts', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'uno-sf-bad-'));
    const missing = run('device', '--pty', '--firmware', path.join(dir, 'none.hex'), '--link', path.join(dir, 'l'));
    expect(missing.status).toBe(1);
    expect(missing.stderr).toBe(`uno-extreme device: --firmware ${path.join(dir, 'none.hex')}: no such file; give uno-extreme, standard-firmata or an Intel HEX file\n`);
    // A device never ends and a FIFO never starts: both refused at once, before any read.
    for (const f of ['/dev/zero', path.join(dir, 'fifo.hex')]) {
      if (f.endsWith('fifo.hex')) execFileSync('mkfifo', [f]);
      const r = run('device', '--pty', '--firmware', f, '--link', path.join(dir, 'l'));
      expect([r.status, r.stderr]).toEqual([1, `uno-extreme device: --firmware ${f}: is not a regular file (a device or a pipe never ends): give a firmware file (Intel HEX)\n`]);
    }
    writeFileSync(path.join(dir, 'huge.hex'), Buffer.alloc(2 ** 20 + 1, 'A'));
    const huge = run('device', '--pty', '--firmware', path.join(dir, 'huge.hex'), '--link', path.join(dir, 'l'));
    expect([huge.status, huge.stderr]).toEqual([1, `uno-extreme device: --firmware ${path.join(dir, 'huge.hex')}: is 1.0 MiB: no firmware file (Intel HEX) is larger than 1 MiB; is it the right file?\n`]);
    writeFileSync(path.join(dir, 'bad.hex'), 'not a hex file\n');
    const bad = run('device', '--pty', '--firmware', path.join(dir, 'bad.hex'), '--link', path.join(dir, 'l'));
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/^uno-extreme device: cannot start the virtual launcher: line 1 of the hex file is not an Intel HEX record[^\n]*\n$/);
  }, 5 * PROGRAM_RUN_MS);
});

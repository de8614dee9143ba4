/**
 * A crash in a process holding a device stops the motor (cli/device.ts, `stopBeforeExit`): a
 * child program opens a fake board's pseudo-terminal as `--device serial:PATH` does, runs the
 * motor forward, then dies of an uncaught exception or an unhandled rejection. The board must see
 * the STOP, and the program exit 1 with one line.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { boardRig } from '../bridge/fake-board.ts';
import { needs } from '../tools.ts';
import { DEFAULT_TIMING } from '../../firmware-bridge/serial/link.ts';
import { PROGRAM_RUN_MS } from '../budgets.ts';

const CHILD = path.join(import.meta.dirname, 'fixtures/crash-holding-device.ts');

function crash(port: string, how: 'throw' | 'reject'): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, `serial:${port}`, how], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => void (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => void (stderr += d.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

describe.runIf(needs('socat'))('a crash while a device is open', () => {
  // Each case: a program start, and the host's handshake with a board that does not reset on open,
  // which the host asks for after its wait for a HELLO.
  it.each([
    ['an uncaught exception', 'throw', 'a bug in a timer'],
    ['an unhandled rejection', 'reject', 'a bug in a promise'],
  ] as const)('%s stops the motor, closes the device and exits 1 with one line', async (_, how, message) => {
    const { pair, board } = await boardRig({ feedPerSecond: 0 });
    const r = await crash(pair.a, how);
    expect(r.stdout, r.stderr).toBe('running\n');
    expect(board.received).toContain('FWD');
    expect(board.received.at(-1), 'the last command the board heard').toBe('STOP');
    expect(board.motor).toBe('STOP');
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`uno-extreme: unexpected error: ${message}; the motor was stopped (this is a bug: run again with UNO_EXTREME_DEBUG=1 and report the output)\n`);
  }, PROGRAM_RUN_MS + DEFAULT_TIMING.helloWaitMs);
});

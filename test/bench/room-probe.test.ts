/**
 * bench/room-probe.ts: rooms played in one process to what a move costs the server's own code. Its
 * rooms play on through rounds and matches (a new match's questions count from 0 again), and it
 * counts the moves it was asked for.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const probe = (...args: string[]) =>
  spawnSync(process.execPath, [path.join(ROOT, 'bin/run-ts.js'), path.join(ROOT, 'bench/room-probe.ts'), ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 8000 });

describe('the room probe', () => {
  it('plays the moves asked of two rooms, past a match\'s end, and prints their CPU', () => {
    // Two rooms play 3,000 moves: a match of four is over in fewer (the probe then plays again).
    const r = probe('2500', '500', '2');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as { rooms: number; moves: number; matches: number; cpuSeconds: number; cpuMsPerMove: number };
    expect(out.rooms).toBe(2);
    expect(out.matches).toBeGreaterThan(0);
    // A view may show several moves: the last counted may pass the number asked by a few.
    expect(out.moves).toBeGreaterThanOrEqual(2500);
    expect(out.moves).toBeLessThan(2510);
    expect(out.cpuMsPerMove).toBeGreaterThan(0);
  });

  it('plays a long match to the points asked and reads it a window of moves at a time', () => {
    // 600 moves a room: a match to 500 points would be over (the test above); one to 5,000 is not.
    const r = probe('1000', '200', '2', '--target', '5000', '--windows', '250');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as { matches: number; windowMsPerMove: number[] };
    expect(out.matches).toBe(0);
    expect(out.windowMsPerMove).toHaveLength(4);
    for (const ms of out.windowMsPerMove) expect(ms).toBeGreaterThan(0);
  });

  it('refuses what is not a count in one line, exit 2', () => {
    for (const args of [['many'], ['100', '--target', 'high'], ['100', '--windows', '-1'], ['100', '--target']]) {
      const r = probe(...args);
      expect(r.status).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});

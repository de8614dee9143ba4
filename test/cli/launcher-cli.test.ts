import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, run } from '../cli-run.ts';


describe('uno-extreme launcher (scripted)', () => {
  it('--presses N --json prints one JSON object with the promised fields, the same for the same seed', () => {
    const a = run('launcher', '--profile', 'extreme-2010-measured', '--seed', '7', '--presses', '800', '--json');
    expect(a.status).toBe(0);
    const s = JSON.parse(a.stdout);
    for (const k of ['profile', 'seed', 'presses', 'dings', 'cardsPerPress', 'meanCardsPerPress', 'fireHazard', 'bursts', 'meanBurst', 'reloads', 'jams'])
      expect(s).toHaveProperty(k);
    expect(s).toMatchObject({ profile: 'extreme-2010-measured', seed: 7, presses: 800, dings: 800 });
    expect(Object.values(s.cardsPerPress as Record<string, number>).reduce((x, y) => x + y, 0)).toBe(800);
    expect(s.fireHazard).toHaveLength(5);
    expect(s.fireHazard[4]).toBe(1);
    expect(s.reloads).toBeGreaterThan(10); // 108-card deck reloaded automatically
    const b = run('launcher', '--profile', 'extreme-2010-measured', '--seed', '7', '--presses', '800', '--json');
    expect(b.stdout).toBe(a.stdout);
  });

  it('--log appends one JSON line per press', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'uno-log-'));
    const log = path.join(dir, 'presses.jsonl');
    writeFileSync(log, '');
    expect(run('launcher', '--seed', '1', '--presses', '25', '--log', log).status).toBe(0);
    expect(run('launcher', '--seed', '2', '--presses', '5', '--log', log).status).toBe(0);
    const lines = readFileSync(log, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(30);
    expect(lines[0]).toMatchObject({ source: 'profile:seed-0-8', ding: true, jam: false });
    expect(typeof lines[0].time).toBe('number');
    expect(typeof lines[0].cards).toBe('number');
  });

  it('--trace prints every transition with what changed', () => {
    const r = run('launcher', '--seed', '3', '--presses', '4', '--trace');
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/POWER_ON +lid.closed \| power.on.ready \| aim.still/);
    expect(r.stderr).toMatch(/PRESS .*presses 0→1/);
  });

  it('bad flags, bad values and bad profiles get one clear line and a usage exit code, no stack trace', () => {
    const cases: Array<[string[], number, RegExp]> = [
      [['launcher', '--bogus'], 2, /Unknown option '--bogus'[\s\S]*options of `uno-extreme launcher`/],
      [['launcher', '--presses', 'many'], 2, /--presses must be a whole number, got "many"/],
      [['launcher', '--presses', '5', '--charge', '2'], 2, /--charge must be between 0 and 1/],
      [['launcher', '--profile', 'nope', '--presses', '3'], 1, /unknown profile "nope"/],
      [['launcher'], 2, /needs a terminal; for scripts use --presses N/],
      [['launcher', '--json'], 2, /--json needs --presses N/],
      [['nonsense'], 2, /unknown command "nonsense"/],
      // Flags are checked before a device is opened (a usage error must not leave a port open).
      [['launcher', '--device', 'serial:/dev/ttyACM-none', '--presses', '0'], 2, /--presses must be between 1 and/],
      [['launcher', '--device', 'serial:/dev/ttyACM-none', '--presses', '2'], 1, /no serial port at \/dev\/ttyACM-none/],
    ];
    for (const [args, code, msg] of cases) {
      const r = run(...args);
      expect(r.status, args.join(' ')).toBe(code);
      expect(r.stderr).toMatch(msg);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it('--help works on the program and on the command', () => {
    expect(execFileSync(process.execPath, [BIN, '--help'], { encoding: 'utf8' })).toMatch(/launcher/);
    const h = execFileSync(process.execPath, [BIN, 'launcher', '--help'], { encoding: 'utf8' });
    expect(h).toMatch(/--presses N/);
    expect(h).toMatch(/Examples:/);
  });
});

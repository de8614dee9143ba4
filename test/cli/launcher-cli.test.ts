import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FakeBoard } from '../bridge/fake-board.ts';
import { ptyPair } from '../bridge/socat.ts';
import { BIN, run } from '../cli-run.ts';
import { needs } from '../tools.ts';
import { consoleDeck } from '../../cli/launcher.ts';
import { cardLabel } from '../../words/cards.ts';
import { PROGRAM_RUN_MS } from '../budgets.ts';


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
  }, 2 * PROGRAM_RUN_MS);

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
  }, 2 * PROGRAM_RUN_MS);

  it('--trace prints every transition with what changed', () => {
    const r = run('launcher', '--seed', '3', '--presses', '4', '--trace');
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/POWER_ON +lid.closed \| power.on.ready \| aim.still/);
    expect(r.stderr).toMatch(/PRESS .*presses 0→1/);
  });

  describe('bad flags, bad values and bad profiles get one clear line and a usage exit code, no stack trace', () => {
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
      it(args.join(' '), () => {
        const r = run(...args);
        expect(r.status).toBe(code);
        expect(r.stderr).toMatch(msg);
        expect(r.stderr).not.toMatch(/\n\s+at /);
      });
    }
  });

  describe('a malformed --device is a usage error (2) saying what to type; a port that cannot be used is a runtime error (1) saying how to fix it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'uno-dev-'));
    const cases: Array<[string, number, RegExp]> = [
      ['bogus', 2, /--device must look like serial:PATH .* or firmata:PATH .*; got "bogus"/],
      ['serial:', 2, /--device serial: needs the port's path, e\.g\. --device serial:\/dev\/ttyACM0/],
      ['firmata:', 2, /--device firmata: needs the port's path/],
      ['johnny-five:/dev/ttyUSB7', 2, /the Johnny-Five driver's kind is "firmata": use --device firmata:\/dev\/ttyUSB7/],
      ['/dev/ttyACM0', 2, /--device needs a kind before the port: --device serial:\/dev\/ttyACM0 .* or --device firmata:\/dev\/ttyACM0/],
      ['usb:/dev/ttyACM0', 2, /unknown kind "usb"; use serial:PATH/],
      ['SERIAL:/dev/does-not-exist', 1, /no serial port at \/dev\/does-not-exist: is the board plugged in\?/],
      ['serial:/dev/does-not-exist', 1, /no serial port at \/dev\/does-not-exist: is the board plugged in\?/],
      ['firmata:/dev/does-not-exist', 1, /no serial port at \/dev\/does-not-exist/],
      ['serial:/dev/null', 1, /^uno-extreme launcher: \/dev\/null is not a serial port \([^)]*\): give the board's port/],
      [`firmata:${dir}`, 1, /is not a serial port \(Is a directory\): give the board's port/],
    ];
    for (const [device, code, msg] of cases) {
      it(`--device ${device}`, () => {
        const r = run('launcher', '--device', device, '--presses', '1');
        expect(r.status).toBe(code);
        expect(r.stderr).toMatch(msg);
        expect(r.stderr.trim().split('\n')).toHaveLength(1);
      });
    }
  });

  it.runIf(needs('socat'))('--device serial: noise on the line is one warning on stderr (not one per line), and the presses go on', async () => {
    const pair = await ptyPair(['host', 'board']);
    const board = await FakeBoard.open(pair.b, { noiseAfterStatus: '\x00\xff noise\nBTN 9\n#$%&\n' });
    try {
      const cli = spawn(process.execPath, [BIN, 'launcher', '--device', `serial:${pair.a}`, '--seed', '1', '--presses', '3', '--json'], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      cli.stdout.on('data', (d: Buffer) => (stdout += d));
      cli.stderr.on('data', (d: Buffer) => (stderr += d));
      const code = await new Promise<number | null>((r) => cli.on('exit', r));
      expect(code, stderr).toBe(0);
      expect(JSON.parse(stdout)).toMatchObject({ presses: 3 });
      // The first line is told at once; the two after it within 10 s are one summary when the
      // window ends, which a run shorter than the window never reaches: one or two lines, never three.
      const lines = stderr.trim().split('\n');
      expect(lines.length).toBeLessThanOrEqual(2);
      expect(lines[0]).toMatch(/^warning: serial:\S+\/host: 1 unreadable line from the board \(e\.g\. "\\u0000.* noise"\), ignored; .*check the USB cable/);
      if (lines[1] !== undefined) expect(lines[1]).toMatch(/^warning: serial:\S+\/host: 2 unreadable lines from the board/);
    } finally {
      await board.close();
      await pair.close();
    }
  });

  it('--help works on the program and on the command', () => {
    expect(execFileSync(process.execPath, [BIN, '--help'], { encoding: 'utf8' })).toMatch(/launcher/);
    const h = execFileSync(process.execPath, [BIN, 'launcher', '--help'], { encoding: 'utf8' });
    expect(h).toMatch(/--presses N/);
    expect(h).toMatch(/Examples:/);
  }, 2 * PROGRAM_RUN_MS);

  it('--version prints the version of package.json', () => {
    const pkg = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string };
    expect(execFileSync(process.execPath, [BIN, '--version'], { encoding: 'utf8' })).toBe(`uno-extreme ${pkg.version}\n`);
  });

  it('the console\'s cards are a classic deck\'s, one id each, shown by their labels', () => {
    const deck = consoleDeck(110);
    expect(deck.slice(0, 3).map(cardLabel)).toEqual(['Red 0', 'Red 1', 'Red 1']);
    expect(new Set(deck).size).toBe(110);
    expect(cardLabel(deck[109])).toBe(cardLabel(deck[1]));
  });
});

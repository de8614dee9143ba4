/**
 * Issue 15, files: what a user hands the program is read only if it is a regular file of a
 * sane size, and what the program writes replaces a file only once it is whole.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, statSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPlaySave } from '../../cli/play/session.ts';
import { loadProfileFile } from '../../emulator/profileFile.ts';
import { claimPtyLink } from '../../firmware-bridge/pty-link.ts';
import { VirtualDevice } from '../../firmware-bridge/virtual-device.ts';
import { loadRulesFile, readSave } from '../../game/files.ts';
import { atomicWriteStream, checkOutputs, freeSavePath, READ_CAPS, readUserFile, writeFileAtomically } from '../../lib/files.ts';
import { pressLog } from './fixtures.ts';
import { BIN, run, runFor } from '../cli-run.ts';
import { until } from '../poll.ts';
import { needs } from '../tools.ts';
import { PROGRAM_RUN_MS } from '../budgets.ts';

const fresh = () => mkdtempSync(path.join(tmpdir(), 'uno-hard-'));

describe('reading what a user names', () => {
  it('a device that never ends is refused at once as --resume, --profile, --rules and --log', () => {
    const notRegular = /\/dev\/urandom: is not a regular file \(a device or a pipe never ends\)/;
    expect(() => readSave('/dev/urandom')).toThrow(notRegular);
    expect(() => readPlaySave('/dev/urandom')).toThrow(/cannot read \/dev\/urandom: is not a regular file/);
    expect(() => loadProfileFile('/dev/urandom')).toThrow(/\/dev\/urandom: \(file\): is not a regular file/);
    expect(() => loadRulesFile('/dev/urandom')).toThrow(notRegular);
    const fit = run('fit', '--log', '/dev/urandom');
    expect(fit.status).toBe(1);
    expect(fit.stderr).toMatch(/^uno-extreme fit: cannot read \/dev\/urandom: is not a regular file/);
    const sim = run('simulate', '--games', '1', '--profile', '/dev/urandom');
    expect(sim.status).toBe(1);
    expect(sim.stderr).toMatch(/\/dev\/urandom: \(file\): is not a regular file/);
  }, 2 * PROGRAM_RUN_MS);

  it('a named pipe is refused without waiting for a writer; a folder is refused', () => {
    const dir = fresh();
    const fifo = path.join(dir, 'pipe.json');
    execFileSync('mkfifo', [fifo]);
    expect(() => readUserFile(fifo, 'save')).toThrow(/is not a regular file/);
    expect(() => readUserFile(dir, 'rules')).toThrow(/is a folder/);
    expect(() => readUserFile(path.join(dir, 'none'), 'log')).toThrow(/^no such file$/);
  });

  it('a file larger than any of its kind is refused before it is read', () => {
    const dir = fresh();
    const big = path.join(dir, 'big.json');
    writeFileSync(big, '');
    truncateSync(big, READ_CAPS.save + 1); // sparse: nothing is written
    expect(() => readSave(big)).toThrow(/is 16\.0 MiB: no save file is larger than 16 MiB; is it the right file\?/);
    truncateSync(big, READ_CAPS.profile + 1);
    expect(() => loadProfileFile(big)).toThrow(/no profile is larger than 1 MiB/);
  });
});

describe('writing a file whole', () => {
  it('writeFileAtomically leaves no temporary file, and each write has its own temporary name', () => {
    const dir = fresh();
    const file = path.join(dir, 'out.json');
    writeFileAtomically(file, 'one');
    writeFileAtomically(file, 'two');
    expect(readFileSync(file, 'utf8')).toBe('two');
    expect(readdirSync(dir)).toEqual(['out.json']);
    // A write that fails (the target is a folder) leaves the folder and no temporary file.
    mkdirSync(path.join(dir, 'sub'));
    expect(() => writeFileAtomically(path.join(dir, 'sub'), 'x')).toThrow();
    expect(readdirSync(dir).sort()).toEqual(['out.json', 'sub']);
  });

  it('a write through a symbolic link replaces the file it points to and keeps the link', () => {
    const dir = fresh();
    mkdirSync(path.join(dir, 'real'));
    const real = path.join(dir, 'real', 'save.json');
    writeFileSync(real, 'old');
    symlinkSync(real, path.join(dir, 'save.json'));
    writeFileAtomically(path.join(dir, 'save.json'), 'new');
    expect(readlinkSync(path.join(dir, 'save.json'))).toBe(real);
    expect(readFileSync(real, 'utf8')).toBe('new');
    expect(readdirSync(path.join(dir, 'real'))).toEqual(['save.json']);
  });

  it('an aborted stream leaves the earlier file as it was; a committed one replaces it', async () => {
    const dir = fresh();
    const file = path.join(dir, 'games.csv');
    writeFileSync(file, 'earlier\n');
    const a = atomicWriteStream(file);
    a.stream.write('half');
    a.abort();
    expect(readFileSync(file, 'utf8')).toBe('earlier\n');
    const b = atomicWriteStream(file);
    b.stream.write('whole\n');
    await b.commit();
    expect(readFileSync(file, 'utf8')).toBe('whole\n');
    expect(readdirSync(dir)).toEqual(['games.csv']);
  });

  it('simulate --csv interrupted by Ctrl-C keeps the complete earlier CSV', async () => {
    const dir = fresh();
    const file = path.join(dir, 'games.csv');
    writeFileSync(file, 'earlier\n');
    const p = spawn(process.execPath, [BIN, 'simulate', '--games', '1000000', '--seed', '1', '--workers', '1', '--csv', file], { stdio: 'ignore' });
    const exited = new Promise<number | null>((r) => p.on('exit', (code) => r(code)));
    // Rows are being written to the temporary file: the run is under way.
    const temp = () => readdirSync(dir).find((f) => f.endsWith('.tmp'));
    await until(() => temp() !== undefined && readFileSync(path.join(dir, temp()!), 'utf8').split('\n').length > 3, PROGRAM_RUN_MS, () => 'rows in the temporary CSV');
    p.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(readFileSync(file, 'utf8')).toBe('earlier\n');
    expect(readdirSync(dir)).toEqual(['games.csv']);
  });

  it('a new game never takes the file of an earlier save: the first free name is used', () => {
    const dir = fresh();
    const save = path.join(dir, 'uno-extreme-save.json');
    expect(freeSavePath(save)).toBe(save);
    writeFileSync(save, 'earlier game');
    expect(freeSavePath(save)).toBe(path.join(dir, 'uno-extreme-save-2.json'));
    writeFileSync(path.join(dir, 'uno-extreme-save-2.json'), 'another');
    expect(freeSavePath(save)).toBe(path.join(dir, 'uno-extreme-save-3.json'));
  });
});

describe('device --pty --link: the link path', () => {
  it('a regular file, a link to something else, a missing folder are refused and left alone', () => {
    const dir = fresh();
    const file = path.join(dir, 'notes.txt');
    writeFileSync(file, 'mine');
    expect(() => claimPtyLink(file)).toThrow(/notes\.txt exists and is not a link to a pseudo-terminal: it would be replaced/);
    expect(readFileSync(file, 'utf8')).toBe('mine');
    const other = path.join(dir, 'other');
    symlinkSync(file, other);
    expect(() => claimPtyLink(other)).toThrow(/is a link to .*notes\.txt, not to a pseudo-terminal/);
    expect(() => claimPtyLink('/nonexistent-folder/uno')).toThrow(/the folder \/nonexistent-folder does not exist or is not writable/);
    expect(readdirSync(dir).sort()).toEqual(['notes.txt', 'other']);
  });

  it.runIf(needs('socat'))('a second virtual launcher on a live one\'s link is refused, and the first\'s link and lock go when it stops', async () => {
    const dir = fresh();
    const link = path.join(dir, 'tty');
    const first = await VirtualDevice.start({ link });
    try {
      expect(readlinkSync(link)).toMatch(/^\/dev\/pts\/\d+$/);
      await expect(VirtualDevice.start({ link })).rejects.toThrow(/is served by another virtual launcher/);
      expect(readlinkSync(link)).toMatch(/^\/dev\/pts\/\d+$/);
    } finally {
      await first.close();
    }
    await until(() => readdirSync(dir).length === 0, 5000, () => `the link and lock removed (left: ${readdirSync(dir).join(', ')})`);
  });

  it('the device command refuses them with exit 1 and says why', () => {
    const dir = fresh();
    const file = path.join(dir, 'notes.txt');
    writeFileSync(file, 'mine');
    const r = run('device', '--pty', '--link', file);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^uno-extreme device: cannot start the virtual launcher: .*notes\.txt exists and is not a link to a pseudo-terminal/);
    expect(readFileSync(file, 'utf8')).toBe('mine');
    const missing = run('device', '--pty', '--link', '/nonexistent-folder/uno');
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/cannot make \/nonexistent-folder\/uno: the folder \/nonexistent-folder does not exist or is not writable; give another --link/);
  }, 2 * PROGRAM_RUN_MS);

  it('a link another running launcher serves is refused; a stale one (its process gone) is taken', () => {
    const dir = fresh();
    const link = path.join(dir, 'uno');
    const release = claimPtyLink(link);
    expect(() => claimPtyLink(link)).toThrow(new RegExp(`${link} is served by another virtual launcher \\(process ${process.pid}\\)`));
    release();
    expect(readdirSync(dir)).toEqual([]);
    // A launcher killed without cleaning up: its lock names a process that is gone.
    const gone = spawn(process.execPath, ['-e', '']);
    return new Promise<void>((resolve) =>
      gone.on('exit', () => {
        writeFileSync(path.join(dir, '.uno.lock'), `${gone.pid}\n`);
        symlinkSync('/dev/pts/999', link);
        const again = claimPtyLink(link);
        again();
        expect(existsSync(path.join(dir, '.uno.lock'))).toBe(false);
        resolve();
      }),
    );
  });
});

describe('outputs onto what is not a file (issue 28)', () => {
  /** The device node at `p` (through links): a character device with its numbers, as a check that nothing replaced it. */
  const node = (p: string) => {
    const st = statSync(p);
    return { char: st.isCharacterDevice(), rdev: st.rdev };
  };
  const NULL = node('/dev/null');
  const FULL = node('/dev/full');

  /** A named pipe in a fresh folder, and a reader of it (cat) whose output is collected. */
  function fifoWithReader() {
    const fifo = path.join(fresh(), 'pipe');
    execFileSync('mkfifo', [fifo]);
    const cat = spawn('cat', [fifo], { stdio: ['ignore', 'pipe', 'ignore'] });
    let got = '';
    cat.stdout.on('data', (d) => (got += d));
    const read = new Promise<string>((r) => cat.on('close', () => r(got)));
    return { fifo, read };
  }

  it('writeFileAtomically writes a device, a link to one and a pipe in place and leaves each as it was', async () => {
    const dir = fresh();
    const link = path.join(dir, 'null-link');
    symlinkSync('/dev/null', link);
    writeFileAtomically('/dev/null', 'x');
    writeFileAtomically(link, 'x');
    expect(node('/dev/null')).toEqual(NULL);
    expect(readlinkSync(link)).toBe('/dev/null');
    expect(readdirSync(dir)).toEqual(['null-link']);
    const { fifo, read } = fifoWithReader();
    writeFileAtomically(fifo, 'through the pipe\n');
    expect(await read).toBe('through the pipe\n');
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it('a full device says so in one line, and stays a device', () => {
    expect(() => writeFileAtomically('/dev/full', 'x')).toThrow(/^cannot write \/dev\/full: no space left on the device$/);
    const link = path.join(fresh(), 'full-link');
    symlinkSync('/dev/full', link);
    expect(() => writeFileAtomically(link, 'x')).toThrow(/^cannot write .*full-link: no space left on the device$/);
    expect(node('/dev/full')).toEqual(FULL);
  });

  it('atomicWriteStream streams into a device and a pipe, and reports a full device at commit', async () => {
    const toNull = atomicWriteStream('/dev/null');
    toNull.stream.write('rows\n');
    await toNull.commit();
    expect(node('/dev/null')).toEqual(NULL);
    const { fifo, read } = fifoWithReader();
    const toPipe = atomicWriteStream(fifo);
    toPipe.stream.write('row 1\n');
    toPipe.stream.write('row 2\n');
    await toPipe.commit();
    expect(await read).toBe('row 1\nrow 2\n');
    const toFull = atomicWriteStream('/dev/full');
    toFull.stream.on('error', () => {});
    toFull.stream.write('rows\n');
    await expect(toFull.commit()).rejects.toThrow(/cannot write \/dev\/full: no space left on the device/);
    expect(node('/dev/full')).toEqual(FULL);
  });

  it('through a link to a file not there yet, the file is made where the link points and the link kept', () => {
    const dir = fresh();
    symlinkSync('later.json', path.join(dir, 'save.json'));
    writeFileAtomically(path.join(dir, 'save.json'), 'new');
    expect(readlinkSync(path.join(dir, 'save.json'))).toBe('later.json');
    expect(readFileSync(path.join(dir, 'later.json'), 'utf8')).toBe('new');
  });

  it('simulate --csv, --report and --save onto /dev/null or a link to it exit 0; onto /dev/full exit 1 in one line', () => {
    const dir = fresh();
    const link = path.join(dir, 'null-link');
    symlinkSync('/dev/null', link);
    const ok = runFor(PROGRAM_RUN_MS, 'simulate', '--games', '2', '--seed', '1', '--workers', '1', '--csv', '/dev/null', '--report', link);
    expect([ok.status, ok.stderr]).toEqual([0, '']);
    const replay = runFor(PROGRAM_RUN_MS, 'simulate', '--seed', '1', '--replay-game', '0', '--save', '/dev/null');
    expect([replay.status, replay.stderr]).toEqual([0, '']);
    const full = runFor(PROGRAM_RUN_MS, 'simulate', '--games', '2', '--seed', '1', '--workers', '1', '--csv', '/dev/full');
    expect(full.status).toBe(1);
    expect(full.stderr).toBe('uno-extreme simulate: cannot write /dev/full: no space left on the device\n');
    // A report that cannot be written loses the page, not the run: its figures are printed first.
    const report = runFor(PROGRAM_RUN_MS, 'simulate', '--games', '2', '--seed', '1', '--workers', '1', '--report', '/dev/full');
    expect([report.status, report.stderr]).toEqual([1, 'uno-extreme simulate: cannot write /dev/full: no space left on the device\n']);
    expect(report.stdout).toMatch(/^2 rounds · 4 players · rules extreme[^]*figure {2,}mean/);
    expect([node('/dev/null'), node('/dev/full')]).toEqual([NULL, FULL]);
    expect(readlinkSync(link)).toBe('/dev/null');
    // Four program starts, each a short simulation.
  }, 4 * PROGRAM_RUN_MS);

  it('fit --out: /dev/full (ENOSPC) and a missing folder (ENOENT) each give one line and exit 1', () => {
    const { dir, log } = pressLogIn(fresh());
    const full = run('fit', '--log', log, '--out', '/dev/full');
    expect([full.status, full.stderr]).toEqual([1, 'uno-extreme fit: cannot write /dev/full: no space left on the device\n']);
    const missing = run('fit', '--log', log, '--out', path.join(dir, 'nowhere', 'fit.json'));
    expect([missing.status, missing.stderr]).toEqual([1, `uno-extreme fit: cannot write ${path.join(dir, 'nowhere', 'fit.json')}: the folder ${path.join(dir, 'nowhere')} does not exist\n`]);
    expect(node('/dev/full')).toEqual(FULL);
    // Two program starts.
  }, 2 * PROGRAM_RUN_MS);

  it('fit --out: a folder not the user\'s (EACCES) gives one line and exit 1', (ctx) => {
    const { dir, log } = pressLogIn(fresh());
    // Root may write anywhere: the refusal is checked as "nobody", who must be able to run the
    // program where this clone is. A clone in a folder only its owner may enter (a root user's
    // home, a 0700 home, mktemp -d) cannot be: there the check is skipped, saying so.
    if (process.getuid?.() === 0 && !nobodyReads(BIN)) {
      return ctx.skip(`nobody (uid 65534) cannot read ${BIN}: the clone is in a folder only its owner may enter`);
    }
    const asNobody = process.getuid?.() === 0
      ? spawnSync(process.execPath, [BIN, 'fit', '--log', log, '--out', path.join(dir, 'fit.json')], { encoding: 'utf8', uid: 65534, gid: 65534, cwd: tmpdir() })
      : run('fit', '--log', log, '--out', '/proc/fit.json');
    expect(asNobody.status).toBe(1);
    expect(asNobody.stderr).toMatch(/^uno-extreme fit: cannot write \S*fit\.json: permission denied\n$/);
    // One program start, as another user.
  }, PROGRAM_RUN_MS);
});

/** A press log in `dir`, both readable by every user (the check as "nobody" reads it). */
function pressLogIn(dir: string): { dir: string; log: string } {
  const log = path.join(dir, 'presses.jsonl');
  writeFileSync(log, pressLog());
  chmodSync(dir, 0o755);
  chmodSync(log, 0o644);
  return { dir, log };
}

/** Whether user nobody may read `file` (every folder above it open to them). */
function nobodyReads(file: string): boolean {
  return spawnSync(process.execPath, ['-e', `require('fs').accessSync(${JSON.stringify(file)}, 4)`], { uid: 65534, gid: 65534, cwd: '/' }).status === 0;
}

describe('outputs checked before any work (issue 28)', () => {
  it('checkOutputs refuses a folder, a missing folder, two outputs on one file and an output on an input; allows a device twice', () => {
    const dir = fresh();
    const part = path.join(dir, 'part-0.json');
    writeFileSync(part, 'a part');
    symlinkSync(part, path.join(dir, 'link.json'));
    expect(() => checkOutputs([['--report', dir]])).toThrow(/^cannot write .*: is a folder: give a file name$/);
    expect(() => checkOutputs([['--csv', path.join(dir, 'no', 'x.csv')]])).toThrow(/^cannot write .*x\.csv: the folder .*no does not exist$/);
    expect(() => checkOutputs([['--csv', path.join(dir, 'a.csv')], ['--report', path.join(dir, '.', 'a.csv')]])).toThrow(/^cannot write .*a\.csv: --csv and --report both name it: give each output its own file$/);
    expect(() => checkOutputs([['--report', path.join(dir, 'link.json')]], [[`the part ${part}`, part]])).toThrow(/it is also the part .*part-0\.json, which --report would replace: give --report another file$/);
    expect(() => checkOutputs([['--csv', '/dev/null'], ['--report', '/dev/null'], ['--out', '-'], ['--save', undefined]])).not.toThrow();
    expect(() => checkOutputs([['--log', part, 'append']], [['--profile', 'seed-0-8']])).not.toThrow();
    expect(readFileSync(part, 'utf8')).toBe('a part');
  });

  it('simulate, merge, fit and launcher refuse a bad output in one line before any game or press', () => {
    const dir = fresh();
    // A million games would take minutes: an answer within the budget is one given before them.
    const sim = runFor(PROGRAM_RUN_MS, 'simulate', '--games', '1000000', '--seed', '1', '--csv', path.join(dir, 'games.csv'), '--report', path.join(dir, 'nowhere', 'r.html'));
    expect([sim.status, sim.stderr]).toEqual([1, `uno-extreme simulate: cannot write ${path.join(dir, 'nowhere', 'r.html')}: the folder ${path.join(dir, 'nowhere')} does not exist\n`]);
    expect(readdirSync(dir)).toEqual([]);
    const part = path.join(dir, 'part-0.json');
    writeFileSync(part, 'a part, whatever it holds');
    const merge = run('merge', part, '--report', part);
    expect([merge.status, merge.stderr]).toEqual([1, `uno-extreme merge: cannot write ${part}: it is also the part ${part}, which --report would replace: give --report another file\n`]);
    expect(readFileSync(part, 'utf8')).toBe('a part, whatever it holds');
    const log = path.join(dir, 'presses.jsonl');
    writeFileSync(log, pressLog());
    const fit = run('fit', '--log', log, '--out', log);
    expect([fit.status, fit.stderr]).toEqual([1, `uno-extreme fit: cannot write ${log}: it is also --log, which --out would replace: give --out another file\n`]);
    expect(readFileSync(log, 'utf8')).toBe(pressLog());
    const launcher = run('launcher', '--presses', '5', '--log', dir);
    expect([launcher.status, launcher.stderr]).toEqual([1, `uno-extreme launcher: cannot write ${dir}: is a folder: give a file name\n`]);
    // Four program starts that each end at their first check.
  }, 4 * PROGRAM_RUN_MS);
});

describe('torn press logs (issue 28)', () => {
  const lines = (text: string) => text.split('\n');

  it('launcher --log on a full disk leaves no half line, and the next run appends whole lines that fit reads', () => {
    const dir = fresh();
    const log = path.join(dir, 'presses.jsonl');
    // A 1 KiB file size limit is a disk that fills up part way through a line (a short write, then EFBIG).
    const full = spawnSync('bash', ['-c', `ulimit -f 1; exec "${process.execPath}" "${BIN}" launcher --presses 200 --seed 1 --log "${log}"`], { encoding: 'utf8' });
    expect(full.status).toBe(1);
    expect(full.stderr).toMatch(/^uno-extreme launcher: cannot write .*presses\.jsonl: larger than its file system allows \(the press log: every line before this press is kept whole\)\n$/);
    const torn = readFileSync(log, 'utf8');
    expect(torn.endsWith('\n')).toBe(true);
    expect(torn.length).toBeLessThanOrEqual(1024);
    const again = run('launcher', '--presses', '40', '--seed', '2', '--log', log);
    expect([again.status, again.stderr]).toEqual([0, '']);
    for (const l of lines(readFileSync(log, 'utf8')).slice(0, -1)) expect(() => JSON.parse(l), l).not.toThrow();
    expect(run('fit', '--log', log).status).toBe(0);
    // Three program starts, the first under a file size limit.
  }, 3 * PROGRAM_RUN_MS);

  it('a log ending in half a line: launcher cuts it off before appending, fit leaves it out, each saying so', () => {
    const dir = fresh();
    const log = path.join(dir, 'presses.jsonl');
    const whole = pressLog(40);
    writeFileSync(log, `${whole}{"t":1,"source":"ga`);
    const fit = run('fit', '--log', log, '--json');
    expect(fit.status).toBe(0);
    expect(fit.stderr).toBe(`uno-extreme fit: ${log}:41: the last line is cut short (no line end: a run stopped mid-write); left out\n`);
    expect(JSON.parse(fit.stdout).presses).toBeGreaterThan(0);
    // A damaged line that is not the last, or that ends with a line end, is still refused.
    writeFileSync(log, `${whole}{"t":1,"source":"ga\n`);
    expect(run('fit', '--log', log).stderr).toMatch(/presses\.jsonl:41: not valid JSON/);
    writeFileSync(log, `${whole}{"t":1,"source":"ga`);
    const launcher = run('launcher', '--presses', '3', '--seed', '1', '--log', log);
    expect([launcher.status, launcher.stderr]).toEqual([0, `uno-extreme launcher: ${log} ended in half a line (a run stopped mid-write): cut off\n`]);
    const after = readFileSync(log, 'utf8');
    expect(after.startsWith(whole)).toBe(true);
    expect(lines(after.slice(whole.length)).filter(Boolean).map((l) => JSON.parse(l).source)).toEqual(['profile:seed-0-8', 'profile:seed-0-8', 'profile:seed-0-8']);
    // Three program starts.
  }, 3 * PROGRAM_RUN_MS);

  it('launcher --log /dev/full says the disk is full in one line, and /dev/full stays a device', () => {
    const r = run('launcher', '--presses', '3', '--seed', '1', '--log', '/dev/full');
    expect([r.status, r.stderr]).toEqual([1, 'uno-extreme launcher: cannot write /dev/full: no space left on the device (the press log: every line before this press is kept whole)\n']);
    expect(statSync('/dev/full').isCharacterDevice()).toBe(true);
  });
});

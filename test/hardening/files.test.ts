/**
 * Issue 15, files: what a user hands the program is read only if it is a regular file of a
 * sane size, and what the program writes replaces a file only once it is whole.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPlaySave } from '../../cli/play/session.ts';
import { freeSavePath } from '../../cli/play.ts';
import { loadProfileFile } from '../../emulator/profileFile.ts';
import { claimPtyLink } from '../../firmware-bridge/pty-link.ts';
import { VirtualDevice } from '../../firmware-bridge/virtual-device.ts';
import { loadRulesFile, readSave } from '../../game/files.ts';
import { atomicWriteStream, READ_CAPS, readUserFile, writeFileAtomically } from '../../lib/files.ts';
import { BIN, run } from '../cli-run.ts';
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

/**
 * The rooms kept as files: a save does not touch the disk when it is made (a move never waits for
 * the disk), the newest save of each room is written after the wait, whole, and a server stopping
 * writes what still waits; a save that cannot be written is said, the earlier file kept.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { fileRoomStore } from '../../cli/rooms.ts';

function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'room-store-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Timers that fire only when the test says. */
function timers() {
  const due = new Map<number, () => void>();
  let id = 0;
  return {
    clock: { setTimeout: (f: () => void) => (due.set(++id, f), id), clearTimeout: (h: unknown) => void due.delete(h as number) },
    fire: () => {
      const now = [...due.values()];
      due.clear();
      for (const f of now) f();
    },
    count: () => due.size,
  };
}

describe('rooms kept as files', () => {
  it('writes each room\'s newest save after the wait, not as it is made, one wait at a time', async () => {
    const dir = folder();
    const t = timers();
    const store = fileRoomStore(dir, { clock: t.clock });
    for (let i = 1; i <= 50; i++) store.save('ABCDE', `{"move":${i}}`);
    store.save('FGHJK', '{"move":1}');
    expect(existsSync(path.join(dir, 'ABCDE.json'))).toBe(false);
    expect(t.count()).toBe(1);
    t.fire();
    // Saves made while the others are being written wait for the next time.
    store.save('ABCDE', '{"move":51}');
    expect(t.count()).toBe(0);
    await store.flush();
    expect(readFileSync(path.join(dir, 'ABCDE.json'), 'utf8')).toBe('{"move":51}');
    expect(readFileSync(path.join(dir, 'FGHJK.json'), 'utf8')).toBe('{"move":1}');
    expect(store.kept().sort()).toEqual(['{"move":1}', '{"move":51}']);
    expect(existsSync(path.join(dir, 'ABCDE.json.tmp'))).toBe(false);
  });

  it('a server stopping writes what waits; one that cannot be written is said, the earlier file kept', async () => {
    const dir = folder();
    const t = timers();
    const failed: string[] = [];
    const store = fileRoomStore(dir, { clock: t.clock, failed: (code, e) => failed.push(`${code}: ${e.message.split(':')[0]}`) });
    store.save('ABCDE', 'first');
    await store.flush();
    expect(readFileSync(path.join(dir, 'ABCDE.json'), 'utf8')).toBe('first');
    // Its temporary file's name taken by a folder: the write fails, the kept file stays whole.
    mkdirSync(path.join(dir, 'ABCDE.json.tmp'));
    store.save('ABCDE', 'second');
    await store.flush();
    expect(failed).toEqual(['ABCDE: EISDIR']);
    expect(readFileSync(path.join(dir, 'ABCDE.json'), 'utf8')).toBe('first');
  });
});

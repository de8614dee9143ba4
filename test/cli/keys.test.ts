/**
 * The terminal's keys (cli/play/keys.ts) read from a stream: a wait given up (a question withdrawn
 * in a catch race) rejects, and a key typed after it goes to the next wait, not to the one given up.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { KeyReader } from '../../cli/play/keys.ts';

describe('the terminal keys', () => {
  it('a wait given up rejects; the key typed after is the next wait’s', async () => {
    const input = new PassThrough() as unknown as NodeJS.ReadStream;
    const keys = new KeyReader(input);
    try {
      const given = new AbortController();
      const first = keys.next(given.signal);
      given.abort(new Error('withdrawn'));
      await expect(first).rejects.toThrow('withdrawn');
      (input as unknown as PassThrough).write('c');
      expect(await keys.next()).toBe('c');
    } finally {
      keys.close();
    }
  });
});

/**
 * test/tools.ts's needs(): a file the tests fetch (the real StandardFirmata) is required as a tool
 * is: a missing one skips with one line saying how to fetch it, and fails under CI.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FETCHED, MissingToolError, needs } from './tools.ts';

describe('needs() for a fetched file', () => {
  afterEach(() => {
    delete FETCHED['test-missing-hex'];
    vi.restoreAllMocks();
  });

  it('standard-firmata is one of them, fetched by its script', () => {
    expect(FETCHED['standard-firmata'].fetch).toBe('bash firmware-bridge/firmata/fetch-standard-firmata.sh');
  });

  it('missing: skipped locally with one line saying how to fetch it, said once; under CI a failure with the same advice', () => {
    FETCHED['test-missing-hex'] = { file: '/nonexistent/uno-extreme/test.hex', fetch: 'bash fetch-it.sh' };
    const said: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((t) => (said.push(String(t)), true));
    expect(needs('test-missing-hex', undefined, {})).toBe(false);
    expect(needs('test-missing-hex', undefined, {})).toBe(false);
    expect(said).toEqual(['skipped: the tests that need test-missing-hex, which has not been fetched (bash fetch-it.sh)\n']);
    expect(() => needs('test-missing-hex', undefined, { CI: 'true' })).toThrow(MissingToolError);
    expect(() => needs('test-missing-hex', undefined, { CI: 'true' })).toThrow('CI runs every test, and test-missing-hex has not been fetched: bash fetch-it.sh');
  });

  it('present: runs, whatever PATH holds', () => {
    FETCHED['test-missing-hex'] = { file: import.meta.filename, fetch: 'bash fetch-it.sh' };
    expect(needs('test-missing-hex', undefined, { PATH: '', CI: 'true' })).toBe(true);
  });
});

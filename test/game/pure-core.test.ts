import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The browser game bundles game/ and emulator/ as they are: only these files may reach the file system.
const NODE_ONLY = new Set(['game/files.ts', 'emulator/profileFile.ts']);

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

describe('the pure core bundles for a browser', () => {
  it('no module of game/ or emulator/ but the file-system ones imports a Node built-in', () => {
    const offenders = [...tsFiles('game'), ...tsFiles('emulator')]
      .filter((f) => !NODE_ONLY.has(f))
      .filter((f) => /from ['"](node:|fs['"]|path['"]|os['"])/.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });
});

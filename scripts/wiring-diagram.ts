/**
 * `npm run wiring`: writes the wiring table in firmware-bridge/HARDWARE.md, the wiring diagram and
 * the schematic from config.h's pins (firmware-bridge/wiring-diagram.ts). Run it after changing a
 * pin, and commit what it writes; test/firmware/wiring-diagram.test.ts fails until then.
 * `--check` writes nothing and exits 1 when a file is not what config.h makes.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { WIRING_FILES, wiringOutputs } from '../firmware-bridge/wiring-diagram.ts';

const check = process.argv.includes('--check');
const outputs = wiringOutputs(readFileSync(WIRING_FILES.config, 'utf8'), readFileSync(WIRING_FILES.hardwareMd, 'utf8'));
let stale = 0;
for (const [path, content] of Object.entries(outputs)) {
  if (existsSync(path) && readFileSync(path, 'utf8') === content) continue;
  stale++;
  if (check) console.error(`${path} is not what config.h makes: run npm run wiring`);
  else {
    writeFileSync(path, content);
    console.log(`wrote ${path}`);
  }
}
if (check && stale) process.exitCode = 1;

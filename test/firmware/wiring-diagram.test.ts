/**
 * The build guide's wiring (HARDWARE.md's table, the wiring diagram, the schematic) is generated
 * from config.h's pins (firmware-bridge/wiring-diagram.ts): the committed files must be what
 * config.h makes now, and a pin changed or added in config.h must change them or be refused.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readPins, WIRING_FILES, wiringOutputs, wiringSvg, schematicSvg, wiringTable } from '../../firmware-bridge/wiring-diagram.ts';

const config = readFileSync(WIRING_FILES.config, 'utf8');
const hardwareMd = readFileSync(WIRING_FILES.hardwareMd, 'utf8');

describe('the wiring diagram, the schematic and the wiring table', () => {
  it('are committed as config.h makes them (npm run wiring)', () => {
    for (const [path, made] of Object.entries(wiringOutputs(config, hardwareMd))) {
      expect(readFileSync(path, 'utf8'), `${path} is stale: run npm run wiring`).toBe(made);
    }
  });

  it('show every pin config.h defines, at the Arduino\'s header and as a net', () => {
    const pins = readPins(config);
    expect(pins.map((p) => p.pin)).toEqual(['D2', 'D3', 'D4', 'D8', 'D9', 'D10', 'D11', 'D12', 'A0']);
    const wiring = readFileSync(WIRING_FILES.wiringSvg, 'utf8');
    const schematic = readFileSync(WIRING_FILES.schematicSvg, 'utf8');
    for (const { pin, define } of pins) {
      expect(wiring).toContain(`font-weight="bold">${pin}</text>`);
      expect(schematic).toContain(`>Arduino ${pin}</text>`);
      expect(hardwareMd).toContain(`| ${pin} | \`${define}\` |`);
    }
  });

  it('a pin moved in config.h makes different files: the committed ones no longer match', () => {
    const moved = config.replace(/^#define PIN_BEAM 4\b/m, '#define PIN_BEAM 5');
    expect(moved).not.toBe(config);
    const made = wiringOutputs(moved, hardwareMd);
    for (const path of Object.values(WIRING_FILES).filter((p) => p !== WIRING_FILES.config)) {
      expect(made[path]).not.toBe(readFileSync(path, 'utf8'));
    }
    expect(wiringTable(moved)).toContain('| D5 | `PIN_BEAM` |');
    expect(wiringSvg(moved)).toContain('font-weight="bold">D5</text>');
    expect(schematicSvg(moved)).toContain('>Arduino D5</text>');
    // The PWM pins' timers follow the pin (HARDWARE.md, "Timers").
    expect(wiringTable(config.replace(/^#define PIN_MOTOR_PWM 11\b/m, '#define PIN_MOTOR_PWM 6'))).toContain('| D6 | `PIN_MOTOR_PWM` | TB6612 PWMA / L293D EN1,2 (pin 1), 10 kΩ to GND | OUTPUT, Timer0 PWM |');
  });

  it('a pin config.h gains that the diagram does not know is refused, with what to do', () => {
    const more = config.replace(/^#define PIN_BATTERY .*$/m, '$&\n#define PIN_LED 13');
    expect(() => wiringSvg(more)).toThrow(/config\.h defines PIN_LED \(D13\), which the wiring diagram does not know: describe it in ROLES and PARTS/);
    const fewer = config.replace(/^#define PIN_PIEZO .*\n/m, '');
    expect(() => wiringTable(fewer)).toThrow(/config\.h no longer defines PIN_PIEZO/);
  });
});

/**
 * The reference build's wiring, generated from the pin table the firmware compiles with
 * (`config.h`'s `#define PIN_*` lines), so the build guide cannot drift from the firmware: the
 * wiring table in HARDWARE.md, a wiring diagram and a schematic (SVG). `npm run wiring` writes
 * them (scripts/wiring-diagram.ts); test/firmware/wiring-diagram.test.ts requires the committed
 * files to be what this makes of config.h now. Pure and deterministic: text in, text out, no dates.
 */
import { fileURLToPath } from 'node:url';

/** One `#define PIN_<name> <pin>` of config.h: its name and the Arduino pin (`D2`, `A0`). */
export interface ConfigPin {
  define: string;
  pin: string;
}

/** Reads config.h's pin table, in the order it defines them. */
export function readPins(configH: string): ConfigPin[] {
  const pins: ConfigPin[] = [];
  for (const m of configH.matchAll(/^#define (PIN_\w+)\s+(\S+)/gm)) {
    const v = m[2];
    if (!/^A?\d+$/.test(v)) throw new Error(`config.h: ${m[1]} is "${v}"; the wiring diagram reads pins written as a number or A0..A5`);
    pins.push({ define: m[1], pin: v.startsWith('A') ? v : `D${v}` });
  }
  return pins;
}

/** The timer whose hardware PWM drives an ATmega328P pin (HARDWARE.md, "Timers"). */
function pwmTimer(pin: string): string {
  return ({ D3: 'Timer2', D11: 'Timer2', D5: 'Timer0', D6: 'Timer0', D9: 'Timer1', D10: 'Timer1' } as Record<string, string>)[pin] ?? 'no timer: not a PWM pin';
}

/** What each pin of config.h is for: the wiring table's columns after the pin. */
const ROLES: Record<string, { goesTo: string; mode: (pin: string) => string; meaning: string }> = {
  PIN_BUTTON: { goesTo: 'button, other side to GND', mode: () => 'INPUT_PULLUP', meaning: 'LOW = pressed (debounced 20 ms)' },
  PIN_LID: {
    goesTo: 'lid switch, other side to GND; closed when the lid is shut',
    mode: () => 'INPUT_PULLUP, pin-change interrupt',
    meaning: 'HIGH = open: the interrupt cuts the motor at once. A cut wire reads open: the motor stays blocked',
  },
  PIN_BEAM: {
    goesTo: 'break-beam receiver output (white/yellow); its red to 5 V, black to GND',
    mode: () => 'INPUT_PULLUP',
    meaning: 'LOW = beam broken by a card. The emitter: red to 5 V, black to GND',
  },
  PIN_PIEZO: { goesTo: 'piezo through 100 Ω, other side to GND', mode: () => 'OUTPUT', meaning: 'square wave from Timer2' },
  PIN_MOTOR_DIR_B: { goesTo: 'TB6612 AIN2 / L293D 2A (pin 7), 10 kΩ to GND', mode: () => 'OUTPUT', meaning: 'HIGH in reverse' },
  PIN_SERVO: {
    goesTo: 'servo signal (orange); servo red to battery +, brown to GND',
    mode: (pin) => `OUTPUT, ${pwmTimer(pin)} PWM`,
    meaning: '544..2400 µs pulse, 50 Hz = 0..180° (the turntable turns twice that: "Turntable")',
  },
  PIN_MOTOR_PWM: {
    goesTo: 'TB6612 PWMA / L293D EN1,2 (pin 1), 10 kΩ to GND',
    mode: (pin) => `OUTPUT, ${pwmTimer(pin)} PWM`,
    meaning: 'motor speed, 3.9 kHz',
  },
  PIN_MOTOR_DIR_A: { goesTo: 'TB6612 AIN1 / L293D 1A (pin 2), 10 kΩ to GND', mode: () => 'OUTPUT', meaning: 'HIGH forward' },
  PIN_BATTERY: {
    goesTo: 'middle of the divider: battery + → 100 kΩ → {pin} → 22 kΩ → GND; 100 nF from {pin} to GND',
    mode: () => 'analog, 1.1 V internal reference',
    meaning: 'battery volts',
  },
};

/** A part's terminal: its label and the net it is on (a config.h pin's define, or a named net). */
interface Terminal {
  label: string;
  net: string;
}

/** A part of the build, with its terminals in the order they are drawn. */
interface Part {
  name: string;
  detail: string;
  terminals: Terminal[];
}

const t = (label: string, net: string): Terminal => ({ label, net });

/** Every part, top to bottom as drawn. Nets named `PIN_*` are config.h's pins, resolved at drawing. */
const PARTS: Part[] = [
  { name: 'Push button', detail: 'the launcher\'s own, or 6 mm', terminals: [t('1', 'PIN_BUTTON'), t('2', 'GND')] },
  { name: 'Lid switch', detail: 'closed when the lid is shut', terminals: [t('COM', 'PIN_LID'), t('NO', 'GND')] },
  { name: 'IR break-beam receiver', detail: 'open collector: LOW = broken', terminals: [t('signal (white)', 'PIN_BEAM'), t('red', '5V'), t('black', 'GND')] },
  { name: 'IR break-beam emitter', detail: 'facing the receiver across the card mouth', terminals: [t('red', '5V'), t('black', 'GND')] },
  { name: 'Piezo + 100 Ω', detail: 'passive: the firmware makes the pitch', terminals: [t('via 100 Ω', 'PIN_PIEZO'), t('−', 'GND')] },
  { name: 'Servo SG90 / MG90S', detail: 'turns the turntable (2:1 gearing)', terminals: [t('signal (orange)', 'PIN_SERVO'), t('+ (red)', 'BAT+'), t('− (brown)', 'GND')] },
  {
    name: 'TB6612FNG motor driver',
    detail: 'channel A; 470 µF from VM to GND',
    terminals: [
      t('PWMA', 'PIN_MOTOR_PWM'), t('AIN1', 'PIN_MOTOR_DIR_A'), t('AIN2', 'PIN_MOTOR_DIR_B'), t('VCC', '5V'), t('STBY', '5V'),
      t('VM', 'BAT+'), t('GND', 'GND'), t('AO1', 'MOTOR_1'), t('AO2', 'MOTOR_2'),
    ],
  },
  { name: 'Pull-downs 3 × 10 kΩ', detail: 'at the driver: motor off while the chip resets', terminals: [t('R1', 'PIN_MOTOR_PWM'), t('R2', 'PIN_MOTOR_DIR_A'), t('R3', 'PIN_MOTOR_DIR_B'), t('other ends', 'GND')] },
  { name: 'DC motor (the toy\'s)', detail: '100 nF across its terminals', terminals: [t('+', 'MOTOR_1'), t('−', 'MOTOR_2')] },
  { name: 'Battery divider', detail: '100 kΩ over 22 kΩ (1 %), 100 nF', terminals: [t('top 100 kΩ', 'BAT+'), t('middle', 'PIN_BATTERY'), t('bottom 22 kΩ', 'GND')] },
  { name: 'Battery pack 3 × C', detail: '4.5 V: motor and servo', terminals: [t('+', 'BAT+'), t('−', 'GND')] },
];

/** The Arduino's own power pins, after the pins of config.h on its header. */
const ARDUINO_POWER: Terminal[] = [t('5V', '5V'), t('GND', 'GND')];

/** Colours of the named nets; a pin's wire takes one from {@link PIN_COLOURS} by its place. */
const NET_COLOURS: Record<string, string> = { '5V': '#c0392b', 'BAT+': '#d35400', GND: '#222222', MOTOR_1: '#7d3c98', MOTOR_2: '#7d3c98' };
const PIN_COLOURS = ['#1f77b4', '#2ca02c', '#8c564b', '#e377c2', '#17becf', '#bcbd22', '#9467bd', '#ff7f0e', '#0b6e4f', '#5d6d7e'];

/** A net's name as drawn: a pin's Arduino name, or the named net's. */
function netName(net: string, pins: Map<string, string>): string {
  if (net.startsWith('PIN_')) {
    const pin = pins.get(net);
    if (!pin) throw new Error(`the wiring diagram wires ${net}, which config.h does not define: update PARTS in firmware-bridge/wiring-diagram.ts`);
    return pin;
  }
  return net === 'MOTOR_1' ? 'AO1' : net === 'MOTOR_2' ? 'AO2' : net;
}

/** Checks that config.h's pins and this file's roles are the same set; returns them by define. */
function pinMap(configH: string): Map<string, string> {
  const pins = readPins(configH);
  for (const p of pins) {
    if (!ROLES[p.define]) throw new Error(`config.h defines ${p.define} (${p.pin}), which the wiring diagram does not know: describe it in ROLES and PARTS of firmware-bridge/wiring-diagram.ts, then npm run wiring`);
  }
  for (const define of Object.keys(ROLES)) {
    if (!pins.some((p) => p.define === define)) throw new Error(`config.h no longer defines ${define}: remove it from firmware-bridge/wiring-diagram.ts, then npm run wiring`);
  }
  return new Map(pins.map((p) => [p.define, p.pin]));
}

/** D pins before A pins, each by number: the header's order. */
function pinOrder(a: string, b: string): number {
  const key = (p: string) => (p.startsWith('A') ? 100 : 0) + Number(p.replace(/^[AD]/, ''));
  return key(a) - key(b);
}

/** The wiring table of HARDWARE.md (markdown), one row per config.h pin in header order, then power. */
export function wiringTable(configH: string): string {
  const pins = [...pinMap(configH)].sort(([, a], [, b]) => pinOrder(a, b));
  const rows = pins.map(([define, pin]) => {
    const r = ROLES[define];
    return `| ${pin} | \`${define}\` | ${r.goesTo.replaceAll('{pin}', pin)} | ${r.mode(pin)} | ${r.meaning} |`;
  });
  return [
    '| Arduino pin | config.h | goes to | mode | meaning |',
    '|---|---|---|---|---|',
    ...rows,
    '| 5V | | TB6612 VCC and STBY / L293D VCC1 (pin 16); break-beam sensor | | logic supply |',
    '| GND | | battery −, driver GND, servo, sensor, switches | | **one common ground** |',
  ].join('\n');
}

/** Replaces what is between `<!-- wiring -->` and `<!-- /wiring -->` in HARDWARE.md with the table. */
export function withWiringTable(hardwareMd: string, configH: string): string {
  const m = /(<!-- wiring -->\n)[\s\S]*?(<!-- \/wiring -->)/.exec(hardwareMd);
  if (!m) throw new Error('HARDWARE.md has no <!-- wiring --> … <!-- /wiring --> markers for the generated wiring table');
  const note = '<!-- Generated from config.h by `npm run wiring` (firmware-bridge/wiring-diagram.ts): edit those, not this table. -->\n';
  return hardwareMd.slice(0, m.index) + m[1] + note + wiringTable(configH) + '\n' + m[2] + hardwareMd.slice(m.index + m[0].length);
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const text = (x: number, y: number, s: string, attrs = '') => `<text x="${x}" y="${y}"${attrs ? ` ${attrs}` : ''}>${esc(s)}</text>`;

/** An SVG document: white background (readable in a dark theme and in print), one font. */
function svg(width: number, height: number, title: string, body: string[]): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Helvetica, Arial, sans-serif" font-size="13">`,
    `<title>${esc(title)}</title>`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    ...body,
    '</svg>',
    '',
  ].join('\n');
}

const ROW = 20;
const HEAD = 40;

/**
 * The wiring diagram: the Arduino's header on the left (config.h's pins, then 5V and GND), the parts
 * on the right. A pin's wire goes to the first part on its net; every other terminal on a net is
 * marked with the net's name (a net label: the same name is the same wire).
 */
export function wiringSvg(configH: string): string {
  const pins = pinMap(configH);
  const header: Terminal[] = [...pins].sort(([, a], [, b]) => pinOrder(a, b)).map(([define, pin]) => t(pin, define)).concat(ARDUINO_POWER);
  const colour = new Map<string, string>();
  header.forEach((h, i) => colour.set(h.net, NET_COLOURS[h.net] ?? PIN_COLOURS[i % PIN_COLOURS.length]));
  const colourOf = (net: string) => colour.get(net) ?? NET_COLOURS[net] ?? '#444444';
  const body: string[] = [];
  const partX = 560;
  const partW = 380;
  // Parts, stacked; where each terminal is.
  const at = new Map<Terminal, number>();
  let y = 60;
  for (const part of PARTS) {
    const h = HEAD + part.terminals.length * ROW + 6;
    body.push(`<rect x="${partX}" y="${y}" width="${partW}" height="${h}" rx="6" fill="#f7f7f7" stroke="#555555"/>`);
    body.push(text(partX + 10, y + 17, part.name, 'font-weight="bold"'));
    body.push(text(partX + 10, y + 33, part.detail, 'font-size="11" fill="#555555"'));
    part.terminals.forEach((term, i) => {
      const ty = y + HEAD + i * ROW + 10;
      at.set(term, ty);
      body.push(`<circle cx="${partX}" cy="${ty}" r="3" fill="${colourOf(term.net)}"/>`);
      body.push(text(partX + 10, ty + 4, term.label));
    });
    y += h + 12;
  }
  const height = y + 10;
  // The Arduino's header: one pin per row, centred against the parts.
  const boardX = 30;
  const boardW = 170;
  const boardY = 60;
  const boardH = HEAD + header.length * ROW + 6;
  body.push(`<rect x="${boardX}" y="${boardY}" width="${boardW}" height="${boardH}" rx="6" fill="#e8f1f8" stroke="#1d4e89"/>`);
  body.push(text(boardX + 10, boardY + 17, 'Arduino Uno / Nano', 'font-weight="bold"'));
  body.push(text(boardX + 10, boardY + 33, 'ATmega328P, 5 V, on USB', 'font-size="11" fill="#555555"'));
  const wired = new Set<string>();
  let channel = 0;
  header.forEach((h, i) => {
    const py = boardY + HEAD + i * ROW + 10;
    const x = boardX + boardW;
    body.push(text(x - 10, py + 4, h.label, 'text-anchor="end" font-weight="bold"'));
    body.push(`<circle cx="${x}" cy="${py}" r="3" fill="${colourOf(h.net)}"/>`);
    // A config.h pin: one wire to the first part on its net, in a channel of its own.
    const first = PARTS.flatMap((p) => p.terminals).find((term) => term.net === h.net);
    if (h.net.startsWith('PIN_') && first) {
      wired.add(h.net);
      const cx = 240 + channel++ * 22;
      const ty = at.get(first)!;
      body.push(`<path d="M${x} ${py} H${cx} V${ty} H${partX}" fill="none" stroke="${colourOf(h.net)}" stroke-width="2.5"/>`);
      body.push(text(cx + 4, ty - 4, h.label, `font-size="11" fill="${colourOf(h.net)}" font-weight="bold"`));
    } else {
      body.push(netLabel(x + 6, py, netName(h.net, pins), colourOf(h.net), 'start'));
    }
  });
  // Every terminal not reached by a wire carries its net's name.
  for (const part of PARTS) {
    for (const term of part.terminals) {
      const ty = at.get(term)!;
      const first = PARTS.flatMap((p) => p.terminals).find((o) => o.net === term.net);
      if (wired.has(term.net) && first === term) continue;
      body.push(netLabel(partX - 6, ty, netName(term.net, pins), colourOf(term.net), 'end'));
    }
  }
  body.push(text(30, 30, 'uno-extreme launcher: wiring (pins from config.h; same name = same wire)', 'font-size="15" font-weight="bold"'));
  body.push(text(boardX, boardY + boardH + 24, 'All grounds are one: battery −,', 'font-size="11"'));
  body.push(text(boardX, boardY + boardH + 40, 'Arduino GND, driver, servo, sensors.', 'font-size="11"'));
  return svg(960, height, 'uno-extreme launcher wiring diagram', body);
}

/** A net's name in a coloured tag beside a terminal, pointing at it. */
function netLabel(x: number, y: number, name: string, colour: string, anchor: 'start' | 'end'): string {
  const w = name.length * 8 + 10;
  const left = anchor === 'start' ? x : x - w;
  return `<g><rect x="${left}" y="${y - 9}" width="${w}" height="18" rx="3" fill="#ffffff" stroke="${colour}"/>${text(left + w / 2, y + 4, name, `text-anchor="middle" font-size="11" fill="${colour}" font-weight="bold"`)}</g>`;
}

/**
 * The schematic as nets: one line per net (config.h's pins in header order, then the motor's,
 * the supplies and ground), a dot for each terminal on it, named by its part.
 */
export function schematicSvg(configH: string): string {
  const pins = pinMap(configH);
  const nets = new Map<string, string[]>();
  const add = (net: string, who: string) => nets.set(net, [...(nets.get(net) ?? []), who]);
  for (const [define, pin] of pins) add(define, `Arduino ${pin}`);
  for (const p of ARDUINO_POWER) add(p.net, `Arduino ${p.label}`);
  for (const part of PARTS) for (const term of part.terminals) add(term.net, `${part.name}: ${term.label}`);
  const named = ['MOTOR_1', 'MOTOR_2', '5V', 'BAT+', 'GND'];
  const order = [...pins].sort(([, a], [, b]) => pinOrder(a, b)).map(([define]) => define).concat(named);
  const body: string[] = [text(30, 30, 'uno-extreme launcher: schematic as nets (pins from config.h)', 'font-size="15" font-weight="bold"')];
  let y = 60;
  order.forEach((net, i) => {
    const members = nets.get(net) ?? [];
    const colour = NET_COLOURS[net] ?? PIN_COLOURS[i % PIN_COLOURS.length];
    const perLine = 3;
    const lines = Math.ceil(members.length / perLine);
    body.push(text(30, y + 4, netName(net, pins), `font-weight="bold" fill="${colour}"`));
    // The net's line under its dots; a long net goes on over more lines.
    for (let l = 0; l < lines; l++) {
      const ly = y + l * 22;
      const end = 110 + (Math.min(perLine, members.length - l * perLine) - 1) * 280;
      body.push(`<path d="M90 ${ly} H${end}" stroke="${colour}" stroke-width="2"/>`);
    }
    members.forEach((m, k) => {
      const ly = y + Math.floor(k / perLine) * 22;
      const x = 110 + (k % perLine) * 280;
      body.push(`<circle cx="${x}" cy="${ly}" r="4" fill="${colour}"/>`);
      // On a white ground of its own: the net's line runs on behind the name.
      body.push(`<rect x="${x + 6}" y="${ly - 9}" width="${m.length * 7 + 6}" height="18" fill="#ffffff"/>`);
      body.push(text(x + 9, ly + 4, m));
    });
    y += lines * 22 + 14;
  });
  return svg(960, y + 10, 'uno-extreme launcher schematic (nets)', body);
}

/** The files this makes, and config.h it reads (absolute paths). */
export const WIRING_FILES = {
  config: fileURLToPath(new URL('./firmware/uno_extreme_launcher/config.h', import.meta.url)),
  hardwareMd: fileURLToPath(new URL('./HARDWARE.md', import.meta.url)),
  wiringSvg: fileURLToPath(new URL('./wiring-diagram.svg', import.meta.url)),
  schematicSvg: fileURLToPath(new URL('./schematic.svg', import.meta.url)),
} as const;

/** Every generated file's content by path, from config.h's text and HARDWARE.md's as it is. */
export function wiringOutputs(configH: string, hardwareMd: string): Record<string, string> {
  return {
    [WIRING_FILES.hardwareMd]: withWiringTable(hardwareMd, configH),
    [WIRING_FILES.wiringSvg]: wiringSvg(configH),
    [WIRING_FILES.schematicSvg]: schematicSvg(configH),
  };
}

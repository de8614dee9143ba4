/**
 * `uno-extreme ports`: the serial ports a launcher could be on, also where udev is missing.
 */
import type { Command, ParsedArgs } from './args.ts';

/** The `ports` command. */
export const portsCommand: Command = {
  name: 'ports',
  options: {
    json: { type: 'boolean' },
    all: { type: 'boolean' },
  },
  examples: ['uno-extreme ports', 'uno-extreme ports --json'],
  async run(args: ParsedArgs): Promise<number> {
    // serialport is loaded here, not at every start of the program.
    const { listPorts } = await import('../firmware-bridge/ports.ts');
    const { ports: all, note } = await listPorts({ builtIn: Boolean(args.values.all) });
    if (args.values.json) {
      console.log(JSON.stringify({ ports: all, ...(note ? { note } : {}) }));
      return 0;
    }
    if (note) console.error(`note: ${note}`);
    if (all.length === 0) {
      console.log('No serial port found. Plug the launcher\'s board in (a data USB cable, not a charge-only one),');
      console.log('or try the whole host side without hardware: `uno-extreme device --pty`.');
      return 0;
    }
    const w = Math.max(4, ...all.map((p) => p.path.length)) + 2;
    console.log(`${'path'.padEnd(w)}${'found by'.padEnd(10)}details`);
    for (const p of all) {
      const details = [p.manufacturer, p.vendorId && `${p.vendorId}:${p.productId ?? '?'}`, p.serialNumber && `s/n ${p.serialNumber}`, p.target && `→ ${p.target}`]
        .filter(Boolean)
        .join(', ');
      console.log(`${p.path.padEnd(w)}${p.via.padEnd(10)}${details}`);
    }
    return 0;
  },
};

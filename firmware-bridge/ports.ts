/**
 * Finding serial ports, also where udev is missing (containers, CI): `SerialPort.list()` spawns
 * `udevadm` on Linux and fails without it; then the /dev folder is scanned for the names serial
 * devices take.
 */
import { readdirSync, realpathSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { SerialPort } from 'serialport';

/** A serial port as listed. */
export interface PortInfo {
  path: string;
  /** What found it: the system's list, or a scan of /dev. */
  via: 'list' | 'dev-scan';
  manufacturer?: string;
  vendorId?: string;
  productId?: string;
  serialNumber?: string;
  /** A symlink (e.g. socat's `link=`) points here. */
  target?: string;
}

/** Device names serial adapters, boards and pseudo-terminals take under /dev. */
const SERIAL_NAME = /^(ttyACM\d+|ttyUSB\d+|ttyAMA\d+|ttyS\d+|tty\.usb.*|cu\.usb.*|rfcomm\d+|serial\d*)$/;

/** The built-in UARTs of a PC: listed only when asked for (see {@link scanDev}). */
const BUILT_IN = /^ttyS\d+$/;

/** Scans a folder for serial device names (and symlinks to them). Exported for tests. */
export function scanDev(dir = '/dev', extra: RegExp | null = null): PortInfo[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const out: PortInfo[] = [];
  for (const name of names.sort()) {
    if (!SERIAL_NAME.test(name) && !(extra && extra.test(name))) continue;
    const path = `${dir}/${name}`;
    try {
      const st = statSync(path);
      if (!st.isCharacterDevice()) continue;
      const real = realpathSync(path);
      // ttyS0..31 exist on most PCs with nothing behind them: list them only when asked for.
      if (BUILT_IN.test(name) && !extra) continue;
      out.push({ path, via: 'dev-scan', ...(real !== path ? { target: real } : {}) });
    } catch {
      // vanished between readdir and stat: not a port any more
    }
  }
  return out;
}

/**
 * Lists serial ports: the system's list where it works, else a /dev scan. Never throws for a
 * missing udevadm; says in `note` which way it went. With `builtIn`, the ttyS* ports (and anything
 * else a /dev scan finds that the system's list lacks) follow the usual ones: /dev is still
 * scanned once. `dir` is the folder scanned (/dev; another one in tests).
 */
export async function listPorts(o: { builtIn?: boolean; dir?: string } = {}): Promise<{ ports: PortInfo[]; note?: string }> {
  const dir = o.dir ?? '/dev';
  let ports: PortInfo[];
  let note: string | undefined;
  let scanned: PortInfo[] | null = null;
  try {
    const list = await SerialPort.list();
    ports = list.map((p) => ({
      path: p.path, via: 'list' as const,
      ...(p.manufacturer ? { manufacturer: p.manufacturer } : {}),
      ...(p.vendorId ? { vendorId: p.vendorId } : {}),
      ...(p.productId ? { productId: p.productId } : {}),
      ...(p.serialNumber ? { serialNumber: p.serialNumber } : {}),
    }));
  } catch (e) {
    scanned = scanDev(dir, o.builtIn ? BUILT_IN : null);
    ports = scanned.filter((p) => !BUILT_IN.test(basename(p.path)));
    note = `the system's port list failed (${(e as Error).message}); scanned ${dir} instead`;
  }
  if (o.builtIn) {
    const more = (scanned ?? scanDev(dir, BUILT_IN)).filter((p) => !ports.some((q) => q.path === p.path));
    ports = [...ports, ...more];
  }
  return { ports, ...(note ? { note } : {}) };
}

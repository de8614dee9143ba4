/**
 * A virtual launcher on a pseudo-terminal: the compiled firmware on the emulated board
 * (`avr/rig.ts`), its serial port bridged by `socat` to a PTY that any host opens like a real
 * `/dev/ttyACM0`. Like a real Uno, the board resets each time the host opens the port, so the host
 * sees the `HELLO` line; the reset is an external one, as DTR's, so the card and press counters
 * carry on (`HELLO ... boot=warm`). The CPU is paced to the wall clock (it runs about real time).
 *
 * Run it with `uno-extreme device --pty [--link /tmp/uno-extreme] [--seed N]` (cli/device-cmd.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readlinkSync } from 'node:fs';
import { firmwareHex } from './avr/firmware.ts';
import { LauncherRig, type RigOptions } from './avr/rig.ts';
import { claimPtyLink, linkProblem, LinkError } from './pty-link.ts';

/** How the virtual device is made. */
export interface VirtualDeviceOptions {
  /** Path of the symbolic link to the PTY that the host opens (default `/tmp/uno-extreme`). */
  link?: string;
  /** Firmware image; default: built from this repository. */
  hex?: string;
  seed?: number;
  roller?: RigOptions['roller'];
  /** Hears socat's notices (for logs). */
  log?: (line: string) => void;
}

/** The most simulated time run in one go, ms: a late event loop catches up in steps. */
const MAX_STEP_MS = 20;

/** A running virtual device. */
export class VirtualDevice {
  readonly link: string;
  readonly rig: LauncherRig;
  private socat: ChildProcess | null = null;
  private closing = false;
  private timer: NodeJS.Immediate | NodeJS.Timeout | null = null;
  private wallStart = performance.now();
  /** The host has the port open: bytes go to it (before that they would reach it stale). */
  private connected = false;
  /** A socat waits for the host to open the PTY. */
  private listening = false;
  private onListening: (() => void)[] = [];
  private out: number[] = [];

  private constructor(o: VirtualDeviceOptions) {
    this.link = o.link ?? '/tmp/uno-extreme';
    this.rig = new LauncherRig({ hex: o.hex ?? firmwareHex().hex, seed: o.seed, roller: o.roller, record: false });
    this.rig.onSerial((b) => this.out.push(b));
    this.log = o.log ?? (() => {});
  }

  private readonly log: (line: string) => void;

  /** Gives the link path back (see pty-link.ts). */
  private releaseLink: () => void = () => {};

  /**
   * Starts socat and the emulated board; resolves when the PTY link exists. Throws a
   * `LinkError` when the link path is taken (a file, another virtual launcher's link) or cannot be made.
   */
  static async start(o: VirtualDeviceOptions = {}): Promise<VirtualDevice> {
    const d = new VirtualDevice(o);
    d.releaseLink = claimPtyLink(d.link);
    try {
      await d.spawnSocat();
    } catch (e) {
      d.closing = true;
      d.releaseLink();
      throw e;
    }
    d.pace();
    return d;
  }

  /**
   * One socat per connection: it waits for the host to open the PTY, and exits when the host
   * closes it; then a fresh one waits for the next open.
   */
  private spawnSocat(): Promise<void> {
    return new Promise((resolve, reject) => {
      // Between two connections the path is free: what appeared there meanwhile is not replaced.
      const problem = linkProblem(this.link);
      if (problem) return reject(new LinkError(problem));
      const args = ['-d', '-d', `PTY,raw,echo=0,link=${this.link},wait-slave,pty-interval=0.02`, 'STDIO'];
      const p = spawn('socat', args, { stdio: ['pipe', 'pipe', 'pipe'] });
      this.socat = p;
      let ready = false;
      let failure = '';
      p.on('error', (e) => reject(new Error(`cannot run socat (${e.message}): apt install socat`)));
      // socat says which PTY it opened, then makes the link without a word: ready once the link
      // points at that PTY (a link it could not make ends socat with an error line).
      const whenLinked = (pty: string, tries = 0) => {
        if (p.exitCode !== null || p.signalCode !== null) return;
        let target = '';
        try {
          target = readlinkSync(this.link);
        } catch {
          // not made yet
        }
        if (target !== pty) return void (tries < 1000 ? setTimeout(() => whenLinked(pty, tries + 1), 2) : p.kill('SIGTERM'));
        ready = this.listening = true;
        for (const l of this.onListening.splice(0)) l();
        resolve();
      };
      p.stderr!.setEncoding('utf8').on('data', (text: string) => {
        for (const line of text.split('\n').filter(Boolean)) {
          this.log(line);
          if (/ E /.test(line)) failure = line.replace(/^.* E /, '');
          const opened = / PTY is (\S+)/.exec(line);
          if (!ready && opened) whenLinked(opened[1]);
          if (/starting data transfer loop/.test(line)) this.hostOpened();
        }
      });
      p.stdout!.on('data', (chunk: Buffer) => this.rig.sendRaw(chunk));
      p.on('exit', (code) => {
        this.connected = this.listening = false;
        if (!ready) reject(new Error(`socat exited (${code}) before making ${this.link}${failure ? `: ${failure}` : ': is the path writable?'}`));
        if (!this.closing) void this.spawnSocat().catch((e: Error) => this.log(e.message));
      });
    });
  }

  /** The host opened the port: reset the board, as DTR does on a real Uno (an external reset: SRAM kept). */
  private hostOpened(): void {
    this.out = [];
    this.rig.reset('external');
    this.wallStart = performance.now();
    this.connected = true;
    this.listening = false;
  }

  /**
   * Resolves when the PTY is ready for the next open: after a host closes the port, a new socat
   * takes a few milliseconds to make the link again.
   */
  whenListening(): Promise<void> {
    return this.listening ? Promise.resolve() : new Promise((resolve) => this.onListening.push(resolve));
  }

  /** Runs the emulated CPU to keep up with the wall clock, and forwards what it transmits. */
  private pace(): void {
    if (this.closing) return;
    const behind = performance.now() - this.wallStart - this.rig.ms;
    if (behind > 0) this.rig.runFor(Math.min(behind, MAX_STEP_MS));
    if (this.out.length > 0 && this.connected && this.socat?.stdin?.writable) this.socat.stdin.write(Buffer.from(this.out));
    this.out = [];
    this.timer = behind > 1 ? setImmediate(() => this.pace()) : setTimeout(() => this.pace(), 1);
  }

  /**
   * The cable is pulled: the PTY vanishes under the host while the board runs on (its watchdog
   * stops the motor when the host goes silent); a fresh PTY appears at the same path for the
   * host's reconnect, and opening it resets the board as DTR does.
   */
  unplug(): void {
    this.connected = false;
    this.socat?.kill('SIGKILL');
  }

  /** A person presses the button for 80 ms. */
  press(): void {
    this.rig.setButton(true);
    setTimeout(() => this.rig.setButton(false), 80);
  }

  /** Stops socat and the board; the PTY link goes away. */
  async close(): Promise<void> {
    this.closing = true;
    if (this.timer) clearTimeout(this.timer as NodeJS.Timeout), clearImmediate(this.timer as NodeJS.Immediate);
    const p = this.socat;
    if (p && p.exitCode === null) {
      await new Promise<void>((resolve) => {
        p.once('exit', () => resolve());
        p.kill('SIGTERM');
      });
    }
    this.releaseLink();
  }
}

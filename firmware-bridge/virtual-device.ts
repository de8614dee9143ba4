/**
 * A virtual launcher on a pseudo-terminal: the compiled firmware on the emulated board behind its
 * line transport (`avr/transport.ts`), bridged by `socat` to a PTY that any host opens like a real
 * `/dev/ttyACM0`. Each open of the PTY is an open of the transport, so the board resets as a real
 * Uno does and the host sees the `HELLO` line; the reset is an external one, as DTR's, so the card
 * and press counters carry on (`HELLO ... boot=warm`). The CPU is paced to the wall clock.
 *
 * Run it with `uno-extreme device --pty [--link /tmp/uno-extreme] [--seed N]` (cli/device-cmd.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readlinkSync } from 'node:fs';
import { firmwareHex } from './avr/firmware.ts';
import { LauncherRig, type RigOptions } from './avr/rig.ts';
import { EmulatedLauncher, paceToWallClock } from './avr/transport.ts';
import { claimPtyLink, linkProblem, LinkError } from './pty-link.ts';
import type { Connection } from './transport.ts';

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

/** A running virtual device. */
export class VirtualDevice {
  readonly link: string;
  readonly emu: EmulatedLauncher;
  private socat: ChildProcess | null = null;
  private closing = false;
  private stopPacing: () => void = () => {};
  /** The host's connection through the board's transport, while it has the PTY open. */
  private conn: Connection | null = null;
  /** A socat waits for the host to open the PTY. */
  private listening = false;
  private onListening: (() => void)[] = [];

  private constructor(o: VirtualDeviceOptions) {
    this.link = o.link ?? '/tmp/uno-extreme';
    this.emu = new EmulatedLauncher(new LauncherRig({ hex: o.hex ?? firmwareHex().hex, seed: o.seed, roller: o.roller, record: false }), this.link);
    this.log = o.log ?? (() => {});
  }

  /** The emulated launcher (board, roller, button, lid). */
  get rig(): LauncherRig {
    return this.emu.rig;
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
    d.stopPacing = paceToWallClock(d.emu);
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
      p.stdout!.on('data', (chunk: Buffer) => this.conn?.write(chunk.toString('latin1')));
      p.on('exit', (code) => {
        this.listening = false;
        void this.conn?.close();
        this.conn = null;
        if (!ready) reject(new Error(`socat exited (${code}) before making ${this.link}${failure ? `: ${failure}` : ': is the path writable?'}`));
        if (!this.closing) void this.spawnSocat().catch((e: Error) => this.log(e.message));
      });
    });
  }

  /** The host opened the PTY: it opens the board's transport, which resets the board as DTR does (an external reset: SRAM kept). */
  private hostOpened(): void {
    this.listening = false;
    const p = this.socat;
    this.emu.plug();
    void this.emu.transport.open({ data: (chunk) => p?.stdin?.writable && p.stdin.write(chunk), ended: () => {} }).then((c) => {
      if (this.socat === p && p?.exitCode === null) this.conn = c;
      else void c.close();
    }, (e: Error) => this.log(`the emulated board refused the host: ${e.message}`));
  }

  /**
   * Resolves when the PTY is ready for the next open: after a host closes the port, a new socat
   * takes a few milliseconds to make the link again.
   */
  whenListening(): Promise<void> {
    return this.listening ? Promise.resolve() : new Promise((resolve) => this.onListening.push(resolve));
  }

  /**
   * The cable is pulled: the PTY vanishes under the host while the board runs on (its watchdog
   * stops the motor when the host goes silent); a fresh PTY appears at the same path for the
   * host's reconnect, and opening it resets the board as DTR does.
   */
  unplug(): void {
    this.emu.unplug();
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
    this.stopPacing();
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

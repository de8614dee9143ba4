/**
 * A virtual launcher on a pseudo-terminal: the compiled firmware on the emulated board behind its
 * line transport (`avr/transport.ts`), bridged by `socat` to a PTY that any host opens like a real
 * `/dev/ttyACM0`. Each open of the PTY is an open of the transport, so the board resets as a real
 * Uno does and the host sees the `HELLO` line; the reset is an external one, as DTR's, so the card
 * and press counters carry on (`HELLO ... boot=warm`). The CPU is paced to the wall clock.
 *
 * Like the toy, it holds the cards a person put in and runs empty; a person reloads it through the
 * lid ({@link VirtualDevice.reload}), which also frees a jammed card. What it does (presses,
 * bursts, cards left, the lid) is told to {@link VirtualDevice.onShow} in plain words.
 *
 * Run it with `uno-extreme device --pty [--link /tmp/uno-extreme] [--seed N]` (cli/device-cmd.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readlinkSync } from 'node:fs';
import { firmwareHex } from './avr/firmware.ts';
import { LineDecoder } from './codec.ts';
import { LauncherRig, type RigOptions } from './avr/rig.ts';
import { EmulatedLauncher, paceToWallClock } from './avr/transport.ts';
import { claimPtyLink, linkProblem, LinkError } from './pty-link.ts';
import { english } from '../words/cli.ts';
import { said, withSaid, type Said } from '../words/said.ts';
import type { Connection } from './transport.ts';

/** How the virtual device is made. */
export interface VirtualDeviceOptions {
  /** Path of the symbolic link to the PTY that the host opens (default `/tmp/uno-extreme`). */
  link?: string;
  /** Firmware image; default: the one this repository ships. */
  hex?: string;
  seed?: number;
  roller?: RigOptions['roller'];
  /** Hears socat's notices (for logs). */
  log?: (line: string) => void;
}

/** The firmware's ding (the serial driver's TONES.ding, played as 3921.6 / 2n Hz). */
const DING_HZ = 1960;
/** How long a person's reload holds the lid open: well past the firmware's 30 ms debounce. */
const RELOAD_LID_MS = 300;

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
  /** What the host sends and what the board answers, read for the window (not for the link). */
  private readonly commands = new LineDecoder('host');
  private readonly lines = new LineDecoder('device');
  private readonly shows = new Set<(line: Said, indent: boolean) => void>();
  private presses = 0;
  /** Cards out in the burst the motor is running, or null between bursts. */
  private burst: number | null = null;

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

  /**
   * Hears what the launcher does, one line each, as a message of the command line's catalogue
   * (`press 3: ♪ ding`; `burst: 2 cards · 98 left`, `indent`ed under its press) for the window to word.
   */
  onShow(listener: (line: Said, indent: boolean) => void): () => void {
    this.shows.add(listener);
    return () => this.shows.delete(listener);
  }

  private show(line: Said, indent = false): void {
    for (const l of this.shows) l(line, indent);
  }

  /** The cards left in the roller, as a message's value. */
  private left(): string {
    return String(this.rig.roller.cardsLeft);
  }

  /** Reads the host's commands for the window: a ding is a press, the motor forward a burst. */
  private heard(chunk: Uint8Array | string): void {
    for (const r of this.commands.push(chunk)) {
      if (!r.ok) continue;
      const c = r.value.cmd;
      if (c.verb === 'TONE' && c.hz === DING_HZ) this.show(said('cli.vdev.press', { n: String(++this.presses) }));
      else if (c.verb === 'FWD' && this.burst === null) this.burst = 0;
      else if (c.verb === 'STOP') this.burstOver();
    }
  }

  /** Reads the board's lines for the window: cards out, a stall, the lid. */
  private said(chunk: Uint8Array | string): void {
    for (const r of this.lines.push(chunk)) {
      if (!r.ok) continue;
      const m = r.value;
      if (m.type === 'CARD' && this.burst !== null) this.burst++;
      else if (m.type === 'STOPPED') this.burstOver();
      else if (m.type === 'STALL') {
        // The window sees the mechanism, as a person looking in would: empty or stuck.
        this.burstOver();
        this.show(said(this.rig.roller.cardsLeft === 0 ? 'cli.vdev.empty' : 'cli.vdev.jammed'), true);
      }
    }
  }

  private burstOver(): void {
    if (this.burst === null) return;
    const n = this.burst;
    this.burst = null;
    this.show(said('cli.vdev.burst', { n, left: this.left() }), true);
  }

  /**
   * Opens or closes the lid (a jam drops back when it opens). The window says so from the
   * mechanism, as a person looking in would, not from the board's LID line: with no host on the
   * port the board's lines go nowhere, and the lid still opens.
   */
  setLid(open: boolean): void {
    this.rig.setLid(open);
    this.show(said('cli.vdev.lid', { open: open ? 'yes' : 'no', left: this.left() }));
  }

  /**
   * A person reloads: opens the lid, puts `cards` in (with `replace`, after taking out every card
   * left in it), closes it, as with the toy (the host hears the lid cycle; a jammed card drops
   * back). Resolves once the lid is closed again.
   */
  reload(cards: number, replace = false): Promise<void> {
    this.setLid(true);
    return new Promise((resolve) => {
      setTimeout(() => {
        const left = this.rig.roller.cardsLeft;
        this.rig.roller.load(cards, replace);
        const took = replace ? left : 0;
        this.show(said('cli.vdev.loaded', { took, tookN: String(took), cards, cardsN: String(cards) }));
        this.setLid(false);
        resolve();
      }, RELOAD_LID_MS);
    });
  }

  /** Gives the link path back (see pty-link.ts). */
  private releaseLink: () => void = () => {};
  private closed: Promise<void> | null = null;

  /**
   * Starts socat and the emulated board; resolves when the PTY link exists. Throws a
   * `LinkError` when the link path is taken (a file, another virtual launcher's link) or cannot be made.
   */
  static async start(o: VirtualDeviceOptions = {}): Promise<VirtualDevice> {
    const d = new VirtualDevice(o);
    d.releaseLink = claimPtyLink(d.link);
    // The board runs from its power-on, while socat starts: a host that opens the PTY at once finds
    // it booted, as a board plugged in a moment before.
    d.stopPacing = paceToWallClock(d.emu);
    try {
      await d.spawnSocat();
    } catch (e) {
      d.closing = true;
      d.stopPacing();
      d.releaseLink();
      throw e;
    }
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
      p.on('error', (e) => {
        const missing = (e as NodeJS.ErrnoException).code === 'ENOENT';
        const why = missing ? said('cli.vdev.noSocat') : said('cli.vdev.socatFailed', { error: e.message });
        reject(withSaid(new Error(english(why)), why));
      });
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
          // The host closed the PTY (socat's first address). socat would go on passing what the
          // board still says to a PTY nobody holds, and exit only after half a second with
          // nothing to pass (seconds, behind a burst of queued replies), keeping the next host
          // out: the board's side ends now, and with its input ended socat exits at once.
          if (/ socket 1 \(fd \d+\) is at EOF/.test(line)) {
            this.hostGone(p);
            p.stdin!.end();
          }
        }
      });
      // The host closed the PTY while the board was still answering (a burst of queries still
      // queued on the board): socat has closed its input, and what the board says next has
      // nowhere to go. That ends this connection, not the device: the board's side is released at
      // once, and socat's exit brings the next one up for the next host.
      p.stdin!.on('error', (e: NodeJS.ErrnoException) => {
        this.log(`the host closed the port while the board was sending (${e.code ?? e.message})`);
        this.hostGone(p);
      });
      p.stdout!.on('data', (chunk: Buffer) => {
        this.conn?.write(chunk.toString('latin1'));
        this.heard(chunk);
      });
      // 'close', not 'exit': the last bytes the host sent before it closed the PTY may still be in
      // socat's stdout when it exits (a stop the host sent as it quit, lost, left the motor running).
      p.on('close', (code) => {
        this.listening = false;
        this.hostGone(p);
        if (!ready) {
          const why = said('cli.vdev.socatExited', { code: String(code), link: this.link, told: failure ? 'yes' : 'no', failure });
          reject(withSaid(new Error(english(why)), why));
        }
        if (!this.closing) void this.spawnSocat().catch((e: Error) => this.log(e.message));
      });
    });
  }

  /** The host behind socat `p` is gone: the board's connection is closed (the next open resets the board). */
  private hostGone(p: ChildProcess): void {
    if (this.socat !== p) return;
    void this.conn?.close();
    this.conn = null;
  }

  /** The host opened the PTY: it opens the board's transport, which resets the board as DTR does (an external reset: SRAM kept). */
  private hostOpened(): void {
    this.listening = false;
    const p = this.socat;
    this.emu.plug();
    this.commands.reset();
    this.lines.reset();
    void this.emu.transport.open({
      data: (chunk) => {
        this.said(chunk);
        if (p?.stdin?.writable) p.stdin.write(chunk);
      },
      ended: () => {},
    }).then((c) => {
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

  /** Stops socat and the board; the PTY link goes away. A second call gets the first one's end. */
  close(): Promise<void> {
    return (this.closed ??= this.shutDown());
  }

  private async shutDown(): Promise<void> {
    this.closing = true;
    this.stopPacing();
    const p = this.socat;
    if (p && p.exitCode === null && p.signalCode === null) {
      await new Promise<void>((resolve) => {
        p.once('exit', () => resolve());
        p.kill('SIGTERM');
      });
    }
    this.releaseLink();
  }
}

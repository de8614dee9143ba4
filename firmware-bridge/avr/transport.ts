/**
 * The emulated launcher (the compiled firmware on avr8js, `rig.ts`) as a line transport: the
 * command session talks to the real firmware with no port and no socat. Like a USB Uno, the board
 * resets when the host opens the connection (an external reset, as DTR's: its counters carry on)
 * and an unplug cuts the link while the board runs on (its watchdog stops the motor).
 *
 * Time is the board's own (CPU cycles); whoever owns the clock runs it: {@link EmulatedLauncher.run}
 * in steps, {@link stepTogether} in lockstep with a session's stepped clock (tests, scripts: as fast
 * as the CPU allows), or {@link paceToWallClock} in real time (a browser worker, a live demo).
 */
import { MemoryTransport } from '../memory-transport.ts';
import type { LineTransport } from '../transport.ts';
import type { LauncherRig } from './rig.ts';

/** A launcher rig behind a {@link LineTransport}. */
export class EmulatedLauncher {
  /** The host's side: give it to a command session (`SerialLauncher.open({ transport })`). */
  readonly transport: LineTransport;
  private readonly wire: MemoryTransport;
  private out: number[] = [];

  constructor(readonly rig: LauncherRig, path = 'emulated') {
    this.wire = new MemoryTransport(path);
    this.transport = this.wire;
    this.wire.board.onOpen(() => {
      this.out = [];
      rig.reset('external');
    });
    this.wire.board.onData((chunk) => rig.sendRaw(chunk));
    rig.onSerial((b) => this.out.push(b));
  }

  /** Runs the board for `ms` of its time, then hands what it sent meanwhile to the host (a USB frame's worth of latency). */
  run(ms: number): void {
    this.rig.runFor(ms);
    if (this.out.length === 0) return;
    const bytes = Uint8Array.from(this.out);
    this.out = [];
    this.wire.board.write(bytes);
  }

  /**
   * Bytes the wire adds on the way to the host (line noise, a damaged line that still passes its
   * check), after what the board sent so far: the host gets them with the board's next bytes.
   */
  noise(bytes: string): void {
    for (let i = 0; i < bytes.length; i++) this.out.push(bytes.charCodeAt(i) & 0xff);
  }

  /** The host has the connection open. */
  get connected(): boolean {
    return this.wire.board.connected;
  }

  /** The cable is pulled: the host's link ends, the board runs on, and opens fail until {@link plug}. */
  unplug(): void {
    this.wire.unplug();
  }

  /** The cable is back. */
  plug(): void {
    this.wire.plug();
  }
}

/** A clock a caller advances (emulator/clock.ts's `SteppingClock` is one). */
export interface AdvancingClock {
  advance(ms: number): void;
}

/** Node's setImmediate where there is one (a browser has none: a 0 ms timer there). */
const immediate = (globalThis as { setImmediate?: (fn: () => void) => unknown }).setImmediate;

/** Lets the host's promises run (everything queued, not only the first microtask). */
const yieldToHost = (): Promise<void> => new Promise((resolve) => (immediate ? immediate(resolve) : setTimeout(resolve, 0)));

/**
 * Runs the board and the host's clock together, `sliceMs` at a time (the board first, then the
 * host's timers due in the slice, then the host's promises), until `done()` holds or `maxMs` have
 * passed; says whether `done()` held. Deterministic: the same inputs give the same bytes at the
 * same simulated times.
 */
export async function stepUntil(emu: EmulatedLauncher, clock: AdvancingClock, done: () => boolean, maxMs: number, sliceMs = 1): Promise<boolean> {
  for (let t = 0; !done(); t += sliceMs) {
    if (t >= maxMs) return false;
    emu.run(sliceMs);
    clock.advance(sliceMs);
    await yieldToHost();
  }
  return true;
}

/** Runs the board and the host's clock together for `ms` (see {@link stepUntil}). */
export async function stepTogether(emu: EmulatedLauncher, clock: AdvancingClock, ms: number, sliceMs = 1): Promise<void> {
  await stepUntil(emu, clock, () => false, ms, sliceMs);
}

/** The most board time run in one go, ms: a late event loop catches up in steps. */
const MAX_STEP_MS = 20;

/**
 * Runs the board in real time: as far as the wall clock has gone since the start, in steps of at
 * most {@link MAX_STEP_MS}, on timers (so the host's events run in between). Returns the stop.
 */
export function paceToWallClock(emu: EmulatedLauncher, now: () => number = () => performance.now()): () => void {
  let start = now() - emu.rig.ms;
  let boardMs = emu.rig.ms;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    // A reset (the host opened the port) starts the board's time at 0 again.
    if (emu.rig.ms < boardMs) start = now() - emu.rig.ms;
    const behind = now() - start - emu.rig.ms;
    if (behind > 0) emu.run(Math.min(behind, MAX_STEP_MS));
    boardMs = emu.rig.ms;
    timer = setTimeout(tick, behind > 1 ? 0 : 1);
  };
  tick();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}

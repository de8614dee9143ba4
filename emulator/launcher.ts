/**
 * The launcher machine running, wired to a device: the API the game, the console and the
 * simulations use. On a simulated clock every call completes at once (`pressSync`); on the real
 * clock `press()` resolves when the burst is over.
 */
import { createActor, waitFor, type Actor, type InspectionEvent } from 'xstate';
import { seedRng, type RngState } from '../lib/rng.ts';
import { ignoredResult, restVolts, type CardId, type CoreState, type PressResult } from './core.ts';
import { SteppingClock } from './clock.ts';
import { SimulatedDevice, type HardwareInput, type LauncherHardware } from './hardware.ts';
import { launcherMachine, type LauncherContext, type LauncherEmitted, type LauncherEvent } from './machine.ts';
import type { SyncLauncher } from './api.ts';
import type { Profile } from './profile.ts';

/** How to start a launcher. */
export interface LauncherOptions {
  profile: Profile;
  /** A seed, or a generator state to continue from. */
  seed: number | RngState;
  seats?: number;
  supply?: CardId[];
  /** Battery charge 0..1 (default 1, fresh cells). */
  charge?: number;
  /** `simulated` (default): time passes only when the launcher is busy, instantly. `real`: wall clock. */
  clock?: 'simulated' | 'real';
  /** The device to drive; a {@link SimulatedDevice} by default. */
  hardware?: LauncherHardware;
  /** Continue from a saved core state (see {@link MachineLauncher.core}); `seed` is then unused. */
  resume?: CoreState;
  /** Switch on at start (default true). */
  powerOn?: boolean;
  /** Receives one line per transition: state, event, what changed in the context. */
  trace?: (line: string) => void;
  /** XState's inspection events, as they are (for counting events in benchmarks, for tools). */
  inspect?: (e: InspectionEvent) => void;
}

type UnitState = 'offline' | 'ready' | 'deciding' | 'debounce' | 'resetting' | 'firing' | 'settled' | 'jammed' | 'dead' | 'starting';
const REST: ReadonlySet<string> = new Set(['ready', 'jammed', 'dead']);

/** A launcher: the XState machine, a clock and a device. */
export class MachineLauncher implements SyncLauncher {
  readonly actor: Actor<typeof launcherMachine>;
  readonly clock: SteppingClock | null;
  readonly hardware: LauncherHardware;
  private unsubscribeInput: () => void;

  constructor(readonly options: LauncherOptions) {
    this.clock = options.clock === 'real' ? null : new SteppingClock();
    const clock = this.clock;
    this.hardware = options.hardware ?? new SimulatedDevice(() => this.now());
    const hw = this.hardware;
    const machine = launcherMachine.provide({
      actions: {
        hwMotor: (_, p) => hw.motor(p.cmd),
        hwTone: (_, p) => hw.tone(p.tone),
        hwAim: (_, p) => hw.aim(p.degrees),
      },
    });
    const start = Date.now();
    this.actor = createActor(machine, {
      input: {
        profile: options.profile,
        rng: typeof options.seed === 'number' ? seedRng(options.seed) : options.seed,
        seats: options.seats,
        supply: options.supply,
        charge: options.charge,
        deviceCounts: this.hardware.sensesCards,
        ...(options.resume ? { resume: options.resume } : {}),
      },
      ...(clock ? { clock } : {}),
      ...(options.trace || options.inspect ? { inspect: inspector(options, () => (clock ? clock.now() : Date.now() - start)) } : {}),
    });
    this.actor.start();
    this.unsubscribeInput = hw.onInput((i) => this.onHardware(i));
    if (options.powerOn !== false) this.actor.send({ type: 'POWER_ON' });
  }

  private onHardware(i: HardwareInput): void {
    switch (i.type) {
      case 'BUTTON': return this.actor.send({ type: 'PRESS' });
      case 'LID': return this.actor.send({ type: i.open ? 'LID_OPEN' : 'LID_CLOSE' });
      case 'POWER': return this.actor.send({ type: i.on ? 'POWER_ON' : 'POWER_OFF' });
      case 'CARD': return this.actor.send({ type: 'CARD' });
      case 'STALL': return this.actor.send({ type: 'STALL' });
      case 'BATTERY': return this.actor.send({ type: 'BATTERY', volts: i.volts });
      case 'LINK': return this.actor.send({ type: 'LINK', up: i.up });
    }
  }

  /** Simulated (or real) time, ms. */
  now(): number {
    return this.clock ? this.clock.now() : Date.now();
  }

  /** The machine's context (read only). */
  get context(): LauncherContext {
    return this.actor.getSnapshot().context;
  }

  /** The launcher's plain-data state (generator, counters, battery, supply): save it to resume. */
  get core(): CoreState {
    return this.context.core;
  }

  /** Where the unit is: `off`, or the state of the unit (`ready`, `firing`, `jammed`, …). */
  get unitState(): 'off' | UnitState {
    const v = this.actor.getSnapshot().value as { power: 'off' | { on: { unit: UnitState | { firing: string } } } };
    if (v.power === 'off') return 'off';
    const u = v.power.on.unit;
    return typeof u === 'string' ? u : 'firing';
  }

  /** True when the lid is open. */
  get lidOpen(): boolean {
    return this.actor.getSnapshot().matches({ lid: 'open' });
  }

  get supplyCount(): number {
    return this.context.core.supply.length;
  }

  get supply(): readonly CardId[] {
    return this.context.core.supply;
  }

  /** Battery voltage: as the device measured it, or the model's resting voltage. */
  get volts(): number {
    return this.context.deviceVolts ?? restVolts(this.context.core.motorMs);
  }

  /** Sends an event to the machine as it is (power, lid, press, reload, aim). */
  send(event: LauncherEvent): void {
    this.actor.send(event);
  }

  /** Subscribes to what the launcher shows (ding, card, jam, …); returns the unsubscribe function. */
  on<T extends LauncherEmitted['type']>(type: T, handler: (e: Extract<LauncherEmitted, { type: T }>) => void): () => void {
    const sub = this.actor.on(type, handler as never);
    return () => sub.unsubscribe();
  }

  private atRest(): boolean {
    const u = this.unitState;
    return u === 'off' || REST.has(u);
  }

  /** Sends PRESS; returns the reason when it was ignored. */
  private sendPress(): PressResult | null {
    let ignored: PressResult | null = null;
    const sub = this.actor.on('ignored', (e) => (ignored = ignoredResult(e.reason)));
    this.actor.send({ type: 'PRESS' });
    sub.unsubscribe();
    return ignored;
  }

  private needSimulated(what: string): SteppingClock {
    if (!this.clock) throw new Error(`${what} needs the simulated clock; on the real clock use the async method`);
    return this.clock;
  }

  pressSync(): PressResult {
    const clock = this.needSimulated('pressSync');
    const ignored = this.sendPress();
    if (ignored) return ignored;
    clock.runUntil(() => this.atRest());
    return this.context.press;
  }

  async press(): Promise<PressResult> {
    if (this.clock) return this.pressSync();
    const ignored = this.sendPress();
    if (ignored) return ignored;
    await waitFor(this.actor, () => this.atRest(), { timeout: 60_000 });
    return this.context.press;
  }

  aimSync(seat: number): void {
    const clock = this.needSimulated('aimSync');
    this.actor.send({ type: 'AIM', seat });
    clock.runUntil(() => !this.actor.getSnapshot().matches({ power: { on: { aim: 'turning' } } }));
  }

  async aim(seat: number): Promise<void> {
    if (this.clock) return this.aimSync(seat);
    this.actor.send({ type: 'AIM', seat });
    await waitFor(this.actor, (s) => !s.matches({ power: { on: { aim: 'turning' } } }), { timeout: 60_000 });
  }

  loadSync(cards: readonly CardId[]): void {
    const wasOpen = this.lidOpen;
    if (!wasOpen) this.actor.send({ type: 'LID_OPEN' });
    this.actor.send({ type: 'RELOAD', cards: cards.slice() });
    if (!wasOpen) this.actor.send({ type: 'LID_CLOSE' });
  }

  async load(cards: readonly CardId[]): Promise<void> {
    this.loadSync(cards);
  }

  clearJamSync(): void {
    if (!this.lidOpen) this.actor.send({ type: 'LID_OPEN' });
    this.actor.send({ type: 'LID_CLOSE' });
  }

  async clearJam(): Promise<void> {
    this.clearJamSync();
  }

  /** Stops the machine but leaves the device open (another launcher machine takes it over). */
  detach(): void {
    this.unsubscribeInput();
    this.actor.stop();
  }

  /** Stops the machine and releases the device. */
  async close(): Promise<void> {
    this.unsubscribeInput();
    this.actor.stop();
    await this.hardware.close();
  }
}

function inspector(o: LauncherOptions, now: () => number): (e: InspectionEvent) => void {
  const trace = o.trace ? traceInspector(o.trace, now) : null;
  return (e) => {
    o.inspect?.(e);
    trace?.(e);
  };
}

/** Plain-data view of the context for traces (the profile is named, not dumped). */
function traceView(c: LauncherContext): Record<string, unknown> {
  const { profile: _p, core, ...rest } = c;
  const { supply, rng: _r, ...coreRest } = core;
  return { ...coreRest, supply: supply.length, heading: rest.heading, aimSeat: rest.aimSeat, burst: rest.burst ? `${rest.burst.out.length}/${rest.burst.target}` : null };
}

function stateLine(value: unknown): string {
  if (typeof value === 'string') return value;
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => (typeof v === 'string' ? `${k}.${v}` : `${k}.${stateLine(v)}`))
    .join(' | ');
}

/** An inspector that prints every transition: time, event, new state, context fields that changed. */
function traceInspector(out: (line: string) => void, now: () => number): (e: InspectionEvent) => void {
  let prev: Record<string, unknown> | null = null;
  return (e) => {
    if (e.type !== '@xstate.snapshot') return;
    const snap = e.snapshot as unknown as { value: unknown; context?: LauncherContext };
    if (!snap.context || !('core' in snap.context)) return;
    const view = traceView(snap.context);
    const changes: string[] = [];
    if (prev) for (const [k, v] of Object.entries(view)) if (JSON.stringify(prev[k]) !== JSON.stringify(v)) changes.push(`${k} ${JSON.stringify(prev[k])}→${JSON.stringify(v)}`);
    prev = view;
    const ev = e.event.type.startsWith('xstate.after') ? 'timer' : e.event.type;
    out(`[${String(now()).padStart(7)} ms] ${ev.padEnd(12)} ${stateLine(snap.value)}${changes.length ? `  (${changes.join(', ')})` : ''}`);
  };
}

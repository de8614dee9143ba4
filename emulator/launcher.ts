/**
 * The launcher machine running, wired to a device: the API the game, the console and the
 * simulations use. On a simulated clock every call completes at once (`pressSync`); on the real
 * clock `press()` resolves when the burst is over.
 */
import { createActor, fromCallback, waitFor, type Actor, type EventObject, type InspectionEvent, type SnapshotFrom } from 'xstate';
import { seedRng, type RngState } from '../lib/rng.ts';
import { ignoredResult, restVolts, type CardId, type CoreState, type IgnoreReason, type PressResult } from './core.ts';
import { PacedClock, SteppingClock, type Speed } from './clock.ts';
import { SimulatedDevice, type HardwareInput, type LauncherHardware } from './hardware.ts';
import { launcherMachine, TIMER_EVENTS, type FlushInput, type LauncherContext, type LauncherEmitted, type LauncherEvent } from './machine.ts';
import { dingLength } from './machine-actions.ts';
import type { SyncLauncher } from './api.ts';
import type { Profile } from './profile.ts';
import { EN_WORDS, type Key, type Words } from '../words/catalogue.ts';
import { NoticeError, noticeWords, type NoticeWords } from '../firmware-bridge/notices.ts';

/**
 * What a person must do at a launcher that senses its cards (a device): what a display shows
 * them ({@link attentionText}) and what a program at the launcher acts on, without reading words.
 */
export type Attention =
  /** Open the lid, take out what is left in it when `emptyFirst`, put `cards` cards in, close the lid. */
  | { kind: 'reload'; cards: number; emptyFirst: boolean }
  /** Open the lid, free the jammed card, close the lid. */
  | { kind: 'jam' }
  /** Close the lid (it was opened while the launcher was needed). */
  | { kind: 'lid' };

/** `ms` in whole seconds, as a launcher's errors give a wait. */
const seconds = (ms: number): string => String(Math.round(ms / 1000));

/** An {@link Attention} in words, as a person is asked (English unless a language is given). */
export function attentionText(a: Attention, w: Words = EN_WORDS): string {
  return a.kind === 'reload' ? w.t('attention.reload', { emptyFirst: a.emptyFirst ? 'yes' : 'no', n: a.cards }) : w.t(`attention.${a.kind}`);
}

/** A launcher's state in words (`ready`, `jammed`; `prêt`, `bloqué`). */
export function unitStateText(state: 'off' | UnitState, w: Words = EN_WORDS): string {
  return w.t(`unit.${state}` as Key);
}

/**
 * A launcher that cannot go on: a device offline too long, not ready in time, or lost for good.
 * A notice as a port's errors are ({@link NoticeError}): its words as data (`deviceError.launcher.*`,
 * or the device's own notice of a link lost for good), worded in each reader's language, and its
 * English `message` for logs.
 */
export class LauncherError extends NoticeError {
  constructor(words: NoticeWords, readonly kind: 'offline' | 'timeout') {
    super(words);
    this.name = 'LauncherError';
  }
}

/** How to start a launcher. */
export interface LauncherOptions {
  profile: Profile;
  /** A seed, or a generator state to continue from. */
  seed: number | RngState;
  seats?: number;
  supply?: CardId[];
  /** Battery charge 0..1 (default 1, fresh cells). */
  charge?: number;
  /** `simulated` (default): time passes only when the launcher is busy, instantly. `real`: the wall clock, at `speed`. */
  clock?: 'simulated' | 'real';
  /**
   * On the real clock, how fast time runs (default 1, real time; 2 is twice as fast; Infinity, no
   * waiting): see {@link PacedClock}. The presses are the same at every speed.
   */
  speed?: Speed;
  /** The device to drive; a {@link SimulatedDevice} by default. */
  hardware?: LauncherHardware;
  /** Continue from a saved core state (see {@link MachineLauncher.core}); `seed` is then unused. */
  resume?: CoreState;
  /** Switch on at start (default true). */
  powerOn?: boolean;
  /** Receives one line per transition: state, event, what changed in the context. */
  trace?: (line: string) => void;
  /**
   * Ignore the device's own button: during a game presses come from the game (a player's move),
   * so a press on the launcher itself would give cards outside the game.
   */
  ignoreButton?: boolean;
  /** How long `press()` waits for a device that went offline to come back, ms (default 5 minutes). */
  offlineWaitMs?: number;
  /** XState's inspection events, as they are (for counting events in benchmarks, for tools). */
  inspect?: (e: InspectionEvent) => void;
}

type UnitState = 'offline' | 'ready' | 'debounce' | 'resetting' | 'firing' | 'flushing' | 'settled' | 'jammed' | 'dead' | 'starting';
const REST: ReadonlySet<string> = new Set(['ready', 'jammed', 'dead']);

/** The device each launcher's actor drives. */
const devices = new WeakMap<object, LauncherHardware>();

/**
 * The machine with its device actions, provided once for every launcher: an actor finds its own
 * device through `self`. Provided per launcher, the whole machine would be built again (and its
 * transitions formatted again) for every simulated round.
 */
const drivingMachine = launcherMachine.provide({
  actions: {
    hwMotor: ({ self }, p) => devices.get(self)!.motor(p.cmd),
    hwTone: ({ self, context }, p) => devices.get(self)!.tone(p.tone, p.tone === 'ding' ? dingLength(context).ms : undefined),
    hwAim: ({ self }, p) => devices.get(self)!.aim(p.degrees),
  },
  actors: {
    // A device without a flush (the simulated ones) has nothing in flight: FLUSHED at once, in the same step.
    flush: fromCallback<EventObject, FlushInput>(({ sendBack, input }) => {
      const flushed = () => sendBack({ type: 'FLUSHED' });
      const pending = devices.get(input.launcher)!.flush?.();
      if (pending) pending.then(flushed, flushed);
      else flushed();
    }),
  },
});

/** A launcher: the XState machine, a clock and a device. */
export class MachineLauncher implements SyncLauncher {
  readonly actor: Actor<typeof launcherMachine>;
  readonly clock: SteppingClock | null;
  /** The real clock, at its speed (null on the simulated clock). */
  private readonly paced: PacedClock | null;
  readonly hardware: LauncherHardware;
  private unsubscribeInput: () => void;
  /** Why the last press sent was ignored (null: it was not); heard once for all presses. */
  private ignoredBy: IgnoreReason | null = null;
  /** Aborted when the device says it will not come back: every wait for it ends at once. */
  private readonly gone = new AbortController();
  /**
   * The machine knows what the device holds: it was started with cards, or has loaded it since. A
   * machine started empty on a device (a new round, a resumed game) cannot see what a person left
   * in it, so its first load asks for those cards to come out first.
   */
  private counted: boolean;

  constructor(readonly options: LauncherOptions) {
    if (options.clock !== 'real' && options.speed !== undefined) throw new Error('a launcher speed needs the real clock (clock: \'real\')');
    this.clock = options.clock === 'real' ? null : new SteppingClock();
    this.paced = options.clock === 'real' ? new PacedClock(options.speed) : null;
    const clock = this.clock ?? this.paced!;
    this.hardware = options.hardware ?? new SimulatedDevice(() => this.now());
    const hw = this.hardware;
    this.counted = (options.resume?.supply ?? options.supply ?? []).length > 0;
    const start = clock.now();
    this.actor = createActor(drivingMachine, {
      input: {
        profile: options.profile,
        rng: typeof options.seed === 'number' ? seedRng(options.seed) : options.seed,
        seats: options.seats,
        supply: options.supply,
        charge: options.charge,
        deviceCounts: this.hardware.sensesCards,
        ...(options.resume ? { resume: options.resume } : {}),
      },
      clock,
      ...(options.trace || options.inspect ? { inspect: inspector(options, () => clock.now() - start) } : {}),
    });
    devices.set(this.actor, hw);
    this.actor.on('ignored', (e) => (this.ignoredBy = e.reason));
    this.actor.start();
    if (options.powerOn !== false) this.actor.send({ type: 'POWER_ON' });
    // Subscribed once on: a device replays its known state (lid, battery, link) to a new listener.
    this.unsubscribeInput = hw.onInput((i) => this.onHardware(i));
  }

  private onHardware(i: HardwareInput): void {
    switch (i.type) {
      case 'BUTTON': return this.options.ignoreButton ? undefined : this.actor.send({ type: 'PRESS' });
      case 'LID': return this.actor.send({ type: i.open ? 'LID_OPEN' : 'LID_CLOSE' });
      case 'POWER': return this.actor.send({ type: i.on ? 'POWER_ON' : 'POWER_OFF' });
      case 'CARD': return this.actor.send({ type: 'CARD' });
      case 'STALL': return this.actor.send({ type: 'STALL' });
      case 'BATTERY': return this.actor.send({ type: 'BATTERY', volts: i.volts });
      case 'LINK':
        // Known before the machine shows `offline`, so its listeners can tell a reconnect from a loss for good.
        // The waits reject later (a promise's reaction); the machine shows `offline` now.
        if (i.final !== undefined && !this.gone.signal.aborted) this.gone.abort(new LauncherError(i.final, 'offline'));
        this.actor.send({ type: 'LINK', up: i.up });
    }
  }

  /**
   * Set when the device went offline for good (it cannot reopen its port): what happened and
   * what to do, in one line. Every wait for the device then rejects at once with it.
   */
  get lostForGood(): string | null {
    return this.gone.signal.aborted ? (this.gone.signal.reason as LauncherError).message : null;
  }

  /**
   * Waits until `done` holds. A device lost for good rejects at once (the wait pending, and any
   * later one) with its own message; `ms` without it rejects with `timedOut()`.
   */
  private async until(done: (s: SnapshotFrom<typeof launcherMachine>) => boolean, ms: number, timedOut: () => LauncherError): Promise<void> {
    // waitFor rejects with the reason of the signal that aborted: the loss, or this wait's own time.
    const time = new AbortController();
    const timer = setTimeout(() => time.abort(timedOut()), ms);
    try {
      await waitFor(this.actor, done, { signal: AbortSignal.any([this.gone.signal, time.signal]) });
    } finally {
      clearTimeout(timer);
    }
  }

  private throwIfGone(): void {
    if (this.gone.signal.aborted) throw new LauncherError(noticeWords(this.gone.signal.reason as LauncherError), 'offline');
  }

  /** Simulated time, or the real clock's (the wall clock's at the start, then running at the speed), ms. */
  now(): number {
    return (this.clock ?? this.paced!).now();
  }

  /** How fast the real clock runs (see {@link LauncherOptions.speed}); null on the simulated clock. */
  get speed(): Speed | null {
    return this.paced?.speed ?? null;
  }

  /** Runs the real clock at `speed` from now on: a burst under way goes on at the new pace. */
  setSpeed(speed: Speed): void {
    if (!this.paced) throw new Error('setSpeed needs the real clock: a simulated launcher takes no time at all');
    this.paced.setSpeed(speed);
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
    const v = this.actor.getSnapshot().value as 'off' | { on: UnitState | { firing: string } };
    if (v === 'off') return 'off';
    return typeof v.on === 'string' ? v.on : 'firing';
  }

  /** True when the lid is open. */
  get lidOpen(): boolean {
    return this.context.lidOpen;
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
    if (TIMER_EVENTS.has((event as { type: string }).type)) {
      throw new TypeError(`${event.type} is the launcher's own timer: send what a person or a device does (PRESS, LID_OPEN, AIM, …)`);
    }
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
    this.ignoredBy = null;
    this.actor.send({ type: 'PRESS' });
    const reason = this.ignoredBy as IgnoreReason | null;
    return reason === null ? null : ignoredResult(reason);
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

  /**
   * Presses and resolves with the press's final result (the machine's `pressDone`), or with the
   * ignored result at once: a press while another is under way is ignored (`busy`), as the toy
   * ignores it. A device that is offline (unplugged, resetting) is waited for, then pressed; one
   * that stays away past `offlineWaitMs` rejects with a {@link LauncherError} of kind `offline`,
   * and so does one lost for good, at once (see {@link lostForGood}).
   */
  async press(): Promise<PressResult> {
    if (this.clock) return this.pressSync();
    const limit = this.options.offlineWaitMs ?? 5 * 60_000;
    // Heard from before the press is sent, so no `pressDone` can come unheard; the press's own is
    // the first after a dinged PRESS, since no other press can ding until it is said.
    let done: PressResult | null = null;
    const off = this.on('pressDone', (e) => (done ??= e.result));
    try {
      let ignored = this.sendPress();
      while (ignored?.ignored === 'offline') {
        await this.settle(limit, 'offline');
        done = null;
        ignored = this.sendPress();
      }
      if (ignored) return ignored;
      await this.until(() => done !== null, limit, () => this.silent(limit, 'press'));
      return done!;
    } finally {
      off();
    }
  }

  /** Waits until the unit is at rest (ready, jammed, dead or off), or rejects after `ms`. */
  private settle(ms: number, what: 'press' | 'offline'): Promise<void> {
    return this.until(() => this.atRest(), ms, () => this.silent(ms, what));
  }

  /** The device said nothing that would have let `what` (a press, or its coming back online) finish for `ms`. */
  private silent(ms: number, what: 'press' | 'offline'): LauncherError {
    return new LauncherError({ k: 'deviceError.launcher.silent', v: { device: this.hardware.name, press: what === 'press' ? 'yes' : 'no', s: seconds(ms) } }, 'offline');
  }

  /**
   * Waits for the launcher to be ready (a person closing the lid, clearing a jam, a device coming
   * back online). Rejects with a {@link LauncherError} after `ms`, or at once for a device lost for good.
   */
  untilReady(ms: number): Promise<void> {
    return this.until((s) => !s.context.lidOpen && s.matches({ on: 'ready' }), ms,
      () => new LauncherError({ k: 'deviceError.launcher.notReady', v: { device: this.hardware.name, s: seconds(ms), lidOpen: this.lidOpen ? 'yes' : 'no', state: { k: `unit.${this.unitState}` } } }, 'timeout'));
  }

  aimSync(seat: number): void {
    const clock = this.needSimulated('aimSync');
    this.actor.send({ type: 'AIM', seat });
    clock.runUntil(() => !this.context.turning);
  }

  async aim(seat: number): Promise<void> {
    if (this.clock) return this.aimSync(seat);
    this.actor.send({ type: 'AIM', seat });
    await this.until((s) => !s.context.turning, 60_000, () => new LauncherError({ k: 'deviceError.launcher.notTurned', v: { device: this.hardware.name, seat: String(seat), s: '60' } }, 'timeout'));
  }

  loadSync(cards: readonly CardId[]): void {
    const wasOpen = this.lidOpen;
    if (!wasOpen) this.actor.send({ type: 'LID_OPEN' });
    this.actor.send({ type: 'RELOAD', cards: cards.slice() });
    if (!wasOpen) this.actor.send({ type: 'LID_CLOSE' });
  }

  /**
   * Loads cards. On a simulated launcher at once; on a real one a person does it: they are asked
   * (see {@link onAttention}) to open the lid, put the cards in and close it, and the call resolves
   * when the device reports the lid closed again.
   */
  async load(cards: readonly CardId[]): Promise<void> {
    if (!this.hardware.sensesCards) return this.loadSync(cards);
    this.throwIfGone(); // nobody is asked to reload a launcher that cannot come back
    const limit = this.options.offlineWaitMs ?? 5 * 60_000;
    // A machine that has not counted the cards in the launcher (it started empty) has them taken out first.
    this.attention({ kind: 'reload', cards: cards.length, emptyFirst: !this.counted });
    if (!this.lidOpen)
      await this.until((s) => s.context.lidOpen, limit, () => new LauncherError({ k: 'deviceError.launcher.lidNotOpened', v: { device: this.hardware.name, s: seconds(limit) } }, 'timeout'));
    this.actor.send({ type: 'RELOAD', cards: cards.slice() });
    this.counted = true;
    await this.untilReady(limit);
  }

  clearJamSync(): void {
    if (!this.lidOpen) this.actor.send({ type: 'LID_OPEN' });
    this.actor.send({ type: 'LID_CLOSE' });
  }

  /**
   * Clears a jam (or waits out an open lid). A simulated launcher's lid is cycled in software; on a
   * real one the person opens and closes the lid, and the call resolves when the device says so.
   */
  async clearJam(): Promise<void> {
    if (!this.hardware.sensesCards) return this.clearJamSync();
    if (this.unitState === 'ready' && !this.lidOpen) return;
    this.throwIfGone();
    this.attention({ kind: this.unitState === 'jammed' ? 'jam' : 'lid' });
    await this.untilReady(this.options.offlineWaitMs ?? 5 * 60_000);
  }

  private attentionListeners = new Set<(message: string, attention: Attention) => void>();

  /**
   * Hears what a person must do at the launcher (reload it, clear a jam, close the lid): in words
   * for a person, and as an {@link Attention} for a program that does it.
   */
  onAttention(listener: (message: string, attention: Attention) => void): () => void {
    this.attentionListeners.add(listener);
    return () => this.attentionListeners.delete(listener);
  }

  private attention(a: Attention): void {
    const message = attentionText(a);
    for (const l of this.attentionListeners) l(message, a);
  }

  /** Stops the machine but leaves the device open (another launcher machine takes it over). */
  detach(): void {
    this.unsubscribeInput();
    this.actor.stop();
    this.paced?.dispose();
  }

  /** Stops the machine and releases the device. */
  async close(): Promise<void> {
    this.unsubscribeInput();
    this.actor.stop();
    this.paced?.dispose();
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

function statePath(value: unknown): string {
  if (typeof value === 'string') return value;
  return Object.entries(value as Record<string, unknown>).map(([k, v]) => `${k}.${statePath(v)}`).join(' | ');
}

/** The state as a person at the table sees it: the lid, the unit, the turntable. */
function stateLine(value: unknown, c: LauncherContext): string {
  return `lid.${c.lidOpen ? 'open' : 'closed'} | power.${statePath(value)} | aim.${c.turning ? 'turning' : 'still'}`;
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
    out(`[${String(now()).padStart(7)} ms] ${ev.padEnd(12)} ${stateLine(snap.value, snap.context)}${changes.length ? `  (${changes.join(', ')})` : ''}`);
  };
}

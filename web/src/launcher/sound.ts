/**
 * The page's sounds, synthesised with Web Audio (no audio files: the page fetches nothing): the
 * launcher's (the press's ding, the lid's beep, the low-battery warning) and the game's (a card
 * laid, a card drawn, an UNO call, a round won). Each sound is a function that
 * renders into any BaseAudioContext, so a test renders it offline and measures it. A page's
 * AudioContext is made only at the person's first gesture, as browsers allow: nothing plays before.
 */

/**
 * The ding: a bell struck, as the toy's bell rings a correct press. A bell, not a blip: it rings
 * for well over a second and stays loud through its first half second, so it is heard over a
 * room's talk, and its partials (a bell's, not a pure tone's) make it read as a bell.
 */
export const DING = {
  /** Pitch of the strike, its fundamental, Hz (G6). */
  hz: 1568,
  /** From the strike until it has died away (−60 dB), s. */
  seconds: 1.6,
  /** Peak amplitude of the fundamental (−6 dBFS: loud, with room for the partials). */
  peak: 0.5,
  /**
   * The partials over the fundamental: frequency ratio, level (of the peak) and length (of
   * `seconds`). A struck bell's upper partials are inharmonic and die sooner than its hum.
   */
  partials: [[2, 0.3, 0.5], [2.76, 0.18, 0.3], [5.4, 0.08, 0.15]],
} as const;

/** The lid's beep: a short square-ish tone, as a lid switch confirms the cover is shut. */
export const BEEP = { hz: 2000, seconds: 0.12, peak: 0.15 } as const;

/** The low-battery warning: two falling tones. */
export const LOW = { hz: [660, 440], seconds: 0.18, peak: 0.25 } as const;

/** A card laid on the pile: a short flick falling from the first pitch to the second, Hz. */
export const LAY = { hz: [900, 300], seconds: 0.09, peak: 0.3 } as const;

/** A card drawn into the hand: the flick the other way, rising. */
export const DRAW = { hz: [300, 900], seconds: 0.1, peak: 0.25 } as const;

/** An UNO call: two bright notes, a fifth apart. */
export const UNO = { hz: [880, 1320], seconds: 0.11, peak: 0.2 } as const;

/** A round won: a rising major arpeggio (C E G C), its last note ringing for `ring` s. */
export const WIN = { hz: [523, 659, 784, 1047], seconds: 0.12, ring: 0.6, peak: 0.3 } as const;

/** The level a sound has died away to at its end (−60 dB of its peak). */
const SILENT = 0.001;

/**
 * One tone: `type` wave at `hz` (gliding to `toHz` over its length, if given), a 5 ms attack to
 * `peak`, then an exponential fall to silence at `at + seconds`.
 */
function tone(ctx: BaseAudioContext, out: AudioNode, type: OscillatorType, hz: number, at: number, seconds: number, peak: number, toHz?: number): void {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(hz, at);
  if (toHz !== undefined) osc.frequency.exponentialRampToValueAtTime(toHz, at + seconds);
  gain.gain.setValueAtTime(0, at);
  gain.gain.linearRampToValueAtTime(peak, at + 0.005);
  gain.gain.exponentialRampToValueAtTime(peak * SILENT, at + seconds);
  gain.gain.setValueAtTime(0, at + seconds);
  osc.connect(gain).connect(out);
  osc.start(at);
  osc.stop(at + seconds);
}

/**
 * Renders the ding into `ctx` at time `at` (s, the context's clock), to `out`: a sine at
 * {@link DING}.hz with its bell partials, each falling to silence in its own time, its length
 * times `pace`. Returns when it is over.
 */
export function renderDing(ctx: BaseAudioContext, at = ctx.currentTime, out: AudioNode = ctx.destination, pace = 1): number {
  // A quickening ding (`pace` < 1, see dingPace in watch.ts) dies away sooner, as the toy's pulses.
  const seconds = DING.seconds * pace;
  tone(ctx, out, 'sine', DING.hz, at, seconds, DING.peak);
  for (const [ratio, level, length] of DING.partials) tone(ctx, out, 'sine', DING.hz * ratio, at, seconds * length, DING.peak * level);
  return at + seconds;
}

/** Renders the lid's beep (see {@link renderDing}); returns when it is over. */
export function renderBeep(ctx: BaseAudioContext, at = ctx.currentTime, out: AudioNode = ctx.destination): number {
  tone(ctx, out, 'square', BEEP.hz, at, BEEP.seconds, BEEP.peak);
  return at + BEEP.seconds;
}

/** Renders the low-battery warning (see {@link renderDing}); returns when it is over. */
export function renderLowBattery(ctx: BaseAudioContext, at = ctx.currentTime, out: AudioNode = ctx.destination): number {
  LOW.hz.forEach((hz, i) => tone(ctx, out, 'triangle', hz, at + i * LOW.seconds, LOW.seconds, LOW.peak));
  return at + LOW.hz.length * LOW.seconds;
}

/** Renders a card laid (see {@link renderDing}); returns when it is over. */
export function renderLay(ctx: BaseAudioContext, at = ctx.currentTime, out: AudioNode = ctx.destination): number {
  tone(ctx, out, 'triangle', LAY.hz[0], at, LAY.seconds, LAY.peak, LAY.hz[1]);
  return at + LAY.seconds;
}

/** Renders a card drawn (see {@link renderDing}); returns when it is over. */
export function renderDraw(ctx: BaseAudioContext, at = ctx.currentTime, out: AudioNode = ctx.destination): number {
  tone(ctx, out, 'triangle', DRAW.hz[0], at, DRAW.seconds, DRAW.peak, DRAW.hz[1]);
  return at + DRAW.seconds;
}

/** Renders an UNO call (see {@link renderDing}); returns when it is over. */
export function renderUno(ctx: BaseAudioContext, at = ctx.currentTime, out: AudioNode = ctx.destination): number {
  UNO.hz.forEach((hz, i) => tone(ctx, out, 'square', hz, at + i * UNO.seconds, UNO.seconds, UNO.peak));
  return at + UNO.hz.length * UNO.seconds;
}

/** Renders a round won (see {@link renderDing}); returns when it is over. */
export function renderWin(ctx: BaseAudioContext, at = ctx.currentTime, out: AudioNode = ctx.destination): number {
  const last = WIN.hz.length - 1;
  WIN.hz.forEach((hz, i) => tone(ctx, out, 'triangle', hz, at + i * WIN.seconds, i === last ? WIN.ring : WIN.seconds, WIN.peak));
  return at + last * WIN.seconds + WIN.ring;
}

/** What the page sounds: the launcher's sounds and the game's. */
export type SoundKind = 'ding' | 'beep' | 'low' | 'lay' | 'draw' | 'uno' | 'win';

const RENDER: Record<SoundKind, (ctx: BaseAudioContext, pace: number) => number> = {
  ding: (ctx, pace) => renderDing(ctx, ctx.currentTime, ctx.destination, pace),
  beep: (ctx) => renderBeep(ctx),
  low: (ctx) => renderLowBattery(ctx),
  lay: (ctx) => renderLay(ctx),
  draw: (ctx) => renderDraw(ctx),
  uno: (ctx) => renderUno(ctx),
  win: (ctx) => renderWin(ctx),
};

/** The storage key of the one mute for every sound of the page, kept across reloads. */
export const MUTE_KEY = 'uno-extreme-muted';

/**
 * The gestures that may let a page start its sound. Which of them do depends on the pointer: a
 * mouse's pointerdown does, a touch's only at its end (touchend, pointerup, click), a key's
 * keydown does; so the sound listens to all of them until one has started it.
 */
const GESTURES = ['pointerdown', 'pointerup', 'touchend', 'click', 'keydown'] as const;

/** The browser says the person has just acted (true where it cannot tell). */
function activated(): boolean {
  const ua = (globalThis.navigator as { userActivation?: { isActive: boolean } } | undefined)?.userActivation;
  return ua === undefined || ua.isActive;
}

/**
 * How long the sound stays awake after its last sound has died away, ms: a running AudioContext
 * costs the page some CPU every second, silent or not (a phone's battery, over a whole evening),
 * so it is suspended after this, and resumed for the next sound.
 */
export const SLEEP_AFTER_MS = 4000;

/**
 * The page's sound: silent until the person's first gesture (a pointer or a key on `target`),
 * then an AudioContext, made and resumed in that gesture, suspended after a few silent seconds
 * and resumed for the next sound (the page has had its gesture: no other is needed). Muted,
 * nothing plays.
 */
export class Sound {
  private ctx: AudioContext | null = null;
  /** Suspended by this after its silence (not by the browser): resumed at the next sound. */
  private sleeping = false;
  /** Resumed from its sleep, not running yet: a sound played meanwhile is scheduled all the same. */
  private waking = false;
  private sleepTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly sleepAfterMs: number;
  private mutedNow: boolean;
  private readonly listeners = new Set<(muted: boolean) => void>();
  private readonly unlock = (): void => this.start();
  private readonly makeContext: () => AudioContext;

  private readonly store: Pick<Storage, 'getItem' | 'setItem'> | null;

  /**
   * `makeContext`: how to make the context (a page's default; a test's own). `store`: where the
   * mute is kept (the page's storage), read as it starts unless `muted` says.
   */
  constructor(
    private readonly target: EventTarget = window,
    o: { muted?: boolean; makeContext?: () => AudioContext; sleepAfterMs?: number; store?: Pick<Storage, 'getItem' | 'setItem'> } = {},
  ) {
    this.store = o.store ?? null;
    this.mutedNow = o.muted ?? this.store?.getItem(MUTE_KEY) === '1';
    this.sleepAfterMs = o.sleepAfterMs ?? SLEEP_AFTER_MS;
    this.makeContext = o.makeContext ?? (() => new AudioContext());
    for (const g of GESTURES) target.addEventListener(g, this.unlock, { capture: true });
  }

  /** The sound can be heard: a gesture has started it, and it is not muted. */
  get audible(): boolean {
    return !this.mutedNow && this.started;
  }

  /** A gesture has started the sound (whether muted or not), asleep or awake. */
  get started(): boolean {
    return this.ctx !== null && (this.ctx.state === 'running' || this.sleeping || this.waking);
  }

  /** The context is suspended for its silence, to be resumed at the next sound. */
  get asleep(): boolean {
    return this.sleeping;
  }

  get muted(): boolean {
    return this.mutedNow;
  }

  /** Mutes or unmutes, kept in the store; listeners hear the new setting. */
  setMuted(muted: boolean): void {
    if (muted === this.mutedNow) return;
    this.mutedNow = muted;
    this.store?.setItem(MUTE_KEY, muted ? '1' : '0');
    for (const l of this.listeners) l(muted);
  }

  /** Hears mute changes; returns the unsubscribe function. */
  onMuted(listener: (muted: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Plays a sound now (a ding at `pace` of its length), if it can be heard (see {@link audible}); says whether it did. */
  play(kind: SoundKind, pace = 1): boolean {
    if (!this.audible) return false;
    const ctx = this.ctx!;
    // Scheduled on the suspended clock, it sounds from the moment the context runs again.
    const ends = RENDER[kind](ctx, pace);
    if (this.sleeping) {
      this.sleeping = false;
      this.waking = true;
      void ctx.resume().catch(() => {}).finally(() => (this.waking = false));
    }
    this.sleepLater(Math.max(0, ends - ctx.currentTime) * 1000);
    return true;
  }

  /** Suspends the context once `ms` and the silence after it have passed with no sound. */
  private sleepLater(ms: number): void {
    clearTimeout(this.sleepTimer);
    this.sleepTimer = setTimeout(() => {
      const ctx = this.ctx;
      if (!ctx || ctx.state !== 'running') return;
      this.sleeping = true;
      void ctx.suspend().catch(() => {});
    }, ms + this.sleepAfterMs);
  }

  /**
   * Makes the context in a gesture the browser counts (made outside one, it stays suspended and
   * the browser warns), resumes it if it is suspended, and stops listening once it runs.
   */
  private start(): void {
    if (!activated()) return;
    this.ctx ??= this.makeContext();
    const ctx = this.ctx;
    const awake = () => {
      this.stopListening();
      this.sleepLater(0);
    };
    if (ctx.state === 'running') return awake();
    void ctx.resume().then(() => ctx.state === 'running' && awake(), () => {});
  }

  private stopListening(): void {
    for (const g of GESTURES) this.target.removeEventListener(g, this.unlock, { capture: true });
  }

  /** Stops listening and closes the context. */
  dispose(): void {
    clearTimeout(this.sleepTimer);
    this.stopListening();
    this.listeners.clear();
    void this.ctx?.close();
    this.ctx = null;
  }
}

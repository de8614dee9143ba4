/**
 * The launcher on the page: a region named "Launcher" with the toy drawn as it is (see Toy.tsx),
 * turning to the seat it aims at in the emulator's travel time, the button that presses it, the
 * ding, the cards flying one by one to the aimed seat's area, the empty launcher and its reload, a
 * jam, a card left sticking out and who takes it, the batteries and the lid. What the animations
 * show is said in words too, so reduced motion loses nothing.
 */
import type { JSX } from 'preact';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { BATTERY } from '../../../emulator/core.ts';
import type { MachineLauncher } from '../../../emulator/launcher.ts';
import { seatHeading } from '../../../emulator/machine.ts';
import type { LauncherHeard } from '../../../table/launcherOnTable.ts';
import { useWords } from '../lang.tsx';
import { memo, sameProps } from '../memo.ts';
import { nameOf } from '../../../table/words.ts';
import { centre, Flights, seatArea, type Flight, type Tally } from './Flights.tsx';
import type { Sound } from './sound.ts';
import { LAUNCHER_CSS } from './styles.ts';
import { Toy } from './Toy.tsx';
import { dingPace, LauncherWatch, story } from './watch.ts';

/** The view's inputs. */
export interface LauncherViewProps {
  launcher: MachineLauncher;
  /** The players' names, by seat. */
  names: readonly string[];
  /** The person's seat (the fallback direction of the drawing: them at the bottom). */
  me: number;
  /** The person may press now. */
  canPress: boolean;
  /** What pressing does now, shown under the button ("Hit 2: press 2 more times"). */
  pressLabel: string;
  onPress: () => void;
  /**
   * Who is pressing (a Coup Extrême's attacker presses aimed at the target): a card left sticking
   * out is theirs (rules.md) and flies to them. By default the seat the launcher faces.
   */
  presser?: number;
  /** Stops the animations (the person's `prefers-reduced-motion` does it too). */
  reducedMotion?: boolean;
  /** Plays the ding, the lid's beep and the low-battery warning, with a mute toggle. */
  sound?: Sound;
}

/** Real ms an animation of `ms` (at 1×) takes at the launcher's speed now (0 with no waiting, or no motion). */
function paced(ms: number, l: MachineLauncher, motion: boolean): number {
  const speed = l.speed ?? Infinity;
  return motion && Number.isFinite(speed) ? Math.round(ms / speed) : 0;
}

/** How long a card takes from the mouth to a hand, and how long a half-out card sticks out first, at 1×. */
const FLIGHT_MS = 450;
const HALF_OUT_MS = 700;
/** How long the lid shows open for a reload, at 1×. */
const RELOAD_MS = 900;
/**
 * How long a seat's "+N" stays after its last card landed, ms of real time whatever the speed
 * (and with no motion): long enough to be read, even when the cards land at once.
 */
const TALLY_MS = 1800;

/** The person's `prefers-reduced-motion`, as it changes. */
export function usePrefersReducedMotion(): boolean {
  const query = typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;
  const [reduce, setReduce] = useState(query?.matches ?? false);
  useEffect(() => {
    if (!query) return;
    const on = (e: MediaQueryListEvent): void => setReduce(e.matches);
    query.addEventListener('change', on);
    return () => query.removeEventListener('change', on);
  }, []);
  return reduce;
}

/** Screen degrees from the drawing's centre to the seat's area (or, with no area, around a table with `me` at the bottom). */
function seatAngle(svg: Element | null, seat: number, seats: number, me: number): number {
  const area = seatArea(seat);
  if (svg && area) {
    const a = centre(svg);
    const b = centre(area);
    if (a.x !== b.x || a.y !== b.y) return (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;
  }
  return 90 + seatHeading(seat, seats) - seatHeading(me, seats);
}

/**
 * The element that holds every one of `els` (the seats' areas): the seats are placed in it by its
 * size, so they move when it changes size.
 */
function holderOf(els: readonly Element[]): Element | null {
  let at = els[0]?.parentElement ?? null;
  while (at && !els.every((el) => at!.contains(el))) at = at.parentElement;
  return at;
}

/** What the view shows of the launcher: it is drawn again when one of these changes, and only then. */
type Look = LauncherHeard & { aimSeat: number; turning: boolean; seats: number; lidOpen: boolean; supply: number; volts: number; jammed: boolean };

function lookOf(l: MachineLauncher, watch: LauncherWatch): Look {
  const c = l.context;
  return { ...watch.shown, aimSeat: c.aimSeat, turning: c.turning, seats: c.seats, lidOpen: c.lidOpen, supply: l.supplyCount, volts: l.volts, jammed: l.unitState === 'jammed' };
}

/** `target` moved by whole turns to within half a turn of `from` (the turntable takes the short way). */
function nearest(from: number, target: number): number {
  return from + ((((target - from) % 360) + 540) % 360) - 180;
}

/**
 * The launcher view (see the module's doc), drawn again only when what it shows changes: a prop
 * (its parent draws at every move; `onPress` must stay the same function), the launcher's look,
 * a card in flight.
 */
export const LauncherView = memo(LauncherPanel);

function LauncherPanel(p: LauncherViewProps): JSX.Element {
  const w = useWords();
  const { launcher: l, names } = p;
  // Read when a press dings: the presser then, not at the next redraw.
  const presser = useRef(p.presser);
  presser.current = p.presser;
  const watch = useMemo(() => new LauncherWatch(l, () => presser.current), [l]);
  // The machine tells of every step it takes (a timer, a state within a burst): most change nothing shown.
  const [, setLook] = useState<Look | null>(null);
  const prefersReduced = usePrefersReducedMotion();
  const motion = !(p.reducedMotion ?? false) && !prefersReduced;
  const id = useId();
  const svgBox = useRef<HTMLDivElement>(null);
  const [flights, setFlights] = useState<Flight[]>([]);
  const [halfOutShown, setHalfOutShown] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [aim, setAim] = useState({ angle: 90, ms: 0 });
  const nextId = useRef(1);

  useEffect(() => {
    const look = (): void => setLook((was) => {
      const now = lookOf(l, watch);
      return was && sameProps(was, now) ? was : now;
    });
    look();
    const off = watch.subscribe(look);
    return () => {
      off();
      watch.dispose();
    };
  }, [watch]);

  // Each card flies once it is out; one left half out sticks out of the mouth for a moment first.
  // The moments (a half-out card's, the reload's open lid) end with the view if it goes first.
  const later = useRef(new Set<ReturnType<typeof setTimeout>>());
  const after = useCallback((ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      later.current.delete(t);
      fn();
    }, ms);
    later.current.add(t);
  }, []);
  useEffect(() => () => later.current.forEach(clearTimeout), []);
  useEffect(() => watch.onCard((c) => {
    const f: Flight = { id: nextId.current++, card: c.card, seat: c.seat, halfOut: c.halfOut, ms: paced(FLIGHT_MS, l, motion), press: watch.shown.dings };
    const hold = c.halfOut ? paced(HALF_OUT_MS, l, motion) : 0;
    if (hold === 0) return setFlights((fs) => [...fs, f]);
    setHalfOutShown(true);
    after(hold, () => {
      setHalfOutShown(false);
      setFlights((fs) => [...fs, f]);
    });
  }), [watch, motion]);
  // Each card landed adds to its seat's "+N", drawn over the seat's area; it goes once no card has
  // come for a moment.
  const [tallies, setTallies] = useState<Tally[]>([]);
  const lastLanding = useRef(new Map<number, number>());
  const inAir = useRef(flights);
  inAir.current = flights;
  const landed = useCallback((id: number) => {
    const f = inAir.current.find((x) => x.id === id);
    setFlights((fs) => fs.filter((x) => x.id !== id));
    if (!f) return;
    const area = seatArea(f.seat);
    const at = area ? centre(area) : null;
    const tally = nextId.current++;
    lastLanding.current.set(f.seat, tally);
    setTallies((ts) => {
      const had = ts.find((t) => t.seat === f.seat && t.press === f.press);
      const rest = ts.filter((t) => t.seat !== f.seat);
      return at ? [...rest, { id: had?.id ?? tally, seat: f.seat, press: f.press, pop: f.ms > 0, n: (had?.n ?? 0) + 1, x: at.x, y: at.y }] : rest;
    });
    after(TALLY_MS, () => {
      if (lastLanding.current.get(f.seat) === tally) setTallies((ts) => ts.filter((t) => t.seat !== f.seat));
    });
  }, []);

  useEffect(() => l.on('reloaded', () => {
    const ms = paced(RELOAD_MS, l, motion);
    if (ms === 0) return;
    setReloading(true);
    after(ms, () => setReloading(false));
  }), [l, motion]);

  useEffect(() => {
    const s = p.sound;
    if (!s) return;
    const offs = [l.on('ding', (e) => s.play('ding', dingPace(l.context.profile, e))), l.on('beep', () => s.play('beep')), l.on('lowBattery', () => s.play('low'))];
    return () => offs.forEach((off) => off());
  }, [l, p.sound]);

  // The turn: to the seat the launcher turns to, in its travel time at its speed. At rest it
  // follows the seat's area wherever the page's layout moves it (a window resized, a hand grown).
  const c = l.context;
  const svgOf = (): Element | null => svgBox.current?.querySelector('svg') ?? null;
  useLayoutEffect(() => {
    const ms = c.turning ? paced(c.aimTravelMs, l, motion) : 0;
    setAim((a) => {
      const angle = nearest(a.angle, seatAngle(svgOf(), c.aimSeat, c.seats, p.me));
      return angle === a.angle && ms === a.ms ? a : { angle, ms };
    });
  }, [c.aimSeat, c.turning, c.seats, p.me, motion]);
  const follow = useCallback(() => {
    if (l.context.turning) return;
    setAim((a) => {
      const angle = nearest(a.angle, seatAngle(svgOf(), l.context.aimSeat, l.context.seats, p.me));
      return Math.abs(angle - a.angle) < 0.5 ? a : { angle, ms: 0 };
    });
  }, [l, p.me]);
  // The seats are placed by the sizes of the page's parts: where they are is read again when the
  // drawing, a seat's area or the element holding the seats changes size, never at a mere redraw
  // (each read lays the page out). Read in the next frame: the table places its middle, the
  // drawing with it, from the same sizes, in an observer that may come after this one.
  useEffect(() => {
    const box = svgBox.current;
    if (!box) return;
    let frame = 0;
    const soon = (): void => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(follow);
    };
    const areas = [...document.querySelectorAll('[data-seat-area]')];
    const ro = new ResizeObserver(soon);
    for (const el of [box, ...areas, holderOf(areas)]) if (el) ro.observe(el);
    addEventListener('resize', follow);
    return () => {
      ro.disconnect();
      cancelAnimationFrame(frame);
      removeEventListener('resize', follow);
    };
  }, [follow, c.seats]);

  const s = watch.shown;
  const who = nameOf(names, c.aimSeat, w);
  const volts = l.volts;
  const low = s.lowBattery !== null || volts < BATTERY.lowVolts;
  const stuck = s.press?.jam ? 'jam' : halfOutShown ? 'half-out' : null;
  const lines = story(s, names, w, l.unitState === 'jammed');
  const aimLine = w.t('launcher.aim', { turning: c.turning ? 'yes' : 'no', who });
  const lid = c.lidOpen || reloading ? 'open' : 'closed';
  const label = w.t('launcher.label', {
    turning: c.turning ? 'yes' : 'no', who, n: l.supplyCount, lid, stuck: stuck === 'half-out' ? 'halfOut' : (stuck ?? 'none'), low: low ? 'yes' : 'no',
  });
  const mouth = useCallback(() => svgBox.current?.querySelector('[data-launcher-mouth]') ?? null, []);

  return (
    <section
      class="ul-launcher" aria-labelledby={`${id}-title`}
      data-aim-seat={c.aimSeat} data-turning={String(c.turning)} data-supply={l.supplyCount}
      data-lid={lid} data-dings={s.dings} data-motion={String(motion)}
    >
      <style>{LAUNCHER_CSS}</style>
      <h2 id={`${id}-title`}>{w.t('launcher.title')}</h2>
      <div ref={svgBox}>
        <Toy
          angle={aim.angle} turnMs={aim.ms} supply={l.supplyCount} lidOpen={lid === 'open'} reloading={reloading} stuck={stuck}
          lowBattery={low} dings={s.dings} dingPace={s.dingPace} pressing={s.press !== null && !s.press.done} running={s.running} motion={motion} label={label}
        />
      </div>
      <div class="ul-side">
        <button type="button" class="ul-press" disabled={!p.canPress} onClick={p.onPress} aria-describedby={`${id}-press`}>{w.t('ask.pressLauncher')}</button>
        <p id={`${id}-press`} class="ul-press-label">{p.pressLabel}</p>
        <p class="ul-aim">{aimLine}</p>
        <ul class="ul-status" data-launcher-story="">
          {lines.map((line) => <li key={line}>{line}</li>)}
        </ul>
        <div class={low ? 'ul-battery ul-battery-low' : 'ul-battery'}>
          <label for={`${id}-battery`}>{w.t('launcher.battery')}</label>
          <meter id={`${id}-battery`} min={BATTERY.deadVolts} max={BATTERY.freshVolts} low={BATTERY.lowVolts} optimum={BATTERY.freshVolts} value={volts} />
          <span>{w.t('launcher.volts', { volts, low: low ? 'yes' : 'no' })}</span>
        </div>
        <p class="ul-lid-line">{w.t('launcher.lidLine', { lid, n: l.supplyCount })}</p>
        {p.sound && <MuteToggle sound={p.sound} />}
      </div>
      <p class="ul-sr" aria-live="polite">{lines.slice(-1)[0] ?? ''}</p>
      <Flights flights={flights} tallies={tallies} from={mouth} onLanded={landed} />
    </section>
  );
}

/** The page's one mute: a button that says whether every sound of the page is muted. */
export function MuteToggle({ sound }: { sound: Sound }): JSX.Element {
  const w = useWords();
  const [muted, setMuted] = useState(sound.muted);
  useEffect(() => sound.onMuted(setMuted), [sound]);
  return (
    <button type="button" class="ul-mute" aria-pressed={muted} onClick={() => sound.setMuted(!muted)}>
      {w.t('launcher.mute')}
    </button>
  );
}

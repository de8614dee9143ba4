/**
 * What happened at the table (happened.ts), heard and seen: a card laid flies from the hand or
 * the seat to the pile (a Discard All's cards one after another), the deal is dealt to every
 * seat, cards taken arrive in the hand they went to, an UNO call and a skip show at their seat, a
 * Reverse at the pile; each with its sound. Web Animations on the page's own elements and on
 * cards drawn in a layer above the table, none of which the game waits for. At instant speed, or
 * when the person asks for reduced motion, nothing moves: the state simply changes.
 */
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { CardId } from '../../game/index.ts';
import { CardFace } from './cards.tsx';
import { happenings, type Happening, type TableFacts } from './happened.ts';
import { usePrefersReducedMotion, type PageSpeed, type Sound } from './launcher/index.ts';

/** How long things take at 1×, ms: a card's flight, the gap between cards one after another, the deal's, a sign at a seat. */
export const MOTION_MS = { fly: 420, next: 140, deal: 35, sign: 1100 } as const;

/**
 * What flies above the table: cards, card backs and the signs at a seat. In the module, as the
 * launcher's drawing has its own (launcher/styles.ts): the test page that shows the motion alone
 * has it too.
 */
const MOTION_CSS = `
.motion-layer { position: fixed; inset: 0; pointer-events: none; z-index: 50; overflow: hidden; --card-w: 56px; }
.fly { position: absolute; width: var(--card-w); height: calc(var(--card-w) * var(--card-ratio, 1.45)); transform: translate(-50%, -50%); }
.fly.back { border-radius: 6px; border: 3px solid #fff; background: repeating-linear-gradient(45deg, #7a0d0d 0 6px, #a31414 6px 12px); box-shadow: 0 3px 6px #0008; }
.fly.sign { width: auto; height: auto; padding: .15rem .7rem; border-radius: 1rem; font-size: 1.8rem; font-weight: 900; line-height: 1.2; background: var(--accent, #ffd54f); color: #111; box-shadow: 0 2px 10px #000a; }
.fly.sign-uno { background: var(--red, #d72600); color: #fff; border: 3px solid #fff; }
`;

/** A game night room's pace (its paceMs: absent 800, 400, 0) as the page's speed its motion keeps. */
export function paceSpeed(paceMs: number | undefined): PageSpeed {
  return paceMs === 0 ? 'instant' : paceMs !== undefined && paceMs <= 400 ? 2 : 1;
}

/** A thing drawn in flight above the table. */
interface Flyer {
  key: number;
  /** A card's face, a card's back, or a sign (UNO, a skip, a reverse). */
  look: { card: CardId } | { back: true } | { sign: string; kind: 'uno' | 'skip' | 'reverse' };
  from: DOMRect;
  to: DOMRect;
  delay: number;
  ms: number;
  /** The animation's id (`motion-lay`, …), as `document.getAnimations()` lists it. */
  id: string;
}

let keys = 0;

/** A CSS translate by `x` and `y` px. */
const shift = (x: number, y: number) => [x, y].map((v) => `${v}px`).join(' ');

/** The middle of `r`. */
const mid = (r: DOMRect) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });

/** The element a seat's cards come from and go to: this screen's hand, else the seat's place at the table. */
function seatEl(seat: number, me: number): Element | null {
  if (seat === me) return document.querySelector('.hand') ?? document.querySelector(`[data-seat-area="${seat}"]`);
  return document.querySelector(`[data-seat-area="${seat}"]`) ?? document.querySelector(`.phone-seats [data-seat="${seat}"]`);
}

/** The animations of one moment's happenings: flyers to draw, and animations run on the page's elements. */
function plan(list: readonly Happening[], me: number, launcherFlies: boolean, pace: number): { flyers: Flyer[]; run: Array<() => void> } {
  const flyers: Flyer[] = [];
  const run: Array<() => void> = [];
  const pile = document.querySelector('.discard');
  const supply = document.querySelector('.ul-toy') ?? pile;
  if (!pile || !supply) return { flyers, run };
  const fly = pace * MOTION_MS.fly;
  const next = pace * MOTION_MS.next;
  const rectOf = (seat: number) => seatEl(seat, me)?.getBoundingClientRect() ?? null;
  /** A page element coming from `from` to where it is, after `delay`. */
  const arrive = (el: Element, from: DOMRect, delay: number, id: string, scale = 0.6) => {
    const to = mid(el.getBoundingClientRect());
    const f = mid(from);
    const a = el.animate(
      [{ translate: shift(f.x - to.x, f.y - to.y), scale: String(scale) }, { translate: '0 0', scale: '1' }],
      { duration: fly, delay, easing: 'cubic-bezier(.2,.7,.3,1)', fill: 'backwards' },
    );
    a.id = id;
  };
  const sign = (kind: 'uno' | 'skip' | 'reverse', text: string, at: DOMRect | null) =>
    at && flyers.push({ key: ++keys, look: { sign: text, kind }, from: at, to: at, delay: 0, ms: pace * MOTION_MS.sign, id: `motion-${kind}` });
  for (const h of list) {
    switch (h.kind) {
      case 'deal': {
        const from = pile.getBoundingClientRect();
        h.sizes.forEach((n, seat) => {
          if (seat === me) {
            run.push(() => document.querySelectorAll('.hand button.card').forEach((b, i) => arrive(b, from, pace * MOTION_MS.deal * (i * h.sizes.length + seat), 'motion-deal')));
            return;
          }
          const to = rectOf(seat);
          for (let i = 0; to && i < Math.min(n, 7); i++) flyers.push({ key: ++keys, look: { back: true }, from, to, delay: pace * MOTION_MS.deal * (i * h.sizes.length + seat), ms: fly, id: 'motion-deal' });
        });
        break;
      }
      case 'lay': {
        const from = rectOf(h.seat);
        if (!from) break;
        const to = pile.getBoundingClientRect();
        // The cards under the top one fly drawn; the top one is the pile's own card, come from the hand.
        h.cards.slice(0, -1).forEach((card, i) => flyers.push({ key: ++keys, look: { card }, from, to, delay: i * next, ms: fly, id: 'motion-lay' }));
        run.push(() => arrive(pile, from, (h.cards.length - 1) * next, 'motion-lay'));
        break;
      }
      case 'take': {
        // The launcher's own flights carry every card it fires, to this hand too: flown again, each would arrive twice.
        if (launcherFlies) break;
        const from = supply.getBoundingClientRect();
        if (h.seat === me) {
          run.push(() => h.cards.forEach((id, i) => {
            const b = document.querySelector(`.hand button.card[data-card="${id}"]`);
            if (b) arrive(b, from, (i * next) / 2, 'motion-take', 0.8);
          }));
        } else {
          const to = rectOf(h.seat);
          for (let i = 0; to && i < Math.min(h.n, 4); i++) flyers.push({ key: ++keys, look: { back: true }, from, to, delay: (i * next) / 2, ms: fly, id: 'motion-take' });
        }
        break;
      }
      case 'uno':
        sign('uno', 'UNO!', rectOf(h.seat));
        break;
      case 'skip':
        sign('skip', '⊘', rectOf(h.seat));
        break;
      case 'reverse':
        sign('reverse', h.direction === 1 ? '↻' : '↺', pile.getBoundingClientRect());
        break;
    }
  }
  return { flyers, run };
}

/** The sound of a happening at this screen, if it has one (at instant speed, only this screen's own and a win). */
function soundOf(h: Happening, me: number, instant: boolean): 'lay' | 'draw' | 'uno' | 'win' | null {
  const mine = 'seat' in h && h.seat === me;
  if (instant && !mine && h.kind !== 'win') return null;
  if (h.kind === 'lay') return 'lay';
  if (h.kind === 'take') return mine ? 'draw' : null;
  if (h.kind === 'uno') return 'uno';
  if (h.kind === 'win') return 'win';
  return null;
}

/**
 * The table's motion and sounds, for the table it is rendered in: `facts` is the table now (from
 * its state or its view); `launcherFlies`: the launcher's own flights carry the cards it fires to
 * every seat, this screen's hand too (the one-player page's launcher). `watchedBegin`: this screen showed the game
 * before it was dealt (a game begun on the page, a room's lobby), so its first moment is the
 * deal; else (a page loaded or reloaded, a save opened) the first moment is the table as it is,
 * and nothing happened. Rendered anew for each game (a key), it compares nothing across them.
 */
export function TableMotion({ facts, speed, sound, launcherFlies, watchedBegin }: { facts: TableFacts; speed: PageSpeed; sound: Sound; launcherFlies: boolean; watchedBegin: boolean }) {
  const reduced = usePrefersReducedMotion();
  // The moment before this one: null, a table not dealt yet; undefined, nothing seen.
  const before = useRef<TableFacts | null | undefined>(watchedBegin ? null : undefined);
  const [flyers, setFlyers] = useState<Flyer[]>([]);
  useLayoutEffect(() => {
    const list = before.current === undefined ? [] : happenings(before.current, facts);
    before.current = facts;
    if (!list.length) return;
    const instant = speed === 'instant';
    // One sound per kind at a moment: a Discard All is one card laid to the ear.
    for (const kind of new Set(list.map((h) => soundOf(h, facts.me, instant)))) if (kind) sound.play(kind);
    if (instant || reduced) return;
    const { flyers: more, run } = plan(list, facts.me, launcherFlies, 1 / speed);
    for (const r of run) r();
    if (more.length) setFlyers((f) => [...f, ...more]);
  });
  const landed = (key: number) => setFlyers((f) => f.filter((x) => x.key !== key));
  return (
    <div class="motion-layer" aria-hidden="true">
      <style>{MOTION_CSS}</style>
      {flyers.map((f) => <Fly key={f.key} f={f} onEnd={() => landed(f.key)} />)}
    </div>
  );
}

/** One flyer: placed where it lands, animated from where it starts, gone once landed. */
function Fly({ f, onEnd }: { f: Flyer; onEnd: () => void }) {
  const to = mid(f.to);
  const from = mid(f.from);
  const ref = (el: HTMLDivElement | null) => {
    if (!el || el.getAnimations().length) return;
    const dx = from.x - to.x;
    const dy = from.y - to.y;
    const frames = 'sign' in f.look
      ? [{ scale: '.3', opacity: 0 }, { scale: '1.25', opacity: 1, offset: 0.2 }, { scale: '1', opacity: 1, offset: 0.75 }, { scale: '1', opacity: 0 }]
      : [{ translate: shift(dx, dy), opacity: 1 }, { translate: '0 0', opacity: 1, offset: 0.85 }, { translate: '0 0', opacity: 0 }];
    const a = el.animate(frames, { duration: f.ms, delay: f.delay, easing: 'ease-out', fill: 'both' });
    a.id = f.id;
    a.onfinish = onEnd;
    a.oncancel = onEnd;
  };
  const look = f.look;
  return (
    <div class={`fly${'sign' in look ? ` sign sign-${look.kind}` : 'back' in look ? ' back' : ''}`} ref={ref} style={{ left: `${to.x}px`, top: `${to.y}px` }}>
      {'card' in look ? <CardFace id={look.card} /> : 'sign' in look ? look.sign : null}
    </div>
  );
}

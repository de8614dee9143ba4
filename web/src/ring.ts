/**
 * The oval table's geometry: where each player sits around it, and the room its middle (the pile
 * and the launcher) has inside the seats and the arrows on its rim.
 */
import { useLayoutEffect, type MutableRef } from 'preact/hooks';
import { seatHeading } from '../../emulator/machine.ts';

/**
 * Where `seat` sits around the table, in degrees on the screen (0 to the right, 90 at the bottom,
 * growing clockwise): `me` at the bottom, the others clockwise in the order of play, evenly
 * spaced. The launcher's turntable uses the same headings, so it turns to the seat it aims at.
 */
export function seatDegrees(seat: number, seats: number, me: number): number {
  return 90 + ((seatHeading(seat, seats) - seatHeading(me, seats) + 360) % 360);
}

/** A box in px, from the ring's top left corner. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The middle of the table: its width (centred left to right), its top and its height, in px. */
export interface Middle {
  width: number;
  top: number;
  height: number;
}

/**
 * The largest rectangle, centred left to right in a `width`×`height` ring, that keeps `gap` px
 * from every one of `obstacles` (the seats, the arrows). Its height counts up to half its width:
 * the pile and the launcher sit side by side and have no use for a taller room than that.
 */
export function freeMiddle(width: number, height: number, obstacles: readonly Box[], gap: number): Middle {
  const cx = width / 2;
  // How far each obstacle is from the vertical line through the middle (0 when it straddles it).
  const away = obstacles.map((b) => (b.left <= cx && cx <= b.right ? 0 : Math.min(Math.abs(b.left - cx), Math.abs(b.right - cx))));
  const halves = [...new Set([...away.map((d) => d - gap), cx])].filter((w) => w > 0).sort((a, b) => a - b);
  let best: Middle & { score: number } = { width: 0, top: 0, height: 0, score: -1 };
  for (const half of halves) {
    // The obstacles that a rectangle this wide meets, by the rows they take.
    const rows = obstacles
      .filter((_, i) => away[i] < half + gap)
      .map((b) => [Math.max(0, b.top - gap), Math.min(height, b.bottom + gap)] as const)
      .sort((a, b) => a[0] - b[0]);
    let from = 0;
    for (const [top, bottom] of [...rows, [height, height] as const]) {
      const free = top - from;
      const score = 2 * half * Math.min(free, half);
      if (free > 0 && score > best.score) best = { width: 2 * half, top: from, height: free, score };
      from = Math.max(from, bottom);
    }
  }
  return { width: Math.floor(best.width), top: Math.ceil(best.top), height: Math.floor(best.height) };
}

/** A box of `el` from the top left corner of `origin`'s box. */
function boxIn(el: Element, origin: DOMRect): Box {
  const r = el.getBoundingClientRect();
  return { left: r.left - origin.left, top: r.top - origin.top, right: r.right - origin.left, bottom: r.bottom - origin.top };
}

/**
 * Keeps the middle of the ring `ring` (its `--middle-width`, `--middle-top`, `--middle-height`)
 * clear of the boxes of `obstacles` (a selector inside it): measured as the ring or one of them
 * changes size (a window resized, a hand shown, a badge), which is also when they move, the
 * obstacles being placed by the ring's size. They are looked up again when `seats` changes.
 */
export function useFreeMiddle(ring: MutableRef<HTMLElement | null>, obstacles: string, gap: number, seats: number): void {
  useLayoutEffect(() => {
    const el = ring.current;
    if (!el) return;
    const fit = () => {
      const origin = el.getBoundingClientRect();
      const boxes = [...el.querySelectorAll(obstacles)].map((o) => boxIn(o, origin));
      const m = freeMiddle(origin.width, el.querySelector('.others')?.getBoundingClientRect().height ?? origin.height, boxes, gap);
      el.style.setProperty('--middle-width', `${m.width}px`);
      el.style.setProperty('--middle-top', `${m.top}px`);
      el.style.setProperty('--middle-height', `${m.height}px`);
    };
    // Observing an element reports its size at once: the first fit comes before the first paint.
    const ro = new ResizeObserver(fit);
    ro.observe(el);
    for (const o of el.querySelectorAll(obstacles)) ro.observe(o);
    return () => ro.disconnect();
  }, [seats]);
}

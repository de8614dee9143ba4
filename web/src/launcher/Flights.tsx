/**
 * The cards flying out of the launcher's mouth to the aimed seat's area on the page (the element
 * `[data-seat-area="N"]` the page gives every player). Each card lands with a
 * {@link CARD_LANDED} event on that area, so the page (or a test) knows it arrived.
 */
import type { JSX } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { CardId } from '../../../emulator/core.ts';

/** The event a landing card dispatches on its seat's area (it bubbles). */
export const CARD_LANDED = 'launcher-card-landed';

/** What {@link CARD_LANDED} carries. */
export interface CardLanded {
  seat: number;
  card: CardId;
  /** The card was left sticking out of the mouth by the reverse pulse. */
  halfOut: boolean;
  /** The flying card, where it landed (it is removed right after). */
  element: HTMLElement;
}

/** One card in flight. */
export interface Flight {
  id: number;
  card: CardId;
  seat: number;
  halfOut: boolean;
  /** How long it stays in the air, ms (0: it lands at once). */
  ms: number;
  /** The press (its ding's number) that fired it: each press counts its own "+N". */
  press: number;
}

/** The seat's area on the page, if the page has one. */
export function seatArea(seat: number): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-seat-area="${seat}"]`);
}

/** The centre of an element on the screen. */
export function centre(el: Element): { x: number; y: number } {
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

function FlyingCard({ f, from, onLanded }: { f: Flight; from: () => Element | null; onLanded: (id: number) => void }): JSX.Element {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current!;
    const area = seatArea(f.seat);
    const mouth = from();
    const start = mouth ? centre(mouth) : area ? centre(area) : { x: 0, y: 0 };
    const end = area ? centre(area) : start;
    el.style.left = `${end.x}px`;
    el.style.top = `${end.y}px`;
    let gone = false;
    const land = (): void => {
      if (gone) return;
      gone = true;
      area?.dispatchEvent(new CustomEvent<CardLanded>(CARD_LANDED, { bubbles: true, detail: { seat: f.seat, card: f.card, halfOut: f.halfOut, element: el } }));
      onLanded(f.id);
    };
    if (f.ms <= 0) {
      land();
      return;
    }
    // Drawn where it lands, and animated from the mouth: the flight is only a transform.
    const a = el.animate(
      [{ transform: `translate(${start.x - end.x}px, ${start.y - end.y}px) rotate(-20deg) scale(0.6)` }, { transform: 'none' }],
      { duration: f.ms, easing: 'cubic-bezier(0.2, 0.7, 0.4, 1)' },
    );
    a.onfinish = land;
    return () => {
      gone = true;
      a.cancel();
    };
  }, []);
  return <div ref={ref} class="ul-flight" data-flight-seat={f.seat} />;
}

/** A "+N" where a press's cards landed: `n` cards so far on `seat`'s area, at (x, y) on the screen. */
export interface Tally {
  id: number;
  seat: number;
  press: number;
  /** It pops up as its cards flew (none when they landed at once: no waiting, or no motion). */
  pop: boolean;
  n: number;
  x: number;
  y: number;
}

/**
 * The cards in the air, over the whole page, and the "+N" over each seat that took cards. `from`
 * finds the launcher's mouth as it is now.
 */
export function Flights({ flights, tallies = [], from, onLanded }: { flights: readonly Flight[]; tallies?: readonly Tally[]; from: () => Element | null; onLanded: (id: number) => void }): JSX.Element {
  return (
    <div class="ul-flights" aria-hidden="true">
      {flights.map((f) => <FlyingCard key={f.id} f={f} from={from} onLanded={onLanded} />)}
      {tallies.map((t) => (
        <div key={`${t.id}-${t.n}`} class={t.pop ? 'ul-plus ul-plus-pop' : 'ul-plus'} data-plus-seat={t.seat} style={{ left: `${t.x}px`, top: `${t.y}px` }}>+{t.n}</div>
      ))}
    </div>
  );
}

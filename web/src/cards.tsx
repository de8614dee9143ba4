/**
 * Cards as the page draws them: a coloured face with its value, a symbol per colour in the
 * colour-blind mode, and the hand fanned to fit the width it has.
 */
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { ComponentChildren } from 'preact';
import { card, cardLabel, type CardId, type Colour } from '../../game/index.ts';

/** A symbol per colour, so colours can be told apart without seeing them. */
export const COLOUR_SYMBOL: Readonly<Record<Colour, string>> = { red: '▲', yellow: '●', green: '■', blue: '◆' };

/** What a card shows in its middle: the number, or the action's short name. */
function face(id: CardId): string {
  const c = card(id);
  const label = cardLabel(id);
  return c.colour ? label.slice(c.colour.length + 1) : label;
}

/** A card's face (not interactive): for the discard pile, shown hands and inside hand buttons. */
export function CardFace({ id, named }: { id: CardId; named?: Colour | null }) {
  const c = card(id);
  const colour = c.colour ?? 'wild';
  return (
    <span class={`face c-${colour}`} aria-hidden="true">
      {c.colour && <span class="sym sym-top">{COLOUR_SYMBOL[c.colour]}</span>}
      <span class={`value${face(id).length > 4 ? ' long' : ''}`}>{face(id)}</span>
      {c.colour && <span class="sym sym-bottom">{COLOUR_SYMBOL[c.colour]}</span>}
      {named && <span class={`named c-${named}`}>{COLOUR_SYMBOL[named]}</span>}
    </span>
  );
}

/** One card of the person's hand, a button. Its accessible name starts with the card's label. */
export interface HandCard {
  id: CardId;
  playable: boolean;
}

/** How styles.css draws a hand's card: its height per width, its turning point (times its height, from its top), a playable one's rise in px. */
interface CardShape {
  ratio: number;
  turnY: number;
  raise: number;
}

/** The card shape the stylesheet gives the hand `el` (its custom properties). */
function shapeOf(el: Element): CardShape {
  const cs = getComputedStyle(el);
  const read = (name: string) => parseFloat(cs.getPropertyValue(name));
  return { ratio: read('--card-ratio'), turnY: read('--card-turn-y'), raise: read('--card-raise') };
}

/**
 * How far past its own edge a card of width `w` tilted by `deg` reaches sideways: it turns about
 * a point under it, so its raised top corner swings out by the sine of the tilt.
 */
function leanOut(shape: CardShape, w: number, deg: number): number {
  const a = (Math.abs(deg) * Math.PI) / 180;
  return Math.max(0, (shape.turnY * shape.ratio * w + shape.raise) * Math.sin(a) - (w / 2) * (1 - Math.cos(a)));
}

/**
 * The person's hand, fanned: the cards overlap as much as the width needs, the playable ones
 * raised. One card at a time is in the tab order (arrow keys move among them), so Tab goes from
 * the hand to the controls in one step.
 */
export function Hand({ cards, onPlay, label, children }: { cards: HandCard[]; onPlay: (id: CardId) => void; label: string; children?: ComponentChildren }) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(800);
  const [focusAt, setFocusAt] = useState(0);
  // Read once laid out, before the first paint (a layout effect's update renders again at once).
  const [shape, setShape] = useState<CardShape | null>(null);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    setShape(shapeOf(el));
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    setWidth(el.clientWidth);
    return () => ro.disconnect();
  }, []);
  const n = cards.length;
  // Larger cards where there is room: a phone's hand still fits its width at 56 px.
  const cardW = width < 500 ? 56 : width > 1100 ? 92 : 76;
  const tilt = n > 1 ? Math.min(2.5, 30 / n) : 0;
  // The end cards lean out as far as their tilt swings them: the fan keeps that much off each side.
  const room = width - 2 * (shape ? leanOut(shape, cardW, ((n - 1) / 2) * tilt) : 0);
  const step = n > 1 ? Math.min(cardW + 8, (room - cardW) / (n - 1)) : 0;
  const left0 = (width - (cardW + step * (n - 1))) / 2;
  const at = Math.min(focusAt, Math.max(0, n - 1));
  const onKey = (e: KeyboardEvent) => {
    const keys: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, Home: -n, End: n };
    if (!(e.key in keys)) return;
    e.preventDefault();
    const next = Math.max(0, Math.min(n - 1, at + keys[e.key]));
    setFocusAt(next);
    box.current?.querySelectorAll<HTMLButtonElement>('button.card')[next]?.focus();
  };
  return (
    <section class="hand-area" role="region" aria-label="Your hand">
      <h2 class="visually-hidden">{label}</h2>
      {children}
      <div class="hand" ref={box} onKeyDown={onKey} style={{ '--card-w': `${cardW}px` }}>
        {cards.map((c, i) => (
          <button
            key={c.id}
            type="button"
            class={`card${c.playable ? ' playable' : ''}`}
            data-card={c.id}
            tabIndex={i === at ? 0 : -1}
            aria-label={`${cardLabel(c.id)}${c.playable ? ', playable' : ''}`}
            style={{ left: `${left0 + i * step}px`, '--tilt': `${(i - (n - 1) / 2) * tilt}deg`, zIndex: i }}
            onFocus={() => setFocusAt(i)}
            onClick={() => onPlay(c.id)}
          >
            <CardFace id={c.id} />
          </button>
        ))}
      </div>
    </section>
  );
}

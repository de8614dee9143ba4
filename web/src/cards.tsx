/**
 * Cards as the page draws them: a coloured face with its value, a symbol per colour in the
 * colour-blind mode, and the hand fanned to fit the width it has.
 */
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { ComponentChildren } from 'preact';
import { card, COLOURS, type CardId, type Colour } from '../../game/index.ts';
import { cardName } from '../../words/cards.ts';
import type { Key, Words } from '../../words/catalogue.ts';
import { useWords } from './lang.tsx';

/** A symbol per colour, so colours can be told apart without seeing them. */
export const COLOUR_SYMBOL: Readonly<Record<Colour, string>> = { red: '▲', yellow: '●', green: '■', blue: '◆' };

/** What a card shows in its middle: the number, or the kind's short name in the reader's words. */
function face(id: CardId, w: Words): string {
  const c = card(id);
  return c.kind === 'number' ? String(c.number) : w.t(`face.${c.kind}` as Key);
}

/** A card's corner index: its number, or its kind's short sign (`⇄`, `H2`; `A2` in French), short enough to read where the next card covers the rest. */
export function cornerIndex(id: CardId, w: Words): string {
  const c = card(id);
  return c.kind === 'number' ? String(c.number) : w.t(`corner.${c.kind}` as Key);
}

/** The order a sorted hand shows: by colour (the wilds last), then by face (numbers, then actions). */
export function handOrder(ids: readonly CardId[]): CardId[] {
  const key = (id: CardId) => {
    const c = card(id);
    return (c.colourIndex < 0 ? COLOURS.length : c.colourIndex) * 100 + c.face;
  };
  return [...ids].sort((a, b) => key(a) - key(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * A card's face (not interactive): for the discard pile, shown hands and inside hand buttons.
 * UNO's own layout: the corner index top left (and, turned, bottom right), the colour's symbol
 * under it in the colour-blind mode, and the name in the white oval in the middle.
 */
export function CardFace({ id, named }: { id: CardId; named?: Colour | null }) {
  const w = useWords();
  const c = card(id);
  const colour = c.colour ?? 'wild';
  const text = face(id, w);
  const corner = (at: 'top' | 'bottom') => (
    <span class={`corner corner-${at}`}>
      {/* Drawn by the stylesheet: the button's name is the card's label, and its visible text must be part of it. */}
      <span class="index" data-index={cornerIndex(id, w)} />
      {c.colour && <span class="sym">{COLOUR_SYMBOL[c.colour]}</span>}
    </span>
  );
  return (
    <span class={`face c-${colour}`} aria-hidden="true">
      {corner('top')}
      <span class="oval">
        <span class={`value${text.length > 5 ? ' long' : text.length > 2 ? ' mid' : ''}`}>{text}</span>
      </span>
      {corner('bottom')}
      {named && <span class={`named c-${named}`}>{COLOUR_SYMBOL[named]}</span>}
    </span>
  );
}

/** A card as small as its corner index: a hand shown on a seat (its label for screen readers). */
export function MiniCard({ id }: { id: CardId }) {
  const w = useWords();
  const c = card(id);
  return (
    <span class={`mini c-${c.colour ?? 'wild'}`} title={cardName(id, w)}>
      <span aria-hidden="true">{cornerIndex(id, w)}{c.colour && <span class="sym">{COLOUR_SYMBOL[c.colour]}</span>}</span>
      <span class="visually-hidden">{cardName(id, w)}</span>
    </span>
  );
}

/** One card of the person's hand, a button. Its accessible name starts with the card's label. */
export interface HandCard {
  id: CardId;
  playable: boolean;
}

/**
 * How styles.css draws a hand's card: its height per width, its turning point (times its height,
 * from its top), a playable one's rise in px, and the corner index's size with its margin (times
 * the card's width and height): the part of each card the next one must leave uncovered.
 */
interface CardShape {
  ratio: number;
  turnY: number;
  raise: number;
  indexW: number;
  indexH: number;
  /** The least width of each card left uncovered for a finger, px (0 for a mouse). */
  tap: number;
}

/** The card shape the stylesheet gives the hand `el` (its custom properties). */
function shapeOf(el: Element): CardShape {
  const cs = getComputedStyle(el);
  const read = (name: string) => parseFloat(cs.getPropertyValue(name));
  return { ratio: read('--card-ratio'), turnY: read('--card-turn-y'), raise: read('--card-raise'), indexW: read('--card-index-w'), indexH: read('--card-index-h'), tap: read('--card-tap') || 0 };
}

/**
 * How far past its own edge a card of width `w` tilted by `deg` reaches sideways: it turns about
 * a point under it, so its raised top corner swings out by the sine of the tilt.
 */
function leanOut(shape: CardShape, w: number, deg: number): number {
  const a = (Math.abs(deg) * Math.PI) / 180;
  return Math.max(0, (shape.turnY * shape.ratio * w + shape.raise) * Math.sin(a) - (w / 2) * (1 - Math.cos(a)));
}

/** The shape used before the stylesheet's is read: the layout effect reads it before the first paint. */
const UNREAD: CardShape = { ratio: 1.45, turnY: 0, raise: 0, indexW: 0.5, indexH: 0.5, tap: 0 };

/** Where each card of a hand of `n` goes in a box `width` wide. */
export interface HandLayout {
  cardW: number;
  height: number;
  cards: Array<{ left: number; top: number; tilt: number }>;
}

/**
 * The hand's layout: one fanned row while every card's corner index still shows, else as many
 * rows as that needs, each next row lower by the index's height (and a raised card's rise), so
 * that the cards of a row, and the row in front, leave every corner index in sight (and on a touch
 * screen, a finger's width of each card).
 */
export function layoutHand(n: number, width: number, shape: CardShape): HandLayout {
  // Larger cards where there is room: a phone's hand still fits its width at 56 px.
  const cardW = width < 500 ? 56 : width > 1100 ? 92 : 76;
  const cardH = cardW * shape.ratio;
  const minStep = Math.max(Math.ceil(cardW * shape.indexW), shape.tap);
  const perRowMax = Math.max(1, Math.floor((width - cardW) / minStep) + 1);
  const rows = Math.max(1, Math.ceil(n / perRowMax));
  const perRow = Math.ceil(n / rows);
  const rowStep = Math.ceil(cardH * shape.indexH + shape.raise);
  const stepFor = (room: number) => (perRow > 1 ? Math.min(cardW + 8, (room - cardW) / (perRow - 1)) : 0);
  // A single row with room fans out; the end cards lean out as far as their tilt swings them, so
  // the fan keeps that much off each side. Packed tight, the cards stand straight: a turned card
  // swings its neighbour's corner under its own edge.
  let tilt = rows === 1 && n > 1 ? Math.min(2.5, 30 / n) : 0;
  let step = stepFor(width - 2 * leanOut(shape, cardW, ((perRow - 1) / 2) * tilt));
  if (step < cardW * 0.6) (tilt = 0), (step = stepFor(width));
  const cards = Array.from({ length: n }, (_, i) => {
    const row = Math.floor(i / perRow);
    const inRow = Math.min(perRow, n - row * perRow);
    const at = i - row * perRow;
    const left0 = (width - (cardW + step * (inRow - 1))) / 2;
    return { left: left0 + at * step, top: shape.raise + row * rowStep, tilt: (at - (inRow - 1) / 2) * tilt };
  });
  return { cardW, height: Math.ceil(shape.raise + (rows - 1) * rowStep + cardH + 4), cards };
}

/**
 * The person's hand, fanned: the cards overlap as much as the width needs, the playable ones
 * raised. One card at a time is in the tab order (arrow keys move among them), so Tab goes from
 * the hand to the controls in one step.
 */
export function Hand({ cards, onPlay, label, children }: { cards: HandCard[]; onPlay: (id: CardId) => void; label: string; children?: ComponentChildren }) {
  const w = useWords();
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
  const layout = layoutHand(n, width, shape ?? UNREAD);
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
    <section class="hand-area" role="region" aria-label={w.t('page.yourHand')}>
      <h2 class="visually-hidden">{label}</h2>
      {children}
      <div class="hand" ref={box} onKeyDown={onKey} style={{ '--card-w': `${layout.cardW}px`, height: `${layout.height}px` }}>
        {cards.map((c, i) => (
          <button
            key={c.id}
            type="button"
            class={`card${c.playable ? ' playable' : ''}`}
            data-card={c.id}
            tabIndex={i === at ? 0 : -1}
            aria-label={w.t(c.playable ? 'page.cardPlayable' : 'page.card', { card: cardName(c.id, w) })}
            style={{ left: `${layout.cards[i].left}px`, top: `${layout.cards[i].top}px`, '--tilt': `${layout.cards[i].tilt}deg`, zIndex: i }}
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

/**
 * The middle of every table (the one-player page's, a room's table screen, a phone's strip): the
 * discard pile's top card and what everyone reads beside it, the colour in play, the direction and
 * whose turn it is, with any more facts a table has (the draw pile, the round).
 */
import type { ComponentChildren } from 'preact';
import { card, cardLabel, type CardId, type Colour } from '../../game/index.ts';
import { capital } from './asks.tsx';
import { CardFace, COLOUR_SYMBOL } from './cards.tsx';

export function Pile({ top, colour, direction, turn, turnText, children }: {
  top: CardId;
  colour: Colour | null;
  direction: 1 | -1;
  /** The seat whose turn it is (or who owes the pending press or answer). */
  turn: number;
  turnText: string;
  /** More facts, each a `<div><dt>…</dt><dd>…</dd></div>`. */
  children?: ComponentChildren;
}) {
  return (
    <>
      <div class="discard" role="img" aria-label={`Top card: ${cardLabel(top)}`}>
        <CardFace id={top} named={card(top).colour === null ? colour : null} />
      </div>
      <dl class="facts">
        <div>
          <dt>Colour</dt>
          <dd class={`colour-chip c-${colour ?? 'wild'}`} data-colour={colour ?? ''}>
            {colour ? `${COLOUR_SYMBOL[colour]} ${capital(colour)}` : 'being named'}
          </dd>
        </div>
        <div>
          <dt>Direction</dt>
          <dd>{direction === 1 ? '↻ clockwise' : '↺ counter-clockwise'}</dd>
        </div>
        <div>
          <dt>Turn</dt>
          <dd class="turn" data-turn={turn}>{turnText}</dd>
        </div>
        {children}
      </dl>
    </>
  );
}

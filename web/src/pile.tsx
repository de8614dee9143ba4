/**
 * The middle of every table (the one-player page's, a room's table screen, a phone's strip): the
 * discard pile's top card and what everyone reads beside it, the colour in play, the direction and
 * whose turn it is, with any more facts a table has (the draw pile, the round).
 */
import type { ComponentChildren } from 'preact';
import { card, type CardId, type Colour } from '../../game/index.ts';
import { cardName, colourTitle } from '../../words/cards.ts';
import { CardFace, COLOUR_SYMBOL } from './cards.tsx';
import { useWords } from './lang.tsx';

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
  const w = useWords();
  return (
    <>
      <div class="discard" data-card={top} role="img" aria-label={w.t('page.topCard', { card: cardName(top, w) })}>
        <CardFace id={top} named={card(top).colour === null ? colour : null} />
      </div>
      <dl class="facts">
        <div>
          <dt>{w.t('page.colour')}</dt>
          <dd class={`colour-chip c-${colour ?? 'wild'}`} data-colour={colour ?? ''}>
            {colour ? `${COLOUR_SYMBOL[colour]} ${colourTitle(colour, w)}` : w.t('page.beingNamed')}
          </dd>
        </div>
        <div>
          <dt>{w.t('page.direction')}</dt>
          <dd>{w.t('page.directionIs', { clockwise: direction === 1 ? 'yes' : 'no' })}</dd>
        </div>
        <div>
          <dt>{w.t('page.turn')}</dt>
          <dd class="turn" data-turn={turn}>{turnText}</dd>
        </div>
        {children}
      </dl>
    </>
  );
}

/**
 * Cards and colours in words, in a language: `Red 5`, `5 rouge`, `Inversion verte`, `Joker`. The
 * engine names cards by id (game/cards.ts); only here do they become words.
 */
import { card, type CardId, type CardKind, type Colour } from '../game/cards.ts';
import { EN_WORDS, type Key, type Words } from './catalogue.ts';

/** A colour's name in a sentence (`red`, `rouge`). */
export function colourName(colour: Colour, w: Words): string {
  return w.t(`colour.${colour}` as Key);
}

/** A colour's name as a title, on a button or a card (`Red`, `Rouge`). */
export function colourTitle(colour: Colour, w: Words): string {
  return w.t(`colour.${colour}.title` as Key);
}

/** A kind of card on its own (`Hit 2`, `Appuyer deux fois`). */
export function kindName(kind: CardKind, w: Words): string {
  return w.t(`kind.${kind}` as Key);
}

/**
 * A card's name (`Red 5`, `Green Skip`, `Coup Extrême`; `5 rouge`, `Passer vert`, `Joker`).
 * `inSentence`: the colour as a sentence has it (`a red Skip`), not as a title.
 */
export function cardName(id: CardId, w: Words, inSentence = false): string {
  const c = card(id);
  if (!c.colour) return w.t(`card.${c.kind}` as Key);
  const colour = colourName(c.colour, w);
  return w.t(`card.${c.kind}` as Key, {
    Colour: inSentence ? colour : colourTitle(c.colour, w),
    colour,
    colourF: w.t(`colour.${c.colour}.f` as Key),
    n: c.number ?? 0,
  });
}

/** A card as a refusal names it: `a red Skip`, `a Wild (colour blue)` when a colour was named on it. */
export function aCard(id: CardId, w: Words, colour?: Colour | null): string {
  const name = cardName(id, w, true);
  return card(id).colour === null && colour ? w.t('card.a.wild', { card: name, colour: colourName(colour, w) }) : w.t('card.a', { card: name });
}

/** Human label of a card in English (`Red 5`, `Green Skip`, `Coup Extrême`): the library's, from the catalogue. */
export function cardLabel(id: CardId): string {
  return cardName(id, EN_WORDS);
}

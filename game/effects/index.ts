/** The registry of card effects, keyed by card kind: one file per kind in this folder. */
import { CARD_KINDS, type CardKind } from '../cards.ts';
import { allHitEffect } from './allHit.ts';
import { coupExtremeEffect } from './coupExtreme.ts';
import { customizableEffect } from './customizable.ts';
import { discardAllEffect } from './discardAll.ts';
import { draw2Effect } from './draw2.ts';
import { hit2Effect } from './hit2.ts';
import { hit4Effect } from './hit4.ts';
import { hitFireEffect } from './hitFire.ts';
import { numberEffect } from './number.ts';
import { playAgainEffect } from './playAgain.ts';
import { reverseEffect } from './reverse.ts';
import { showHandsEffect } from './showHands.ts';
import { skipEffect } from './skip.ts';
import { tradeHandsEffect } from './tradeHands.ts';
import type { Effect } from './types.ts';
import { wildEffect } from './wild.ts';
import { wild4Effect } from './wild4.ts';

export type { Effect, PlayContext } from './types.ts';

/** Every card kind's effect. */
export const EFFECTS: Readonly<Record<CardKind, Effect>> = {
  number: numberEffect,
  reverse: reverseEffect,
  skip: skipEffect,
  hit2: hit2Effect,
  discardAll: discardAllEffect,
  tradeHands: tradeHandsEffect,
  showHands: showHandsEffect,
  draw2: draw2Effect,
  playAgain: playAgainEffect,
  wild: wildEffect,
  coupExtreme: coupExtremeEffect,
  allHit: allHitEffect,
  hitFire: hitFireEffect,
  hit4: hit4Effect,
  customizable: customizableEffect,
  wild4: wild4Effect,
};

/** {@link EFFECTS} indexed by {@link Card.kindIndex}: the effect of a card looked up without its kind's name. */
export const EFFECT_OF_KIND: readonly Effect[] = CARD_KINDS.map((k) => EFFECTS[k]);

/** What a card effect is: the registry's entry type (one file per kind, see ./index.ts). */
import type { Card, Colour } from '../cards.ts';
import type { Round } from '../core/round.ts';
import type { Draft } from '../draft.ts';
import type { Rules } from '../rules.ts';

/**
 * Everything an effect needs to know about the play that triggered it, made for each play: read
 * it while applying (its `kept` is the round's own hand), keep none of it.
 */
export interface PlayContext {
  /** Who played the card (for a start card applied "as the dealer", the dealer). */
  seat: number;
  card: Card;
  /** The colour named with a wild, or the card's colour; null while nobody has named it yet. */
  colour: Colour | null;
  /** The seat chosen by a card that targets a player. */
  target: number | null;
  /** This was the player's last card (effects with `onLastCard` still apply). */
  goingOut: boolean;
  /** Played as a pair of identical cards (house rule `twoIdentical`). */
  pair: boolean;
  /** Cards already on the stack this card adds to (house rule `stacking`), else 0. */
  stacked: number;
  /**
   * What the player kept: the hand after the play, before the effect (a start card comes from no
   * hand: empty), as serials. With the colour the card was played on, the +4 rule. It is the
   * round's own array: read it, do not keep it.
   */
  kept: readonly number[];
  colourBefore: Colour | null;
}

/** A card kind's behaviour. */
export interface Effect {
  /** The play names a colour (wilds). */
  namesColour(rules: Rules): boolean;
  /** The play names another player. */
  needsTarget(rules: Rules, card: Card): boolean;
  /** With {@link needsTarget}: the play may also name nobody (a choice the player may decline). */
  mayNameNobody?(rules: Rules, card: Card): boolean;
  /** With {@link needsTarget}: the seats `seat` may name, or null: every other seat in the round. */
  targets?(s: Round, seat: number, card: Card): number[] | null;
  /** Applied even when it is the player's last card (the cards gained count). */
  onLastCard: boolean;
  /** Cards from the hand (serials) laid under this one (Discard All), as a new array. */
  lays?(hand: readonly number[], card: Card): number[];
  /** Changes the round: whose turn comes, what the launcher must do. Ends with a resume or a request. */
  apply(d: Draft, ctx: PlayContext): void;
}

/**
 * The answers most effects give, as shared functions (bench/NOTES.md: shapes stay stable).
 */
export const NEVER = (): boolean => false;
export const ALWAYS = (): boolean => true;

/** An effect with the common defaults: no colour, no target, not applied on the last card. */
export function defineEffect(e: Partial<Effect> & Pick<Effect, 'apply'>): Effect {
  return { namesColour: NEVER, needsTarget: NEVER, onLastCard: false, ...e };
}

/** The defaults of a wild: names a colour. */
export const WILD: Pick<Effect, 'namesColour'> = { namesColour: ALWAYS };

/**
 * The question a person is asked, headless: the moves it offers sorted by kind, a play narrowed
 * step by step (colour, then target, then the pair; UNO with it when armed) until one move is
 * left, and every line of it in the reader's words. The page (web/src/asks.tsx), the phones of a
 * room and the terminal (cli/play/human.ts) all ask through this, so the steps and their words
 * are written once.
 */
import { card as cardOf, COLOURS, type Colour, type Move, type Pending } from '../game/index.ts';
import { cardName, colourName } from '../words/cards.ts';
import type { Words } from '../words/catalogue.ts';
import type { Question } from './session.ts';
import { nameOf, pressPrompt, type Names } from './words.ts';

/** A play move. */
export type PlayMove = Extract<Move, { type: 'play' }>;

/** The answer of a target step that names nobody: the player keeps the hands as they are (house rule `sevenZeroOptional`). */
export const NOBODY = -1;

/** A play under way: which of its details is asked next, and the moves still open. */
export type Choice = { step: 'colour' | 'target' | 'pair'; candidates: PlayMove[] };

/** The distinct values of `xs`, in order. */
export const uniq = <T,>(xs: T[]): T[] => [...new Set(xs)];

/** Narrows a play's candidates by what is still open (colour, target, pair), or gives the move when none is. */
export function nextStep(candidates: PlayMove[], unoArmed: boolean): Choice | PlayMove | null {
  if (uniq(candidates.map((m) => m.colour)).length > 1) return { step: 'colour', candidates };
  if (uniq(candidates.map((m) => m.target)).length > 1) return { step: 'target', candidates };
  if (uniq(candidates.map((m) => m.also)).length > 1) return { step: 'pair', candidates };
  const withUno = candidates.find((m) => m.uno === true);
  const without = candidates.find((m) => !m.uno);
  return (unoArmed && withUno) || without || withUno || null;
}

/** The answers a step offers, each with the candidates it leaves (colours in menu order, targets by seat). */
export function stepOptions(choice: Choice): Array<{ value: Colour | number | boolean; candidates: PlayMove[] }> {
  const c = choice.candidates;
  switch (choice.step) {
    case 'colour':
      return COLOURS.filter((col) => c.some((m) => m.colour === col)).map((col) => ({ value: col, candidates: c.filter((m) => m.colour === col) }));
    case 'target':
      return uniq(c.map((m) => m.target ?? NOBODY)).map((t) => ({ value: t, candidates: c.filter((m) => (m.target ?? NOBODY) === t) }));
    case 'pair':
      return [true, false].map((both) => ({ value: both, candidates: c.filter((m) => (m.also !== undefined) === both) }));
  }
}

/**
 * A step's question in words, as a dialog's title (`Coup Extrême: at whom?`) or as the head of a
 * terminal's prompt line, which its options follow (`Coup Extrême: at whom: 1 Bot 1 · …`).
 */
export function stepTitle(choice: Choice, w: Words, as: 'title' | 'line' = 'title'): string {
  const id = choice.candidates[0].card;
  // A number card's target (house rule sevenZero) is whoever gets the player's hand: a swap's partner, or the neighbour a pass goes to.
  const step = choice.step === 'target' && cardOf(id).kind === 'number' ? 'hands' : choice.step;
  return w.t(`${as === 'title' ? 'ask' : 'term'}.step.${step}`, { card: cardName(id, w) });
}

/** A target step's answer in words: a seat with its cards (`handSizes`, by seat), or {@link NOBODY}. */
export function targetText(seat: number, names: Names, handSizes: readonly number[], w: Words): string {
  return seat === NOBODY ? w.t('ask.nobody') : w.t('ask.target', { who: nameOf(names, seat, w), n: handSizes[seat] });
}

/** The moves of the question `ask` by kind (a rule set offers a press or a draw, never both). */
export function choicesOf(ask: Question | null) {
  const moves = ask?.moves ?? [];
  const find = (t: Move['type']) => moves.find((m) => m.type === t);
  const plays = moves.filter((m): m is PlayMove => m.type === 'play');
  return {
    ask,
    plays,
    press: ask?.mode === 'press' ? moves[0] : (find('press') ?? find('draw')),
    pass: find('pass'),
    challenge: find('challenge'),
    accept: find('accept'),
    lateUno: find('uno'),
    catches: moves.filter((m): m is Extract<Move, { type: 'catch' }> => m.type === 'catch'),
    colourMoves: moves.filter((m): m is Extract<Move, { type: 'colour' }> => m.type === 'colour'),
    unoWithPlay: ask?.mode === 'turn' && plays.some((m) => m.uno),
  };
}

/** {@link choicesOf}'s moves by kind. */
export type Choices = ReturnType<typeof choicesOf>;

/** What the person at seat `me` is asked by `ask`, in words (`pending`: what the round waits for). */
export function askText(ask: Question, pending: Pending | null, names: Names, me: number, w: Words): string {
  if (ask.mode === 'press') return pending?.kind === 'press' && pending.seat === me ? pressPrompt(pending, names, w) : w.t('ask.pressLauncher');
  if (ask.mode === 'react') {
    const catches = ask.moves.filter((m) => m.type === 'catch');
    if (catches.length) return w.t('ask.catch', { who: nameOf(names, (catches[0] as { target: number }).target, w) });
    if (ask.moves.some((m) => m.type === 'uno')) return w.t('ask.lateUno');
    return w.t('ask.jumpIn');
  }
  const p = pending;
  if (p?.kind === 'colour') return w.t('ask.nameColour');
  if (p?.kind === 'challenge') return w.t('ask.challenge', { by: nameOf(names, p.by, w) });
  if (p?.kind === 'stack') return w.t('ask.stack', { total: p.total });
  if (p?.kind === 'drawn') return w.t('ask.drawn', { card: cardName(p.card, w) });
  if (p?.kind === 'playAgain') return w.t('ask.playAgain', { colour: colourName(p.colour, w) });
  // A rule set with a launcher offers its press where another offers a draw.
  const press = ask.moves.some((m) => m.type === 'press') ? 'yes' : 'no';
  return w.t(ask.moves.some((m) => m.type === 'play') ? 'ask.turn' : 'ask.turnNothing', { press });
}

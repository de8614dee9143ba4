/**
 * The person's choices: on their turn a card by its number (then a colour, a target), a press,
 * UNO; out of turn a catch or a late UNO call. An illegal choice is refused with the engine's
 * reason and the person chooses again.
 */
import { card, checkMove, COLOURS, type AskMode, type Colour, type GameState, type Move, type PressRequest } from '../../game/index.ts';
import type { Key } from './keys.ts';
import { NOBODY, nextStep, stepOptions, stepTitle, type Choice, type PlayMove } from '../../table/asks.ts';
import { nameOf, pressPrompt, type Names } from '../../table/words.ts';
import { cardName, colourName } from '../../words/cards.ts';
import type { Key as WordKey, Words } from '../../words/catalogue.ts';
import { refusalText } from '../../words/refusals.ts';

/** The person asked to stop (q or Ctrl-C): the game is saved. */
export class QuitSignal extends Error {
  constructor() {
    super('quit');
    this.name = 'QuitSignal';
  }
}

/** What the choice flow needs from the screen. */
export interface Ui {
  names: Names;
  /** The language the person reads. */
  w: Words;
  /** Redraws with a prompt, a message and the digits typed. */
  show(prompt: string[], message: string | null, typed: string, playable: ReadonlySet<number>): void;
  key(): Promise<Key>;
  unoArmed: boolean;
}

/** The key that names `colour` in the person's language (`r`, `y`; `r`, `j`): its name's first letter. */
function colourKey(colour: Colour, w: Words): string {
  return w.t(`key.${colour}` as WordKey);
}

/** Asks one question with single-key answers; Escape gives null (back). */
async function pick<T>(ui: Ui, question: string, options: Array<{ key: string; label: string; value: T }>, playable: ReadonlySet<number>): Promise<T | null> {
  let message: string | null = null;
  for (;;) {
    ui.show([ui.w.t('term.pick', { question, options: options.map((o) => `${o.key} ${o.label}`).join(' · ') })], message, '', playable);
    const k = await ui.key();
    if (k === 'quit' || k === 'q') throw new QuitSignal();
    if (k === 'escape') return null;
    const o = options.find((x) => x.key === k);
    if (o) return o.value;
    message = ui.w.t('term.notAChoice', { key: k });
  }
}

/** A step's answers as keys: a colour by its letter, a target by its seat, the pair by yes or no. */
function stepKeys(ui: Ui, choice: Choice) {
  const w = ui.w;
  return stepOptions(choice).map((o) => {
    if (typeof o.value === 'string') return { key: colourKey(o.value, w), label: colourName(o.value, w), value: o.candidates };
    if (o.value === NOBODY) return { key: w.t('key.no'), label: w.t('term.nobody'), value: o.candidates };
    if (typeof o.value === 'number') return { key: String(o.value), label: nameOf(ui.names, o.value, w), value: o.candidates };
    return { key: w.t(o.value ? 'key.yes' : 'key.no'), label: w.t(o.value ? 'term.yes' : 'term.no'), value: o.candidates };
  });
}

/** Finishes a card play step by step (table/asks.ts: colour, target, both identical cards, UNO), as the legal moves allow. */
async function completePlay(ui: Ui, candidates: PlayMove[], playable: ReadonlySet<number>): Promise<PlayMove | null> {
  let next = nextStep(candidates, ui.unoArmed);
  while (next !== null && 'step' in next) {
    const chosen = await pick(ui, stepTitle(next, ui.w, 'line'), stepKeys(ui, next), playable);
    if (chosen === null) return null;
    next = nextStep(chosen, ui.unoArmed);
  }
  return next;
}

function handIndexes(state: GameState, seat: number, moves: readonly Move[]): Set<number> {
  const cards = new Set(moves.filter((m): m is PlayMove => m.type === 'play').map((m) => m.card));
  const out = new Set<number>();
  state.hands[seat].forEach((id, i) => cards.has(id) && out.add(i + 1));
  return out;
}

/** A press that is the person's: `p` presses, as at the table; nothing else does. */
async function askPress(ui: Ui, state: GameState, press: Move): Promise<Move> {
  const prompt = [pressPrompt(state.pending as PressRequest, ui.names, ui.w), ui.w.t('term.pressKeys')];
  let message: string | null = null;
  for (;;) {
    ui.show(prompt, message, '', new Set());
    const k = await ui.key();
    if (k === 'quit' || k === 'q') throw new QuitSignal();
    if (k === 'p') return press;
    message = ui.w.t('term.pressOnlyP', { key: k });
  }
}

/** The choice of the person at `seat` among `moves` (all legal), or null when they let a chance go. */
export async function askPerson(ui: Ui, state: GameState, seat: number, moves: readonly Move[], mode: AskMode): Promise<Move | null> {
  if (mode === 'press') return askPress(ui, state, moves[0]);
  const w = ui.w;
  const playable = handIndexes(state, seat, moves);
  const has = (t: Move['type']) => moves.find((m) => m.type === t);
  const options: string[] = [];
  if (playable.size) options.push(w.t('term.typeCard'));
  const press = has('press');
  const draw = has('draw');
  if (press) options.push(w.t('term.pPress'));
  if (draw) options.push(w.t('term.pDraw'));
  if (has('pass')) options.push(w.t('term.sPass'));
  if (has('challenge')) options.push(w.t('term.hChallenge'));
  if (has('accept')) options.push(w.t(state.pending?.kind === 'stack' ? 'term.aTake' : 'term.aAccept'));
  const colourMoves = moves.filter((m): m is Extract<Move, { type: 'colour' }> => m.type === 'colour');
  if (colourMoves.length) options.push(w.t('term.colours', { keys: COLOURS.map((c) => w.t('term.colourKey', { key: colourKey(c, w), colour: colourName(c, w) })).join(' · ') }));
  const catches = moves.filter((m): m is Extract<Move, { type: 'catch' }> => m.type === 'catch');
  if (catches.length) options.push(w.t('term.catch', { who: catches.map((m) => nameOf(ui.names, m.target, w)).join(', ') }));
  if (has('uno')) options.push(w.t('term.uNow'));
  if (mode === 'turn' && moves.some((m) => m.type === 'play' && m.uno === true)) options.push(w.t('term.uWithPlay'));
  if (mode === 'react') options.push(w.t('term.enterLetGo'));
  options.push(w.t('term.qSave'));
  const title = w.t('term.title', { mode: mode === 'react' ? 'react' : state.pending?.kind === 'drawn' ? 'drawn' : 'turn', move: state.moves + 1 });
  let typed = '';
  let message: string | null = null;
  for (;;) {
    const prompt = [`${title}:`, options.join(' · ')];
    ui.show(prompt, message, typed, playable);
    message = null;
    const k = await ui.key();
    if (k === 'quit' || k === 'q') throw new QuitSignal();
    if (/^[0-9]$/.test(k)) {
      typed = (typed + k).slice(0, 3);
      continue;
    }
    if (k === 'backspace' || k === 'escape') {
      typed = k === 'escape' ? '' : typed.slice(0, -1);
      continue;
    }
    if (k === 'enter') {
      if (typed === '') {
        if (mode === 'react') return null;
        message = w.t('term.typeFirst');
        continue;
      }
      const n = Number(typed);
      typed = '';
      const hand = state.hands[seat];
      if (n < 1 || n > hand.length) {
        message = w.t('term.noSuchCard', { n, max: hand.length });
        continue;
      }
      const id = hand[n - 1];
      const candidates = moves.filter((m): m is PlayMove => m.type === 'play' && m.card === id);
      if (candidates.length === 0) {
        const c = card(id);
        const error = checkMove(state, { type: 'play', seat, card: id, ...(c.colour === null ? { colour: 'red' as Colour } : {}) });
        const why = error ? refusalText(error.refusal, w, (s) => nameOf(ui.names, s, w)) : w.t('term.cannotNow', { card: cardName(id, w) });
        message = w.t('term.refused', { why });
        continue;
      }
      const m = await completePlay(ui, candidates, playable);
      if (m) return m;
      continue;
    }
    if (k === 'p' && (press || draw)) return (press ?? draw)!;
    if (k === 's' && has('pass')) return has('pass')!;
    if (k === 'h' && has('challenge')) return has('challenge')!;
    if (k === 'a' && has('accept')) return has('accept')!;
    if (k === 'c' && catches.length) return catches[0];
    const colour = COLOURS.find((c) => colourKey(c, w) === k);
    if (colour && colourMoves.length) {
      const m = colourMoves.find((x) => x.colour === colour);
      if (m) return m;
    }
    if (k === 'u') {
      const late = has('uno');
      if (late) return late;
      if (mode === 'turn') {
        // Armed only when a play can take it: else it would be dropped silently at the play.
        if (ui.unoArmed || moves.some((m) => m.type === 'play' && m.uno === true)) {
          ui.unoArmed = !ui.unoArmed;
          continue;
        }
        message = w.t('term.noUno', { n: state.hands[seat].length });
        continue;
      }
    }
    message = k === 'p' ? w.t('term.cannotPress') : w.t('term.nothingHere', { key: k });
  }
}

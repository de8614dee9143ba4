/**
 * The person's choices: on their turn a card by its number (then a colour, a target), a press,
 * UNO; out of turn a catch or a late UNO call. An illegal choice is refused with the engine's
 * reason and the person chooses again.
 */
import { card, checkMove, cardLabel, COLOURS, type AskMode, type Colour, type GameState, type Move, type PressRequest } from '../../game/index.ts';
import { byName } from '../../lib/untrusted.ts';
import type { Key } from './keys.ts';
import { pressPrompt, type Names } from '../../table/words.ts';

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
  /** Redraws with a prompt, a message and the digits typed. */
  show(prompt: string[], message: string | null, typed: string, playable: ReadonlySet<number>): void;
  key(): Promise<Key>;
  unoArmed: boolean;
}

type PlayMove = Extract<Move, { type: 'play' }>;
const COLOUR_KEYS: Record<string, Colour> = { r: 'red', y: 'yellow', g: 'green', b: 'blue' };

function uniq<T>(xs: T[]): T[] {
  return [...new Set(xs)];
}

/** Asks one question with single-key answers; Escape gives null (back). */
async function pick<T>(ui: Ui, question: string, options: Array<{ key: string; label: string; value: T }>, playable: ReadonlySet<number>): Promise<T | null> {
  let message: string | null = null;
  for (;;) {
    ui.show([`${question}: ${options.map((o) => `${o.key} ${o.label}`).join(' · ')} · Esc back`], message, '', playable);
    const k = await ui.key();
    if (k === 'quit' || k === 'q') throw new QuitSignal();
    if (k === 'escape') return null;
    const o = options.find((x) => x.key === k);
    if (o) return o.value;
    message = `"${k}" is not one of the choices`;
  }
}

/** Finishes a card play: colour, target, both identical cards, UNO, as the legal moves allow. */
async function completePlay(ui: Ui, state: GameState, candidates: PlayMove[], playable: ReadonlySet<number>): Promise<PlayMove | null> {
  let c = candidates;
  const colours = uniq(c.map((m) => m.colour)).filter((x): x is Colour => x !== undefined);
  if (colours.length > 1) {
    const chosen = await pick(ui, `${cardLabel(c[0].card)}: name a colour`, COLOURS.filter((x) => colours.includes(x)).map((x) => ({ key: x[0], label: x, value: x })), playable);
    if (chosen === null) return null;
    c = c.filter((m) => m.colour === chosen);
  }
  const targets = uniq(c.map((m) => m.target)).filter((x): x is number => x !== undefined);
  if (targets.length > 1) {
    const chosen = await pick(ui, `${cardLabel(c[0].card)}: at whom`, targets.map((t) => ({ key: String(t), label: ui.names[t], value: t })), playable);
    if (chosen === null) return null;
    c = c.filter((m) => m.target === chosen);
  }
  const alsos = uniq(c.map((m) => m.also));
  if (alsos.length > 1) {
    const both = await pick(ui, 'play both identical cards together', [{ key: 'y', label: 'yes', value: true }, { key: 'n', label: 'no', value: false }], playable);
    if (both === null) return null;
    c = c.filter((m) => (m.also !== undefined) === both);
  }
  const withUno = c.find((m) => m.uno === true);
  const without = c.find((m) => !m.uno);
  return (ui.unoArmed && withUno) || without || withUno || null;
}

function handIndexes(state: GameState, seat: number, moves: readonly Move[]): Set<number> {
  const cards = new Set(moves.filter((m): m is PlayMove => m.type === 'play').map((m) => m.card));
  const out = new Set<number>();
  state.hands[seat].forEach((id, i) => cards.has(id) && out.add(i + 1));
  return out;
}

/** A press that is the person's: `p` presses, as at the table; nothing else does. */
async function askPress(ui: Ui, state: GameState, press: Move): Promise<Move> {
  const prompt = [pressPrompt(state.pending as PressRequest, ui.names), 'p press the launcher · q save and quit'];
  let message: string | null = null;
  for (;;) {
    ui.show(prompt, message, '', new Set());
    const k = await ui.key();
    if (k === 'quit' || k === 'q') throw new QuitSignal();
    if (k === 'p') return press;
    message = `"${k}" does nothing here: press p to press the launcher`;
  }
}

/** The choice of the person at `seat` among `moves` (all legal), or null when they let a chance go. */
export async function askPerson(ui: Ui, state: GameState, seat: number, moves: readonly Move[], mode: AskMode): Promise<Move | null> {
  if (mode === 'press') return askPress(ui, state, moves[0]);
  const playable = handIndexes(state, seat, moves);
  const has = (t: Move['type']) => moves.find((m) => m.type === t);
  const options: string[] = [];
  if (playable.size) options.push('type a card number and Enter');
  const press = has('press');
  const draw = has('draw');
  if (press) options.push('p press the launcher');
  if (draw) options.push('p draw a card');
  if (has('pass')) options.push('s pass');
  if (has('challenge')) options.push('h challenge the +4');
  if (has('accept')) options.push(state.pending?.kind === 'stack' ? 'a take the penalty' : 'a accept');
  const colourMoves = moves.filter((m): m is Extract<Move, { type: 'colour' }> => m.type === 'colour');
  if (colourMoves.length) options.push('name a colour: r red · y yellow · g green · b blue');
  const catches = moves.filter((m): m is Extract<Move, { type: 'catch' }> => m.type === 'catch');
  if (catches.length) options.push(`c catch ${catches.map((m) => ui.names[m.target]).join(', ')} (no UNO called!)`);
  if (has('uno')) options.push('u call UNO now');
  if (mode === 'turn' && moves.some((m) => m.type === 'play' && m.uno === true)) options.push('u call UNO with your play');
  if (mode === 'react') options.push('Enter let it go');
  options.push('q save and quit');
  const title = `${mode === 'react' ? 'A chance out of turn' : state.pending?.kind === 'drawn' ? 'You drew a card' : 'Your turn'} (move ${state.moves + 1})`;
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
        message = 'type the number of a card first (the numbers are before the cards in your hand)';
        continue;
      }
      const n = Number(typed);
      typed = '';
      const hand = state.hands[seat];
      if (n < 1 || n > hand.length) {
        message = `there is no card ${n} in your hand: choose 1 to ${hand.length}`;
        continue;
      }
      const id = hand[n - 1];
      const candidates = moves.filter((m): m is PlayMove => m.type === 'play' && m.card === id);
      if (candidates.length === 0) {
        const c = card(id);
        const error = checkMove(state, { type: 'play', seat, card: id, ...(c.colour === null ? { colour: 'red' as Colour } : {}) });
        message = `refused: ${error?.message ?? `${cardLabel(id)} cannot be played now`}`;
        continue;
      }
      const m = await completePlay(ui, state, candidates, playable);
      if (m) return m;
      continue;
    }
    if (k === 'p' && (press || draw)) return (press ?? draw)!;
    if (k === 's' && has('pass')) return has('pass')!;
    if (k === 'h' && has('challenge')) return has('challenge')!;
    if (k === 'a' && has('accept')) return has('accept')!;
    if (k === 'c' && catches.length) return catches[0];
    const colour = byName(COLOUR_KEYS, k);
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
        const n = state.hands[seat].length;
        message = `no UNO to call: it is called with the play that leaves you one card, and you hold ${n} card${n === 1 ? '' : 's'}`;
        continue;
      }
    }
    message = k === 'p' ? 'you cannot press now' : `"${k}" does nothing here`;
  }
}

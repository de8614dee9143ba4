/**
 * A person's question turned into what they can do: the moves it offers sorted by kind, a play
 * narrowed step by step (colour, target, pair) until one move is left, the dialogs for those steps
 * and the buttons for the rest. The one-player table (table.tsx) and the phone of a room
 * (room/Phone.tsx) both put their questions to people through these.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { cardLabel, COLOURS, type Colour, type Move, type Pending } from '../../game/index.ts';
import type { Question } from '../../table/session.ts';
import { pressPrompt } from '../../table/words.ts';
import { COLOUR_SYMBOL } from './cards.tsx';
import { Modal } from './dialogs.tsx';

export type PlayMove = Extract<Move, { type: 'play' }>;
/** A play under way: which of its details is asked next, and the moves still open. */
export type Choice = { step: 'colour' | 'target' | 'pair'; candidates: PlayMove[] };

export const uniq = <T,>(xs: T[]): T[] => [...new Set(xs)];
export const capital = (s: string) => s[0].toUpperCase() + s.slice(1);

/** Narrows a play's candidates by what is still open (colour, target, pair), or gives the move when none is. */
export function nextStep(candidates: PlayMove[], unoArmed: boolean): Choice | PlayMove | null {
  if (uniq(candidates.map((m) => m.colour)).length > 1) return { step: 'colour', candidates };
  if (uniq(candidates.map((m) => m.target)).length > 1) return { step: 'target', candidates };
  if (uniq(candidates.map((m) => m.also)).length > 1) return { step: 'pair', candidates };
  const withUno = candidates.find((m) => m.uno === true);
  const without = candidates.find((m) => !m.uno);
  return (unoArmed && withUno) || without || withUno || null;
}

/**
 * A play under way, narrowed step by step (`finish` with the candidates left, the move made when
 * one is), and forgotten when `question` changes: a choice under way belongs to its question.
 */
export function usePlay(question: unknown, unoArmed: boolean, answer: (m: PlayMove) => void) {
  const [choice, setChoice] = useState<Choice | null>(null);
  useEffect(() => setChoice(null), [question]);
  const finish = (candidates: PlayMove[]) => {
    const next = nextStep(candidates, unoArmed);
    if (next === null) return;
    if ('step' in next) setChoice(next);
    else {
      setChoice(null);
      answer(next);
    }
  };
  return { choice, finish, cancel: () => setChoice(null) };
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

export type Choices = ReturnType<typeof choicesOf>;

/** What the person at seat `me` is asked by `ask`, in words (`pending`: what the round waits for). */
export function askText(ask: Question, pending: Pending | null, names: readonly string[], me: number): string {
  if (ask.mode === 'press') return pending?.kind === 'press' && pending.seat === me ? pressPrompt(pending, names) : 'Press the launcher';
  if (ask.mode === 'react') {
    const catches = ask.moves.filter((m) => m.type === 'catch');
    if (catches.length) return `${names[(catches[0] as { target: number }).target]} did not call UNO: catch them, or let it go`;
    if (ask.moves.some((m) => m.type === 'uno')) return 'You did not call UNO: call it now before someone catches you';
    return 'You can jump in with a card identical to the top card, or let it go';
  }
  const p = pending;
  if (p?.kind === 'colour') return 'Name the colour';
  if (p?.kind === 'challenge') return `${names[p.by]} played a +4 on you: challenge it or accept it`;
  if (p?.kind === 'stack') return `Stack a card on it or take ${p.total}`;
  if (p?.kind === 'drawn') return `You drew ${cardLabel(p.card)}: play it or pass`;
  if (p?.kind === 'playAgain') return `Play Again: play a ${p.colour} card or pass`;
  // A rule set with a launcher offers its press where another offers a draw.
  const take = ask.moves.some((m) => m.type === 'press') ? 'press the launcher' : 'draw a card';
  return ask.moves.some((m) => m.type === 'play') ? `Your turn: play a raised card or ${take}` : `Your turn: nothing matches, ${take}`;
}

export function ColourButtons({ colours, onPick }: { colours: readonly Colour[]; onPick: (c: Colour) => void }) {
  return (
    <div class="choices colours">
      {colours.map((c) => (
        <button type="button" key={c} class={`c-${c}`} onClick={() => onPick(c)}>
          {COLOUR_SYMBOL[c]} {capital(c)}
        </button>
      ))}
    </div>
  );
}

/**
 * The dialogs a question may need: the colour to name (a question of its own), and the steps of
 * a play under way (`choice`: its colour, its target, one card or the pair).
 */
export function PickDialogs({ c, choice, names, handSizes, answer, finish, cancel }: {
  c: Choices;
  choice: Choice | null;
  names: readonly string[];
  handSizes: readonly number[];
  answer: (m: Move) => void;
  /** Goes on with the candidates left after a step. */
  finish: (candidates: PlayMove[]) => void;
  cancel: () => void;
}) {
  return (
    <>
      {c.colourMoves.length > 0 && (
        <Modal title="Name the colour" kind="pick">
          <ColourButtons colours={c.colourMoves.map((m) => m.colour)} onPick={(col) => answer(c.colourMoves.find((m) => m.colour === col)!)} />
        </Modal>
      )}
      {choice?.step === 'colour' && (
        <Modal title={`${cardLabel(choice.candidates[0].card)}: name a colour`} kind="pick" onClose={cancel}>
          <ColourButtons
            colours={COLOURS.filter((col) => choice.candidates.some((m) => m.colour === col))}
            onPick={(col) => finish(choice.candidates.filter((m) => m.colour === col))}
          />
        </Modal>
      )}
      {choice?.step === 'target' && (
        <Modal title={`${cardLabel(choice.candidates[0].card)}: at whom?`} kind="pick" onClose={cancel}>
          <div class="choices">
            {uniq(choice.candidates.map((m) => m.target!)).map((t) => (
              <button type="button" key={t} onClick={() => finish(choice.candidates.filter((m) => m.target === t))}>
                {names[t]} ({handSizes[t]} cards)
              </button>
            ))}
          </div>
        </Modal>
      )}
      {choice?.step === 'pair' && (
        <Modal title="Play both identical cards together?" kind="pick" onClose={cancel}>
          <div class="choices">
            <button type="button" onClick={() => finish(choice.candidates.filter((m) => m.also !== undefined))}>Both</button>
            <button type="button" onClick={() => finish(choice.candidates.filter((m) => m.also === undefined))}>Just one</button>
          </div>
        </Modal>
      )}
    </>
  );
}

/**
 * The buttons of a question's moves other than the cards: UNO (where the rule set calls it), the
 * draw or the press (`take`: which of them this table offers, or null where another control
 * does), pass, the +4's challenge or acceptance, a catch per player caught, and letting a chance go.
 */
export function MoveButtons({ c, names, unoCall, unoArmed, onUno, take, stackTotal, answer }: {
  c: Choices;
  names: readonly string[];
  unoCall: boolean;
  unoArmed: boolean;
  onUno: () => void;
  take: 'draw' | 'press' | null;
  /** The cards a stack makes the player take, when one is pending. */
  stackTotal: number | null;
  answer: (m: Move | null) => void;
}) {
  const { press } = c;
  return (
    <>
      {unoCall && (
        <button type="button" class="uno" aria-pressed={unoArmed} disabled={!c.lateUno && !c.unoWithPlay} onClick={onUno}>
          UNO
        </button>
      )}
      {take === 'draw' && (
        <button type="button" disabled={!press} onClick={() => press && answer(press)}>
          {stackTotal !== null ? `Take ${stackTotal}` : 'Draw a card'}
        </button>
      )}
      {take === 'press' && (
        <button type="button" class="press" disabled={!press} onClick={() => press && answer(press)}>
          Press the launcher
        </button>
      )}
      {c.pass && <button type="button" onClick={() => answer(c.pass!)}>Pass</button>}
      {c.challenge && <button type="button" onClick={() => answer(c.challenge!)}>Challenge the +4</button>}
      {c.accept && <button type="button" onClick={() => answer(c.accept!)}>Accept the +4</button>}
      {c.catches.map((m) => (
        <button type="button" key={m.target} class="catch" onClick={() => answer(m)}>
          Catch {names[m.target]}
        </button>
      ))}
      {c.ask?.mode === 'react' && <button type="button" onClick={() => answer(null)}>Let it go</button>}
    </>
  );
}

/**
 * The keys of a question's moves, on the whole page (a dialog open keeps its own keys): p or d
 * presses or draws, u UNO, s pass, a accept, g challenge, c catch, h goes to the hand, Escape lets
 * a chance go. `now()` is read as each key comes: a key pressed before the page has redrawn
 * answers the question asked now.
 */
export function useMoveKeys(now: () => { c: Choices; answer: (m: Move | null) => void; onUno: () => void }): void {
  const current = useRef(now);
  current.current = now;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || document.querySelector('dialog[open]')) return;
      const t = e.target as HTMLElement;
      if (t.closest('input, select, textarea')) return;
      const { c, answer, onUno } = current.current();
      const move = (m: Move | undefined) => m && (() => answer(m));
      const act: Record<string, (() => unknown) | undefined> = {
        p: move(c.press),
        d: move(c.press),
        u: onUno,
        s: move(c.pass),
        a: move(c.accept),
        g: move(c.challenge),
        c: move(c.catches[0]),
        h: () => (document.querySelector<HTMLButtonElement>('.hand button.card.playable') ?? document.querySelector<HTMLButtonElement>('.hand button.card'))?.focus(),
        Escape: c.ask?.mode === 'react' ? () => answer(null) : undefined,
      };
      const f = act[e.key];
      if (f) {
        e.preventDefault();
        f();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}

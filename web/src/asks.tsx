/**
 * A person's question turned into what they can do: the moves it offers sorted by kind, a play
 * narrowed step by step (colour, target, pair) until one move is left, the dialogs for those steps
 * and the buttons for the rest. The one-player table (table.tsx) and the phone of a room
 * (room/Phone.tsx) both put their questions to people through these.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Colour, Move } from '../../game/index.ts';
import { choicesOf, nextStep, stepOptions, stepTitle, targetText, uniq, type Choice, type Choices, type PlayMove } from '../../table/asks.ts';
import { nameOf } from '../../table/words.ts';
import { colourTitle } from '../../words/cards.ts';
import { COLOUR_SYMBOL } from './cards.tsx';
import { Modal } from './dialogs.tsx';
import { useWords } from './lang.tsx';

export { askText, choicesOf, nextStep, uniq, type Choice, type Choices, type PlayMove } from '../../table/asks.ts';

/**
 * A play under way, narrowed step by step (`finish` with the candidates left, the move made when
 * one is), and ended when `question` changes: a choice under way belongs to its question. It is
 * kept with the question it was begun on and shown only while that question is the render's: an
 * effect, which runs after the paint, would close the dialog of a card tapped as soon as its
 * question showed. The effect only forgets a step of an earlier question (a phone's question ids
 * start again at each match: an old step must not come back with a later question's id).
 */
export function usePlay(question: unknown, unoArmed: boolean, answer: (m: PlayMove) => void) {
  const [under, setUnder] = useState<{ question: unknown; choice: Choice } | null>(null);
  useEffect(() => setUnder((u) => (u !== null && u.question !== question ? null : u)), [question]);
  const choice = under !== null && under.question === question ? under.choice : null;
  const finish = (candidates: PlayMove[]) => {
    const next = nextStep(candidates, unoArmed);
    if (next === null) return;
    if ('step' in next) setUnder({ question, choice: next });
    else {
      setUnder(null);
      answer(next);
    }
  };
  return { choice, finish, cancel: () => setUnder(null) };
}

export function ColourButtons({ colours, onPick }: { colours: readonly Colour[]; onPick: (c: Colour) => void }) {
  const w = useWords();
  return (
    <div class="choices colours">
      {colours.map((c) => (
        <button type="button" key={c} class={`c-${c}`} onClick={() => onPick(c)}>
          {COLOUR_SYMBOL[c]} {colourTitle(c, w)}
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
  const w = useWords();
  return (
    <>
      {c.colourMoves.length > 0 && (
        <Modal title={w.t('ask.nameColour')} kind="pick">
          <ColourButtons colours={c.colourMoves.map((m) => m.colour)} onPick={(col) => answer(c.colourMoves.find((m) => m.colour === col)!)} />
        </Modal>
      )}
      {choice?.step === 'colour' && (
        <Modal title={stepTitle(choice, w)} kind="pick" onClose={cancel}>
          <ColourButtons
            colours={stepOptions(choice).map((o) => o.value as Colour)}
            onPick={(col) => finish(choice.candidates.filter((m) => m.colour === col))}
          />
        </Modal>
      )}
      {choice?.step === 'target' && (
        <Modal title={stepTitle(choice, w)} kind="pick" onClose={cancel}>
          <div class="choices">
            {stepOptions(choice).map((o) => (
              <button type="button" key={String(o.value)} onClick={() => finish(o.candidates)}>
                {targetText(o.value as number, names, handSizes, w)}
              </button>
            ))}
          </div>
        </Modal>
      )}
      {choice?.step === 'pair' && (
        <Modal title={stepTitle(choice, w)} kind="pick" onClose={cancel}>
          <div class="choices">
            {stepOptions(choice).map((o) => (
              <button type="button" key={String(o.value)} onClick={() => finish(o.candidates)}>{w.t(o.value ? 'ask.both' : 'ask.justOne')}</button>
            ))}
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
  const w = useWords();
  return (
    <>
      {unoCall && (
        <button type="button" class="uno" aria-pressed={unoArmed} disabled={!c.lateUno && !c.unoWithPlay} onClick={onUno}>
          UNO
        </button>
      )}
      {take === 'draw' && (
        <button type="button" class="draw" disabled={!press} onClick={() => press && answer(press)}>
          {stackTotal !== null ? w.t('ask.take', { total: stackTotal }) : w.t('ask.draw')}
        </button>
      )}
      {take === 'press' && (
        <button type="button" class="press" disabled={!press} onClick={() => press && answer(press)}>
          {w.t('ask.pressLauncher')}
        </button>
      )}
      {c.pass && <button type="button" onClick={() => answer(c.pass!)}>{w.t('ask.pass')}</button>}
      {c.challenge && <button type="button" onClick={() => answer(c.challenge!)}>{w.t('ask.challengeIt')}</button>}
      {c.accept && <button type="button" onClick={() => answer(c.accept!)}>{w.t('ask.acceptIt')}</button>}
      {c.catches.map((m) => (
        <button type="button" key={m.target} class="catch" onClick={() => answer(m)}>
          {w.t('ask.catchWho', { who: nameOf(names, m.target, w) })}
        </button>
      ))}
      {c.ask?.mode === 'react' && <button type="button" onClick={() => answer(null)}>{w.t('ask.letGo')}</button>}
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

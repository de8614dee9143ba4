/**
 * The table: the other players, the discard pile with the current colour, the direction and
 * whose turn it is, the launcher, the person's hand and every move they can make, the scores and
 * the events. Moves are chosen from the engine's legal moves only; a card that cannot be played
 * is refused with the engine's own reason.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { card, cardLabel, checkMove, COLOURS, roundEnded, type CardId, type Colour, type GameState, type Move } from '../../game/index.ts';
import { openingLine, roundEndText } from '../../table/words.ts';
import { CardFace, COLOUR_SYMBOL, Hand, handOrder, MiniCard } from './cards.tsx';
import { Modal } from './dialogs.tsx';
import { LauncherView, type Sound } from './launcher/index.ts';
import { seatDegrees, useFreeMiddle } from './ring.ts';
import { pressLabel, withNames, type GameSession } from './session.ts';

type PlayMove = Extract<Move, { type: 'play' }>;
type Choice = { step: 'colour' | 'target' | 'pair'; candidates: PlayMove[] };

const uniq = <T,>(xs: T[]): T[] => [...new Set(xs)];
const capital = (s: string) => s[0].toUpperCase() + s.slice(1);

/** Narrows a play's candidates by what is still open (colour, target, pair), or gives the move when none is. */
function nextStep(candidates: PlayMove[], unoArmed: boolean): Choice | PlayMove | null {
  if (uniq(candidates.map((m) => m.colour)).length > 1) return { step: 'colour', candidates };
  if (uniq(candidates.map((m) => m.target)).length > 1) return { step: 'target', candidates };
  if (uniq(candidates.map((m) => m.also)).length > 1) return { step: 'pair', candidates };
  const withUno = candidates.find((m) => m.uno === true);
  const without = candidates.find((m) => !m.uno);
  return (unoArmed && withUno) || without || withUno || null;
}

function turnText(s: GameState, names: readonly string[], me: number): string {
  if (roundEnded(s)) return roundEndText(s.winner, names);
  const seat = s.pending ? s.pending.seat : s.turn;
  return seat === me ? 'Your turn' : `${names[seat]}'s turn`;
}

/** What the person is asked, in words. */
function promptText(session: GameSession): string {
  const ask = session.ask;
  const s = session.state;
  if (!ask) {
    if (roundEnded(s)) return turnText(s, session.names, session.meta.me);
    if (session.busy) return 'The launcher is firing…';
    const seat = s.pending ? s.pending.seat : s.turn;
    // The person's turn by the rules, their question not asked yet (a bot's burst is landing).
    return seat === session.meta.me ? 'Your turn comes next…' : `Waiting for ${session.names[seat]}`;
  }
  if (ask.mode === 'press') return pressLabel(s, session.meta.me, session.names) ?? 'Press the launcher';
  if (ask.mode === 'react') {
    const catches = ask.moves.filter((m) => m.type === 'catch');
    if (catches.length) return `${session.names[(catches[0] as { target: number }).target]} did not call UNO: catch them, or let it go`;
    if (ask.moves.some((m) => m.type === 'uno')) return 'You did not call UNO: call it now before someone catches you';
    return 'You can jump in with a card identical to the top card, or let it go';
  }
  const p = s.pending;
  if (p?.kind === 'colour') return 'Name the colour';
  if (p?.kind === 'challenge') return `${session.names[p.by]} played a +4 on you: challenge it or accept it`;
  if (p?.kind === 'stack') return `Stack a card on it or take ${p.total}`;
  if (p?.kind === 'drawn') return `You drew ${cardLabel(p.card)}: play it or pass`;
  if (p?.kind === 'playAgain') return `Play Again: play a ${p.colour} card or pass`;
  const take = s.rules.options.launcher ? 'press the launcher' : 'draw a card';
  return ask.moves.some((m) => m.type === 'play') ? `Your turn: play a raised card or ${take}` : `Your turn: nothing matches, ${take}`;
}

/** The person's choices in the question asked now, by kind. */
function choicesOf(session: GameSession) {
  const ask = session.ask;
  const moves = ask?.moves ?? [];
  const find = (t: Move['type']) => moves.find((m) => m.type === t);
  const plays = moves.filter((m): m is PlayMove => m.type === 'play');
  return {
    ask,
    plays,
    press: ask?.mode === 'press' ? moves[0] : find(session.state.rules.options.launcher ? 'press' : 'draw'),
    pass: find('pass'),
    challenge: find('challenge'),
    accept: find('accept'),
    lateUno: find('uno'),
    catches: moves.filter((m): m is Extract<Move, { type: 'catch' }> => m.type === 'catch'),
    colourMoves: moves.filter((m): m is Extract<Move, { type: 'colour' }> => m.type === 'colour'),
    unoWithPlay: ask?.mode === 'turn' && plays.some((m) => m.uno),
  };
}

/** The UNO button: a late call when one is open, else UNO armed (or not) for the play that leaves one card. */
function unoButton(session: GameSession): void {
  const c = choicesOf(session);
  const s = session.state;
  if (c.lateUno) return void session.answer(c.lateUno);
  if (c.unoWithPlay) {
    session.unoArmed = !session.unoArmed;
    session.refuse(session.unoArmed ? 'UNO will be called with your play' : 'UNO will not be called');
  } else session.refuse(s.rules.options.unoCall ? 'UNO is called with the play that leaves you one card' : `UNO is not called in the rule set ${s.rules.name}`);
}

/** The table of the session's match. */
export function Table({ session, colourBlind, sound, sortHand, onSortHand }: {
  session: GameSession;
  colourBlind: boolean;
  sound: Sound;
  /** The hand shown by colour then value (else in the order it was dealt and drawn). */
  sortHand: boolean;
  onSortHand: (sorted: boolean) => void;
}) {
  const [choice, setChoice] = useState<Choice | null>(null);
  const s = session.state;
  const me = session.meta.me;
  const names = session.names;
  const { ask, plays, press, pass, challenge, accept, lateUno, catches, colourMoves, unoWithPlay } = choicesOf(session);
  const playable = new Set(plays.map((m) => m.card));
  const top = s.discard[s.discard.length - 1];
  const launcherOn = s.rules.options.launcher;

  // A question for the person: the choice under way belongs to the last one.
  useEffect(() => setChoice(null), [ask]);

  const finish = (candidates: PlayMove[]) => {
    const next = nextStep(candidates, session.unoArmed);
    if (next === null) return;
    if ('step' in next) setChoice(next);
    else {
      setChoice(null);
      session.answer(next);
    }
  };

  const playCard = (id: CardId) => {
    const candidates = plays.filter((m) => m.card === id);
    if (candidates.length) return finish(candidates);
    const c = card(id);
    const error = checkMove(s, { type: 'play', seat: me, card: id, ...(c.colour === null ? { colour: 'red' as Colour } : {}) });
    session.refuse(`${cardLabel(id)}: ${error?.message ?? 'cannot be played now'}`);
  };

  const toggleUno = () => unoButton(session);

  // Keys for the whole table (a dialog open keeps its own keys). Installed once, they act on the
  // question asked now: a key pressed before the page has redrawn answers the new question.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || document.querySelector('dialog[open]')) return;
      const t = e.target as HTMLElement;
      if (t.closest('input, select, textarea')) return;
      const c = choicesOf(session);
      const answer = (m: Move | undefined) => m && (() => session.answer(m));
      const act: Record<string, (() => unknown) | undefined> = {
        p: answer(c.press),
        d: answer(c.press),
        u: () => unoButton(session),
        s: answer(c.pass),
        a: answer(c.accept),
        g: answer(c.challenge),
        c: answer(c.catches[0]),
        h: () => (document.querySelector<HTMLButtonElement>('.hand button.card.playable') ?? document.querySelector<HTMLButtonElement>('.hand button.card'))?.focus(),
        Escape: c.ask?.mode === 'react' ? () => session.answer(null) : undefined,
      };
      const f = act[e.key];
      if (f) {
        e.preventDefault();
        f();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [session]);

  // On the person's turn the focus goes to the hand when it was nowhere (or on a control now gone).
  useEffect(() => {
    if (!ask) return;
    const a = document.activeElement;
    if (a && a !== document.body && a.isConnected && !(a as HTMLButtonElement).disabled) return;
    const first = document.querySelector<HTMLButtonElement>('.hand button.card.playable') ?? document.querySelector<HTMLButtonElement>('.actions button:not([disabled])');
    first?.focus();
  }, [ask]);

  // The newest event in view: the log scrolls to its end as a line comes.
  const log = useRef<HTMLDivElement>(null);
  const lastLine = session.logBase + session.log.length;
  useLayoutEffect(() => {
    const el = log.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lastLine]);

  const others = Array.from({ length: s.players }, (_, i) => (me + 1 + i) % s.players).filter((seat) => seat !== me);
  const isTurn = (seat: number) => !roundEnded(s) && (s.pending ? s.pending.seat : s.turn) === seat;
  const seatClass = (seat: number) => `seat${isTurn(seat) ? ' active' : ''}${s.out[seat] ? ' out' : ''}`;
  const scores = session.match.totals;
  /** A seat as a screen reader names it: who, how many cards, points, and whether it is their turn. */
  const seatName = (seat: number) => {
    const n = s.hands[seat].length;
    return `${names[seat]}: ${n} ${n === 1 ? 'card' : 'cards'}, ${scores[seat]} points${isTurn(seat) ? ', playing now' : ''}${s.out[seat] ? ', out' : ''}`;
  };
  const clockwise = s.direction === 1;
  // The pile and the launcher in the room the seats and the arrows around the table leave.
  const ring = useRef<HTMLDivElement>(null);
  useFreeMiddle(ring, '.others .seat, .direction-ring .arrow', 8, s.players);

  return (
    <div class={`table${colourBlind ? ' colour-blind' : ''}`} data-ask={ask?.mode ?? ''} data-ask-id={session.askId} data-moves={s.moves} data-round={s.round}>
      <div class="ring" ref={ring} style={{ '--players': s.players }}>
        {/* The oval table, the others around it clockwise in the order of play (you at the
            bottom), and the way play goes drawn on its rim between the seats, turned round on a Reverse. */}
        <section class="others" aria-label="Other players">
          {others.map((seat) => (
            <div
              class={seatClass(seat)} data-seat-area={seat} key={seat} role="group" aria-label={seatName(seat)}
              aria-current={isTurn(seat) ? 'true' : undefined}
              style={{ '--angle': `${seatDegrees(seat, s.players, me)}deg` }}
            >
              {isTurn(seat) && <span class="now" aria-hidden="true">▶ playing</span>}
              <h3>{names[seat]}</h3>
              <p>
                <span class="count">{s.hands[seat].length} {s.hands[seat].length === 1 ? 'card' : 'cards'}</span><span class="pts"> · {scores[seat]} pts</span>
                {s.uno === seat && <span class="badge warn"> no UNO!</span>}
                {s.out[seat] && <span class="badge"> out</span>}
              </p>
              {s.shown && (
                <ul class="shown" aria-label={`${names[seat]}'s hand`}>
                  {s.hands[seat].map((id) => <li key={id}><MiniCard id={id} /></li>)}
                </ul>
              )}
            </div>
          ))}
        </section>
        <div class={`direction-ring ${clockwise ? 'cw' : 'ccw'}`} role="img" aria-label={`Play goes ${clockwise ? 'clockwise' : 'counter-clockwise'}`} data-direction={s.direction}>
          {/* One arrow between each two neighbours, you included, pointing to the one who plays next. */}
          {Array.from({ length: s.players }, (_, i) => (
            <span key={i} class="arrow" aria-hidden="true" style={{ '--angle': `${seatDegrees(me, s.players, me) + ((i + 0.5) * 360) / s.players}deg` }}>➜</span>
          ))}
        </div>

        <section class="centre" aria-label="Table">
          <div class="pile">
            <div class="discard" role="img" aria-label={`Top card: ${cardLabel(top)}`}>
              <CardFace id={top} named={card(top).colour === null ? s.colour : null} />
            </div>
            <dl class="facts">
              <div>
                <dt>Colour</dt>
                <dd class={`colour-chip c-${s.colour ?? 'wild'}`} data-colour={s.colour ?? ''}>
                  {s.colour ? `${COLOUR_SYMBOL[s.colour]} ${capital(s.colour)}` : 'being named'}
                </dd>
              </div>
              <div>
                <dt>Direction</dt>
                <dd>{s.direction === 1 ? '↻ clockwise' : '↺ counter-clockwise'}</dd>
              </div>
              <div>
                <dt>Turn</dt>
                <dd class="turn" data-turn={s.pending ? s.pending.seat : s.turn}>{turnText(s, names, me)}</dd>
              </div>
              {!launcherOn && (
                <div>
                  <dt>Draw pile</dt>
                  <dd>{s.supply.length} cards</dd>
                </div>
              )}
            </dl>
          </div>
          {launcherOn && session.launcher ? (
            <LauncherView
              launcher={session.launcher}
              names={names}
              me={me}
              canPress={!!press && !session.busy}
              pressLabel={pressLabel(s, me, names) ?? (press ? 'Your turn: press instead of playing' : '')}
              onPress={() => press && session.answer(press)}
              presser={s.pending?.kind === 'press' ? s.pending.seat : undefined}
              sound={sound}
            />
          ) : null}
        </section>
      </div>

      <div class={seatClass(me)} data-seat-area={me} role="group" aria-label={seatName(me)} aria-current={isTurn(me) ? 'true' : undefined}>
        <Hand
          label={`${names[me]}: ${s.hands[me].length} cards`}
          cards={(sortHand ? handOrder(s.hands[me]) : s.hands[me]).map((id) => ({ id, playable: playable.has(id) }))}
          onPlay={playCard}
        >
          <p class="me-line">
            {isTurn(me) && <span class="now" aria-hidden="true">▶ playing</span>}
            <strong>{names[me]}</strong> · {s.hands[me].length} {s.hands[me].length === 1 ? 'card' : 'cards'} · {scores[me]} pts
            {s.uno === me && <span class="badge warn"> UNO not called!</span>}
          </p>
        </Hand>
        <div class="actions" role="group" aria-label="Your moves">
          {/* Before the round's first move, what its start card did (a Hit 2 to press, a colour to name). */}
          {s.moves === 0 && !roundEnded(s) && <p class="opening">{openingLine(s, names)}</p>}
          <p class="prompt" role="status">{promptText(session)}</p>
          {session.message && <p class="message" role="alert">{session.message}</p>}
          <div class="buttons">
            {s.rules.options.unoCall && (
              <button type="button" class="uno" aria-pressed={session.unoArmed} disabled={!lateUno && !unoWithPlay} onClick={toggleUno}>
                UNO
              </button>
            )}
            {!launcherOn && (
              <button type="button" disabled={!press} onClick={() => press && session.answer(press)}>
                {s.pending?.kind === 'stack' ? `Take ${s.pending.total}` : 'Draw a card'}
              </button>
            )}
            {pass && <button type="button" onClick={() => session.answer(pass)}>Pass</button>}
            {challenge && <button type="button" onClick={() => session.answer(challenge)}>Challenge the +4</button>}
            {accept && <button type="button" onClick={() => session.answer(accept)}>Accept the +4</button>}
            {catches.map((m) => (
              <button type="button" key={m.target} class="catch" onClick={() => session.answer(m)}>
                Catch {names[m.target]}
              </button>
            ))}
            {ask?.mode === 'react' && <button type="button" onClick={() => session.answer(null)}>Let it go</button>}
            <button type="button" class="sort" aria-pressed={sortHand} onClick={() => onSortHand(!sortHand)}>Sort by colour</button>
          </div>
        </div>
      </div>

      {colourMoves.length > 0 && (
        <Modal title="Name the colour" kind="pick">
          <ColourButtons colours={colourMoves.map((m) => m.colour)} onPick={(c) => session.answer(colourMoves.find((m) => m.colour === c)!)} />
        </Modal>
      )}
      {choice?.step === 'colour' && (
        <Modal title={`${cardLabel(choice.candidates[0].card)}: name a colour`} kind="pick" onClose={() => setChoice(null)}>
          <ColourButtons
            colours={COLOURS.filter((c) => choice.candidates.some((m) => m.colour === c))}
            onPick={(c) => finish(choice.candidates.filter((m) => m.colour === c))}
          />
        </Modal>
      )}
      {choice?.step === 'target' && (
        <Modal title={`${cardLabel(choice.candidates[0].card)}: at whom?`} kind="pick" onClose={() => setChoice(null)}>
          <div class="choices">
            {uniq(choice.candidates.map((m) => m.target!)).map((t) => (
              <button type="button" key={t} onClick={() => finish(choice.candidates.filter((m) => m.target === t))}>
                {names[t]} ({s.hands[t].length} cards)
              </button>
            ))}
          </div>
        </Modal>
      )}
      {choice?.step === 'pair' && (
        <Modal title="Play both identical cards together?" kind="pick" onClose={() => setChoice(null)}>
          <div class="choices">
            <button type="button" onClick={() => finish(choice.candidates.filter((m) => m.also !== undefined))}>Both</button>
            <button type="button" onClick={() => finish(choice.candidates.filter((m) => m.also === undefined))}>Just one</button>
          </div>
        </Modal>
      )}

      <aside class="side">
        <section aria-label="Scores" class="scores">
          <h2>Scores</h2>
          <table>
            <tbody>
              {names.map((n, seat) => (
                <tr key={seat}>
                  <th scope="row">{n}</th>
                  <td>{scores[seat]}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p class="target">First to {s.rules.options.target} · round {s.round + 1}</p>
        </section>
        <section class="events" aria-label="Events">
          <h2>Events</h2>
          <div role="log" aria-live="polite" aria-relevant="additions" class="log" ref={log} tabIndex={0}>
            <ol>
              {session.log.map((line, i) => <li key={session.logBase + i}>{withNames(line, names)}</li>)}
            </ol>
          </div>
        </section>
      </aside>
    </div>
  );
}

function ColourButtons({ colours, onPick }: { colours: readonly Colour[]; onPick: (c: Colour) => void }) {
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

/**
 * The table: the other players, the discard pile with the current colour, the direction and
 * whose turn it is, the launcher, the person's hand and every move they can make, the scores and
 * the events. Moves are chosen from the engine's legal moves only; a card that cannot be played
 * is refused with the engine's own reason.
 */
import { useCallback, useEffect, useRef } from 'preact/hooks';
import { handRefusals, roundEnded, type CardId, type GameState } from '../../game/index.ts';
import { nameOf, openingLine, roundEndText } from '../../table/words.ts';
import { cardName } from '../../words/cards.ts';
import type { Words } from '../../words/catalogue.ts';
import { refusalText } from '../../words/refusals.ts';
import { useWords } from './lang.tsx';
import { askText, choicesOf, MoveButtons, PickDialogs, useMoveKeys, usePlay } from './asks.tsx';
import { Hand, handOrder, MiniCard } from './cards.tsx';
import { EventLog } from './eventLog.tsx';
import { FirstGame, GuideButton } from './help.tsx';
import { factsOfState } from './happened.ts';
import { TableMotion } from './motion.tsx';
import { LauncherView, MuteToggle, type Sound } from './launcher/index.ts';
import { Pile } from './pile.tsx';
import { seatDegrees, useFreeMiddle } from './ring.ts';
import { pressLabel, type GameSession } from './session.ts';

/** Whose turn it is, in words (or how the round ended). */
export function turnText(s: GameState, names: readonly string[], me: number, w: Words): string {
  if (roundEnded(s)) return roundEndText(s.winner, names, w);
  const seat = s.pending ? s.pending.seat : s.turn;
  return seat === me ? w.t('page.yourTurn') : w.t('page.turnOf', { who: nameOf(names, seat, w) });
}

/** What the person is asked, in words. */
function promptText(session: GameSession, w: Words): string {
  const ask = session.ask;
  const s = session.state;
  if (!ask) {
    if (roundEnded(s)) return turnText(s, session.names, session.meta.me, w);
    if (session.busy) return w.t('page.firing');
    const seat = s.pending ? s.pending.seat : s.turn;
    // The person's turn by the rules, their question not asked yet (a bot's burst is landing).
    return seat === session.meta.me ? w.t('page.yourTurnNext') : w.t('page.waitingFor', { who: nameOf(session.names, seat, w) });
  }
  return askText(ask, s.pending, session.names, session.meta.me, w);
}

/** The UNO button: a late call when one is open, else UNO armed (or not) for the play that leaves one card. */
function unoButton(session: GameSession, w: Words): void {
  const c = choicesOf(session.ask);
  const s = session.state;
  if (c.lateUno) return void session.answer(c.lateUno);
  if (c.unoWithPlay) {
    session.unoArmed = !session.unoArmed;
    session.refuse(w.t(session.unoArmed ? 'page.unoArmed' : 'page.unoDisarmed'));
  } else session.refuse(s.rules.options.unoCall ? w.t('refuse.uno-not-last-but-one') : w.t('refuse.uno-not-called', { rules: s.rules.name }));
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
  const w = useWords();
  const s = session.state;
  const me = session.meta.me;
  const names = session.names;
  const c = choicesOf(session.ask);
  const { ask, plays, press } = c;
  const playable = new Set(plays.map((m) => m.card));
  const top = s.discard[s.discard.length - 1];
  const launcherOn = s.rules.options.launcher;

  const { choice, finish, cancel } = usePlay(ask, session.unoArmed, (m) => session.answer(m));

  const playCard = (id: CardId) => {
    const candidates = plays.filter((m) => m.card === id);
    if (candidates.length) return finish(candidates);
    const refusal = handRefusals(s, me)[id];
    const why = refusal ? refusalText(refusal, w, (seat) => nameOf(names, seat, w)) : w.t('page.cannotNow');
    session.refuse(w.t('page.refusedCard', { card: cardName(id, w), why }));
  };

  const toggleUno = () => unoButton(session, w);
  // The press asked when the button is pressed: one function for the whole session, so the
  // launcher's view is not drawn again at every move for a new one.
  const pressLauncher = useCallback(() => {
    const p = choicesOf(session.ask).press;
    if (p) session.answer(p);
  }, [session]);

  // Keys for the whole table, acting on the question asked when the key comes.
  useMoveKeys(() => ({ c: choicesOf(session.ask), answer: (m) => session.answer(m), onUno: () => unoButton(session, w) }));

  // On the person's turn the focus goes to the hand when it was nowhere (or on a control now gone).
  useEffect(() => {
    if (!ask) return;
    const a = document.activeElement;
    if (a && a !== document.body && a.isConnected && !(a as HTMLButtonElement).disabled) return;
    const first = document.querySelector<HTMLButtonElement>('.hand button.card.playable') ?? document.querySelector<HTMLButtonElement>('.actions button:not([disabled])');
    first?.focus();
  }, [ask]);

  const others = Array.from({ length: s.players }, (_, i) => (me + 1 + i) % s.players).filter((seat) => seat !== me);
  const isTurn = (seat: number) => !roundEnded(s) && (s.pending ? s.pending.seat : s.turn) === seat;
  const seatClass = (seat: number) => `seat${isTurn(seat) ? ' active' : ''}${s.out[seat] ? ' out' : ''}`;
  const scores = session.match.totals;
  /** A seat as a screen reader names it: who, how many cards, points, and whether it is their turn. */
  const seatName = (seat: number) => {
    const n = s.hands[seat].length;
    return w.t('page.seatName', { who: names[seat], n, points: scores[seat], playing: isTurn(seat) ? 'yes' : 'no', out: s.out[seat] ? 'yes' : 'no' });
  };
  const clockwise = s.direction === 1;
  // The pile and the launcher in the room the seats and the arrows around the table leave.
  const ring = useRef<HTMLDivElement>(null);
  useFreeMiddle(ring, '.others .seat, .direction-ring .arrow', 8, s.players);

  return (
    <div class={`table${colourBlind ? ' colour-blind' : ''}`} data-walk-scope data-ask={ask?.mode ?? ''} data-ask-id={session.askId} data-moves={s.moves} data-round={s.round}>
      <div class="ring" ref={ring} style={{ '--players': s.players }}>
        {/* The oval table, the others around it clockwise in the order of play (you at the
            bottom), and the way play goes drawn on its rim between the seats, turned round on a Reverse. */}
        <section class="others" aria-label={w.t('page.otherPlayers')}>
          {others.map((seat) => (
            <div
              class={seatClass(seat)} data-seat-area={seat} key={seat} role="group" aria-label={seatName(seat)}
              aria-current={isTurn(seat) ? 'true' : undefined}
              style={{ '--angle': `${seatDegrees(seat, s.players, me)}deg` }}
            >
              {isTurn(seat) && <span class="now" aria-hidden="true">{w.t('page.playingNow')}</span>}
              <h3>{names[seat]}</h3>
              <p>
                <span class="count">{w.t('cards.count', { n: s.hands[seat].length })}</span><span class="pts"> · {w.t('page.pts', { n: scores[seat] })}</span>
                {s.uno === seat && <span class="badge warn"> {w.t('term.noUnoFlag')}</span>}
                {s.out[seat] && <span class="badge"> {w.t('page.out')}</span>}
              </p>
              {s.shown && (
                <ul class="shown" aria-label={w.t('page.handOf', { who: names[seat] })}>
                  {s.hands[seat].map((id) => <li key={id}><MiniCard id={id} /></li>)}
                </ul>
              )}
            </div>
          ))}
        </section>
        <div class={`direction-ring ${clockwise ? 'cw' : 'ccw'}`} role="img" aria-label={w.t('page.playGoes', { clockwise: clockwise ? 'yes' : 'no' })} data-direction={s.direction}>
          {/* One arrow between each two neighbours, you included, pointing to the one who plays next. */}
          {Array.from({ length: s.players }, (_, i) => (
            <span key={i} class="arrow" aria-hidden="true" style={{ '--angle': `${seatDegrees(me, s.players, me) + ((i + 0.5) * 360) / s.players}deg` }}>➜</span>
          ))}
        </div>

        <section class="centre" aria-label={w.t('page.table')}>
          <div class="pile">
            <Pile top={top} colour={s.colour} direction={s.direction} turn={s.pending ? s.pending.seat : s.turn} turnText={turnText(s, names, me, w)}>
              {!launcherOn && (
                <div>
                  <dt>{w.t('page.drawPile')}</dt>
                  <dd>{w.t('cards.count', { n: s.supply.length })}</dd>
                </div>
              )}
            </Pile>
          </div>
          {launcherOn && session.launcher ? (
            <LauncherView
              launcher={session.launcher}
              names={names}
              me={me}
              canPress={!!press && !session.busy}
              pressLabel={pressLabel(s, me, names, w) ?? (press ? w.t('page.pressInstead') : '')}
              onPress={pressLauncher}
              presser={s.pending?.kind === 'press' ? s.pending.seat : undefined}
              sound={sound}
            />
          ) : null}
        </section>
      </div>

      <div class={seatClass(me)} data-seat-area={me} role="group" aria-label={seatName(me)} aria-current={isTurn(me) ? 'true' : undefined}>
        <Hand
          label={w.t('page.handLabel', { who: names[me], n: s.hands[me].length })}
          cards={(sortHand ? handOrder(s.hands[me]) : s.hands[me]).map((id) => ({ id, playable: playable.has(id) }))}
          onPlay={playCard}
        >
          <p class="me-line">
            {isTurn(me) && <span class="now" aria-hidden="true">{w.t('page.playingNow')}</span>}
            <strong dir="auto">{names[me]}</strong> · {w.t('cards.count', { n: s.hands[me].length })} · {w.t('page.pts', { n: scores[me] })}
            {s.uno === me && <span class="badge warn"> {w.t('page.unoNotCalled')}</span>}
          </p>
        </Hand>
        <div class="actions" role="group" aria-label={w.t('page.yourMoves')}>
          {/* Before the round's first move, what its start card did (a Hit 2 to press, a colour to name). */}
          {s.moves === 0 && !roundEnded(s) && <p class="opening">{openingLine(s, names, w)}</p>}
          <p class="prompt" role="status">{promptText(session, w)}</p>
          {session.message && <p class="message" role="alert">{session.message}</p>}
          <div class="buttons">
            <MoveButtons
              c={c} names={names} unoCall={s.rules.options.unoCall} unoArmed={session.unoArmed} onUno={toggleUno}
              take={launcherOn ? null : 'draw'} stackTotal={s.pending?.kind === 'stack' ? s.pending.total : null} answer={(m) => session.answer(m)}
            />
            <button type="button" class="sort" aria-pressed={sortHand} onClick={() => onSortHand(!sortHand)}>{w.t('page.sortByColour')}</button>
            <GuideButton rules={s.rules} store={window.localStorage} />
            {/* With a launcher, its panel has the page's one mute. */}
            {!launcherOn && <MuteToggle sound={sound} />}
          </div>
        </div>
      </div>

      <TableMotion key={session.id} watchedBegin={session.begun} facts={factsOfState(s, me, { log: session.lines, logBase: session.logBase })} speed={session.speed} sound={sound} launcherFlies={launcherOn} />
      <PickDialogs
        c={c} choice={choice} names={names} handSizes={s.hands.map((h) => h.length)}
        answer={(m) => session.answer(m)} finish={finish} cancel={cancel}
      />

      <aside class="side">
        <FirstGame rules={s.rules} store={window.localStorage} />
        <section aria-label={w.t('page.scores')} class="scores">
          <h2>{w.t('page.scores')}</h2>
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
          <p class="target">{w.t('page.firstTo', { target: s.rules.options.target, round: s.round + 1 })}</p>
        </section>
        <section class="events" aria-label={w.t('page.events')}>
          <h2>{w.t('page.events')}</h2>
          <EventLog newest={session.logBase + session.log.length}>
            {session.log.map((line, i) => <li key={session.logBase + i}>{line}</li>)}
          </EventLog>
        </section>
      </aside>
    </div>
  );
}

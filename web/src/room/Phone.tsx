/**
 * A phone at a game night: it joins a room under a name and becomes that seat's hand, asked
 * exactly what the one-player page asks (asks.tsx), the table in a strip above. It buzzes and
 * dings when cards come its way. The seat's token is kept in this browser's storage for the room
 * (never in the address): a reload, or a connection lost and found, takes the seat back where the
 * game is. Several people may share one phone (hot-seat): each joins on it, and between turns of
 * different seats held here the hand is hidden until the next person taps.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { resolveRules, type CardId, type Move } from '../../../game/index.ts';
import { cardName } from '../../../words/cards.ts';
import { refusalText } from '../../../words/refusals.ts';
import { LangPicker, useWords } from '../lang.tsx';
import type { ClientMessage, RoomSettings, ServerMessage } from '../../../table/roomMessages.ts';
import { cardCount, nameOf, phraseText, roundEndText, type Phrase } from '../../../table/words.ts';
import { askText, choicesOf, MoveButtons, PickDialogs, useMoveKeys, usePlay } from '../asks.tsx';
import { Hand, handOrder } from '../cards.tsx';
import { MuteToggle, Sound, story } from '../launcher/index.ts';
import { cleanCode, dropSeat, keepSeat, keepTable, RoomConnection, seatHolds } from './connection.ts';
import { newSlot, phoneHeard, shownSlot, type Slot } from './phoneState.ts';
import { useWakeLock } from './wakeLock.ts';
import { FullscreenButton } from './fullscreen.tsx';
import { Pile } from '../pile.tsx';
import { FirstGame, GuideButton } from '../help.tsx';
import { factsOfView } from '../happened.ts';
import { paceSpeed, TableMotion } from '../motion.tsx';
import { AskFirst, readerView, secondsLeft, statusWords, Totals, TurnClock, TurnSoon, useSince } from './seats.tsx';

let slotIds = 0;

/** How long a phone buzzes when cards come its way, ms. */
const BUZZ_MS = 200;

export function PhonePage({ store, code: routeCode }: { store: Storage; code: string }) {
  const w = useWords();
  const [code, setCode] = useState(routeCode);
  const [slots, setSlots] = useState<Slot[]>([]);
  const [note, setNote] = useState<Phrase | null>(null);
  const [joining, setJoining] = useState(false);
  const [revealed, setRevealed] = useState<number | null>(null);
  // The room's host token was given to this phone: its table screen may open in a tab of its own.
  const [tableGiven, setTableGiven] = useState(false);
  const conns = useRef(new Map<number, RoomConnection>());
  // The slots as they are now: what a message finds and changes (a render may not have caught up).
  const current = useRef<Slot[]>([]);
  const sound = useMemo(() => new Sound(window, { store }), []);
  // The page's sound (started by the first gesture) ends with the room's page.
  useEffect(() => () => sound.dispose(), []);

  const commit = (next: Slot[]) => {
    current.current = next;
    setSlots(next);
  };
  const update = (id: number, f: (s: Slot) => Slot | null) =>
    commit(current.current.flatMap((s) => (s.id === id ? [f(s)].filter((x): x is Slot => x !== null) : [s])));

  /** Opens a slot's connection: it takes its seat back by its token, or joins under its name. */
  const start = (room: string, name: string, token: string | null) => {
    const id = ++slotIds;
    commit([...current.current, newSlot(id, name, token)]);
    const slot = () => current.current.find((s) => s.id === id);
    const conn = new RoomConnection(
      () => {
        const t = slot()?.token ?? token;
        return t ? { type: 'resume', code: room, token: t } : { type: 'join', code: room, name };
      },
      (m) => heard(room, id, m),
      () => update(id, (s) => ({ ...s, open: conn.open })),
    );
    conns.current.set(id, conn);
  };

  const heard = (room: string, id: number, m: ServerMessage) => {
    const s = current.current.find((x) => x.id === id);
    if (!s) return;
    const h = phoneHeard(s, m);
    if (h.keep) keepSeat(store, room, h.keep);
    if (h.drop) dropSeat(store, room, h.drop);
    if (h.note !== undefined) setNote(h.note);
    if (h.table) {
      keepTable(store, room, { token: h.table, settings: s.lobby?.settings ?? null });
      setTableGiven(true);
    }
    if (h.slot) return update(id, () => h.slot);
    conns.current.get(id)?.close();
    conns.current.delete(id);
    update(id, () => null);
  };

  // The seats this phone holds in the room its address names are taken back as it opens (a code
  // typed later has none held yet); its connections close with the page.
  useEffect(() => {
    if (routeCode) for (const h of seatHolds(store, routeCode)) start(routeCode, h.name, h.token);
    return () => {
      for (const c of conns.current.values()) c.close();
      conns.current.clear();
    };
  }, []);

  // Cards came this way (the hand grew within a round): a buzz.
  const sizes = useRef(new Map<number, { round: number; n: number }>());
  useEffect(() => {
    for (const s of slots) {
      if (!s.game) continue;
      const { round, hand } = s.game.view;
      const before = sizes.current.get(s.id);
      sizes.current.set(s.id, { round, n: hand.length });
      // Its sound is the table's (TableMotion: a card drawn).
      if (before && before.round === round && hand.length > before.n) navigator.vibrate?.(BUZZ_MS);
    }
  }, [slots]);

  const seated = slots.filter((s) => s.token !== null && (s.lobby || s.game));
  const inGame = seated.some((s) => s.game);
  // A seat held keeps the screen on: a locked phone would drop out and a bot play its seat.
  useWakeLock(seated.length > 0);
  const settings = seated.find((s) => s.lobby)?.lobby?.settings ?? (code ? seatHolds(store, code).find((h) => h.settings)?.settings : null) ?? null;
  /** The ☰ Game menu: Leave for `leavers`, the table screen asked for through `via`'s connection. */
  const menu = (leavers: Slot[], via: Slot, refused: Phrase | null) => (
    <GameMenu code={code} leavers={leavers} bot={inGame} tableGiven={tableGiven} refused={refused} send={(m, id = via.id) => conns.current.get(id)?.send(m) ?? false} />
  );

  if (!code || slots.length === 0 || joining) {
    return (
      <main class="phone phone-join">
        <JoinForm
          code={code} note={note} more={slots.length > 0}
          onJoin={(c, name) => {
            setNote(null);
            setJoining(false);
            if (c !== code) {
              history.replaceState(null, '', `#join=${c}`);
              setCode(c);
            }
            start(c, name, null);
          }}
          onCancel={slots.length > 0 ? () => setJoining(false) : undefined}
        />
      </main>
    );
  }
  if (seated.length === 0) {
    return (
      <main class="phone">
        <p role="status">{w.t('phone.joining', { code })}</p>
        {note && <p class="refused" role="alert">{phraseText(note, [], w)}</p>}
      </main>
    );
  }
  if (!inGame) {
    const lobby = seated[0].lobby!;
    return (
      <main class="phone phone-lobby">
        <h1>{w.t('room.roomCode', { code })}</h1>
        <p role="status">{w.t('phone.inAs', { names: new Intl.ListFormat(w.lang, { type: 'conjunction' }).format(seated.map((s) => s.name)) })}</p>
        {note && <p class="refused" role="alert">{phraseText(note, [], w)}</p>}
        <ol class="lobby-seats">
          {lobby.seats.map((s, i) => <li key={i} data-status={s.status.kind}>{s.status.kind === 'free' ? statusWords(s.status, 0, w) : <><strong dir="auto">{s.name}</strong> · {statusWords(s.status, 0, w)}</>}</li>)}
        </ol>
        <button type="button" onClick={() => setJoining(true)}>{w.t('phone.addPlayer')}</button>
        {/* In the lobby each person held here may leave: nobody's hand is shown yet. */}
        {menu(seated, seated[0], seated[0].refused)}
        <LangPicker />
      </main>
    );
  }

  // Hot-seat: the seat asked now is shown; a seat other than the one revealed waits behind a tap.
  const playing = seated.filter((s) => s.game);
  const { shown, hidden } = shownSlot(playing, revealed);
  return (
    <main class="phone" data-seat={shown.seat ?? ''} data-hidden={hidden}>
      {note && <p class="refused" role="alert">{phraseText(note, [], w)}</p>}
      {hidden ? (
        <section class="pass-phone" aria-labelledby="pass-title">
          <h1 id="pass-title">{w.t('phone.passTo', { who: shown.name })}</h1>
          <p>{w.t('phone.hidden', { who: shown.name })}</p>
          {shown.game?.timer?.seat === shown.seat && <WaitingClock game={shown.game} />}
          <button type="button" class="primary big" onClick={() => setRevealed(shown.id)}>{w.t('phone.tap', { who: shown.name })}</button>
        </section>
      ) : (
        <SeatPlay slot={shown} settings={settings} code={code} conn={conns.current.get(shown.id)!} others={playing.length > 1} sound={sound} store={store} menu={menu([shown], shown, null)} />
      )}
    </main>
  );
}

/** The seconds left of a turn whose hand waits behind a tap (several people on one phone): the next person sees their time running. */
function WaitingClock({ game }: { game: NonNullable<Slot['game']> }) {
  const left = secondsLeft(game.timer, useSince(game.seats, true));
  return left === null ? null : <TurnClock s={left} />;
}

function JoinForm({ code, note, more, onJoin, onCancel }: { code: string; note: Phrase | null; more: boolean; onJoin: (code: string, name: string) => void; onCancel?: () => void }) {
  const w = useWords();
  const [typed, setTyped] = useState(code);
  const [name, setName] = useState('');
  return (
    <form class="join-form" onSubmit={(e) => {
      e.preventDefault();
      const c = cleanCode(typed);
      if (c && name.trim()) onJoin(c, name.trim());
    }}>
      <h1>{more ? w.t('phone.another') : w.t('join.title')}</h1>
      {more && <p class="hint">{w.t('phone.anotherHint')}</p>}
      <label>
        {w.t('phone.code')}
        <input type="text" required autocomplete="off" autocapitalize="characters" maxLength={12} value={typed} onInput={(e) => setTyped(e.currentTarget.value)} />
      </label>
      <label>
        {w.t('form.name')}
        <input type="text" required maxLength={24} autocomplete="nickname" value={name} onInput={(e) => setName(e.currentTarget.value)} />
      </label>
      {note && <p class="refused" role="alert">{phraseText(note, [], w)}</p>}
      <button type="submit" class="primary">{w.t('phone.join')}</button>
      {onCancel && <button type="button" onClick={onCancel}>{w.t('page.back')}</button>}
      <p><a href="#">{w.t('phone.onePlayer')}</a> · <LangPicker /></p>
    </form>
  );
}

/**
 * The phone's ☰ Game menu: Leave, for each of `leavers` (in a game, the person whose hand is shown:
 * the others on this phone stay), and the table screen opened on this device when the room's is
 * gone (the server says whether it is). Each asked once more before it is sent.
 */
function GameMenu({ code, leavers, bot, tableGiven, refused, send }: { code: string; leavers: Slot[]; bot: boolean; tableGiven: boolean; refused: Phrase | null; send: (m: ClientMessage, id?: number) => boolean }) {
  const w = useWords();
  const [offline, setOffline] = useState(false);
  const ask = (m: ClientMessage, id?: number) => setOffline(!send(m, id));
  return (
    <details class="phone-menu">
      <summary><span aria-hidden="true">☰ </span>{w.t('page.nav')}</summary>
      <div class="phone-menu-items">
        {leavers.map((s) => (
          <AskFirst
            key={s.id} button={leavers.length > 1 ? w.t('phone.leaveWho', { who: s.name }) : w.t('phone.leave')}
            sure={w.t('phone.leaveSure', { who: s.name, code, bot: bot ? 'yes' : 'no' })} yes={w.t('phone.leaveYes', { who: s.name })} no={w.t('phone.leaveNo')}
            act={() => ask({ type: 'leave' }, s.id)}
          />
        ))}
        {tableGiven
          ? <a class="button primary" href={`#table=${code}`} target="_blank" rel="noopener">{w.t('phone.openTableGo')}</a>
          : <AskFirst button={w.t('phone.openTable')} sure={w.t('phone.openTableSure')} yes={w.t('phone.openTableYes')} no={w.t('phone.openTableNo')} act={() => ask({ type: 'openTable' })} />}
        {(offline || refused) && <p class="refused" role="alert">{offline ? w.t('room.notConnected') : phraseText(refused!, [], w)}</p>}
      </div>
    </details>
  );
}

/** One seat's hand and moves, the table in a strip above, the events below. */
function SeatPlay({ slot, settings, code, conn, others, sound, store, menu }: { slot: Slot; settings: RoomSettings | null; code: string; conn: RoomConnection; others: boolean; sound: Sound; store: Storage; menu: ComponentChildren }) {
  const w = useWords();
  const { launcher } = slot.game!;
  const { view, seats } = readerView(slot.game!.view, slot.game!.seats, w);
  const [local, setLocal] = useState<string | null>(null);
  const timer = slot.game!.timer;
  const since = useSince(slot.game!.seats, timer !== null);
  const left = secondsLeft(timer, since);
  const q = view.question;
  const c = choicesOf(q);
  const me = view.seat;
  // The room's rules: its rule set with its house rules (the UNO call, the readings), as its match plays them.
  const rules = settings ? resolveRules(settings.rules, settings.options) : null;
  // Without the settings (a phone that never saw the lobby), the question's own moves tell.
  const launcherOn = rules ? rules.options.launcher : c.press?.type === 'press';
  const unoCall = rules ? rules.options.unoCall : c.unoWithPlay || !!c.lateUno;
  useEffect(() => setLocal(null), [q?.id]);

  const say = (line: string) => setLocal(line);
  const send = (m: Parameters<RoomConnection['send']>[0]) => {
    if (!conn.send(m)) say(w.t('room.notConnected'));
  };
  const answer = (m: Move | null) => {
    if (!q) return;
    send({ type: 'move', question: q.id, choice: m === null ? null : q.moves.indexOf(m) });
  };
  const { choice, finish, cancel } = usePlay(q?.id, view.unoArmed, answer);
  const playCard = (id: CardId) => {
    const candidates = c.plays.filter((m) => m.card === id);
    if (candidates.length) return finish(candidates);
    // The engine's reason, from the seat's view: the same words the one-player page says.
    const refusal = view.refusals[id];
    say(refusal ? w.t('page.refusedCard', { card: cardName(id, w), why: refusalText(refusal, w, (seat) => nameOf(view.names, seat, w)) }) : w.t(q ? 'term.cannotNow' : 'phone.waitTurn', { card: cardName(id, w) }));
  };
  const onUno = () => {
    if (c.lateUno) return answer(c.lateUno);
    if (c.unoWithPlay) send({ type: 'uno', armed: !view.unoArmed });
    else say(w.t('refuse.uno-not-last-but-one'));
  };

  // The one-player page's keys (p press, u UNO, s pass, h the hand…), for a phone with a keyboard.
  useMoveKeys(() => ({ c, answer, onUno }));

  const playing = view.phase === 'playing' && view.winner === null;
  const turn = view.pending ? view.pending.seat : view.turn;
  const top = view.discard[view.discard.length - 1];
  const playable = new Set(c.plays.map((m) => m.card));
  const prompt = q ? askText(q, view.pending, view.names, me, w)
    : !playing ? roundEndText(view.winner, view.names, w)
    : turn === me ? w.t('page.yourTurnNext') : w.t('page.waitingFor', { who: nameOf(view.names, turn, w) });
  const said = view.message ?? slot.refused;
  const message = local ?? (said && phraseText(said, view.names, w));
  return (
    <div class="seat-play" data-walk-scope data-ask={q?.mode ?? ''} data-ask-id={q?.id ?? ''} data-moves={view.moves} data-round={view.round} data-phase={view.phase}>
      <header class="phone-bar">
        <h1>{view.names[me]}</h1>
        <p>{w.t('room.roomCode', { code })} · {w.t('page.pts', { n: view.totals[me] })}{!slot.open && <span class="warn"> · {w.t('phone.reconnecting')}</span>}</p>
        {rules && <GuideButton rules={rules} store={store} />}
        <MuteToggle sound={sound} />
        <FullscreenButton />
        {menu}
      </header>
      <section class="phone-table" aria-label={w.t('room.theTable')}>
        <Pile top={top} colour={view.colour} direction={view.direction} turn={turn}
          turnText={playing ? (turn === me ? w.t('page.yourTurn') : w.t('page.turnOf', { who: nameOf(view.names, turn, w) })) : roundEndText(view.winner, view.names, w)} />
        {launcher && launcher.press && <p class="launcher-story">{story(launcher, view.names, w, launcher.jammed).map((line, i) => <span key={i}>{line} </span>)}</p>}
        <ul class="phone-seats" aria-label={w.t('phone.players')}>
          {seats.map((s, i) => i !== me && (
            <li key={i} class={playing && turn === i ? 'active' : ''} data-seat={i}
              aria-label={w.t('phone.seatLabel', { who: s.name, cards: cardCount(view.handSizes[i], w), status: statusWords(s.status, since, w), playing: playing && turn === i ? 'yes' : 'no' })}>
              <strong dir="auto">{s.name}</strong> <span class="count">{view.handSizes[i]}</span>
              {s.status.kind !== 'here' && s.status.kind !== 'bot' && <small class="status"> {statusWords(s.status, since, w)}</small>}
              {timer?.seat === i && left !== null && <> <TurnClock s={left} /></>}
            </li>
          ))}
        </ul>
      </section>
      <div class={`seat${playing && turn === me ? ' active' : ''}`} data-seat-area={me}>
        <div class="actions" role="group" aria-label={w.t('page.yourMoves')}>
          <p class="prompt" role="status">{prompt}</p>
          {timer?.seat === me && left !== null && <TurnClock s={left} />}
          <TurnSoon s={timer?.seat === me ? left : null} who={view.names[me]} me />
          {message && <p class="message refused" role="alert">{message}</p>}
          <div class="buttons">
            <MoveButtons
              c={c} names={view.names} unoCall={unoCall} unoArmed={view.unoArmed} onUno={onUno}
              take={launcherOn ? 'press' : 'draw'} stackTotal={view.pending?.kind === 'stack' ? view.pending.total : null} answer={answer}
            />
          </div>
        </div>
        <Hand label={w.t('page.handLabel', { who: view.names[me], n: view.hand.length })} cards={handOrder(view.hand).map((id) => ({ id, playable: playable.has(id) }))} onPlay={playCard} />
      </div>
      <TableMotion watchedBegin={!!slot.lobby} facts={factsOfView(view)} speed={paceSpeed(settings?.paceMs)} sound={sound} launcherFlies={false} />
      <PickDialogs c={c} choice={choice} names={view.names} handSizes={view.handSizes} answer={answer} finish={finish} cancel={cancel} />
      {rules && <FirstGame rules={rules} store={store} />}
      <section class="phone-events" aria-label={w.t('page.events')}>
        <div role="log" aria-live="polite" aria-relevant="additions" class="log">
          <ol>{view.log.slice(-4).map((line, i, shown) => <li key={view.logBase + view.log.length - shown.length + i}>{phraseText(line, view.names, w)}</li>)}</ol>
        </div>
      </section>
      {!playing && (
        <section class="phone-scores" aria-label={w.t('page.scores')}>
          <h2>{view.phase === 'matchOver' ? w.t('phone.matchOver') : w.t('term.roundOver', { round: view.round + 1, end: roundEndText(view.winner, view.names, w) })}</h2>
          <Totals names={view.names} totals={view.totals} caption={w.t('room.pointsSoFar')} />
          {view.phase === 'roundOver' && <button type="button" class="primary" onClick={() => send({ type: 'next' })}>{w.t('page.nextRound')}</button>}
          {view.phase === 'matchOver' && <button type="button" class="primary" onClick={() => send({ type: 'again' })}>{w.t('room.playAgain')}</button>}
        </section>
      )}
      {others && <p class="hint">{w.t('phone.others')}</p>}
    </div>
  );
}

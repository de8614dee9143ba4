/**
 * The table screen: the laptop in the middle of a game night. In the lobby, the QR code and the
 * short address phones join at, and the seats as people take them; in the game, the launcher,
 * the pile, the seats around the oval with their card counts and how each is played (here, away
 * with the wait counted down, a bot standing in, removed), whose turn, the way of play and the
 * events. It is sent no hand and shows none. Its token is kept in this browser's storage (a
 * reload takes the screen back) and is never in its address or on it.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ClientMessage, LauncherOnTable, RoomSeat, RoomSettings, ServerMessage, TableView, TurnTimer } from '../../../table/roomMessages.ts';
import { cardCount, nameOf, phraseText, roundEndText, said, youOf, type Phrase } from '../../../table/words.ts';
import { useWords } from '../lang.tsx';
import type { Words } from '../../../words/catalogue.ts';
import { Modal } from '../dialogs.tsx';
import { LAUNCHER_CSS, Sound, story, Toy, usePrefersReducedMotion } from '../launcher/index.ts';
import { ruleWords } from '../newGame.tsx';
import { seatDegrees } from '../ring.ts';
import { keepTable, RoomConnection, tableHold } from './connection.ts';
import { received } from './views.ts';
import { routeOf } from './route.ts';
import { HostForm } from './HostForm.tsx';
import { RoundEnd } from '../roundEnd.tsx';
import { resolveRules } from '../../../game/rules.ts';
import { FullscreenButton } from './fullscreen.tsx';
import { QrCode } from './QrCode.tsx';
import { EventLog } from '../eventLog.tsx';
import { Pile } from '../pile.tsx';
import { factsOfView } from '../happened.ts';
import { paceSpeed, TableMotion } from '../motion.tsx';
import { AskFirst, readerView, secondsLeft, statusWords, Totals, TurnClock, TurnSoon, useSince } from './seats.tsx';

type Shown =
  | { kind: 'lobby'; code: string; settings: RoomSettings; seats: readonly RoomSeat[] }
  | { kind: 'table'; code: string; seats: readonly RoomSeat[]; view: TableView; launcher: LauncherOnTable | null; settings: RoomSettings; timer: TurnTimer | null };

/** The addresses phones on the LAN reach this server at (cli/web.ts serves them; none on loopback only). */
function useLanAddresses(): string[] | null {
  const [addresses, setAddresses] = useState<string[] | null>(null);
  useEffect(() => {
    fetch('./lan.json').then((r) => r.json() as Promise<{ addresses: string[] }>).then((j) => setAddresses(j.addresses), () => setAddresses([]));
  }, []);
  return addresses;
}

/** The table screen of room `code` (null: the form that opens one); `token`: the host's, when the address moved the table screen here. */
export function TableScreen({ store, code: routeCode, token }: { store: Storage; code: string | null; token?: string }) {
  const w = useWords();
  const [code, setCode] = useState<string | null>(routeCode);
  const [shown, setShown] = useState<Shown | null>(null);
  const [refusal, setRefusal] = useState<Phrase | null>(null);
  const [open, setOpen] = useState(false);
  // This screen is no longer the table screen (it moved to another device): why.
  const [gone, setGone] = useState<Phrase | null>(null);
  const [moving, setMoving] = useState(false);
  // Moved here by an address with the host's token: kept as `created`'s is, then taken out of the
  // address, so that neither a bookmark nor the history holds it.
  useState(() => {
    if (!routeCode || !token) return;
    keepTable(store, routeCode, { token, settings: null });
    history.replaceState(null, '', `#table=${routeCode}`);
  });
  const conn = useRef<RoomConnection | null>(null);
  // The room's lobby was shown here: its game is seen begun, dealt (a screen reloaded mid-game shows the table as it is).
  const lobbySeen = useRef(false);
  const sound = useMemo(() => new Sound(window, { store }), []);
  // The page's sound (started by the first gesture) ends with the room's page.
  useEffect(() => () => sound.dispose(), []);
  const hold = routeCode ? tableHold(store, routeCode) : null;

  const connect = (hello: () => ClientMessage) => {
    conn.current?.close();
    conn.current = new RoomConnection(hello, heard, () => setOpen(conn.current?.open ?? false));
  };
  // Reached by its address (a reload, the tab opened again): the screen takes its room back with the token it kept.
  const takeBack = (room: string) => connect(() => ({ type: 'table', code: room, token: tableHold(store, room)!.token }));
  useEffect(() => {
    if (routeCode && hold) takeBack(routeCode);
    return () => conn.current?.close();
  }, []);

  const heard = (m: ServerMessage) => {
    switch (m.type) {
      case 'created':
        keepTable(store, m.code, { token: m.token, settings: null });
        // The address names the room, not the token: a reload finds the token in storage.
        history.replaceState(null, '', `#table=${m.code}`);
        setCode(m.code);
        return;
      case 'lobby':
        keepTable(store, m.code, { token: tableHold(store, m.code)!.token, settings: m.settings });
        setRefusal(null);
        lobbySeen.current = true;
        return setShown({ kind: 'lobby', code: m.code, settings: m.settings, seats: m.seats });
      case 'table':
        setRefusal(null);
        return setShown((old) => ({ kind: 'table', code: m.code, seats: m.seats, view: received(old?.kind === 'table' ? old.view : null, m.view), launcher: m.launcher, settings: m.settings, timer: m.timer ?? null }));
      case 'refused':
        return setRefusal(m.why);
      case 'removed':
        // Another device is the table screen now: this one stops, not to take it back by reconnecting.
        conn.current?.close();
        setMoving(false);
        return setGone(m.why);
      default:
        return;
    }
  };

  const send = (m: ClientMessage) => {
    if (!conn.current?.send(m)) setRefusal(said('room.notConnected'));
  };

  if (!code) {
    return (
      <main class="room-host">
        <HostForm
          error={refusal && phraseText(refusal, [], w)}
          onOpen={(settings) => {
            // The room is made once: a connection lost after its answer takes the table back by its token.
            connect(() => {
              const at = routeOf(location.hash);
              const kept = at?.page === 'table' ? tableHold(store, at.code) : null;
              return at?.page === 'table' && kept ? { type: 'table', code: at.code, token: kept.token } : { type: 'create', settings };
            });
          }}
        />
      </main>
    );
  }
  if (routeCode && !hold && !shown) {
    return (
      <main class="room-missing">
        <p class="error" role="alert">{w.t('room.notHeld', { code: routeCode })}</p>
        <p><a href="#host">{w.t('room.openNew')}</a> · <a href="#">{w.t('room.backToGame')}</a></p>
      </main>
    );
  }
  if (gone) {
    return (
      <main class="room-missing">
        <p class="error" role="alert">{phraseText(gone, [], w)}</p>
        <p>
          <button type="button" onClick={() => (setGone(null), setShown(null), takeBack(code!))}>{w.t('room.takeBack')}</button>{' '}
          <a href="#host">{w.t('room.openNew')}</a> · <a href="#">{w.t('room.backToGame')}</a>
        </p>
      </main>
    );
  }
  const settings = shown?.kind === 'lobby' || shown?.kind === 'table' ? shown.settings : tableHold(store, code)?.settings ?? null;
  return (
    <div class="room-screen" data-phase={shown?.kind === 'table' ? shown.view.phase : 'lobby'} data-connected={open}>
      <header class="bar">
        <h1>{w.t('room.heading')}</h1>
        <p class="about">
          {w.t('room.room')} <strong class="room-code">{code}</strong>
          {settings && <> · {w.t('room.rulesTo', { rules: ruleWords(settings.rules, w).title, target: settings.target ?? '…' })}</>}
          {!open && <span class="warn"> · {w.t('room.connecting')}</span>}
        </p>
        <nav aria-label={w.t('room.room')}>
          <FullscreenButton /> <button type="button" disabled={!shown} onClick={() => setMoving(true)}>{w.t('room.move')}</button> <a href="#" class="button">{w.t('room.leave')}</a>
        </nav>
      </header>
      {moving && <MoveTable code={code} token={tableHold(store, code)?.token ?? ''} close={() => setMoving(false)} />}
      {refusal && <p class="refused banner" role="alert">{phraseText(refusal, shown?.kind === 'table' ? shown.view.names : [], w)}</p>}
      {shown?.kind === 'lobby' && <Lobby shown={shown} send={send} />}
      {shown?.kind === 'table' && <Game shown={shown} send={send} sound={sound} watchedBegin={lobbySeen.current} />}
    </div>
  );
}

/** The address (and its QR code) that moves the table screen to another device: the room's code and the host's token. */
function MoveTable({ code, token, close }: { code: string; token: string; close: () => void }) {
  const w = useWords();
  const lan = useLanAddresses();
  const url = `${lan?.[0] ?? `${location.origin}/`}#table=${code}&host=${token}`;
  return (
    <Modal title={w.t('room.move')} onClose={close}>
      <div class="table-move">
        <p>{w.t('room.moveHint')}</p>
        <QrCode text={url} label={w.t('room.moveQr', { code })} />
        <p class="move-address"><code>{url}</code></p>
      </div>
    </Modal>
  );
}

function Lobby({ shown, send }: { shown: Extract<Shown, { kind: 'lobby' }>; send: (m: ClientMessage) => void }) {
  const w = useWords();
  const lan = useLanAddresses();
  // A phone on the LAN opens the machine's address; with none (the server on loopback only),
  // this page's own, which another device cannot reach.
  const base = lan?.[0] ?? `${location.origin}/`;
  const joinUrl = `${base}#join=${shown.code}`;
  const people = shown.seats.filter((s) => s.status.kind !== 'free').length;
  return (
    <main class="room-lobby">
      <section class="join-card" aria-labelledby="join-title">
        <h2 id="join-title">{w.t('room.joinOnPhone')}</h2>
        <QrCode text={joinUrl} label={w.t('room.qr', { code: shown.code })} />
        <p>
          {w.t('room.scan')} <strong class="join-address">{base.replace(/\/$/, '')}</strong> {w.t('room.typeCode')} <strong class="room-code big">{shown.code}</strong>
        </p>
        {lan !== null && lan.length === 0 && (
          <p class="warn">{w.t('room.noLan')} <code>uno-extreme web --host</code> {w.t('room.noLanNow')}</p>
        )}
        {lan !== null && lan.length > 1 && <p class="hint">{w.t('room.alsoAt', { addresses: lan.slice(1).map((a) => a.replace(/\/$/, '')).join(', ') })}</p>}
      </section>
      <section class="lobby-seats" aria-labelledby="seats-title">
        <h2 id="seats-title">{w.t('room.seatsTaken', { people, players: shown.settings.players })}</h2>
        <ol>
          {shown.seats.map((s, i) => (
            <li key={i} data-seat={i} data-status={s.status.kind}>
              {s.status.kind === 'free' ? <span class="free">{statusWords(s.status, 0, w)}</span> : <><strong dir="auto">{s.name}</strong> · {statusWords(s.status, 0, w)}</>}
              {s.status.kind !== 'free' && (
                <RemoveSeat who={s.name} label={w.t('room.removeWho', { who: s.name })} remove={() => send({ type: 'remove', seat: i })} />
              )}
            </li>
          ))}
        </ol>
        <button type="button" class="primary" disabled={people === 0} onClick={() => send({ type: 'start' })}>
          {w.t('room.start', { bots: Math.max(0, shown.settings.players - people) })}
        </button>
      </section>
    </main>
  );
}

/** A seat's Remove, asked once more before it acts (it takes a person's seat and token for good). */
function RemoveSeat({ who, label, remove }: { who: string; label: string; remove: () => void }) {
  const w = useWords();
  return <AskFirst cls="remove" button={w.t('room.remove')} label={label} sure={w.t('room.removeSure', { who })} yes={w.t('room.removeYes', { who })} no={w.t('room.removeNo', { who })} act={remove} />;
}

/** The end of a match: who leads the totals wins. */
function matchOverTitle(names: readonly string[], totals: readonly number[], w: Words): string {
  const who = names[totals.indexOf(Math.max(...totals))];
  return w.t('term.matchOver', { who, you: youOf(who) });
}

/** Where seat `i` of `n` sits on the oval, screen degrees: seat 0 at the bottom, the others clockwise, as the launcher turns to them. */
const seatAngle = (i: number, n: number) => seatDegrees(i, n, 0);

function Game({ shown, send, sound, watchedBegin }: { shown: Extract<Shown, { kind: 'table' }>; send: (m: ClientMessage) => void; sound: Sound; watchedBegin: boolean }) {
  const w = useWords();
  const { view, seats } = readerView(shown.view, shown.seats, w);
  const { timer } = shown;
  const since = useSince(shown.seats, timer !== null);
  const left = secondsLeft(timer, since);
  const timed = (seat: number) => timer?.seat === seat && left !== null;
  const reduce = usePrefersReducedMotion();
  const n = view.names.length;
  const top = view.discard[view.discard.length - 1];
  const playing = view.phase === 'playing' && view.winner === null;
  const turn = view.pending ? view.pending.seat : view.turn;
  const l = shown.launcher;
  // Each new ding rings the bell (the count only grows, over rounds and reconnections).
  const heard = useRef(l?.dings ?? 0);
  useEffect(() => {
    if (l && l.dings > heard.current) sound.play('ding', l.dingPace);
    heard.current = l?.dings ?? 0;
  }, [l?.dings]);
  const person = (s: RoomSeat) => s.status.kind !== 'bot' && s.status.kind !== 'removed';
  return (
    <main class="room-game">
      <style>{LAUNCHER_CSS}</style>
      <section class="room-oval" aria-label={w.t('room.theTable')}>
        {/* The way of play: an arrow on the rim between each seat and the next, turned round on a Reverse. */}
        <div class="room-way" role="img" aria-label={w.t('page.playGoes', { clockwise: view.direction === 1 ? 'yes' : 'no' })} data-direction={view.direction}>
          {seats.map((_, i) => {
            const deg = seatAngle(i + 0.5, n);
            const a = (deg * Math.PI) / 180;
            return (
              <span
                key={i} class="arrow" aria-hidden="true"
                style={{ '--x': (50 + 38 * Math.cos(a)).toFixed(2), '--y': (50 + 41 * Math.sin(a)).toFixed(2), '--turn': `${deg + 90 * view.direction}deg` }}
              >➜</span>
            );
          })}
        </div>
        {seats.map((s, i) => {
          const a = (seatAngle(i, n) * Math.PI) / 180;
          const now = playing && turn === i;
          return (
            <div
              key={i} class={`room-seat${now ? ' active' : ''}`} data-seat-area={i} data-status={s.status.kind} role="group"
              aria-label={w.t('room.seatLabel', { who: s.name, cards: cardCount(view.handSizes[i], w), points: view.totals[i], status: statusWords(s.status, since, w), playing: now ? 'yes' : 'no' })}
              aria-current={now ? 'true' : undefined}
              style={{ '--x': (50 + 43 * Math.cos(a)).toFixed(2), '--y': (50 + 41 * Math.sin(a)).toFixed(2) }}
            >
              {now && <span class="now" aria-hidden="true">{w.t('page.playingNow')}</span>}
              <h3>{s.name}</h3>
              <p><span class="count">{cardCount(view.handSizes[i], w)}</span> · {w.t('page.pts', { n: view.totals[i] })}{view.uno === i && <span class="badge warn"> {w.t('term.noUnoFlag')}</span>}</p>
              {/* A person here and timed: the seconds left in the place of "here" (the seat's name for a screen reader says both), keeping the seat's box within the table. */}
              {!(timed(i) && s.status.kind === 'here') && <p class={`status status-${s.status.kind}`}>{statusWords(s.status, since, w)}</p>}
              {timed(i) && <TurnClock s={left!} />}
              {person(s) && (
                <RemoveSeat who={s.name} label={w.t('room.removeBot', { who: s.name })} remove={() => send({ type: 'remove', seat: i })} />
              )}
            </div>
          );
        })}
        <div class="room-centre">
          {l && (
            <div class="room-launcher">
              <Toy
                angle={seatAngle(l.aimSeat, n)} turnMs={l.turning ? l.aimTravelMs : 0} supply={l.supply} lidOpen={l.lidOpen} reloading={false}
                stuck={l.jammed ? 'jam' : null} lowBattery={l.lowBattery !== null} dings={l.dings} dingPace={l.dingPace}
                pressing={l.press !== null && !l.press.done} running={l.running} motion={!reduce}
                label={w.t('room.launcherLabel', { who: nameOf(view.names, l.aimSeat, w), cards: cardCount(l.supply, w), board: l.device === 'simulated' ? '' : w.t('room.board', { board: l.device }) })}
              />
              <p class="launcher-story" role="status">{story(l, view.names, w, l.jammed).map((line, i) => <span key={i}>{line}</span>)}</p>
            </div>
          )}
          <Pile top={top} colour={view.colour} direction={view.direction} turn={turn} turnText={playing ? w.t('page.turnOf', { who: nameOf(view.names, turn, w) }) : roundEndText(view.winner, view.names, w)}>
            {!l && <div><dt>{w.t('page.drawPile')}</dt><dd>{w.t('room.inDrawPile', { cards: cardCount(view.supplyCount, w) })}</dd></div>}
            <div><dt>{w.t('page.round')}</dt><dd>{w.t('room.roundN', { n: view.round + 1 })}</dd></div>
          </Pile>
        </div>
      </section>
      {/* The table's motion and sounds, at the room's pace. */}
      <TableMotion watchedBegin={watchedBegin} facts={factsOfView(view)} speed={paceSpeed(shown.settings.paceMs)} sound={sound} launcherFlies={false} />
      <TurnSoon s={left} who={timer ? view.names[timer.seat] : ''} me={false} />
      <aside class="room-events" aria-label={w.t('page.events')}>
        <h2>{w.t('page.events')}</h2>
        <EventLog newest={view.logBase + view.log.length}>{view.log.map((line, i) => <li key={view.logBase + i}>{phraseText(line, view.names, w)}</li>)}</EventLog>
      </aside>
      {view.phase !== 'playing' && (
        <Modal title={view.phase === 'matchOver' ? matchOverTitle(view.names, view.totals, w) : w.t('term.roundOver', { round: view.round + 1, end: roundEndText(view.winner, view.names, w) })} wide>
          {/* The round's moment, large enough to read from the sofa: who went out, every hand left and its points. */}
          <div class="room-round-end">
            {view.shownHands && <RoundEnd names={view.names} hands={view.shownHands} winner={view.winner} points={resolveRules(shown.settings.rules, shown.settings.options).points} />}
          </div>
          <Totals names={view.names} totals={view.totals} caption={w.t('room.pointsSoFar')} />
          <div class="choices">
            {view.phase === 'roundOver'
              ? <button type="button" class="primary" onClick={() => send({ type: 'next' })}>{w.t('room.dealNext')}</button>
              : <>
                <button type="button" class="primary" onClick={() => send({ type: 'again' })}>{w.t('room.playAgain')}</button>
                <a class="button" href="#host">{w.t('room.openNew')}</a>
              </>}
          </div>
        </Modal>
      )}
    </main>
  );
}

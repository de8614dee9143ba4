/**
 * What the table screen and the phones both show of a room: how each seat is played now (with
 * the countdown of a person who is away), the turn timer, the scores between rounds, the acts
 * asked twice.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { RoomSeat, SeatStatus, TurnTimer } from '../../../table/roomMessages.ts';
import type { Key, Words } from '../../../words/catalogue.ts';
import { useWords } from '../lang.tsx';
import { readerName } from '../../../table/words.ts';

/** A view and its seats with every name as the reader reads it ({@link readerName}: the bots' in their language). */
export function readerView<V extends { names: readonly string[] }>(view: V, seats: readonly RoomSeat[], w: Words): { view: V; seats: RoomSeat[] } {
  return { view: { ...view, names: view.names.map((n) => readerName(n, w)) }, seats: seats.map((s) => ({ ...s, name: readerName(s.name, w) })) };
}

/** A seat's status in words; an away person's wait counted down from when the message came (`since` ms ago). */
export function statusWords(s: SeatStatus, since: number, w: Words): string {
  return s.kind === 'away' ? w.t('seat.away', { s: Math.max(0, Math.ceil((s.msLeft - since) / 1000)) }) : w.t(`seat.${s.kind}` as Key);
}

/**
 * The time since `seats` came (ms), ticking while one of them is away or `timed` (a turn timer
 * runs), so that their countdowns run between the server's messages.
 */
export function useSince(seats: readonly RoomSeat[] | undefined, timed = false): number {
  const [at, setAt] = useState(() => performance.now());
  const [now, setNow] = useState(at);
  useEffect(() => {
    const t = performance.now();
    setAt(t);
    setNow(t);
  }, [seats]);
  const ticking = timed || (seats?.some((s) => s.status.kind === 'away') ?? false);
  useEffect(() => {
    if (!ticking) return;
    const id = setInterval(() => setNow(performance.now()), 250);
    return () => clearInterval(id);
  }, [ticking]);
  return Math.max(0, now - at);
}

/** The running totals after the rounds so far, and who leads: the table between rounds. */
export function Totals({ names, totals, caption }: { names: readonly string[]; totals: readonly number[]; caption: string }) {
  const w = useWords();
  return (
    <table class="score-table room-totals">
      <caption>{caption}</caption>
      <thead>
        <tr><th scope="col">{w.t('page.player')}</th><th scope="col">{w.t('room.points')}</th></tr>
      </thead>
      <tbody>
        {names.map((n, i) => (
          <tr key={i} data-seat={i}>
            <th scope="row">{n}</th>
            <td>{totals[i]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A button whose act is asked once more before it is done (the host's Remove, a person's Leave,
 * the table screen opened on a phone): a tap that slips on a crowded screen would give a seat
 * (and its token) away for good. `label`: the button's name when its text alone is not enough.
 */
export function AskFirst({ button, label, sure, yes, no, act, cls }: { button: string; label?: string; sure: string; yes: string; no: string; act: () => void; cls?: string }) {
  const [asking, setAsking] = useState(false);
  const yesButton = useRef<HTMLButtonElement>(null);
  useEffect(() => void (asking && yesButton.current?.focus()), [asking]);
  if (!asking) return <button type="button" class={cls} aria-label={label} onClick={() => setAsking(true)}>{button}</button>;
  return (
    <span class="ask-first" role="group" aria-label={sure}>
      {sure}{' '}
      <button type="button" class={cls} ref={yesButton} onClick={() => (setAsking(false), act())}>{yes}</button>{' '}
      <button type="button" onClick={() => setAsking(false)}>{no}</button>
    </span>
  );
}

/** A turn running out is said to a screen reader once, at this many seconds left (not every second). */
const SOON_S = 10;

/** The seconds left on turn timer `t` (null: none runs), `since` ms after the view that sent it came. */
export function secondsLeft(t: TurnTimer | null, since: number): number | null {
  return t && Math.max(0, Math.ceil((t.msLeft - since) / 1000));
}

/** The seconds left of a turn, shown where its seat is; marked urgent near the end. */
export function TurnClock({ s }: { s: number }) {
  const w = useWords();
  return <span class="turn-clock" data-urgent={s <= SOON_S}>{w.t('room.timeLeft', { s })}</span>;
}

/**
 * The turn timer for a screen reader: a polite live region, always there, that says once that
 * {@link SOON_S} seconds are left (its words stay the same to zero, so they are said once).
 * `who`: the seat timed, by name; `me`: the reader's own turn.
 */
export function TurnSoon({ s, who, me }: { s: number | null; who: string; me: boolean }) {
  const w = useWords();
  return <p class="visually-hidden turn-soon" role="status">{s !== null && s <= SOON_S ? w.t('room.timeSoon', { s: SOON_S, who, me: me ? 'yes' : 'no' }) : ''}</p>;
}

/**
 * What the table screen and the phones both show of a room: how each seat is played now (with
 * the countdown of a person who is away), the scores between rounds.
 */
import { useEffect, useState } from 'preact/hooks';
import type { RoomSeat, SeatStatus } from '../../../table/roomMessages.ts';

/** A seat's status in words; an away person's wait counted down from when the message came (`since` ms ago). */
export function statusWords(s: SeatStatus, since: number): string {
  switch (s.kind) {
    case 'here': return 'here';
    case 'free': return 'free: a bot plays it if nobody takes it';
    case 'bot': return 'bot';
    case 'away': return `away: a bot plays in ${Math.max(0, Math.ceil((s.msLeft - since) / 1000))} s`;
    case 'standIn': return 'away: a bot plays until they come back';
    case 'removed': return 'removed: a bot plays the seat';
  }
}

/**
 * The time since `seats` came (ms), ticking while one of them is away, so that its countdown
 * runs between the server's messages.
 */
export function useSince(seats: readonly RoomSeat[] | undefined): number {
  const [at, setAt] = useState(() => performance.now());
  const [now, setNow] = useState(at);
  useEffect(() => {
    const t = performance.now();
    setAt(t);
    setNow(t);
  }, [seats]);
  const away = seats?.some((s) => s.status.kind === 'away') ?? false;
  useEffect(() => {
    if (!away) return;
    const id = setInterval(() => setNow(performance.now()), 250);
    return () => clearInterval(id);
  }, [away]);
  return Math.max(0, now - at);
}

/** The running totals after the rounds so far, and who leads: the table between rounds. */
export function Totals({ names, totals, caption }: { names: readonly string[]; totals: readonly number[]; caption: string }) {
  return (
    <table class="score-table room-totals">
      <caption>{caption}</caption>
      <thead>
        <tr><th scope="col">Player</th><th scope="col">Points</th></tr>
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

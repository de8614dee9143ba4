/**
 * The line above the table while the game plays with a board (on USB, or the virtual one): its
 * link (and, unplugged, that the game waits for it), what to do at the launcher now, noise on the
 * line, and the cards the game had from it beside the board's own count. Nothing for the
 * simulated launcher.
 */
import { useEffect, useState } from 'preact/hooks';
import type { PageDevice } from './device.ts';

/** The device's status line. */
export function DeviceBar({ device }: { device: PageDevice }) {
  const [, setTick] = useState(0);
  useEffect(() => device.subscribe(() => setTick((t) => t + 1)), [device]);
  const s = device.shown;
  if (s.choice === 'simulated' || s.link === 'none') return null;
  const name = s.choice === 'virtual' ? 'The virtual launcher' : `The launcher (${s.name ?? 'USB'})`;
  const link =
    s.link === 'offline' ? `${name} is unplugged: plug it back in; the game waits for it, and no card is lost`
    : s.link === 'connecting' ? `${name} is connecting…`
    : `${name} is connected`;
  return (
    <section class="device-bar banner" aria-label="Launcher device" data-link={s.link} data-cards={s.cards} data-board-cards={s.board?.sensed ?? ''} data-lid={s.lidOpen === null ? '' : s.lidOpen ? 'open' : 'closed'}>
      <p role="status">{link}.</p>
      {s.attention && <p class="attention" role="alert">{s.attention}{s.choice === 'virtual' ? ' (the virtual launcher does it by itself)' : ''}</p>}
      {s.notice && <p class="hint">{s.notice}</p>}
      <p class="hint">
        {s.cards} {s.cards === 1 ? 'card' : 'cards'} from the launcher
        {s.board && `; its sensor counted ${s.board.sensed}, ${s.board.left} left in it`}
      </p>
    </section>
  );
}

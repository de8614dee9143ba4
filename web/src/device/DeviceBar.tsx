/**
 * The line above the table while the game plays with a board (on USB, or the virtual one): its
 * link (and, unplugged, that the game waits for it), what to do at the launcher now, noise on the
 * line, and the cards the game had from it beside the board's own count. While the game waits
 * for its board (a reloaded page taking it up again), what is happening, or why it is not back,
 * with the two ways on: connect it again, or go on with the simulated launcher. Nothing for the
 * simulated launcher.
 */
import { useEffect, useState } from 'preact/hooks';
import type { PageDevice } from './device.ts';

/** The device's status line. */
export function DeviceBar({ device }: { device: PageDevice }) {
  const [, setTick] = useState(0);
  useEffect(() => device.subscribe(() => setTick((t) => t + 1)), [device]);
  const s = device.shown;
  if (s.choice === 'simulated') return null;
  const what = s.choice === 'virtual' ? 'the virtual launcher' : `the launcher (${s.name ?? 'USB'})`;
  const name = what[0].toUpperCase() + what.slice(1);
  if (!device.isReady) {
    return (
      <section class="device-bar banner" aria-label="Launcher device" data-link={s.link} data-waiting="">
        <p role="status">The game waits for its launcher{s.link === 'connecting' ? `: ${what} is connecting…` : '.'}</p>
        {s.error && <p class="error" role="alert">{s.error}</p>}
        {s.link !== 'connecting' && (
          <p class="choices">
            {s.choice === 'serial' && <button type="button" onClick={() => void device.connect()}>Reconnect…</button>}
            {s.choice === 'virtual' && <button type="button" onClick={() => void device.choose('virtual')}>Start it again</button>}
            <button type="button" onClick={() => void device.choose('simulated')}>Go on with the simulated launcher</button>
          </p>
        )}
      </section>
    );
  }
  const link =
    s.link === 'offline' ? `${name} is unplugged: plug it back in; the game waits for it, and no card is lost`
    : s.link === 'connecting' ? `${name} is connecting…`
    : `${name} is connected`;
  return (
    <section class="device-bar banner" aria-label="Launcher device" data-link={s.link} data-cards={s.cards} data-board-cards={s.board?.sensed ?? ''} data-board-left={s.board?.left ?? ''} data-lid={s.lidOpen === null ? '' : s.lidOpen ? 'open' : 'closed'}>
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

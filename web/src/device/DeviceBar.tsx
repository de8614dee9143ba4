/**
 * The line above the table while the game plays with a board (on USB, or the virtual one): its
 * link (and, unplugged, that the game waits for it), what to do at the launcher now, noise on the
 * line, and the cards the game had from it beside the board's own count. While the game waits
 * for its board (a reloaded page taking it up again), what is happening, or why it is not back,
 * with the two ways on: connect it again, or go on with the simulated launcher. Nothing for the
 * simulated launcher.
 */
import { useEffect, useState } from 'preact/hooks';
import { attentionText } from '../../../emulator/launcher.ts';
import { noticeText } from '../../../firmware-bridge/notices.ts';
import { useWords } from '../lang.tsx';
import { saidText, type PageDevice } from './device.ts';

/** The device's status line. */
export function DeviceBar({ device }: { device: PageDevice }) {
  const [, setTick] = useState(0);
  useEffect(() => device.subscribe(() => setTick((t) => t + 1)), [device]);
  const w = useWords();
  const s = device.shown;
  if (s.choice === 'simulated') return null;
  const virtual = s.choice === 'virtual' ? 'yes' : 'no';
  const name = s.name ?? 'USB';
  if (!device.isReady) {
    return (
      <section class="device-bar banner" aria-label={w.t('device.bar')} data-link={s.link} data-waiting="">
        <p role="status">{w.t('device.waits', { connecting: s.link === 'connecting' ? 'yes' : 'no', virtual, name })}</p>
        {s.error && <p class="error" role="alert">{saidText(s.error, w)}</p>}
        {s.link !== 'connecting' && (
          <p class="choices">
            {s.choice === 'serial' && <button type="button" onClick={() => void device.connect()}>{w.t('device.reconnect')}</button>}
            {s.choice === 'virtual' && <button type="button" onClick={() => void device.choose('virtual')}>{w.t('device.startAgain')}</button>}
            <button type="button" onClick={() => void device.choose('simulated')}>{w.t('device.goOnSimulated')}</button>
          </p>
        )}
      </section>
    );
  }
  return (
    <section class="device-bar banner" aria-label={w.t('device.bar')} data-link={s.link} data-cards={s.cards} data-board-cards={s.board?.sensed ?? ''} data-board-left={s.board?.left ?? ''} data-lid={s.lidOpen === null ? '' : s.lidOpen ? 'open' : 'closed'}>
      <p role="status">{w.t('device.linkLine', { link: s.link, virtual, name })}</p>
      {s.attention && <p class="attention" role="alert">{attentionText(s.attention, w)}{s.choice === 'virtual' ? w.t('device.byItself') : ''}</p>}
      {s.notice && <p class="hint">{noticeText(s.notice, w)}</p>}
      <p class="hint">
        {w.t('device.cardsFrom', { n: s.cards })}
        {s.board && w.t('device.sensor', { sensed: s.board.sensed, left: s.board.left })}
      </p>
    </section>
  );
}

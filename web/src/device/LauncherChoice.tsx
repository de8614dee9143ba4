/**
 * The New game form's "Launcher" choice: the simulated launcher, a launcher on USB ("Connect a
 * launcher": Web Serial, Chromium-based browsers), or the virtual launcher (the real firmware on an
 * emulated Arduino in the page). An option this browser or this build cannot offer says why.
 */
import { useEffect, useState } from 'preact/hooks';
import { useWords } from '../lang.tsx';
import { saidText, serialUnsupported, virtualUnsupported, type LauncherChoice as Choice, type PageDevice, type Said } from './device.ts';

/** The choice and the connection's state, on `device`. */
export function LauncherChoice({ device }: { device: PageDevice }) {
  const [, setTick] = useState(0);
  useEffect(() => device.subscribe(() => setTick((t) => t + 1)), [device]);
  const w = useWords();
  const s = device.shown;
  const option = (value: Choice, label: string, why: Said | null) => (
    <label class="check">
      <input type="radio" name="launcher-device" value={value} checked={s.choice === value} disabled={why !== null} onChange={() => void device.choose(value)} />
      {label}
    </label>
  );
  return (
    <fieldset class="launcher-device" style={{ gridColumn: "1 / -1" }}>
      <legend>{w.t('launcher.title')}</legend>
      {option('simulated', w.t('device.simulated'), null)}
      {option('serial', w.t('device.serial'), serialUnsupported)}
      {serialUnsupported && <p class="hint">{saidText(serialUnsupported, w)}</p>}
      {s.choice === 'serial' && (
        <button type="button" onClick={() => void device.connect()} disabled={s.link === 'connecting'}>
          {w.t(s.link === 'connected' || s.link === 'offline' ? 'device.connectAnother' : 'device.connect')}
        </button>
      )}
      {option('virtual', w.t('device.virtual'), virtualUnsupported)}
      {virtualUnsupported && <p class="hint">{saidText(virtualUnsupported, w)}</p>}
      {s.choice !== 'simulated' && (
        <p class="hint" role="status" data-link={s.link}>
          {s.name ?? w.t(s.choice === 'virtual' ? 'device.virtualName' : 'device.usbName')}: {w.t(`device.link.${s.link}`)}
        </p>
      )}
      {s.error && <p class="error" role="alert">{saidText(s.error, w)}</p>}
    </fieldset>
  );
}

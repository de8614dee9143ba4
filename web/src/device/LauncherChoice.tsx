/**
 * The New game form's "Launcher" choice: the simulated launcher, a launcher on USB ("Connect a
 * launcher": Web Serial, Chromium-based browsers), or the virtual launcher (the real firmware on an
 * emulated Arduino in the page). An option this browser or this build cannot offer says why.
 */
import { useEffect, useState } from 'preact/hooks';
import { serialUnsupported, virtualUnsupported, type LauncherChoice as Choice, type PageDevice } from './device.ts';

const LINK_WORDS = { none: 'not connected', connecting: 'connecting… (the board resets, then says hello)', connected: 'connected', offline: 'unplugged: waiting for it' } as const;

/** The choice and the connection's state, on `device`. */
export function LauncherChoice({ device }: { device: PageDevice }) {
  const [, setTick] = useState(0);
  useEffect(() => device.subscribe(() => setTick((t) => t + 1)), [device]);
  const s = device.shown;
  const option = (value: Choice, label: string, why: string | null) => (
    <label class="check">
      <input type="radio" name="launcher-device" value={value} checked={s.choice === value} disabled={why !== null} onChange={() => void device.choose(value)} />
      {label}
    </label>
  );
  return (
    <fieldset class="launcher-device" style={{ gridColumn: "1 / -1" }}>
      <legend>Launcher</legend>
      {option('simulated', 'Simulated (the launcher machine in the page)', null)}
      {option('serial', 'Connect a launcher (a board on USB running this project\'s firmware)', serialUnsupported)}
      {serialUnsupported && <p class="hint">{serialUnsupported}</p>}
      {s.choice === 'serial' && (
        <button type="button" onClick={() => void device.connect()} disabled={s.link === 'connecting'}>
          {s.link === 'connected' || s.link === 'offline' ? 'Connect another port…' : 'Connect…'}
        </button>
      )}
      {option('virtual', 'Virtual launcher (the real firmware on an emulated Arduino)', virtualUnsupported)}
      {virtualUnsupported && <p class="hint">{virtualUnsupported}</p>}
      {s.choice !== 'simulated' && (
        <p class="hint" role="status" data-link={s.link}>
          {s.name ?? (s.choice === 'virtual' ? 'virtual' : 'USB launcher')}: {LINK_WORDS[s.link]}
        </p>
      )}
      {s.error && <p class="error" role="alert">{s.error}</p>}
    </fieldset>
  );
}

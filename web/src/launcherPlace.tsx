/**
 * The launcher's place on the table: the region named "Launcher" with its press button. It shows
 * what the emulator says in words (cards left, battery, where it is aimed, the last burst); the
 * drawn and animated toy (web/src/launcher/) takes this place with the same props.
 */
import type { GameSession } from './session.ts';

/** The props the launcher view takes (see web/src/launcher/). */
export interface LauncherPlaceProps {
  session: GameSession;
  canPress: boolean;
  /** Under the button: why and how many presses are left (`Hit 2: press 2 more times`). */
  pressLabel: string;
  onPress: () => void;
}

/** The launcher in words, and the button that presses it. */
export function LauncherPlace({ session, canPress, pressLabel, onPress }: LauncherPlaceProps) {
  const info = session.launcherInfo;
  const names = session.names;
  return (
    <section class="launcher" role="region" aria-label="Launcher">
      {info && (
        <dl class="facts">
          <div>
            <dt>Aimed at</dt>
            <dd class="aim" data-aim={info.aimedAt}>
              {names[info.aimedAt]}
              {info.turning ? ' (turning)' : ''}
            </dd>
          </div>
          <div>
            <dt>In the launcher</dt>
            <dd>{info.supply} cards</dd>
          </div>
          <div>
            <dt>Battery</dt>
            <dd class={info.lowBattery ? 'warn' : ''}>
              {info.volts.toFixed(2)} V{info.lowBattery ? ' (low)' : ''}
            </dd>
          </div>
          <div>
            <dt>Unit</dt>
            <dd>{info.lidOpen ? 'lid open' : info.state}</dd>
          </div>
        </dl>
      )}
      <p class="flying" aria-hidden="true">{info?.flying || ' '}</p>
      <button type="button" class="press" disabled={!canPress} onClick={onPress} aria-describedby="press-label">
        Press the launcher
      </button>
      <p id="press-label" class="press-label">{pressLabel}</p>
    </section>
  );
}

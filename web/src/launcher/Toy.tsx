/**
 * The launcher drawn from above, as the toy looks on the table: a round turntable base; on it the
 * body with the card tray under its snap-shut lid (the stack of cards seen through it), the big
 * button on top that dings, the mouth at the front with its rubber roller where the cards leave,
 * and the batteries' light. The body turns (`angle`, screen degrees, 0 = right, 90 = down) to the
 * seat it aims at; the mouth is at its right end, so angle 0 faces the right of the screen.
 */
import { useWords } from '../lang.tsx';
import type { JSX } from 'preact';
import { DING_RING_MS } from './styles.ts';

/** What the drawing shows. */
export interface ToyProps {
  /** Where the mouth faces, screen degrees. */
  angle: number;
  /** How long the turn to `angle` takes, ms (0: at once). */
  turnMs: number;
  /** Cards in the launcher. */
  supply: number;
  lidOpen: boolean;
  /** Cards are going in (a reload): they drop into the open tray. */
  reloading: boolean;
  /** A card stuck in the mouth: jammed, or left half out. */
  stuck: 'jam' | 'half-out' | null;
  lowBattery: boolean;
  /** Presses dinged so far: each new one strikes the button's ring again. */
  dings: number;
  /** The last ding's pace: its ring's light runs at it (quicker at each empty press of a quickening ding). */
  dingPace: number;
  /** A press is under way: the button stays lit (seen without motion too). */
  pressing: boolean;
  /** The motor is running (the roller turns). */
  running: boolean;
  /** The animations run (off for reduced motion and with no waiting). */
  motion: boolean;
  /** What a screen reader says of the drawing. */
  label: string;
}

/** The drawing. The mouth's centre carries `data-launcher-mouth` (cards fly from there). */
export function Toy(p: ToyProps): JSX.Element {
  const w = useWords();
  const stack = Math.min(8, Math.ceil(p.supply / 14));
  const turn = { transform: `rotate(${p.angle}deg)`, transition: p.motion && p.turnMs > 0 ? `transform ${p.turnMs}ms ease-in-out` : 'none' };
  return (
    <svg class="ul-toy" viewBox="-110 -110 220 220" role="img" aria-label={p.label}>
      <circle r="104" class="ul-base" />
      <g class="ul-body" style={turn} data-angle={Math.round(p.angle)}>
        <rect x="-62" y="-46" width="124" height="92" rx="30" class="ul-shell" />
        {/* The card tray: the stack seen through the lid (empty: the bare tray). */}
        <g class="ul-tray">
          <rect x="-48" y="-34" width="64" height="68" rx="6" class="ul-tray-floor" />
          {Array.from({ length: stack }, (_, i) => (
            <rect key={i} x={-44 + i} y={-30 + i} width="56" height="60" rx="4" class="ul-stack-card" />
          ))}
          {p.supply === 0 && <text x="-16" y="5" class="ul-empty-label">{w.t('launcher.emptyLabel')}</text>}
          {p.reloading && p.motion && [0, 1, 2].map((i) => (
            <rect key={i} x="-44" y="-30" width="56" height="60" rx="4" class="ul-stack-card ul-reload-card" style={{ animationDelay: `${i * 120}ms` }} />
          ))}
        </g>
        <g class={p.lidOpen ? 'ul-lid ul-lid-open' : 'ul-lid'}>
          <rect x="-50" y="-36" width="68" height="72" rx="8" class="ul-lid-cover" />
          <text x="-16" y="-14" class="ul-logo">UNO</text>
        </g>
        {/* The mouth and its roller, at the front (right). */}
        <rect x="54" y="-30" width="14" height="60" rx="4" class="ul-mouth" />
        <rect x="56" y="-24" width="6" height="48" rx="3" class={p.running && p.motion ? 'ul-roller ul-roller-running' : 'ul-roller'} />
        <circle cx="61" cy="0" r="1" data-launcher-mouth="" class="ul-mouth-point" />
        {p.stuck && (
          <g class={`ul-stuck ul-stuck-${p.stuck}`}>
            <rect x="60" y="-22" width="30" height="44" rx="4" class="ul-card-back" />
            {p.stuck === 'jam' && <path d="M64 -14 L86 14 M86 -14 L64 14" class="ul-jam-cross" />}
          </g>
        )}
        {/* The big button, struck at each ding. */}
        <g class="ul-button">
          {p.dings > 0 && (
            <circle
              key={p.dings} cx="38" cy="0" r="20" class={p.motion ? 'ul-ding-ring ul-ding-ring-run' : 'ul-ding-ring'}
              style={p.dingPace === 1 ? undefined : { animationDuration: `${Math.round(DING_RING_MS * p.dingPace)}ms` }} data-ding-ring-ms={Math.round(DING_RING_MS * p.dingPace)}
            />
          )}
          <circle cx="38" cy="0" r="17" class={p.pressing ? 'ul-button-cap ul-button-cap-lit' : 'ul-button-cap'} />
          <circle cx="38" cy="0" r="9" class="ul-button-top" />
        </g>
        <circle cx="-54" cy="-34" r="4" class={p.lowBattery ? 'ul-led ul-led-low' : 'ul-led'} />
      </g>
    </svg>
  );
}

/**
 * The launcher view's styles, shipped with the component (no stylesheet for the page to load).
 * Animations are classes the view sets only while motion is on, and are off for
 * `prefers-reduced-motion` whatever the view says.
 */
/** The button's light ring at a ding, ms (a quickening ding's runs at its pace, Toy.tsx). */
export const DING_RING_MS = 500;

export const LAUNCHER_CSS = `
.ul-launcher { display: grid; grid-template-columns: auto minmax(0, 19rem); gap: 0.5rem 1rem; align-items: center; max-width: 32rem; }
.ul-launcher h2 { grid-column: 1 / -1; margin: 0; font-size: 1.1rem; }
.ul-toy { width: 11rem; height: 11rem; overflow: visible; }
.ul-base { fill: #3a3f47; stroke: #1d2026; stroke-width: 3; }
.ul-body { transform-box: view-box; transform-origin: 0 0; }
.ul-shell { fill: #d62d20; stroke: #7d140d; stroke-width: 3; }
.ul-tray-floor { fill: #2a2a2a; }
.ul-stack-card { fill: #111; stroke: #e8e8e8; stroke-width: 1; }
.ul-empty-label { fill: #ffd400; font: bold 10px sans-serif; }
.ul-lid { transform-box: view-box; transform-origin: -50px 0; transition: transform 200ms ease-out; }
.ul-lid-open { transform: translateX(-42px) scaleX(0.35); }
.ul-lid-cover { fill: rgba(255, 255, 255, 0.25); stroke: #fff; stroke-width: 2; }
.ul-logo { fill: #ffd400; font: bold 13px sans-serif; }
.ul-mouth { fill: #111; }
.ul-reload-card { opacity: 0; animation: ul-drop 360ms ease-in forwards; }
.ul-roller { fill: #555; }
.ul-roller-running { animation: ul-roll 120ms linear infinite; }
.ul-mouth-point { fill: none; }
.ul-card-back { fill: #111; stroke: #fff; stroke-width: 2; }
.ul-jam-cross { stroke: #ff3b30; stroke-width: 5; stroke-linecap: round; }
.ul-button-cap { fill: #ffd400; stroke: #8a6d00; stroke-width: 2; }
.ul-button-cap-lit { fill: #fff27a; stroke: #ffd400; stroke-width: 4; }
.ul-button-top { fill: #1b56c8; }
.ul-ding-ring { fill: none; stroke: #ffd400; stroke-width: 3; opacity: 0; }
.ul-ding-ring-run { animation: ul-ding ${DING_RING_MS}ms ease-out; }
.ul-led { fill: #31c950; }
.ul-led-low { fill: #ff3b30; }
.ul-side { display: flex; flex-direction: column; gap: 0.4rem; min-width: 0; overflow-wrap: anywhere; }
.ul-press { font-size: 1.1rem; padding: 0.6rem 1rem; border-radius: 0.5rem; border: 2px solid #7d140d; background: #d62d20; color: #fff; cursor: pointer; }
.ul-press:disabled { background: #8b8b8b; border-color: #5c5c5c; color: #fff; cursor: not-allowed; }
.ul-press:focus-visible { outline: 3px solid #1b56c8; outline-offset: 2px; }
.ul-press-label { margin: 0; font-weight: bold; }
.ul-mute { align-self: flex-start; }
.ul-status { margin: 0; padding-left: 1.1rem; }
.ul-battery { display: flex; gap: 0.4rem; align-items: center; }
.ul-battery-low { color: #b3261e; font-weight: bold; }
.ul-flights { position: fixed; inset: 0; pointer-events: none; z-index: 50; }
.ul-plus { position: fixed; transform: translate(-50%, -50%); padding: 0.1rem 0.5rem; border-radius: 1rem; background: #ffd54f; color: #111;
  font: 900 1.4rem system-ui, sans-serif; box-shadow: 0 2px 6px #0008; }
.ul-plus-pop { animation: ul-plus 400ms ease-out; }
@keyframes ul-plus { from { transform: translate(-50%, -20%) scale(0.5); opacity: 0; } to { transform: translate(-50%, -50%); opacity: 1; } }
.ul-flight { position: fixed; width: 2rem; height: 2.9rem; margin: -1.45rem 0 0 -1rem; border-radius: 0.3rem;
  background: #111; border: 2px solid #fff; box-shadow: 0 2px 6px rgba(0, 0, 0, 0.4); }
.ul-flight::after { content: ''; position: absolute; inset: 0.5rem 0.3rem; border-radius: 50%; background: #d62d20; transform: rotate(-30deg); }
.ul-sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
@keyframes ul-ding { from { opacity: 1; transform: scale(0.9); } to { opacity: 0; transform: scale(1.8); } }
@keyframes ul-drop { from { opacity: 1; transform: translate(-30px, -40px) scale(1.3); } to { opacity: 1; transform: none; } }
@keyframes ul-roll { from { opacity: 1; } 50% { opacity: 0.5; } to { opacity: 1; } }
.ul-button circle, .ul-reload-card { transform-box: fill-box; transform-origin: center; }
@media (max-width: 30rem) {
  .ul-launcher { grid-template-columns: 6.5rem minmax(0, 1fr); gap: 0.25rem 0.6rem; align-items: start; }
  .ul-launcher h2 { font-size: 1rem; }
  .ul-toy { width: 6.5rem; height: 6.5rem; }
  .ul-side { gap: 0.15rem; font-size: 0.9rem; }
  .ul-side p, .ul-status { margin: 0; }
  .ul-press { padding: 0.45rem 0.8rem; }
}
@media (prefers-reduced-motion: reduce) {
  .ul-launcher *, .ul-flight, .ul-plus { animation: none !important; transition: none !important; }
}
`;

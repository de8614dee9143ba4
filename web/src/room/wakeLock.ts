/**
 * A phone that holds a seat keeps its screen on: locked, it would drop out of the game night and a
 * bot would play its seat after the wait. The Screen Wake Lock is taken while the page holds a
 * seat and is shown; the browser lets it go when the page is hidden (another app, the screen off
 * by its button), so it is taken again each time the page is shown. Where the browser has no wake
 * lock (or refuses it: a low battery), nothing happens: the phone behaves as it would have.
 */
import { useEffect } from 'preact/hooks';

/** The part of the Screen Wake Lock API this uses (lib.dom's types lag on some versions). */
interface WakeLockSentinelLike {
  release(): Promise<void>;
  addEventListener(type: 'release', listener: () => void): void;
}
interface WakeLockLike {
  request(type: 'screen'): Promise<WakeLockSentinelLike>;
}

/** Holds the screen on while `active` and the page is shown. */
export function useWakeLock(active: boolean): void {
  useEffect(() => {
    const api = (navigator as unknown as { wakeLock?: WakeLockLike }).wakeLock;
    if (!active || !api) return;
    let held: WakeLockSentinelLike | null = null;
    let over = false;
    const take = () => {
      if (over || held || document.visibilityState !== 'visible') return;
      api.request('screen').then((s) => {
        if (over) return void s.release().catch(() => {});
        held = s;
        s.addEventListener('release', () => held === s && (held = null));
      }, () => {});
    };
    const shown = () => (document.visibilityState === 'visible' ? take() : undefined);
    document.addEventListener('visibilitychange', shown);
    take();
    return () => {
      over = true;
      document.removeEventListener('visibilitychange', shown);
      void held?.release().catch(() => {});
      held = null;
    };
  }, [active]);
}

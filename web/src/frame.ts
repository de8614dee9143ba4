/**
 * Work that reads the page's layout after a render, done in the next frame. The page is laid out
 * once a frame anyway; reading it at once after each render would lay it out again for each, and
 * moves at instant speed render many times a frame.
 */
import { useLayoutEffect } from 'preact/hooks';

/**
 * Runs `read` in the frame after a render whose `deps` changed (after every render without
 * `deps`); a render before that frame replaces the request, and unmounting cancels it. A layout
 * effect, so the frame asked for is the one before the next paint.
 */
export function useNextFrame(read: () => void, deps?: readonly unknown[]): void {
  useLayoutEffect(() => {
    const frame = requestAnimationFrame(read);
    return () => cancelAnimationFrame(frame);
  }, deps);
}

/**
 * The events of a game (the one-player table's and a room's table screen), newest last: a polite
 * log of additions for screen readers, kept scrolled to its newest line.
 */
import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';

/**
 * `children` are the lines (`<li>`s); `newest` changes whenever a line comes. The scroll waits
 * for the next frame, which lays the page out anyway: reading the log's height at once would lay
 * it out for every event, and bots at instant speed bring many events a frame.
 */
export function EventLog({ newest, children }: { newest: unknown; children: ComponentChildren }) {
  const log = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const frame = requestAnimationFrame(() => {
      const el = log.current;
      if (el) el.scrollTop = el.scrollHeight;
    });
    return () => cancelAnimationFrame(frame);
  }, [newest]);
  return (
    <div role="log" aria-live="polite" aria-relevant="additions" class="log" ref={log} tabIndex={0}>
      <ol>{children}</ol>
    </div>
  );
}

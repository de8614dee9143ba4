/**
 * The events of a game (the one-player table's and a room's table screen), newest last: a polite
 * log of additions for screen readers, kept scrolled to its newest line.
 */
import type { ComponentChildren } from 'preact';
import { useRef } from 'preact/hooks';
import { useNextFrame } from './frame.ts';

/** `children` are the lines (`<li>`s); `newest` changes whenever a line comes. */
export function EventLog({ newest, children }: { newest: unknown; children: ComponentChildren }) {
  const log = useRef<HTMLDivElement>(null);
  useNextFrame(() => {
    const el = log.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [newest]);
  return (
    <div role="log" aria-live="polite" aria-relevant="additions" class="log" ref={log} tabIndex={0}>
      <ol>{children}</ol>
    </div>
  );
}

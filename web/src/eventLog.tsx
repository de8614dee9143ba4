/**
 * The events of a game (the one-player table's and a room's table screen), newest last: a polite
 * log of additions for screen readers, kept scrolled to its newest line, when a line comes and
 * when its box shrinks under it (the first game's walkthrough, shown above it once its words
 * have loaded): a reader scrolled back up is left where they are.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { useNextFrame } from './frame.ts';

/** `children` are the lines (`<li>`s); `newest` changes whenever a line comes. */
export function EventLog({ newest, children }: { newest: unknown; children: ComponentChildren }) {
  const log = useRef<HTMLDivElement>(null);
  useNextFrame(() => {
    const el = log.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [newest]);
  useEffect(() => {
    const el = log.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    // Whether the newest line showed is read with the height the box had before it changed.
    let height = el.clientHeight;
    const resized = new ResizeObserver(() => {
      if (el.scrollTop + height >= el.scrollHeight - 2) el.scrollTop = el.scrollHeight;
      height = el.clientHeight;
    });
    resized.observe(el);
    return () => resized.disconnect();
  }, []);
  return (
    <div role="log" aria-live="polite" aria-relevant="additions" class="log" ref={log} tabIndex={0}>
      <ol>{children}</ol>
    </div>
  );
}

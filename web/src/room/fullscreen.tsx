/**
 * Full screen for the table screen (the laptop turned to the table, or a TV) and a phone held all
 * evening: the browser's bars give the game their room. Shown only where the browser allows it
 * (an iPhone's Safari does not: there, adding the page to the home screen does the same).
 */
import { useEffect, useState } from 'preact/hooks';
import { useWords } from '../lang.tsx';

export function FullscreenButton() {
  const w = useWords();
  const [on, setOn] = useState(() => document.fullscreenElement !== null);
  useEffect(() => {
    const changed = () => setOn(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, []);
  if (!document.fullscreenEnabled) return null;
  const toggle = () => void (on ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(() => {});
  return <button type="button" class="fullscreen" aria-pressed={on} onClick={toggle}>{w.t('room.fullscreen')}</button>;
}

/**
 * The menu bar's "Copy position": the round as it stands, in the one-line text `positionOf`
 * writes and `parsePosition` / `fromPosition` read back to the same round (to check a rule,
 * reproduce a bug, pose a puzzle). It goes to the clipboard; where the page has none (served over
 * plain http to another device, where browsers give no clipboard) or the browser refuses, the
 * text is shown selected in a dialog, to copy by hand.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { positionOf } from '../../game/index.ts';
import { Modal } from './dialogs.tsx';
import { useWords } from './lang.tsx';
import type { GameSession } from './session.ts';

/** The button, what it said (announced to screen readers), and the dialog when it could not copy. */
export function CopyPosition({ session }: { session: GameSession | null }) {
  const w = useWords();
  const [said, setSaid] = useState('');
  const [manual, setManual] = useState<{ text: string; why: string } | null>(null);
  const copy = async () => {
    if (!session) return;
    const text = positionOf(session.state);
    try {
      if (!navigator.clipboard) throw new Error(w.t('copy.noClipboard'));
      await navigator.clipboard.writeText(text);
      setSaid(w.t('copy.copied', { move: session.state.moves }));
    } catch (e) {
      setSaid('');
      setManual({ text, why: (e as Error).message });
    }
  };
  return (
    <>
      <button type="button" disabled={!session} aria-describedby="copy-position-what" onClick={() => void copy()}>{w.t('copy.button')}</button>
      <span id="copy-position-what" hidden>{w.t('copy.what')}</span>
      <span class="copied" role="status">{said}</span>
      {manual && <ManualCopy {...manual} onClose={() => setManual(null)} />}
    </>
  );
}

function ManualCopy({ text, why, onClose }: { text: string; why: string; onClose: () => void }) {
  const w = useWords();
  const area = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    area.current?.focus();
    area.current?.select();
  }, []);
  return (
    <Modal title={w.t('copy.title')} onClose={onClose} wide>
      <p>{w.t('copy.notCopied', { why })}</p>
      <textarea ref={area} class="position-text" aria-label={w.t('copy.position')} readOnly rows={4} value={text} />
    </Modal>
  );
}

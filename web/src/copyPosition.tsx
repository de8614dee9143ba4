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
import type { GameSession } from './session.ts';

/** The button, what it said (announced to screen readers), and the dialog when it could not copy. */
export function CopyPosition({ session }: { session: GameSession | null }) {
  const [said, setSaid] = useState('');
  const [manual, setManual] = useState<{ text: string; why: string } | null>(null);
  const copy = async () => {
    if (!session) return;
    const text = positionOf(session.state);
    try {
      if (!navigator.clipboard) throw new Error('the browser gives this page no clipboard (it does on https and on localhost)');
      await navigator.clipboard.writeText(text);
      setSaid(`Position at move ${session.state.moves} copied`);
    } catch (e) {
      setSaid('');
      setManual({ text, why: (e as Error).message });
    }
  };
  return (
    <>
      <button type="button" disabled={!session} aria-describedby="copy-position-what" onClick={() => void copy()}>Copy position</button>
      <span id="copy-position-what" hidden>The round as it stands, as one line of text that the engine's parsePosition reads</span>
      <span class="copied" role="status">{said}</span>
      {manual && <ManualCopy {...manual} onClose={() => setManual(null)} />}
    </>
  );
}

function ManualCopy({ text, why, onClose }: { text: string; why: string; onClose: () => void }) {
  const area = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    area.current?.focus();
    area.current?.select();
  }, []);
  return (
    <Modal title="Copy the position" onClose={onClose} wide>
      <p>Not copied: {why}. The text is selected: copy it (Ctrl+C or ⌘C).</p>
      <textarea ref={area} class="position-text" aria-label="The position" readOnly rows={4} value={text} />
    </Modal>
  );
}

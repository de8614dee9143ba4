/**
 * Modal dialogs on the native `<dialog>` element: it keeps the focus inside, Escape closes it
 * (when the dialog may be closed), and the page behind is inert for screen readers.
 */
import { useEffect, useRef } from 'preact/hooks';
import type { ComponentChildren } from 'preact';
import { useWords } from './lang.tsx';

let ids = 0;

/** A modal dialog, open while it is rendered. `onClose` absent: it cannot be dismissed (a choice must be made). */
export function Modal({ title, onClose, children, wide, kind }: { title: string; onClose?: () => void; children: ComponentChildren; wide?: boolean; kind?: string }) {
  const w = useWords();
  const ref = useRef<HTMLDialogElement>(null);
  const id = useRef(`dialog-${++ids}`);
  // Closed by the page only when it stops rendering the dialog; any other close (the browser's
  // own, on Escape) is the person's "Back", or undone when there is no going back.
  const leaving = useRef(false);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const d = ref.current!;
    if (!d.open) d.showModal();
    return () => {
      leaving.current = true;
      if (d.open) d.close();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      class={[wide && 'wide', kind].filter(Boolean).join(' ')}
      aria-labelledby={id.current}
      onCancel={(e) => {
        e.preventDefault();
        onClose?.();
      }}
      // Chromium lets a second Escape with no click between close a dialog whatever its cancel
      // handler says: Escape is handled here, before the browser acts on it.
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || e.defaultPrevented) return;
        e.preventDefault();
        onClose?.();
      }}
      onClose={() => {
        if (leaving.current) return;
        if (close.current) close.current();
        else ref.current?.showModal();
      }}
    >
      <h2 id={id.current}>{title}</h2>
      {children}
      {onClose && (
        <button type="button" class="close" onClick={onClose}>
          {w.t('page.back')}
        </button>
      )}
    </dialog>
  );
}

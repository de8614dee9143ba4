/**
 * Help in the page, for the one-player table and a game night phone alike: the Guide's button and
 * the first game's walkthrough, until the person has read it through or skipped it (kept in the
 * browser's storage). Their words (words/guide.ts, both languages) are loaded when one is first
 * shown: the page that needs no help does not carry them, and its workers never do.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { Rules } from '../../game/index.ts';
import { wordsFrom } from '../../words/catalogue.ts';
import { Modal } from './dialogs.tsx';
import { GuideBody, Walkthrough, type GuideWords } from './guide.tsx';
import { useWords } from './lang.tsx';

type Catalogues = typeof import('../../words/guide.ts')['GUIDE_CATALOGUES'];

let loading: Promise<Catalogues> | null = null;

/** The guide's words in the page's language, once `wanted` has loaded them (null until then). */
function useGuideWords(wanted: boolean): GuideWords | null {
  const w = useWords();
  const [catalogues, setCatalogues] = useState<Catalogues | null>(null);
  useEffect(() => {
    if (!wanted || catalogues) return;
    let live = true;
    void (loading ??= import('../../words/guide.ts').then((m) => m.GUIDE_CATALOGUES)).then((c) => live && setCatalogues(c));
    return () => void (live = false);
  }, [wanted]);
  return useMemo(() => (catalogues ? wordsFrom(w.lang, catalogues[w.lang]) : null), [catalogues, w.lang]);
}

/** The storage key kept once the walkthrough was read through or skipped. */
export const WALK_KEY = 'uno-extreme-walkthrough-done';

/** Who shows the walkthrough again when the Guide asks for it. */
const walkListeners = new Set<() => void>();

/** The Guide's button, and the Guide while it is open. */
export function GuideButton({ rules, store }: { rules: Rules; store: Storage }) {
  const w = useWords();
  const [open, setOpen] = useState(false);
  const g = useGuideWords(open);
  return (
    <>
      <button type="button" class="guide-open" aria-haspopup="dialog" onClick={() => setOpen(true)}>{w.t('guide.open')}</button>
      {open && g && (
        <Modal title={w.t('guide.title', { rules: rules.name })} onClose={() => setOpen(false)} wide kind="guide-dialog">
          <GuideBody rules={rules} g={g} onWalkAgain={() => {
            store.removeItem(WALK_KEY);
            for (const l of walkListeners) l();
            setOpen(false);
          }} />
        </Modal>
      )}
    </>
  );
}

/** The first game's walkthrough, shown until it is read through or skipped (or again, when the Guide asks). */
export function FirstGame({ rules, store }: { rules: Rules; store: Storage }) {
  const [shown, setShown] = useState(() => store.getItem(WALK_KEY) === null);
  // Asked for again: a new walkthrough, from its first step.
  const [round, setRound] = useState(0);
  useEffect(() => {
    const again = () => (setShown(true), setRound((r) => r + 1));
    walkListeners.add(again);
    return () => void walkListeners.delete(again);
  }, []);
  const g = useGuideWords(shown);
  if (!shown || !g) return null;
  return <Walkthrough key={round} rules={rules} g={g} onDone={() => (store.setItem(WALK_KEY, '1'), setShown(false))} />;
}

/**
 * The Guide (every card of the rule set in play with what it does, worded from the rule book, and
 * the rules in short) and the first game's walkthrough, which points at what to do on the first
 * turns, in the guide's own catalogue (words/guide.ts), which help.tsx loads when one is first shown.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { card, deckOf, type CardKind, type Rules } from '../../game/index.ts';
import { kindName } from '../../words/cards.ts';
import type { Words } from '../../words/catalogue.ts';
import type { GuideKey } from '../../words/guide.ts';
import { CardFace } from './cards.tsx';
import { useWords } from './lang.tsx';
import './guide.css';

/** The guide's words, in the page's language. */
export type GuideWords = Words<GuideKey>;

/** What a card kind does under `rules`, from the rule book's own words. */
export function effectText(kind: CardKind, rules: Rules, w: GuideWords): string {
  const o = rules.options;
  return w.t(`guide.effect.${kind}`, {
    launcher: o.launcher ? 'yes' : 'no',
    challenge: o.challengeWild4 ? 'yes' : 'no',
    all: o.allHitIncludesPlayer ? 'yes' : 'no',
    victim: o.hitFireColour === 'victim' ? 'yes' : 'no',
  });
}

/** The rules in short for `rules`, one paragraph each. */
export function ruleLines(rules: Rules, w: GuideWords): string[] {
  const o = rules.options;
  const v = { launcher: o.launcher ? 'yes' : 'no', unoCall: o.unoCall ? 'yes' : 'no', scoring: o.scoring, target: o.target };
  return (['goal', 'match', 'take', 'uno', 'two'] as const).map((k) => w.t(`guide.rule.${k}`, v));
}

/** The Guide's content: the cards of `rules` (each kind its deck holds, in its order) and the rules in short. */
export function GuideBody({ rules, g, onWalkAgain }: { rules: Rules; g: GuideWords; onWalkAgain: () => void }) {
  const w = useWords();
  const deck = deckOf(rules.deck);
  const kinds = [...new Set(deck.map((id) => card(id).kind))];
  return (
    <div class="guide">
      <section aria-labelledby="guide-cards">
        <h3 id="guide-cards">{g.t('guide.cards')}</h3>
        <ul class="guide-cards">
          {kinds.map((kind) => {
            const ids = deck.filter((id) => card(id).kind === kind);
            const points = kind === 'number' ? g.t('guide.facePoints') : g.t('guide.points', { n: rules.points.kinds[kind] ?? 0 });
            return (
              <li key={kind} data-kind={kind}>
                <span class="guide-face"><CardFace id={ids[ids.length - 1]} /></span>
                <span>
                  <strong>{kindName(kind, w)}</strong> <small>{g.t('guide.count', { n: ids.length, points })}</small>
                  <br />
                  {effectText(kind, rules, g)}
                </span>
              </li>
            );
          })}
        </ul>
      </section>
      <section aria-labelledby="guide-rules">
        <h3 id="guide-rules">{g.t('guide.rules')}</h3>
        {ruleLines(rules, g).map((line, i) => <p key={i}>{line}</p>)}
      </section>
      <button type="button" onClick={onWalkAgain}>{g.t('guide.walkAgain')}</button>
    </div>
  );
}

/** The walkthrough's steps under `rules`: what each says, and what it points at (the table's `data-walk`). */
function stepsOf(rules: Rules): Array<{ key: 'match' | 'take' | 'uno' | 'watch' }> {
  return rules.options.unoCall ? [{ key: 'match' }, { key: 'take' }, { key: 'uno' }, { key: 'watch' }] : [{ key: 'match' }, { key: 'take' }, { key: 'watch' }];
}

/**
 * The first game's walkthrough, a few steps beside the table, each pointing at what it names
 * (it sets `data-walk` on the table it sits in, which the stylesheet outlines). Read through or
 * skipped, `onDone` is told.
 */
export function Walkthrough({ rules, g: w, onDone }: { rules: Rules; g: GuideWords; onDone: () => void }) {
  const [done, setDone] = useState(false);
  const [at, setAt] = useState(0);
  const box = useRef<HTMLElement>(null);
  const steps = stepsOf(rules);
  const step = done ? null : steps[Math.min(at, steps.length - 1)];
  // The step points at its part of the table: the stylesheet outlines it.
  useEffect(() => {
    const table = box.current?.closest<HTMLElement>('[data-walk-scope]') ?? document.querySelector<HTMLElement>('[data-walk-scope]');
    if (!table || !step) return;
    table.dataset.walk = step.key;
    return () => void delete table.dataset.walk;
  }, [step?.key]);
  if (!step) return null;
  const finish = () => {
    setDone(true);
    onDone();
  };
  const last = at >= steps.length - 1;
  return (
    <section class="walk" ref={box} aria-labelledby="walk-title" data-step={step.key}>
      <h2 id="walk-title">{w.t('walk.title')} <small>{w.t('walk.step', { n: at + 1, of: steps.length })}</small></h2>
      <p>{w.t(`walk.${step.key}`, { launcher: rules.options.launcher ? 'yes' : 'no' })}</p>
      <div class="walk-buttons">
        <button type="button" class="primary" onClick={() => (last ? finish() : setAt(at + 1))}>{w.t(last ? 'walk.done' : 'walk.next')}</button>
        {!last && <button type="button" onClick={finish}>{w.t('walk.skip')}</button>}
      </div>
    </section>
  );
}

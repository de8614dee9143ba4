/**
 * The house rules a table picks and the seeds' other readings (docs/rules.md), as the New game
 * form and a room's host form both show them: a checkbox each, and a choice of who names the
 * colour after a Hit-Fire. A reading about a card the rule set's deck lacks is not offered.
 */
import type { ComponentChildren } from 'preact';
import { deckKinds, HOUSE_OPTIONS, type CardKind, type HouseOption, type Options, type Rules } from '../../game/index.ts';
import type { Key } from '../../words/catalogue.ts';
import { useWords } from './lang.tsx';

/** The card a reading is about: offered only with a deck that holds it. */
const ABOUT: Partial<Record<HouseOption, CardKind>> = { coupExtremeSkips: 'coupExtreme', wild4TakenBack: 'wild4', hitFireColour: 'hitFire' };

/** Who may name the colour after a Hit-Fire, in the order the choice lists them. */
const COLOUR_NAMERS: readonly Options['hitFireColour'][] = ['victim', 'player', 'next'];

/** The house rules fieldset: `options` are the ones changed from `base`'s; `children` follow the choices (the hand size). */
export function HouseRules({ base, options, onChange, children }: {
  base: Rules;
  options: Partial<Options>;
  onChange: (o: Partial<Options>) => void;
  children?: ComponentChildren;
}) {
  const w = useWords();
  const kinds = deckKinds(base);
  const value = <K extends HouseOption>(k: K) => options[k] ?? base.options[k];
  return (
    <fieldset class="house">
      <legend>{w.t('form.house')}</legend>
      {HOUSE_OPTIONS.filter((k) => !ABOUT[k] || kinds.includes(ABOUT[k])).map((k) =>
        k === 'hitFireColour' ? (
          <label key={k}>
            {w.t('house.hitFireColour')}
            <select value={value(k)} onChange={(e) => onChange({ ...options, hitFireColour: e.currentTarget.value as Options['hitFireColour'] })}>
              {COLOUR_NAMERS.map((v) => <option key={v} value={v}>{w.t(`house.hitFireColour.${v}` as Key)}</option>)}
            </select>
          </label>
        ) : (
          <label key={k} class="check">
            <input type="checkbox" checked={value(k) === true} onChange={(e) => onChange({ ...options, [k]: e.currentTarget.checked })} />
            {w.t(`house.${k}` as Key)}
          </label>
        ),
      )}
      {children}
    </fieldset>
  );
}

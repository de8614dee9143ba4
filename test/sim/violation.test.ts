/**
 * An invariant's kept example (sim/violation.ts): the English text the records, parts and --json
 * keep, read back into the message the table words, for every form the simulation writes.
 */
import { describe, expect, it } from 'vitest';
import { violationSaid, violationText, type Violation } from '../../sim/violation.ts';
import { cliWordsIn, english, sayIn } from '../../words/cli.ts';

const FORMS: Violation[] = [
  { kind: 'cards', move: 3, total: 107, deck: 108 },
  { kind: 'launcher', move: 9, held: 5, counted: 6 },
];

describe("an invariant's kept example", () => {
  it('reads back as its message, whose English is the kept text, for every form', () => {
    for (const v of FORMS) {
      const s = violationSaid(violationText(v));
      expect(typeof s, v.kind).toBe('object');
      if (typeof s === 'string') continue;
      expect(s.key).toBe(`cli.sim.invariant.${v.kind}`);
      expect(english(s)).toBe(violationText(v));
      expect(sayIn(cliWordsIn('fr'), s)).not.toBe(violationText(v));
    }
  });

  it('leaves a text of no form it writes as it is (a part from another version)', () => {
    expect(violationSaid('move 2: something else')).toBe('move 2: something else');
  });
});

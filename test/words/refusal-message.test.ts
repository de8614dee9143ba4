/**
 * A refusal's `message`: the library's English words, worded when first read (game/play.ts,
 * refuse), so the engine in the page's search worker carries no catalogue and a bot refused a
 * move never pays for words.
 */
import { describe, expect, it } from 'vitest';
import { applyMove, createGame, type Refusal } from '../../game/index.ts';
import { EN_WORDS, loadLang } from '../../words/catalogue.ts';
import { refusalIn } from '../../words/refusals.ts';

describe("a refusal's message", () => {
  it('is English through the library entry, worded once when first read', () => {
    const game = createGame({ rules: 'classic', players: 3, seed: 7 });
    const other = (game.turn + 1) % 3;
    const r = applyMove(game, { type: 'draw', seat: other });
    if (r.ok) throw new Error('a draw out of turn was accepted');
    const described = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(r.error), 'message')!;
    // Not worded yet: a getter, read below.
    expect(typeof described.get).toBe('function');
    expect(r.error.message).toBe(`not your turn: it is seat ${game.turn}'s turn`);
    expect(r.error.message).toBe(r.error.message);
    // Data as well as words: the refusal travels as it is (to a worker, in a save) and keeps its message.
    expect(JSON.parse(JSON.stringify(r.error))).toEqual({ code: r.error.code, refusal: r.error.refusal, message: r.error.message });
  });

  it('lists kinds as the rest of the words list them: no comma before "or" in English, « ou » in French', async () => {
    const fr = await loadLang('fr');
    const r: Refusal = { why: 'stack-only', kinds: ['draw2', 'wild4', 'hit2'], total: 4 };
    expect(refusalIn(r, EN_WORDS)).toMatch(/^only [^,]+, [^,]+ or [^,]+ may be stacked/);
    expect(refusalIn(r, fr)).toMatch(/, [^,]+ ou [^,]+/);
  });
});

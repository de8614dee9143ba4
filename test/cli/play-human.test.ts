/** The person's choices at the terminal (cli/play/human.ts), from keys to moves, without a terminal. */
import { describe, expect, it } from 'vitest';
import { askPerson, QuitSignal, type Ui } from '../../cli/play/human.ts';
import { legalMoves } from '../../game/legal.ts';
import { fixture } from '../game/fixture.ts';
import { EN_WORDS } from '../../words/catalogue.ts';

/** A screen that records what it was told, and keys from a script. */
function scripted(keys: string[]): Ui & { shown: Array<{ prompt: string[]; message: string | null }> } {
  const shown: Array<{ prompt: string[]; message: string | null }> = [];
  return {
    names: ['You', 'Bot 1'], w: EN_WORDS, unoArmed: false, shown,
    show: (prompt, message) => void shown.push({ prompt, message }),
    key: async () => keys.shift() ?? 'q',
  };
}

describe('askPerson', () => {
  it('u with nine cards in hand is refused with why, and nothing is armed', async () => {
    const s = fixture({ hands: ['R5 R7 G2 G3 B1 B2 Y4 Y5 Y6', 'G9'], top: 'R3' });
    const ui = scripted(['u']);
    await expect(askPerson(ui, s, 0, legalMoves(s), 'turn')).rejects.toBeInstanceOf(QuitSignal);
    expect(ui.unoArmed).toBe(false);
    expect(ui.shown.at(-1)!.message).toBe('no UNO to call: it is called with the play that leaves you one card, and you hold 9 cards');
    expect(ui.shown[0].prompt.join(' ')).not.toMatch(/u call UNO with your play/);
  });

  it('u with two cards arms UNO for the play that leaves one, and the play carries it', async () => {
    const s = fixture({ hands: ['R5 G2', 'G9'], top: 'R3' });
    const ui = scripted(['u', '1', 'enter']);
    expect(await askPerson(ui, s, 0, legalMoves(s), 'turn')).toMatchObject({ type: 'play', card: 'R5#1', uno: true });
    expect(ui.shown[0].prompt.join(' ')).toMatch(/u call UNO with your play/);
  });

  it('a 7 whose swap is optional (sevenZeroOptional): n keeps the hands, a seat swaps', async () => {
    const s = fixture({ hands: ['R7 R1', 'G2', 'B3'], top: 'R3', options: { sevenZero: true, sevenZeroOptional: true } });
    const keep = scripted(['1', 'enter', 'n']);
    keep.names = ['You', 'Bot 1', 'Bot 2'];
    const move = await askPerson(keep, s, 0, legalMoves(s), 'turn');
    expect(move).toEqual({ type: 'play', seat: 0, card: 'R7#1' });
    expect(keep.shown.at(-1)!.prompt.join(' ')).toMatch(/Red 7: who gets your hand: n nobody · 1 Bot 1 · 2 Bot 2/);
    const swap = scripted(['1', 'enter', '2']);
    expect(await askPerson(swap, s, 0, legalMoves(s), 'turn')).toEqual({ type: 'play', seat: 0, card: 'R7#1', target: 2 });
  });

  it('a press that is the person\'s: p presses, another key says what to do', async () => {
    const s = fixture({ hands: ['R5 G2', 'G9'], top: 'R3', supply: 'R1 R2', pending: { kind: 'press', seat: 0, aimAt: 0, remaining: 2, untilCards: false, queue: [], reason: 'hit2', then: { turn: 1 } } });
    const ui = scripted(['x', 'p']);
    expect(await askPerson(ui, s, 0, [{ type: 'press', seat: 0 }], 'press')).toEqual({ type: 'press', seat: 0 });
    expect(ui.shown[0].prompt).toEqual(['Hit 2: press 2 more times', 'p press the launcher · q save and quit']);
    expect(ui.shown[1].message).toBe('"x" does nothing here: press p to press the launcher');
  });
});

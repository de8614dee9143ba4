/** The rule for a person's name (lib/names.ts): what a reader sees, counted as a reader counts it. */
import { describe, expect, it } from 'vitest';
import { columns, NAME_COLUMNS, personName } from '../lib/names.ts';

const why = (raw: string) => {
  const r = personName(raw);
  return 'why' in r ? r.why : null;
};

describe('a person\'s name', () => {
  it('takes what people are called: accents in either form, other scripts, an emoji family as one letter', () => {
    expect(personName('  Zoé ')).toEqual({ name: 'Zoé' });
    expect(personName('Zoe\u0301')).toEqual({ name: 'Zoé' });
    expect(personName('👨‍👩‍👧‍👦 Family')).toEqual({ name: '👨‍👩‍👧‍👦 Family' });
    expect(columns('👨‍👩‍👧‍👦')).toBe(2);
    expect(personName('سارة 2')).toEqual({ name: 'سارة 2' });
    expect(personName('Botanist')).toEqual({ name: 'Botanist' });
    expect(personName('Robot 2')).toEqual({ name: 'Robot 2' });
    expect(personName('Bo 7')).toEqual({ name: 'Bo 7' });
    // The non-joiner of Persian spelling, the joiner of a rainbow flag (after its variation selector).
    expect(personName('می\u200Cخواهم')).toEqual({ name: 'می\u200Cخواهم' });
    expect(personName('🏳\uFE0F\u200D🌈')).toEqual({ name: '🏳\uFE0F\u200D🌈' });
    // The isolates a display puts around a name take no column.
    expect(columns('\u2068سارة\u2069')).toBe(4);
    // Symbols that are text by default (the terminal's turn mark, a suit) take one column; asked as emoji, two.
    expect(columns('▶♥')).toBe(2);
    expect(columns('♥\uFE0F')).toBe(2);
    expect(personName('字'.repeat(NAME_COLUMNS / 2))).toEqual({ name: '字'.repeat(12) });
    expect(personName('a'.repeat(NAME_COLUMNS))).toEqual({ name: 'a'.repeat(24) });
  });

  it('refuses a name that shows nothing, runs past a phone\'s seat, steers the text around it, or is a bot\'s', () => {
    expect(why('   ')).toBe('empty');
    for (const blank of ['\u2800', '\u3164', '\u200D', '\u0301\u0301', '\u2800 \u3164']) expect(why(blank), JSON.stringify(blank)).not.toBeNull();
    expect(why('\u2800')).toBe('blank');
    expect(why('字'.repeat(13))).toBe('long');
    expect(why('a'.repeat(25))).toBe('long');
    for (const steer of ['Ana\u202Egnp.exe', 'Ana\u2066x', 'A\u200Bna', 'Ana\nBo', 'A\u0007'])
      expect(why(steer), JSON.stringify(steer)).toBe('control');
    for (const bot of ['Bot 5', 'bot5', ' BOT  12 ', 'Bot ３', 'Bot ٣', 'B0t 10', 'Вот 2', 'ΒΟΤ 3', 'Bót 4', 'ＢＯＴ 5', '𝐁𝐨𝐭 6']) expect(why(bot), bot).toBe('bot');
    // Joiners do their work between two visible characters, and nowhere else.
    for (const stray of ['\u200DAna', 'Ana\u200C', 'A \u200Dna', 'An\u200D\u200Da']) expect(why(stray), JSON.stringify(stray)).toBe('control');
    // A flag shows two columns wide; marks that make a name past what a kept seat holds are refused.
    expect(columns('🇫🇷')).toBe(2);
    expect(why('🇫🇷'.repeat(13))).toBe('long');
    expect(why('x\u0301\u0302\u0303\u0304\u0305\u0306'.repeat(20))).toBe('long');
  });
});

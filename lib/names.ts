/**
 * The rule for a name a person gives themself, shown on everyone's screen (a room's seats, the
 * terminal's table): what a reader sees as one letter counts as one (a family emoji is one,
 * though seven code points), a name must show something, fit a phone's seat, and not pass for a
 * bot. How a name is shown beside other text (isolated, so that a right-to-left name does not
 * reorder the digits after it) is each display's part.
 */

/** The most columns a name takes: a wide letter (a CJK one, an emoji) takes two. */
export const NAME_COLUMNS = 24;

/** The most UTF-16 units a name holds (24 letters with their marks and joiners fit), and a kept seat's. */
export const NAME_UNITS = 128;

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Code points shown two columns wide: East Asian wide and fullwidth letters, and emoji. */
const WIDE = /[\u{1F1E6}-\u{1F1FF}\u1100-\u115F\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA000-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6\u{20000}-\u{3FFFD}]|\p{Extended_Pictographic}/u;

/** Letters and symbols that show nothing: the braille blank, the Hangul fillers. */
const BLANK = /[\u2800\u3164\u115F\u1160\uFFA0]/gu;

/** The width of `text` in columns, grapheme by grapheme. */
export function columns(text: string): number {
  let n = 0;
  for (const { segment } of segmenter.segment(text)) n += WIDE.test(segment) ? 2 : 1;
  return n;
}

/** Why a text is not a name (worded by the catalogue's `name.*` messages). */
export type NameWhy = 'empty' | 'control' | 'blank' | 'long' | 'bot';

/**
 * `raw` as a name (trimmed, in its composed form), or why it is not one: empty, longer than
 * {@link NAME_COLUMNS} columns, with a control or formatting character (the joiner inside an
 * emoji sequence allowed), showing nothing, or a bot's name ("Bot 3").
 */
export function personName(raw: unknown): { name: string } | { why: NameWhy } {
  const name = typeof raw === 'string' ? raw.normalize('NFC').trim() : '';
  if (!name) return { why: 'empty' };
  // Controls, and formatting characters (bidi overrides, invisible separators) but the zero-width joiner of emoji sequences.
  if (/[\p{Cc}\p{Zl}\p{Zp}]|(?!\u200D)\p{Cf}/u.test(name)) return { why: 'control' };
  if (!/[\p{L}\p{N}\p{S}\p{P}]/u.test(name.replace(BLANK, ''))) return { why: 'blank' };
  if (columns(name) > NAME_COLUMNS || name.length > NAME_UNITS) return { why: 'long' };
  if (/^bot\s*\p{Nd}+$/iu.test(name.normalize('NFKC'))) return { why: 'bot' };
  return { name };
}

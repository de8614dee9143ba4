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

/**
 * Code points shown two columns wide: East Asian wide and fullwidth letters, and emoji shown as
 * emoji (by default, or asked by VS16); a symbol such as ▶ or ♥ that is text by default takes one.
 */
const WIDE = /[\u{1F1E6}-\u{1F1FF}\u1100-\u115F\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA000-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6\u{20000}-\u{3FFFD}]|\p{Emoji_Presentation}|\uFE0F/u;

/** Letters and symbols that show nothing: the braille blank, the Hangul fillers. */
const BLANK = /[\u2800\u3164\u115F\u1160\uFFA0]/gu;

/** A grapheme of formatting characters only (the isolates a display puts around a name): no column. */
const FORMAT_ONLY = /^\p{Cf}+$/u;

/** The letters of `text` (grapheme clusters: a letter with its marks, an emoji sequence), each with the columns it takes. */
export function* letters(text: string): Generator<{ letter: string; columns: number }> {
  for (const { segment } of segmenter.segment(text)) yield { letter: segment, columns: FORMAT_ONLY.test(segment) ? 0 : WIDE.test(segment) ? 2 : 1 };
}

/** The width of `text` in columns, letter by letter. */
export function columns(text: string): number {
  let n = 0;
  for (const l of letters(text)) n += l.columns;
  return n;
}

/** `text` padded with spaces to `w` columns, on its `side` (a terminal's table of names). */
export function padColumns(text: string, w: number, side: 'start' | 'end'): string {
  const pad = ' '.repeat(Math.max(0, w - columns(text)));
  return side === 'start' ? pad + text : text + pad;
}

/** Why a text is not a name (worded by the catalogue's `name.*` messages). */
export type NameWhy = 'empty' | 'control' | 'blank' | 'long' | 'bot';

/**
 * A joiner (ZWJ, ZWNJ) with nothing visible on one of its sides. Between two letters, marks,
 * digits or symbols they do their work (an emoji sequence, a Persian or Devanagari spelling);
 * anywhere else they only make two names that look the same differ.
 */
const STRAY_JOINER = /(?:^|[^\p{L}\p{M}\p{N}\p{S}])[\u200C\u200D]|[\u200C\u200D](?![\p{L}\p{M}\p{N}\p{S}])/u;

/**
 * Letters read as B, O or T though they are not (Greek, Cyrillic, Cherokee, Lisu and others, after
 * NFKC has folded the fullwidth and mathematical ones): the subset of Unicode's confusables.txt
 * (UTS #39) that would let a person's name pass for "Bot 2".
 */
const LOOKS_LIKE: Readonly<Record<string, string>> = {
  b: 'ВвΒβЬьƄƅᏴᏼꓐᑲᖯ',
  o: '0ΟοОоՕօσᴏⲟⲞᴑꓳ০੦૦୦௦౦೦൦๐໐ဝ',
  t: 'ΤτТтᎢꓔᴛ',
};
const SKELETON = new Map<string, string>(Object.entries(LOOKS_LIKE).flatMap(([to, from]) => [...from].map((c) => [c, to] as [string, string])));

/** `name` as the letters it looks like: marks dropped, lookalikes of b, o and t folded, lower case. */
function skeleton(name: string): string {
  const bare = name.normalize('NFKC').normalize('NFD').replace(/\p{M}/gu, '');
  return [...bare].map((c) => SKELETON.get(c) ?? c).join('').toLowerCase();
}

/**
 * `raw` as a name (trimmed, in its composed form), or why it is not one: empty, longer than
 * {@link NAME_COLUMNS} columns, with a control or formatting character (a joiner between two
 * visible characters allowed), showing nothing, or a bot's name ("Bot 3", in any lookalike letters).
 */
export function personName(raw: unknown): { name: string } | { why: NameWhy } {
  const name = typeof raw === 'string' ? raw.normalize('NFC').trim() : '';
  if (!name) return { why: 'empty' };
  // Controls, and formatting characters (bidi overrides, invisible separators) but joiners between two visible characters.
  if (/[\p{Cc}\p{Zl}\p{Zp}]|(?![\u200C\u200D])\p{Cf}/u.test(name) || STRAY_JOINER.test(name)) return { why: 'control' };
  if (!/[\p{L}\p{N}\p{S}\p{P}]/u.test(name.replace(BLANK, ''))) return { why: 'blank' };
  if (columns(name) > NAME_COLUMNS || name.length > NAME_UNITS) return { why: 'long' };
  const numbered = /^(.*?)\s*\p{Nd}+$/u.exec(name.normalize('NFKC'));
  if (numbered && skeleton(numbered[1]) === 'bot') return { why: 'bot' };
  return { name };
}

/**
 * A position's one-line text form, as chess has FEN: sections separated by ` | `, each a name
 * and its value, for tests, bug reports and a "copy position" button:
 *
 * ```text
 * rules extreme | hands R5 R7 W / G2 B3 / x | discard R1 R3 | supply G4 B9 * | turn 0 | dealer 1
 *   | direction cw | colour red | pending {"kind":"colour",…} | uno 0 | shown | rng 9e3779b9.…
 * ```
 *
 * - `rules NAME [option=value …]`: a rule set and the options changed from it.
 * - `hands`: seat by seat, separated by `/`; `-` an empty hand, `x` a seat out of the match.
 * - `discard` bottom first (the top card last); `supply` next card out first (`-`: empty).
 * - Cards by code (`R5`, `G+2`, `W4`: the lowest serial not written elsewhere, in reading order)
 *   or by id (`R5#2`); one `*` stands for the rest of the deck, in deck order.
 * - `turn`, `dealer`: seats; `direction cw|ccw`; `colour NAME|-`; `pending` a request as JSON;
 *   `uno SEAT` the seat that may be caught; `shown` hands are visible; `rng` the random stream.
 *
 * Only `hands` and `discard` are required; the defaults are those of {@link createFromPosition}.
 * {@link positionOf} prints every section but those at their default (pending, uno, shown) and
 * the ids only where codes would not name the same cards.
 */
import type { RngState } from '../lib/rng.ts';
import { byName, JsonTextError, MAX_JSON_DEPTH, parseJsonText } from '../lib/untrusted.ts';
import type { CardId, Colour } from './cards.ts';
import type { Position, PositionError } from './position.ts';
import { failWith as fail } from './positionCheck.ts';
import { RULE_SETS, type Options } from './rules.ts';
import type { GameState, Pending } from './state.ts';

/** A position read from text: the rules by name, with options. */
export type ParsedPosition = Position & { rules: string; options: Partial<Options> };

const SECTIONS = ['rules', 'hands', 'discard', 'supply', 'turn', 'dealer', 'direction', 'colour', 'pending', 'uno', 'shown', 'rng'];

/** The text of `state`'s position (what {@link parsePosition} reads back to the same round). */
export function positionOf(state: GameState): string {
  const s = state;
  const names = cardNames([...s.hands, s.discard, s.supply]);
  const list = (ids: readonly CardId[]) => (ids.length === 0 ? '-' : ids.map((id) => names.get(id)).join(' '));
  const hands = s.hands.map((h, seat) => (s.out[seat] ? 'x' : list(h))).join(' / ');
  const parts = [
    `rules ${[s.rules.name, ...changedOptions(s)].join(' ')}`, `hands ${hands}`, `discard ${list(s.discard)}`, `supply ${list(s.supply)}`,
    `turn ${s.turn}`, `dealer ${s.dealer}`, `direction ${s.direction === 1 ? 'cw' : 'ccw'}`, `colour ${s.colour ?? '-'}`,
  ];
  if (s.pending) parts.push(`pending ${JSON.stringify(s.pending)}`);
  if (s.uno !== null) parts.push(`uno ${s.uno}`);
  if (s.shown) parts.push('shown');
  parts.push(`rng ${s.rng.map((w) => w.toString(16).padStart(8, '0')).join('.')}`);
  return parts.join(' | ');
}

/**
 * How each card is written: its code where the code's cards appear in serial order (reading
 * them back gives the same ids), its id otherwise.
 */
function cardNames(lists: readonly (readonly CardId[])[]): Map<CardId, string> {
  const last = new Map<string, number>();
  const inOrder = new Map<string, boolean>();
  for (const list of lists) {
    for (const id of list) {
      const code = id.slice(0, id.indexOf('#'));
      const serial = Number(id.slice(id.indexOf('#') + 1));
      inOrder.set(code, (inOrder.get(code) ?? true) && serial === (last.get(code) ?? 0) + 1);
      last.set(code, serial);
    }
  }
  const names = new Map<CardId, string>();
  for (const list of lists) for (const id of list) names.set(id, inOrder.get(id.slice(0, id.indexOf('#'))) ? id.slice(0, id.indexOf('#')) : id);
  return names;
}

/** `option=value` for each option that differs from the named rule set's. */
function changedOptions(s: GameState): string[] {
  const base = byName(RULE_SETS, s.rules.name)?.options;
  const out: string[] = [];
  for (const [k, v] of Object.entries(s.rules.options) as [keyof Options, Options[keyof Options]][]) {
    if (base && JSON.stringify(base[k]) === JSON.stringify(v)) continue;
    out.push(`${k}=${typeof v === 'object' ? v.atDiscard : v}`);
  }
  return out;
}

function optionValue(key: string, text: string): unknown {
  if (text === 'true' || text === 'false') return text === 'true';
  if (/^-?\d+(\.\d+)?$/.test(text)) return key === 'reload' ? { atDiscard: Number(text) } : Number(text);
  return text;
}

function seatOf(field: string, text: string): number | { ok: false; error: PositionError } {
  return /^\d+$/.test(text) ? Number(text) : fail(field, `${JSON.stringify(text)} is not a seat number`, 'cli.position.seatNumber', { got: JSON.stringify(text) });
}

const cards = (text: string) => (text === '-' ? [] : text.split(/\s+/).filter(Boolean));

/**
 * Reads a position's text: `{ ok: true, position }` or `{ ok: false, error }` naming the section
 * that cannot be read. What the position means (cards of the deck, seats, the request) is checked
 * by {@link createFromPosition}.
 */
export function parsePosition(text: string): { ok: true; position: ParsedPosition } | { ok: false; error: PositionError } {
  if (typeof text !== 'string' || text.trim() === '') return fail('position', 'is empty: write at least "hands … | discard …"', 'cli.position.emptyText', { least: '"hands … | discard …"' });
  const p: Partial<ParsedPosition> & { rules: string; options: Partial<Options> } = { rules: 'extreme', options: {} };
  const seen = new Set<string>();
  for (const part of text.trim().split(/\s*\|\s*/)) {
    const [name, ...words] = part.split(/\s+/);
    const value = words.join(' ');
    if (!SECTIONS.includes(name)) return fail(name || '(empty)', `unknown section: the sections are ${SECTIONS.join(', ')}`, 'cli.position.section', { list: SECTIONS.join(', ') });
    if (seen.has(name)) return fail(name, 'is given twice', 'cli.position.sectionTwice');
    seen.add(name);
    switch (name) {
      case 'rules':
        if (words.length === 0) return fail('rules', 'names a rule set, e.g. "rules extreme"', 'cli.position.rulesName', { example: '"rules extreme"' });
        p.rules = words[0];
        for (const w of words.slice(1)) {
          const eq = w.indexOf('=');
          if (eq <= 0) return fail('rules', `${w}: an option is written option=value`, 'cli.position.option', { word: w });
          (p.options as Record<string, unknown>)[w.slice(0, eq)] = optionValue(w.slice(0, eq), w.slice(eq + 1));
        }
        break;
      case 'hands': {
        const seats = value.split('/').map((h) => h.trim());
        p.out = seats.map((h) => h === 'x');
        p.hands = seats.map((h) => (h === 'x' ? [] : cards(h)));
        break;
      }
      case 'discard':
        p.discard = cards(value);
        break;
      case 'supply':
        p.supply = cards(value);
        break;
      case 'turn':
      case 'dealer':
      case 'uno': {
        const seat = seatOf(name, value);
        if (typeof seat !== 'number') return seat;
        p[name] = seat;
        break;
      }
      case 'direction':
        if (value !== 'cw' && value !== 'ccw') return fail('direction', `must be cw or ccw, got ${JSON.stringify(value)}`, 'cli.position.cw', { choices: { or: ['cw', 'ccw'] }, got: JSON.stringify(value) });
        p.direction = value === 'cw' ? 1 : -1;
        break;
      case 'colour':
        p.colour = value === '-' ? null : (value as Colour);
        break;
      case 'pending':
        // Depth first, without recursing: a request nested deeper than any real chain would
        // overflow the stack of whatever walks it next (its copy, its check).
        try {
          p.pending = parseJsonText(value) as Pending;
        } catch (e) {
          if (e instanceof JsonTextError && e.message.startsWith('is nested')) return fail('pending', `is nested more than ${MAX_JSON_DEPTH} levels deep: no request is`, 'cli.position.nested', { max: String(MAX_JSON_DEPTH) });
          return fail('pending', 'must be a request as JSON, e.g. {"kind":"colour","seat":0,"then":{"turn":0}}', 'cli.position.pendingJson', { example: '{"kind":"colour","seat":0,"then":{"turn":0}}' });
        }
        break;
      case 'shown':
        if (value !== '') return fail('shown', 'takes no value', 'cli.position.shown');
        p.shown = true;
        break;
      case 'rng': {
        const w = value.split('.');
        if (w.length !== 4 || !w.every((x) => /^[0-9a-f]{1,8}$/i.test(x))) return fail('rng', 'must be four hexadecimal words separated by dots', 'cli.position.rngText');
        p.rng = w.map((x) => parseInt(x, 16)) as unknown as RngState;
        break;
      }
    }
  }
  if (!p.hands) return fail('hands', 'is missing: "hands R5 R7 / G2 B3" (one list per seat, separated by /)', 'cli.position.noHands', { example: '"hands R5 R7 / G2 B3"' });
  if (!p.discard) return fail('discard', 'is missing: "discard R3" (bottom first, the top card last)', 'cli.position.noDiscard', { example: '"discard R3"' });
  return { ok: true, position: p as ParsedPosition };
}

/**
 * The play screen, as text: a pure function of what there is to show, so tests can read it and
 * the terminal just prints it. Colours are ANSI codes, left out with `colour: false`.
 */
import { card, roundEnded, type GameState, type MatchState } from '../../game/index.ts';
import { nameOf, type Names } from '../../table/words.ts';
import { cardName, colourName } from '../../words/cards.ts';
import type { Words } from '../../words/catalogue.ts';
import { terminalText } from '../../lib/untrusted.ts';
import { columns, letters } from '../../lib/names.ts';

/** What the launcher shows. */
export interface LauncherView {
  supply: number;
  volts: number;
  aimedAt: number;
  state: string;
  /** The last press as it came out: `♪ ding → Red 5, Wild`. */
  flying: string;
  device: string;
}

/** Everything on screen. */
export interface View {
  names: Names;
  /** The language the person reads. */
  w: Words;
  me: number;
  state: GameState;
  match: MatchState;
  launcher: LauncherView | null;
  log: readonly string[];
  prompt: readonly string[];
  /** A refusal or a warning, shown in red until the next key. */
  message: string | null;
  /** The person will call UNO with their next play. */
  unoArmed: boolean;
  /** Digits typed so far. */
  typed: string;
  /** Hand indexes (1-based) the person may play now. */
  playable: ReadonlySet<number>;
  colour: boolean;
}

const ANSI: Record<string, string> = { red: '31', yellow: '33', green: '32', blue: '34', wild: '35', dim: '2', bold: '1', alert: '1;31' };

/** Paints text in a colour when colours are on. */
export function paint(v: Pick<View, 'colour'>, what: string, text: string): string {
  return v.colour && ANSI[what] ? `\x1b[${ANSI[what]}m${text}\x1b[0m` : text;
}

function cardText(v: View, id: string): string {
  const c = card(id);
  return paint(v, c.colour ?? 'wild', cardName(id, v.w));
}

/** The terminal's size, in characters. */
export interface ScreenSize {
  columns: number;
  rows: number;
}

/** Narrower than this, the players' rows and the launcher line do not fit. */
export const MIN_COLUMNS = 60;
/** The log shows at least this many events, else the screen asks for a taller terminal. */
const MIN_LOG = 2;
/** With no size known (a test's buffer): this wide, the log this long. */
const DEFAULT_COLUMNS = 80;
const DEFAULT_LOG = 7;
/** One player's cell: `▶ Name       12 cards 1234 pts no UNO!`. */
const CELL = 38;

/** Widths of the texts measured lately: a screen is redrawn at every event, mostly with the same lines. */
const widths = new Map<string, number>();

/** Columns on screen: ANSI colour codes and the isolates around a name take none, a wide letter two. */
function width(text: string): number {
  const plain = text.replace(/\x1b\[[0-9;]*m/g, '');
  // Most of a screen is printable ASCII, a column a character: only the rest is cut into letters.
  if (/^[\x20-\x7e]*$/.test(plain)) return plain.length;
  let n = widths.get(plain);
  if (n === undefined) {
    if (widths.size >= 512) widths.clear();
    widths.set(plain, (n = columns(plain)));
  }
  return n;
}

/** Cuts plain text to `w` columns, letter by letter (a letter with its marks is one), ending in `…` when it was longer. */
function cut(text: string, w: number): string {
  if (width(text) <= w) return text;
  let out = '';
  let n = 0;
  for (const l of letters(text)) {
    if ((n += l.columns) > w - 1) break;
    out += l.letter;
  }
  return `${out}…`;
}

/** `text` cut to `w` columns and padded to fill them. */
function fit(text: string, w: number): string {
  const c = cut(text, w);
  return c + ' '.repeat(Math.max(0, w - width(c)));
}

/** Items side by side (separated by `gap`), as many per line as fit in `w`, each line led by `indent`. */
function flow(items: string[], w: number, indent: string, gap: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const it of items) {
    const next = line ? line + gap + it : it;
    if (line && indent.length + width(next) > w) {
      lines.push(indent + line);
      line = it;
    } else line = next;
  }
  if (line) lines.push(indent + line);
  return lines;
}

/** Words (or ` · `-separated options, kept whole) on lines of at most `w`; a word longer than a line is cut. */
function wrap(text: string, w: number, indent = '  ', sep = ' '): string[] {
  return flow(text.split(sep), w, indent, sep).map((l) => (width(l) > w ? cut(l, w) : l));
}

/** What sits above the log: title, players, shown hands, the table and the launcher. */
function topLines(v: View, w: number): string[] {
  const s = v.state;
  const m = v.match;
  const t = v.w.t;
  const lines = [paint(v, 'bold', cut(t('term.heading', { rules: s.rules.name, round: s.round + 1, target: m.setup.rules.options.target, seed: String(s.seed) }), w))];
  const turn = s.pending ? s.pending.seat : s.turn;
  const cells: string[] = [];
  for (let seat = 0; seat < s.players; seat++) {
    const mark = !roundEnded(s) && seat === turn ? '▶' : ' ';
    const n = s.hands[seat].length;
    const count = `${String(n).padStart(2)} ${t('term.cellCards', { n })}`;
    const flag = s.out[seat] ? t('term.out') : n === 1 ? (s.uno === seat ? paint(v, 'alert', t('term.noUnoFlag')) : 'UNO') : '';
    const cell = `${mark} ${fit(v.names[seat], 10)} ${count} ${String(m.totals[seat]).padStart(4)} ${t('term.pts')} ${flag}`;
    cells.push(cell + ' '.repeat(Math.max(0, CELL - width(cell))));
  }
  const perLine = Math.max(1, Math.floor(w / (CELL + 2)));
  for (let i = 0; i < cells.length; i += perLine) lines.push(`  ${cells.slice(i, i + perLine).join('  ').trimEnd()}`);
  if (s.shown) {
    for (let seat = 0; seat < s.players; seat++) {
      if (seat === v.me) continue;
      // One line a hand: a plain cut keeps the colour codes whole only on uncoloured text.
      const plain = `  ${cut(v.names[seat], 10)}: ${s.hands[seat].map((c) => cardName(c, v.w)).join(', ')}`;
      lines.push(width(plain) > w ? cut(plain, w) : `  ${cut(v.names[seat], 10)}: ${s.hands[seat].map((c) => cardText(v, c)).join(', ')}`);
    }
  }
  const top = s.discard[s.discard.length - 1];
  const colour = s.colour ? paint(v, s.colour, colourName(s.colour, v.w)) : t('term.toBeNamed');
  const pile = s.rules.options.launcher ? '' : t('term.drawPile', { n: s.supply.length });
  lines.push(`  ${t('term.top', { card: top ? cardText(v, top) : '—', colour, pile, clockwise: s.direction === 1 ? 'yes' : 'no' })}`);
  if (v.launcher) {
    const l = v.launcher;
    const device = l.device !== 'simulated' ? ` · ${l.device}` : '';
    lines.push(cut(`  ${t('term.launcher', { n: l.supply, volts: l.volts, who: nameOf(v.names, l.aimedAt, v.w), state: l.state, device })}`, w));
    lines.push(cut(`            ${l.flying}`, w));
  }
  return lines;
}

/** What sits below the log: the hand, then the prompt on its own lines, what was typed, a refusal. */
function bottomLines(v: View, w: number): string[] {
  const s = v.state;
  const hand = s.hands[v.me];
  const items = hand.map((c, i) => `${String(i + 1).padStart(2)}${v.playable.has(i + 1) ? '*' : ' '}${cardText(v, c)}`);
  const lines = [`  ${v.w.t('term.hand', { n: hand.length, playable: v.playable.size ? 'yes' : 'no' })}`, ...flow(items, w, '  ', '  ')];
  if (v.unoArmed) lines.push(`  ${paint(v, 'bold', v.w.t('term.unoArmed'))}`);
  for (const p of v.prompt) lines.push(...wrap(p, w, '  ', ' · '));
  if (v.typed) lines.push(`  > ${v.typed}_`);
  if (v.message) lines.push(...wrap(v.message, w).map((l) => paint(v, 'alert', l)));
  return lines;
}

/** The log's events, newest last, wrapped to `w`, as many whole events as fit in `rows`. */
function logLines(log: readonly string[], w: number, rows: number): string[] {
  const out: string[] = [];
  for (let i = log.length - 1; i >= 0; i--) {
    const lines = wrap(terminalText(log[i]), w, '    ').map((l, k) => (k === 0 ? `  • ${l.slice(4)}` : l));
    if (out.length + lines.length > rows) break;
    out.unshift(...lines);
  }
  return out;
}

/**
 * The screen's lines, fitted to `size` (the terminal's; none for a test's buffer: 80 wide, 7
 * events). Below the size the screen needs, it says so instead: `make the terminal at least W×H`.
 */
export function renderScreen(v: View, size?: ScreenSize): string[] {
  const w = size ? size.columns : DEFAULT_COLUMNS;
  const top = topLines(v, Math.max(w, MIN_COLUMNS));
  const bottom = bottomLines(v, Math.max(w, MIN_COLUMNS));
  const needed = top.length + bottom.length + MIN_LOG;
  if (size && (size.columns < MIN_COLUMNS || size.rows < needed)) return tooSmall(size, { columns: MIN_COLUMNS, rows: needed }, v.w);
  // Room for the log: all that is left (a blank line either side when there is enough of it).
  const room = size ? size.rows - top.length - bottom.length : DEFAULT_LOG + 2;
  const gaps = room >= MIN_LOG + 5 ? 2 : room >= MIN_LOG + 3 ? 1 : 0;
  const rows = size ? room - gaps : DEFAULT_LOG;
  const log = logLines(v.log, w, rows);
  // The log is padded to its room, so the hand and the prompt stay where they are.
  while (log.length < rows) log.push('');
  return [...top, ...(gaps > 0 ? [''] : []), ...log, ...(gaps > 1 ? [''] : []), ...bottom];
}

/** The notice shown instead of the game when the terminal is smaller than `need`. */
export function tooSmall(size: ScreenSize, need: ScreenSize, w: Words): string[] {
  const text = w.t('term.tooSmall', { columns: need.columns, rows: need.rows, width: size.columns, height: size.rows });
  return wrap(text, Math.max(size.columns, 10), '');
}

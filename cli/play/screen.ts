/**
 * The play screen, as text: a pure function of what there is to show, so tests can read it and
 * the terminal just prints it. Colours are ANSI codes, left out with `colour: false`.
 */
import { card, cardLabel, type GameState, type MatchState } from '../../game/index.ts';
import type { Names } from './words.ts';

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
  return paint(v, c.colour ?? 'wild', cardLabel(id));
}

/** The screen's lines. */
export function renderScreen(v: View): string[] {
  const s = v.state;
  const m = v.match;
  const target = m.setup.rules.options.target;
  const lines: string[] = [];
  lines.push(paint(v, 'bold', `UNO Extreme — rules ${s.rules.name} · round ${s.round + 1} · first to ${target} · seed ${String(s.seed)}`));
  lines.push('');
  const shown = s.shown;
  const turn = s.pending ? s.pending.seat : s.turn;
  for (let seat = 0; seat < s.players; seat++) {
    const mark = s.winner === null && seat === turn ? '▶' : ' ';
    const name = v.names[seat].padEnd(10);
    const out = s.out[seat] ? '  (out)' : '';
    const count = `${String(s.hands[seat].length).padStart(2)} card${s.hands[seat].length === 1 ? ' ' : 's'}`;
    const uno = s.hands[seat].length === 1 ? (s.uno === seat ? paint(v, 'alert', '  no UNO called!') : '  UNO') : '';
    const hand = shown && seat !== v.me ? `  [${s.hands[seat].map((c) => cardText(v, c)).join(', ')}]` : '';
    lines.push(`  ${mark} ${name} ${count}   ${String(m.totals[seat]).padStart(4)} pts${uno}${out}${hand}`);
  }
  lines.push(`  play goes ${s.direction === 1 ? 'clockwise ↻' : 'counter-clockwise ↺'}`);
  lines.push('');
  const top = s.discard[s.discard.length - 1];
  const colour = s.colour ? paint(v, s.colour, s.colour) : 'to be named';
  lines.push(`  Top card: ${top ? cardText(v, top) : '—'}    colour: ${colour}${s.rules.options.launcher ? '' : `    draw pile: ${s.supply.length}`}`);
  if (v.launcher) {
    const l = v.launcher;
    lines.push(`  Launcher: ${l.supply} cards · battery ${l.volts.toFixed(2)} V · aimed at ${v.names[l.aimedAt] ?? `seat ${l.aimedAt}`} · ${l.state}${l.device !== 'simulated' ? ` · ${l.device}` : ''}`);
    lines.push(`            ${l.flying}`);
  }
  lines.push('');
  for (const e of v.log) lines.push(`  • ${e}`);
  for (let k = v.log.length; k < 7; k++) lines.push('');
  lines.push('');
  const hand = s.hands[v.me];
  const items = hand.map((c, i) => {
    const n = `${i + 1}`.padStart(2);
    const mark = v.playable.has(i + 1) ? '*' : ' ';
    return `${n}${mark}${cardText(v, c)}`;
  });
  lines.push(`  Your hand (${hand.length})${v.playable.size ? ' — * can be played now' : ''}:`);
  for (let i = 0; i < items.length; i += 5) lines.push(`   ${items.slice(i, i + 5).join('   ')}`);
  lines.push('');
  if (v.unoArmed) lines.push(`  ${paint(v, 'bold', 'UNO will be called with your next play')}`);
  for (const p of v.prompt) lines.push(`  ${p}`);
  if (v.typed) lines.push(`  > ${v.typed}_`);
  if (v.message) lines.push(`  ${paint(v, 'alert', v.message)}`);
  return lines;
}

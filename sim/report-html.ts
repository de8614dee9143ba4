/**
 * `simulate --report FILE.html`: one self-contained page (inline SVG charts, no scripts, no
 * network) a person can open offline or print.
 */
import { maxOf } from '../lib/stats.ts';
import { CLI_EN_WORDS, decimal, numeral, percent, type CliWords } from '../words/cli.ts';
import type { summaryJson } from './summary.ts';

type Summary = ReturnType<typeof summaryJson>;
const COLOURS = ['#d62728', '#1f77b4', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b'];

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** A bar chart of labelled values (several series side by side). */
function bars(w: CliWords, title: string, labels: string[], series: Array<{ name: string; values: number[] }>, yLabel: string): string {
  const W = 640, H = 260, L = 50, B = 40, T = 30;
  const max = maxOf(series.flatMap((s) => s.values), 1e-9);
  const slot = (W - L - 10) / Math.max(1, labels.length);
  const bw = Math.max(1, (slot * 0.8) / series.length);
  const y = (v: number) => T + (H - T - B) * (1 - v / max);
  let svg = `<svg viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${esc(title)}">`;
  svg += `<text x="${L}" y="18" font-weight="bold">${esc(title)}</text>`;
  svg += `<line x1="${L}" y1="${H - B}" x2="${W - 10}" y2="${H - B}" stroke="#444"/><line x1="${L}" y1="${T}" x2="${L}" y2="${H - B}" stroke="#444"/>`;
  for (let k = 0; k <= 4; k++) {
    const v = (max * k) / 4;
    svg += `<text x="${L - 4}" y="${y(v) + 4}" font-size="10" text-anchor="end">${v < 10 ? decimal(w, v, 2) : Math.round(v)}</text>`;
  }
  svg += `<text x="12" y="${T + (H - T - B) / 2}" font-size="11" transform="rotate(-90 12 ${T + (H - T - B) / 2})" text-anchor="middle">${esc(yLabel)}</text>`;
  const every = Math.ceil(labels.length / 20);
  labels.forEach((lab, i) => {
    series.forEach((s, j) => {
      const v = s.values[i] ?? 0;
      svg += `<rect x="${L + i * slot + slot * 0.1 + j * bw}" y="${y(v)}" width="${bw}" height="${H - B - y(v)}" fill="${COLOURS[j % COLOURS.length]}"><title>${esc(w.t('cli.report.bar', { series: s.name, label: lab, value: numeral(w, String(v)) }))}</title></rect>`;
    });
    if (i % every === 0) svg += `<text x="${L + i * slot + slot / 2}" y="${H - B + 14}" font-size="10" text-anchor="middle">${esc(lab)}</text>`;
  });
  if (series.length > 1)
    series.forEach((s, j) => (svg += `<rect x="${W - 170}" y="${T + j * 14}" width="10" height="10" fill="${COLOURS[j % COLOURS.length]}"/><text x="${W - 155}" y="${T + 9 + j * 14}" font-size="11">${esc(s.name)}</text>`));
  return `${svg}</svg>`;
}

/** A line chart of one series over its index. */
function line(w: CliWords, title: string, values: number[], xLabel: string, yLabel: string): string {
  const W = 640, H = 240, L = 50, B = 40, T = 30;
  const max = maxOf(values, 1e-9);
  const x = (i: number) => L + ((W - L - 10) * i) / Math.max(1, values.length - 1);
  const y = (v: number) => T + (H - T - B) * (1 - v / max);
  const pts = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  return `<svg viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${esc(title)}">` +
    `<text x="${L}" y="18" font-weight="bold">${esc(title)}</text>` +
    `<line x1="${L}" y1="${H - B}" x2="${W - 10}" y2="${H - B}" stroke="#444"/><line x1="${L}" y1="${T}" x2="${L}" y2="${H - B}" stroke="#444"/>` +
    `<text x="${L - 4}" y="${T + 4}" font-size="10" text-anchor="end">${decimal(w, max, 1)}</text><text x="${L - 4}" y="${H - B}" font-size="10" text-anchor="end">0</text>` +
    `<text x="${W - 10}" y="${H - B + 14}" font-size="10" text-anchor="end">${values.length - 1}</text>` +
    `<text x="${(W + L) / 2}" y="${H - 8}" font-size="11" text-anchor="middle">${esc(xLabel)}</text>` +
    `<text x="12" y="${T + (H - T - B) / 2}" font-size="11" transform="rotate(-90 12 ${T + (H - T - B) / 2})" text-anchor="middle">${esc(yLabel)}</text>` +
    `<polyline points="${pts}" fill="none" stroke="${COLOURS[1]}" stroke-width="2"/></svg>`;
}

/** Bars a chart draws at most: neighbouring bins of a longer histogram are drawn as one. */
const MAX_BARS = 60;

/** `bins` merged so there are at most {@link MAX_BARS}: each bar from its first bin's start, with the games of all. */
function coarse(bins: Array<{ from: number; games: number }>): Array<{ from: number; games: number }> {
  const k = Math.ceil(bins.length / MAX_BARS);
  if (k <= 1) return bins;
  const out: Array<{ from: number; games: number }> = [];
  bins.forEach((b, i) => (i % k === 0 ? out.push({ from: b.from, games: b.games }) : (out[out.length - 1].games += b.games)));
  return out;
}

/** The whole page, in the words of `w` (its figures are the run's, in every language). */
export function reportHtml(s: Summary, turnsHistogram: Array<{ from: number; games: number }>, perProfileCards?: Array<{ name: string; cardsPerPress: Record<string, number> }>, w: CliWords = CLI_EN_WORDS): string {
  const n = (x: number) => numeral(w, String(x));
  const ci = (xs: readonly number[], fmt: (x: number) => string = n) => xs.map(fmt).join(' – ');
  const rows: Array<[string, string]> = [
    [w.t('cli.report.games'), w.t('cli.report.run', { games: String(s.games), match: s.match ? 'yes' : 'no', players: String(s.players), rules: s.rules, profile: s.profile, seed: String(s.seed), fidelity: s.fidelity })],
    [w.t('cli.sim.turns'), w.t('cli.report.withCi', { x: n(s.meanTurns), ci: ci(s.meanTurnsCi95) })],
    [w.t('cli.sim.presses'), w.t('cli.report.withCi', { x: n(s.meanPresses), ci: ci(s.meanPressesCi95) })],
    [w.t('cli.sim.cardsPerPress'), n(s.meanCardsPerPress)],
    [w.t('cli.sim.pNoCards'), w.t('cli.report.withCi', { x: percent(w, s.pNoCards), ci: w.t('cli.percent', { x: ci(s.pNoCardsCi95, (x) => decimal(w, x * 100, 1)) }) })],
    [w.t('cli.sim.reloads'), w.t('cli.report.withCi', { x: n(s.reloadsPerGame), ci: ci(s.reloadsPerGameCi95) })],
    [w.t('cli.sim.points'), n(s.pointsPerGame)],
    [w.t('cli.report.seatAdvantage'), w.t('cli.report.seatTest', { stat: decimal(w, s.seatTest.statistic, 2), df: String(s.seatTest.df), p: numeral(w, s.seatTest.pValue.toPrecision(3)) })],
    [w.t('cli.report.violations'), String(s.invariantViolations)],
    [w.t('cli.report.speed'), w.t('cli.report.speedIs', { games: n(s.gamesPerSecond), turns: n(s.turnsPerSecond), workers: String(s.workers) })],
  ];
  const cards = perProfileCards ?? [{ name: s.profile, cardsPerPress: s.cardsPerPress }];
  const maxC = maxOf(cards.flatMap((c) => Object.keys(c.cardsPerPress).map(Number)));
  const labels = Array.from({ length: maxC + 1 }, (_, i) => String(i));
  const cardSeries = cards.map((c) => {
    const total = Object.values(c.cardsPerPress).reduce((a, b) => a + b, 0);
    return { name: c.name, values: labels.map((l) => (c.cardsPerPress[l] ?? 0) / total) };
  });
  const turns = coarse(turnsHistogram);
  return `<!doctype html>
<html lang="${w.lang}"><head><meta charset="utf-8"><title>${esc(w.t('cli.report.title', { profile: s.profile }))}</title>
<style>
body{font-family:system-ui,sans-serif;margin:2em;max-width:60em;color:#222}
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #bbb;padding:.3em .6em;text-align:left}
svg{display:block;margin:1.5em 0;font-family:system-ui,sans-serif}
@media print{body{margin:0}svg{page-break-inside:avoid}}
</style></head><body>
<h1>${esc(w.t('cli.report.heading'))}</h1>
<table>${rows.map(([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(v)}</td></tr>`).join('')}</table>
${bars(w, w.t('cli.report.cardsPerPress'), labels, cardSeries, w.t('cli.report.shareOfPresses'))}
${bars(w, w.t('cli.report.turnsPerGame'), turns.map((b) => String(b.from)), [{ name: w.t('cli.report.gamesSeries'), values: turns.map((b) => b.games) }], w.t('cli.report.gamesSeries'))}
${bars(w, w.t('cli.report.winsBySeat'), s.winsBySeat.map((_, i) => w.t('cli.report.seat', { seat: String(i) })), [{ name: w.t('cli.report.winsSeries'), values: s.winsBySeat }], w.t('cli.report.gamesWon'))}
${line(w, w.t('cli.report.handOverTime'), s.handOverTime, w.t('cli.report.turn'), w.t('cli.report.meanCards'))}
<p>${w.t('cli.report.madeBy', { open: '<code>', close: '</code>' })}</p>
</body></html>
`;
}

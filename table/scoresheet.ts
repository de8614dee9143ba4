/**
 * The printable score sheet of a match: rounds, each player's points and running totals, like the
 * printed score cards players keep. HTML with print styles, no scripts, no network; its words and
 * its `lang` are the reader's language.
 */
import { ROUND_MOVE_LIMIT, type MatchState } from '../game/index.ts';
import { EN_WORDS, type Words } from '../words/catalogue.ts';
import type { Names } from './words.ts';

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The score sheet page. `when` is printed as given (the caller's clock, not the game's). */
export function scoreSheetHtml(m: MatchState, names: Names, when: string, w: Words = EN_WORDS): string {
  const t = w.t;
  const rules = m.setup.rules;
  const head = names.map((n) => `<th colspan="2">${esc(n)}</th>`).join('');
  const sub = names.map(() => `<th>${esc(t('sheet.points'))}</th><th>${esc(t('sheet.total'))}</th>`).join('');
  const rows = m.rounds
    .map((r) => `<tr><td>${r.round + 1}</td><td>${r.winner === null ? esc(t('sheet.calledOff', { limit: ROUND_MOVE_LIMIT })) : esc(names[r.winner])}</td>${r.points.map((p, i) => `<td>${p}</td><td class="total">${r.totals[i]}</td>`).join('')}</tr>`)
    .join('\n');
  const winner = m.winner === null ? esc(t('sheet.notFinished')) : esc(t('sheet.wins', { who: names[m.winner] }));
  const facts = t('sheet.facts', { rules: rules.name, target: rules.options.target, scoring: rules.options.scoring, seed: String(m.setup.seed), when });
  return `<!doctype html>
<html lang="${w.lang}"><head><meta charset="utf-8"><title>${esc(t('sheet.title'))}</title>
<style>
body{font-family:Georgia,serif;margin:2em;color:#111}
h1{font-size:1.6em;margin:0 0 .2em}p{margin:.2em 0 1em}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #333;padding:.35em .5em;text-align:center}
th{background:#eee}td.total{font-weight:bold;background:#fafafa}
tfoot td{font-weight:bold;border-top:3px double #333}
@media print{body{margin:1cm}th{background:#ddd !important;-webkit-print-color-adjust:exact;print-color-adjust:exact}@page{size:landscape}}
</style></head><body>
<h1>${esc(t('sheet.heading'))}</h1>
<p>${esc(facts)} · <strong>${winner}</strong></p>
<table>
<thead><tr><th rowspan="2">${esc(t('sheet.round'))}</th><th rowspan="2">${esc(t('sheet.wentOut'))}</th>${head}</tr><tr>${sub}</tr></thead>
<tbody>
${rows}
</tbody>
<tfoot><tr><td colspan="2">${esc(t('sheet.final'))}</td>${m.totals.map((x) => `<td colspan="2">${x}</td>`).join('')}</tr></tfoot>
</table>
</body></html>
`;
}

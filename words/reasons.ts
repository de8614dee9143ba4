/**
 * The wording of a {@link Said} message by the page and the command line alike: its reasons
 * (`reason.*`, why a file or a setup cannot be used) by the game's catalogue, its other keys by the
 * command line's when it is given. Apart from words/said.ts, which the rules and the launcher
 * import and the page's workers bundle with them: those word nothing and carry no catalogue.
 */
import type { Lang, Values, Words } from './catalogue.ts';
import type { CliKey } from './cli-en.ts';
import { noticeText } from '../firmware-bridge/notices.ts';
import { refusalIn } from './refusals.ts';
import { saidOf, type ReasonKey, type Said } from './said.ts';

/**
 * `items` as "a, b or c" in the words of `w`. English as British English writes it (no comma
 * before "or"), as the project's other English does.
 */
export function orList(w: { readonly lang: Lang }, items: readonly string[]): string {
  return new Intl.ListFormat(w.lang === 'en' ? 'en-GB' : w.lang, { type: 'disjunction' }).format(items);
}

const isReason = (key: string): key is ReasonKey => key.startsWith('reason.');

/**
 * `s` worded: its reasons, a notice and a refusal inside by the game's words `game()` (asked for only then:
 * the command line loads its French when it says an error), its other keys by `cli`, the command
 * line's words of the same language; null when it holds a key of the command line and `cli` is
 * not given (the page, which says the error's English `message` then).
 */
export function sayWith(game: () => Words, cli: Words<CliKey> | null, s: Said): string | null {
  const v: Record<string, string | number> = {};
  for (const [k, x] of Object.entries(s.values ?? {})) {
    if (typeof x !== 'object') v[k] = x;
    else if ('or' in x) v[k] = orList(cli ?? game(), x.or);
    else if ('notice' in x) v[k] = noticeText(x.notice, game());
    else if ('refusal' in x) v[k] = refusalIn(x.refusal, game());
    else {
      const inner = sayWith(game, cli, x);
      if (inner === null) return null;
      v[k] = inner;
    }
  }
  const values = s.values ? (v as Values) : undefined;
  if (isReason(s.key)) return game().t(s.key, values);
  return cli ? cli.t(s.key, values) : null;
}

/** The error `e`'s message in the page's words `w`: its reason worded when it carries one the page can say, else its own (English) text. */
export function reasonIn(w: Words, e: unknown): string {
  const s = saidOf(e);
  return (s && sayWith(() => w, null, s)) ?? String((e as Error)?.message ?? e);
}

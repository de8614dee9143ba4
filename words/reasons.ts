/**
 * The wording of a {@link Said} message by the page and the command line alike: its reasons
 * (`reason.*`, why a file or a setup cannot be used) by the game's catalogue, its other keys by the
 * command line's when it is given. Apart from words/said.ts, which the rules and the launcher
 * import and the page's workers bundle with them: those word nothing and carry no catalogue.
 */
import { catalogueOf, orList, type Key, type Values, type Words } from './catalogue.ts';
import type { CliKey } from './cli-en.ts';
import { noticeText } from '../firmware-bridge/notices.ts';
import { refusalIn } from './refusals.ts';
import { saidOf, type ReasonKey, type Said } from './said.ts';

const isReason = (key: string): key is ReasonKey => key.startsWith('reason.');

/**
 * Whether the game's words `w` say `key` of the command line's: a position's reason, which the
 * page's other languages carry (words/position.fr.ts, with their catalogue) and its English does
 * not (the error's own `message` is that English).
 */
const gameSays = (w: Words, key: string): key is Key => key.startsWith('cli.position.') && catalogueOf(w.lang)?.[key as Key] !== undefined;

/**
 * `s` worded: its reasons, a notice and a refusal inside by the game's words `game()` (asked for only then:
 * the command line loads its French when it says an error), its other keys by `cli`, the command
 * line's words of the same language; null when it holds a key of the command line and `cli` is
 * not given (the page, which says the error's English `message` then), but for a position's
 * reasons, which the page's languages other than English carry.
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
  if (cli) return cli.t(s.key, values);
  return gameSays(game(), s.key) ? game().t(s.key, values) : null;
}

/** The error `e`'s message in the page's words `w`: its reason worded when it carries one the page can say, else its own (English) text. */
export function reasonIn(w: Words, e: unknown): string {
  const s = saidOf(e);
  return (s && sayWith(() => w, null, s)) ?? String((e as Error)?.message ?? e);
}

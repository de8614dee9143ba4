/**
 * A simple player that reads the play screen (text) and answers as a person would: the first
 * playable card, the first colour or player offered, let chances go, else press, draw or pass.
 * Used by the terminal test (tmux) and by the session test (the screen as the program prints it).
 */
import type { Pane } from './tmux.ts';

/** A line that asks the person for something. */
export const PROMPT = /Your turn \(|You drew a card \(|: press \d+ more times?|: press until cards come out|A chance out of turn \(|name a colour:|at whom:|play both identical|Press Enter for the next round|Press any key to leave/;

/** The lines of the screen that ask for something (the question to the end, with its options), or null when nothing is asked. */
export function promptLine(screen: string): string | null {
  const lines = screen.split('\n');
  const at = lines.findIndex((l) => PROMPT.test(l));
  return at < 0 ? null : lines.slice(at).join('\n');
}

/** The keys that answer the screen, as tmux key names (`Enter`) or single characters. */
export function answer(screen: string): string[] {
  const line = promptLine(screen) ?? '';
  if (/Press Enter for the next round|Press any key to leave/.test(line)) return ['Enter'];
  if (/name a colour:|at whom:/.test(line)) return [/(?:colour|whom): (\S+)/.exec(line)![1]];
  if (/play both identical/.test(line)) return ['n'];
  if (/A chance out of turn/.test(line)) return ['Enter'];
  if (/: press (\d+ more times?|until cards come out)/.test(line)) return ['p'];
  const playable = [...screen.matchAll(/\s(\d+)\*/g)].map((m) => m[1]);
  if (playable.length) return [...playable[0].split(''), 'Enter'];
  if (/p press|p draw/.test(line)) return ['p'];
  if (/s pass/.test(line)) return ['s'];
  if (/a accept|a take/.test(line)) return ['a'];
  throw new Error(`no move found on:\n${screen}`);
}

/**
 * A player at the keyboard for the play session without a terminal: it reads each screen the
 * session prints and answers it with {@link answer}; after `quitAfter` answers it quits (q).
 */
export class Robot {
  screen = '';
  answers = 0;
  private queue: string[] = [];
  constructor(private readonly quitAfter = Infinity) {}
  out = (text: string): void => void (this.screen = text.replace(/\x1b\[[0-9;]*[A-Za-z]/g, ''));
  async next(): Promise<string> {
    if (this.queue.length === 0) {
      if (this.answers >= this.quitAfter) return 'q';
      this.answers++;
      this.queue = answer(this.screen).map((k) => (k === 'Enter' ? 'enter' : k));
    }
    return this.queue.shift()!;
  }
  takeQuit(): boolean {
    return false;
  }
}

/** A screen that waits for a decision (not one caught while digits are being typed). */
export const isPrompt = (s: string) => (PROMPT.test(s) || /Match over|\[exit/.test(s)) && !/^\s+> \d+_/m.test(s);

/**
 * A simple strategy a test can follow from the screen alone: play the first playable card, name
 * the first colour offered, aim at the first player offered, let chances go, else press or pass.
 * Returns the number of decisions made; stops at the end of the match, or after `limit` decisions.
 */
export async function playByScreen(p: Pane, limit = 500, until?: RegExp): Promise<{ decisions: number; screen: string }> {
  let decisions = 0;
  let s = await p.waitFor(isPrompt);
  while (decisions < limit) {
    if (/Match over|\[exit/.test(s) || until?.test(s)) return { decisions, screen: s };
    const keys = answer(s);
    p.send(keys);
    decisions++;
    s = await p.waitFor((x) => x !== s && isPrompt(x));
  }
  return { decisions, screen: s };
}

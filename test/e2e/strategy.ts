/**
 * A simple player that reads the play screen (text) and answers as a person would: the first
 * playable card, the first colour or player offered, let chances go, else press, draw or pass.
 * Used by the terminal test (tmux) and by the session test (the screen as the program prints it).
 */
import type { Pane } from './tmux.ts';

/** What the play screen says in one language, as the patterns this player reads it by. */
export interface ScreenWords {
  /** A line that asks the person for something. */
  prompt: RegExp;
  /** The match is over, or the program has left. */
  over: RegExp;
  /** Asks for Enter or any key: the next round, or leaving. */
  next: RegExp;
  /** Asks for a colour or a player; the first one offered is caught. */
  choose: RegExp;
  both: RegExp;
  chance: RegExp;
  pressing: RegExp;
  press: RegExp;
  pass: RegExp;
  accept: RegExp;
}

export const ENGLISH_SCREEN: ScreenWords = {
  prompt: /Your turn \(|You drew a card \(|: press \d+ more times?|: press until cards come out|A chance out of turn \(|name a colour:|at whom:|play both identical|Press Enter for the next round|Press any key to leave/,
  over: /Match over|\[exit/,
  next: /Press Enter for the next round|Press any key to leave/,
  choose: /(?:name a colour|at whom): (\S+)/,
  both: /play both identical/,
  chance: /A chance out of turn/,
  pressing: /: press (\d+ more times?|until cards come out)/,
  press: /p press|p draw/,
  pass: /s pass/,
  accept: /a accept|a take/,
};

/** The lines of the screen that ask for something (the question to the end, with its options), or null when nothing is asked. */
export function promptLine(screen: string, say = ENGLISH_SCREEN): string | null {
  const lines = screen.split('\n');
  const at = lines.findIndex((l) => say.prompt.test(l));
  return at < 0 ? null : lines.slice(at).join('\n');
}

/** The keys that answer the screen, as tmux key names (`Enter`) or single characters. */
export function answer(screen: string, say = ENGLISH_SCREEN): string[] {
  const line = promptLine(screen, say) ?? '';
  if (say.next.test(line)) return ['Enter'];
  const chosen = say.choose.exec(line);
  if (chosen) return [chosen[1]];
  if (say.both.test(line)) return ['n'];
  if (say.chance.test(line)) return ['Enter'];
  if (say.pressing.test(line)) return ['p'];
  const playable = [...screen.matchAll(/\s(\d+)\*/g)].map((m) => m[1]);
  if (playable.length) return [...playable[0].split(''), 'Enter'];
  if (say.press.test(line)) return ['p'];
  if (say.pass.test(line)) return ['s'];
  if (say.accept.test(line)) return ['a'];
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
export const isPrompt = (s: string, say = ENGLISH_SCREEN) => (say.prompt.test(s) || say.over.test(s)) && !/^\s+> \d+_/m.test(s);

/**
 * A simple strategy a test can follow from the screen alone: play the first playable card, name
 * the first colour offered, aim at the first player offered, let chances go, else press or pass.
 * Returns the number of decisions made; stops at the end of the match, or after `limit` decisions.
 */
export async function playByScreen(p: Pane, limit = 500, until?: RegExp): Promise<{ decisions: number; screen: string }> {
  let decisions = 0;
  let s = await p.waitFor(isPrompt);
  while (decisions < limit) {
    if (ENGLISH_SCREEN.over.test(s) || until?.test(s)) return { decisions, screen: s };
    const keys = answer(s);
    p.send(keys);
    decisions++;
    s = await p.waitFor((x) => x !== s && isPrompt(x));
  }
  return { decisions, screen: s };
}

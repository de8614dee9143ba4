/** A game night's socket client for the tests of a running `uno-extreme web`: a phone or a table screen as the page speaks. */
import { onTestFinished } from 'vitest';
import { WebSocket } from 'ws';
import type { ClientMessage, ServerMessage } from '../../table/roomMessages.ts';
import { POLL_MS } from '../budgets.ts';
import { until } from '../poll.ts';
import { choice } from '../table/players.ts';

/**
 * A socket to the rooms of the server at `url` (its page's address): keeps what it receives and
 * answers its own seat's questions with the first legal choice, so its game goes on. Closed when
 * the running test finishes.
 */
export async function roomSocket(url: string) {
  const origin = url.replace(/\/$/, '');
  const ws = new WebSocket(`${origin.replace(/^http/, 'ws')}/rooms`, { origin });
  onTestFinished(() => ws.terminate());
  const inbox: ServerMessage[] = [];
  const answered = new Set<number>();
  ws.on('message', (d) => {
    const m = JSON.parse(d.toString()) as ServerMessage;
    inbox.push(m);
    const q = m.type === 'view' ? m.view.question : null;
    if (q && !answered.has(q.id)) {
      answered.add(q.id);
      ws.send(JSON.stringify({ type: 'move', question: q.id, choice: choice(q) } satisfies ClientMessage));
    }
  });
  await new Promise((ok, fail) => (ws.once('open', ok), ws.once('error', fail)));
  const has = (type: ServerMessage['type'], test: (m: ServerMessage) => boolean) => inbox.find((m) => (m.type === type && test(m)) || m.type === 'refused');
  return {
    inbox,
    say: (m: ClientMessage) => ws.send(JSON.stringify(m)),
    /** The first message of `type` that passes `test` (or a refusal), received or to come. */
    next: (type: ServerMessage['type'], test: (m: ServerMessage) => boolean = () => true) =>
      until(() => !!has(type, test), POLL_MS, () => `a ${type} message (got ${JSON.stringify(inbox).slice(-2000)})`).then(() => has(type, test)!),
  };
}

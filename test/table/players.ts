/**
 * Scripted players for room tests, over any transport: each answers its own seat's question with
 * a legal move from its view, and checks that every message it receives holds no card of another
 * seat and nothing of the supply, against the server's state when the message was sent.
 */
import { expect } from 'vitest';
import type { Move } from '../../game/index.ts';
import type { ServerMessage } from '../../table/roomMessages.ts';
import type { Room } from '../../rooms/room.ts';
import { MachineLauncher } from '../../emulator/launcher.ts';
import { RoomHub, type RoomBoard } from '../../rooms/hub.ts';
import { manualClock } from '../manual-clock.ts';
import type { Question } from '../../table/session.ts';
import { phraseText, type Phrase } from '../../table/words.ts';
import { EN_WORDS } from '../../words/catalogue.ts';
import '../../words/rooms.ts';

/** What a server said (a refusal, a log line) in English, seats named from `names`. */
export const english = (p: Phrase, names: readonly string[] = []): string => phraseText(p, names, EN_WORDS);

/** The first play, else a colour, pass, accept, press or draw; chances let go (null). */
export function choice(q: Question): number | null {
  if (q.mode === 'react') return null;
  const m = q.moves;
  const pick = (f: (x: Move) => boolean) => m.findIndex(f);
  for (const f of [(x: Move) => x.type === 'play' && !x.uno, (x: Move) => x.type === 'colour', (x: Move) => x.type === 'pass', (x: Move) => x.type === 'accept', (x: Move) => x.type === 'press' || x.type === 'draw']) {
    const i = pick(f);
    if (i >= 0) return i;
  }
  return 0;
}

/**
 * Fails when `text` (a message `seat` received; null: the table screen) names a card it may not
 * see in `room` now. Returns how many cards were hidden from it.
 */
export function checkSecrets(room: Room, seat: number | null, text: string): number {
  const s = room.session?.state;
  if (!s) return 0;
  // Every hand is laid down at a round's end (counted for its points), as while Show Hands lasts.
  const laidDown = s.shown || room.session!.phase !== 'playing';
  const hidden = [...s.supply, ...(laidDown ? [] : s.hands.flatMap((h, i) => (i === seat ? [] : h)))];
  for (const card of hidden) expect(text.includes(`"${card}"`), `seat ${seat} was sent ${card}`).toBe(false);
  return hidden.length;
}

/** The last view of each kind a client received. */
export function lastView(inbox: readonly ServerMessage[]) {
  for (let i = inbox.length - 1; i >= 0; i--) {
    const m = inbox[i];
    if (m.type === 'view' || m.type === 'table') return m;
  }
  return null;
}

/** Resolves once the views of what happened so far have been sent (at the end of the event loop's turn). */
export const flushed = () => new Promise<void>((done) => setImmediate(done));

/**
 * A hub keeping its rooms in `store`, on `clock`, a person gone waited for 20 s, every game of seed
 * 5, the launcher simulated (on `board` when given); a room that fails fails the test.
 */
export function hubWith(store = new Map<string, string>(), clock = manualClock().clock, board?: RoomBoard) {
  return new RoomHub({
    store: { save: (code, text) => void store.set(code, typeof text === 'string' ? text : text()) },
    clock, waitMs: 20_000, seed: () => 5, ...(board ? { board } : {}),
    makeLauncher: (start) => {
      const launcher = new MachineLauncher({ ...start, ignoreButton: true });
      return { launcher, dispose: () => launcher.detach() };
    },
    failed: (code, e) => {
      throw new Error(`room ${code} failed: ${e.message}`);
    },
  });
}

/**
 * A room played as fast as it goes, for the tests of the rooms' files: one person who answers each
 * question at once with its first legal choice, three bots, no pause, so a person's move and the
 * bots' after it are made in one turn of the event loop.
 */
import { MachineLauncher } from '../../emulator/launcher.ts';
import { RoomHub, type RoomClient, type RoomStore } from '../../rooms/hub.ts';
import type { ServerMessage } from '../../table/roomMessages.ts';
import { choice } from '../table/players.ts';

/** A server's rooms kept in `store`, their launchers simulated, their matches dealt from one seed. */
export function playingHub(store: RoomStore): RoomHub {
  return new RoomHub({
    store, seed: () => 5,
    makeLauncher: (start) => {
      const launcher = new MachineLauncher({ ...start, clock: 'simulated', ignoreButton: true });
      return { launcher, dispose: () => launcher.detach() };
    },
  });
}

/** Opens a room of `hub` with `table` as its table screen, seats the person (`heard` hears what they are sent), and starts it. */
export function playFast(hub: RoomHub, table: RoomClient, heard?: (m: ServerMessage) => void): void {
  hub.handle(table, { type: 'create', settings: { rules: 'extreme', profile: 'seed-0-8', players: 4, bots: 'heuristic', paceMs: 0 } });
  const person: RoomClient = {
    send(m) {
      heard?.(m);
      if (m.type !== 'view') return;
      const q = m.view.question;
      if (q) queueMicrotask(() => hub.handle(person, { type: 'move', question: q.id, choice: choice(q) }));
      if (m.view.phase === 'roundOver') queueMicrotask(() => hub.handle(person, { type: 'next' }));
    },
  };
  hub.handle(person, { type: 'join', code: [...hub.rooms.keys()].at(-1)!, name: 'Ana' });
  hub.handle(table, { type: 'start' });
}

/**
 * The game the page keeps (web/src/kept.ts): a whole save now and then, a journal line a move in
 * between, read back as one game. Played by the page's own session over a map as localStorage.
 */
import { describe, expect, it } from 'vitest';
import { resolveProfile } from '../../emulator/profiles.ts';
import { createMatch, parsePlaySave, resolveRules, resumedMeta, type PlayMeta } from '../../game/index.ts';
import { createPageLauncher } from '../../web/src/launcher/index.ts';
import { JOURNAL_AFTER_KEY, JOURNAL_KEY, keptGame, SAVE_KEY } from '../../web/src/kept.ts';
import { GameSession } from '../../web/src/session.ts';
import { gameOfSave } from '../../web/src/games.ts';
import { EN_WORDS } from '../../words/catalogue.ts';

/** A map as the page's storage, counting the writes of each key's kind. */
function memoryStore() {
  const m = new Map<string, string>();
  const writes = { whole: 0, line: 0 };
  return {
    m,
    writes,
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => {
      if (k === SAVE_KEY) writes.whole++;
      if (k.startsWith(JOURNAL_KEY)) writes.line++;
      m.set(k, v);
    },
    removeItem: (k: string) => void m.delete(k),
  };
}

type Store = ReturnType<typeof memoryStore>;

const meta: PlayMeta = { names: ['You', 'Bot 1', 'Bot 2', 'Bot 3'], me: 0, bots: ['heuristic', 'random'], profile: 'seed-0-8', launcher: null };

function sessionOf(store: Store, text?: string): GameSession {
  if (text === undefined) {
    const match = createMatch({ rules: resolveRules('extreme', { target: 600 }), players: 4, seed: 31, log: true });
    return new GameSession({ match, meta, profile: resolveProfile('seed-0-8'), speed: 'instant', store, makeLauncher: createPageLauncher });
  }
  const g = gameOfSave(store, text, 'kept', EN_WORDS);
  return new GameSession({ ...g, speed: 'instant', store, makeLauncher: createPageLauncher });
}

/** Plays `session` (the person takes the first move offered, lets chances go) until `answers` answers, then stops it. */
async function play(session: GameSession, answers: number): Promise<void> {
  let seen = -1;
  let given = 0;
  session.subscribe(() => {
    if (session.phase === 'roundOver') return queueMicrotask(() => session.nextRound());
    const ask = session.ask;
    if (!ask || session.askId === seen) return;
    seen = session.askId;
    if (given++ >= answers) return queueMicrotask(() => session.stop());
    queueMicrotask(() => session.answer(ask.mode === 'react' ? null : ask.moves[0]));
  });
  await session.run();
}

/** The game read back from `store` as a reload reads it, saved whole again. */
function reloaded(store: Store): { text: string; cut: boolean; later: number } {
  const kept = keptGame(store)!;
  const back = parsePlaySave(kept.text, 'kept', kept.later);
  const s = new GameSession({ match: back.match, meta: resumedMeta(back.match, back.meta), profile: resolveProfile('seed-0-8'), speed: 'instant', store: memoryStore(), makeLauncher: createPageLauncher });
  return { text: s.saveText(), cut: kept.cut, later: kept.later.length };
}

const journal = (store: Store) => [...store.m.keys()].filter((k) => k.startsWith(JOURNAL_KEY)).length;

describe('the game the page keeps', () => {
  it('keeps a move as a journal line, the whole save seldom; read back, it is the game as it was', async () => {
    const store = memoryStore();
    const session = sessionOf(store);
    await play(session, 120);
    const moves = session.match.game.round === 0 ? session.state.moves : session.state.moves + 1;
    expect(moves).toBeGreaterThan(0);
    // Every move was kept, most of them by a line.
    expect(store.writes.line).toBeGreaterThan(store.writes.whole * 3);
    expect(journal(store)).toBeGreaterThan(0);
    const back = reloaded(store);
    expect(back).toMatchObject({ cut: false, later: journal(store) });
    // The launcher's state and the events come back with the moves.
    expect(back.text).toBe(session.saveText());
  });

  it('goes on from a reload as it would have gone on without one', async () => {
    const once = memoryStore();
    await play(sessionOf(once), 90);
    const twice = memoryStore();
    await play(sessionOf(twice), 40);
    // Reloaded from its journal: its first keep writes the whole save and empties the journal.
    const again = sessionOf(twice, reloaded(twice).text);
    await play(again, 50);
    expect(journal(twice)).toBeGreaterThan(0);
    expect(JSON.parse(reloaded(twice).text).rounds).toEqual(JSON.parse(reloaded(once).text).rounds);
  });

  it('ends the moves at a torn last line, and says so', async () => {
    const store = memoryStore();
    const session = sessionOf(store);
    await play(session, 30);
    const n = journal(store);
    expect(n).toBeGreaterThan(1);
    const last = JOURNAL_KEY + (n - 1);
    store.m.set(last, store.m.get(last)!.slice(0, 20));
    const kept = keptGame(store)!;
    expect(kept).toMatchObject({ cut: true });
    expect(kept.later).toHaveLength(n - 1);
    const g = gameOfSave(store, kept.text, 'kept', EN_WORDS, kept.later);
    expect(g.match.game.moves).toBe(session.state.moves - 1);
  });

  it('ends them at a line that does not follow (another game\'s)', async () => {
    const store = memoryStore();
    await play(sessionOf(store), 30);
    const n = journal(store);
    store.m.set(JOURNAL_KEY + 1, JSON.stringify({ r: 5, n: 1, m: { type: 'draw', seat: 0 } }));
    expect(keptGame(store)).toMatchObject({ cut: true, later: [expect.anything()] });
    expect(n).toBeGreaterThan(2);
  });

  it('opens a save written whole, without a journal (before the journal, or by a file)', async () => {
    const store = memoryStore();
    const session = sessionOf(store);
    await play(session, 30);
    const whole = session.saveText();
    const old = memoryStore();
    old.m.set(SAVE_KEY, whole);
    expect(keptGame(old)).toEqual({ text: whole, later: [], cut: false });
    expect(gameOfSave(old, whole, 'kept', EN_WORDS).match.game.moves).toBe(session.state.moves);
    // A journal that follows another save (the page closed as it wrote a new one over it) is not read.
    store.m.set(JOURNAL_AFTER_KEY, 'another');
    expect(keptGame(store)).toMatchObject({ later: [], cut: false });
  });

  it('writes no save when none is kept', () => {
    expect(keptGame(memoryStore())).toBeNull();
  });
});

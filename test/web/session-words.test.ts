import { describe, expect, it } from 'vitest';
import { resolveProfile } from '../../emulator/profiles.ts';
import { createMatch, resolveRules } from '../../game/index.ts';
import { createPageLauncher } from '../../web/src/launcher/index.ts';
import { GameSession } from '../../web/src/session.ts';

/** A map as the page's storage. */
function memoryStore() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k) };
}

describe('the page session\'s words', () => {
  // The terminal's wording, shared by every view (table/words.ts): never "You deals".
  it('names the dealer as the terminal does: "dealer: You", "dealer: Bot 1"', async () => {
    const seen = new Map<number, string>();
    for (let seed = 1; seed <= 12 && seen.size < 2; seed++) {
      const match = createMatch({ rules: resolveRules('classic'), players: 2, seed, log: true });
      const dealer = match.game.dealer;
      if (seen.has(dealer)) continue;
      const session = new GameSession({
        match, meta: { names: ['You', 'Bot 1'], me: 0, bots: ['first'], profile: 'seed-0-8', launcher: null },
        profile: resolveProfile('seed-0-8'), speed: 'instant', store: memoryStore(), makeLauncher: createPageLauncher,
      });
      // The first line is written before the first question: stop there.
      session.subscribe(() => session.log.length > 0 && session.stop());
      await session.run();
      seen.set(dealer, session.log[0]);
    }
    expect(seen.get(0)).toBe('Round 1, dealer: You');
    expect(seen.get(1)).toBe('Round 1, dealer: Bot 1');
  });
});

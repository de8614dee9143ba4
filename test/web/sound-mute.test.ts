/**
 * The page's one mute (web/src/launcher/sound.ts): every sound of the page, kept in the browser's
 * storage, so a reload (or the next game night) stays as quiet as it was left.
 */
import { describe, expect, it } from 'vitest';
import { MUTE_KEY, Sound } from '../../web/src/launcher/sound.ts';

/** A storage as the page's (a map). */
function storage(): Pick<Storage, 'getItem' | 'setItem'> & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return { items, getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v) };
}

describe('the page\'s mute', () => {
  it('is kept in the storage and read back by the next page, for every sound', () => {
    const store = storage();
    const first = new Sound(new EventTarget(), { store });
    expect(first.muted).toBe(false);
    first.setMuted(true);
    expect(store.items.get(MUTE_KEY)).toBe('1');
    first.dispose();
    const reloaded = new Sound(new EventTarget(), { store });
    expect(reloaded.muted).toBe(true);
    // Muted, no sound of the game plays (nor the launcher's).
    for (const kind of ['lay', 'draw', 'uno', 'win', 'ding'] as const) expect(reloaded.play(kind)).toBe(false);
    reloaded.setMuted(false);
    expect(new Sound(new EventTarget(), { store }).muted).toBe(false);
  });

  it('a sound told its setting keeps it, whatever the storage says', () => {
    const store = storage();
    store.setItem(MUTE_KEY, '1');
    expect(new Sound(new EventTarget(), { store, muted: false }).muted).toBe(false);
  });
});

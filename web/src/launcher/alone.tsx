/**
 * The launcher alone (`#launcher`), for the families who own the cards and whose toy broke or
 * ran out of batteries (its jams and battery drain are its best-known fault): the same XState
 * machine and drawing as in the game, on a profile of their choice, telling how many cards to
 * take from their own draw pile at each press. No game: the people play it at their table.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { BUILTIN_PROFILES, resolveProfile } from '../../../emulator/profiles.ts';
import { useWords } from '../lang.tsx';
import { createPageLauncher, LAUNCHER_CSS, LauncherView, Sound, type PageLauncher } from './index.ts';

/** The cards the machine holds: stand-ins for the people's own draw pile, as many as a deck holds. */
const PILE = Array.from({ length: 112 }, (_, i) => `pile${i}`);

export function LauncherAlone() {
  const w = useWords();
  const [profile, setProfile] = useState(Object.keys(BUILTIN_PROFILES)[0]);
  const [busy, setBusy] = useState(false);
  const [taken, setTaken] = useState<number | null>(null);
  const sound = useMemo(() => new Sound(window, { store: localStorage }), []);
  useEffect(() => () => sound.dispose(), []);
  // A new machine for each profile, seeded from the clock: a person's own game wants no replay.
  const page: PageLauncher = useMemo(
    () => createPageLauncher({ profile: resolveProfile(profile), seed: Date.now() % 2 ** 31, seats: 1, speed: 1, supply: PILE }),
    [profile],
  );
  useEffect(() => () => page.dispose(), [page]);
  const l = page.launcher;
  const press = () => {
    setBusy(true);
    setTaken(null);
    void l.press().then((r) => {
      // Empty, it takes the pile back: the people shuffle their discards into their own.
      if (r.empty || l.supplyCount === 0) void l.load(PILE);
      setTaken(r.cards.length);
      setBusy(false);
    }, () => setBusy(false));
  };
  return (
    <main class="launcher-alone">
      <style>{LAUNCHER_CSS}</style>
      <header class="bar">
        <h1>{w.t('alone.title')}</h1>
        <nav><a href="#" class="button">{w.t('alone.back')}</a></nav>
      </header>
      <p>{w.t('alone.intro')}</p>
      <label>
        {w.t('alone.profile')}{' '}
        <select value={profile} onChange={(e) => setProfile(e.currentTarget.value)}>
          {Object.keys(BUILTIN_PROFILES).map((name) => <option key={name} value={name}>{name}</option>)}
        </select>
      </label>
      <LauncherView key={profile} launcher={l} names={[w.t('alone.you')]} me={0} canPress={!busy} pressLabel={w.t('alone.pressWhat')} onPress={press} sound={sound} />
      <p class="alone-take" role="status">{taken === null ? '' : w.t('alone.take', { n: taken })}</p>
    </main>
  );
}

/**
 * The launcher alone (`#launcher`), for the families who own the cards and whose toy broke or
 * ran out of batteries (its jams and battery drain are its best-known fault): the same XState
 * machine and drawing as in the game, on a profile of their choice, telling how many cards to
 * take from their own draw pile at each press. No game: the people play it at their table. It
 * runs as the console's scripted presses do (`uno-extreme launcher --presses N`): the same
 * profile, seed, seats and load give the same presses, counted the same way ({@link PressTally}).
 */
import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { BATTERY } from '../../../emulator/core.ts';
import { BUILTIN_PROFILES, resolveProfile } from '../../../emulator/profiles.ts';
import { PressTally } from '../../../emulator/tally.ts';
import { DeviceBar, LauncherChoice, PageDevice } from '../device/index.ts';
import { readSettings } from '../app.tsx';
import { useWords } from '../lang.tsx';
import { LAUNCHER_CSS, LauncherView, Sound } from './index.ts';
import { LauncherWatch } from './watch.ts';
import { aloneChoices } from './alone-route.ts';

/** A deck's cards: what a family's draw pile starts from, and the console's full load. */
const DECK = 108;
/** The most cards the toy's drum takes. */
const MOST = 112;

/** The 1-based number of a 0-based seat, for people who count from one. */
const playerNumber = (seat: number) => seat + 1;

export function LauncherAlone({ store }: { store: Storage }) {
  const w = useWords();
  const asked = useMemo(() => aloneChoices(location.hash), []);
  const [profile, setProfile] = useState(asked.profile !== null && asked.profile in BUILTIN_PROFILES ? asked.profile : Object.keys(BUILTIN_PROFILES)[0]);
  const [seats, setSeats] = useState(asked.seats ?? 4);
  // A person's own game wants no replay: the clock picks the seed unless the address gives one; it is shown either way.
  const [seed] = useState(() => asked.seed ?? Date.now() % 2 ** 31);
  const [busy, setBusy] = useState(false);
  const [taken, setTaken] = useState<number | null>(null);
  const [loadAsk, setLoadAsk] = useState(false);
  const [lastLoad, setLastLoad] = useState(DECK);
  const sound = useMemo(() => new Sound(window, { store }), []);
  useEffect(() => () => sound.dispose(), []);
  const device = useMemo(() => new PageDevice(store), []);
  useEffect(() => void device.restore(), []);
  const [released, setReleased] = useState(device.released);
  useEffect(() => device.subscribe(() => setReleased(device.released)), [device]);
  // A new machine, and a new count, for each profile, table and launcher device.
  const made = useMemo(() => {
    // At the pace the person chose for the game (a board runs at its own).
    let next = 0;
    // Stand-ins for the family's own cards, each its own (the drawing flies each one by its id).
    const cards = (n: number) => Array.from({ length: n }, () => `pile${next++}`);
    const page = device.makeLauncher({ profile: resolveProfile(profile), seed, seats, speed: readSettings(store).speed, supply: cards(DECK) });
    return { page, tally: new PressTally(), cards };
  }, [profile, seats, released]);
  useEffect(() => () => made.page.dispose(), [made]);
  const l = made.page.launcher;
  // The buttons follow the machine (a jam, an aim reached, spent batteries, the cards inside): the
  // page is drawn again when one of those changes, not at each of the machine's steps.
  const look = () => `${l.unitState} ${l.context.aimSeat} ${l.context.turning} ${l.supplyCount} ${l.volts < BATTERY.lowVolts}`;
  const [, setLook] = useState(look);
  useEffect(() => {
    const watch = new LauncherWatch(l);
    const off = watch.subscribe(() => setLook(look()));
    return () => (off(), watch.dispose());
  }, [l]);
  const state = l.unitState;
  // One function per machine: the launcher's view is drawn again only when what it shows changes.
  const press = useCallback(() => {
    setBusy(true);
    setTaken(null);
    void made.page.launcher.press().then((r) => {
      made.tally.add(r);
      setTaken(r.dinged ? r.cards.length : null);
      // Empty: the people put their discards back into their own pile and say how many went in.
      if (made.page.launcher.supplyCount === 0) setLoadAsk(true);
      setBusy(false);
    }, () => setBusy(false));
  }, [made]);
  const load = (n: number) => {
    setLoadAsk(false);
    setLastLoad(n);
    made.tally.reloads++;
    void l.load(made.cards(n));
  };
  const batteries = () => {
    l.send({ type: 'POWER_OFF' });
    l.send({ type: 'REPLACE_BATTERIES' });
    l.send({ type: 'POWER_ON' });
  };
  const names = Array.from({ length: seats }, (_, i) => w.t('alone.player', { n: playerNumber(i) }));
  const counted = made.tally.cardsPerPress.map((presses, n) => ({ n, presses })).filter((c) => c.presses);
  return (
    <main class="launcher-alone">
      <style>{LAUNCHER_CSS}</style>
      <header class="bar">
        <h1>{w.t('alone.title')}</h1>
        <nav><a href="#" class="button">{w.t('alone.back')}</a></nav>
      </header>
      <p>{w.t('alone.intro')}</p>
      <div class="alone-choices">
        <label>
          {w.t('alone.profile')}{' '}
          <select value={profile} onChange={(e) => setProfile(e.currentTarget.value)}>
            {Object.keys(BUILTIN_PROFILES).map((name) => <option key={name} value={name}>{name}</option>)}
          </select>
        </label>
        <label>
          {w.t('alone.players')}{' '}
          <select value={seats} onChange={(e) => setSeats(Number(e.currentTarget.value))}>
            {Array.from({ length: 9 }, (_, i) => i + 2).map((n) => <option key={n} value={n}>{n}</option>)}
          </select>
        </label>
        <span class="seed">{w.t('alone.seed', { seed: String(seed) })}</span>
      </div>
      <details class="alone-device">
        <summary>{w.t('alone.device')}</summary>
        <LauncherChoice device={device} />
      </details>
      <DeviceBar device={device} />
      <div class="alone-aim" role="group" aria-label={w.t('alone.aim')}>
        {names.map((name, seat) => (
          <button key={seat} type="button" aria-pressed={l.context.aimSeat === seat} disabled={busy || l.context.turning} onClick={() => void l.aim(seat)}>{name}</button>
        ))}
      </div>
      <LauncherView key={`${profile}/${seats}`} launcher={l} names={names} me={0} canPress={!busy && !loadAsk && state === 'ready'} pressLabel={w.t('alone.pressWhat')} onPress={press} sound={sound} />
      <p class="alone-take" role="status">{taken === null ? '' : w.t('alone.take', { n: taken })}</p>
      {loadAsk && <LoadForm last={lastLoad} room={MOST - l.supplyCount} onLoad={load} />}
      {!loadAsk && state === 'jammed' && <button type="button" onClick={() => void l.clearJam()}>{w.t('alone.clearJam')}</button>}
      {!loadAsk && (state === 'dead' || l.volts < BATTERY.lowVolts) && <button type="button" onClick={batteries}>{w.t('alone.batteries')}</button>}
      {!loadAsk && <button type="button" class="alone-reload" disabled={busy || l.supplyCount >= MOST} onClick={() => setLoadAsk(true)}>{w.t('alone.reload')}</button>}
      <table class="alone-tally">
        <caption>{w.t('alone.tally', { n: made.tally.presses })}</caption>
        <thead><tr><th scope="col">{w.t('alone.tallyCards')}</th><th scope="col">{w.t('alone.tallyPresses')}</th></tr></thead>
        <tbody>{counted.map((c) => <tr key={c.n} data-cards={c.n}><td>{c.n}</td><td>{c.presses}</td></tr>)}</tbody>
      </table>
    </main>
  );
}

/** Asks how many cards went into the launcher (the family's draw pile, put back in), as many as the drum has `room` for. */
function LoadForm({ last, room, onLoad }: { last: number; room: number; onLoad: (n: number) => void }) {
  const w = useWords();
  const [n, setN] = useState(String(Math.min(last, room)));
  const ok = /^\d+$/.test(n) && Number(n) >= 1 && Number(n) <= room;
  return (
    <form class="alone-load" onSubmit={(e) => (e.preventDefault(), ok && onLoad(Number(n)))}>
      <label>
        {w.t('alone.loadHow')}{' '}
        <input type="number" inputMode="numeric" min={1} max={room} required value={n} autoFocus onInput={(e) => setN(e.currentTarget.value)} />
      </label>{' '}
      <button type="submit" disabled={!ok}>{w.t('alone.load')}</button>
    </form>
  );
}

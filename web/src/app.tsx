/**
 * The page: the menu bar (new game, save file, copy the position, open a save, speed,
 * colour-blind mode), the table of the match in progress, the score table between rounds and
 * the end of the match with its printable score sheet. The match in progress is kept in the
 * browser's storage after every move, so a reload goes on where it was.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { scoreSheetHtml } from '../../table/scoresheet.ts';
import { roundEndText, youOf } from '../../table/words.ts';
import type { Words } from '../../words/catalogue.ts';
import { reasonIn } from '../../words/reasons.ts';
import { noticeOf, noticeText } from '../../firmware-bridge/notices.ts';
import { useWords } from './lang.tsx';
import { RoundEnd } from './roundEnd.tsx';
import { CopyPosition } from './copyPosition.tsx';
import { DeviceBar, PageDevice } from './device/index.ts';
import { Modal } from './dialogs.tsx';
import { gameOfSave, newGame, type Game, type NewGame } from './games.ts';
import { NewGameDialog } from './newGame.tsx';
import { Sound, type PageSpeed as Speed } from './launcher/index.ts';
import { keptGame } from './kept.ts';
import { GameSession } from './session.ts';
import { Table } from './table.tsx';

const SETTINGS_KEY = 'uno-extreme-settings';

/** What the page keeps of a person's choices (per device); the launcher alone follows its speed too. */
export interface Settings {
  speed: Speed;
  colourBlind: boolean;
  /** The hand sorted by colour then value (off: as dealt). */
  sortHand: boolean;
}

export function readSettings(store: Storage): Settings {
  try {
    const v = JSON.parse(store.getItem(SETTINGS_KEY) ?? '{}') as Partial<Settings>;
    return { speed: v.speed === 2 || v.speed === 'instant' ? v.speed : 1, colourBlind: v.colourBlind === true, sortHand: v.sortHand !== false };
  } catch {
    return { speed: 1, colourBlind: false, sortHand: true };
  }
}

/** A download of `text` as the file `name`. */
function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The game in the browser's storage (its save and the moves kept after it), or why it could not be
 * read (then a new game is offered). Moves of the journal that do not replay are left, and said.
 */
function restored(store: Storage, w: Words): { game: Game | null; error: string | null } {
  const kept = keptGame(store);
  if (kept === null) return { game: null, error: null };
  const name = w.t('page.keptGame');
  try {
    let game: Game;
    let cut = kept.cut;
    try {
      game = gameOfSave(store, kept.text, name, w, kept.later);
    } catch (e) {
      if (kept.later.length === 0) throw e;
      game = gameOfSave(store, kept.text, name, w);
      cut = true;
    }
    if (!cut) return { game, error: null };
    const { moves, round } = game.match.game;
    return { game: { ...game, meta: { ...game.meta, events: [...(game.meta.events ?? []), w.t('page.keptCut', { move: moves, round: round + 1 })] } }, error: null };
  } catch (e) {
    return { game: null, error: w.t('page.keptUnreadable', { error: reasonIn(w, e) }) };
  }
}

/** The whole page. */
export function App({ store }: { store: Storage }) {
  const w = useWords();
  const [settings, setSettings] = useState(() => readSettings(store));
  const first = useMemo(() => restored(store, w), []);
  const [game, setGame] = useState<Game | null>(first.game);
  const [newOpen, setNewOpen] = useState(first.game === null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [newError, setNewError] = useState<string | null>(first.error);
  const [importError, setImportError] = useState<string | null>(null);
  const [, setTick] = useState(0);
  // One sound for the page: it starts on the first gesture, whatever game is on.
  const sound = useMemo(() => new Sound(window, { store }), []);
  // The launcher device (simulated, on USB, virtual): chosen in New game, kept across games and
  // reloads (the one chosen last is taken up again as the page loads).
  const device = useMemo(() => new PageDevice(store), []);
  useEffect(() => void device.restore(), []);

  const session = useMemo(
    () => game && new GameSession({ ...game, speed: settings.speed, store, makeLauncher: device.makeLauncher, deviceReady: (signal) => device.ready(signal), words: w }),
    [game],
  );
  // The log's next lines and the refusals follow a language chosen during the game.
  useEffect(() => session?.setWords(w), [session, w]);
  useEffect(() => {
    if (!session) return;
    const off = session.subscribe(() => setTick((t) => t + 1));
    session.run().catch((e) => {
      console.error(e);
      // A launcher that cannot go on says so in the reader's words (a notice); any other error as it is.
      const n = noticeOf(e);
      session.refuse(w.t('page.stoppedOnError', { error: n ? noticeText(n, w) : String((e as Error)?.message ?? e) }));
    });
    return () => {
      off();
      session.stop();
    };
  }, [session]);

  // The board under the game in progress is released (another launcher chosen): the session stops
  // before the board closes…
  const [boardReleased, setBoardReleased] = useState(false);
  useEffect(() => {
    if (!session) return;
    const released = device.released;
    return device.subscribe(() => {
      if (device.released === released) return;
      session.stop();
      setBoardReleased(true);
    });
  }, [session]);
  // …and the game goes on from its last kept move on the launcher chosen now, as after a reload,
  // once no New game form is open (its Start begins another game instead).
  useEffect(() => {
    if (!boardReleased || newOpen) return;
    setBoardReleased(false);
    const kept = restored(store, w).game;
    if (kept) setGame(kept);
  }, [boardReleased, newOpen]);

  useEffect(() => {
    store.setItem(SETTINGS_KEY, JSON.stringify(settings));
    session?.setSpeed(settings.speed);
  }, [settings]);

  const start = (g: NewGame) => {
    try {
      const next = newGame(store, g);
      setGame(next);
      setBoardReleased(false);
      setNewOpen(false);
      setNewError(null);
      setImportError(null);
    } catch (e) {
      setNewError(reasonIn(w, e));
    }
  };

  const openSave = async (input: HTMLInputElement) => {
    const f = input.files?.[0];
    input.value = '';
    if (!f) return;
    try {
      // Read and checked whole before anything changes: a refused file leaves the game as it was.
      const next = gameOfSave(store, await f.text(), f.name, w);
      setGame(next);
      setBoardReleased(false);
      setNewOpen(false);
      setImportError(null);
    } catch (e) {
      setImportError(reasonIn(w, e));
    }
  };

  const sheet = () => (session ? scoreSheetHtml(session.match, session.names, new Date().toISOString().slice(0, 10), w) : '');

  return (
    <div class={`app${settings.colourBlind ? ' colour-blind' : ''}`} data-phase={session?.phase ?? 'none'}>
      <header class="bar" data-menu={menuOpen ? 'open' : 'closed'}>
        <h1>UNO Extreme</h1>
        {session && (
          <p class="about">
            {session.match.setup.rules.name} · {w.t('page.seed')} <span class="seed">{String(session.match.setup.seed)}</span>
          </p>
        )}
        {/* On a phone the menu folds behind this button (styles.css): its six controls in a row would
            run past the window's edge, and in rows they would push the table down. */}
        <button type="button" class="menu-toggle" aria-expanded={menuOpen} aria-controls="page-menu" onClick={() => setMenuOpen(!menuOpen)}>
          <span aria-hidden="true">☰ </span>{w.t('page.nav')}
        </button>
        <nav id="page-menu" aria-label={w.t('page.nav')}>
          <button type="button" onClick={() => setNewOpen(true)}>{w.t('page.newGame')}</button>
          <button type="button" disabled={!session} onClick={() => session && download('uno-extreme-save.json', session.saveText(), 'application/json')}>
            {w.t('page.saveFile')}
          </button>
          <CopyPosition session={session} />
          <label class="button file">
            {w.t('page.openSaveFile')}
            <input type="file" accept=".json,application/json" onChange={(e) => openSave(e.currentTarget)} />
          </label>
          <label>
            {w.t('page.speed')}{' '}
            <select
              value={String(settings.speed)}
              onChange={(e) => {
                const v = e.currentTarget.value;
                setSettings({ ...settings, speed: v === 'instant' ? 'instant' : (Number(v) as 1 | 2) });
              }}
            >
              <option value="1">1×</option>
              <option value="2">2×</option>
              <option value="instant">{w.t('page.instant')}</option>
            </select>
          </label>
          <label class="check">
            <input type="checkbox" checked={settings.colourBlind} onChange={(e) => setSettings({ ...settings, colourBlind: e.currentTarget.checked })} />
            {w.t('page.colourBlind')}
          </label>
        </nav>
      </header>
      {importError && (
        <p class="error banner" role="alert">
          {w.t('page.notOpened', { error: importError })}{' '}
          <button type="button" onClick={() => setImportError(null)}>{w.t('page.dismiss')}</button>
        </p>
      )}
      {session && <DeviceBar device={device} />}
      <main>{session ? <Table session={session} colourBlind={settings.colourBlind} sound={sound} sortHand={settings.sortHand} onSortHand={(sortHand) => setSettings({ ...settings, sortHand })} /> : <p class="empty">{w.t('page.noGame')}</p>}</main>

      {session && session.phase !== 'playing' && !newOpen && (
        <Modal title={session.phase === 'matchOver' ? w.t('term.matchOver', { who: session.names[session.match.winner!], you: youOf(session.names[session.match.winner!]) }) : w.t('term.roundOver', { round: session.match.rounds.length, end: roundEndText(session.match.rounds[session.match.rounds.length - 1].winner, session.names, w) })} wide>
          <SessionRoundEnd session={session} />
          <ScoreTable session={session} />
          <div class="choices">
            {session.phase === 'roundOver' ? (
              <button type="button" class="primary" onClick={() => session.nextRound()}>{w.t('page.nextRound')}</button>
            ) : (
              <button type="button" class="primary" onClick={() => setNewOpen(true)}>{w.t('page.newGame')}</button>
            )}
            <button type="button" onClick={() => download('uno-extreme-scores.html', sheet(), 'text/html')}>{w.t('page.downloadSheet')}</button>
            <button type="button" onClick={() => window.open(URL.createObjectURL(new Blob([sheet()], { type: 'text/html' })), '_blank')}>{w.t('page.printSheet')}</button>
          </div>
        </Modal>
      )}
      {newOpen && <NewGameDialog store={store} device={device} onStart={start} error={newError} onClose={session ? () => setNewOpen(false) : undefined} />}
    </div>
  );
}

/** The end of a round before its scores, as {@link RoundEnd} shows it, from the one-player session. */
function SessionRoundEnd({ session }: { session: GameSession }) {
  const s = session.state;
  return <RoundEnd names={session.names} hands={s.hands} winner={s.winner} points={s.rules.points} />;
}

function ScoreTable({ session }: { session: GameSession }) {
  const w = useWords();
  const m = session.match;
  return (
    <table class="score-table">
      <caption>{w.t('page.pointsPerRound')}</caption>
      <thead>
        <tr>
          <th scope="col">{w.t('page.round')}</th>
          {session.names.map((n, i) => <th scope="col" key={i}>{n}</th>)}
        </tr>
      </thead>
      <tbody>
        {m.rounds.map((r) => (
          <tr key={r.round}>
            <th scope="row">{r.round + 1}</th>
            {r.points.map((p, i) => <td key={i}>{p} ({r.totals[i]})</td>)}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{w.t('page.total')}</th>
          {m.totals.map((t, i) => <td key={i}>{t}</td>)}
        </tr>
      </tfoot>
    </table>
  );
}

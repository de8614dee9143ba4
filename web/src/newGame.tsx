/**
 * The New game form: rule set, players, the person's name, the bots, the launcher profile (a
 * shipped one or a JSON file from disk, checked as the CLI checks it), the seed (shown, so a deal
 * can be played again), the target and the house rules.
 */
import { useState } from 'preact/hooks';
import { BUILTIN_PROFILES } from '../../emulator/profiles.ts';
import { byName } from '../../lib/untrusted.ts';
import { BOT_KIND_NAMES, BOT_KINDS, RULE_SETS, type BotKind, type Options } from '../../game/index.ts';
import { LauncherChoice, type PageDevice } from './device/index.ts';
import { Modal } from './dialogs.tsx';
import { addProfileFile, keptProfiles, pickSeed, type NewGame } from './games.ts';

/** Each rule set as a player knows it: its name on the box, and one line on how it plays. */
const RULE_WORDS: Readonly<Record<string, { title: string; line: string }>> = {
  extreme: { title: 'UNO Extreme', line: 'Instead of drawing you press the launcher: it may fire nothing, or a burst of cards at you. With Hit 2, Discard All and the Coup Extrême wild.' },
  'extreme-fr': { title: 'UNO Extreme, French edition', line: 'The launcher game with Trade Hands, Show Hands, All-Hit and Hit-Fire cards.' },
  'attack-1999': { title: 'UNO Attack (1999)', line: 'The first launcher game: Discard All, Trade Hands, All-Hit and Hit-Fire cards.' },
  'extreme-2010': { title: 'UNO Extreme! (UK, 2010)', line: 'The launcher game with eight Discard All cards, Wild Hit 4 and a Customizable wild.' },
  classic: { title: 'Classic UNO', line: 'No launcher: you draw from a face-down pile. +2 cards, and a Wild +4 you may challenge.' },
  'en-ligne': { title: 'UNO as played online', line: 'No launcher, no UNO to call, and Play Again cards that let you play once more.' },
};

/** A rule set's name and line (its own description for one the page has no words for). */
export function ruleWords(name: string): { title: string; line: string } {
  return RULE_WORDS[name] ?? { title: name, line: RULE_SETS[name].description };
}

/** The house rules a person may change, in words. */
const HOUSE: Array<[keyof Options, string]> = [
  ['stacking', 'Stacking: a +2 / Hit 2 on a +2 adds up'],
  ['stackCross', 'Stacking across: +2 and +4 stack on each other'],
  ['jumpIn', 'Jump-in: an identical card may be played out of turn'],
  ['sevenZero', 'Seven-zero: 7 trades hands, 0 passes every hand on'],
  ['twoIdentical', 'Two identical number cards together'],
  ['unoCall', 'UNO must be called'],
  ['challengeWild4', 'A +4 may be challenged'],
  ['allHitIncludesPlayer', 'The player of an All-Hit presses too'],
];

/** The form; `onStart` gets what was chosen (and says why it cannot start, as a string, when it cannot). */
export function NewGameDialog({ store, onStart, onClose, error, device }: {
  store: Storage;
  /** The launcher device to choose (web/src/device); without it, the simulated launcher. */
  device?: PageDevice;
  onStart: (g: NewGame) => void;
  onClose?: () => void;
  error: string | null;
}) {
  const [rules, setRules] = useState('extreme');
  const base = byName(RULE_SETS, rules) ?? RULE_SETS.extreme;
  const [players, setPlayers] = useState(4);
  const [name, setName] = useState('You');
  const [bots, setBots] = useState<BotKind>('heuristic');
  const [profile, setProfile] = useState('');
  const [seed, setSeed] = useState(() => pickSeed());
  const [target, setTarget] = useState(500);
  const [options, setOptions] = useState<Partial<Options>>({});
  const [handSize, setHandSize] = useState<number | null>(null);
  const [profileError, setProfileError] = useState<string | null>(null);
  const [kept, setKept] = useState(() => keptProfiles(store));

  const pickProfile = async (input: HTMLInputElement) => {
    const f = input.files?.[0];
    input.value = '';
    if (!f) return;
    try {
      addProfileFile(store, f.name, await f.text());
      setKept(keptProfiles(store));
      setProfile(f.name);
      setProfileError(null);
    } catch (e) {
      setProfileError((e as Error).message);
    }
  };

  const submit = (e: Event) => {
    e.preventDefault();
    if (device?.notReady()) return; // the choice says why
    const opts: Partial<Options> = { ...options };
    if (handSize !== null) opts.handSize = handSize;
    onStart({ rules, players, name, bots, profile, seed, target, options: opts });
  };

  const value = (k: keyof Options) => (options[k] ?? base.options[k]) as boolean;
  return (
    <Modal title="New game" onClose={onClose} wide>
      <form class="new-game" onSubmit={submit}>
        <p class="game-night-entry">
          Friends around one table? <a href="#host">Game night: phones as hands</a> (this screen is the table, each phone a hand) · <a href="#join">Join a game night</a>
        </p>
        <label>
          Rule set
          <select value={rules} onChange={(e) => { setRules(e.currentTarget.value); setOptions({}); setTarget(RULE_SETS[e.currentTarget.value].options.target); }}>
            {Object.values(RULE_SETS).map((r) => <option key={r.name} value={r.name}>{ruleWords(r.name).title}</option>)}
          </select>
        </label>
        <p class="hint">{ruleWords(rules).line}</p>
        <label>
          Players (2 to 10)
          <input type="number" min={2} max={10} required value={players} onInput={(e) => setPlayers(Number(e.currentTarget.value))} />
        </label>
        <label>
          Your name
          <input type="text" maxLength={24} value={name} onInput={(e) => setName(e.currentTarget.value)} />
        </label>
        <label>
          Bots
          <select value={bots} onChange={(e) => setBots(e.currentTarget.value as BotKind)}>
            {BOT_KIND_NAMES.map((k) => (
              <option key={k} value={k}>{BOT_KINDS[k].label}</option>
            ))}
          </select>
        </label>
        {base.options.launcher && device && <LauncherChoice device={device} />}
        <details class="more">
          <summary>More options: the launcher's character, the deal, the target, house rules</summary>
          <div class="more-body">
        {base.options.launcher && (
          <fieldset>
            <legend>Launcher profile</legend>
            <select aria-label="Launcher profile" value={profile} onChange={(e) => setProfile(e.currentTarget.value)}>
              <option value="">the rule set's own launcher ({base.profile})</option>
              {Object.keys(BUILTIN_PROFILES).map((p) => <option key={p} value={p}>{p}</option>)}
              {kept.map((p) => <option key={p} value={p}>{p} (file)</option>)}
            </select>
            <label class="file">
              Profile file…
              <input type="file" accept=".json,application/json" onChange={(e) => pickProfile(e.currentTarget)} />
            </label>
            {profileError && <p class="error" role="alert">{profileError}</p>}
          </fieldset>
        )}
        <label>
          Seed
          <input type="number" min={0} required value={seed} onInput={(e) => setSeed(Number(e.currentTarget.value))} />
        </label>
        <label>
          Target score
          <input type="number" min={1} required value={target} onInput={(e) => setTarget(Number(e.currentTarget.value))} />
        </label>
        <fieldset class="house">
          <legend>House rules</legend>
          {HOUSE.map(([k, text]) => (
            <label key={k} class="check">
              <input type="checkbox" checked={value(k)} onChange={(e) => setOptions({ ...options, [k]: e.currentTarget.checked })} />
              {text}
            </label>
          ))}
          <label>
            Cards dealt
            <input type="number" min={1} max={15} value={handSize ?? base.options.handSize} onInput={(e) => setHandSize(Number(e.currentTarget.value))} />
          </label>
        </fieldset>
          </div>
        </details>
        {error && <p class="error" role="alert">{error}</p>}
        <button type="submit" class="primary">Start</button>
      </form>
    </Modal>
  );
}

/**
 * The New game form: rule set, players, the person's name, the bots, the launcher profile (a
 * shipped one or a JSON file from disk, checked as the CLI checks it), the seed (shown, so a deal
 * can be played again), the target and the house rules (./houseRules.tsx).
 */
import { useState } from 'preact/hooks';
import { BUILTIN_PROFILES } from '../../emulator/profiles.ts';
import { byName } from '../../lib/untrusted.ts';
import { BOT_KIND_NAMES, RULE_SETS, type BotKind, type Options } from '../../game/index.ts';
import { LauncherChoice, type PageDevice } from './device/index.ts';
import { Modal } from './dialogs.tsx';
import { addProfileFile, keptProfiles, pickSeed, type NewGame } from './games.ts';
import { catalogueOf, type Key, type Words } from '../../words/catalogue.ts';
import { reasonIn } from '../../words/reasons.ts';
import { HouseRules } from './houseRules.tsx';
import { LangPicker, useWords } from './lang.tsx';

/**
 * A rule set as a player knows it: its name on the box, and one line on how it plays (a rule set
 * the catalogue has no words for, a rules file's: its own name and description).
 */
export function ruleWords(name: string, w: Words): { title: string; line: string } {
  const key = `rules.${name}`;
  if (!(`${key}.title` in catalogueOf(w.lang)!)) return { title: name, line: RULE_SETS[name].description };
  return { title: w.t(`${key}.title` as Key), line: w.t(`${key}.line` as Key) };
}

/** The form; `onStart` gets what was chosen (and says why it cannot start, as a string, when it cannot). */
export function NewGameDialog({ store, onStart, onClose, error, device }: {
  store: Storage;
  /** The launcher device to choose (web/src/device); without it, the simulated launcher. */
  device?: PageDevice;
  onStart: (g: NewGame) => void;
  onClose?: () => void;
  error: string | null;
}) {
  const w = useWords();
  const [rules, setRules] = useState('extreme');
  const base = byName(RULE_SETS, rules) ?? RULE_SETS.extreme;
  const [players, setPlayers] = useState(4);
  const [name, setName] = useState(() => w.t('you.name'));
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
      setProfileError(reasonIn(w, e));
    }
  };

  const submit = (e: Event) => {
    e.preventDefault();
    if (device?.notReady()) return; // the choice says why
    const opts: Partial<Options> = { ...options };
    if (handSize !== null) opts.handSize = handSize;
    onStart({ rules, players, name, bots, profile, seed, target, options: opts, botName: (n) => w.t('bot.name', { n }), you: w.t('you.name') });
  };

  return (
    <Modal title={w.t('page.newGame')} onClose={onClose} wide>
      <form class="new-game" onSubmit={submit}>
        <p class="game-night-entry">
          {w.t('form.friends')} <a href="#host">{w.t('host.title')}</a> {w.t('form.friendsWhat')} · <a href="#join">{w.t('join.title')}</a> · <a href="#launcher">{w.t('alone.link')}</a>
        </p>
        <LangPicker />
        <label>
          {w.t('form.rules')}
          <select value={rules} onChange={(e) => { setRules(e.currentTarget.value); setOptions({}); setTarget(RULE_SETS[e.currentTarget.value].options.target); }}>
            {Object.values(RULE_SETS).map((r) => <option key={r.name} value={r.name}>{ruleWords(r.name, w).title}</option>)}
          </select>
        </label>
        <p class="hint">{ruleWords(rules, w).line}</p>
        <label>
          {w.t('form.players')}
          <input type="number" min={2} max={10} required value={players} onInput={(e) => setPlayers(Number(e.currentTarget.value))} />
        </label>
        <label>
          {w.t('form.name')}
          <input type="text" maxLength={24} value={name} onInput={(e) => setName(e.currentTarget.value)} />
        </label>
        <label>
          {w.t('form.bots')}
          <select value={bots} onChange={(e) => setBots(e.currentTarget.value as BotKind)}>
            {BOT_KIND_NAMES.map((k) => (
              <option key={k} value={k}>{w.t(`bot.kind.${k}` as Key)}</option>
            ))}
          </select>
        </label>
        {base.options.launcher && device && <LauncherChoice device={device} />}
        <details class="more">
          <summary>{w.t('form.more')}</summary>
          <div class="more-body">
        {base.options.launcher && (
          <fieldset>
            <legend>{w.t('form.profile')}</legend>
            <select aria-label={w.t('form.profile')} value={profile} onChange={(e) => setProfile(e.currentTarget.value)}>
              <option value="">{w.t('form.ownProfile', { profile: base.profile ?? '' })}</option>
              {Object.keys(BUILTIN_PROFILES).map((p) => <option key={p} value={p}>{p}</option>)}
              {kept.map((p) => <option key={p} value={p}>{w.t('form.profileFile', { profile: p })}</option>)}
            </select>
            <label class="file">
              {w.t('form.pickProfile')}
              <input type="file" accept=".json,application/json" onChange={(e) => pickProfile(e.currentTarget)} />
            </label>
            {profileError && <p class="error" role="alert">{profileError}</p>}
          </fieldset>
        )}
        <label>
          {w.t('form.seed')}
          <input type="number" min={0} required value={seed} onInput={(e) => setSeed(Number(e.currentTarget.value))} />
        </label>
        <label>
          {w.t('form.target')}
          <input type="number" min={1} required value={target} onInput={(e) => setTarget(Number(e.currentTarget.value))} />
        </label>
        <HouseRules base={base} options={options} onChange={setOptions}>
          <label>
            {w.t('form.handSize')}
            <input type="number" min={1} max={15} value={handSize ?? base.options.handSize} onInput={(e) => setHandSize(Number(e.currentTarget.value))} />
          </label>
        </HouseRules>
          </div>
        </details>
        {error && <p class="error" role="alert">{error}</p>}
        <button type="submit" class="primary">{w.t('form.start')}</button>
      </form>
    </Modal>
  );
}

/**
 * Opening a room: the rule set, the launcher, the target, the house rules, the seats and the bots
 * for the seats nobody takes, in the words of the one-player New game form (newGame.tsx).
 */
import { useState } from 'preact/hooks';
import { BUILTIN_PROFILES } from '../../../emulator/profiles.ts';
import { BOT_KIND_NAMES, RULE_SETS, type BotKind, type Options } from '../../../game/index.ts';
import type { RoomSettings } from '../../../table/roomMessages.ts';
import type { Key } from '../../../words/catalogue.ts';
import { HouseRules } from '../houseRules.tsx';
import { LangPicker, useWords } from '../lang.tsx';
import { ruleWords } from '../newGame.tsx';

/**
 * How long the table waits after each bot's move and each press, so that the people round it can
 * follow: the one-player page's speeds, in the room's settings (paceMs).
 */
const PACE = [
  { ms: 800, label: 'host.pace1' },
  { ms: 400, label: 'host.pace2' },
  { ms: 0, label: 'page.instant' },
] as const;

/** The turn timers the host may pick, s (0: off, the default): the room's settings say ms (turnMs). */
const TURNS = [0, 30, 60, 120] as const;

export function HostForm({ onOpen, error }: { onOpen: (s: RoomSettings) => void; error: string | null }) {
  const w = useWords();
  const [rules, setRules] = useState('extreme');
  const base = RULE_SETS[rules];
  const [profile, setProfile] = useState(base.profile ?? 'seed-0-8');
  const [players, setPlayers] = useState(4);
  const [target, setTarget] = useState(base.options.target);
  const [bots, setBots] = useState<BotKind>('heuristic');
  const [pace, setPace] = useState<number>(PACE[0].ms);
  const [turn, setTurn] = useState<number>(0);
  const [options, setOptions] = useState<Partial<Options>>({});
  const submit = (e: Event) => {
    e.preventDefault();
    // A rule set without a launcher still names one: the room's settings always carry a profile.
    const house = Object.keys(options).length > 0 ? { options } : {};
    onOpen({ rules, profile: base.options.launcher ? profile : (base.profile ?? 'seed-0-8'), players, bots, target, paceMs: pace, ...(turn ? { turnMs: turn * 1000 } : {}), ...house });
  };
  return (
    <form class="host-form" onSubmit={submit} aria-labelledby="host-title">
      <h2 id="host-title">{w.t('host.title')}</h2>
      <p class="hint">{w.t('host.hint')}</p>
      <LangPicker />
      <label>
        {w.t('form.rules')}
        <select value={rules} onChange={(e) => {
          const r = RULE_SETS[e.currentTarget.value];
          setRules(r.name);
          setTarget(r.options.target);
          setOptions({});
          if (r.profile) setProfile(r.profile);
        }}>
          {Object.values(RULE_SETS).map((r) => <option key={r.name} value={r.name}>{ruleWords(r.name, w).title}</option>)}
        </select>
      </label>
      <p class="hint">{ruleWords(rules, w).line}</p>
      {base.options.launcher && (
        <label>
          {w.t('launcher.title')}
          <select value={profile} onChange={(e) => setProfile(e.currentTarget.value)}>
            {Object.keys(BUILTIN_PROFILES).map((p) => <option key={p} value={p}>{p === base.profile ? w.t('host.ownProfile', { profile: p }) : p}</option>)}
          </select>
        </label>
      )}
      <label>
        {w.t('host.seats')}
        <input type="number" min={2} max={10} required value={players} onInput={(e) => setPlayers(Number(e.currentTarget.value))} />
      </label>
      <label>
        {w.t('host.bots')}
        <select value={bots} onChange={(e) => setBots(e.currentTarget.value as BotKind)}>
          {BOT_KIND_NAMES.map((k) => <option key={k} value={k}>{w.t(`bot.kind.${k}` as Key)}</option>)}
        </select>
      </label>
      <label>
        {w.t('host.pace')}
        <select value={String(pace)} onChange={(e) => setPace(Number(e.currentTarget.value))}>
          {PACE.map((p) => <option key={p.ms} value={String(p.ms)}>{w.t(p.label)}</option>)}
        </select>
      </label>
      <label>
        {w.t('host.turn')}
        <select value={String(turn)} onChange={(e) => setTurn(Number(e.currentTarget.value))} aria-describedby="turn-hint">
          {TURNS.map((s) => <option key={s} value={String(s)}>{s === 0 ? w.t('host.turnOff') : s < 60 ? w.t('host.turnSeconds', { n: s }) : w.t('host.turnMinutes', { n: s / 60 })}</option>)}
        </select>
      </label>
      <p class="hint" id="turn-hint">{w.t('host.turnHint')}</p>
      <label>
        {w.t('form.target')}
        <input type="number" min={1} max={100000} required value={target} onInput={(e) => setTarget(Number(e.currentTarget.value))} />
      </label>
      <HouseRules base={base} options={options} onChange={setOptions} />
      {error && <p class="error" role="alert">{error}</p>}
      <button type="submit" class="primary">{w.t('host.open')}</button>
    </form>
  );
}

/**
 * Opening a room: the rule set, the launcher, the target, the seats and the bots for the seats
 * nobody takes, in the words of the one-player New game form (newGame.tsx).
 */
import { useState } from 'preact/hooks';
import { BUILTIN_PROFILES } from '../../../emulator/profiles.ts';
import { BOT_KIND_NAMES, BOT_KINDS, RULE_SETS, type BotKind } from '../../../game/index.ts';
import type { RoomSettings } from '../../../table/roomMessages.ts';
import { ruleWords } from '../newGame.tsx';

/**
 * How long the table waits after each bot's move and each press, so that the people round it can
 * follow: the one-player page's speeds, in the room's settings (paceMs).
 */
const PACE = [
  { ms: 800, label: '1× (a moment to follow each bot and press)' },
  { ms: 400, label: '2×' },
  { ms: 0, label: 'instant' },
] as const;

export function HostForm({ onOpen, error }: { onOpen: (s: RoomSettings) => void; error: string | null }) {
  const [rules, setRules] = useState('extreme');
  const base = RULE_SETS[rules];
  const [profile, setProfile] = useState(base.profile ?? 'seed-0-8');
  const [players, setPlayers] = useState(4);
  const [target, setTarget] = useState(base.options.target);
  const [bots, setBots] = useState<BotKind>('heuristic');
  const [pace, setPace] = useState<number>(PACE[0].ms);
  const submit = (e: Event) => {
    e.preventDefault();
    // A rule set without a launcher still names one: the room's settings always carry a profile.
    onOpen({ rules, profile: base.options.launcher ? profile : (base.profile ?? 'seed-0-8'), players, bots, target, paceMs: pace });
  };
  return (
    <form class="host-form" onSubmit={submit} aria-labelledby="host-title">
      <h2 id="host-title">Game night: phones as hands</h2>
      <p class="hint">This screen becomes the table: the launcher, the pile and everyone's card counts, never a hand. Each player joins on their own phone (or passes one phone round) and plays their hand there.</p>
      <label>
        Rule set
        <select value={rules} onChange={(e) => {
          const r = RULE_SETS[e.currentTarget.value];
          setRules(r.name);
          setTarget(r.options.target);
          if (r.profile) setProfile(r.profile);
        }}>
          {Object.values(RULE_SETS).map((r) => <option key={r.name} value={r.name}>{ruleWords(r.name).title}</option>)}
        </select>
      </label>
      <p class="hint">{ruleWords(rules).line}</p>
      {base.options.launcher && (
        <label>
          Launcher
          <select value={profile} onChange={(e) => setProfile(e.currentTarget.value)}>
            {Object.keys(BUILTIN_PROFILES).map((p) => <option key={p} value={p}>{p}{p === base.profile ? ' (this rule set\'s own)' : ''}</option>)}
          </select>
        </label>
      )}
      <label>
        Seats at the table (2 to 10)
        <input type="number" min={2} max={10} required value={players} onInput={(e) => setPlayers(Number(e.currentTarget.value))} />
      </label>
      <label>
        Bots for the seats nobody takes
        <select value={bots} onChange={(e) => setBots(e.currentTarget.value as BotKind)}>
          {BOT_KIND_NAMES.map((k) => <option key={k} value={k}>{BOT_KINDS[k].label}</option>)}
        </select>
      </label>
      <label>
        Pace
        <select value={String(pace)} onChange={(e) => setPace(Number(e.currentTarget.value))}>
          {PACE.map((p) => <option key={p.ms} value={String(p.ms)}>{p.label}</option>)}
        </select>
      </label>
      <label>
        Target score
        <input type="number" min={1} max={100000} required value={target} onInput={(e) => setTarget(Number(e.currentTarget.value))} />
      </label>
      {error && <p class="error" role="alert">{error}</p>}
      <button type="submit" class="primary">Open the room</button>
    </form>
  );
}

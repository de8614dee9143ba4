/**
 * Model-based test over the machine's graph: explore every abstract state reachable by what a
 * person can do (press, power, lid, reload, aim, batteries) and by time passing, then check that
 * every state of the machine is reached, none is a dead end, and ignored presses change nothing.
 * The lid and the turntable are context, not state nodes (see machine.ts): their states count as
 * states of the machine here, and are part of the abstract state.
 */
import { describe, expect, it } from 'vitest';
import type { AnyStateNode } from 'xstate';
import { launcherMachine, type LauncherEvent } from '../../emulator/machine.ts';
import { batteryDead } from '../../emulator/core.ts';
import type { MachineLauncher } from '../../emulator/launcher.ts';
import { FlushHeldDevice, makeLauncher, makeSensingLauncher, tweaked } from './helpers.ts';

type Action = LauncherEvent | { type: 'TICK' };
const ACTIONS: Action[] = [
  { type: 'PRESS' }, { type: 'POWER_ON' }, { type: 'POWER_OFF' }, { type: 'LID_OPEN' }, { type: 'LID_CLOSE' },
  { type: 'RELOAD', cards: ['x1', 'x2', 'x3'] }, { type: 'AIM', seat: 2 }, { type: 'REPLACE_BATTERIES' }, { type: 'TICK' },
];
/** What a device with a card sensor reports on top of that (FLUSHED: it answers the flush the machine asked for). */
const DEVICE_ACTIONS: Action[] = [
  ...ACTIONS, { type: 'CARD' }, { type: 'STALL' }, { type: 'LINK', up: false }, { type: 'LINK', up: true }, { type: 'BATTERY', volts: 3.5 },
  { type: 'FLUSHED' },
];

/** Every state node that can be observed at rest (transient nodes with `always` are passed through). */
function stableNodeIds(node: AnyStateNode, out: string[] = []): string[] {
  if (node.always === undefined || node.always.length === 0) out.push(node.id);
  for (const child of Object.values(node.states)) stableNodeIds(child as AnyStateNode, out);
  return out;
}

/** The lid's and the turntable's states, which the machine keeps in its context. */
const CONTEXT_STATES = ['lid.open', 'lid.closed', 'aim.still', 'aim.turning'];

function contextStates(l: MachineLauncher): string[] {
  const c = l.context;
  return [`lid.${c.lidOpen ? 'open' : 'closed'}`, `aim.${c.turning ? 'turning' : 'still'}`];
}

function activeIds(value: unknown, prefix = 'launcher', out = new Set<string>([prefix])): Set<string> {
  if (typeof value === 'string') out.add(`${prefix}.${value}`);
  else
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      out.add(`${prefix}.${k}`);
      activeIds(v, `${prefix}.${k}`, out);
    }
  return out;
}

/**
 * The abstract state: the machine's state plus what tells situations apart that the state value
 * alone does not (cards left, burst progress, battery drain), so the search goes deep enough.
 */
function key(l: MachineLauncher): string {
  const s = l.actor.getSnapshot();
  const { core, burst } = s.context;
  return JSON.stringify([s.value, ...contextStates(l), core.jammed, core.supply.length, burst?.attempts, batteryDead(core), core.motorMs]);
}

interface Explored {
  visitedNodes: Set<string>;
  /** The shortest path of actions found to each abstract state. */
  paths: Map<string, Action[]>;
  replay(path: Action[]): MachineLauncher;
  ignoredPresses: number;
}

function explore(setup: () => MachineLauncher, maxDepth: number, actions = ACTIONS): Explored {
  const paths = new Map<string, Action[]>();
  const visitedNodes = new Set<string>();
  let ignoredPresses = 0;
  const replay = (path: Action[]) => {
    const l = setup();
    for (const a of path) apply(l, a);
    return l;
  };
  const apply = (l: MachineLauncher, a: Action) => {
    if (a.type === 'TICK') return void l.clock!.step();
    if (a.type !== 'PRESS') return l.send(a);
    // The context is one record changed in place: its fields as they are now (each a value replaced whole).
    const before = { value: l.actor.getSnapshot().value, context: { ...l.context } };
    let ignored = false;
    const off = l.on('ignored', () => (ignored = true));
    l.send(a);
    off();
    if (ignored) {
      ignoredPresses++;
      const after = l.actor.getSnapshot();
      // An ignored press changes nothing at all: not the counter, not the random stream, not the state.
      expect({ ...after.context }).toEqual(before.context);
      expect(after.value).toEqual(before.value);
    }
  };
  const start = setup();
  paths.set(key(start), []);
  let frontier = [key(start)];
  for (let depth = 0; depth < maxDepth && frontier.length; depth++) {
    const next: string[] = [];
    for (const k of frontier) {
      const path = paths.get(k)!;
      for (const a of actions) {
        const l = replay(path);
        apply(l, a);
        const nk = key(l);
        const snap = l.actor.getSnapshot();
        for (const id of activeIds(snap.value)) visitedNodes.add(id);
        for (const id of contextStates(l)) visitedNodes.add(id);
        if (!paths.has(nk)) {
          paths.set(nk, [...path, a]);
          next.push(nk);
        }
      }
    }
    frontier = next;
  }
  return { visitedNodes, paths, replay, ignoredPresses };
}

/**
 * What a person does to get a launcher back to work from any situation: let it finish, switch it
 * on, clear a jam, change spent cells, close the lid. Returns true when it ends ready.
 */
function recover(l: MachineLauncher): boolean {
  for (let i = 0; i < 1000 && l.clock!.pending > 0; i++) l.clock!.step();
  // The device answers the flush after a burst (the test's device leaves it to the test).
  if (l.unitState === 'flushing') l.send({ type: 'FLUSHED' });
  if (l.unitState === 'offline') l.send({ type: 'LINK', up: true });
  if (l.unitState === 'dead') l.send({ type: 'POWER_OFF' });
  if (l.unitState === 'off') {
    if (batteryDead(l.context.core)) l.send({ type: 'REPLACE_BATTERIES' });
    l.send({ type: 'POWER_ON' });
  }
  if (l.unitState === 'jammed' && !l.lidOpen) l.send({ type: 'LID_OPEN' });
  if (l.lidOpen) l.send({ type: 'LID_CLOSE' });
  for (let i = 0; i < 1000 && l.clock!.pending > 0; i++) l.clock!.step();
  return !l.lidOpen && l.actor.getSnapshot().matches({ on: 'ready' });
}

describe('launcher machine graph', () => {
  // Fires often, 2 cards, jams often: every mechanical state is a few steps away.
  const jammy = tweaked('seed-0-8', { jam: 0.5 }, { fire: { model: 'hazard', hazard: [0.6] }, burst: { law: 'uniform', min: 2, max: 2 } });
  const runs = [1, 2, 3].flatMap((seed) => [
    explore(() => makeLauncher({ profile: jammy, seed, supply: ['a', 'b', 'c', 'd'], powerOn: false }).launcher, 7),
    // Nearly spent cells: the motor's start browns out, and a few tries later the cells are dead.
    explore(() => makeLauncher({ profile: jammy, seed, supply: ['a', 'b'], powerOn: false, charge: 0.00001 }).launcher, 7),
  ]);
  // A device that counts its own cards: the sensor, stalls and the link drive the burst.
  runs.push(explore(() => makeSensingLauncher({ profile: jammy, seed: 1, supply: ['a', 'b', 'c'], powerOn: false }, (now) => new FlushHeldDevice(now)).launcher, 6, DEVICE_ACTIONS));

  it('reaches every state of the machine', () => {
    const visited = new Set(runs.flatMap((r) => [...r.visitedNodes]));
    const all = [...stableNodeIds(launcherMachine.root), ...CONTEXT_STATES];
    expect(all.length).toBeGreaterThan(15);
    expect(all.filter((id) => !visited.has(id))).toEqual([]);
  });

  it('has no dead ends: from every reachable state, a person can make the launcher ready again', () => {
    let checked = 0;
    for (const r of runs)
      for (const [k, path] of r.paths) {
        const l = r.replay(path);
        expect(recover(l), `stuck after ${k}`).toBe(true);
        checked++;
      }
    expect(checked).toBeGreaterThan(100);
  });

  it('exercised ignored presses (checked to change nothing during the exploration)', () => {
    expect(runs.reduce((s, r) => s + r.ignoredPresses, 0)).toBeGreaterThan(50);
  });
});

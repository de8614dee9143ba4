/**
 * The match session without a view: several people at one table, each asked only for their own
 * seat and shown only their own hand; the launcher made by the factory given, its state carried
 * from round to round; the save kept through the store given, and a match of several people
 * resumed from it; a quit and a stop.
 */
import { describe, expect, it } from 'vitest';
import { MachineLauncher } from '../../emulator/launcher.ts';
import { resolveProfile } from '../../emulator/profiles.ts';
import type { CoreState } from '../../emulator/core.ts';
import { createMatch, parsePlaySave, quickBot, resolveRules, resumedMeta, type Bot, type Move, type PlayMeta, type SearchOptions } from '../../game/index.ts';
import { onDevice, type LauncherStart } from '../../table/launcher.ts';
import { MatchSession, type MatchSessionOptions, type Question, type RemoteSeats } from '../../table/session.ts';

const profile = resolveProfile('seed-0-8');
const meta: PlayMeta = { names: ['Ana', 'Bot 1', 'Ben', 'Bot 3'], me: 0, people: [0, 2], bots: ['heuristic'], profile: 'seed-0-8', launcher: null };

/** The first play, else pass, accept, a colour, press or draw; chances let go. */
function pick(q: Question): Move | null {
  if (q.mode === 'react') return null;
  const m = q.moves;
  return m.find((x) => x.type === 'play' && !x.uno) ?? m.find((x) => x.type === 'colour') ?? m.find((x) => x.type === 'pass') ?? m.find((x) => x.type === 'accept') ?? m.find((x) => x.type === 'press' || x.type === 'draw') ?? m[0];
}

/** A session on the simulated launcher, its starts and saves recorded. */
function table(o: Partial<MatchSessionOptions> & Pick<MatchSessionOptions, 'match'>) {
  const starts: LauncherStart[] = [];
  const ends: CoreState[] = [];
  const saves: string[] = [];
  const session = new MatchSession({
    meta, profile, autosave: true,
    store: { save: (text) => void saves.push(text) },
    makeLauncher: (start) => {
      starts.push(start);
      const launcher = new MachineLauncher({ ...start, ignoreButton: true });
      return { launcher, dispose: () => { ends.push(launcher.core); launcher.detach(); } };
    },
    ...o,
  });
  return { session, starts, ends, saves };
}

/** Answers every question as `pick` does (from the seat asked), checking what that seat is shown; deals each next round. */
function answerAll(session: MatchSession, after?: (q: Question) => boolean) {
  const asked: number[] = [];
  session.subscribe((e) => {
    if (e.type === 'phase' && e.phase === 'roundOver') queueMicrotask(() => session.nextRound());
    if (e.type !== 'question') return;
    const q = e.question;
    asked.push(q.seat);
    const view = session.viewOf(q.seat);
    expect(view.question).toBe(q);
    expect(view.hand).toEqual(session.state.hands[q.seat]);
    // Not another seat's cards (unless Show Hands put them on the table), never the supply's.
    const text = JSON.stringify(view);
    const hidden = [...session.state.supply, ...(session.state.shown ? [] : session.state.hands.flatMap((h, seat) => (seat === q.seat ? [] : h)))];
    for (const card of hidden) expect(text.includes(`"${card}"`), card).toBe(false);
    // Another person is asked at the same time only in a catch race, where every person in it is.
    for (const other of session.people.filter((p) => p !== q.seat)) {
      const theirs = session.viewOf(other).question;
      if (theirs) expect([theirs.mode, q.mode, session.state.uno !== null]).toEqual(['react', 'react', true]);
    }
    // The wrong seat cannot answer.
    const other = session.people.find((p) => p !== q.seat)!;
    if (!session.questionOf(other)) expect(session.answer(other, pick(q))).toBe(false);
    if (after && !after(q)) return;
    queueMicrotask(() => expect(session.answer(q.seat, pick(q))).toBe(true));
  });
  return asked;
}

describe('match session', () => {
  it('two people and two bots: each asked for their own seat, shown only their own hand, to the end of the match', async () => {
    const match = createMatch({ rules: resolveRules('extreme', { target: 200 }), players: 4, seed: 11, log: true });
    const { session, starts, ends } = table({ match });
    const asked = answerAll(session);
    await session.run();
    expect(session.phase).toBe('matchOver');
    expect(session.match.winner).not.toBeNull();
    expect(new Set(asked)).toEqual(new Set([0, 2]));
    // One launcher a round, each going on from the state the last one ended in.
    expect(starts.length).toBe(session.match.rounds.length);
    expect(starts[0].resume).toBeUndefined();
    for (let r = 1; r < starts.length; r++) expect(starts[r].resume!.rng).toEqual(ends[r - 1].rng);
  });

  it('a save of two people resumes with both people asked, and the match ends as the unbroken one', async () => {
    const start = () => createMatch({ rules: resolveRules('classic', { target: 150 }), players: 4, seed: 5, log: true });
    const whole = table({ match: start() });
    answerAll(whole.session);
    await whole.session.run();
    // Stopped after 12 answers, resumed from the last save, and so on.
    let saves: string[] = [];
    let next = start();
    let m = meta;
    for (let stops = 0; ; stops++) {
      const t = table({ match: next, meta: m });
      let n = 0;
      answerAll(t.session, () => (++n > 12 ? (queueMicrotask(() => t.session.stop()), false) : true));
      await t.session.run();
      saves = t.saves;
      if (t.session.phase === 'matchOver') {
        expect(stops).toBeGreaterThan(1);
        expect(t.session.match.totals).toEqual(whole.session.match.totals);
        break;
      }
      const saved = parsePlaySave(saves[saves.length - 1], 'the save');
      expect(saved.meta.people).toEqual([0, 2]);
      next = saved.match;
      m = resumedMeta(saved.match, saved.meta);
    }
  });

  it('an abort ends the run with its reason and the match kept; a stop ends it quietly', async () => {
    const match = createMatch({ rules: resolveRules('extreme'), players: 4, seed: 3, log: true });
    const quit = new Error('quit');
    const a = table({ match, autosave: false });
    let n = 0;
    answerAll(a.session, () => (++n > 5 ? (queueMicrotask(() => a.session.abort(quit)), false) : true));
    await expect(a.session.run()).rejects.toBe(quit);
    a.session.save();
    const saved = parsePlaySave(a.saves[0], 'the save');
    expect(saved.match.game.moves).toBeGreaterThan(0);
    // The launcher is gone, its state kept for the save.
    expect(a.session.launcher).toBeNull();
    expect(saved.meta.launcher!.presses).toBe(a.ends[0].presses);
    const b = table({ match, autosave: false });
    answerAll(b.session, () => (queueMicrotask(() => b.session.stop()), false));
    await expect(b.session.run()).resolves.toBeUndefined();
  });

  it('refuses people seats that are not at the table, or leave out `me`', () => {
    const match = createMatch({ rules: resolveRules('extreme'), players: 4, seed: 3, log: true });
    expect(() => table({ match, people: [2] })).toThrow(/seat 0 \(me\) among them/);
    expect(() => table({ match, people: [0, 4] })).toThrow(/seats 0\.\.3/);
  });

  it('makes no search bot itself: its remote seats play them, or its searchBot makes them (with the save\'s budget)', () => {
    const match = createMatch({ rules: resolveRules('extreme'), players: 4, seed: 3, log: true });
    const searching: PlayMeta = { ...meta, bots: ['random', 'ismcts'], budget: { steps: 900 } };
    expect(() => table({ match, meta: searching })).toThrow("seat 1's bot (ismcts) searches: give the session remote seats that play it, or a searchBot to make it");
    const made: [string, string, number, SearchOptions][] = [];
    const searchBot = (kind: 'ismcts', seed: string, seat: number, search: SearchOptions): Bot => (made.push([kind, seed, seat, search]), quickBot('heuristic', seed, seat));
    // Seat 0 is Ana's; the kinds go round the others: seats 1 and 3 search, seat 2 plays at random.
    table({ match, meta: { ...searching, people: [0] }, search: { omniscient: false }, searchBot });
    expect(made).toEqual([['ismcts', '3', 1, { omniscient: false, budget: { steps: 900 } }], ['ismcts', '3', 3, { omniscient: false, budget: { steps: 900 } }]]);
    // Seat 1 thinks elsewhere: only seat 3 is made here.
    made.length = 0;
    const asked: number[] = [];
    const remote: RemoteSeats = {
      has: (seat) => seat === 1,
      seat: (seat, kind) => (asked.push(seat), { name: kind, interactive: true, choose: () => { throw new Error('asked through decide'); }, react: () => null }),
      decide: () => Promise.resolve(null),
      dispose: () => undefined,
    };
    const { session } = table({ match, meta: { ...searching, people: [0] }, remote, searchBot });
    expect([asked, made.map((m) => m[2])]).toEqual([[1], [3]]);
    session.stop();
  });

  it('a device starts empty: the round loads its supply', () => {
    const start: LauncherStart = { profile, seed: [1, 2, 3, 4], seats: 4, supply: ['R1#1'], resume: { rng: [1, 2, 3, 4], presses: 3, sinceBurst: 1, motorMs: 0, lowWarned: false, jammed: false, supply: ['R2#1'] } };
    const d = onDevice(start);
    expect('supply' in d).toBe(false);
    expect(d.resume!.supply).toEqual([]);
    expect(d.resume!.presses).toBe(3);
  });
});

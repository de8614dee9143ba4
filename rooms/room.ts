/**
 * One table of a game night: friends around it, each on their own device. A room holds one match
 * session; the host opens it and gets a short code, people join under a name and get a seat and a
 * secret token that takes the seat back on a new connection. Each client is sent only its own view
 * (the table screen: no hand at all); what a client asks that cannot be done is refused to it alone
 * and changes nothing. A seat whose person is gone is waited for, then played by a bot until they
 * come back. The room is kept with its session's save, seats and tokens (rooms/save.ts), and opens
 * again from it. The rooms of a server, and which client is where, are rooms/hub.ts.
 */
import { resolveProfile } from '../emulator/profiles.ts';
import { createMatch, isSearchKind, parsePlaySave, type LaterMove, positionalBot, searchBot, resolveRules, resumedMeta, type Bot, type MatchState, type Move, type PlayMeta } from '../game/index.ts';
import type { MachineLauncher } from '../emulator/launcher.ts';
import { LauncherOnTableWatch } from '../table/launcherOnTable.ts';
import { randomInt } from 'node:crypto';
import { NAME_COLUMNS, personName } from '../lib/names.ts';
import type { RoomSeat, RoomSettings, SeatStatus, Sent, ServerMessage } from '../table/roomMessages.ts';
import { MatchSession, type Question, type TableEvent } from '../table/session.ts';
import { SearchSeats } from '../table/search.ts';
import { said, type Phrase } from '../table/words.ts';
import type { RoomHub } from './hub.ts';
import type { InRoom, RoomClient } from './messages.ts';
import { no, notHere } from './refused.ts';
import { newToken, sameToken, type RoomSave } from './save.ts';

/** The pause after a bot's move or a press when the room's settings give none: a move a person can follow. */
export const DEFAULT_PACE_MS = 800;

/** A person's seat: who sits there, their token, their connections, and how long they are waited for. */
export interface Person {
  name: string;
  token: string | null;
  removed: boolean;
  clients: Set<RoomClient>;
  /** When the wait for a person whose connections are gone ends (null: here, or past the wait). */
  deadline: number | null;
  timer: unknown;
}

/** A name a person joins under ({@link personName}'s rule), or the refusal saying why not. */
function checkName(name: unknown): string {
  const r = personName(name);
  if ('why' in r) throw no(`name.${r.why}`, { n: NAME_COLUMNS, wide: NAME_COLUMNS / 2, name: typeof name === 'string' ? name.trim() : '' });
  return r.name;
}

/** One table: the lobby, then its match session. */
export class Room implements InRoom {
  readonly clients = new Set<RoomClient>();
  /** The people's seats, in seat order (the seats after them are bots'). */
  private people: Person[] = [];
  session: MatchSession | null = null;
  /** The bots that play for the people away past the wait, or removed: null, one that thinks in the search pool. */
  private standIns = new Map<number, Bot | null>();
  /** The search bots of the session (its bots' seats, and stand-ins that search). */
  private search: SearchSeats | null = null;
  private flushing = false;
  private closed = false;
  /** How much of its session's log each client was sent (the session, and the number of the line after the last sent). */
  private readonly logSent = new WeakMap<RoomClient, { session: MatchSession; upTo: number }>();
  /** The turn timer of the question a person is asked now ({@link RoomSettings.turnMs}): its end on the hub's clock. */
  private turnTimer: { q: Question; deadline: number; timer: unknown } | null = null;
  /** The pause after a move under way ({@link pace}): ended at once when the room closes. */
  private pacing: { timer: unknown; end: () => void } | null = null;
  /** The launcher as the table screen and the phones draw it; the presser is whoever the game asks to press. */
  private readonly launcher = new LauncherOnTableWatch(() => {
    const p = this.session?.state.pending;
    return p?.kind === 'press' ? p.seat : undefined;
  }, () => this.changed());

  /**
   * When a person or the table screen last sent something (the hub's clock): a room nobody uses is
   * deleted after a while, though bots may still be playing the seats of people who left.
   */
  lastActive: number;
  /** When the room's last table screen went (the hub's clock; null: one is connected). */
  tableGoneAt: number | null = null;

  constructor(private readonly hub: RoomHub, readonly code: string, readonly settings: RoomSettings, readonly hostToken: string, readonly from?: string) {
    this.lastActive = hub.clock.now();
  }

  /** A message came now. */
  touch(): void {
    this.lastActive = this.hub.clock.now();
  }

  person(seat: number): Person {
    const p = this.people[seat];
    if (!p) throw no('room.no.notAPerson', { seat });
    return p;
  }

  seatOf(person: Person): number {
    return this.people.indexOf(person);
  }

  join(name: unknown): Person {
    // A started room first: a name refused there would tell a stranger the code is a room's.
    if (this.session) throw notHere(this.code);
    const n = checkName(name);
    if (this.people.length >= this.settings.players) throw no('room.no.full', { code: this.code, n: this.settings.players });
    if (this.people.some((p) => p.name.toLowerCase() === n.toLowerCase())) throw no('room.no.nameTaken', { name: n });
    const person: Person = { name: n, token: newToken(), removed: false, clients: new Set(), deadline: null, timer: null };
    this.people.push(person);
    return person;
  }

  personOfToken(token: unknown): Person {
    const p = typeof token === 'string' ? this.people.find((q) => sameToken(token, q.token)) : undefined;
    if (!p) throw notHere(this.code);
    return p;
  }

  /** A connection of `p` came: they are here again, and play their own seat. */
  arrive(p: Person, client: RoomClient): void {
    p.clients.add(client);
    this.hub.clock.clearTimeout(p.timer);
    p.timer = null;
    p.deadline = null;
    const seat = this.seatOf(p);
    if (this.standIns.delete(seat)) this.session?.standIn(seat, false);
    this.changed();
  }

  /**
   * A connection of `p` went: with none left in a game, they are waited for, then stood in for.
   * In the lobby their seat stays theirs (their token takes it back) until the host removes it.
   */
  depart(p: Person, client: RoomClient): void {
    // A room closed (the server stopping) closes its sockets after: it waits for nobody then.
    if (!p.clients.delete(client) || p.clients.size > 0 || p.removed || this.closed) return;
    if (this.session) this.wait(this.seatOf(p));
    this.changed();
  }

  private wait(seat: number): void {
    const p = this.people[seat];
    p.deadline = this.hub.clock.now() + this.hub.waitMs;
    p.timer = this.hub.clock.setTimeout(() => {
      p.timer = null;
      p.deadline = null;
      this.standIn(seat);
    }, this.hub.waitMs);
  }

  /** A bot plays `seat` from now (until its person comes back, unless removed). */
  private standIn(seat: number): void {
    if (this.turnTimer?.q.seat === seat) this.stopTurnTimer();
    this.standIns.set(seat, this.standInBot(seat));
    this.changed();
    const q = this.session?.questionOf(seat);
    if (q) this.botAnswers(q);
  }

  /** The stand-in of `seat`, seeded as every stand-in is; null when it is made in the search pool, where it thinks. */
  private standInBot(seat: number): Bot | null {
    const seed = `${this.session!.match.setup.seed}/stand-in`;
    if (this.search && isSearchKind(this.settings.bots) && this.search.standIn(seat, this.settings.bots, seed)) return null;
    return positionalBot(this.settings.bots, seed, seat);
  }

  /**
   * A bot answers `q`: the seat's stand-in while one plays it, or `once`, made as a stand-in is
   * for this question alone (the turn timer ran out: null when it thinks in the search pool).
   */
  private botAnswers(q: Question, once?: Bot | null): void {
    // A catch race waits for the bot's answer, however long it thinks (the search pool).
    this.session?.standIn(q.seat, true);
    // Answered after the question's own event has reached everyone (never inside it).
    queueMicrotask(() => {
      const s = this.session;
      const bot = once === undefined ? this.standIns.get(q.seat) : once;
      if (!s || bot === undefined || s.questionOf(q.seat) !== q) return;
      if (bot === null) {
        // Answered only if the question still waits for this bot (a stood-in seat's person may have come back meanwhile).
        this.search!.decide(s.state, q.seat, q.moves, q.mode).then(
          (move) => s.questionOf(q.seat) === q && (once === null || this.standIns.get(q.seat) === null) && s.answer(q.seat, move, true),
          (e: Error) => this.hub.o.failed?.(this.code, e),
        );
        return;
      }
      const move: Move | null = q.mode === 'react' ? bot.react(s.state, q.seat, q.moves) : bot.choose(s.state, q.seat, q.moves);
      // As a bot: in a catch race its move acts at the seat's delay, as any bot's.
      s.answer(q.seat, move, true);
    });
  }

  start(): void {
    if (this.session) throw no('room.no.started');
    if (this.people.length === 0) throw no('room.no.nobody');
    this.newMatch();
  }

  /**
   * A new match in this room once one is over: the same people in the same seats with the same
   * tokens (a phone follows without a scan or a reload), the same settings, a new deal.
   */
  again(): void {
    const s = this.playing();
    if (s.phase !== 'matchOver') throw no('room.no.notOver');
    if (this.settings.launcher === 'board' && !this.hub.claimBoard(this)) throw no('room.no.boardElsewhere');
    s.stop();
    this.newMatch();
    // Stand-ins for the people still away, seeded from the new match as every stand-in is.
    for (const seat of [...this.standIns.keys()]) this.standIns.set(seat, this.standInBot(seat));
    this.keep(() => this.session!.saveText(), true);
  }

  /** Deals a new match (a new seed) to the people seated, bots in the seats left. */
  private newMatch(): void {
    const { players, bots } = this.settings;
    const names = [...this.people.map((p) => p.name), ...Array.from({ length: players - this.people.length }, (_, i) => `Bot ${this.people.length + i}`)];
    const seed = this.hub.o.seed?.() ?? randomInt(2 ** 31);
    const { target, options } = this.settings;
    const match = createMatch({ rules: resolveRules(this.settings.rules, { ...options, ...(target !== undefined ? { target } : {}) }), players, seed, log: true });
    const meta: PlayMeta = { names, me: 0, people: this.people.map((_, i) => i), bots: [bots], profile: this.settings.profile, launcher: null };
    this.begin(match, meta);
  }

  /** Goes on from a kept room: its seats and tokens as they were, every person away. */
  resume(saved: RoomSave, later: readonly LaterMove[] = []): void {
    this.people = saved.seats.map((s) => ({ name: s.name, token: s.token, removed: s.removed, clients: new Set<RoomClient>(), deadline: null, timer: null }));
    const { match, meta } = parsePlaySave(saved.game, `room ${saved.code}`, later);
    this.begin(match, resumedMeta(match, meta), saved.log);
    // Written whole at once, its journal's moves in it: the journal (a line of it maybe cut short) is emptied before a move is added.
    this.keep(() => this.session!.saveText(), true);
    for (const [seat, p] of this.people.entries()) {
      if (p.removed) this.standIns.set(seat, this.standInBot(seat));
      else this.wait(seat);
    }
  }

  /** Runs the match `match` from `meta`; its log from `log` (a kept room's phrases) or the save's worded lines. */
  private begin(match: MatchState, meta: PlayMeta, log?: readonly Phrase[]): void {
    this.stopTurnTimer();
    const board = this.settings.launcher === 'board' ? this.hub.o.board : undefined;
    const open = this.hub.o.search;
    // Made with the options the session's own search bots would have (its searchBot's), so a game is the same wherever its bots think.
    this.search = open ? new SearchSeats(meta, match.setup.seed, open, meta.budget ? { budget: meta.budget } : {}) : null;
    if (this.search) this.search.failed = (e) => this.hub.o.failed?.(this.code, e);
    const session = new MatchSession({
      match, meta, profile: resolveProfile(this.settings.profile), makeLauncher: board?.makeLauncher ?? this.hub.o.makeLauncher, autosave: true,
      ...(log ? { lines: log } : {}),
      ...(this.search ? { remote: this.search } : { searchBot }),
      // Each move goes to the store's journal as it is made (heard), the whole save when the store writes it.
      store: { save: (game) => this.keep(() => game), later: (build) => this.keep(build) },
      afterMove: (move) => this.pace(move),
      clock: this.hub.clock,
    });
    this.session = session;
    session.subscribe((e) => this.heard(e));
    session.run().catch((e: Error) => {
      this.hub.releaseBoard(this);
      this.hub.o.failed?.(this.code, e);
    });
    this.changed();
  }

  /**
   * Waits, after a move, for the people to follow it: after a bot's move (a stand-in's too) and
   * after each press of the launcher, not after a person's own move. A burst of the simulated
   * launcher took no time here: the table screen plays it over its length, and the next move
   * waits that long too. Only when moves are sent changes: the moves are the same at any pace.
   */
  private pace(move: Move): Promise<void> {
    const paceMs = this.settings.paceMs ?? DEFAULT_PACE_MS;
    const byPerson = move.type !== 'launcher' && this.people[move.seat] !== undefined && !this.standIns.has(move.seat);
    if (paceMs === 0 || byPerson) return Promise.resolve();
    const simulated = move.type === 'launcher' && this.session?.launcher?.clock ? (this.launcher.snapshot()?.press?.ms ?? 0) : 0;
    return new Promise((done) => {
      const end = () => {
        this.pacing = null;
        done();
      };
      this.pacing = { timer: this.hub.clock.setTimeout(end, paceMs + simulated), end };
    });
  }

  /** Keeps the room, its game as `game()` gives it when the store writes it (at once with `now`). */
  private keep(game: () => string, now = false): void {
    const text = () => JSON.stringify({
      room: 1, code: this.code, settings: this.settings, hostToken: this.hostToken,
      seats: this.people.map((p) => ({ name: p.name, token: p.token, removed: p.removed })), game: game(),
      ...(this.session ? { log: this.session.keptLines() } : {}),
    } satisfies RoomSave);
    this.hub.o.store.save(this.code, text, now);
  }

  private heard(e: TableEvent): void {
    const s = this.session;
    if (e.type === 'moved' && s) this.hub.o.store.append?.(this.code, s.journalLine(e.move));
    if (e.type === 'launcher') this.follow(e.launcher);
    if (e.type === 'phase' && e.phase === 'matchOver') this.hub.releaseBoard(this);
    if (e.type === 'question') this.asked(e.question);
    if (e.type === 'answered' && this.turnTimer && s?.questionOf(this.turnTimer.q.seat) !== this.turnTimer.q) this.stopTurnTimer();
    this.changed();
  }

  /**
   * `q` is put to its seat: its stand-in answers it, or the turn timer starts for its person (the
   * room's setting; not on a chance out of turn, such as a catch or a late UNO, which is not a turn).
   */
  private asked(q: Question): void {
    if (this.standIns.has(q.seat)) return this.botAnswers(q);
    const ms = this.settings.turnMs;
    if (ms === undefined || q.mode === 'react') return;
    this.stopTurnTimer();
    this.turnTimer = { q, deadline: this.hub.clock.now() + ms, timer: this.hub.clock.setTimeout(() => this.timeUp(q), ms) };
  }

  /**
   * The turn timer ran out on `q`: a stand-in answers it as it plays a seat whose person is away,
   * this once. The person keeps their seat and is asked their next turn (a phone frozen in the
   * background still answers the socket's pings: its seat looks here, and the table would wait).
   */
  private timeUp(q: Question): void {
    this.turnTimer = null;
    const s = this.session;
    if (!s || s.questionOf(q.seat) !== q) return;
    s.note(said('room.note.timeUp', { who: { seat: q.seat } }));
    this.botAnswers(q, this.standInBot(q.seat));
  }

  private stopTurnTimer(): void {
    if (!this.turnTimer) return;
    this.hub.clock.clearTimeout(this.turnTimer.timer);
    this.turnTimer = null;
  }

  /** The round's launcher: drawn for the clients; what a board asks of the people (a reload, a jam) said in the events. */
  private follow(l: MachineLauncher): void {
    this.launcher.follow(l);
    const note = (line: Phrase) => this.session?.note(line);
    l.onAttention((_english, a) => note(a.kind === 'reload' ? said('attention.reload', { emptyFirst: a.emptyFirst ? 'yes' : 'no', n: a.cards }) : said(`attention.${a.kind}`)));
    l.on('offline', () => l.lostForGood === null && note(said('term.offline')));
    l.on('online', () => note(said('term.online')));
  }

  move(seat: number, id: unknown, choice: unknown): void {
    const s = this.playing();
    if (!Number.isInteger(id)) throw no('room.no.questionId');
    const q = s.questionOf(seat);
    if (!q || q.id !== id) {
      // Too late in a catch race: told who was first, not that something went wrong.
      const first = s.caughtFirst(id as number);
      if (first !== null) throw no('room.no.caughtFirst', { who: s.names[first] });
      const other = s.asking.find((a) => a.id === id);
      throw q ? no('room.no.movedOnTo', { id: String(id), now: q.id }) : other ? no('room.no.notYourTurn', { who: s.names[other.seat] }) : no('room.no.movedOn');
    }
    if (this.standIns.has(seat)) throw no('room.no.standIn');
    if (choice === null) {
      if (q.mode !== 'react') throw no('room.no.mustChoose');
    } else if (!Number.isInteger(choice) || (choice as number) < 0 || (choice as number) >= q.moves.length) {
      throw no('room.no.choice', { choice: String(choice), n: q.moves.length });
    }
    if (!s.answer(seat, choice === null ? null : q.moves[choice as number])) throw no('room.no.notTaken');
  }

  uno(seat: number, armed: unknown): void {
    const s = this.playing();
    if (typeof armed !== 'boolean') throw no('room.no.unoArmed');
    if (s.phase !== 'playing') throw no('room.no.noRound');
    s.armUno(seat, armed);
  }

  next(): void {
    const s = this.playing();
    if (s.phase !== 'roundOver') throw no(s.phase === 'matchOver' ? 'room.no.matchOver' : 'room.no.roundOn');
    s.nextRound();
  }

  /** The host takes `seat` from its person ({@link vacate}). */
  remove(seat: unknown): void {
    if (!Number.isInteger(seat)) throw no('room.no.removeSeat');
    const who = this.person(seat as number).name;
    this.vacate(seat as number, (bot) => said('room.removed', { who, bot }));
  }

  /** The person at `seat` leaves it from their own phone, as the host's Remove would take it; the log says who left. */
  leave(seat: number): void {
    const who = this.person(seat).name;
    // Said first: the save written at once as the seat is taken keeps the line.
    this.session?.note(said('room.note.left', { who }));
    this.vacate(seat, (bot) => said('room.left', { who, code: this.code, bot }));
  }

  /**
   * `seat`'s person no longer has it, their token no longer takes it back, and their connections
   * are told `why` (`bot`: whether a bot plays it now): in the lobby the seat is freed, in a game a
   * bot plays it for good.
   */
  private vacate(seat: number, why: (bot: 'yes' | 'no') => Phrase): void {
    const p = this.person(seat);
    if (p.removed) throw no('room.no.removedAlready', { who: p.name });
    const clients = [...p.clients];
    p.clients.clear();
    if (!this.session) this.people.splice(seat, 1);
    else {
      p.removed = true;
      p.token = null;
      this.hub.clock.clearTimeout(p.timer);
      p.deadline = null;
      this.standIn(seat);
      this.keep(() => this.session!.saveText(), true);
    }
    for (const c of clients) this.hub.unbind(c);
    // Told once the save without their token is written: a server killed before that comes back with them seated, as they last heard.
    const told = why(this.session ? 'yes' : 'no');
    this.afterKept(() => {
      for (const c of clients) c.send({ type: 'removed', why: told });
    });
    this.changed();
  }

  private playing(): MatchSession {
    if (!this.session) throw no('room.no.notStarted');
    return this.session;
  }

  private status(seat: number): SeatStatus {
    const p = this.people[seat];
    if (!p) return this.session ? { kind: 'bot' } : { kind: 'free' };
    if (p.removed) return { kind: 'removed' };
    if (p.clients.size > 0) return { kind: 'here' };
    if (p.deadline !== null) return { kind: 'away', msLeft: Math.max(0, p.deadline - this.hub.clock.now()) };
    return { kind: 'standIn' };
  }

  seats(): RoomSeat[] {
    const names = this.session?.names ?? Array.from({ length: this.settings.players }, (_, i) => this.people[i]?.name ?? '');
    return names.map((name, seat) => ({ name, status: this.status(seat) }));
  }

  /**
   * Something changed: every client is sent its view once this turn of the event loop is over, so
   * that what one message sets going (a move, the launcher's answer, the next question) goes out
   * as one view, not one per step; and once the store has written what the view shows, so that a
   * server killed loses no move a person saw. What changes meanwhile goes in the same view.
   */
  private changed(): void {
    if (this.flushing) return;
    this.flushing = true;
    setImmediate(() => this.afterKept(() => {
      this.flushing = false;
      const shown = this.shown();
      for (const c of this.clients) this.sendTo(c, shown);
    }));
  }

  /** What the room's clients are shown, read once for all of them (each seat's refusals among it). */
  private shown() {
    const s = this.session;
    // The ms left now, absent when no timer runs: a room without one sends what it sent before.
    const t = this.turnTimer;
    return {
      seats: this.seats(), table: s?.tableView() ?? null, refusals: s?.everyHandRefusals() ?? [], launcher: this.launcher.snapshot(),
      timer: t ? { timer: { seat: t.q.seat, msLeft: Math.max(0, t.deadline - this.hub.clock.now()) } } : {},
    };
  }

  /** Calls `then` once the store has written what this room gave it so far. */
  private afterKept(then: () => void): void {
    const store = this.hub.o.store;
    if (store.written) store.written(this.code, then);
    else then();
  }

  /** Sends `client` what it may see now: its log, the lines it was not sent yet. */
  sendTo(client: RoomClient, { seats, table, refusals, launcher, timer } = this.shown()): void {
    const s = this.session;
    const at = this.people.findIndex((p) => p.clients.has(client));
    const seat = at < 0 ? undefined : at;
    const m: ServerMessage = !s || !table ? { type: 'lobby', code: this.code, settings: this.settings, seats }
      : seat === undefined ? { type: 'table', code: this.code, seats, view: this.unsent(client, s, table), launcher, settings: this.settings, ...timer }
      : { type: 'view', code: this.code, seats, view: this.unsent(client, s, s.viewOf(seat, table, refusals[seat])), launcher, ...timer };
    this.hub.o.sending?.(this, m);
    client.send(m);
  }

  /** `view` with only the log lines `client` was not sent yet (all of them on its first view of this session). */
  private unsent<V extends { log: readonly Phrase[]; logBase: number }>(client: RoomClient, s: MatchSession, view: V): Sent<V> {
    const sent = this.logSent.get(client);
    const from = Math.max(view.logBase, sent?.session === s ? sent.upTo : 0);
    const upTo = view.logBase + view.log.length;
    this.logSent.set(client, { session: s, upTo });
    return { ...view, log: { from, lines: view.log.slice(from - view.logBase) } };
  }

  close(): void {
    this.closed = true;
    this.search?.dispose(new Error('the room closed'));
    for (const p of this.people) this.hub.clock.clearTimeout(p.timer);
    this.stopTurnTimer();
    this.session?.stop();
    this.launcher.stop();
    this.hub.releaseBoard(this);
    // The round loop waiting out a pause goes on to find its session stopped, and ends.
    if (this.pacing) {
      this.hub.clock.clearTimeout(this.pacing.timer);
      this.pacing.end();
    }
  }
}


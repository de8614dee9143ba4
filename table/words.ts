/**
 * Game events in plain words, as a person at the table would say them.
 */
import { cardLabel, ROUND_MOVE_LIMIT, type GameEvent, type GameState, type PressRequest } from '../game/index.ts';
import { startAction } from '../game/start.ts';
import { leftOf } from '../game/turn.ts';

/** Names of the seats, by seat. */
export type Names = readonly string[];

const REASONS: Record<string, string> = {
  turn: 'instead of playing', hit2: 'Hit 2', hit4: 'Hit 4', coupExtreme: 'Coup Extrême', uno: 'missed UNO', allHit: 'All-Hit',
  hitFire: 'Hit-Fire', draw2: '+2', wild4: '+4', challenge: 'lost challenge', stack: 'stack',
};

/** `1 card`, `3 cards`, `0 cards`: a count of cards in words. */
export function cardCount(n: number): string {
  return `${n} ${n === 1 ? 'card' : 'cards'}`;
}

/** What a press or a draw gave, in words: `nothing`, `1 card`, `3 cards`. */
function cards(n: number): string {
  return n === 0 ? 'nothing' : cardCount(n);
}

/**
 * What a person pressing for `p` is told: why, and how many presses are left
 * (`Hit 2: press 2 more times`), and whom the launcher faces when it is not them.
 */
export function pressPrompt(p: PressRequest, names: Names): string {
  const why = p.reason === 'turn' ? 'Your turn' : (REASONS[p.reason] ?? p.reason);
  const left = p.untilCards ? 'press until cards come out' : `press ${p.remaining} more time${p.remaining === 1 ? '' : 's'}`;
  const at = p.aimAt !== p.seat ? ` (the launcher faces ${names[p.aimAt] ?? `seat ${p.aimAt}`})` : '';
  return `${why}: ${left}${at}`;
}

/** How a round that nobody went out of ended (game/state.ts, ROUND_MOVE_LIMIT), in every display. */
export const CALLED_OFF = `the round was called off after ${ROUND_MOVE_LIMIT.toLocaleString('en')} moves: nobody scores it`;

/** How a finished round ended, as the round's heading says it: who went out, or that it was called off. */
export function roundEndText(winner: number | null, names: Names): string {
  return winner === null ? `nobody went out: ${CALLED_OFF}` : `${names[winner] ?? `seat ${winner}`} went out`;
}

/** `third` for a player, `second` for the person named "You" ("You are skipped", "You win"). */
export function verb(name: string, third: string, second: string): string {
  return name === 'You' ? second : third;
}

/** One line for an event, or null for events a person does not need to read. */
export function describeEvent(e: GameEvent, names: Names, pendingReason: string | null): string | null {
  const who = (seat: number) => names[seat] ?? `seat ${seat}`;
  switch (e.type) {
    case 'start':
      return `${who(e.dealer)} deals. Start card: ${cardLabel(e.card)}`;
    case 'play': {
      const what = e.cards.map(cardLabel).join(', ');
      return `${who(e.seat)} played ${what}${e.colour && e.cards.some((c) => !/^[RYGB]/.test(c)) ? ` and named ${e.colour}` : ''}`;
    }
    case 'press': {
      const why = pendingReason ? ` (${REASONS[pendingReason] ?? pendingReason})` : '';
      // Short enough for an 80-column screen with the longest names and reasons: whom it faced says who took the cards.
      const at = e.aimAt !== e.seat ? ` at ${who(e.aimAt)}` : '';
      const half = e.halfOut ?? 0;
      const stuck = half > 0 ? `, ${half} half out to ${who(e.seat)}` : '';
      const out = e.cards.length === 0 ? 'ding… nothing' : `ding! ${cards(e.cards.length - half)}${stuck}`;
      return `${who(e.seat)} pressed${at}${why}: ${out}`;
    }
    case 'draw':
      return `${who(e.seat)} drew ${cards(e.cards.length)}`;
    case 'reload':
      return `Launcher empty: ${e.cards.length} discards shuffled into it`;
    case 'reshuffle':
      return `Draw pile empty: ${e.cards} discards shuffled into it`;
    case 'uno':
      return `${who(e.seat)} called UNO!`;
    case 'caught':
      return `${who(e.by)} caught ${who(e.seat)} without UNO`;
    case 'skip':
      return `${who(e.seat)} ${verb(who(e.seat), 'is', 'are')} skipped`;
    case 'direction':
      return `Play now goes ${e.direction === 1 ? 'clockwise' : 'counter-clockwise'}`;
    case 'colour':
      return `${who(e.seat)} named ${e.colour}`;
    case 'trade':
      return `${who(e.seat)} traded hands with ${who(e.target)}`;
    case 'rotate':
      return `Every hand passes ${e.direction === 1 ? 'to the left' : 'to the right'}`;
    case 'show':
      return 'Show Hands: every hand is on the table';
    case 'challenge':
      return `${who(e.seat)} challenged ${who(e.by)}'s +4: it was ${e.legal ? 'legal' : 'illegal'}`;
    case 'roundOver':
      return `${who(e.winner)} went out!`;
    case 'calledOff':
      return `Nobody went out in ${e.moves.toLocaleString('en')} moves: ${CALLED_OFF}`;
    case 'request':
    case 'turn':
      return null;
  }
}

/**
 * The lines of each move's events, in order. A press event does not say why it was pressed: the
 * request before it did, so the reason of the last press request is remembered here.
 */
export class EventWords {
  private reason: string | null = null;

  constructor(private readonly names: Names) {}

  /** Picks up a round where it is (a resumed save): a press request already pending gives its reason. */
  from(state: GameState): void {
    this.reason = state.pending?.kind === 'press' ? state.pending.reason : null;
  }

  /** The lines of one move's events (events a person need not read give none). */
  lines(events: readonly GameEvent[]): string[] {
    const out: string[] = [];
    for (const e of events) {
      if (e.type === 'request' && e.pending.kind === 'press') this.reason = e.pending.reason;
      const line = describeEvent(e, this.names, e.type === 'press' ? this.reason : null);
      if (line) out.push(line);
    }
    return out;
  }
}

/** The first line of a round's log. */
export function roundStartLine(round: number, dealer: string): string {
  return `Round ${round + 1}, dealer: ${dealer}`;
}

/**
 * The start card and what it did, said before the first move of a round (`s`: the round as
 * dealt, its start card applied), by the rule set's start-card table: who plays first, who names
 * the colour, who presses or draws and who is skipped when it counts as the dealer's play.
 */
export function openingLine(s: GameState, names: Names): string {
  const who = (seat: number) => names[seat] ?? `seat ${seat}`;
  const does = (seat: number, third: string, second: string) => `${who(seat)} ${verb(who(seat), third, second)}`;
  const top = s.discard[s.discard.length - 1];
  const start = `Start card: ${cardLabel(top)}`;
  const left = leftOf(s, s.dealer);
  const dealer = `${who(s.dealer)} (the dealer)`;
  const dealerDoes = (third: string, second: string) => `${dealer} ${verb(who(s.dealer), third, second)}`;
  switch (startAction(s.rules, top)) {
    case 'reverse':
      return `${start}: play goes counter-clockwise and ${dealerDoes('plays', 'play')} first`;
    case 'wild':
      return `${start}: ${does(left, 'names', 'name')} the colour and ${verb(who(left), 'plays', 'play')} first`;
    case 'dealerColour':
      return `${start}: ${dealerDoes('names', 'name')} the colour, then ${does(left, 'plays', 'play')} first`;
    case 'asDealer': {
      const p = s.pending;
      const as = `${start}: as if ${dealer} had played it`;
      if (p?.kind === 'press') {
        const times = p.untilCards ? 'until cards come out' : p.remaining === 1 ? 'once' : p.remaining === 2 ? 'twice' : `${p.remaining} times`;
        return `${as}, ${does(p.seat, 'presses', 'press')} the launcher ${times}`;
      }
      if (p?.kind === 'colour') return `${as}, ${does(p.seat, 'names', 'name')} the colour`;
      if (s.turn === left) return `${as}, ${does(left, 'plays', 'play')} first`;
      const drew = s.hands[left].length - s.rules.options.handSize;
      const took = drew > 0 ? `${verb(who(left), 'draws', 'draw')} ${cards(drew)} and ` : '';
      return `${as}, ${who(left)} ${took}${verb(who(left), 'is', 'are')} skipped, ${does(s.turn, 'plays', 'play')} first`;
    }
    default:
      return `${start}: ${does(left, 'plays', 'play')} first on it`;
  }
}

/** Seats named the way the table names them: "seat 2" in an engine message becomes the player's name. */
export function withNames(text: string, names: Names): string {
  return text.replace(/\bseat (\d+)\b/g, (all, n: string) => names[Number(n)] ?? all);
}

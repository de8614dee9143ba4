/**
 * The board's running counters turned into one input per press and per card (PROTOCOL.md,
 * "Resynchronising"): a lost `CARD` or `BTN` line is made up by the next count, and after a
 * reconnect or a reset the counts the board carried across it are reported once, or said to be
 * unknown after a power cycle. No I/O, no clock: the session feeds it what the board says.
 */
import { helloSession, resync, type DeviceMessage } from '../codec.ts';
import type { Hello } from './link.ts';
import type { HardwareInput } from '../../emulator/hardware.ts';
import type { Key } from '../../words/catalogue.ts';

/** What the board tells the launcher: the device inputs of `emulator/hardware.ts` it can report. */
export type BoardInput = Extract<HardwareInput, { type: 'BUTTON' | 'LID' | 'CARD' | 'BATTERY' | 'STALL' | 'LINK' }>;

/**
 * What the host last counted of one board, and what it reports from the board's lines.
 *
 * A count carried by a line is believed when it goes up by one, as it does line after line. One
 * that jumps (a `CARD` after lost lines, or a damaged line whose CRC-8 happens to match: about 1
 * in 256, PROTOCOL.md) is not counted from the line: `check` asks the board for its counters
 * (STATUS), and {@link fromStatus} counts what the board itself says. Believing it would drop the
 * next real cards a wrong count had claimed, or make up thousands of cards. One that does not go
 * up (the board never sends a count twice: a line repeated on the wire, or a stray one) is checked
 * the same way.
 *
 * A stray or damaged line one past the last count (`CARD <n+1>` with a CRC that matches) cannot be
 * told from the next card: it is counted, and the next STATUS (the session asks one after every
 * burst) finds the host's count past the board's. The host tells the person, and counts on from its
 * own count: the next real card, the one the game already dealt, is not counted twice.
 */
export class BoardCounts {
  private cards = 0;
  private presses = 0;
  private sid: number | null = null;

  constructor(
    private readonly emit: (i: BoardInput) => void,
    private readonly log: (line: string) => void,
    private readonly check: () => void,
    /** Tells the person at the launcher (a notice, its key and values): what the counts cannot know. */
    private readonly say: (key: Key, values: Readonly<Record<string, string | number>>) => void,
  ) {}

  /** The first connection: counts start from what the board has now. */
  start(hello: Hello, cards: number, presses: number): void {
    this.cards = cards;
    this.presses = presses;
    this.sid = helloSession(hello)?.sid ?? null;
  }

  /**
   * After a reconnect, or a HELLO from a board that reset: the same counting session (`sid`) with
   * counters not lower means the difference left while the link was down: it is reported now,
   * once. Another session (a power cycle) or lower counters (a ZERO) start the count again; what
   * happened meanwhile cannot be known, and the person is told so: a card that left unseen is in a
   * hand the game does not know of. PROTOCOL.md, "Resynchronising".
   */
  resync(hello: Hello, cards: number, presses: number): void {
    const session = helloSession(hello);
    const r = session && this.sid !== null ? resync({ sid: this.sid, cards: this.cards, presses: this.presses }, { ...session, cards, presses }) : null;
    if (r?.kind === 'continued') {
      if (r.cards > 0) this.log(`resync: ${r.cards} card(s) left while the link was down`);
      for (let i = 0; i < r.cards; i++) this.emit({ type: 'CARD' });
    } else {
      const zeroed = r?.kind === 'restarted' && r.reason === 'zeroed';
      const why = zeroed ? 'its counters were zeroed' : 'the board was power-cycled (or its firmware keeps no session)';
      this.log(`resync: ${why}; cards that left while the link was down are unknown`);
      this.restarted(zeroed);
    }
    this.cards = cards;
    this.presses = presses;
    this.sid = session?.sid ?? null;
  }

  /** A device line after the handshake: presses, cards, the lid, the battery, a stall, a reset. */
  message(m: DeviceMessage): void {
    switch (m.type) {
      case 'BTN':
        if (this.jumps('presses', this.presses, m.presses) || this.repeats('presses', this.presses, m.presses)) break;
        this.countPresses(m.presses);
        break;
      case 'CARD':
        if (this.jumps('cards', this.cards, m.cards) || this.repeats('cards', this.cards, m.cards)) break;
        this.countCards(m.cards);
        break;
      case 'LID':
        this.emit({ type: 'LID', open: m.open });
        break;
      case 'BAT':
        this.emit({ type: 'BATTERY', volts: m.mv / 1000 });
        break;
      case 'STALL':
        if (!this.jumps('cards', this.cards, m.cards)) this.countCards(m.cards);
        this.emit({ type: 'STALL' });
        break;
      case 'STOPPED':
        this.log(`the board stopped the motor: ${m.reason}`);
        break;
      case 'HELLO':
        // The board reset while connected (a brown-out, a watchdog): its counters may have restarted.
        this.resync(m, helloSession(m)?.cards ?? 0, helloSession(m)?.presses ?? 0);
        break;
      default:
        break;
    }
  }

  /** Tells the person the board's counters started again: what left before is unknown. */
  private restarted(zeroed: boolean): void {
    this.say('notice.countRestarted', { zeroed: zeroed ? 'yes' : 'no' });
  }

  /** A line's count more than one past the last: not counted, the board's counters are asked for instead. */
  private jumps(what: string, last: number, said: number): boolean {
    if (said <= last + 1) return false;
    this.log(`a line says ${said} ${what} after ${last}: checked against the board's counters`);
    this.check();
    return true;
  }

  /** A `CARD` or `BTN` line whose count does not go up: the board never sends one; checked against its counters. */
  private repeats(what: string, last: number, said: number): boolean {
    if (said > last) return false;
    this.log(`a line says ${said} ${what}, not past the ${last} counted (repeated on the wire, or a stray line): checked against the board's counters`);
    this.check();
    return true;
  }

  /**
   * The board's own counters (a STATUS): what they are past the last count happened, and is
   * counted. Counters below the host's count mean lines the board did not send were counted: said.
   * Unless the board `reset` since the host last heard of it (STATUS's `up` went back) and no HELLO
   * came: it booted cold and its HELLO was lost on the wire. Then its counters restarted at 0, and
   * all they hold left since: counted. (A STATUS carries no session id: its longest line and ACK
   * must fit the firmware's reply room, PROTOCOL.md "Flow control".)
   */
  fromStatus(cards: number, presses: number, reset = false): void {
    if (reset && (cards < this.cards || presses < this.presses)) {
      this.log(`resync: the board reset since its last STATUS, its HELLO lost, and its counters are below the host's (${cards} cards, ${presses} presses): it booted cold`);
      this.restarted(false);
      this.cards = this.presses = 0;
      this.sid = null;
    }
    this.aheadOf('card', this.cards - cards);
    this.aheadOf('press', this.presses - presses);
    this.countCards(cards);
    this.countPresses(presses);
  }

  private aheadOf(what: 'card' | 'press', ahead: number): void {
    if (ahead <= 0) return;
    const n = ahead === 1 ? `1 ${what}` : `${ahead} ${what === 'card' ? 'cards' : 'presses'}`;
    this.log(`counted ${n} the board did not count`);
    this.say(what === 'card' ? 'notice.cardsAhead' : 'notice.pressesAhead', { n: ahead });
  }

  private countPresses(presses: number): void {
    for (let n = this.presses; n < presses; n++) this.emit({ type: 'BUTTON' });
    this.presses = Math.max(this.presses, presses);
  }

  private countCards(cards: number): void {
    for (let n = this.cards; n < cards; n++) this.emit({ type: 'CARD' });
    this.cards = Math.max(this.cards, cards);
  }
}

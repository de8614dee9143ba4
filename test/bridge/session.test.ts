/**
 * The command session on the in-memory transport, on fake timers: no port, no socat, no real
 * time. A scripted board (fake-board.ts) on the transport's other end answers as the firmware
 * does; the tests pull the cable, reset the board and garble its lines at exact moments.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CommandSession, type BoardInput, type SessionOptions } from '../../firmware-bridge/serial/session.ts';
import { SeqCounter } from '../../firmware-bridge/serial/link.ts';
import { MemoryTransport } from '../../firmware-bridge/memory-transport.ts';
import { encodeCommand, encodeDeviceMessage } from '../../firmware-bridge/codec.ts';
import { FakeBoard, type FakeOptions } from './fake-board.ts';

beforeEach(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] }));
afterEach(() => void vi.useRealTimers());

const PATH = '/dev/ttyACM0';

interface Rig {
  transport: MemoryTransport;
  board: FakeBoard;
  seen: BoardInput[];
  log: string[];
  notices: string[];
  open(o?: Partial<SessionOptions>): Promise<CommandSession>;
}

function rig(board: FakeOptions = {}): Rig {
  const transport = new MemoryTransport(PATH);
  const r: Rig = {
    transport,
    board: FakeBoard.on(transport.board, { helloOnOpen: true, ...board }),
    seen: [],
    log: [],
    notices: [],
    async open(o = {}) {
      const s = await settle(CommandSession.open({ transport, seq: new SeqCounter(), log: (l) => r.log.push(l), ...o }, (i) => r.seen.push(i)));
      s.onNotice((m) => r.notices.push(m));
      return s;
    },
  };
  return r;
}

/** Runs the fake clock in 10 ms steps until `p` settles (for at most 10 s of it), and returns what it gives. */
async function settle<T>(p: Promise<T>): Promise<T> {
  const done = p.then(() => true, () => true);
  for (let t = 0; t < 10_000 && !(await Promise.race([done, Promise.resolve(false)])); t += 10) await vi.advanceTimersByTimeAsync(10);
  return p;
}

const cards = (seen: BoardInput[]) => seen.filter((i) => i.type === 'CARD').length;

describe('command session: handshake', () => {
  it('waits for the HELLO of a board that resets on open, drops what came before it, then reads STATUS', async () => {
    // Bootloader noise and a stale CARD line from before the reset reach the host first.
    const r = rig({ cards: 12, presses: 3, bootNoise: `\xff\x00\n${encodeDeviceMessage({ type: 'CARD', cards: 99 })}` });
    const s = await r.open();
    // The board said HELLO by itself: the host never asked; a bare \n, then STATUS numbered 1.
    expect(r.transport.sent).toBe(`\n${encodeCommand(1, { verb: 'STATUS' })}`);
    expect(r.seen).toEqual([{ type: 'LID', open: false }, { type: 'BATTERY', volts: 4.5 }]);
    expect(s.diagnostics).toEqual({ connections: 1, garbageLines: 0, lastGarbage: null });
    r.board.press();
    r.board.card();
    await vi.advanceTimersByTimeAsync(1);
    expect(r.seen.slice(2)).toEqual([{ type: 'BUTTON' }, { type: 'CARD' }]);
    await s.close();
  });

  it('asks a board that did not reset for its HELLO after helloWaitMs, not before', async () => {
    const r = rig({ helloOnOpen: false });
    const opening = CommandSession.open({ transport: r.transport, seq: new SeqCounter() }, () => {});
    await vi.advanceTimersByTimeAsync(2499);
    expect(r.transport.sent).toBe('');
    await vi.advanceTimersByTimeAsync(1);
    // Asked, answered at once: a bare \n, then STATUS.
    expect(r.transport.sent).toBe(`${encodeCommand(1, { verb: 'HELLO' })}\n${encodeCommand(2, { verb: 'STATUS' })}`);
    await (await opening).close();
  });

  it('a board that never answers: the open fails at the handshake limit, says what to check, and releases the port', async () => {
    const r = rig({ silent: true, helloOnOpen: false });
    const opening = CommandSession.open({ transport: r.transport }, () => {});
    const failed = opening.then(() => 'opened', (e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(4999);
    expect(r.transport.board.connected).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(await failed).toBe(`no handshake from ${PATH} within 5000 ms: it sent nothing: is the uno-extreme firmware uploaded (firmware-bridge/firmware/build.sh), and the baud rate 115200?`);
    // Asked once (at 2.5 s; 5 s is the limit), and the port is free for the next open.
    expect(r.transport.sent.split('\n').filter((l) => / HELLO\*/.test(l))).toHaveLength(1);
    expect(r.transport.board.connected).toBe(false);
  });

  it('a board that speaks something else, or another protocol version, is named as such', async () => {
    const firmata = rig({ silent: true, helloOnOpen: false });
    const opening = CommandSession.open({ transport: firmata.transport }, () => {});
    const failed = opening.then(() => 'opened', (e: Error) => e.message);
    firmata.board.raw(Uint8Array.of(0xf9, 0x02, 0x05, 0x0a, 0xf0, 0x79, 0x0a)); // StandardFirmata's version report
    await vi.advanceTimersByTimeAsync(5000);
    expect(await failed).toMatch(/^no handshake from \/dev\/ttyACM0 within 5000 ms: it answered, but not in the uno-extreme protocol \(2 unreadable line\(s\), e\.g\. ".*"\): if it runs StandardFirmata use --device firmata:PATH/);
    const two = rig({ proto: 2 });
    await expect(two.open()).rejects.toThrow(`${PATH} runs the uno-extreme firmware 0.1.0 with protocol 2; this program speaks protocol 1: upload the firmware from this repository (firmware-bridge/firmware/build.sh)`);
  });

  it('a board that answers HELLO but not STATUS is refused, and a new link numbers on from the last one', async () => {
    const r = rig({ noStatus: true });
    const seq = new SeqCounter();
    const open = () => settle(CommandSession.open({ transport: r.transport, seq }, () => {})).then(() => 'opened', (e: Error) => e.message);
    expect(await open()).toMatch(new RegExp(`^${PATH} answered HELLO but not STATUS \\(.*\\): reset the board, or upload this project's firmware again$`));
    const first = r.board.seqs.length;
    expect(r.transport.board.connected).toBe(false);
    expect(await open()).toMatch(/answered HELLO but not STATUS/);
    // An answer still on the wire from the first link cannot match a command of the second.
    expect(Math.min(...r.board.seqs.slice(first))).toBeGreaterThan(Math.max(...r.board.seqs.slice(0, first)));
  });

  it('a busy port and a denied one say how to fix them', async () => {
    const r = rig();
    r.transport.refuse('EBUSY');
    await expect(CommandSession.open({ transport: r.transport }, () => {})).rejects.toThrow(`${PATH} is busy: another program holds it (close the Arduino IDE's serial monitor, or another uno-extreme)`);
    r.transport.refuse('EACCES');
    await expect(CommandSession.open({ transport: r.transport }, () => {})).rejects.toThrow(/permission denied on \/dev\/ttyACM0: .*sudo usermod -aG dialout \$USER/);
  });
});

describe('command session: a noisy line', () => {
  it('garbage and a damaged CARD line: ignored, counted, told once per 10 s, and the card read again from STATUS', async () => {
    const r = rig();
    const s = await r.open();
    r.board.card();
    r.board.raw('\x00\xff\xfe noise\n');
    r.board.cards++;
    r.board.raw('CARD 2*00\n'); // card 2, its line damaged: nothing follows it, the recount finds it
    await vi.advanceTimersByTimeAsync(5);
    expect(cards(r.seen)).toBe(2);
    expect(s.diagnostics).toEqual({ connections: 1, garbageLines: 2, lastGarbage: 'CARD 2*00' });
    expect(r.notices).toEqual([
      `serial:${PATH}: 1 unreadable line from the board (e.g. "\\u0000ÿþ noise"), ignored; the card count is read again from the board, so no card is lost. If it goes on, check the USB cable and that no other program writes to the port`,
    ]);
    // The second line is summed up when the window ends, 10 s after the first notice.
    await vi.advanceTimersByTimeAsync(9_990);
    expect(r.notices).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(10);
    expect(r.notices[1]).toMatch(/: 1 unreadable line from the board \(e\.g\. "CARD 2\*00", 2 since opening the port\)/);
    expect(s.connected).toBe(true);
    await s.close();
  });

  it('a command the board missed is sent again with the same number, and once answered not again', async () => {
    const r = rig({ dropFirstSend: true });
    const s = await r.open();
    const from = r.board.seqs.length;
    expect(await settle(s.send({ verb: 'STOP' }))).toMatchObject({ reply: { type: 'ACK' } });
    // A heartbeat PING may have gone first (each of its sends too is missed once).
    const stops = r.board.received.map((v, i) => [v, r.board.seqs[i]] as const).slice(from).filter(([v]) => v === 'STOP');
    expect(stops).toHaveLength(2);
    expect(stops[0][1]).toBe(stops[1][1]);
    await settle(s.close()); // its STOP too is missed once
  });

  it('keeps the board\'s watchdog fed: a PING after a third of its timeout without a command', async () => {
    const r = rig();
    const s = await r.open();
    const from = r.board.received.length;
    await vi.advanceTimersByTimeAsync(1000);
    const pings = r.board.received.slice(from).filter((v) => v === 'PING').length;
    expect(pings).toBeGreaterThanOrEqual(2);
    expect(pings).toBeLessThanOrEqual(3);
    await s.close();
  });
});

describe('command session: a count that jumps is checked with the board', () => {
  /** A device line with a valid checksum: a damaged line whose CRC-8 happens to match, or a lying one. */
  const forged = (r: Rig, m: Parameters<typeof encodeDeviceMessage>[0]) => r.board.raw(encodeDeviceMessage(m));

  it('CARD <count+10> with a valid checksum makes up no card, and the next real cards are each counted as they come', async () => {
    const r = rig();
    const s = await r.open();
    for (let i = 0; i < 3; i++) r.board.card();
    await vi.advanceTimersByTimeAsync(1);
    const asked = r.board.received.filter((v) => v === 'STATUS').length;
    forged(r, { type: 'CARD', cards: 13 });
    await vi.advanceTimersByTimeAsync(5);
    expect(r.board.received.filter((v) => v === 'STATUS').length).toBe(asked + 1);
    expect(cards(r.seen)).toBe(3);
    for (let i = 4; i <= 13; i++) {
      r.board.card();
      await vi.advanceTimersByTimeAsync(1);
      expect(cards(r.seen)).toBe(i);
    }
    expect(r.log).toContain('a line says 13 cards after 3: checked against the board\'s counters');
    await s.close();
  });

  it('CARD <count+60000> and BTN <presses+50> make up nothing, and a press after them is heard at once', async () => {
    const r = rig({ cards: 5, presses: 2 });
    const s = await r.open();
    forged(r, { type: 'CARD', cards: 60005 });
    forged(r, { type: 'BTN', presses: 52 });
    forged(r, { type: 'STALL', cards: 60005 });
    await vi.advanceTimersByTimeAsync(5);
    expect(r.seen.filter((i) => i.type === 'CARD' || i.type === 'BUTTON')).toEqual([]);
    r.board.press();
    r.board.card();
    await vi.advanceTimersByTimeAsync(1);
    expect(r.seen.filter((i) => i.type === 'CARD' || i.type === 'BUTTON')).toEqual([{ type: 'BUTTON' }, { type: 'CARD' }]);
    await s.close();
  });

  it('a real jump (lines lost on the wire) is counted from the board\'s counters, each card once', async () => {
    const r = rig();
    const s = await r.open();
    r.board.card();
    r.board.cards += 3; // three CARD lines lost
    r.board.card();
    await vi.advanceTimersByTimeAsync(5);
    expect(cards(r.seen)).toBe(5);
    r.board.card();
    await vi.advanceTimersByTimeAsync(1);
    expect(cards(r.seen)).toBe(6);
    await s.close();
  });

  it('the check survives a dropped reply (the firmware\'s reply queue full): asked again, answered, counted', async () => {
    const r = rig({ dropStatus: 0 });
    const s = await r.open();
    r.board.cards += 4;
    r.board.o.dropStatus = 2;
    r.board.card();
    await vi.advanceTimersByTimeAsync(5);
    expect(cards(r.seen)).toBe(0);
    // Two sends lost, the third answered: 400 ms each.
    await vi.advanceTimersByTimeAsync(800);
    expect(cards(r.seen)).toBe(5);
    expect(s.connected).toBe(true);
    await settle(s.flush());
    await s.close();
  });

  it('a board that drops every answer to the check: the link counts as lost within 2 s, the person is told, and the reconnect counts the cards', async () => {
    const r = rig({ sid: 4 });
    const s = await r.open({ backoff: { firstMs: 100, maxMs: 100 } });
    r.board.cards += 2;
    r.board.o.dropStatus = 3;
    r.board.card();
    const flushed = s.flush().then(() => 'flushed');
    await vi.advanceTimersByTimeAsync(1250);
    expect(s.connected).toBe(false);
    expect(r.notices).toEqual([`serial:${PATH}: the link is lost (no answer to STATUS after 3 tries (400 ms each)); reconnecting. Check the USB cable and the board's power`]);
    expect(await flushed).toBe('flushed'); // nothing waits for the lost answer
    await vi.advanceTimersByTimeAsync(200);
    expect(s.connected).toBe(true);
    expect(cards(r.seen)).toBe(3);
    expect(r.notices.at(-1)).toBe(`serial:${PATH} is back`);
    await s.close();
  });
});

describe('command session: unplug, reconnect, reset', () => {
  it('an unplug mid-burst: offline, reconnect with backoff, the cards counted meanwhile reported once', async () => {
    const r = rig({ feedPerSecond: 10, sid: 42 });
    const s = await r.open({ backoff: { firstMs: 200, maxMs: 1000 } });
    s.command({ verb: 'FWD', duty: 255, ms: 8000 });
    await vi.advanceTimersByTimeAsync(350);
    expect(cards(r.seen)).toBe(3);
    r.transport.unplug();
    await vi.advanceTimersByTimeAsync(1);
    expect(r.seen.at(-1)).toEqual({ type: 'LINK', up: false });
    expect(s.connected).toBe(false);
    // Unplugged for 2 s: the roller runs on (the fake board has no watchdog), its lines lost.
    await vi.advanceTimersByTimeAsync(2000);
    r.board.watchdog();
    const counted = r.board.cards;
    expect(counted).toBe(23);
    const opensWhileOut = r.transport.opens;
    r.transport.plug();
    await vi.advanceTimersByTimeAsync(1000);
    expect(r.transport.opens).toBe(opensWhileOut + 1);
    expect(s.connected).toBe(true);
    expect(cards(r.seen)).toBe(counted);
    expect(r.seen.filter((i) => i.type === 'LINK')).toEqual([{ type: 'LINK', up: false }, { type: 'LINK', up: true }]);
    expect(r.log).toContain('resync: 20 card(s) left while the link was down');
    // The backoff doubled up to its longest wait while the port was missing: 200, 400, 800, 1000.
    expect(r.log.filter((l) => /^reconnect .* failed \(no serial port at/.test(l)).map((l) => /next try in (\d+) ms/.exec(l)![1])).toEqual(['400', '800', '1000']);
    expect(s.diagnostics.connections).toBe(2);
    await s.close();
  });

  it('a board power-cycled while unplugged: its counts start again, nothing made up, and the person is told', async () => {
    const r = rig({ sid: 5, cards: 30 });
    const s = await r.open({ backoff: { firstMs: 100, maxMs: 100 } });
    r.transport.unplug();
    await vi.advanceTimersByTimeAsync(50);
    r.board.reset('cold', 6);
    r.transport.plug();
    await vi.advanceTimersByTimeAsync(200);
    expect(s.connected).toBe(true);
    expect(cards(r.seen)).toBe(0);
    expect(r.log).toContain('resync: the board was power-cycled (or its firmware keeps no session); cards that left while the link was down are unknown');
    // The person is told, with the lost link's notices: a card may be in a hand the game does not know of.
    expect(r.notices).toContain(
      `serial:${PATH}: the launcher's card count started again (it lost power, or restarted without its counters): a card that left before that may be missing from the game. Check that each hand holds the cards the game shows`,
    );
    r.board.card();
    await vi.advanceTimersByTimeAsync(1);
    expect(cards(r.seen)).toBe(1);
    await s.close();
  });

  it('a board that resets mid-game (a watchdog reset, counters kept) goes on counting without a card counted twice', async () => {
    const r = rig({ sid: 9 });
    const s = await r.open();
    r.board.card();
    r.board.card();
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(1000); // a moment of the game: the board has been up a while
    r.board.cards++; // a card whose line the reset cut off
    r.board.reset('warm');
    r.board.card();
    await vi.advanceTimersByTimeAsync(1);
    expect(cards(r.seen)).toBe(4);
    expect(r.log).toContain('resync: 1 card(s) left while the link was down');
    expect(s.connected).toBe(true);
    await s.close();
  });

  it('a HELLO line of another session mid-burst, with a valid checksum but no reset behind it: ignored, no card counted twice or lost', async () => {
    const r = rig({ sid: 9 });
    const s = await r.open();
    await vi.advanceTimersByTimeAsync(1000);
    for (let i = 0; i < 3; i++) r.board.card();
    await vi.advanceTimersByTimeAsync(1);
    // Forged (or stray): another session with 7 cards, while the board goes on counting from 3.
    r.board.raw(encodeDeviceMessage({ type: 'HELLO', proto: 1, fw: '0.4.0', params: { wdog: '1000', stall: '1500', maxrun: '10000', boot: 'cold', cards: '7', presses: '0', sid: '3' } }));
    for (let i = 4; i <= 8; i++) {
      r.board.card();
      await vi.advanceTimersByTimeAsync(5);
      expect(cards(r.seen)).toBe(i);
    }
    expect(r.log.some((l) => /^a HELLO line came, but the board did not reset \(up \d+ ms\): not the board's, ignored$/.test(l))).toBe(true);
    expect(r.notices).toEqual([]);
    await s.close();
  });

  it('a board that stops answering: after every retry the link counts as lost and is made again', async () => {
    const r = rig({ sid: 3 });
    const s = await r.open({ backoff: { firstMs: 100, maxMs: 100 } });
    const sent = s.send({ verb: 'PING' }).then(() => 'answered', (e: Error) => e.message);
    r.board.o.silent = true;
    await vi.advanceTimersByTimeAsync(1200);
    expect(await sent).toBe(`${PATH}: the link is down`);
    expect(r.log).toContain(`link to ${PATH} lost: no answer to PING after 3 tries (400 ms each)`);
    // The person hears it at once, not after a press has waited minutes for the board.
    expect(r.notices).toEqual([`serial:${PATH}: the link is lost (no answer to PING after 3 tries (400 ms each)); reconnecting. Check the USB cable and the board's power`]);
    r.board.o.silent = false;
    await vi.advanceTimersByTimeAsync(200);
    expect(s.connected).toBe(true);
    expect(r.seen.filter((i) => i.type === 'LINK')).toEqual([{ type: 'LINK', up: false }, { type: 'LINK', up: true }]);
    await s.close();
  });

  it('a close during the backoff ends it: no reconnect after close, no timer left', async () => {
    const r = rig();
    const s = await r.open({ backoff: { firstMs: 5000, maxMs: 5000 } });
    r.transport.unplug();
    await vi.advanceTimersByTimeAsync(1);
    r.transport.plug();
    await s.close();
    const opens = r.transport.opens;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(r.transport.opens).toBe(opens);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a close during a reconnect\'s handshake ends it at once: the port released, no timer left', async () => {
    const r = rig();
    const s = await r.open({ backoff: { firstMs: 100, maxMs: 100 } });
    r.transport.unplug();
    r.board.o.silent = true;
    r.board.o.helloOnOpen = false;
    r.transport.plug();
    await vi.advanceTimersByTimeAsync(150);
    expect(r.transport.board.connected).toBe(true); // the reconnect waits for a HELLO that does not come
    await s.close();
    await vi.advanceTimersByTimeAsync(1);
    expect(r.transport.board.connected).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    expect(r.log.at(-1)).toBe(`link to ${PATH} lost: the port vanished (unplugged?)`); // no "next try" after a close
  });
});

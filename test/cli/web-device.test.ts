/**
 * `uno-extreme web --device KIND:PATH`: a launcher board on the laptop is the launcher of a room.
 * Against this project's firmware on the emulated board (`device --pty`): the room's presses ding
 * and fire on the board, the reload the board needs is asked in the room's events, a second room
 * is refused the board; Ctrl-C and SIGTERM stop the motor and release the port (a fake board hears
 * the STOP last); a port that is not there is one line, and leaves the kept rooms as they were.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { RoomSettings, ServerMessage } from '../../table/roomMessages.ts';
import { BOARD_REAL_TIME_MS, PROGRAM_RUN_MS } from '../budgets.ts';
import { startWeb } from '../browser/web.ts';
import { boardRig } from '../bridge/fake-board.ts';
import { BIN, run, runFor } from '../cli-run.ts';
import { until } from '../poll.ts';
import { roomSocket } from './room-socket.ts';
import { english } from '../table/players.ts';
import { needs } from '../tools.ts';

const settings: RoomSettings = { rules: 'extreme', profile: 'seed-0-8', players: 2, bots: 'heuristic', paceMs: 0 };

function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'web-device-'));
  // Retried: the device's socat may still be putting its link back as the folder goes (ENOTEMPTY).
  onTestFinished(() => rmSync(dir, { recursive: true, force: true, maxRetries: 5 }));
  return dir;
}

const client = roomSocket;

/**
 * `device --pty` at `link` (the firmware on the emulated board, seeded, empty), started and
 * answering: its process and what its window has said so far. Ended however the test ends: a
 * board left running in real time slows every test after it.
 */
async function virtualBoard(link: string, seed: number) {
  const dev = spawn(process.execPath, [BIN, 'device', '--pty', '--link', link, '--seed', String(seed), '--cards', '0'], { stdio: ['pipe', 'pipe', 'pipe'] });
  onTestFinished(() => void dev.kill('SIGTERM'));
  let text = '';
  dev.stderr.on('data', (d: Buffer) => void (text += d.toString()));
  await new Promise<void>((ok, fail) => {
    dev.stdout.once('data', () => ok());
    dev.on('exit', (code) => fail(new Error(`device exited ${code}: ${text}`)));
  });
  return { dev, said: () => text };
}

describe('uno-extreme web --device', () => {
  it('a port that is not there is one line and exit 1, as for launcher and play; the kept rooms are left as they were', () => {
    const dir = folder();
    const kept = path.join(dir, 'ABCDE.json');
    writeFileSync(kept, 'a room kept earlier');
    const before = statSync(kept).mtimeMs;
    const missing = run('web', '--device', `serial:${path.join(dir, 'no-such-port')}`, '--rooms', dir);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toBe(`uno-extreme web: no serial port at ${path.join(dir, 'no-such-port')}: is the board plugged in? \`uno-extreme ports\` lists the ports there are\n`);
    expect(missing.stdout).toBe('');
    expect(readFileSync(kept, 'utf8')).toBe('a room kept earlier');
    expect(statSync(kept).mtimeMs).toBe(before);
  }, PROGRAM_RUN_MS);

  it.runIf(needs('socat'))('the firmware on the emulated board is the launcher of one room: asked to be loaded, it dings and fires for the room; a second room is refused it; SIGTERM frees its port', async () => {
    const dir = folder();
    const link = path.join(dir, 'launcher');
    const { dev, said } = await virtualBoard(link, 3);
    const web = await startWeb(['--device', `serial:${link}`, '--rooms', path.join(dir, 'rooms')]);
    onTestFinished(() => web.stop());
    const host = await client(web.url);
    host.say({ type: 'create', settings });
    await until(() => host.inbox.some((m) => m.type === 'created'), PROGRAM_RUN_MS, () => 'the room');
    const code = (host.inbox.find((m) => m.type === 'created') as { code: string }).code;
    const ana = await client(web.url);
    ana.say({ type: 'join', code, name: 'Ana' });
    await until(() => ana.inbox.some((m) => m.type === 'seated'), PROGRAM_RUN_MS, () => 'the seat');
    host.say({ type: 'start' });
    const tables = () => host.inbox.flatMap((m) => (m.type === 'table' ? [m] : []));
    // The person at the launcher: loads it when the room asks (n: what is left out, the cards asked for in).
    const reload = /Reload the launcher: open the lid, (?:take out any cards left in it, )?put the (\d+) cards in, close the lid/;
    await until(() => tables().some((t) => t.view.log.lines.some((l) => reload.test(english(l)))), BOARD_REAL_TIME_MS, () => `the room's reload request (${said()})`);
    const cards = Number(tables().flatMap((t) => t.view.log.lines.map((l) => english(l))).find((l) => reload.test(l))!.match(reload)![1]);
    dev.stdin.write(`${cards}n`);
    await until(() => tables().some((t) => t.launcher?.press?.done === true), BOARD_REAL_TIME_MS, () => `a press on the board (${said()})`);
    const shown = tables().find((t) => t.launcher?.press?.done)!.launcher!;
    expect(shown.device).toBe(`serial:${link}`);
    // The board's window hears the same press (its lines come on another pipe, maybe later).
    await until(() => /^press 1: ♪ ding$/m.test(said()), BOARD_REAL_TIME_MS, () => `the ding in the board's window (${said()})`);
    expect(said()).toMatch(new RegExp(`^loaded ${cards} cards$`, 'm'));
    // One board: another room is refused it, and may play with the simulated launcher.
    const other = await client(web.url);
    other.say({ type: 'create', settings });
    await until(() => other.inbox.some((m) => m.type === 'refused'), PROGRAM_RUN_MS, () => 'the refusal');
    const refused = other.inbox.find((m) => m.type === 'refused');
    expect(refused?.type === 'refused' && english(refused.why)).toBe(`the launcher board serial:${link} is in room ${code} until its match is over: choose the simulated launcher for this room`);
    const exited = new Promise<number | null>((ok) => web.child.once('exit', ok));
    web.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    // The port is free for the next host at once.
    const next = runFor(PROGRAM_RUN_MS + BOARD_REAL_TIME_MS, 'launcher', '--device', `serial:${link}`, '--presses', '1', '--json');
    expect(next.status, next.stderr).toBe(0);
    expect(JSON.parse(next.stdout)).toMatchObject({ presses: 1, dings: 1 });
    // Three programs started, and presses on the board at 1×.
  }, 3 * PROGRAM_RUN_MS + 2 * BOARD_REAL_TIME_MS);

  it.runIf(needs('socat'))('a server killed right after a burst from the board loses none of its cards: the room opens again with them dealt', async () => {
    const dir = folder();
    const link = path.join(dir, 'launcher');
    const rooms = path.join(dir, 'rooms');
    // Seed 4: the board's roller gives cards at two of its first three presses (seed 5 gave none
    // in four, and presses come seconds apart at 1× with a table's catch races between them).
    const { dev, said } = await virtualBoard(link, 4);
    const web = await startWeb(['--device', `serial:${link}`, '--rooms', rooms]);
    onTestFinished(() => web.stop());
    const host = await client(web.url);
    host.say({ type: 'create', settings });
    const created = (await host.next('created')) as Extract<ServerMessage, { type: 'created' }>;
    const ana = await client(web.url);
    ana.say({ type: 'join', code: created.code, name: 'Ana' });
    await ana.next('seated');
    host.say({ type: 'start' });
    const tables = () => host.inbox.flatMap((m) => (m.type === 'table' ? [m] : []));
    const reload = /Reload the launcher: open the lid, (?:take out any cards left in it, )?put the (\d+) cards in, close the lid/;
    await until(() => tables().some((t) => t.view.log.lines.some((l) => reload.test(english(l)))), BOARD_REAL_TIME_MS, () => `the room's reload request (${said()})`);
    dev.stdin.write(`${tables().flatMap((t) => t.view.log.lines.map((l) => english(l))).find((l) => reload.test(l))!.match(reload)![1]}n`);
    // The first burst that brought cards out, as the table screen is shown it: the server dies there.
    const fired = () => tables().find((t) => t.launcher?.press?.done === true && t.launcher.press.cards > 0) ?? null;
    await until(() => fired() !== null, 2 * BOARD_REAL_TIME_MS, () => `a burst from the board (${said()})`);
    web.child.kill('SIGKILL');
    await new Promise((ok) => web.child.once('exit', ok));
    const seen = fired()!.view;
    const again = await startWeb(['--device', `serial:${link}`, '--rooms', rooms]);
    onTestFinished(() => again.stop());
    const screen = await client(again.url);
    screen.say({ type: 'table', code: created.code, token: created.token });
    const back = ((await screen.next('table')) as Extract<ServerMessage, { type: 'table' }>).view;
    // Every move the table was shown is there, the burst's cards in a hand, none back in the launcher.
    expect([back.round, back.moves >= seen.moves]).toEqual([seen.round, true]);
    const total = (v: typeof seen) => v.handSizes.reduce((a, b) => a + b, 0) + v.discard.length + v.supplyCount;
    expect(total(back)).toBe(total(seen));
    expect(back.supplyCount).toBeLessThanOrEqual(seen.supplyCount);
    expect(again.said()).toContain('stopped without warning (killed, or it crashed): 1 room goes on from its last move kept');
    // Two board sittings at 1× (the reload, a burst), three program starts.
  }, 3 * PROGRAM_RUN_MS + 3 * BOARD_REAL_TIME_MS);

  it.runIf(needs('socat')).each(['SIGINT', 'SIGTERM'] as const)('%s stops the motor and closes the board before the server exits 0', async (signal) => {
    const { pair, board } = await boardRig({ feedPerSecond: 0 });
    const web = await startWeb(['--device', `serial:${pair.a}`, '--rooms', folder()]);
    onTestFinished(() => web.stop());
    expect(board.received).toContain('HELLO');
    const exited = new Promise<number | null>((ok) => web.child.once('exit', ok));
    web.child.kill(signal);
    expect(await exited, web.said()).toBe(0);
    expect(board.received.at(-1), 'the last command the board heard').toBe('STOP');
    expect(board.motor).toBe('STOP');
  }, 2 * PROGRAM_RUN_MS); // a program start, the host's handshake with a board that does not reset on open (2.5 s), its stop
});

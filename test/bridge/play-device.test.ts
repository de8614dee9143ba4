/**
 * A game played against a launcher device: the play session, the serial driver, the firmware on
 * the emulated board and its roller. The person at the table loads the launcher through the lid
 * when asked; the game's cards and the launcher's stay in step to the end of the round.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { VirtualDevice } from '../../firmware-bridge/virtual-device.ts';
import { openSerial } from '../../firmware-bridge/serial/node-port.ts';
import { PlaySession, readPlaySave, type PlayMeta } from '../../cli/play/session.ts';
import { createMatch, resolveRules, type MatchState } from '../../game/index.ts';
import { resolveProfile } from '../../emulator/profiles.ts';
import { Robot } from '../e2e/strategy.ts';
import { BOARD_REAL_TIME_MS } from '../budgets.ts';
import { needs } from '../tools.ts';

const meta: PlayMeta = { names: ['You', 'Bot 1', 'Bot 2'], me: 0, bots: ['heuristic'], profile: 'seed-0-8', launcher: null };

// Budgets: a round's presses on a board paced to the wall clock, two stretches of it; the second
// test's two sittings each boot a board and play part of a round.
describe.runIf(needs('socat'))('playing against a launcher device (firmware in the loop)', () => {
  it('plays a round to its end, the person emptying the launcher of an earlier round\'s cards and reloading it when asked', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'uno-playdev-'));
    const match = createMatch({ rules: resolveRules('extreme', { target: 1 }), players: 3, seed: 4, log: true });
    // The launcher still holds 5 cards of an earlier round: they are not in this round's deck.
    const { dev, session, asked } = await deviceSession(dir, 'launcher', match, meta, path.join(dir, 's.json'), new Robot(), 5);
    expect(await session.run()).toBe('done');
    expect(asked[0]).toMatch(/^Reload the launcher: open the lid, take out any cards left in it, put the \d+ cards in, close the lid$/);
    // Later reloads (the launcher ran empty) are of the cards the machine counted: nothing to take out.
    expect(asked.slice(1).filter((m) => /take out/.test(m))).toEqual([]);
    const g = session.match.rounds[0];
    expect(g.winner).toBeGreaterThanOrEqual(0);
    // Every card the roller ejected went to a player; the game's supply is what is left in the roller.
    const state = session.match.game;
    expect(state.supply.length).toBe(dev.rig.roller.cardsLeft);
  }, 2 * BOARD_REAL_TIME_MS);

  it('a game saved mid-round resumes on a device started afresh: the round\'s supply is loaded, and no card is lost', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'uno-playdev-'));
    const file = path.join(dir, 's.json');
    const first = await deviceSession(dir, 'a', createMatch({ rules: resolveRules('extreme', { target: 1 }), players: 3, seed: 4, log: true }), meta, file, new Robot(6));
    expect(await first.session.run()).toBe('saved');
    // Put away, as a person does: left on, its board would run on at the wall clock's pace beside
    // the second one, in this process.
    await first.close();
    const saved = readPlaySave(file);
    expect(saved.match.game.moves).toBeGreaterThan(0);
    // The board of the second sitting is a fresh one: its roller holds nothing until the person loads it.
    // Ten more of the person's decisions (some of them chances let go: the person is asked in
    // every catch race), with the bots' turns and the presses between them, then a save again: a
    // round played to its end is the test above.
    const second = await deviceSession(dir, 'b', saved.match, saved.meta as PlayMeta, file, new Robot(10));
    expect(await second.session.run()).toBe('saved');
    expect(second.asked[0]).toBe(`Reload the launcher: open the lid, take out any cards left in it, put the ${saved.match.game.supply.length} cards in, close the lid`);
    const again = readPlaySave(file);
    expect(again.match.game.moves).toBeGreaterThan(saved.match.game.moves + 6);
    // Cards came out of the fresh board meanwhile, so the two counts agreeing says something.
    expect(again.match.game.supply.length).toBeLessThan(saved.match.game.supply.length);
    expect(again.match.game.supply.length).toBe(second.dev.rig.roller.cardsLeft);
  }, 2 * BOARD_REAL_TIME_MS);
});

/**
 * A play session on a virtual device of its own (link `name` in `dir`, `left` cards in its roller),
 * with a person who does what the launcher asks: takes out what is left, loads the roller through
 * the lid; `asked` keeps what was asked, `close` ends the sitting's port and board.
 */
async function deviceSession(dir: string, name: string, match: MatchState, m: PlayMeta, savePath: string, robot: Robot, left = 0) {
  const dev = await VirtualDevice.start({ link: path.join(dir, name), seed: 2, roller: { cards: left, mechanics: { jam: 0, doubleFeed: 0 } } });
  onTestFinished(() => dev.close());
  const hw = await openSerial({ path: dev.link });
  // The host's port closed and the board switched off, once: when a sitting ends, or the test.
  let off: Promise<void> | undefined;
  const close = () => (off ??= hw.close().then(() => dev.close()));
  onTestFinished(close);
  let lidOpen = false;
  hw.onInput((i) => {
    if (i.type === 'LID' && i.open && !lidOpen) {
      lidOpen = true;
      dev.rig.setLid(false);
    } else if (i.type === 'LID' && !i.open) lidOpen = false;
  });
  const asked: string[] = [];
  const attention = (m: string) => {
    asked.push(m);
    const n = /put the (\d+) cards? in/.exec(m);
    if (n) dev.rig.roller.load(Number(n[1]), /take out/.test(m));
    dev.rig.setLid(true);
  };
  const session = new PlaySession({
    match, meta: m, profile: resolveProfile(m.profile), pace: 'instant', keys: robot, savePath, colour: false, out: robot.out, hardware: hw, attention,
  });
  return { dev, session, asked, close };
}

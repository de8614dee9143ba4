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
import { PlaySession, type PlayMeta } from '../../cli/play/session.ts';
import { createMatch, resolveRules } from '../../game/index.ts';
import { resolveProfile } from '../../emulator/profiles.ts';
import { Robot } from '../e2e/strategy.ts';

describe('playing against a launcher device (firmware in the loop)', () => {
  it('plays a round to its end, the person reloading the launcher when asked', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'uno-playdev-'));
    const dev = await VirtualDevice.start({ link: path.join(dir, 'launcher'), seed: 2, roller: { cards: 0, mechanics: { jam: 0, doubleFeed: 0 } } });
    onTestFinished(() => dev.close());
    const hw = await openSerial({ path: dev.link });
    onTestFinished(() => hw.close());
    // The person: when the launcher asks for cards, open the lid, put them in, close it. (Two cards
    // fed together pass the beam as one: a real sensor limit, kept out of this test.)
    const asked: string[] = [];
    let lidOpen = false;
    hw.onInput((i) => {
      if (i.type === 'LID' && i.open && !lidOpen) {
        lidOpen = true;
        dev.rig.setLid(false);
      } else if (i.type === 'LID' && !i.open) lidOpen = false;
    });
    const meta: PlayMeta = { names: ['You', 'Bot 1', 'Bot 2'], me: 0, bots: ['heuristic'], profile: 'seed-0-8', launcher: null };
    const match = createMatch({ rules: resolveRules('extreme', { target: 1 }), players: 3, seed: 4, log: true });
    const robot = new Robot();
    const attention = (m: string) => {
      asked.push(m);
      const n = /put the (\d+) cards in/.exec(m);
      if (n) dev.rig.roller.load(Number(n[1]));
      dev.rig.setLid(true);
    };
    const session = new PlaySession({
      match, meta, profile: resolveProfile('seed-0-8'), pace: 'instant', keys: robot, savePath: path.join(dir, 's.json'), colour: false,
      out: robot.out, hardware: hw, attention,
    });
    expect(await session.run()).toBe('done');
    expect(asked[0]).toMatch(/Reload the launcher: open the lid, put the \d+ cards in, close the lid/);
    const g = session.match.rounds[0];
    expect(g.winner).toBeGreaterThanOrEqual(0);
    // Every card the roller ejected went to a player; the game's supply is what is left in the roller.
    const state = session.match.game;
    expect(state.supply.length).toBe(dev.rig.roller.cardsLeft);
  }, 120_000);
});

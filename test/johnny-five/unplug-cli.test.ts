/**
 * A Johnny-Five board unplugged under `launcher --device firmata:…` and `play --device firmata:…`:
 * the command stops at once with one line that says what happened and what to do, no stack
 * trace, instead of waiting minutes for a board that cannot come back. The port is a mock-firmata
 * board (firmware-bridge/johnny-five/open.ts is swapped for one that opens it).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../cli/main.ts';
import { PlaySession, SessionError } from '../../cli/play/session.ts';
import { LauncherError } from '../../emulator/launcher.ts';
import { resolveProfile } from '../../emulator/profiles.ts';
import { createMatch, resolveRules } from '../../game/index.ts';
import { Robot } from '../e2e/strategy.ts';
import { until } from '../poll.ts';
import { loadLang } from '../../words/catalogue.ts';
import { cliWordsIn, errorIn } from '../../words/cli.ts';
import { UserError } from '../../cli/args.ts';
import { openRig, PinRig } from './pin-rig.ts';

/** The boards `--device firmata:PATH` opened, newest last. */
const boards = vi.hoisted(() => [] as Array<import('./pin-rig.ts').PinRig>);
vi.mock('../../firmware-bridge/johnny-five/open.ts', async () => {
  const rig = await import('./pin-rig.ts');
  return {
    openFirmata: (p: string) => {
      const b = new rig.PinRig();
      boards.push(b);
      return rig.openRig(b, `firmata:${p}`);
    },
  };
});

const GONE = /^firmata:\/dev\/ttyMOCK: the board's port closed \(unplugged\?\): the launcher is offline and Johnny-Five cannot reopen the port; check the USB cable, then start uno-extreme again$/;

afterEach(() => {
  boards.length = 0;
  vi.restoreAllMocks();
});

describe('a Firmata board unplugged under a command', () => {
  it('launcher --device firmata: --presses: the unplug mid-burst ends the run with one line, said once, no stack', async () => {
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void errors.push(a.join(' ')));
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const exit = main(['launcher', '--device', 'firmata:/dev/ttyMOCK', '--presses', '5', '--seed', '4']);
    await until(() => boards[0]?.motor() === 'forward', 5000, () => 'the first press running the motor');
    boards[0].io.emit('close');
    expect(await exit).toBe(1);
    expect(errors).toHaveLength(1);
    expect(errors[0].replace(/^uno-extreme launcher: /, '')).toMatch(GONE);
  });

  it('play --device firmata:: the unplug ends the game with the same line, and the game is saved', async () => {
    const rig = new PinRig();
    const hw = await openRig(rig, 'firmata:/dev/ttyMOCK');
    const dir = mkdtempSync(path.join(tmpdir(), 'uno-j5-unplug-'));
    const robot = new Robot();
    const asked: string[] = [];
    let shown = '';
    const session = new PlaySession({
      match: createMatch({ rules: resolveRules('extreme', { target: 1 }), players: 3, seed: 4, log: true }),
      meta: { names: ['You', 'Bot 1', 'Bot 2'], me: 0, bots: ['heuristic'], profile: 'seed-0-8', launcher: null },
      profile: resolveProfile('seed-0-8'), pace: 'instant', keys: robot, savePath: path.join(dir, 's.json'), colour: false, hardware: hw,
      out: (t) => ((shown += t), robot.out(t)),
      // Asked to load the launcher for the deal, the person pulls the cable instead.
      attention: (m) => {
        asked.push(m);
        rig.io.emit('close');
      },
    });
    const e = await session.run().then(() => null, (err: unknown) => err);
    await hw.close();
    expect(asked).toEqual([expect.stringMatching(/^Reload the launcher/)]);
    // The screen promised no reconnect: the loss is known before the launcher shows itself offline.
    expect(shown).not.toMatch(/come back/);
    // cli/play.ts prints a SessionError caused by a LauncherError as it is, without a stack.
    expect(e).toBeInstanceOf(SessionError);
    expect((e as SessionError).cause).toBeInstanceOf(LauncherError);
    const [first, ...rest] = (e as Error).message.split('\n');
    expect(first).toMatch(GONE);
    expect(rest).toEqual([expect.stringMatching(/^The game was saved to .*s\.json: continue it with `npx uno-extreme play --resume /)]);
  });

  it('play --device firmata: in French: the notice on the screen is French', async () => {
    const fr = await loadLang('fr');
    const rig = new PinRig();
    const hw = await openRig(rig, 'firmata:/dev/ttyMOCK');
    const dir = mkdtempSync(path.join(tmpdir(), 'uno-j5-unplug-'));
    const robot = new Robot();
    let shown = '';
    const session = new PlaySession({
      match: createMatch({ rules: resolveRules('extreme', { target: 1 }), players: 3, seed: 4, log: true }),
      meta: { names: ['Toi', 'Robot 1', 'Robot 2'], me: 0, bots: ['heuristic'], profile: 'seed-0-8', launcher: null },
      profile: resolveProfile('seed-0-8'), pace: 'instant', keys: robot, savePath: path.join(dir, 's.json'), colour: false, hardware: hw, words: fr,
      size: () => ({ columns: 400, rows: 60 }),
      out: (t) => ((shown += t), robot.out(t)),
      attention: () => rig.io.emit('close'),
    });
    const e = await session.run().then(() => null, (err: unknown) => err);
    await hw.close();
    expect(shown).toContain('firmata:/dev/ttyMOCK\u00a0: le port de la carte s’est fermé (débranché\u00a0?)\u00a0: le distributeur est hors ligne');
    expect(shown).not.toContain("the board's port closed");
    // What cli/play.ts prints as it stops: the loss and where the game is kept, both in French.
    expect(e).toBeInstanceOf(SessionError);
    const [first, ...rest] = errorIn(cliWordsIn('fr'), new UserError((e as SessionError).said)).split('\n');
    expect(first).toMatch(/^firmata:\/dev\/ttyMOCK\u00a0: le port de la carte s’est fermé \(débranché\u00a0\?\)\u00a0: le distributeur est hors ligne/);
    expect(rest).toEqual([expect.stringMatching(/^La partie a été enregistrée dans .*s\.json\u00a0: reprends-la avec `npx uno-extreme play --resume .*s\.json`$/)]);
    expect(new UserError((e as SessionError).said).message).toBe((e as SessionError).message);
  });

  it('launcher --device firmata: --lang fr: the line that ends the run is French, exit 1', async () => {
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void errors.push(a.join(' ')));
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const exit = main(['launcher', '--device', 'firmata:/dev/ttyMOCK', '--presses', '5', '--seed', '4', '--lang', 'fr']);
    await until(() => boards[0]?.motor() === 'forward', 5000, () => 'the first press running the motor');
    boards[0].io.emit('close');
    expect(await exit).toBe(1);
    expect(errors).toEqual([
      'uno-extreme launcher: firmata:/dev/ttyMOCK\u00a0: le port de la carte s’est fermé (débranché\u00a0?)\u00a0: le distributeur est hors ligne et Johnny-Five ne peut pas rouvrir le port\u00a0; vérifie le câble USB, puis relance uno-extreme',
    ]);
  });
});

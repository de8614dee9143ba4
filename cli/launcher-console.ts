/**
 * The interactive launcher console: the machine on the real clock, so the ding and the cards
 * come out at the pace of the toy. One screen, redrawn on every event.
 */
import { Rng, seedRng } from '../lib/rng.ts';
import { MachineLauncher } from '../emulator/launcher.ts';
import { dingWords, type Profile } from '../emulator/profile.ts';
import { attentionText, unitStateText } from '../emulator/launcher.ts';
import type { LauncherHardware } from '../emulator/hardware.ts';
import { noticeOf, noticeText } from '../firmware-bridge/notices.ts';
import type { LauncherWords, PressLog } from './launcher.ts';
import { consoleDeck } from './launcher.ts';
import { cardName } from '../words/cards.ts';
import { decimal, type CliKey } from '../words/cli.ts';

/**
 * Runs the console until the user quits; returns the exit code. It speaks the language of `w`:
 * its own lines from the command line's catalogue, the launcher's (dings, cards, what to do at
 * it, a board's notices) from the game's.
 */
export function runConsole(o: {
  profile: Profile; seed: number; seats: number; charge: number; log?: PressLog; trace?: (l: string) => void; hardware?: LauncherHardware; w: LauncherWords;
}): Promise<number> {
  const { cli, game } = o.w;
  const shuffle = new Rng(seedRng(o.seed, 1));
  const deck = consoleDeck();
  const launcher = new MachineLauncher({
    profile: o.profile, seed: o.seed, seats: o.seats, charge: o.charge, supply: shuffle.shuffle(deck), clock: 'real', trace: o.trace,
    ...(o.hardware ? { hardware: o.hardware } : {}),
  });
  const out: string[] = []; // cards that came out, gathered back on reload
  const events: string[] = [];
  let flying = '';
  const say = (s: string) => {
    events.push(s);
    if (events.length > 8) events.shift();
  };
  const draw = () => {
    const c = launcher.context;
    const real = launcher.hardware.name !== 'simulated';
    const lines = [
      cli.t('cli.console.title', { real: real ? 'yes' : 'no', device: launcher.hardware.name, profile: o.profile.name, seed: String(o.seed) }),
      '',
      `  ${cli.t('cli.console.unit', { on: launcher.unitState === 'off' ? 'no' : 'yes', state: cli.lang === 'en' ? launcher.unitState : unitStateText(launcher.unitState, game), open: launcher.lidOpen ? 'yes' : 'no' })}`,
      `  ${cli.t('cli.console.supply', { n: String(launcher.supplyCount), volts: decimal(cli, launcher.volts, 2), seat: String(c.aimSeat), heading: decimal(cli, c.heading, 0) })}`,
      `  ${cli.t('cli.console.presses', { presses: String(c.core.presses), since: String(c.core.sinceBurst) })}`,
      '',
      `  ${flying}`,
      '',
      ...events.map((e) => `  ${e}`),
      '',
      cli.t('cli.console.keys'),
    ];
    process.stdout.write(`\x1b[H\x1b[2J${lines.join('\n')}\n`);
  };
  // A card by its name in the reader's language (`Red 5`, `5 rouge`).
  const card = (id: string) => cardName(id, game);
  launcher.on('ding', (e) => ((flying = dingWords(o.profile, e, game)), draw()));
  launcher.on('card', (e) => {
    out.push(e.card);
    flying += `  ⟶ ${e.halfOut ? cli.t('cli.console.halfOut', { card: card(e.card) }) : card(e.card)}`;
    draw();
  });
  launcher.on('burstDone', (e) => (say(cli.t('cli.console.burst', { n: e.cards, cut: e.aborted ? 'yes' : 'no' })), draw()));
  launcher.on('decided', (e) => { if (!e.fire) say(cli.t('cli.console.nothing')); draw(); });
  launcher.on('ignored', (e) => (say(cli.t('cli.console.ignored', { reason: cli.t(`cli.console.why.${e.reason}` as CliKey) })), draw()));
  launcher.on('empty', () => (say(cli.t('cli.console.empty')), draw()));
  launcher.on('jam', () => (say(cli.t('cli.console.jam')), draw()));
  launcher.on('beep', () => (say(cli.t('cli.console.beep')), draw()));
  launcher.on('lowBattery', (e) => (say(cli.t('cli.console.lowBattery', { volts: decimal(cli, e.volts, 2, true) })), draw()));
  launcher.on('brownout', () => (say(cli.t('cli.console.brownout')), draw()));
  launcher.on('dead', () => (say(cli.t('cli.console.dead')), draw()));
  // Every dinged press is logged once settled, the launcher's own button included.
  launcher.on('pressDone', ({ result }) => o.log?.write(Date.now(), result));
  launcher.onAttention((_m, a) => (say(attentionText(a, game)), draw()));
  // What the device says about itself (noise on its line, a link lost for good), already rate-limited.
  const notices = o.hardware?.onNotice?.((_m, n) => (say(noticeText(n, game)), draw()));
  // A device lost for good says so itself (a notice); only one that reconnects is waited for.
  launcher.on('offline', () => (launcher.lostForGood === null && say(cli.t('cli.console.offline')), draw()));
  launcher.on('online', () => (say(cli.t('cli.console.online')), draw()));
  launcher.on('aimReached', (e) => (say(cli.t('cli.console.aimed', { seat: String(e.seat) })), draw()));
  launcher.on('reloaded', (e) => (say(cli.t('cli.console.reloaded', { cards: String(e.cards), supply: String(e.supply) })), draw()));

  return new Promise((resolve) => {
    const stdin = process.stdin;
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    const quit = async () => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onKey);
      notices?.();
      // The device (if any) is closed by the command that opened it.
      if (o.hardware) launcher.detach();
      else await launcher.close();
      process.stdout.write('\n');
      resolve(0);
    };
    const onKey = (key: string) => {
      switch (key) {
        case ' ':
        case '\r':
          launcher.press().catch((e) => {
            const n = noticeOf(e);
            say(cli.t('cli.console.error', { message: n ? noticeText(n, game) : String((e as Error).message) }));
            draw();
          });
          break;
        case 'o':
          launcher.send({ type: launcher.unitState === 'off' ? 'POWER_ON' : 'POWER_OFF' });
          break;
        case 'l':
          launcher.send({ type: launcher.lidOpen ? 'LID_CLOSE' : 'LID_OPEN' });
          break;
        case 'r': {
          const cards = shuffle.shuffle(out.splice(0));
          if (cards.length === 0) say(cli.t('cli.console.nothingToReload'));
          else launcher.loadSync(cards);
          break;
        }
        case 'a':
          launcher.send({ type: 'AIM', seat: (launcher.context.aimSeat + 1) % o.seats });
          break;
        case 'b':
          if (launcher.unitState !== 'off') say(cli.t('cli.console.switchOffFirst'));
          else (launcher.send({ type: 'REPLACE_BATTERIES' }), say(cli.t('cli.console.freshBatteries')));
          break;
        case 'q':
        case '\u0003':
          void quit();
          return;
      }
      draw();
    };
    stdin.on('data', onKey);
    draw();
  });
}

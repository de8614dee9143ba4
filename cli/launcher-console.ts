/**
 * The interactive launcher console: the machine on the real clock, so the ding and the cards
 * come out at the pace of the toy. One screen, redrawn on every event.
 */
import { Rng, seedRng } from '../lib/rng.ts';
import { MachineLauncher } from '../emulator/launcher.ts';
import { dingWords, type Profile } from '../emulator/profile.ts';
import { EN_WORDS } from '../words/catalogue.ts';
import type { LauncherHardware } from '../emulator/hardware.ts';
import type { PressLog } from './launcher.ts';
import { consoleDeck } from './launcher.ts';
import { cardLabel } from '../words/cards.ts';

const KEYS = 'space/enter press · o power · l lid · r reload · a aim next seat · b new batteries (when off) · q quit';

/** Runs the console until the user quits; returns the exit code. */
export function runConsole(o: {
  profile: Profile; seed: number; seats: number; charge: number; log?: PressLog; trace?: (l: string) => void; hardware?: LauncherHardware;
}): Promise<number> {
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
    const lines = [
      `UNO Extreme launcher — ${launcher.hardware.name === 'simulated' ? `profile ${o.profile.name}` : `device ${launcher.hardware.name}, profile ${o.profile.name}`}, seed ${o.seed}`,
      '',
      `  power ${launcher.unitState === 'off' ? 'OFF' : 'on'}   state ${launcher.unitState}   lid ${launcher.lidOpen ? 'OPEN' : 'closed'}`,
      `  supply ${launcher.supplyCount} cards   battery ${launcher.volts.toFixed(2)} V   aimed at seat ${c.aimSeat} (${c.heading.toFixed(0)}°)`,
      `  presses since power-on ${c.core.presses}, since last burst ${c.core.sinceBurst}`,
      '',
      `  ${flying}`,
      '',
      ...events.map((e) => `  ${e}`),
      '',
      KEYS,
    ];
    process.stdout.write(`\x1b[H\x1b[2J${lines.join('\n')}\n`);
  };
  launcher.on('ding', (e) => ((flying = dingWords(o.profile, e, EN_WORDS)), draw()));
  launcher.on('card', (e) => {
    out.push(e.card);
    flying += e.halfOut ? `  ⟶ ${cardLabel(e.card)} (left half out: yours)` : `  ⟶ ${cardLabel(e.card)}`;
    draw();
  });
  launcher.on('burstDone', (e) => (say(`burst: ${e.cards} card${e.cards === 1 ? '' : 's'}${e.aborted ? ' (cut short)' : ''}`), draw()));
  launcher.on('decided', (e) => { if (!e.fire) say('ding… nothing'); draw(); });
  launcher.on('ignored', (e) => (say(`press ignored: ${e.reason}`), draw()));
  launcher.on('empty', () => (say('the launcher is empty: press r to reload'), draw()));
  launcher.on('jam', () => (say('JAM: open and close the lid (l, l) to clear it'), draw()));
  launcher.on('beep', () => (say('beep: lid closed'), draw()));
  launcher.on('lowBattery', (e) => (say(`low battery: ${e.volts} V`), draw()));
  launcher.on('brownout', () => (say('brown-out: the electronics reset (weak cells)'), draw()));
  launcher.on('dead', () => (say('batteries spent: switch off (o) and change them (b)'), draw()));
  // Every dinged press is logged once settled, the launcher's own button included.
  launcher.on('pressDone', ({ result }) => o.log?.write(Date.now(), result));
  launcher.onAttention((m) => (say(m), draw()));
  // What the device says about itself (noise on its line, a link lost for good), already rate-limited.
  const notices = o.hardware?.onNotice?.((m) => (say(m), draw()));
  // A device lost for good says so itself (a notice); only one that reconnects is waited for.
  launcher.on('offline', () => (launcher.lostForGood === null && say('device offline: reconnecting…'), draw()));
  launcher.on('online', () => (say('device back online'), draw()));
  launcher.on('aimReached', (e) => (say(`aimed at seat ${e.seat}`), draw()));
  launcher.on('reloaded', (e) => (say(`reloaded ${e.cards} cards: ${e.supply} in the launcher`), draw()));

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
          launcher.press().catch((e) => (say(`error: ${(e as Error).message}`), draw()));
          break;
        case 'o':
          launcher.send({ type: launcher.unitState === 'off' ? 'POWER_ON' : 'POWER_OFF' });
          break;
        case 'l':
          launcher.send({ type: launcher.lidOpen ? 'LID_CLOSE' : 'LID_OPEN' });
          break;
        case 'r': {
          const cards = shuffle.shuffle(out.splice(0));
          if (cards.length === 0) say('nothing to reload: every card is in the launcher');
          else launcher.loadSync(cards);
          break;
        }
        case 'a':
          launcher.send({ type: 'AIM', seat: (launcher.context.aimSeat + 1) % o.seats });
          break;
        case 'b':
          if (launcher.unitState !== 'off') say('switch off first (o) to change the batteries');
          else (launcher.send({ type: 'REPLACE_BATTERIES' }), say('fresh batteries'));
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

/**
 * A board's notices in the reader's language: every notice kind worded in French from its data
 * (its key and values), with no English word left in it, while its `message` stays the English
 * the logs and the English tests read. Produced by the code that says them where that is cheap:
 * the garbage report, the board's counts, the session over the in-memory transport losing its link.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GarbageReport, notice, noticeOf, noticeText, noticeWords, type Notice, type NoticeError } from '../../firmware-bridge/notices.ts';
import { BoardError, DeviceError, explainOpenError } from '../../firmware-bridge/port-errors.ts';
import { LauncherError } from '../../emulator/launcher.ts';
import { BoardCounts } from '../../firmware-bridge/serial/counts.ts';
import { CommandSession, oldBootloaderNotice } from '../../firmware-bridge/serial/session.ts';
import { SeqCounter } from '../../firmware-bridge/serial/link.ts';
import { MemoryTransport } from '../../firmware-bridge/memory-transport.ts';
import { loadLang } from '../../words/catalogue.ts';
import { EN } from '../../words/en.ts';
import { englishOnly, wordsOf } from '../words/english.ts';
import { FakeBoard } from './fake-board.ts';

const FR = await loadLang('fr');
const ENGLISH = englishOnly();
const D = 'serial:/dev/ttyACM0';

/** One notice of each kind, as its producer builds it. */
const SAMPLES: Record<string, Notice> = {
  'notice.linkLost': notice('notice.linkLost', { device: D, why: notice('notice.why.noAnswer', { verb: 'STATUS', tries: 3, ms: 400 }) }),
  'notice.back': notice('notice.back', { device: D }),
  'notice.oldBootloader': oldBootloaderNotice(D),
  'notice.countRestarted': notice('notice.countRestarted', { device: D, zeroed: 'yes' }),
  'notice.cardsAhead': notice('notice.cardsAhead', { device: D, n: 2 }),
  'notice.pressesAhead': notice('notice.pressesAhead', { device: D, n: 1 }),
  'notice.garbage': notice('notice.garbage', { device: D, n: 3, sample: '"junk"', all: 'no', total: 1500 }),
  'notice.fenceUnanswered': notice('notice.fenceUnanswered', { device: 'firmata:/dev/ttyUSB0', ms: 1000 }),
  'notice.lostForGood': notice('notice.lostForGood', { device: 'firmata:/dev/ttyUSB0', why: notice('notice.why.portFailed', { error: 'EIO' }) }),
  ...Object.fromEntries(
    (['vanished', 'closed', 'unplugged', 'noData', 'boardPortClosed', 'disconnected'] as const).map((w) => [`notice.why.${w}`, notice('notice.linkLost', { device: D, why: notice(`notice.why.${w}`) })]),
  ),
  ...Object.fromEntries(
    (['portError', 'failed', 'writeFailed', 'portFailed'] as const).map((w) => [`notice.why.${w}`, notice('notice.linkLost', { device: D, why: notice(`notice.why.${w}`, { error: 'EIO' }) })]),
  ),
  'notice.why.noAnswer': notice('notice.lostForGood', { device: D, why: notice('notice.why.noAnswer', { verb: 'PING', tries: 1, ms: 400 }) }),
};

/** The English-only words in `text`. */
const english = (text: string) => wordsOf(text).filter((w) => ENGLISH.has(w));

describe("a board's notices in the reader's language", () => {
  it('every notice kind reads in French with no English word, and keeps its English message', () => {
    const keys = Object.keys(EN).filter((k) => k.startsWith('notice.'));
    expect(Object.keys(SAMPLES).sort()).toEqual(keys.sort());
    for (const [key, n] of Object.entries(SAMPLES)) {
      const fr = noticeText(n, FR);
      expect(fr, key).not.toMatch(/[{}]/);
      expect(english(fr), `${key}: ${fr}`).toEqual([]);
      expect(n.message, key).toBe(noticeText(n));
      expect(fr, key).not.toBe(n.message);
    }
    // The English message is the sentence the bridge said before notices were data, word for word.
    expect(SAMPLES['notice.back'].message).toBe('serial:/dev/ttyACM0 is back');
    expect(SAMPLES['notice.countRestarted'].message).toBe(
      "serial:/dev/ttyACM0: the launcher's card count started again (its counters were zeroed): a card that left before that may be missing from the game. Check that each hand holds the cards the game shows",
    );
  });

  it('the wording, numbers and plurals of the main kinds', () => {
    const fr = (k: string) => noticeText(SAMPLES[k], FR);
    expect(fr('notice.linkLost')).toBe(`${D}\u00a0: la liaison est perdue (pas de réponse à STATUS après 3 essais de 400 ms)\u00a0; reconnexion en cours. Vérifie le câble USB et l’alimentation de la carte`);
    expect(fr('notice.back')).toBe(`${D} est de retour`);
    expect(fr('notice.cardsAhead')).toMatch(/a compté 2 cartes qui ne sont pas sorties du distributeur .* la partie les a données trop tôt, et les 2 prochaines cartes qui sortiront ne seront pas comptées une deuxième fois/);
    expect(fr('notice.pressesAhead')).toMatch(/a compté 1 appui sur le bouton du distributeur que le distributeur n’a pas vu \(/);
    expect(fr('notice.garbage')).toMatch(/^serial:\/dev\/ttyACM0\u00a0: 3 lignes illisibles venues de la carte \(par ex\. "junk", 1500 depuis l’ouverture du port\), ignorées\u00a0;/);
    expect(fr('notice.countRestarted')).toMatch(/le compte des cartes du distributeur est reparti de zéro \(ses compteurs ont été remis à zéro\)/);
    expect(fr('notice.lostForGood')).toMatch(/^firmata:\/dev\/ttyUSB0\u00a0: le port a échoué \(EIO\)\u00a0: le distributeur est hors ligne/);
  });

  it("a notice's words alone carry no English: what a game night's server sends its phones", () => {
    const n = SAMPLES['notice.linkLost'];
    expect(noticeWords(n)).toEqual({ k: 'notice.linkLost', v: { device: D, why: { k: 'notice.why.noAnswer', v: { verb: 'STATUS', tries: 3, ms: 400 } } } });
    expect(JSON.stringify(noticeWords(n))).not.toMatch(/reconnecting|message/);
  });

  describe('as their producers say them', () => {
    beforeEach(() => void vi.useFakeTimers());
    afterEach(() => void vi.useRealTimers());

    it('the garbage report: one line, then a summary of the window, worded in French', () => {
      const told: Notice[] = [];
      const g = new GarbageReport(D, (n) => told.push(n), 1000);
      g.add('a');
      g.add('b');
      g.add('c');
      vi.advanceTimersByTime(1000);
      expect(told.map((n) => noticeText(n, FR))).toEqual([
        expect.stringMatching(/^serial:\/dev\/ttyACM0\u00a0: 1 ligne illisible venue de la carte \(par ex\. "a"\), ignorée\u00a0;/),
        expect.stringMatching(/: 2 lignes illisibles venues de la carte \(par ex\. "b", 3 depuis l’ouverture du port\), ignorées\u00a0;/),
      ]);
    });

    it("the board's counts: a count past the board's, and one that started again", () => {
      const told: string[] = [];
      const counts = new BoardCounts(() => {}, () => {}, () => {}, (k, v) => told.push(noticeText(notice(k, { device: D, ...v }), FR)));
      counts.message({ type: 'CARD', cards: 1 });
      counts.fromStatus(0, 0);
      counts.message({ type: 'CARD', cards: 1 });
      counts.message({ type: 'BTN', presses: 1 });
      counts.fromStatus(0, 0, true);
      expect(told).toEqual([
        expect.stringMatching(/a compté 1 carte qui n’est pas sortie du distributeur .* la partie l’a donnée trop tôt, et la prochaine carte qui sortira ne sera pas comptée une deuxième fois/),
        expect.stringMatching(/le compte des cartes du distributeur est reparti de zéro \(il a perdu le courant, ou a redémarré sans ses compteurs\)/),
      ]);
    });

    it('the session: the cable pulled, then back, told in French', async () => {
      const transport = new MemoryTransport('/dev/ttyACM0');
      FakeBoard.on(transport.board, { helloOnOpen: true });
      const opening = CommandSession.open({ transport, seq: new SeqCounter(), backoff: { firstMs: 100, maxMs: 100 } }, () => {});
      await vi.advanceTimersByTimeAsync(500);
      const s = await opening;
      const told: string[] = [];
      s.onNotice((_english, n) => told.push(noticeText(n, FR)));
      transport.unplug();
      await vi.advanceTimersByTimeAsync(50);
      transport.plug();
      await vi.advanceTimersByTimeAsync(1000);
      expect(told).toEqual([
        `${D}\u00a0: la liaison est perdue (le port a disparu (débranché\u00a0?))\u00a0; reconnexion en cours. Vérifie le câble USB et l’alimentation de la carte`,
        `${D} est de retour`,
      ]);
      await s.close();
    });
  });
});

describe("a port's, a board's or a launcher's error in the reader's language (DeviceError, BoardError, LauncherError: notices too)", () => {
  const P = '/dev/ttyACM0';
  const W = 'web-serial:2341:0043';
  const os = (code: string, message: string) => Object.assign(new Error(message), { code });
  /** One error of each kind, as its producer builds it where that is cheap (opening a port). */
  const SAMPLES: Record<string, NoticeError> = {
    'deviceError.permission': explainOpenError(P, os('EACCES', 'Error: Permission denied, cannot open /dev/ttyACM0')),
    'deviceError.busy': explainOpenError(P, os('EBUSY', 'Error Resource temporarily unavailable Cannot lock port')),
    'deviceError.missing': explainOpenError(P, os('ENOENT', 'Error: No such file or directory, cannot open /dev/ttyACM0')),
    // The system's own text of an error (`Inappropriate ioctl for device`) is quoted as it is: here a code alone.
    'deviceError.notSerial': explainOpenError(P, os('ENOTTY', 'Error: ENOTTY')),
    'deviceError.cannotOpen': explainOpenError(P, os('EIO', 'Error: EIO')),
    'deviceError.handshakeLost': new DeviceError({ k: 'deviceError.handshakeLost', v: { path: P, why: notice('notice.why.vanished') } }, 'disconnected', P),
    'deviceError.handshakeClosed': new DeviceError({ k: 'deviceError.handshakeClosed', v: { path: P } }, 'disconnected', P),
    'deviceError.noHandshake.garbage': new DeviceError({ k: 'deviceError.noHandshake.garbage', v: { path: P, ms: '5000', n: 2, sample: '"\\u0000junk"' } }, 'timeout', P),
    'deviceError.noHandshake.silent': new DeviceError({ k: 'deviceError.noHandshake.silent', v: { path: P, ms: '5000' } }, 'timeout', P),
    'deviceError.protocol': new DeviceError({ k: 'deviceError.protocol', v: { path: P, fw: '0.3', proto: '1', ours: '2' } }, 'protocol', P),
    'deviceError.noStatus': new DeviceError({ k: 'deviceError.noStatus', v: { path: P, why: new DeviceError({ k: 'deviceError.statusRefused', v: { path: P } }, 'protocol', P) } }, 'protocol', P),
    'deviceError.statusRefused': new DeviceError({ k: 'deviceError.statusRefused', v: { path: P } }, 'protocol', P),
    'deviceError.linkDown': new DeviceError({ k: 'deviceError.linkDown', v: { path: P } }, 'disconnected', P),
    'deviceError.web.unplugged': new DeviceError({ k: 'deviceError.web.unplugged', v: { path: W } }, 'missing', W),
    'deviceError.web.notPlugged': new DeviceError({ k: 'deviceError.web.notPlugged', v: { path: W } }, 'missing', W),
    'deviceError.web.busy': new DeviceError({ k: 'deviceError.web.busy', v: { path: W } }, 'busy', W),
    'deviceError.web.refused': new DeviceError({ k: 'deviceError.web.refused', v: { path: W, error: 'SecurityError' } }, 'permission', W),
    'deviceError.web.cannotOpen': new DeviceError({ k: 'deviceError.web.cannotOpen', v: { path: W, error: 'EIO' } }, 'io', W),
    'deviceError.virtualFailed': new DeviceError({ k: 'deviceError.virtualFailed', v: { error: { k: 'deviceError.virtualNoFirmware' } } }, 'io', 'virtual'),
    'deviceError.virtualNoWorker': new DeviceError({ k: 'deviceError.virtualFailed', v: { error: { k: 'deviceError.virtualNoWorker' } } }, 'io', 'virtual'),
    'deviceError.virtualNoFirmware': new DeviceError({ k: 'deviceError.virtualFailed', v: { error: { k: 'deviceError.virtualNoFirmware' } } }, 'io', 'virtual'),
    'deviceError.notFirmata': new BoardError({ k: 'deviceError.notFirmata', v: { device: 'firmata:/dev/ttyUSB0', ms: '2000' } }, 'timeout'),
    'deviceError.board': new BoardError({ k: 'deviceError.board', v: { device: 'firmata:/dev/ttyUSB0', error: 'EIO' } }, 'io'),
    // A launcher's own (test/emulator/launcher-error-words.test.ts has a real launcher reject with them).
    'deviceError.launcher.silent': new LauncherError({ k: 'deviceError.launcher.silent', v: { device: D, press: 'yes', s: '300' } }, 'offline'),
    'deviceError.launcher.notReady': new LauncherError({ k: 'deviceError.launcher.notReady', v: { device: D, s: '300', lidOpen: 'no', state: { k: 'unit.jammed' } } }, 'timeout'),
    'deviceError.launcher.notTurned': new LauncherError({ k: 'deviceError.launcher.notTurned', v: { device: D, seat: '2', s: '60' } }, 'timeout'),
    'deviceError.launcher.lidNotOpened': new LauncherError({ k: 'deviceError.launcher.lidNotOpened', v: { device: D, s: '300' } }, 'timeout'),
  };

  it('every kind reads in French with no English word; its message is the English, as before', () => {
    const keys = Object.keys(EN).filter((k) => k.startsWith('deviceError.'));
    expect(Object.keys(SAMPLES).sort()).toEqual(keys.sort());
    for (const [key, e] of Object.entries(SAMPLES)) {
      const n = noticeOf(e)!;
      expect(n, key).toBeDefined();
      const fr = noticeText(n, FR);
      expect(fr, key).not.toMatch(/[{}]/);
      // A command to type (`sudo usermod -aG dialout $USER`) is the same in every language.
      expect(english(fr.replace(/`[^`]*`/g, ' ')), `${key}: ${fr}`).toEqual([]);
      expect(e.message, key).toBe(noticeText(n));
      expect(fr, key).not.toBe(e.message);
    }
    // The English is the sentence the bridge said before these errors were data, word for word.
    expect(SAMPLES['deviceError.permission'].message).toBe('permission denied on /dev/ttyACM0: add yourself to the serial group (`sudo usermod -aG dialout $USER`, then log out and back in)');
    expect(explainOpenError(P, os('ENOTTY', 'Error: Inappropriate ioctl for device')).message).toBe("/dev/ttyACM0 is not a serial port (Inappropriate ioctl for device): give the board's port, e.g. /dev/ttyACM0; `uno-extreme ports` lists the ports there are");
    expect(SAMPLES['deviceError.launcher.notTurned'].message).toBe('serial:/dev/ttyACM0 did not finish turning to seat 2 within 60 s');
    expect(SAMPLES['deviceError.launcher.notReady'].message).toBe('serial:/dev/ttyACM0 was not ready within 300 s (lid closed, jammed)');
    expect(SAMPLES['deviceError.noStatus'].message).toBe("/dev/ttyACM0 answered HELLO but not STATUS (/dev/ttyACM0: STATUS was refused): reset the board, or upload this project's firmware again");
  });

  it("an error's words alone are plain data (what a worker posts to the page), its inner error's too", () => {
    const words = noticeOf(SAMPLES['deviceError.noStatus']);
    expect(words).toEqual({ k: 'deviceError.noStatus', v: { path: P, why: { k: 'deviceError.statusRefused', v: { path: P } } } });
    expect(structuredClone(words)).toEqual(words);
    expect(noticeOf(new Error('not a notice'))).toBeUndefined();
    expect(noticeText(new DeviceError(structuredClone(words)!, 'protocol', P), FR)).toBe(
      '/dev/ttyACM0 a répondu à HELLO mais pas à STATUS (/dev/ttyACM0\u00a0: STATUS a été refusé)\u00a0: remets la carte à zéro, ou téléverse à nouveau le micrologiciel de ce projet',
    );
  });
});

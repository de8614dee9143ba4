/**
 * A launcher board that cannot be used, and the launcher console, in the reader's language: the
 * real program under `LANG=fr_FR.UTF-8` (or `--lang fr`) says a port that does not exist, and a
 * port where nothing answers, in French, in one line and with the exit status English has (whose
 * text stays as it was); the scripted console's summary is French, its `--json` the same figures
 * in every language.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMING } from '../../firmware-bridge/serial/link.ts';
import { PROGRAM_RUN_MS } from '../budgets.ts';
import { BIN, runIn } from '../cli-run.ts';
import { ptyPair, type PtyPair } from '../bridge/socat.ts';
import { needs } from '../tools.ts';
import { englishOnly, wordsOf } from '../words/english.ts';

const FR = 'fr_FR.UTF-8';
const english = englishOnly();

/** The English words of a line, leaving out what is typed (commands in backquotes, flags, paths). */
const englishIn = (text: string) =>
  wordsOf(text.replace(/`[^`]*`/g, ' ').replace(/(^|\s)\S*[-/:.=]\S*/g, ' ').replace(/\b[A-Z][A-Z0-9]+\w*/g, ' ')).filter((w) => english.has(w));

/** `uno-extreme ARGS` under LANG=`lang`, not waiting on the others (each waits for a board's handshake). */
function runAsync(lang: string, args: readonly string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const env: Record<string, string | undefined> = { ...process.env, LC_ALL: undefined, LC_MESSAGES: undefined, LANG: lang };
  for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
  const p = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
  let stdout = '';
  let stderr = '';
  p.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  p.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((ok) => p.on('close', (status) => ok({ status, stdout, stderr })));
}

describe('a port that does not exist', () => {
  const missing = ['launcher', '--device', 'serial:/dev/nonexistent', '--presses', '3'];
  const fr = 'uno-extreme launcher: pas de port série à /dev/nonexistent\u00a0: la carte est-elle branchée\u00a0? `uno-extreme ports` liste les ports présents\n';

  it('French under LANG=fr_FR.UTF-8 and under --lang fr, exit 1; English as before under LANG=C', () => {
    const under = runIn(FR, missing);
    expect([under.status, under.stdout, under.stderr]).toEqual([1, '', fr]);
    expect(englishIn(under.stderr)).toEqual([]);
    expect(runIn('C', [...missing, '--lang', 'fr']).stderr).toBe(fr);
    const en = runIn('C', missing);
    expect([en.status, en.stderr]).toEqual([1, 'uno-extreme launcher: no serial port at /dev/nonexistent: is the board plugged in? `uno-extreme ports` lists the ports there are\n']);
  }, 3 * PROGRAM_RUN_MS);

  it('`web --device`: the same French line, before anything is served', () => {
    const rooms = mkdtempSync(path.join(tmpdir(), 'device-french-'));
    const r = runIn(FR, ['web', '--port', '0', '--rooms', rooms, '--device', 'serial:/dev/nonexistent']);
    expect([r.status, r.stdout, r.stderr]).toEqual([1, '', fr.replace('uno-extreme launcher', 'uno-extreme web')]);
  });
});

describe.runIf(needs('socat'))('a port where nothing answers', () => {
  const handshake = DEFAULT_TIMING.handshakeMs;
  // Budget: three programs at once, each waiting the whole handshake (5 s) on its own pseudo-terminal
  // (a serial port is opened by one program at a time), then their start and stop.
  it('French under LANG=fr_FR.UTF-8 and --lang fr, English under LANG=C: one line each, exit 1', async () => {
    const pairs: PtyPair[] = await Promise.all([ptyPair(), ptyPair(), ptyPair()]);
    try {
      const args = (p: PtyPair) => ['launcher', '--device', `serial:${p.a}`, '--presses', '1'];
      const [fr, lang, en] = await Promise.all([runAsync(FR, args(pairs[0])), runAsync('C', [...args(pairs[1]), '--lang', 'fr']), runAsync('C', args(pairs[2]))]);
      const french = (p: PtyPair) =>
        `uno-extreme launcher: pas de prise de contact avec ${p.a} en ${handshake} ms\u00a0: la carte n’a rien envoyé. Le micrologiciel uno-extreme est-il téléversé (firmware-bridge/firmware/build.sh), et la vitesse à 115200 bauds\u00a0?\n`;
      expect([fr.status, fr.stdout, fr.stderr]).toEqual([1, '', french(pairs[0])]);
      expect(englishIn(fr.stderr)).toEqual([]);
      expect([lang.status, lang.stderr]).toEqual([1, french(pairs[1])]);
      expect([en.status, en.stderr]).toEqual([1, `uno-extreme launcher: no handshake from ${pairs[2].a} within ${handshake} ms: it sent nothing: is the uno-extreme firmware uploaded (firmware-bridge/firmware/build.sh), and the baud rate 115200?\n`]);
    } finally {
      await Promise.all(pairs.map((p) => p.close()));
    }
  }, handshake + 2 * PROGRAM_RUN_MS);
});

describe('the launcher console in French', () => {
  it('its summary in French (decimal commas, its columns under their headings), its --json the same in every language', () => {
    const fr = runIn(FR, ['launcher', '--presses', '300', '--seed', '7']);
    expect(fr.status).toBe(0);
    const lines = fr.stdout.split('\n');
    expect(lines[0]).toBe('profil seed-0-8, graine 7\u00a0: 300 appuis, 300 dings, 114 salves, 5 recharges, 0 bourrages');
    expect(lines[1]).toBe('cartes par appui en moyenne 2,037, P(aucune carte) 62,0\u00a0%, salve moyenne 5,36 cartes');
    expect(lines[3]).toBe('cartes   appuis');
    expect(lines[4]).toMatch(/^ {5}0 {6}186 {2}█+$/);
    expect(fr.stdout).toMatch(/^appuis depuis la dernière salve → P\(tir\)\n {4}1 {2}0,316$/m);
    expect(englishIn(fr.stdout)).toEqual([]);
    const en = runIn('C', ['launcher', '--presses', '300', '--seed', '7']);
    expect(en.stdout.split('\n').slice(0, 5)).toEqual([
      'profile seed-0-8, seed 7: 300 presses, 300 dings, 114 bursts, 5 reloads, 0 jams',
      'mean cards per press 2.037, P(no cards) 62.0 %, mean burst 5.36 cards',
      '',
      'cards  presses',
      '    0      186  ████████████████████████████████████████',
    ]);
    const json = ['launcher', '--presses', '50', '--seed', '7', '--json'];
    expect(runIn(FR, json).stdout).toBe(runIn('C', json).stdout);
  }, 4 * PROGRAM_RUN_MS);

  it('an unknown --lang is a usage error', () => {
    const r = runIn('C', ['launcher', '--lang', 'de', '--presses', '1']);
    expect([r.status, r.stderr]).toEqual([2, 'uno-extreme launcher: --lang must be en or fr, got "de"\n']);
  });
});

describe("the virtual launcher's window in French", () => {
  it('a link it cannot make: French under LANG=fr_FR.UTF-8, exit 1; English as before', () => {
    const args = ['device', '--pty', '--link', '/nonexistent-folder/uno'];
    const fr = runIn(FR, args);
    expect([fr.status, fr.stderr]).toEqual([1, 'uno-extreme device: impossible de démarrer le distributeur virtuel\u00a0: impossible de créer /nonexistent-folder/uno\u00a0: le dossier /nonexistent-folder n’existe pas ou on ne peut pas y écrire\u00a0; donne un autre --link\n']);
    expect(runIn('C', args).stderr).toBe('uno-extreme device: cannot start the virtual launcher: cannot make /nonexistent-folder/uno: the folder /nonexistent-folder does not exist or is not writable; give another --link\n');
  }, 2 * PROGRAM_RUN_MS);

  it.runIf(needs('socat'))('says where it is, its keys, the lid and a new round\'s load in French, with no English word', async () => {
    const link = path.join(mkdtempSync(path.join(tmpdir(), 'uno-vdev-fr-')), 'launcher');
    const env: Record<string, string | undefined> = { ...process.env, LC_ALL: undefined, LC_MESSAGES: undefined, LANG: FR };
    for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
    const dev = spawn(process.execPath, [BIN, 'device', '--pty', '--link', link, '--cards', '4'], { stdio: ['pipe', 'pipe', 'pipe'], env });
    let window = '';
    dev.stderr.on('data', (d: Buffer) => void (window += d.toString()));
    try {
      await new Promise<void>((resolve, reject) => {
        dev.stdout.once('data', () => resolve());
        dev.on('exit', (code) => reject(new Error(`device exited ${code}: ${window}`)));
      });
      // A new round's load (2n): the lid opened, the 4 cards taken out and 2 put in, the lid closed.
      dev.stdin.write('2n');
      await new Promise<void>((resolve) => {
        const look = () => /il en reste 2/.test(window) && (dev.stderr.off('data', look), resolve());
        dev.stderr.on('data', look);
        look();
      });
    } finally {
      dev.kill('SIGTERM');
    }
    const lines = window.trim().split('\n');
    expect(lines[0]).toBe(`distributeur virtuel sur ${link} (115200 bauds), 4 cartes\u00a0: utilise --device serial:${link}`);
    expect(lines[1]).toMatch(/^touches\u00a0: b appuyer sur le bouton · /);
    expect(lines.slice(2)).toEqual(['couvercle ouvert', '4 cartes retirées, 2 cartes chargées', 'couvercle fermé · il en reste 2']);
    expect(englishIn(window)).toEqual([]);
  }, 2 * PROGRAM_RUN_MS);
});

/**
 * The program in its reader's language, run as a person runs it: under `LANG=fr_FR.UTF-8`, the
 * overview, every command's `--help`, the errors met most and the refusals of simulate, merge, fit
 * and device are French, with no English word in them; under `LANG=C` they stay English; `LC_ALL`
 * is read before `LANG`, and `--lang` before both. (`play`'s own errors need a terminal:
 * test/e2e/play-usage.test.ts checks them in French.)
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandHelp } from '../../cli/args.ts';
import { COMMANDS } from '../../cli/main.ts';
import { cliWordsIn } from '../../words/cli.ts';
import { PROGRAM_RUN_MS } from '../budgets.ts';
import { BIN, runIn } from '../cli-run.ts';
import { englishOnly, wordsOf } from '../words/english.ts';

const FR = 'fr_FR.UTF-8';
const english = englishOnly();

/** The commands' names: typed, the same in every language. */
const NAMES = new Set(COMMANDS.map((c) => c.name));

/**
 * The English words of what the program said, leaving out what is typed rather than read, the
 * same in every language: commands in backquotes, JSON's quoted names, the examples' command
 * lines (their notes are read), the commands' names, flags, paths and file names, values such
 * as 50000steps, and the value placeholders and acronyms (FILE, JSON).
 */
function englishIn(text: string): string[] {
  const prose = text
    .replace(/`[^`]*`|"[^"]*"/g, ' ')
    .replace(/^ {2}uno-extreme .*?(#|$)/gm, ' ')
    .replace(/(^|\s)\S*[-/:.=*|<>[\]]\S*/g, ' ')
    .replace(/\d+\p{L}*/gu, ' ')
    .replace(/\b[A-Z][A-Z0-9]+\w*/g, ' ');
  return [...new Set(wordsOf(prose).filter((w) => english.has(w) && !NAMES.has(w)))];
}

describe('--help in the terminal\'s language', () => {
  it('the overview: French under LANG=fr_FR.UTF-8, English under LANG=C', () => {
    const fr = runIn(FR, ['--help']);
    expect(fr.status).toBe(0);
    expect(fr.stdout).toMatch(/^Commandes\u00a0:$/m);
    expect(fr.stdout).toMatch(/^ {2}play +jouer à UNO Extreme dans le terminal contre des robots/m);
    expect(englishIn(fr.stdout)).toEqual([]);
    const en = runIn('C', ['--help']);
    expect(en.stdout).toMatch(/^Commands:$/m);
    expect(englishIn(en.stdout)).not.toEqual([]);
  }, 2 * PROGRAM_RUN_MS);

  for (const cmd of COMMANDS) {
    it(`${cmd.name} --help: the catalogue's French, no English word; English under LANG=C`, () => {
      const fr = runIn(FR, [cmd.name, '--help']);
      expect(fr.status).toBe(0);
      expect(fr.stdout).toBe(`${commandHelp(cmd, cliWordsIn('fr'))}\n`);
      expect(englishIn(fr.stdout)).toEqual([]);
      const en = runIn('C', [cmd.name, '--help']);
      expect(en.stdout).toBe(`${commandHelp(cmd, cliWordsIn('en'))}\n`);
      // The scan finds English where there is some: the French above is not passed by a blind check.
      expect(englishIn(en.stdout)).not.toEqual([]);
    }, 2 * PROGRAM_RUN_MS);
  }

  it('LC_ALL before LANG, and --lang before both', () => {
    expect(runIn('C', ['launcher', '--help'], { LC_ALL: FR }).stdout).toMatch(/^Options\u00a0:$/m);
    expect(runIn(FR, ['launcher', '--help'], { LC_ALL: 'C' }).stdout).toMatch(/^Options:$/m);
    expect(runIn('C', ['play', '--lang', 'fr', '--help']).stdout).toMatch(/^Exemples\u00a0:$/m);
  }, 3 * PROGRAM_RUN_MS);
});

describe('the errors met most, in the terminal\'s language', () => {
  let busy: Server;
  let port = 0;
  const rooms = mkdtempSync(path.join(tmpdir(), 'cli-french-'));
  beforeAll(async () => {
    busy = createServer();
    await new Promise<void>((ok) => busy.listen(0, '127.0.0.1', ok));
    port = (busy.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((ok) => busy.close(() => ok())));

  /** Each: the arguments, the exit status, and what the French says (the whole line, after `uno-extreme…: `). */
  const cases: Array<[string[], number, RegExp]> = [
    [['nope'], 2, /^uno-extreme: commande inconnue «\u00a0nope\u00a0»\. Commandes\u00a0: web, play, /],
    [['play', '--bogus'], 2, /^uno-extreme play: option inconnue «\u00a0--bogus\u00a0»\n {2}options de `uno-extreme play`\u00a0: --rules, /],
    [['launcher', '--presses', 'x'], 2, /^uno-extreme launcher: --presses doit être un nombre entier, pas «\u00a0x\u00a0»$/],
    [['launcher', '--presses', '3', '--charge', '2'], 2, /^uno-extreme launcher: --charge doit être entre 0 et 1, pas 2$/],
    [['launcher', '--device', '/dev/ttyACM0', '--presses', '3'], 2, /^uno-extreme launcher: --device attend une sorte avant le port\u00a0: --device serial:\/dev\/ttyACM0 /],
    [['simulate', '--bots', 'genius'], 2, /^uno-extreme simulate: --bots\u00a0: robot inconnu «\u00a0genius\u00a0»\u00a0; choisis heuristic, random, ismcts ou first /],
    [['fit', '--log', '/nonexistent/presses.jsonl'], 1, /^uno-extreme fit: impossible de lire \/nonexistent\/presses\.jsonl\u00a0: ce fichier n’existe pas$/],
    [['simulate', '--rules', 'nope', '--games', '1'], 1, /^uno-extreme simulate: règles inconnues «\u00a0nope\u00a0»\u00a0: les règles connues sont extreme, /],
    [['launcher', '--profile', 'nope', '--presses', '1'], 1, /^uno-extreme launcher: profile\u00a0: profil inconnu «\u00a0nope\u00a0»\u00a0: choisis parmi seed-0-8, /],
    [['simulate', '--bot-budget', '2s', '--games', '1'], 2, /^uno-extreme simulate: --bot-budget\u00a0: «\u00a02s\u00a0» n’est pas une réflexion possible\u00a0: /],
    [['web', '--port', '99999'], 2, /^uno-extreme web: --port doit être entre 0 et 65535, pas 99999$/],
    // The refusals of simulate, merge, fit and device.
    [['simulate', '--games', '10', '--seed', '1', '--shard', '3/2', '--out', 'never-written.json'], 2, /^uno-extreme simulate: --shard 3\/2\u00a0: K va de 0 à 1$/],
    [['simulate', '--games', '1', '--profile', 'seed-0-8', '--compare', 'a,b'], 2, /^uno-extreme simulate: donne --profile ou --compare A,B,…, pas les deux$/],
    [['merge'], 2, /^uno-extreme merge: nomme les fichiers de tranche à réunir, par exemple `uno-extreme merge part-\*\.json`$/],
    [['fit'], 2, /^uno-extreme fit: --log FICHIER est obligatoire \(un relevé des appuis ou un CSV de nombres de cartes\)$/],
    [['device'], 2, /^uno-extreme device: ajoute --pty\u00a0: le distributeur virtuel tourne sur un pseudo-terminal$/],
  ];
  for (const [args, status, said] of cases) {
    it(`${args.join(' ')}: one French line (two with the options), exit ${status}; English under LANG=C`, () => {
      const fr = runIn(FR, args);
      expect([fr.status, fr.stdout]).toEqual([status, '']);
      expect(fr.stderr.trimEnd()).toMatch(said);
      expect(fr.stderr.trimEnd().split('\n').length).toBeLessThanOrEqual(2);
      expect(englishIn(fr.stderr)).toEqual([]);
      const en = runIn('C', args);
      expect(en.status).toBe(status);
      expect(englishIn(en.stderr)).not.toEqual([]);
    }, 2 * PROGRAM_RUN_MS);
  }

  it('two outputs on one file, and an output on an input: French, exit 1', () => {
    const csv = path.join(rooms, 'games.csv');
    expect(runIn(FR, ['simulate', '--games', '1', '--csv', csv, '--report', csv]).stderr).toBe(
      `uno-extreme simulate: impossible d’écrire ${csv}\u00a0: --csv et --report le désignent tous les deux\u00a0: donne à chaque sortie son propre fichier\n`,
    );
    const part = path.join(rooms, 'part.json');
    writeFileSync(part, '{}');
    const merge = runIn(FR, ['merge', part, '--csv', part]);
    expect([merge.status, merge.stderr]).toEqual([1, `uno-extreme merge: impossible d’écrire ${part}\u00a0: c’est aussi la part ${part}, que --csv remplacerait\u00a0: donne un autre fichier à --csv\n`]);
  }, 2 * PROGRAM_RUN_MS);

  it("a press log's bad line, a log too short, a part file of no use and a shard missing: French, exit 1; the English as it was", () => {
    const csv = path.join(rooms, 'counts.csv');
    writeFileSync(csv, '1\n2\nx\n');
    const bad = runIn(FR, ['fit', '--log', csv]);
    expect([bad.status, bad.stderr]).toEqual([1, `uno-extreme fit: ${csv}:3\u00a0: un nombre de cartes était attendu (un nombre entier de 0 à 60), pas «\u00a0x\u00a0»\n`]);
    expect(runIn('C', ['fit', '--log', csv]).stderr).toBe(`uno-extreme fit: ${csv}:3: expected a card count (a whole number from 0 to 60), got "x"\n`);
    writeFileSync(csv, '1\n2\n3\n');
    expect(runIn(FR, ['fit', '--log', csv]).stderr).toBe(`uno-extreme fit: ${csv}\u00a0: seulement 2 appuis après la première salve\u00a0; un ajustement en demande au moins 20 (quelques centaines pour être utile)\n`);
    const junk = path.join(rooms, 'junk-part.json');
    writeFileSync(junk, '{}');
    const fr = runIn(FR, ['merge', junk]);
    expect([fr.status, fr.stderr]).toEqual([1, `uno-extreme merge: ${junk} n’est pas une tranche de simulation utilisable (pas de \`"format": "uno-extreme simulation part"\`)\u00a0: copie-la à nouveau, ou relance sa tranche\n`]);
    const part = path.join(rooms, 'part-0.json');
    expect(runIn('C', ['simulate', '--games', '4', '--seed', '1', '--shard', '0/2', '--out', part]).status).toBe(0);
    expect(runIn(FR, ['merge', part]).stderr).toBe('uno-extreme merge: il manque la tranche 1 sur 2\u00a0: lance `simulate --shard 1/2 --out …` avec les réglages de la simulation, puis réunis toutes les tranches\n');
    expect(runIn('C', ['merge', part]).stderr).toBe("uno-extreme merge: shard 1 of 2 is missing: run `simulate --shard 1/2 --out …` with the run's settings, then merge every part\n");
    // A field of a part that does not hold together (sim/part-check.ts): the field, and why in French.
    const edited = path.join(rooms, 'part-edited.json');
    writeFileSync(edited, JSON.stringify({ ...JSON.parse(readFileSync(part, 'utf8')), workers: 0 }));
    const field = runIn(FR, ['merge', edited]);
    expect(field.status).toBe(1);
    expect(field.stderr).toMatch(/^uno-extreme merge: /);
    expect(field.stderr).toContain(`${edited} n’est pas une tranche de simulation utilisable (workers\u00a0: doit être un nombre entier de 1 à 256)`);
    expect(runIn('C', ['merge', edited]).stderr).toMatch(/^uno-extreme merge: \S+ is not a usable simulation part \(workers: must be a whole number from 1 to 256\)/);
  }, 11 * PROGRAM_RUN_MS);

  it('a part file cut short: why it is not JSON in French, exit 1; the English as it was', () => {
    const cut = path.join(rooms, 'cut-part.json');
    writeFileSync(cut, '{"format": "uno-extreme simulation part", "version": 1, "rows":');
    const fr = runIn(FR, ['merge', cut]);
    expect(fr.status).toBe(1);
    // The parser's own words (V8's) are quoted as they are; the rest is French.
    expect(fr.stderr).toMatch(/^uno-extreme merge: \S+ n’est pas une tranche de simulation utilisable \(du JSON incomplet\u00a0: n’est pas du JSON valide \((ligne 1, colonne \d+\u00a0; )?l’analyseur dit «\u00a0[^»]*\u00a0»\)\)\u00a0: copie-la/);
    const en = runIn('C', ['merge', cut]);
    expect(en.stderr).toMatch(/^uno-extreme merge: \S+ is not a usable simulation part \(not complete JSON: is not valid JSON \([^\n]*\)\): copy it again/);
  }, 2 * PROGRAM_RUN_MS);

  it('a rule file with a bad field: French, exit 1; the English as it was', () => {
    const rules = path.join(rooms, 'my-rules.json');
    writeFileSync(rules, '{"deck": {"numbers": {"counts": [1, 2]}}}');
    const fr = runIn(FR, ['simulate', '--games', '1', '--rules', rules]);
    expect([fr.status, fr.stderr]).toEqual([1, `uno-extreme simulate: ${rules}\u00a0: deck.numbers.counts\u00a0: doit être une liste de 10 nombres entiers (faces 0 à 9)\n`]);
    expect(runIn('C', ['simulate', '--games', '1', '--rules', rules]).stderr).toBe(`uno-extreme simulate: ${rules}: deck.numbers.counts: must be a list of 10 whole numbers (faces 0 to 9)\n`);
  }, 2 * PROGRAM_RUN_MS);

  it('a deck too small to deal: French, exit 1, one line; the English as it was', () => {
    const rules = path.join(rooms, 'small.json');
    writeFileSync(rules, JSON.stringify({ deck: { numbers: { counts: [0, 1, 1, 0, 0, 0, 0, 0, 0, 0] }, coloured: {}, wild: {} } }));
    const args = ['simulate', '--games', '2', '--seed', '1', '--rules', rules, '--workers', '1'];
    const fr = runIn(FR, args);
    expect([fr.status, fr.stderr]).toEqual([1, 'uno-extreme simulate: deck\u00a0: un paquet de 8 cartes ne peut pas en distribuer 7 à chacun des 4 joueurs et commencer une défausse\n']);
    const en = runIn('C', args);
    expect([en.status, en.stderr]).toEqual([1, 'uno-extreme simulate: deck: 8 cards cannot deal 7 to 4 players and start a discard pile\n']);
  }, 2 * PROGRAM_RUN_MS);

  it('a rule file that is not JSON: French with its line and column, exit 1; the English as it was', () => {
    const rules = path.join(rooms, 'not-json.json');
    writeFileSync(rules, '{\n  "base": "extreme",\n  "options": {stacking: true}\n}');
    const args = ['simulate', '--games', '1', '--rules', rules];
    const fr = runIn(FR, args);
    // The parser's own words (V8's, which change with Node's version) are quoted as they are.
    const quote = rules.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(fr.status).toBe(1);
    expect(fr.stderr).toMatch(new RegExp(`^uno-extreme simulate: ${quote}\u00a0: n’est pas du JSON valide \\(ligne 3, colonne 15\u00a0; l’analyseur dit «\u00a0[A-Z][^»\n]*\u00a0»\\)\n$`));
    const en = runIn('C', args);
    expect(en.status).toBe(1);
    expect(en.stderr).toMatch(new RegExp(`^uno-extreme simulate: ${quote}: is not valid JSON \\([A-Z][^\n]* at line 3, column 15\\)\n$`));
  }, 2 * PROGRAM_RUN_MS);

  it('a house rule option that cannot be: French under LANG, exit 1; the English as it was', () => {
    const rules = path.join(rooms, 'my-options.json');
    writeFileSync(rules, '{"base": "classic", "options": {"stacking": true, "stackTwosOnly": true, "stackCross": true}}');
    const args = ['simulate', '--games', '1', '--rules', rules];
    const fr = `uno-extreme simulate: ${rules}\u00a0: options.stackTwosOnly\u00a0: les +4 ne s’y cumulent pas, donc +2 et +4 ne peuvent pas se cumuler l’un sur l’autre (stackCross)\n`;
    // simulate has no --lang: the terminal's language (the profile's case below tries the flag).
    const underLang = runIn(FR, args);
    expect([underLang.status, underLang.stderr]).toEqual([1, fr]);
    const en = runIn('C', args);
    expect([en.status, en.stderr]).toEqual([1, `uno-extreme simulate: ${rules}: options.stackTwosOnly: +4s do not stack with it, so +2 and +4 cannot stack on each other (stackCross)\n`]);
  }, 2 * PROGRAM_RUN_MS);

  it('a launcher profile file with a bad field: French under LANG and under --lang, exit 1; the English as it was', () => {
    const profile = path.join(rooms, 'my-profile.json');
    writeFileSync(profile, '{"name": "mine", "source": "a guess", "fire": {"model": "hazard", "hazard": [2]}, "burst": {"law": "uniform", "min": 1, "max": 4}}');
    const args = ['launcher', '--presses', '1', '--profile', profile];
    const fr = `uno-extreme launcher: ${profile}\u00a0: fire.hazard[0]\u00a0: doit être entre 0 et 1, reçu 2\n`;
    const underLang = runIn(FR, args);
    expect([underLang.status, underLang.stderr]).toEqual([1, fr]);
    const underFlag = runIn('C', [...args, '--lang', 'fr']);
    expect([underFlag.status, underFlag.stderr]).toEqual([1, fr]);
    const en = runIn('C', args);
    expect([en.status, en.stderr]).toEqual([1, `uno-extreme launcher: ${profile}: fire.hazard[0]: must be between 0 and 1, got 2\n`]);
  }, 3 * PROGRAM_RUN_MS);

  it('a port in use: French, exit 1', () => {
    const fr = runIn(FR, ['web', '--port', String(port), '--rooms', rooms]);
    expect([fr.status, fr.stderr]).toEqual([1, `uno-extreme web: le port ${port} est déjà pris\u00a0: arrête ce qui l’utilise, ou choisis-en un autre avec --port N (0\u00a0: n’importe quel port libre)\n`]);
  });

  it('--lang is read before the mistake it follows: `play --lang fr --bogus` in French under LANG=C', () => {
    expect(runIn('C', ['play', '--lang', 'fr', '--bogus']).stderr).toMatch(/^uno-extreme play: option inconnue /);
  });
});

/** The first line `uno-extreme web ARGS…` prints under LANG=`lang`, the server stopped (SIGTERM) once it has said it. */
function webFirstLine(lang: string, args: readonly string[]): Promise<string> {
  return webLinesUntil(lang, args, () => true).then((lines) => lines[0]);
}

/** What `uno-extreme web ARGS` says on standard output up to the first line `last` accepts (then it is stopped), under LANG=`lang`. */
function webLinesUntil(lang: string, args: readonly string[], last: (line: string) => boolean): Promise<string[]> {
  const env: Record<string, string | undefined> = { ...process.env, LC_ALL: undefined, LC_MESSAGES: undefined, LANG: lang };
  for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
  const child = spawn(process.execPath, [BIN, 'web', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((ok, fail) => {
    let out = '';
    let lines: string[] | null = null;
    child.stdout.on('data', (d) => {
      out += d;
      if (lines !== null) return;
      const whole = out.split('\n').slice(0, -1);
      const at = whole.findIndex(last);
      if (at < 0) return;
      lines = whole.slice(0, at + 1);
      child.kill('SIGTERM');
    });
    child.once('exit', (code) => (lines !== null ? ok(lines) : fail(new Error(`web ended (${code}) before the line looked for: ${out}`))));
  });
}

describe("simulate's and fit's figures in the terminal's language", () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cli-french-figures-'));
  /** The output without what changes from run to run (the speed and memory line). */
  const steady = (text: string) => text.split('\n').filter((l) => !/\d+ (games|parties)\/s/.test(l)).join('\n');

  it('simulate: the table in French (headings, units, decimal commas), --lang before LANG; --json and the CSV the same in both; the English as it was', () => {
    const args = ['simulate', '--games', '40', '--seed', '3', '--workers', '1', '--compare', 'seed-0-8,extreme-2010-measured', '--match'];
    const fr = runIn(FR, args);
    expect(fr.status).toBe(0);
    expect(fr.stdout).toMatch(/^40 parties entières · 4 joueurs · règles extreme · profil seed-0-8 · graine 3 · fast · 1 fil\(s\) d’exécution$/m);
    expect(fr.stdout).toMatch(/^chiffre {2,}moyenne {6}intervalle à 95\u00a0%$/m);
    expect(fr.stdout).toMatch(/^tours par partie +\d+,\d\d {3}\d+,\d\d – \d+,\d\d$/m);
    expect(fr.stdout).toMatch(/^P\(aucune carte\) +\d+,\d\u00a0% {3}/m);
    expect(fr.stdout).toMatch(/^avantage d’une place\u00a0: χ² \d+,\d\d\u00a0; ddl 3\u00a0; p = /m);
    expect(fr.stdout).toMatch(/^\d+ parties\/s · \d+ tours\/s · \d+(,\d+)?\u00a0s · mémoire au plus haut \d+(,\d+)?\u00a0Mio$/m);
    expect(englishIn(fr.stdout)).toEqual([]);
    expect(steady(runIn('C', [...args, '--lang', 'fr']).stdout)).toBe(steady(fr.stdout));
    const en = runIn('C', args);
    expect(en.stdout).toMatch(/^figure {17}mean {6}95 % interval$/m);
    expect(en.stdout).toMatch(/^turns per game +\d+\.\d\d {3}\d+\.\d\d – \d+\.\d\d$/m);
    expect(englishIn(en.stdout)).not.toEqual([]);
    // What a program reads is in no language.
    const json = (lang: string) => {
      const { seconds: _s, gamesPerSecond: _g, turnsPerSecond: _t, peakMemoryMiB: _m, ...rest } = JSON.parse(runIn(lang, [...args, '--json']).stdout);
      return rest;
    };
    expect(json(FR)).toEqual(json('C'));
    const csv = (lang: string) => runIn(lang, ['simulate', '--games', '5', '--seed', '3', '--workers', '1', '--csv', '-']).stdout;
    expect(csv(FR)).toBe(csv('C'));
  }, 8 * PROGRAM_RUN_MS);

  it('simulate: a replay, a shard and the report in French', () => {
    const replay = runIn(FR, ['simulate', '--seed', '1', '--replay-game', '17', '--save', path.join(dir, 'g17.json')]);
    expect(replay.stdout).toMatch(/^partie 17 de la graine 1 \(graine de la partie [0-9a-f]{32}\)\u00a0: la place \d \(heuristic\) a gagné après \d+ tours, \d+ appuis, \d+ recharges\u00a0; \d+ points$/m);
    expect(replay.stdout).toContain(`enregistrée dans ${path.join(dir, 'g17.json')}\u00a0: ouvre-la avec \`uno-extreme play --resume ${path.join(dir, 'g17.json')}\``);
    const shard = runIn(FR, ['simulate', '--games', '4', '--seed', '1', '--shard', '0/2', '--out', path.join(dir, 'p0.json'), '--workers', '1']);
    expect(shard.stdout).toBe(`tranche 0/2\u00a0: parties 0..1 écrites dans ${path.join(dir, 'p0.json')}\n`);
    // merge prints the whole run's table as simulate does, in the same words.
    expect(runIn('C', ['simulate', '--games', '4', '--seed', '1', '--shard', '1/2', '--out', path.join(dir, 'p1.json'), '--workers', '1']).status).toBe(0);
    const merged = runIn(FR, ['merge', path.join(dir, 'p0.json'), path.join(dir, 'p1.json')]);
    expect(merged.stdout).toMatch(/^chiffre {2,}moyenne {6}intervalle à 95\u00a0%$/m);
    expect(englishIn(steady(merged.stdout))).toEqual([]);
    const report = path.join(dir, 'r.html');
    const made = runIn(FR, ['simulate', '--games', '20', '--seed', '1', '--workers', '1', '--report', report]);
    expect(made.stdout).toContain(`rapport écrit dans ${report}`);
    const html = readFileSync(report, 'utf8');
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('<h1>Simulation d’UNO Extreme</h1>');
    for (const title of ['Cartes par appui', 'Tours par partie', 'Victoires par place', 'Cartes en main au fil du jeu']) expect(html).toContain(`aria-label="${title}"`);
    // What a person reads: the text, its charts' labels and their tooltips, the style sheet left out.
    expect(englishIn(html.replace(/<style>[^]*<\/style>/, ' ').replace(/<[^>]*>/g, ' '))).toEqual([]);
    expect(englishIn(steady(made.stdout + replay.stdout + shard.stdout))).toEqual([]);
  }, 4 * PROGRAM_RUN_MS);

  it("merge: a part's kept invariant examples in French; the English and --json as they were", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'uno-fr-inv-'));
    const part = path.join(dir, 'part.json');
    expect(runIn('C', ['simulate', '--games', '2', '--seed', '1', '--shard', '0/1', '--out', part]).status).toBe(0);
    // Two games that broke an invariant, as a simulation keeps them (sim/violation.ts).
    const p = JSON.parse(readFileSync(part, 'utf8'));
    const kept = ['move 3: 107 cards in play, the deck has 108', 'move 9: the launcher holds 5 cards, the game counts 6'];
    Object.assign(p.aggregates[0], { violations: 2, violationExamples: [[0, kept[0]], [1, kept[1]]] });
    writeFileSync(part, JSON.stringify(p));
    const fr = runIn(FR, ['merge', part]);
    expect(fr.status).toBe(1);
    expect(fr.stdout).toContain('invariants violés\u00a0: 2 (partie 0\u00a0: coup 3\u00a0: 107 cartes en jeu, le paquet en a 108\u00a0; partie 1\u00a0: coup 9\u00a0: le distributeur contient 5 cartes, la partie en compte 6)');
    const en = runIn('C', ['merge', part]);
    expect(en.stdout).toContain(`invariant violations: 2 (game 0: ${kept[0]}; game 1: ${kept[1]})`);
    const json = (lang: string) => JSON.parse(runIn(lang, ['merge', part, '--json']).stdout).invariantExamples;
    expect(json(FR)).toEqual([`game 0: ${kept[0]}`, `game 1: ${kept[1]}`]);
    expect(json('C')).toEqual(json(FR));
  }, 4 * PROGRAM_RUN_MS);

  it('fit: its tables in French, --json the same in both; the English as it was', () => {
    const log = path.join(dir, 'presses.jsonl');
    expect(runIn('C', ['launcher', '--presses', '800', '--seed', '4', '--log', log]).status).toBe(0);
    const fr = runIn(FR, ['fit', '--log', log]);
    expect(fr.status).toBe(0);
    expect(fr.stdout).toMatch(/^\S+\u00a0: \d+ appuis comptés \(ceux d’avant la première salve sont laissés de côté\)$/m);
    expect(fr.stdout).toMatch(/^cartes par appui en moyenne \d+,\d+, P\(aucune carte\) \d+,\d\u00a0%, salve moyenne \d+(,\d+)? \[\d+(,\d+)?\u00a0; \d+(,\d+)?\]$/m);
    expect(fr.stdout).toMatch(/^rang {3}appuis {3}P\(tir\)  intervalle à 95\u00a0%$/m);
    expect(fr.stdout).toMatch(/^profil fourni +χ² +ddl {3}valeur p {3}verdict$/m);
    expect(englishIn(fr.stdout)).toEqual([]);
    const en = runIn('C', ['fit', '--log', log]);
    expect(en.stdout).toMatch(/^rank {2}presses {2}P\(fire\) {2}95 % interval$/m);
    expect(en.stdout).toMatch(/^shipped profile {12}χ² {7}df {3}p-value {3}verdict$/m);
    expect(runIn(FR, ['fit', '--log', log, '--json']).stdout).toBe(runIn('C', ['fit', '--log', log, '--json']).stdout);
    // A log whose last line a run stopped mid-write: left out, and said so in French.
    const cut = path.join(dir, 'cut.jsonl');
    const lines = readFileSync(log, 'utf8').split('\n').filter(Boolean);
    writeFileSync(cut, `${lines.join('\n')}\n{"cards": 2`);
    expect(runIn(FR, ['fit', '--log', cut]).stderr).toBe(`uno-extreme fit: ${cut}:${lines.length + 1}\u00a0: la dernière ligne est coupée (pas de fin de ligne\u00a0: une exécution arrêtée en pleine écriture)\u00a0; laissée de côté\n`);
  }, 6 * PROGRAM_RUN_MS);
});

describe("web's terminal in the reader's language", () => {
  it("a restart after a crash is said as it was in English, with French's plural of rooms", () => {
    const en = cliWordsIn('en');
    const fr = cliWordsIn('fr');
    const old = (n: number) => `The last server on /r stopped without warning (killed, or it crashed)${n ? `: ${n === 1 ? '1 room goes on from its' : `${n} rooms go on from their`} last move kept` : ''}`;
    for (const n of [0, 1, 3]) expect(en.t('cli.web.unclean', { dir: '/r', n })).toBe(old(n));
    expect(fr.t('cli.web.unclean', { dir: '/r', n: 0 })).toBe('Le dernier serveur sur /r s’est arrêté sans prévenir (tué, ou il a planté)');
    expect(fr.t('cli.web.unclean', { dir: '/r', n: 3 })).toBe('Le dernier serveur sur /r s’est arrêté sans prévenir (tué, ou il a planté)\u00a0: 3 salles reprennent à leur dernier coup gardé');
  });

  it('says where the game is in French under LANG=fr_FR.UTF-8, as it did in English under LANG=C', async () => {
    const rooms = () => ['--port', '0', '--rooms', mkdtempSync(path.join(tmpdir(), 'cli-french-web-'))];
    expect(await webFirstLine(FR, rooms())).toMatch(/^UNO Extreme est sur http:\/\/127\.0\.0\.1:\d+\/ \(Ctrl-C pour arrêter\)$/);
    expect(await webFirstLine(FR, [...rooms(), '--launcher'])).toMatch(/^Le lanceur d’UNO Extreme est sur http:\/\/127\.0\.0\.1:\d+\/#launcher \(Ctrl-C pour arrêter\)$/);
    expect(await webFirstLine('C', rooms())).toMatch(/^UNO Extreme is at http:\/\/127\.0\.0\.1:\d+\/ \(Ctrl-C to stop\)$/);
  }, 3 * PROGRAM_RUN_MS);

  it("the rooms folder's reasons: a file given as the folder, and what is left aside in it, in French; the English as it was", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'cli-french-web-')), 'a-file');
    writeFileSync(file, '');
    const fr = runIn(FR, ['web', '--port', '0', '--rooms', file]);
    expect([fr.status, fr.stderr]).toEqual([1, `uno-extreme web: impossible de garder les salles dans ${file}\u00a0: c’est un fichier, pas un dossier\n`]);
    expect(runIn('C', ['web', '--port', '0', '--rooms', file]).stderr).toBe(`uno-extreme web: cannot keep rooms in ${file}: it is a file, not a folder\n`);
    const dir = mkdtempSync(path.join(tmpdir(), 'cli-french-web-'));
    mkdirSync(path.join(dir, 'ABCDE.json'));
    // Larger than any room this program writes (a sparse file: no disk taken).
    writeFileSync(path.join(dir, 'FGHJK.json'), '');
    truncateSync(path.join(dir, 'FGHJK.json'), 65 * 2 ** 20);
    writeFileSync(path.join(dir, 'HJKMN.journal'), '{"r":0,"n":1}\n');
    const at = (l: string) => l.includes('http://');
    const said = await webLinesUntil(FR, ['--port', '0', '--rooms', dir], at);
    expect(said.slice(0, -1).sort()).toEqual([
      'Mis de côté dans le dossier des salles\u00a0: ABCDE.json (ce n’est pas un fichier)',
      'Mis de côté dans le dossier des salles\u00a0: FGHJK.json (plus de 64\u00a0Mio)',
      'Mis de côté dans le dossier des salles\u00a0: HJKMN.journal (pas de HJKMN.json auquel le faire suivre)',
    ]);
    expect(englishIn(said.join('\n'))).toEqual([]);
    expect((await webLinesUntil('C', ['--port', '0', '--rooms', dir], at)).slice(0, -1).sort()).toEqual([
      'Left aside in the rooms folder: ABCDE.json (not a file)',
      'Left aside in the rooms folder: FGHJK.json (larger than 64 MiB)',
      'Left aside in the rooms folder: HJKMN.journal (no HJKMN.json to go after)',
    ]);
  }, 4 * PROGRAM_RUN_MS);
});

/**
 * The views build no sentence of their own: every word a person reads comes from the catalogue
 * (words/). Read from the sources of the page (web/src), the terminal game (cli/play), the
 * shared wording (table/asks.ts, table/words.ts, table/scoresheet.ts) and game night's server,
 * whose refusals and notes travel as phrases each phone words, and the parts of the firmware bridge
 * that say what a board tells the person (its notices), comments left out: a JSX
 * text or a person-facing attribute with a word in it, or a string of two words or more, is a
 * sentence built outside the catalogue, unless it is one of the few technical strings listed
 * here with the reason it is not read by a player.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** Where the words a person reads are built. */
const VIEWS = ['web/src', 'cli/play', 'table/asks.ts', 'table/words.ts', 'table/scoresheet.ts', 'table/session.ts', 'table/roomMessages.ts', 'rooms'];

/**
 * The firmware bridge's files that tell the person at a real launcher what happened (notices, the
 * reasons inside them, and the errors of a port or a board that cannot be used, DeviceError and
 * BoardError, which are notices too), and the launcher that drives them (its LauncherError, a
 * notice too), read with their logs left out: a log is for whoever debugs the link.
 */
const BRIDGE = [
  'firmware-bridge/notices.ts', 'firmware-bridge/serial/session.ts', 'firmware-bridge/serial/counts.ts', 'firmware-bridge/serial/link.ts',
  'firmware-bridge/serial/driver.ts', 'firmware-bridge/serial/node-port.ts', 'firmware-bridge/web-serial.ts', 'firmware-bridge/memory-transport.ts',
  'firmware-bridge/johnny-five/driver.ts', 'firmware-bridge/port-errors.ts', 'emulator/launcher.ts',
  // The virtual launcher's window (what `device --pty` shows the person at it) and why its link cannot be taken.
  'firmware-bridge/virtual-device.ts', 'firmware-bridge/pty-link.ts',
];

/** A log's line in the firmware bridge: not a notice. */
const BRIDGE_SKIP = /\b(log|this\.log)\(/;

/** Strings of the bridge's files that no player reads, each with why. */
const BRIDGE_TECHNICAL: Readonly<Record<string, string>> = {
  'its counters were zeroed': "a resync's reason in the session's log (the notice says it through notice.countRestarted)",
  'the board was power-cycled (or its firmware keeps no session)': "a resync's reason in the session's log (the notice says it through notice.countRestarted)",
  'this browser cannot reach a serial port: use Chrome, Edge or Opera on a desktop (Web Serial), over https or on localhost':
    "webSerialSupport's English for the library's callers: the page says device.noSerial",
  "${event.type} is the launcher's own timer: send what a person or a device does (PRESS, LID_OPEN, AIM, …)": "a programmer error of the launcher's API, thrown",
};

/**
 * The command line's files whose words come from its catalogue (words/cli-en.ts) or the game's:
 * what they print and what they refuse. Their examples and placeholders are typed, not read.
 */
const CLI = ['cli/launcher.ts', 'cli/launcher-console.ts', 'cli/device.ts', 'cli/play.ts', 'cli/merge.ts', 'cli/web.ts', 'cli/simulate.ts', 'cli/fit.ts', 'cli/progress.ts', 'sim/report-html.ts', 'cli/device-cmd.ts', 'sim/play-one.ts'];

/** Strings of those files that no person reads, each with why. */
const CLI_TECHNICAL: Readonly<Record<string, string>> = {
  'bot seats': "botsOption's choice of the seats it counts, which cli.bots.tooMany words",
  'fitted by uno-extreme fit to ${file} (${fit.presses} presses)': "the fitted profile's source field: data of the file it writes, in no language, as --json is",
  '${esc(title)}': "a report chart's aria-label, given its title already worded (cli.report.*)",
};

/** A command line's example (`uno-extreme launcher --presses 500`) or a value's placeholder (`KIND:PATH`): the same in every language. */
const CLI_TYPED = /^(uno-extreme [a-z]|[A-Z][A-Z:|.]*$)/;

/**
 * The command line's files whose refusals come from its catalogue, and the library's readers of
 * files they use (a press log, a simulation part) and a game's setup (game/setup.ts, whose
 * English rides beside its words through setupError), read at their refusals alone (the library's
 * files print nothing; the commands' tables are read whole above): no error thrown there is an English literal.
 */
const REFUSING = ['cli/simulate.ts', 'cli/merge.ts', 'cli/fit.ts', 'cli/device-cmd.ts', 'sim/fit.ts', 'sim/part.ts', 'sim/part-check.ts', 'game/setup.ts'];

/** A position's reasons (game/position*.ts): English written beside their key of the command line's catalogue. */
const POSITION = ['game/position.ts', 'game/positionCheck.ts', 'game/positionText.ts'];

/** A line that gives a position's reason. */
const POSITION_REASON = /\breturn (fail|problem|positionFail)\(|\? (fail|problem)\(|: (fail|problem)\(|\bwhat: `|\bwhat: '/;

/**
 * A save's refusals (game/save.ts, game/playSave.ts): English written beside their reason of the
 * game's catalogue, as a position's (the workers bundle save.ts without any catalogue).
 */
const SAVE = ['game/save.ts', 'game/playSave.ts'];

/** A line that builds a save's refusal: its error, or a problem of a field or a move. */
const SAVE_REASON = /new (Save|Resume)Error\(|\b(named|setupField|atField|fail)\(|\bwhat: [`']/;

/** A save's refusal line that carries its reason: a key named, or the reason of the check it forwards. */
const SAVE_SAID = /'reason\.|\.said\b|saidOf\(|withSaid\(|\bsaid\(key\b|\(file, p\)|\bwhy: p\.why\b/;

/** A line that refuses: a user's error built, or a reader's own error (a part's field check's `fail`). */
const REFUSAL = /new (Usage|User|Log|Part|PartField|Rules)Error\(|throw bad\(|\bfail\(/;

/** The refusals of `source` that are English sentences. */
function englishRefusals(source: string): string[] {
  return sentencesIn(code(source).split('\n').filter((l) => REFUSAL.test(l)).join('\n'), false, undefined, true);
}

/** Strings in views that no player reads, each with why. */
const TECHNICAL: Readonly<Record<string, string>> = {
  'transform ${p.turnMs}ms ease-in-out': 'a CSS transition',
  'search bots': "a worker's name, for the browser's developer tools",
  'virtual launcher': "a worker's name, for the browser's developer tools",
  'a search seat chooses in its worker': 'a programmer error, thrown',
  'a search bot failed: ${m.message}': "a bot's failure in its worker, said where the table's failures are (the server's output, the developer tools)",
  '.hand button.card.playable': 'a CSS selector',
  '.hand button.card': 'a CSS selector',
  '.actions button:not([disabled])': 'a CSS selector',
  '.others .seat, .direction-ring .arrow': 'a CSS selector',
  'dialog.pick[open] .choices button': 'a CSS selector',
  'input, select, textarea': 'a CSS selector',
  '1 / -1': 'a CSS grid value',
  'UNO Extreme': "the game's name, the same in every language",
  'uno-extreme web --host': 'a command to type, the same in every language',
  'house rule': "the noun of the library's reason for an unknown house rule (lib/untrusted.ts unknownKey), English as the engine's reasons are",
  'the room closed': "the reason a room's search bots are stopped with, never shown",
  'Connection: close': 'an HTTP header',
  'too many messages': "a WebSocket close frame's reason, read by no page",
  'malformed upgrade request\\n': "an HTTP answer to a client that is not a browser's page",
  'the disk took part of a move': "why a room's journal could not be written, said in the server's terminal and in the room's note beside the system's own reasons (English as they are)",
};

function files(p: string): string[] {
  const full = path.join(root, p);
  if (/\.(ts|tsx)$/.test(p)) return [full];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && /\.(ts|tsx)$/.test(d.name) && !d.name.endsWith('.d.ts'))
    .map((d) => path.join(d.parentPath, d.name));
}

/** The source without its comments (line and block; a `//` inside a string such as a URL is kept). */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1').replace(/\{\/\*[\s\S]*?\*\/\}/g, '');
}

/**
 * What reads as a person-facing English sentence in `source`: JSX text, attributes, strings of
 * words. `prose`: a file that holds no CSS nor markup (the firmware bridge, the command line), so
 * a string with brackets or a semicolon is a sentence too, and what it prints counts.
 */
export function sentencesIn(source: string, jsx = true, skip?: RegExp, prose = false): string[] {
  const c = code(source)
    .split('\n')
    // Imports, module paths, class lists, keys and programmer errors are not read by a player.
    .filter((l) => !(prose ? /^\s*(import|export \{[^}]*\} from)\b|throw new Error\(|new URL\(/ : /^\s*(import|export \{[^}]*\} from)\b|throw new Error\(|console\.|new URL\(/).test(l) && !skip?.test(l))
    .join('\n');
  const found: string[] = [];
  // JSX text between tags, with a word in it (`>Press the launcher<`); in .ts files `<` and `>` are types and comparisons.
  if (jsx) for (const m of c.matchAll(/>([^<>{}=;()]*\p{L}{2,}[^<>{}=;()]*)</gu)) {
    const t = m[1].trim();
    if (t && !/^[\p{L}\d-]+$/u.test(t) || /^\p{Lu}\p{Ll}+$/u.test(t)) found.push(t);
  }
  // Attributes a person reads.
  for (const m of c.matchAll(/\b(aria-label|title|label|placeholder|alt)="([^"]*\p{L}{2,}[^"]*)"/gu)) found.push(m[2]);
  // Strings of two words or more (quotes or backticks), not keys (`page.newGame`) nor class names.
  for (const m of c.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)) {
    const s = m[2];
    const words = s.replace(/\$\{[^}]*\}/g, '');
    // A class list, markup around expressions, CSS (a media query, a transform, a selector, a MIME list) is no sentence.
    if (/class=\{?$/.test(c.slice(Math.max(0, m.index - 7), m.index)) || (prose ? /[<>{}=]|^[.#]|\/json/ : /[<>[\](){}=;]|^[.#]|\/json/).test(words)) continue;
    if (/\p{L}{2,}[ ,:]+\p{L}{2,}/u.test(words)) found.push(s);
  }
  return [...new Set(found)].filter((s) => !(s in TECHNICAL) && !/^(ul|c|corner|value|card|seat|status|badge|room|face|index|mini|sym|named|colour-chip|hand|mid|long|now|count|pts|warn)[\w -]*$/.test(s));
}

describe('the views speak only through the catalogue', () => {
  it('no view builds an English sentence of its own', () => {
    const found: string[] = [];
    for (const p of VIEWS) for (const f of files(p)) for (const s of sentencesIn(readFileSync(f, 'utf8'), f.endsWith('.tsx'))) found.push(`${path.relative(root, f)}: ${s}`);
    expect(found).toEqual([]);
  });

  it("the firmware bridge's notices are built only through the catalogue", () => {
    const found: string[] = [];
    for (const p of BRIDGE) for (const f of files(p)) for (const s of sentencesIn(readFileSync(f, 'utf8'), false, BRIDGE_SKIP, true)) if (!(s in BRIDGE_TECHNICAL)) found.push(`${path.relative(root, f)}: ${s}`);
    expect(found).toEqual([]);
    // It can fail: a notice written as a sentence is found, a log line is not.
    expect(sentencesIn('this.notices.say(`${this.name} is back`);', false, BRIDGE_SKIP)).toEqual(['${this.name} is back']);
    expect(sentencesIn('this.log(`link to ${this.path} lost`);', false, BRIDGE_SKIP)).toEqual([]);
    // An error of a port is a notice too: one written as English text is found.
    expect(sentencesIn("throw new DeviceError(`${path}: the link is down`, 'disconnected', path);", false, BRIDGE_SKIP)).toEqual(['${path}: the link is down']);
  });

  it("the command line's converted files print and refuse only through the catalogues", () => {
    const found: string[] = [];
    for (const f of CLI.map((p) => path.join(root, p)))
      for (const s of sentencesIn(readFileSync(f, 'utf8'), false, undefined, true)) if (!CLI_TYPED.test(s) && !(s in CLI_TECHNICAL)) found.push(`${path.relative(root, f)}: ${s}`);
    expect(found).toEqual([]);
    // It can fail: a refusal written in English is found, an example to type is not.
    expect(sentencesIn("throw new UsageError('--json needs --presses N');", false)).toEqual(['--json needs --presses N']);
    expect(CLI_TYPED.test('uno-extreme launcher --presses 500 --log presses.jsonl')).toBe(true);
    // What a command prints counts, brackets and all.
    expect(sentencesIn("if (picked) console.log(`seed ${seed} (repeat this run with --seed ${seed})`);", false, undefined, true)).toEqual(['seed ${seed} (repeat this run with --seed ${seed})']);
  });

  it("simulate, merge, fit and device refuse only through the command line's catalogue", () => {
    const found: string[] = [];
    for (const f of REFUSING.map((p) => path.join(root, p))) for (const s of englishRefusals(readFileSync(f, 'utf8'))) found.push(`${path.relative(root, f)}: ${s}`);
    expect(found).toEqual([]);
    // It can fail: an English refusal is found, one from the catalogue is not, nor a line that refuses nothing.
    expect(englishRefusals("if (!x) throw new UsageError('--log FILE is required (a press log)');\nconsole.log('two words');")).toEqual(['--log FILE is required (a press log)']);
    expect(englishRefusals("throw new UsageError(said('cli.fit.needsLog'));")).toEqual([]);
  });

  it("a position's reasons each carry their key of the catalogue beside the English they write", () => {
    // The English stays in the files (the page bundles them without the command line's words): every reason names its key.
    const found: string[] = [];
    for (const f of POSITION.map((p) => path.join(root, p)))
      for (const line of code(readFileSync(f, 'utf8')).split('\n')) if (POSITION_REASON.test(line) && !/'cli\.position\.|positionFail\(('\w+'|[\w.]+), [\w.]+, /.test(line)) found.push(`${path.relative(root, f)}: ${line.trim()}`);
    expect(found).toEqual([]);
    // It can fail: a reason with English alone is found.
    expect(POSITION_REASON.test("return fail('rng', 'must be four words');")).toBe(true);
  });

  it("a save's refusals each carry their reason of the catalogue beside the English they write", () => {
    const found: string[] = [];
    for (const f of SAVE.map((p) => path.join(root, p)))
      for (const line of code(readFileSync(f, 'utf8')).split('\n')) if (SAVE_REASON.test(line) && !SAVE_SAID.test(line)) found.push(`${path.relative(root, f)}: ${line.trim()}`);
    expect(found).toEqual([]);
    // It can fail: a refusal in English alone is found, one naming its reason is not.
    const caught = (line: string) => SAVE_REASON.test(line) && !SAVE_SAID.test(line);
    expect(caught('throw new SaveError(`save file ${file}: hash is missing`);')).toBe(true);
    expect(caught("if (!ok) return named('hash', 'is missing', 'reason.rules.missing');")).toBe(false);
  });

  it('the check finds a sentence when one is written (it can fail)', () => {
    expect(sentencesIn("<button type=\"button\">Let it go</button>")).toEqual(['Let it go']);
    expect(sentencesIn('say(`${name} cannot be played now`);')).toEqual(['${name} cannot be played now']);
    expect(sentencesIn('<section aria-label="Other players">')).toEqual(['Other players']);
    expect(sentencesIn("w.t('page.newGame'); const c = 'card playable';")).toEqual([]);
  });
});

/**
 * `uno-extreme play`: the main job. A person plays UNO Extreme at the terminal against bots, the
 * launcher emulator (or a real launcher) dinging and shooting cards.
 */
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { LauncherError } from '../emulator/launcher.ts';
import { DeviceError } from '../firmware-bridge/port-errors.ts';
import { profileFromSpec } from '../emulator/profileFile.ts';
import { rulesFromSpec } from '../game/files.ts';
import { createMatch, fromPosition, parsePosition, resolveRules, resumedMeta, type Rules } from '../game/index.ts';
import { MAX_NAME, seatName } from '../game/playSave.ts';
import { checkOutputs, FileReadError, freeSavePath, readUserFile, writeFileAtomically } from '../lib/files.ts';
import { botBudgetOption, botsOption, BOT_BUDGET_HELP, BOTS_HELP, intOption, RULES_HELP, seedOption, UsageError, UserError, type Command, type ParsedArgs } from './args.ts';
import { openDeviceSpec, parseDeviceSpec } from './device.ts';
import { KeyReader } from './play/keys.ts';
import { youOf } from '../table/words.ts';
import { knownLang, langOfEnv, LANGS, wordsIn, type Words } from '../words/catalogue.ts';
import { scoreSheetHtml } from '../table/scoresheet.ts';
import { PlaySession, readPlaySave, ResumeError, SessionError, type Pace, type PlayMeta } from './play/session.ts';

function rulesFrom(spec: string, target: number | undefined, options: Partial<Rules['options']> = {}): Rules {
  try {
    const base = resolveRules(rulesFromSpec(spec), options);
    return target === undefined ? base : resolveRules(base, { target });
  } catch (e) {
    throw new UserError((e as Error).message);
  }
}

/**
 * The language the game speaks: `--lang`, else the terminal's (LC_ALL, LC_MESSAGES, LANG, in
 * POSIX's order), English when it is none the game speaks.
 */
function langOption(args: ParsedArgs): Words {
  const given = args.values.lang;
  if (given === undefined) return wordsIn(langOfEnv(process.env));
  const lang = knownLang(given);
  if (!lang) throw new UsageError(`--lang must be ${LANGS.join(' or ')}, got "${String(given)}"`);
  return wordsIn(lang);
}

const DEFAULT_SAVE = 'uno-extreme-save.json';
const DEFAULT_SHEET = 'uno-extreme-scores.html';

/**
 * The position `--position` names: the one-line text itself (every position has ` | ` between
 * its sections, which no file name needs), or a file that holds it (the page's Copy position,
 * pasted into a file). Checked here, so that a wrong one is refused before anything is dealt.
 */
function positionFrom(value: string): { text: string; rules: Rules; players: number } {
  let text = value;
  if (!value.includes('|')) {
    try {
      text = readUserFile(value, 'position');
    } catch (e) {
      if (e instanceof FileReadError) throw new UserError(`--position ${value}: ${e.message} (give a position's text, "hands … | discard …", or a file holding it)`);
      throw e;
    }
    const lines = text.split('\n').filter((l) => l.trim() !== '');
    if (lines.length !== 1) throw new UserError(`--position ${value}: a position file holds one line (the page's Copy position), this one ${lines.length}`);
    text = lines[0].trim();
  }
  const parsed = parsePosition(text);
  if (!parsed.ok) throw new UserError(`--position: ${parsed.error.message}`);
  const { position } = parsed;
  const rules = rulesFrom(position.rules, undefined, position.options);
  // Set up once here only to check it whole (its cards, seats and request), as the game will.
  const round = fromPosition(text, { rules });
  if (!round.ok) throw new UserError(`--position: ${round.error.message}`);
  if (round.state.out[0]) throw new UserError('--position: seat 0 is yours, and it is out of the match ("x"): give a position where seat 0 plays');
  return { text, rules, players: round.state.players };
}

/** The `play` command. */
export const playCommand: Command = {
  name: 'play',
  summary: 'play UNO Extreme at the terminal against bots, with the simulated launcher (or a real one)',
  options: {
    rules: { type: 'string', value: 'NAME|FILE', help: `${RULES_HELP}; extreme by default` },
    players: { type: 'string', value: 'N', help: 'players at the table including you, 2..10 (default 4)' },
    name: { type: 'string', value: 'NAME', help: 'your name (default "You")' },
    bots: { type: 'string', value: 'KIND[,KIND…]', help: `how the bots play: ${BOTS_HELP}; heuristic by default (a comma list gives one per seat)` },
    'bot-budget': { type: 'string', value: 'N|Nsteps|Nms', help: BOT_BUDGET_HELP },
    profile: { type: 'string', value: 'NAME|FILE', help: 'launcher profile (default: the rule set\'s own)' },
    seed: { type: 'string', value: 'N', help: 'seed of the deal, the bots and the launcher (printed when picked for you)' },
    target: { type: 'string', value: 'POINTS', help: 'points that win the match (default: the rule set\'s, 500)' },
    resume: { type: 'string', value: 'FILE', help: 'continue a saved game exactly where it stopped' },
    position: { type: 'string', value: 'TEXT|FILE', help: 'play the first round from a position (the page\'s Copy position, or a file holding it); you are seat 0, the position sets the rules and the players' },
    save: { type: 'string', value: 'FILE', help: `where q / Ctrl-C saves the game (default: ${DEFAULT_SAVE}, a resumed game its own file; a file already there is kept and the game saved under a new name)` },
    sheet: { type: 'string', value: 'FILE', help: `where the printable score sheet is written at the end (default: ${DEFAULT_SHEET}, or the first free ${DEFAULT_SHEET.replace('.html', '-2.html')}… when an earlier match's is there)` },
    pace: { type: 'string', value: 'normal|fast|instant', help: 'how fast bots play and cards fly', default: 'normal' },
    device: { type: 'string', value: 'KIND:PATH', help: 'play with a real launcher: serial:PATH (this project\'s firmware) or firmata:PATH (StandardFirmata)' },
    'no-colour': { type: 'boolean', help: 'no colours on screen' },
    lang: { type: 'string', value: LANGS.join('|'), help: 'the language of the game (default: the terminal\'s, from LC_ALL, LC_MESSAGES or LANG; English when it is neither)' },
  },
  examples: [
    'uno-extreme play',
    'uno-extreme play --players 3 --name Ana --bots random --seed 7',
    'uno-extreme play --bots ismcts --bot-budget 300',
    'uno-extreme play --rules classic --target 200',
    'uno-extreme play --resume uno-extreme-save.json',
    'uno-extreme play --position "rules extreme | hands R5 R7 / G2 B3 | discard R1 | supply *"',
    'uno-extreme play --device firmata:/dev/ttyACM0',
  ],
  async run(args: ParsedArgs): Promise<number> {
    if (!process.stdin.isTTY) throw new UsageError('play needs a terminal (it reads keys); to run games unattended use `uno-extreme simulate`');
    if (!process.stdout.isTTY) throw new UsageError('play needs a terminal on standard output, not a pipe or a file; for unattended games use `uno-extreme simulate`');
    const w = langOption(args);
    const pace = String(args.values.pace ?? 'normal') as Pace;
    if (!['normal', 'fast', 'instant'].includes(pace)) throw new UsageError(`--pace must be normal, fast or instant, got "${pace}"`);
    // A malformed --device is a usage error before a game is dealt (the port is opened later).
    if (typeof args.values.device === 'string') parseDeviceSpec(args.values.device);
    // A resumed game is saved back to its own file (unless --save says elsewhere); a new game
    // never replaces a file already there: an earlier game is kept, and this one gets a free name.
    const resumeFile = typeof args.values.resume === 'string' ? args.values.resume : null;
    const wantedSave = typeof args.values.save === 'string' ? args.values.save : resumeFile ?? DEFAULT_SAVE;
    const savePath = resumeFile !== null ? wantedSave : freeSavePath(wantedSave);
    const saveNote = savePath !== wantedSave
      ? `${wantedSave} holds an earlier game, kept as it is (continue it with --resume ${wantedSave}); this game will be saved to ${savePath}`
      : null;
    try {
      accessSync(path.dirname(path.resolve(savePath)), constants.W_OK);
    } catch {
      throw new UsageError(`--save ${savePath}: the folder ${path.dirname(path.resolve(savePath))} does not exist or is not writable; choose another file`);
    }
    // The sheet is written at the end of the match: a folder it cannot go to is said now.
    const sheetGiven = typeof args.values.sheet === 'string' ? args.values.sheet : undefined;
    checkOutputs([['--sheet', sheetGiven ?? DEFAULT_SHEET]]);
    let match;
    let meta: PlayMeta;
    let pickedSeed: number | null = null;
    if (typeof args.values.resume === 'string') {
      for (const k of ['rules', 'players', 'name', 'bots', 'bot-budget', 'seed', 'target', 'position'])
        if (args.values[k] !== undefined) throw new UsageError(`--${k} cannot change a resumed game; drop it (the save file has the game's settings)`);
      let saved;
      try {
        saved = readPlaySave(args.values.resume);
      } catch (e) {
        if (e instanceof ResumeError || (e as Error).name === 'SaveError') throw new UserError((e as Error).message);
        throw e;
      }
      match = saved.match;
      meta = resumedMeta(match, typeof args.values.profile === 'string' ? { ...saved.meta, profile: args.values.profile } : saved.meta);
    } else {
      const target = args.values.target === undefined ? undefined : intOption(args, 'target', 500, 1, 1_000_000);
      let position: ReturnType<typeof positionFrom> | null = null;
      if (typeof args.values.position === 'string') {
        for (const k of ['rules', 'players'])
          if (args.values[k] !== undefined) throw new UsageError(`--${k} cannot be given with --position: the position sets the rules and the players; drop --${k}`);
        position = positionFrom(args.values.position);
      }
      const players = position ? position.players : intOption(args, 'players', 4, 2, 10);
      const { seed, picked } = seedOption(args);
      const rules = position ? (target === undefined ? position.rules : resolveRules(position.rules, { target })) : rulesFrom(String(args.values.rules ?? 'extreme'), target);
      const bots = botsOption(args.values.bots, players - 1, 'bot seats');
      const { botBudget } = botBudgetOption(args);
      const you = w.t('you.name');
      const name = seatName(String(args.values.name ?? you)) || you;
      if (name.length > MAX_NAME) throw new UsageError(`--name is ${name.length} characters long: at most ${MAX_NAME}`);
      if (picked) pickedSeed = seed;
      try {
        match = createMatch({ rules, players, seed, log: true, ...(position ? { position: position.text } : {}) });
      } catch (e) {
        throw new UserError((e as Error).message);
      }
      meta = {
        names: [name, ...Array.from({ length: players - 1 }, (_, i) => w.t('bot.name', { n: i + 1 }))],
        me: 0,
        bots,
        ...(botBudget ? { budget: botBudget } : {}),
        profile: typeof args.values.profile === 'string' ? args.values.profile : rules.profile ?? 'seed-0-8',
        launcher: null,
      };
    }
    const profile = profileFromSpec(meta.profile);
    const hardware = typeof args.values.device === 'string' ? await openDeviceSpec(args.values.device) : undefined;
    // Said once every flag is known good: a start refused for a wrong flag prints only what was wrong.
    if (pickedSeed !== null) console.log(`seed ${pickedSeed} (play this deal again with --seed ${pickedSeed})`);
    if (saveNote) console.log(saveNote);
    const keys = new KeyReader(process.stdin);
    let sheet = '';
    // A terminal that closed (SIGHUP) fails every write: the game is saved all the same, and
    // there is no one left to show anything to.
    process.stdout.on('error', () => {});
    const session = new PlaySession({
      match, meta, profile, pace, keys, savePath, hardware, words: w,
      colour: !args.values['no-colour'] && !process.env.NO_COLOR,
      out: (t) => process.stdout.write(t),
      size: () => ({ columns: process.stdout.columns, rows: process.stdout.rows }),
      onMatchOver: (m, names) => {
        // An earlier match's sheet under the default name is kept: this one takes a free name.
        sheet = sheetGiven ?? freeSavePath(DEFAULT_SHEET);
        writeFileAtomically(sheet, scoreSheetHtml(m, names, new Date().toISOString().slice(0, 10), w));
        return sheet;
      },
    });
    const resized = () => session.redraw();
    process.stdout.on('resize', resized);
    let end: 'done' | 'saved';
    try {
      end = await session.run();
    } catch (e) {
      process.stdout.write('\x1b[H\x1b[2J');
      if (e instanceof SessionError && (e.cause instanceof LauncherError || e.cause instanceof DeviceError)) throw new UserError(e.message);
      throw e;
    } finally {
      process.stdout.off('resize', resized);
      keys.close();
      await hardware?.close();
    }
    process.stdout.write('\x1b[H\x1b[2J');
    const saved = session.savedTo ?? savePath;
    if (end === 'saved') console.log(w.t('play.saved', { file: saved, kept: saveNote ? w.t('play.kept', { earlier: wantedSave }) : '' }));
    else {
      const winner = meta.names[session.match.winner!];
      console.log(w.t('play.over', { who: winner, you: youOf(winner), sheet }));
    }
    return 0;
  },
};

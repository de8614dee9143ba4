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
import { NAME_COLUMNS, personName } from '../lib/names.ts';
import '../words/rooms.ts';
import { checkOutputs, FileReadError, freeSavePath, readUserFile, writeFileAtomically } from '../lib/files.ts';
import { botBudgetOption, botBudgetValues, botKindsIn, botsOption, intOption, LANG_OPTION, langOption, rulesHelpValues, seedOption, UsageError, UserError, type Command, type ParsedArgs } from './args.ts';
import { openDeviceSpec, parseDeviceSpec } from './device.ts';
import { KeyReader } from './play/keys.ts';
import { youOf } from '../table/words.ts';
import { loadLang } from '../words/catalogue.ts';
import { said, saidOf } from '../words/said.ts';
import { cliWordsIn } from '../words/cli.ts';
import { scoreSheetHtml } from '../table/scoresheet.ts';
import { PlaySession, readPlaySave, ResumeError, SessionError, type Pace, type PlayMeta } from './play/session.ts';

function rulesFrom(spec: string, target: number | undefined, options: Partial<Rules['options']> = {}): Rules {
  try {
    const base = resolveRules(rulesFromSpec(spec), options);
    return target === undefined ? base : resolveRules(base, { target });
  } catch (e) {
    throw new UserError(saidOf(e) ?? (e as Error).message);
  }
}

const DEFAULT_SAVE = 'uno-extreme-save.json';
const PACES: readonly Pace[] = ['normal', 'fast', 'instant'];
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
      if (e instanceof FileReadError) throw new UserError(said('cli.play.positionFile', { file: value, why: e.said }));
      throw e;
    }
    const lines = text.split('\n').filter((l) => l.trim() !== '');
    if (lines.length !== 1) throw new UserError(said('cli.play.positionLines', { file: value, count: lines.length }));
    text = lines[0].trim();
  }
  const parsed = parsePosition(text);
  if (!parsed.ok) throw new UserError(said('cli.play.position', { why: parsed.error.said }));
  const { position } = parsed;
  const rules = rulesFrom(position.rules, undefined, position.options);
  // Set up once here only to check it whole (its cards, seats and request), as the game will.
  const round = fromPosition(text, { rules });
  if (!round.ok) throw new UserError(said('cli.play.position', { why: round.error.said }));
  if (round.state.out[0]) throw new UserError(said('cli.play.positionOut'));
  return { text, rules, players: round.state.players };
}

/** The `play` command. */
export const playCommand: Command = {
  name: 'play',
  options: {
    rules: { type: 'string', value: 'NAME|FILE', helpValues: rulesHelpValues },
    players: { type: 'string', value: 'N' },
    name: { type: 'string', value: 'NAME' },
    bots: { type: 'string', value: 'KIND[,KIND…]', helpValues: (w) => ({ kinds: botKindsIn(w) }) },
    'bot-budget': { type: 'string', value: 'N|Nsteps|Nms', helpValues: botBudgetValues },
    profile: { type: 'string', value: 'NAME|FILE' },
    seed: { type: 'string', value: 'N' },
    target: { type: 'string', value: 'POINTS' },
    resume: { type: 'string', value: 'FILE' },
    position: { type: 'string', value: 'TEXT|FILE' },
    save: { type: 'string', value: 'FILE', helpValues: () => ({ file: DEFAULT_SAVE }) },
    sheet: { type: 'string', value: 'FILE', helpValues: () => ({ file: DEFAULT_SHEET, next: DEFAULT_SHEET.replace('.html', '-2.html') }) },
    pace: { type: 'string', value: 'normal|fast|instant', default: 'normal' },
    device: { type: 'string', value: 'KIND:PATH' },
    'no-colour': { type: 'boolean' },
    lang: LANG_OPTION,
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
    const w = await loadLang(langOption(args));
    // A name that will be refused is said before asking for a terminal (it is the user's to fix
    // either way), as a game night words a seat's name refused.
    const given = args.values.name === undefined ? null : personName(args.values.name);
    if (given && 'why' in given) throw new UsageError(`--name: ${w.t(`name.${given.why}`, { n: NAME_COLUMNS, wide: NAME_COLUMNS / 2, name: String(args.values.name).trim() })}`);
    if (!process.stdin.isTTY) throw new UsageError(said('cli.play.noKeys'));
    if (!process.stdout.isTTY) throw new UsageError(said('cli.play.noScreen'));
    const pace = String(args.values.pace ?? 'normal') as Pace;
    if (!PACES.includes(pace)) throw new UsageError(said('cli.value.oneOf', { option: '--pace', choices: { or: PACES }, got: pace }));
    // A malformed --device is a usage error before a game is dealt (the port is opened later).
    if (typeof args.values.device === 'string') parseDeviceSpec(args.values.device);
    // A resumed game is saved back to its own file (unless --save says elsewhere); a new game
    // never replaces a file already there: an earlier game is kept, and this one gets a free name.
    const resumeFile = typeof args.values.resume === 'string' ? args.values.resume : null;
    const wantedSave = typeof args.values.save === 'string' ? args.values.save : resumeFile ?? DEFAULT_SAVE;
    const savePath = resumeFile !== null ? wantedSave : freeSavePath(wantedSave);
    const saveNote = savePath !== wantedSave ? cliWordsIn(w.lang).t('cli.play.saveKept', { earlier: wantedSave, file: savePath }) : null;
    try {
      accessSync(path.dirname(path.resolve(savePath)), constants.W_OK);
    } catch {
      throw new UsageError(said('cli.play.saveFolder', { file: savePath, folder: path.dirname(path.resolve(savePath)) }));
    }
    // The sheet is written at the end of the match: a folder it cannot go to is said now.
    const sheetGiven = typeof args.values.sheet === 'string' ? args.values.sheet : undefined;
    checkOutputs([['--sheet', sheetGiven ?? DEFAULT_SHEET]]);
    let match;
    let meta: PlayMeta;
    let pickedSeed: number | null = null;
    if (typeof args.values.resume === 'string') {
      for (const k of ['rules', 'players', 'name', 'bots', 'bot-budget', 'seed', 'target', 'position'])
        if (args.values[k] !== undefined) throw new UsageError(said('cli.play.resumed', { option: `--${k}` }));
      let saved;
      try {
        saved = readPlaySave(args.values.resume);
      } catch (e) {
        if (e instanceof ResumeError || (e as Error).name === 'SaveError') throw new UserError(saidOf(e) ?? (e as Error).message);
        throw e;
      }
      match = saved.match;
      meta = resumedMeta(match, typeof args.values.profile === 'string' ? { ...saved.meta, profile: args.values.profile } : saved.meta, w);
    } else {
      const target = args.values.target === undefined ? undefined : intOption(args, 'target', 500, 1, 1_000_000);
      let position: ReturnType<typeof positionFrom> | null = null;
      if (typeof args.values.position === 'string') {
        for (const k of ['rules', 'players'])
          if (args.values[k] !== undefined) throw new UsageError(said('cli.play.withPosition', { option: `--${k}` }));
        position = positionFrom(args.values.position);
      }
      const players = position ? position.players : intOption(args, 'players', 4, 2, 10);
      const { seed, picked } = seedOption(args);
      const rules = position ? (target === undefined ? position.rules : resolveRules(position.rules, { target })) : rulesFrom(String(args.values.rules ?? 'extreme'), target);
      const bots = botsOption(args.values.bots, players - 1, 'bot seats');
      const { botBudget } = botBudgetOption(args);
      const you = w.t('you.name');
      const name = given && 'name' in given ? given.name : you;
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
    const hardware = typeof args.values.device === 'string' ? await openDeviceSpec(args.values.device, { lang: w.lang }) : undefined;
    // Said once every flag is known good: a start refused for a wrong flag prints only what was wrong.
    if (pickedSeed !== null) console.log(cliWordsIn(w.lang).t('cli.play.seedPicked', { seed: String(pickedSeed) }));
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
      if (e instanceof SessionError && (e.cause instanceof LauncherError || e.cause instanceof DeviceError)) throw new UserError(e.said);
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

/**
 * `play` with wrong flags, in a real terminal (tmux): `play` needs one, so its usage errors are
 * only reached there. Each is one line saying what was wrong and how to put it right, with the
 * usage exit status (2) or the user-error one (1), and no stack trace; in the terminal's
 * language (a few of them under LANG=fr_FR.UTF-8).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMatch, ruleSet, saveMatch } from '../../game/index.ts';
import { Pane } from './tmux.ts';
import { needs } from '../tools.ts';

const cases: Array<[string, number, RegExp]> = [
  ['--seed x', 2, /^uno-extreme play: --seed must be a whole number, got "x"$/],
  ['--players 9 --players 11', 2, /^uno-extreme play: --players must be between 2 and 10, got 11$/],
  ['--players 1', 2, /^uno-extreme play: --players must be between 2 and 10, got 1$/],
  ['--rules nope', 1, /^uno-extreme play: unknown rule set "nope": known rule sets are extreme, /],
  // Unknown flags, as for every command: the flag, then the command's options on the next line.
  ['--bogus', 2, /^uno-extreme play: Unknown option '--bogus' {2}options of `uno-extreme play`: --rules, --players, /],
  ['--pace slow', 2, /^uno-extreme play: --pace must be normal, fast or instant, got "slow"$/],
  ['--bots genius', 2, /^uno-extreme play: --bots: unknown bot "genius"; use heuristic, random, ismcts or first \(a comma list gives one per seat, repeated\)$/],
  ['--bots ismcts --bot-budget 2s', 2, /^uno-extreme play: --bot-budget: "2s" is not a budget: give playouts \(300\), steps \(50000steps\) or milliseconds \(150ms\), from 1 to 1000000$/],
  // Refused before the picked seed is printed: the screen holds only what was wrong.
  ['--profile nope', 1, /^uno-extreme play: profile: unknown profile "nope": use one of seed-0-8, /],
  ['--target 0', 2, /^uno-extreme play: --target must be between 1 and 1000000, got 0$/],
  ['--resume game.json --seed 3', 2, /^uno-extreme play: --seed cannot change a resumed game; drop it/],
  ['--position nofile.txt', 1, /^uno-extreme play: --position nofile\.txt: no such file \(give a position's text, "hands … \| discard …", or a file holding it\)$/],
  ["--position 'hands R5 / R6 | discard ZZ | supply *'", 1, /^uno-extreme play: --position: discard\[0\]: ZZ is not a card code: /],
  ["--position 'rules extreme stackng=true | hands R5 / R6 | discard R1 | supply *'", 1, /^uno-extreme play: options: unknown option "stackng": did you mean stacking\?$/],
  ["--position 'hands x / R5 / R6 | discard R1 | supply *'", 1, /^uno-extreme play: --position: seat 0 is yours, and it is out of the match/],
  ['--position pos.txt --players 3', 2, /^uno-extreme play: --players cannot be given with --position: the position sets the rules and the players; drop --players$/],
  ['--resume cut.json', 1, /^uno-extreme play: save file cut\.json is truncated or not JSON$/],
  ['--resume moves.json', 1, /^uno-extreme play: save file moves\.json: move 1 \(catch seat 1\) is illegal on replay: nobody can be caught: every player with one card called ?UNO$/],
  ['--resume game.json --position pos.txt', 2, /^uno-extreme play: --position cannot change a resumed game; drop it/],
  ['--save /no/such/folder/s.json', 2, /^uno-extreme play: --save \/no\/such\/folder\/s\.json: the folder \/no\/such\/folder does not exist or is not writable; choose another file$/],
  ['--device serial:/dev/nonexistent', 1, /^uno-extreme play: no serial port at \/dev\/nonexistent: is the board plugged in\? `uno-extreme ports` lists the ports there are$/],
];

/** Some of them under LANG=fr_FR.UTF-8 (or --lang fr): the same line, in French. */
const french: Array<[string, number, RegExp]> = [
  ['--seed x', 2, /^uno-extreme play: --seed doit être un nombre entier, pas «\u00a0x\u00a0»$/],
  ['--players 11', 2, /^uno-extreme play: --players doit être entre 2 et 10, pas 11$/],
  ['--pace slow', 2, /^uno-extreme play: --pace doit être normal, fast ou instant, pas «\u00a0slow\u00a0»$/],
  ['--lang de', 2, /^uno-extreme play: --lang doit être en ou fr, pas «\u00a0de\u00a0»$/],
  ['--position nofile.txt', 1, /^uno-extreme play: --position nofile\.txt\u00a0: ce fichier n’existe pas \(donne le texte d’une position, «\u00a0hands … \| discard …\u00a0», ou un fichier qui le contient\)$/],
  ['--resume game.json --seed 3', 2, /^uno-extreme play: --seed ne peut pas changer une partie reprise\u00a0; enlève-le/],
  ['--save /no/such/folder/s.json', 2, /^uno-extreme play: --save \/no\/such\/folder\/s\.json\u00a0: le dossier \/no\/such\/folder n’existe pas ou on ne peut pas y écrire\u00a0; choisis un autre fichier$/],
  // A position's own reason, French throughout.
  ["--position 'hands R5 / R6 | discard ZZ | supply *'", 1, /^uno-extreme play: --position\u00a0: discard\[0\]\u00a0: ZZ n’est pas un code de carte\u00a0: R5, G\+2, YS, W, W4, CX, …$/],
  // A save cut short (cut.json, written below), and one that is not there.
  ['--resume cut.json', 1, /^uno-extreme play: le fichier de sauvegarde cut\.json est tronqué ou n’est pas du JSON$/],
  // A save whose move the replay refuses: where, the move and the rule's refusal, in French.
  ['--resume moves.json', 1, /^uno-extreme play: fichier de sauvegarde moves\.json\u00a0: coup 1 \(prendre la place 1\) est interdit quand on rejoue la partie\u00a0: personne à prendre\u00a0: chaque joueur à une carte a dit UNO$/],
  // A seat without a name, as the rules book names it: « c’est à la place 2 » (the line wraps near there: its space may go).
  ['--resume turn.json', 1, /^uno-extreme play: fichier de sauvegarde turn\.json\u00a0: coup 1 \(appuyer\) est interdit quand on rejoue la partie\u00a0: ce n’est pas ton tour\u00a0: c’est ?à la place 2 de jouer$/],
  ['--resume nofile.json', 1, /^uno-extreme play: impossible de lire nofile\.json\u00a0: ce fichier n’existe pas$/],
  // A port that cannot be opened: the board's error, in the game's words.
  ['--device serial:/dev/nonexistent', 1, /^uno-extreme play: pas de port série à \/dev\/nonexistent\u00a0: la carte est-elle branchée\u00a0\? `uno-extreme ports` liste les ports présents$/],
];

describe.runIf(needs('tmux'))('play with wrong flags, in a terminal', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'uno-usage-'));
  writeFileSync(path.join(dir, 'cut.json'), '{"format": "uno-extreme-save", "schema": 1, "kind": "match", "setup": {');
  const whole = JSON.parse(saveMatch(createMatch({ rules: ruleSet('extreme'), players: 3, seed: 1, log: true }))) as Record<string, unknown>;
  writeFileSync(path.join(dir, 'moves.json'), JSON.stringify({ ...whole, rounds: [[{ type: 'catch', seat: 0, target: 1 }]] }));
  // Seat 2 is to play first in this deal.
  writeFileSync(path.join(dir, 'turn.json'), JSON.stringify({ ...whole, rounds: [[{ type: 'press', seat: 0 }]] }));
  const all = [...cases.map((c) => [...c, 'C.UTF-8'] as const), ...french.map((c) => [...c, 'fr_FR.UTF-8'] as const)];
  for (const [args, status, message, lang] of all) {
    it(`play ${args} (LANG=${lang}): says what is wrong and exits ${status}`, async () => {
      const pane = Pane.program(`uno-usage-${process.pid}`, `play ${args}`, dir, undefined, undefined, lang);
      const screen = await pane.waitFor((s) => /\[exit \d+\]/.test(s));
      const lines = screen.split('\n').map((l) => l.trimEnd()).filter((l) => l !== '');
      // The message (wrapped by the terminal when long) and the shell's report of the status.
      expect(lines.at(-1)).toBe(`[exit ${status}]`);
      const said = lines.slice(0, -1).join('');
      expect(said).toMatch(message);
      expect(screen).not.toMatch(/\n\s+at |Error:|unexpected error/);
    });
  }
});

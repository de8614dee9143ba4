/**
 * The guide's words (web/src/guide.tsx): the cards of the rule set in play, worded from the rule
 * book (docs/rules.md, docs/regles.md), the rules in short, and the first game's walkthrough. A
 * catalogue of its own, in the same form as words/en.ts and words/fr.ts (the same keys in both,
 * test/words/catalogue.test.ts), so that it loads with the guide and not in every part of the page.
 */
import type { Lang } from './catalogue.ts';

/** The guide in English. */
export const GUIDE_EN = {
  'guide.cards': 'The cards',
  'guide.count': '{n, plural, one {# card} other {# cards}} · {points}',
  'guide.points': '{n, plural, one {# point} other {# points}}',
  'guide.facePoints': 'their face value in points',
  'guide.effect.number': 'No effect. Plays on its colour or its number.',
  'guide.effect.reverse': 'Play changes direction. With two players it acts as a Skip.',
  'guide.effect.skip': 'The next player loses their turn.',
  'guide.effect.hit2': 'The next player presses the launcher twice and loses their turn.',
  'guide.effect.discardAll': 'You lay every card of its colour from your hand with it; the Discard All ends on top.',
  'guide.effect.tradeHands': 'You swap hands with a player of your choice.',
  'guide.effect.showHands': 'Every hand is shown to all until the next card is played.',
  'guide.effect.draw2': 'The next player {launcher, select, yes {presses the launcher twice} other {draws 2 cards}} and loses their turn.',
  'guide.effect.playAgain': 'You may play again at once a card of its colour or another Play Again, or pass.',
  'guide.effect.wild': 'Plays on anything: you name the colour (you may keep the current one).',
  'guide.effect.coupExtreme': 'Plays on anything: you name a colour and another player; the launcher is turned to them and you press twice: they take what comes out.',
  'guide.effect.allHit': 'Plays on anything: you name the colour, then {all, select, yes {every player, you included,} other {every other player}} presses once in turn, starting with the next player; then the next player plays.',
  'guide.effect.hitFire': 'Plays on anything: the next player presses until cards come out, keeps them and loses their turn; {victim, select, yes {then that player names the colour} other {you name the colour}}.',
  'guide.effect.hit4': 'Plays on anything: you name a colour; the next player presses four times and loses their turn.',
  'guide.effect.customizable': 'Carries a house rule your table writes on it; here it plays as a Wild.',
  'guide.effect.wild4': 'You name a colour; the next player {launcher, select, yes {presses four times} other {draws 4 cards}} and loses their turn.{challenge, select, yes { Legal only without a card of the current colour: the next player may challenge it.} other {}}',
  'guide.rules': 'The rules in short',
  'guide.rule.goal': '{scoring, select, challenge {Each round, every player scores the points left in their own hand; a player who reaches {target} is out, and the last player in wins.} lowest {Be the first to get rid of your cards. Each round the points of the cards left are added up; when someone reaches {target}, the lowest total wins.} other {Be the first to get rid of all your cards. The round\'s winner scores the points of the cards left in the others\' hands; the first to {target} points wins the match.}}',
  'guide.rule.match': 'On your turn, play a card of the same colour, number or symbol as the top of the discard pile; a wild plays on anything.',
  'guide.rule.take': '{launcher, select, yes {Or press the launcher once, even when you could play: whatever comes out goes into your hand and your turn ends. A card left sticking out is for the one who pressed.} other {Or draw one card: if it can be played you may play it at once, otherwise your turn passes.}}',
  'guide.rule.uno': '{unoCall, select, yes {When you play your next-to-last card, call UNO. If another player catches you before the next player begins their turn, you {launcher, select, yes {press twice} other {draw 2 cards}}.} other {These rules have no UNO call.}}',
  'guide.rule.two': 'With two players a Reverse acts as a Skip, and whoever plays a Skip or a Reverse plays again at once.',
  'guide.walkAgain': 'Show the first-game walkthrough again',
  'walk.title': 'Your first game',
  'walk.step': 'Step {n} of {of}',
  'walk.match': 'On your turn the raised cards of your hand match the top of the discard pile (its colour, number or symbol): tap one, or press Enter on it, to play it.',
  'walk.take': '{launcher, select, yes {No card you want to play? Press the launcher: what comes out is yours, and your turn ends.} other {No card you want to play? Draw one: if it matches you may play it at once.}}',
  'walk.uno': 'Down to two cards? Press UNO before you play the next-to-last one, or another player may catch you.',
  'walk.watch': 'The others play in turn around the table, and the events say what each did. The Guide explains every card.',
  'walk.next': 'Next',
  'walk.done': 'Got it',
  'walk.skip': 'Skip the walkthrough',
} as const;

/** A key of the guide's catalogue. */
export type GuideKey = keyof typeof GUIDE_EN;

/** The guide in French. */
export const GUIDE_FR: Readonly<Record<GuideKey, string>> = {
  'guide.cards': 'Les cartes',
  'guide.count': '{n, plural, one {# carte} other {# cartes}} · {points}',
  'guide.points': '{n, plural, one {# point} other {# points}}',
  'guide.facePoints': 'leur valeur en points',
  'guide.effect.number': 'Rien. Se pose sur sa couleur ou son chiffre.',
  'guide.effect.reverse': 'Le sens du jeu change. À deux joueurs, elle fait comme un Passer.',
  'guide.effect.skip': 'Le joueur suivant passe son tour.',
  'guide.effect.hit2': 'Le joueur suivant appuie deux fois sur le distributeur et passe son tour.',
  'guide.effect.discardAll': 'Tu poses avec elle toutes les cartes de sa couleur ; le Poser tout finit dessus.',
  'guide.effect.tradeHands': 'Tu échanges ta main avec le joueur de ton choix.',
  'guide.effect.showHands': 'Toutes les mains sont montrées à tous jusqu’à la prochaine carte posée.',
  'guide.effect.draw2': 'Le joueur suivant {launcher, select, yes {appuie deux fois sur le distributeur} other {pioche 2 cartes}} et passe son tour.',
  'guide.effect.playAgain': 'Tu peux rejouer tout de suite une carte de sa couleur ou un autre Rejouer, ou passer.',
  'guide.effect.wild': 'Se pose sur n’importe quoi : tu choisis la couleur (tu peux garder la même).',
  'guide.effect.coupExtreme': 'Se pose sur n’importe quoi : tu choisis une couleur et un autre joueur ; le distributeur est tourné vers lui et tu appuies deux fois : il prend ce qui sort.',
  'guide.effect.allHit': 'Se pose sur n’importe quoi : tu choisis la couleur, puis {all, select, yes {chaque joueur, toi compris,} other {chacun des autres joueurs}} appuie une fois à son tour, en commençant par le joueur suivant ; puis le joueur suivant joue.',
  'guide.effect.hitFire': 'Se pose sur n’importe quoi : le joueur suivant appuie jusqu’à ce que des cartes sortent, les garde et passe son tour ; {victim, select, yes {puis ce joueur choisit la couleur} other {tu choisis la couleur}}.',
  'guide.effect.hit4': 'Se pose sur n’importe quoi : tu choisis une couleur ; le joueur suivant appuie quatre fois et passe son tour.',
  'guide.effect.customizable': 'Porte une règle maison que ta table écrit dessus ; ici elle se joue comme un Joker.',
  'guide.effect.wild4': 'Tu choisis une couleur ; le joueur suivant {launcher, select, yes {appuie quatre fois} other {pioche 4 cartes}} et passe son tour.{challenge, select, yes { Permise seulement sans carte de la couleur en cours : le joueur suivant peut la contester.} other {}}',
  'guide.rules': 'La règle en bref',
  'guide.rule.goal': '{scoring, select, challenge {À chaque manche, chacun marque les points restés dans sa propre main ; qui atteint {target} est éliminé, et le dernier en jeu gagne.} lowest {Sois le premier à te débarrasser de tes cartes. À chaque manche les points des cartes restées s’additionnent ; quand quelqu’un atteint {target}, le plus petit total gagne.} other {Sois le premier à te débarrasser de toutes tes cartes. Le gagnant de la manche marque les points des cartes restées dans les mains des autres ; le premier à {target} points gagne la partie.}}',
  'guide.rule.match': 'À ton tour, pose une carte de la même couleur, du même chiffre ou du même symbole que celle du talon ; un joker se pose sur n’importe quoi.',
  'guide.rule.take': '{launcher, select, yes {Ou appuie une fois sur le distributeur, même si tu pouvais jouer : ce qui sort va dans ta main et ton tour est fini. Une carte restée à moitié sortie est pour celui qui a appuyé.} other {Ou pioche une carte : si elle peut se poser tu peux la jouer tout de suite, sinon ton tour passe.}}',
  'guide.rule.uno': '{unoCall, select, yes {Quand tu poses ton avant-dernière carte, dis « UNO ». Si un autre joueur te prend avant que le joueur suivant commence son tour, tu {launcher, select, yes {appuies deux fois} other {pioches 2 cartes}}.} other {Cette règle n’a pas d’annonce UNO.}}',
  'guide.rule.two': 'À deux joueurs, une Inversion fait comme un Passer, et celui qui pose un Passer ou une Inversion rejoue tout de suite.',
  'guide.walkAgain': 'Revoir la visite de la première partie',
  'walk.title': 'Ta première partie',
  'walk.step': 'Étape {n} sur {of}',
  'walk.match': 'À ton tour, les cartes levées de ta main vont sur le talon (même couleur, chiffre ou symbole) : touche-en une, ou appuie sur Entrée dessus, pour la poser.',
  'walk.take': '{launcher, select, yes {Pas de carte à poser ? Appuie sur le distributeur : ce qui sort est pour toi, et ton tour est fini.} other {Pas de carte à poser ? Pioche : si la carte va sur le talon, tu peux la poser tout de suite.}}',
  'walk.uno': 'Plus que deux cartes ? Appuie sur UNO avant de poser l’avant-dernière, sinon un autre joueur peut te prendre.',
  'walk.watch': 'Les autres jouent chacun leur tour autour de la table, et les événements disent ce que chacun a fait. Le Guide explique chaque carte.',
  'walk.next': 'Suivant',
  'walk.done': 'Compris',
  'walk.skip': 'Passer la visite',
};

/** The guide's catalogue of each language. */
export const GUIDE_CATALOGUES: Readonly<Record<Lang, Readonly<Record<GuideKey, string>>>> = { en: GUIDE_EN, fr: GUIDE_FR };

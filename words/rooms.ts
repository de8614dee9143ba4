/**
 * Game night's words, added to the game's catalogue (words/catalogue.ts) by loading this module:
 * the rooms' server and the room pages load it; the one-player page and its workers do not, so
 * they do not carry words they never say.
 */
import { addMessages } from './catalogue.ts';
import { ROOMS_EN } from './rooms.en.ts';
import { ROOMS_FR } from './rooms.fr.ts';

addMessages({ en: ROOMS_EN, fr: ROOMS_FR });

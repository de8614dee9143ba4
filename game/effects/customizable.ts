/**
 * Customizable wild (extreme-2010): the table writes its own rule on it. Software knows none,
 * so by default it is a plain Wild; a table rule could replace this entry in the registry.
 */
import { wildEffect } from './wild.ts';

/** Customizable effect (a plain Wild). */
export const customizableEffect = wildEffect;

/** Wild ("joker"): the player names a colour (may keep the current one). Also the Customizable's default. */
import { passOn } from './attack.ts';
import { defineEffect, WILD } from './types.ts';

/** Wild effect. */
export const wildEffect = defineEffect({ ...WILD, apply: (d, ctx) => passOn(d, ctx.seat) });

/** Wild Hit 4 (extreme-2010): names a colour; the next player presses four times and loses the turn. */
import { attack } from './attack.ts';
import { defineEffect, WILD } from './types.ts';

/** Hit 4 effect. */
export const hit4Effect = defineEffect({ ...WILD, onLastCard: true, apply: (d, ctx) => attack(d, ctx, 4, 'hit4') });

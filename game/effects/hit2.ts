/** Hit 2 ("appuyer 2x"): the next player presses twice and loses the turn. */
import { attack } from './attack.ts';
import { defineEffect } from './types.ts';

/** Hit 2 effect. */
export const hit2Effect = defineEffect({ onLastCard: true, apply: (d, ctx) => attack(d, ctx, 2, 'hit2') });

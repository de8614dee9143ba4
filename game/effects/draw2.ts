/** +2: the next player draws two (or presses twice with a launcher) and loses the turn. */
import { attack } from './attack.ts';
import { defineEffect } from './types.ts';

/** +2 effect. */
export const draw2Effect = defineEffect({ onLastCard: true, apply: (d, ctx) => attack(d, ctx, 2, 'draw2') });

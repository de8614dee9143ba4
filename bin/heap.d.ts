/** Types of heap.js (plain JavaScript: the entry points load it before the TypeScript loader). */
export const SEMI_SPACE_MB: number;
export function rerunWithSimulationHeap(): Promise<number> | null;

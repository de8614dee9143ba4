/** Types of heap.js (plain JavaScript: bin/run-ts.js loads it before the TypeScript loader). */
export const SEMI_SPACE_MB: number;
export function rerunWithSimulationHeap(): Promise<number> | null;

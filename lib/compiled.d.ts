/** Types of compiled.js (plain JavaScript: bin/uno-extreme.js loads it before any TypeScript). */
export function compiled(entry: string, root?: string): Promise<string>;

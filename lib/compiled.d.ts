/** Types of compiled.js (plain JavaScript: bin/uno-extreme.js loads it before any TypeScript). */

/** Where `npm pack` puts the built program in the package: one folder per entry. */
export const PREBUILT: string;

/** A build that must not be replaced by loading the sources through tsx (the package's build missing, a source that cannot be built). */
export class BuildError extends Error {}

/** The URL of `entry`'s build: the cache's in a clone (made when its sources changed), the package's own where the sources are not shipped. */
export function compiled(entry: string, root?: string): Promise<string>;

/** The packages a build's modules import: loaded at its start, or later by a part that runs. */
export interface Imported {
  atStart: string[];
  later: string[];
}

/** Builds `entries` into root/dist for the package; returns, for each entry, the packages its modules import. */
export function prebuild(entries: string[], root?: string): Promise<Record<string, Imported>>;

/** Where a worker thread running `entry` starts: its build, or tsx's loader with the source's URL as its argument. */
export function workerStart(entry: string, root?: string): Promise<{ url: URL; argv: string[] }>;

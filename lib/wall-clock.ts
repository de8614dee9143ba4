/**
 * The wall clock, in one place: a launcher on the real clock (a person at the table, a real
 * device) reads the time here. The pure core and simulated runs never do.
 */

/** Milliseconds since the epoch. */
export function wallNow(): number {
  return Date.now();
}

/**
 * The launcher alone's address, read apart from its page so that the page's entry can tell it
 * without loading it: `#launcher`, or `#launcher?seed=7&profile=seed-0-8&seats=4` (each optional).
 */

/** What the address may choose; a value that is not one the page offers is left to its default. */
export interface AloneChoices {
  seed: number | null;
  profile: string | null;
  seats: number | null;
}

/** Whether `hash` opens the launcher alone. */
export function isAlone(hash: string): boolean {
  return hash === '#launcher' || hash.startsWith('#launcher?');
}

/** The choices `hash` makes (the profile's name unchecked: the page knows its profiles). */
export function aloneChoices(hash: string): AloneChoices {
  const q = new URLSearchParams(isAlone(hash) ? hash.slice('#launcher?'.length) : '');
  const int = (v: string | null, lo: number, hi: number) => (v !== null && /^\d+$/.test(v) && Number(v) >= lo && Number(v) <= hi ? Number(v) : null);
  return { seed: int(q.get('seed'), 0, 2 ** 31 - 1), profile: q.get('profile'), seats: int(q.get('seats'), 2, 10) };
}

/**
 * Seeded mutations of valid files, for the fuzz tests: changes that keep the JSON's shape (a
 * number made huge, negative, fractional; a key deleted, misspelt or added; a value of another
 * type; a string full of control characters; a value nested deep) and changes to the raw text
 * (cut short, bytes changed, inserted or repeated). Every case comes from the seed, so a failing
 * case is found again by its number.
 */
import { Rng, seedRng } from '../../lib/rng.ts';

/** Numbers at the edges of what files hold and what models take. */
const NUMBERS = [0, -0, -1, 1, 2, 0.5, -0.5, 7, 60, 61, 100, 101, 1000, 1001, 255, 256, 2 ** 31, 2 ** 32, 2 ** 53, 1e9, 1e12, 1e308, -1e308, 5e-324, 3.7, 1e6, 1e7];
const STRINGS = ['', ' ', 'x', '\x1b[2J\x1b[31mred', '\u202eevil', 'a'.repeat(5000), '0', '-1', 'NaN', 'Infinity', '../../etc/passwd', '/dev/urandom', 'random', 'heuristic', 'hazard', 'histogram', 'when-empty'];
const KEYS = ['x', '__proto__', 'constructor', 'toString', 'hazrd', 'resetOnLidcycle', 'mechanic', 'optons', 'hsh', 'players ', 'Players'];

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** A value of any type, small. */
function anyValue(r: Rng, depth = 0): Json {
  switch (r.int(depth > 2 ? 5 : 7)) {
    case 0: return null;
    case 1: return r.chance(0.5);
    case 2: return NUMBERS[r.int(NUMBERS.length)];
    case 3: return STRINGS[r.int(STRINGS.length)];
    case 4: return r.int(1000) - 100;
    case 5: return Array.from({ length: r.int(4) }, () => anyValue(r, depth + 1));
    default: return Object.fromEntries(Array.from({ length: r.int(3) }, () => [KEYS[r.int(KEYS.length)], anyValue(r, depth + 1)]));
  }
}

/** Every place in a value: the container and the key of each element, depth first. */
function places(v: Json, out: Array<[Json[] | { [k: string]: Json }, string | number]> = []): typeof out {
  if (Array.isArray(v)) v.forEach((x, i) => (out.push([v, i]), places(x, out)));
  else if (v !== null && typeof v === 'object') for (const k of Object.keys(v)) out.push([v, k]), places(v[k], out);
  return out;
}

function set(c: Json[] | { [k: string]: Json }, k: string | number, x: Json): void {
  (c as Record<string | number, Json>)[k] = x;
}

/** One structural change to a parsed value, in place. */
function mutateValue(r: Rng, root: Json): void {
  const all = places(root);
  if (all.length === 0) return;
  const [c, k] = all[r.int(all.length)];
  const old = (c as Record<string | number, Json>)[k];
  switch (r.int(9)) {
    case 0: // a number at an edge, or its neighbour
      set(c, k, typeof old === 'number' && r.chance(0.5) ? old + (r.chance(0.5) ? 1 : -1) * (r.chance(0.5) ? 1 : old) : NUMBERS[r.int(NUMBERS.length)]);
      break;
    case 1: // another type
      set(c, k, anyValue(r));
      break;
    case 2: // deleted
      if (Array.isArray(c)) c.splice(k as number, 1);
      else delete c[k as string];
      break;
    case 3: // misspelt or unknown key
      if (!Array.isArray(c)) {
        const name = String(k);
        const typo = r.chance(0.5) && name.length > 1 ? name.slice(0, -1) : KEYS[r.int(KEYS.length)];
        delete c[name];
        c[typo] = old;
      } else c.push(anyValue(r));
      break;
    case 4: // a string with control characters
      set(c, k, typeof old === 'string' ? `${old}${STRINGS[3 + r.int(2)]}` : STRINGS[r.int(STRINGS.length)]);
      break;
    case 5: // nested deeper
      set(c, k, Array.from({ length: 1 + r.int(60) }).reduce<Json>((x) => [x], old));
      break;
    case 6: // a list repeated, or emptied
      if (Array.isArray(old)) set(c, k, r.chance(0.5) ? [] : [...old, ...old, ...old]);
      else set(c, k, [old]);
      break;
    case 7: // swapped with another place's value
      {
        const [c2, k2] = all[r.int(all.length)];
        set(c, k, structuredClone((c2 as Record<string | number, Json>)[k2]));
      }
      break;
    default: // a whole number made negative or huge
      set(c, k, typeof old === 'number' ? (r.chance(0.5) ? -old - 1 : old * 1e9) : r.int(2) ? -1 : 1e12);
  }
}

/** One change to the raw text. */
function mutateText(r: Rng, text: string): string {
  const at = r.int(text.length + 1);
  switch (r.int(5)) {
    case 0: return text.slice(0, at); // cut short
    case 1: return text.slice(0, at) + String.fromCharCode(r.int(256)) + text.slice(at + 1); // a byte changed
    case 2: return text.slice(0, at) + ['{', '[', '"', ',', ':', '\\', '\u0000', '\n', '}', ']', '1e999', '-'][r.int(12)] + text.slice(at); // a byte inserted
    case 3: return text.slice(0, at) + text.slice(at, at + r.int(200)).repeat(1 + r.int(5)) + text.slice(at); // a slice repeated
    default: return `${'['.repeat(r.int(3) ? 40 : 100_000)}${text}`; // deep before anything
  }
}

/**
 * `count` mutants of `text` (JSON, or JSON lines when `lines`), each the result of 1..4 changes,
 * from the generator seeded with `seed`.
 */
export function mutants(text: string, count: number, seed: string, lines = false): string[] {
  const r = new Rng(seedRng(seed));
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    let t = text;
    const changes = 1 + r.int(4);
    for (let j = 0; j < changes; j++) {
      if (r.chance(0.7)) {
        try {
          if (lines) {
            const ls = t.split('\n');
            const n = r.int(ls.length);
            const v = JSON.parse(ls[n]) as Json;
            mutateValue(r, v);
            ls[n] = JSON.stringify(v);
            t = ls.join('\n');
          } else {
            const v = JSON.parse(t) as Json;
            mutateValue(r, v);
            t = JSON.stringify(v);
          }
          continue;
        } catch {
          // the text is already broken: change it as text
        }
      }
      t = mutateText(r, t);
    }
    out.push(t);
  }
  return out;
}

/**
 * The game-night page an address names (the page's entry reads it before loading the rooms' code).
 * The address names a room by its code only: the tokens stay in storage (connection.ts).
 */
import { cleanCode } from './code.ts';

/** The room the address names: `#table=CODE` (the table screen), `#join=CODE` (a phone), `#join`, `#host`. */
export type Route = { page: 'host' } | { page: 'table'; code: string } | { page: 'join'; code: string };

export function routeOf(hash: string): Route | null {
  const m = /^#(host|table|join)(?:=([A-Za-z0-9]*))?$/.exec(hash);
  if (!m) return null;
  if (m[1] === 'host') return { page: 'host' };
  return { page: m[1] as 'table' | 'join', code: cleanCode(m[2] ?? '') };
}

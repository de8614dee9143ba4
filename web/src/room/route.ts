/**
 * The game-night page an address names (the page's entry reads it before loading the rooms' code).
 * The address names a room by its code only: the tokens stay in storage (connection.ts). One
 * address carries a token: the one that moves the table screen to another device
 * (`#table=CODE&host=TOKEN`), which that device keeps in its storage and takes out of the address.
 */
import { cleanCode } from './code.ts';

/** The room the address names: `#table=CODE` (the table screen; with `&host=TOKEN`, moved here), `#join=CODE` (a phone), `#join`, `#host`. */
export type Route = { page: 'host' } | { page: 'table'; code: string; token?: string } | { page: 'join'; code: string };

export function routeOf(hash: string): Route | null {
  const m = /^#(host|table|join)(?:=([A-Za-z0-9]*))?(?:&host=([A-Za-z0-9_-]+))?$/.exec(hash);
  if (!m || (m[3] && m[1] !== 'table')) return null;
  if (m[1] === 'host') return { page: 'host' };
  const code = cleanCode(m[2] ?? '');
  return m[3] ? { page: 'table', code, token: m[3] } : { page: m[1] as 'table' | 'join', code };
}

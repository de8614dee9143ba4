/**
 * The browser game's entry: renders the page into #app: the one-player game, or a game night's
 * page when the address names one (#host, #table=CODE, #join=CODE), loaded when it is first needed.
 */
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { App } from './app.tsx';
import { LangProvider, pageLang, useWords } from './lang.tsx';
import { isAlone } from './launcher/alone-route.ts';
import { loadLang } from '../../words/catalogue.ts';
import { routeOf, type Route } from './room/route.ts';

type RoomModule = typeof import('./room/index.tsx');
type AloneModule = typeof import('./launcher/alone.tsx');

function Root() {
  const [route, setRoute] = useState<Route | null>(() => routeOf(location.hash));
  const [room, setRoom] = useState<RoomModule | null>(null);
  const [alone, setAlone] = useState<AloneModule | null>(null);
  const [launcherOnly, setLauncherOnly] = useState(() => isAlone(location.hash));
  useEffect(() => {
    const on = () => (setRoute(routeOf(location.hash)), setLauncherOnly(isAlone(location.hash)));
    addEventListener('hashchange', on);
    return () => removeEventListener('hashchange', on);
  }, []);
  useEffect(() => {
    if (route && !room) void import('./room/index.tsx').then(setRoom);
  }, [route]);
  useEffect(() => {
    if (launcherOnly && !alone) void import('./launcher/alone.tsx').then(setAlone);
  }, [launcherOnly]);
  const w = useWords();
  if (launcherOnly) return alone ? <alone.LauncherAlone store={window.localStorage} /> : <p class="empty" role="status">{w.t('page.loading')}</p>;
  if (!route) return <App store={window.localStorage} />;
  return room ? <room.RoomPage store={window.localStorage} route={route} /> : <p class="empty" role="status">{w.t('page.loading')}</p>;
}

// The page opens with its server stopped once its service worker has kept it (cli/web.ts writes
// sw.js at the build). Browsers give service workers to https and localhost only: a phone on the
// LAN's plain http goes without, as it did.
if ('serviceWorker' in navigator && isSecureContext) void navigator.serviceWorker.register('./sw.js').catch(() => {});

// The reader's language before the first render, so a French reader never sees English first; the
// page in English when its catalogue cannot be fetched.
// (A promise, not a top-level await: one in the entry would split the page's script into chunks
// its game night and launcher pages import back.)
void loadLang(pageLang(window.localStorage)).then((w) => w.lang, () => 'en' as const).then((first) => {
  render(<LangProvider store={window.localStorage} first={first}><Root /></LangProvider>, document.getElementById('app')!);
});

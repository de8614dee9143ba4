/**
 * Game night: the pages of a room (loaded only when one is opened, so the one-player page stays
 * as small as it was): the form that opens a room and its table screen, and the phone's page.
 */
import { useEffect } from 'preact/hooks';
import { routeOf, type Route } from './route.ts';
import { PhonePage } from './Phone.tsx';
import { TableScreen } from './TableScreen.tsx';
import { useWords } from '../lang.tsx';
import './room.css';
// Game night's words (the server's refusals and notes, worded here), carried by the room's pages alone.
import '../../../words/rooms.ts';

export { routeOf };

/** The room page the address names; a new one for each address (its connections with it). */
export function RoomPage({ store, route }: { store: Storage; route: Route }) {
  const w = useWords();
  useEffect(() => {
    document.title = w.t(route.page === 'join' ? 'phone.title' : 'room.title');
  }, [route.page, w]);
  if (route.page === 'join') return <PhonePage key={`join-${route.code}`} store={store} code={route.code} />;
  return <TableScreen key={route.page === 'table' ? `table-${route.code}` : 'host'} store={store} code={route.page === 'table' ? route.code : null} token={route.page === 'table' ? route.token : undefined} />;
}

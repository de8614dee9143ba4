// The room bench's peer server: boardgame.io's own `Server` (Koa, socket.io, its default in-memory
// storage) serving the peer game, on a port of the system's choosing. Prints one JSON line with
// its address, as `uno-extreme web --json` does, and serves until it is ended.
// `node bench/rooms-peer/server.js`
import { createRequire } from 'node:module';
import { UnoPeer } from './game.js';

const { Server, Origins } = createRequire(import.meta.url)('boardgame.io/server');
const server = Server({ games: [UnoPeer], origins: [Origins.LOCALHOST] });
const { appServer } = await server.run(0);
const { port } = appServer.address();
process.stdout.write(`${JSON.stringify({ url: `http://localhost:${port}/` })}\n`);
process.once('SIGTERM', () => {
  server.kill({ appServer });
  process.exit(0);
});

/**
 * The room bench's peer (bench/rooms-peer/): its UNO plays on boardgame.io's own master without
 * ever stalling, and its bench runs rooms on boardgame.io's server and prints what the comparison
 * with ours reads.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PeerView } from '../../bench/rooms-peer/game.js';
import { needs } from '../tools.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const bench = (script: string, ...args: string[]) =>
  spawnSync(process.execPath, [path.join(ROOT, 'bin/run-ts.js'), path.join(ROOT, script), ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

describe.runIf(needs('boardgame.io'))('the room bench on boardgame.io', () => {
  it('plays 600 moves of the peer game through four seats, each a legal first choice: cards kept, log capped, rounds dealt', async () => {
    const { UnoPeer } = await import('../../bench/rooms-peer/game.js');
    const { Client } = await import('boardgame.io/client');
    const { Local } = await import('boardgame.io/multiplayer');
    const multiplayer = Local();
    const seats = ['0', '1', '2', '3'].map((playerID) => Client({ game: UnoPeer, numPlayers: 4, multiplayer, playerID }));
    for (const s of seats) s.start();
    const settle = () => new Promise((ok) => setImmediate(ok));
    await settle();
    let rounds = 0;
    for (let n = 0; n < 600; n++) {
      const before = seats[0].getState()!;
      const seat = seats[Number(before.ctx.currentPlayer)];
      const G = seat.getState()!.G as PeerView;
      const i = G.playable![0];
      if (i === undefined) seat.moves.draw();
      else seat.moves.play(i, G.hand!.find((c) => c[0] !== 'W')?.[0] ?? 'R');
      await settle();
      const after = seats[0].getState()!;
      // Every move the bench's people make is taken: a refused one would stall a room.
      expect(after._stateID).toBeGreaterThan(before._stateID);
      const v = after.G as PeerView;
      expect(v.handSizes.reduce((a, b) => a + b, 0) + v.deckCount + v.discard.length).toBe(108);
      expect(v.log.length).toBeLessThanOrEqual(60);
      rounds = v.round;
    }
    for (const s of seats) s.stop();
    expect(rounds).toBeGreaterThan(2);
  });

  it('runs 2 rooms for 2 seconds on boardgame.io\'s server: moves timed, its CPU and view bytes measured', () => {
    const r = bench('bench/rooms-peer/rooms.ts', '--rooms', '2', '--seconds', '2', '--think', '100');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as Record<string, number>;
    expect(out).toMatchObject({ rooms: 2, clients: 10, thinkMs: 100 });
    // A person answers 100 ms after seeing their turn: some 10 moves a second a room.
    expect(out.moves).toBeGreaterThan(8);
    expect(out.p99ms).toBeGreaterThan(0);
    expect(out.serverCpu).toBeGreaterThan(0);
    expect(out.viewBytes).toBeGreaterThan(500);
  });

});

describe('the rooms bench, any peer', () => {
  it('refuses an unknown peer in one line, exit 2 (needs no peer installed)', () => {
    const r = bench('bench/rooms.ts', '--peer', 'colyseus');
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('--peer must be one of: boardgameio\n');
  });
});

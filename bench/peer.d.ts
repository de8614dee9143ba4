/** Types of peer.js (plain JavaScript, so worker threads load it without a TypeScript loader). */
export interface PeerRun {
  rounds: number;
  seconds: number;
  roundsPerSecond: number;
  turnsPerSecond: number;
}
export function peer(rounds: number): PeerRun;
export function peerThreads(threads: number, rounds: number): Promise<number>;

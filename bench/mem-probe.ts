// Runs N extreme rounds in this process and prints its peak memory (used by bench.ts).
import { simulate } from '../sim/simulate.ts';

const games = Number(process.argv[2] ?? 1000);
const r = await simulate({ games, players: 4, rules: 'extreme', profiles: ['seed-0-8'], seed: 1, fidelity: 'fast', match: false, bots: ['heuristic'], csv: false }, 1);
console.log(JSON.stringify({ games, peakMemoryMiB: r.peakMemoryMiB }));

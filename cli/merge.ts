/**
 * `uno-extreme merge`: sums the part files of `simulate --shard K/N` into the figures, JSON, CSV
 * and report a single run of all the games gives.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { atomicWriteStream, checkOutputs, readUserFile, writeErrorOf, type AtomicStream, type FileReadError } from '../lib/files.ts';
import { CSV_HEADER } from '../sim/record.ts';
import { mergeParts, parsePart, PartError, type Part } from '../sim/part.ts';
import { LANG_OPTION, UsageError, UserError, type Command, type ParsedArgs } from './args.ts';
import { said } from '../words/said.ts';
import { showResult } from './simulate.ts';

/**
 * About how many characters of CSV are written at once: the rows of a big run are far longer
 * than the longest string V8 makes (2^29 characters, about 7 million rows), so they go out in
 * batches, each written when the one before has drained.
 */
export const CSV_BATCH = 2 ** 20;

/** Writes the CSV header and `rows` to `out` in batches of about {@link CSV_BATCH} characters. */
export async function writeCsv(out: Writable, rows: readonly string[]): Promise<void> {
  // A write that fails between two waits (a full disk) is kept and thrown, not left to crash the process.
  let failed: Error | undefined;
  const keep = (e: Error) => void (failed ??= e);
  out.on('error', keep);
  try {
    let batch = `${CSV_HEADER}\n`;
    for (const row of rows) {
      batch += `${row}\n`;
      if (batch.length >= CSV_BATCH) {
        if (!out.write(batch)) await once(out, 'drain');
        if (failed) throw failed;
        batch = '';
      }
    }
    if (batch !== '' && !out.write(batch)) await once(out, 'drain');
    if (failed) throw failed;
  } finally {
    out.off('error', keep);
  }
}

/** The `merge` command. */
export const mergeCommand: Command = {
  name: 'merge',
  usage: '<part.json…>',
  options: {
    json: { type: 'boolean' },
    csv: { type: 'string', value: 'FILE' },
    report: { type: 'string', value: 'FILE.html' },
    lang: LANG_OPTION,
  },
  examples: [
    'uno-extreme merge part-*.json',
    'uno-extreme merge part-*.json --json --report report.html',
    ['uno-extreme merge part-*.json --csv games.csv', 'help.merge.eg.csv'],
  ],
  async run(args: ParsedArgs): Promise<number> {
    if (args.positionals.length === 0) throw new UsageError(said('cli.merge.noParts'));
    const str = (k: string) => (typeof args.values[k] === 'string' ? (args.values[k] as string) : undefined);
    checkOutputs([['--csv', str('csv')], ['--report', str('report')]], args.positionals.map((f) => [said('cli.file.part', { file: f }), f]));
    const parts: Array<{ file: string; part: Part }> = [];
    let merged;
    try {
      for (const file of args.positionals) {
        let text: string;
        try {
          text = readUserFile(file, 'part');
        } catch (e) {
          throw new UserError(said('cli.file.cannotRead', { file, why: (e as FileReadError).said }));
        }
        parts.push({ file, part: parsePart(text, file) });
      }
      merged = mergeParts(parts);
    } catch (e) {
      if (e instanceof PartError) throw new UserError(e.said);
      throw e;
    }
    const { result, rows } = merged;
    if (typeof args.values.csv === 'string') {
      if (!rows) {
        const without = parts.filter((p) => p.part.rows === undefined).map((p) => p.file);
        throw new UserError(said('cli.merge.noRows', { files: without.join(', '), n: without.length }));
      }
      if (args.values.csv === '-') await writeCsv(process.stdout, rows);
      else {
        let csv: AtomicStream | undefined;
        try {
          csv = atomicWriteStream(args.values.csv);
          await writeCsv(csv.stream, rows);
          await csv.commit();
        } catch (e) {
          csv?.abort();
          throw writeErrorOf(args.values.csv, e);
        }
      }
    }
    return showResult(result, args);
  },
};

// komorium export PROFILE --format collapsed|speedscope|cpuprofile [--signatures] [--thread NAME] -o FILE

import { registerCommand } from '../cli';
import { flag, parseArgs, UsageError } from '../args';
import { loadProfile } from '../../profile/load';
import { EXPORT_FORMATS, exportChunks, isExportFormat } from '../../profile/export';
import { pipeChunks, writeChunksToFile } from '../../profile/stream';

const USAGE = `usage: komorium export PROFILE --format ${EXPORT_FORMATS.join('|')} [--signatures] [--thread NAME] -o FILE

Converts a profile for other viewers:
  collapsed    folded stacks (flamegraph.pl, speedscope, inferno): "a.B.m;c.D.n 123"
  speedscope   speedscope's JSON file format, one sampled profile per thread
  cpuprofile   Chrome DevTools .cpuprofile, opened by VS Code's profile viewer
  Collapsed and speedscope stacks deeper than 1024 frames keep their bottom 1024 frames and
  end with a "[truncated]" frame that holds the samples of the deeper ones.
  --signatures   add parameter types (collapsed) or descriptors (speedscope) to method names
  --thread NAME  only the threads with this name
  -o FILE        output file ("-" for stdout), replaced only once complete`;

registerCommand({
  name: 'export',
  summary: 'convert a profile to collapsed stacks, speedscope or .cpuprofile',
  usage: USAGE,
  async run(argv) {
    const args = parseArgs(argv, {
      format: { value: true, aliases: ['-f'] },
      signatures: {},
      thread: { value: true },
      output: { value: true, aliases: ['-o'] },
    });
    if (args.positional.length !== 1) throw new UsageError(args.positional.length === 0 ? 'no profile file given' : `unexpected argument '${args.positional[1]}'`);
    const format = flag(args, 'format');
    if (format === undefined) throw new UsageError(`no --format given (${EXPORT_FORMATS.join(', ')})`);
    if (!isExportFormat(format)) throw new UsageError(`unknown format '${format}' (expected ${EXPORT_FORMATS.join(', ')})`);
    const out = flag(args, 'output');
    if (out === undefined) throw new UsageError('no output file given (-o FILE, or -o - for stdout)');
    const profile = loadProfile(args.positional[0]!);
    const thread = flag(args, 'thread');
    // Streamed: a profile with a million contexts gives hundreds of MB of text.
    const chunks = exportChunks(profile, format, { signatures: args.flags.has('signatures'), ...(thread !== undefined ? { thread } : {}) });
    if (out === '-') await pipeChunks(chunks, process.stdout);
    else await writeChunksToFile(chunks, out);
    return 0;
  },
});

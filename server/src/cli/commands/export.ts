// komorium export PROFILE --format collapsed|speedscope|cpuprofile [--signatures] [--thread NAME] -o FILE

import { registerCommand } from '../cli';
import { flag, intFlag, parseArgs, UsageError } from '../args';
import { loadProfile } from '../../profile/load';
import { EXPORT_FORMATS, exportChunks, exportProfile, isExportFormat } from '../../profile/export';
import { pipeChunks, writeBytesToFile, writeChunksToFile } from '../../profile/stream';

const USAGE = `usage: komorium export PROFILE --format ${EXPORT_FORMATS.join('|')} [--signatures] [--thread NAME] [--depth N] -o FILE

Converts a profile for other viewers:
  collapsed    folded stacks (flamegraph.pl, speedscope, inferno): "a.B.m;c.D.n 123"
  speedscope   speedscope's JSON file format, one sampled profile per thread
  cpuprofile   Chrome DevTools .cpuprofile, opened by VS Code's profile viewer
  pprof        gzipped pprof protobuf (go tool pprof, pprof viewers): samples and estimated bytecodes
  callgrind    callgrind format (KCachegrind, QCachegrind, callgrind_annotate): per line and call site
  hprof        HPROF text: TRACE records and the CPU SAMPLES table, as java -agentlib:hprof=cpu=samples
  Collapsed and speedscope stacks deeper than 1024 frames keep their bottom 1024 frames and
  end with a "[truncated]" frame that holds the samples of the deeper ones.
  --signatures   add parameter types (collapsed) or descriptors (speedscope) to method names
  --thread NAME  only the threads with this name
  --depth N      hprof: frames per TRACE (default 4)
  -o FILE        output file ("-" for stdout), replaced only once complete`;

registerCommand({
  name: 'export',
  summary: 'convert a profile to collapsed stacks, speedscope, .cpuprofile, pprof, callgrind or HPROF text',
  usage: USAGE,
  async run(argv) {
    const args = parseArgs(argv, {
      format: { value: true, aliases: ['-f'] },
      signatures: {},
      thread: { value: true },
      output: { value: true, aliases: ['-o'] },
      depth: { value: true },
    });
    if (args.positional.length !== 1) throw new UsageError(args.positional.length === 0 ? 'no profile file given' : `unexpected argument '${args.positional[1]}'`);
    const format = flag(args, 'format');
    if (format === undefined) throw new UsageError(`no --format given (${EXPORT_FORMATS.join(', ')})`);
    if (!isExportFormat(format)) throw new UsageError(`unknown format '${format}' (expected ${EXPORT_FORMATS.join(', ')})`);
    const out = flag(args, 'output');
    if (out === undefined) throw new UsageError('no output file given (-o FILE, or -o - for stdout)');
    const profile = loadProfile(args.positional[0]!);
    const thread = flag(args, 'thread');
    const depth = flag(args, 'depth') === undefined ? undefined : intFlag(args, 'depth', 4, 1);
    const opts = { signatures: args.flags.has('signatures'), ...(thread !== undefined ? { thread } : {}), ...(depth !== undefined ? { depth } : {}) };
    if (format === 'pprof') {
      // Binary, and small (one entry per distinct stack).
      const bytes = exportProfile(profile, format, opts);
      if (out === '-') process.stdout.write(bytes);
      else writeBytesToFile(out, bytes);
      return 0;
    }
    // Streamed: a profile with a million contexts gives hundreds of MB of text.
    const chunks = exportChunks(profile, format, opts);
    if (out === '-') await pipeChunks(chunks, process.stdout);
    else await writeChunksToFile(chunks, out);
    return 0;
  },
});

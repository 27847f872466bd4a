// komorium report PROFILE [--top N] [--tree] [--lines] [--thread NAME] [--cutoff P] [--all-frames]

import { registerCommand } from '../cli';
import { flag, intFlag, parseArgs, UsageError } from '../args';
import { loadProfile } from '../../profile/load';
import { reportChunks } from '../../profile/report';
import { pipeChunks } from '../../profile/stream';
import { profileFromJson } from '../../profile/load';
import { toProfileFile } from '../../profile/serialize';
import { foldFramework } from '../../profile/focus';

const USAGE = `usage: komorium report PROFILE [--top N] [--tree] [--lines] [--thread NAME] [--cutoff PERCENT]

Prints an HPROF-style CPU SAMPLES table of a profile (methods ranked by self samples).
  --top N         only the N hottest methods (also limits --lines)
  --tree          add the calling context tree (self/total samples, estimated bytecodes)
  --lines         add per-line self/total samples for each method
  --thread NAME   only the threads with this name (default: all threads merged)
  --cutoff P      in --tree, leave out contexts below P percent of the samples
  --all-frames    a test profile (komorium test) folds the test framework's frames into one
                  '(framework).(folded)' frame by default; this shows them`;

registerCommand({
  name: 'report',
  summary: 'print a profile: CPU SAMPLES table, calling context tree, per-line costs',
  usage: USAGE,
  async run(argv) {
    const args = parseArgs(argv, {
      top: { value: true },
      tree: {},
      lines: {},
      thread: { value: true },
      cutoff: { value: true },
      'all-frames': {},
    });
    if (args.positional.length !== 1) throw new UsageError(args.positional.length === 0 ? 'no profile file given' : `unexpected argument '${args.positional[1]}'`);
    const cutoffText = flag(args, 'cutoff');
    let cutoff = 0;
    if (cutoffText !== undefined) {
      cutoff = Number(cutoffText);
      if (!/^\d+(\.\d+)?$/.test(cutoffText) || cutoff > 100) throw new UsageError(`--cutoff needs a percentage between 0 and 100, got '${cutoffText}'`);
    }
    let profile = loadProfile(args.positional[0]!);
    if (profile.meta.focus && !args.flags.has('all-frames')) {
      profile = profileFromJson(foldFramework(toProfileFile(profile), profile.meta.focus.hide), args.positional[0]!);
    }
    const top = flag(args, 'top') === undefined ? undefined : intFlag(args, 'top', 0, 0);
    const thread = flag(args, 'thread');
    await pipeChunks(
      reportChunks(profile, {
        ...(top !== undefined ? { top } : {}),
        ...(thread !== undefined ? { thread } : {}),
        tree: args.flags.has('tree'),
        lines: args.flags.has('lines'),
        cutoff,
      }),
      process.stdout,
    );
    return 0;
  },
});

// komorium diff BASE NEW [--format text|json|markdown] [--top N] [--thread NAME] [-o FILE]
// Exit status as diff(1): 0 nothing differs, 1 something differs, 2 trouble.

import { registerCommand } from '../cli';
import { flag, intFlag, parseArgs, UsageError } from '../args';
import { loadFlatProfile } from '../../profile/load';
import { loadDiffInputs } from '../../profile/diff-sides';
import { diffFlat } from '../../profile/diff';
import { DIFF_FORMATS, formatDiff, isDiffFormat } from '../../profile/diff-format';
import { writeFileAtomic } from '../../engine/profile-out';
import { compileLoopsInPlace } from '../../engine/v8-tiering';

const USAGE = `usage: komorium diff BASE.json NEW.json [--format ${DIFF_FORMATS.join('|')}] [--top N] [--thread NAME] [-o FILE]

Compares two profiles exactly: per method (self and total), per source line and per calling
context, the difference in estimated bytecodes and in share of the run (percentage points),
sorted by what grew most. Profiles with different granularities, scopes or engines are compared
by estimated bytecodes, with a warning.
  --format F     text (default), json, or markdown (fits a CI job summary)
  --top N        rows per section (default 20; json: all)
  --thread NAME  only the threads with this name (default: all threads)
  -o FILE        write the diff to FILE instead of stdout
  --no-cache     do not read or write the side cache (each profile's collected costs, kept
                 in Komorium's cache under the SHA-256 of the file's text: a profile read
                 again, such as a baseline, is not parsed again)
Exit status: 0 when nothing differs, 1 when something does, 2 on an error.`;

registerCommand({
  name: 'diff',
  summary: 'compare two profiles: what grew, per method, line and calling context',
  usage: USAGE,
  async run(argv) {
    try {
      const args = parseArgs(argv, {
        format: { value: true, aliases: ['-f'] },
        top: { value: true },
        thread: { value: true },
        output: { value: true, aliases: ['-o'] },
        'no-cache': {},
      });
      if (args.positional.length !== 2) throw new UsageError(args.positional.length < 2 ? 'needs two profile files: BASE.json NEW.json' : `unexpected argument '${args.positional[2]}'`);
      const format = flag(args, 'format') ?? 'text';
      if (!isDiffFormat(format)) throw new UsageError(`unknown format '${format}' (expected ${DIFF_FORMATS.join(', ')})`);
      const top = flag(args, 'top') === undefined ? undefined : intFlag(args, 'top', 0, 0);
      const thread = flag(args, 'thread');
      compileLoopsInPlace();
      // one thread: from the profiles' trees; all threads: from each one's collected side (cached)
      // (both at once: the base's side in a worker thread when neither is cached)
      const [base, next] = thread !== undefined ? [loadFlatProfile(args.positional[0]!), loadFlatProfile(args.positional[1]!)] : await loadDiffInputs(args.positional[0]!, args.positional[1]!, { cache: !args.flags.has('no-cache') });
      const d = diffFlat(base, next, thread !== undefined ? { thread } : {});
      for (const w of d.warnings) process.stderr.write(`komorium diff: warning: ${w}\n`);
      const text = formatDiff(d, format, top !== undefined ? { top } : {});
      const out = flag(args, 'output');
      if (out === undefined || out === '-') process.stdout.write(text);
      else writeFileAtomic(out, text);
      return d.identical ? 0 : 1;
    } catch (e) {
      const err = e as Error;
      process.stderr.write(`komorium diff: ${err.name && err.name !== 'Error' ? err.name + ': ' : ''}${err.message}\n`);
      return 2;
    }
  },
});

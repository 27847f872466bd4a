// komorium run [--engine jvm] [--granularity N] [--random R] [--seed S] [--max-path M]
//              [-o profile.json] [--jdk HOME] [-J<jvm option>]... -cp CP MainClass [args...]

import { existsSync } from 'node:fs';
import { registerCommand } from '../cli';
import { parseArgs, flag, intFlag, UsageError } from '../args';
import { splitClassPath } from '../../classpath/index';
import { runOnHotSpot } from '../../engine/hotspot';
import { loadProfile } from '../../profile/index';

const USAGE = `usage: komorium run [options] -cp CLASSPATH MainClass [args...]

Profiles a Java program: its classes are transformed (cached by content hash), the program runs
with stdin, stdout, stderr and exit code passed through, and the profile is written at exit.

options:
  --engine jvm          run on HotSpot (java from the JDK); the embedded interpreter is not
                        available yet
  -cp, --classpath CP   the program's class path (directories and jars)
  --granularity N       bytecodes between samples (default 10000)
  --random R            add r uniform in [0, R) to each interval (default 100; 0 = constant)
  --seed S              seed of the per-thread random generators (default 1)
  --max-path M          longest run of bytecodes without a granularity check (default 50)
  --agent CLASS         your own agent (implements komorium.rt.SamplingProfiler, on the class
                        path), or 'none' for no agent (instrumented, no profile)
  -o, --out FILE        the profile (default komorium-profile.json)
  --jdk HOME            the JDK to use (default: JAVA_HOME, then java on PATH)
  -J<option>            an option for the JVM, e.g. -J-Xmx1g`;

registerCommand({
  name: 'run',
  summary: 'run a Java program with the profiler and write its profile',
  usage: USAGE,
  async run(argv) {
    const vmArgs: string[] = [];
    const rest = argv.filter((a) => {
      if (a.startsWith('-J') && a.length > 2) {
        vmArgs.push(a.slice(2));
        return false;
      }
      return true;
    });
    const args = parseArgs(
      rest,
      {
        engine: { value: true },
        classpath: { value: true, aliases: ['-cp', '--class-path'] },
        granularity: { value: true },
        random: { value: true },
        seed: { value: true },
        'max-path': { value: true },
        out: { value: true, aliases: ['-o'] },
        jdk: { value: true },
        agent: { value: true },
      },
      true,
    );
    const engine = flag(args, 'engine') ?? 'jvm';
    if (engine === 'interpreter') throw new UsageError("the embedded interpreter engine is not available yet; use --engine jvm");
    if (engine !== 'jvm') throw new UsageError(`unknown engine '${engine}' (jvm)`);
    const [mainClass, ...programArgs] = args.positional;
    if (!mainClass) throw new UsageError('no main class given');
    const cp = flag(args, 'classpath') ?? process.env.CLASSPATH ?? '.';
    const classpath = splitClassPath(cp);
    const missing = classpath.filter((p) => !existsSync(p));
    if (missing.length === classpath.length) throw new UsageError(`class path ${cp} does not exist`);
    const out = flag(args, 'out') ?? 'komorium-profile.json';
    const r = await runOnHotSpot({
      classpath,
      mainClass,
      args: programArgs,
      out,
      granularity: intFlag(args, 'granularity', 10000, 1, 2 ** 31 - 1),
      random: intFlag(args, 'random', 100, 0, 2 ** 31 - 1),
      seed: intFlag(args, 'seed', 1),
      maxPath: intFlag(args, 'max-path', 50, 0, 1 << 20),
      vmArgs: [...vmArgs, ...(flag(args, 'agent') ? [`-Dkomorium.agent=${flag(args, 'agent')}`] : [])],
      jdk: flag(args, 'jdk'),
    });
    for (const f of r.transform.failed) process.stderr.write(`komorium: warning: ${f.name} was not transformed (${f.error})\n`);
    if (existsSync(out)) {
      try {
        const p = loadProfile(out);
        const contexts = p.threads.reduce((n, t) => n + t.nodes.length - 1, 0);
        process.stderr.write(
          `komorium: ${p.meta.totalSamples.toLocaleString('en-US')} samples, ${p.meta.totalBytecodes.toLocaleString('en-US')} bytecodes, ` +
            `${contexts.toLocaleString('en-US')} contexts, ${p.threads.length} thread(s) -> ${out}\n`,
        );
      } catch (e) {
        process.stderr.write(`komorium: the profile ${out} could not be read: ${(e as Error).message}\n`);
      }
    } else if (flag(args, 'agent') === 'none') {
      process.stderr.write(`komorium: ran without an agent (--agent none): no profile\n`);
    } else {
      process.stderr.write(`komorium: no profile was written (the JVM exited with ${r.signal ?? r.exitCode})\n`);
    }
    return r.exitCode;
  },
});

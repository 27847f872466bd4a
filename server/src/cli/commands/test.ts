// komorium test -cp CP (--select-method pkg.Cls#m | --select-class pkg.Cls)... [--junit JAR] [run options]
// Profiles JUnit tests: the JUnit Platform console launcher runs the selection as the program
// (komorium run), and the profile records the selection and the frames viewers fold by default.

import { delimiter } from 'node:path';
import { registerCommand } from '../cli';
import { flag, parseArgs, UsageError } from '../args';
import { splitClassPath } from '../../classpath/index';
import { findJUnitJar, JUNIT_LAUNCHER, launcherArgs, markTestProfile, testRunClasspath, mtimeOf, DEBIAN_JUNIT_JAR } from '../../engine/junit';
import { runMain } from './run';

const USAGE = `usage: komorium test -cp TEST_CLASSPATH (--select-method pkg.Cls#method | --select-class pkg.Cls)... [options]

Profiles JUnit tests (JUnit 5; JUnit 4 through the vintage engine): the JUnit Platform console
launcher runs the selected tests under Komorium. The exit status is the launcher's (1 when a
test failed or none was found); the profile is written either way. It records the selection
(meta.test) and a focus (meta.focus): reports and the flame graph fold JUnit's own frames
(launcher, engines, reflection glue) so the tests' code comes first.

options:
  -cp, --classpath CP   the tests' class path (test classes, classes under test, their jars)
  --select-method M     a test method, pkg.Cls#method (repeatable)
  --select-class C      a test class (repeatable)
  --junit JAR           the console launcher jar (junit-platform-console-standalone); default
                        $KOMORIUM_JUNIT_JAR, then ${DEBIAN_JUNIT_JAR} (Debian's junit5)
  -o, --out FILE        the profile (default komorium-profile.json)
  --engine, --instrument, --granularity, --random, --seed, --max-path, --clock, --jdk,
  --exact, -J<option>   as for komorium run`;

const PASS_VALUE = ['engine', 'instrument', 'granularity', 'random', 'seed', 'max-path', 'clock', 'jdk'];

registerCommand({
  name: 'test',
  summary: 'profile JUnit tests (the JUnit Platform console launcher under Komorium)',
  usage: USAGE,
  async run(argv) {
    const jvm = argv.filter((a) => a.startsWith('-J') && a.length > 2);
    const spec: Record<string, { value?: boolean; repeat?: boolean; aliases?: string[] }> = {
      classpath: { value: true, aliases: ['-cp', '--class-path'] },
      'select-method': { value: true, repeat: true },
      'select-class': { value: true, repeat: true },
      junit: { value: true },
      out: { value: true, aliases: ['-o'] },
      exact: {},
    };
    for (const k of PASS_VALUE) spec[k] = { value: true };
    const args = parseArgs(argv.filter((a) => !jvm.includes(a)), spec);
    if (args.positional.length > 0) throw new UsageError(`unexpected argument '${args.positional[0]}'`);
    const cp = flag(args, 'classpath');
    if (!cp) throw new UsageError('no test class path given (-cp)');
    const selection = { methods: args.flags.get('select-method') ?? [], classes: args.flags.get('select-class') ?? [] };
    if (selection.methods.length + selection.classes.length === 0) throw new UsageError('select tests with --select-method pkg.Cls#method or --select-class pkg.Cls');
    for (const m of selection.methods) if (!/^[^#]+#[^#]+$/.test(m)) throw new UsageError(`--select-method needs pkg.Cls#method, got '${m}'`);
    const jar = findJUnitJar(flag(args, 'junit'));
    if (!jar) {
      throw new UsageError(
        `the JUnit Platform console launcher jar was not found${flag(args, 'junit') ? ` at ${flag(args, 'junit')}` : ''}: install Debian's junit5 package (${DEBIAN_JUNIT_JAR}) or give --junit JAR`,
      );
    }
    const out = flag(args, 'out') ?? 'komorium-profile.json';
    const runArgv: string[] = [];
    for (const k of PASS_VALUE) {
      const v = flag(args, k);
      if (v !== undefined) runArgv.push(`--${k}`, v);
    }
    if (args.flags.has('exact')) runArgv.push('--exact');
    runArgv.push(...jvm, '-o', out, '-cp', testRunClasspath(jar, splitClassPath(cp)).join(delimiter), JUNIT_LAUNCHER, ...launcherArgs(selection));
    const before = mtimeOf(out);
    const status = await runMain(runArgv);
    const after = mtimeOf(out);
    if (after >= 0 && after !== before) {
      try {
        markTestProfile(out, selection);
      } catch (e) {
        process.stderr.write(`komorium test: the profile could not be marked as a test profile: ${(e as Error).message}\n`);
      }
    }
    return status;
  },
});

// The embedded JVM on a representative slice of the Java test corpus (test/programs): each
// program runs on HotSpot (original classes) and on the embedded engine, and stdout, stderr and
// the exit code must be byte-identical. Uninstrumented (--no-profile) for the slice, plus a few
// profiled (--instrument app). test/slow/interp-corpus.test.ts runs the whole corpus with none,
// app and all.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { realpathSync } from 'node:fs';
import { compilePrograms, programsNamed } from '../helpers/corpus';
import { javaHome, testJdks } from '../helpers/java';
import { compareWithHotSpot, describeInterpComparison } from '../helpers/interp-corpus';
import type { Instrument } from '../../server/src/engine/interp-transform';

const SLICE = [
  'inheritance-dispatch', // virtual/interface/super dispatch, default methods
  'records', // record classes and their ObjectMethods bootstrap
  'sealed-instanceof-patterns', // sealed hierarchies, pattern matching
  'regex', // java.util.regex
  'collections-maps', // HashMap/TreeMap/LinkedHashMap iteration and views
  'streams-collectors', // streams, collectors, lambdas, String.format
  'string-format', // Formatter with the CLDR locale data (read from lib/modules by Java loaders)
  'java-time', // java.time with the tz database
  'exceptions-custom-chained', // printStackTrace with causes and suppressed, module prefixes
  'stack-traces', // StackWalker, traces through constructors, lambdas, streams
  'npe-helpful-messages', // JEP 358 messages
  'uncaught-exception', // the default handler's trace and exit code 1
  'main-class-init-failure', // ExceptionInInitializerError from the main class, launcher style
  'threads-wait-notify', // monitors, wait/notify between green threads
  'threads-executor', // pools, futures, CompletableFuture, atomics, LockSupport
  'threads-class-init-race', // natives that initialise a class another thread is initialising
  'stdin-lines', // System.in lines, stderr, exit code from System.exit
  'stdin-scanner-args', // Scanner on stdin, arguments with spaces and non-ASCII
  'exit-from-thread', // System.exit from a non-main thread
  'io-streams', // java.io and java.nio.file on the host, GZIP
];

const PROFILED = ['npe-helpful-messages', 'stack-traces', 'threads-executor', 'exit-halt'];

// With the JDK instrumented too: native trampolines must not show in stack traces.
// And a native waiting for another thread's class initialisation (it failed with `all` only
// in threads-concurrent-collections, whose time slices put the wait there).
const ALL_SCOPE = ['reflection-invoke', 'stack-traces', 'threads-class-init-race'];

// On every other JDK found (JDK 25 when installed; testJdks(), KOMORIUM_TEST_JDKS): a slice of
// each kind above, each program compared with that JDK's own java (test:slow runs the whole
// corpus on each, none, app and all; hotspot-jdk25.test.ts runs a slice with the JDK
// instrumented on both engines).
const OTHER_JDK = [
  'stack-traces',
  'threads-wait-notify',
  'string-format',
  'records',
  'regex',
  'java-time',
  'exceptions-custom-chained',
  'uncaught-exception',
  'stdin-scanner-args',
  'io-streams',
];
const OTHER_JDK_PROFILED = ['npe-helpful-messages', 'threads-executor'];

const all = programsNamed([...new Set([...SLICE, ...PROFILED, ...ALL_SCOPE, ...OTHER_JDK, ...OTHER_JDK_PROFILED])]);
const classes = compilePrograms(all);

/** One test per mode: every named program's output must equal HotSpot's. */
function sliceTest(title: string, names: string[], instrument: Instrument, timeoutMs: number, jdk?: string): void {
  test(`corpus slice: embedded JVM output equals HotSpot (${title})`, { concurrency: 2 }, async (t) => {
    await Promise.all(
      programsNamed(names).map((p) =>
        t.test(p.name, async () => {
          const c = await compareWithHotSpot(p, classes.get(p.name)!, { instrument, timeoutMs, ...(jdk === undefined ? {} : { jdk }) });
          assert.deepEqual(c.problems, [], describeInterpComparison(c));
        }),
      ),
    );
  });
}

sliceTest('uninstrumented', SLICE, 'none', 150_000);
sliceTest('--instrument app', PROFILED, 'app', 150_000);
sliceTest('--instrument all', ALL_SCOPE, 'all', 300_000);

const defaultJdk = realpathSync(javaHome());
for (const jdk of testJdks()) {
  if (realpathSync(jdk.home) === defaultJdk) continue;
  sliceTest(`JDK ${jdk.feature}, uninstrumented`, OTHER_JDK, 'none', 300_000, jdk.home);
  sliceTest(`JDK ${jdk.feature}, --instrument app`, OTHER_JDK_PROFILED, 'app', 300_000, jdk.home);
}

// The transformer on a representative slice of the Java test corpus (test/programs): each
// program is transformed (scope `app`) and run with -Xverify:all and the runtime on the class
// path; stdout, stderr and the exit code must equal the original run's, and a profile must be
// written. test/slow/corpus-transform.test.ts runs the whole corpus.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareTransformed, compilePrograms, describeComparison, programsNamed } from '../helpers/corpus';

const SLICE = [
  'enums', // enum bodies, switch map class, EnumMap/EnumSet
  'records', // ObjectMethods bootstrap, compact constructors
  'nested-classes', // inner/anonymous/local classes, nestmates
  'init-order', // <clinit> ordering with MID fields merged in
  'constructors-super-this', // code before super(...) and this(...)
  'exceptions-custom-chained', // printStackTrace line numbers, causes, suppressed
  'stack-traces', // StackWalker, Thread.getStackTrace, traces through JDK streams
  'lambdas-method-refs', // every method-reference kind
  'switch-tables', // big tableswitch/lookupswitch
  'collections-sort-comparators', // callbacks from uninstrumented sort code
  'stdin-lines', // stdin, stderr, exit code from System.exit
  'uncaught-exception', // exit code 1 and the default handler's trace
  'exit-nested', // System.exit deep inside a lambda and a monitor
  'threads-executor', // pools, futures, CompletableFuture, atomics
  'reflection-invoke', // Method.invoke, Constructor.newInstance, fields
  'interface-main', // main in an interface, interface <clinit>
  'npe-helpful-messages', // JEP 358 messages name the original descriptors (java.base patch)
  'interface-inheritance-mix', // interface methods inherited from superclasses, diamonds, enums, records
  'release7-classfiles', // class version 51: interfaces without extended versions
  'wide-signatures-locals', // 255-slot descriptors (counting-only fallback), > 256 locals
  'dynamic-proxy', // java.lang.reflect.Proxy implementing the program's interfaces
  'stack-traces-user-interfaces', // traces through lambdas of the program's interfaces
  'interface-dispatch', // extended interface methods: default trampolines, proxies, shared methods
  'interface-init-order', // trampolines do not move an interface's static initialiser (JVMS 5.5)
  'serialization', // default serialVersionUID, custom writeObject/readObject
  'reflection-members', // the engine's reflection patch hides extended methods and MID fields
  'annotations-runtime', // annotation proxies; declared fields without MID fields
  'large-methods', // a 61 KB method: wrapper-only fallback when instrumented code is too large
  'exit-halt', // Runtime.halt skips shutdown hooks: the profile is written before it
];

const programs = programsNamed(SLICE);
const classes = compilePrograms(programs);

test('corpus slice: transformed programs behave exactly like the originals', { concurrency: 2 }, async (t) => {
  await Promise.all(
    programs.map((p) =>
      t.test(p.name, async () => {
        const c = await compareTransformed(p, classes.get(p.name)!);
        assert.equal(c.transform.classes > 0, true, 'the program has classes');
        assert.ok(c.transform.transformed > 0, `${p.name}: some class was instrumented (${JSON.stringify(c.transform.failed)})`);
        assert.deepEqual(c.problems, [], describeComparison(c));
        assert.ok(c.profile && c.profile.length > 0, 'profile written');
        if (p.name === 'wide-signatures-locals') {
          const fallbacks = c.transform.fallbacks.map((f) => `${f.method}:${f.outcome}`).sort();
          assert.deepEqual(fallbacks, ['<init>:counting-only', 'mixInts252:counting-only', 'sumDoubles127:counting-only', 'sumInts253:counting-only', 'sumInts255:counting-only', 'sumLongs127:counting-only']);
        }
      }),
    ),
  );
});

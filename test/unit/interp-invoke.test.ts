// java.lang.invoke on the embedded JVM: the programs under test/java/interp-invoke (method
// handles and combinators, VarHandles and the java.util.concurrent classes built on them,
// invokedynamic/condy/ldc of handles with bootstraps of their own) and the corpus program
// method-handles run on HotSpot and on the embedded engine (startInterpreterRun, no
// instrumentation); stdout, stderr and exit code must be byte-identical. `kinds` prints the JDK's
// trace of LambdaForm lookups in the Holder classes (jvm.txt): the reference kinds the VM gives
// resolved methods decide which forms are found there and which are compiled.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { compilePrograms, programsNamed, readProgram } from '../helpers/corpus';
import { compareWithHotSpot, describeInterpComparison } from '../helpers/interp-corpus';
import { REPO } from '../helpers/java';

const DIR = join(REPO, 'test', 'java', 'interp-invoke');
const programs = [...['handles', 'varhandles', 'concurrent', 'dynamic', 'errors', 'kinds'].map((n) => readProgram(join(DIR, n), `interp-invoke-${n}`)), ...programsNamed(['method-handles'])];
let compiled: Map<string, string> | undefined;

for (const p of programs) {
  test(`embedded JVM, java.lang.invoke: ${p.name} runs as on HotSpot`, { timeout: 120_000 }, async () => {
    compiled ??= compilePrograms(programs);
    const classes = compiled.get(p.name);
    assert.ok(classes, `${p.name} was not compiled`);
    const c = await compareWithHotSpot(p, classes, { instrument: 'none', timeoutMs: 60_000 });
    assert.deepEqual(c.problems, [], describeInterpComparison(c));
  });
}

// Implicit class initialisation (docs/TRANSFORM.md, "Class initialisation sites"): a <clinit>
// that the JVM runs because an instruction (`new`, `getstatic`, `putstatic`, `invokestatic`)
// touched its uninitialised class belongs under the frame and line of that instruction, as
// the exact profile (embedded engine, --exact) puts it. Sampled at granularity 1 on both
// engines, every <clinit> of the program (a field read, a `new`, a static call, a chain A -> B,
// one that throws ExceptionInInitializerError, a superclass's before its subclass's, one
// inside a lambda, a field write; Class.forName and Lookup.ensureInitialized) must sit under the same path of methods and
// call lines as in the exact profile, and the two engines' profiles must be equal.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { loadProfile } from '../../server/src/profile/index';
import { profileDifferences } from '../../server/src/profile/equal';
import { mergeThreads, pathTo, preorder } from '../../server/src/profile/tree';
import type { Profile } from '../../server/src/profile/schema';
import { compileJava, tempDir, REPO } from '../helpers/java';
import { runExactAndSampled } from '../helpers/exact-sampled';

const SRC = join(REPO, 'test', 'java', 'clinit');
const MAIN = 'ClinitLines';
const SAMPLED = { granularity: 1, random: 0, seed: 1 };

/** Each <clinit> of the program's classes with its calling context: methods and call lines from the root. */
function clinitContexts(p: Profile): string[] {
  const out: string[] = [];
  for (const n of preorder(mergeThreads(p).root)) {
    if (n.method?.name !== '<clinit>' || !n.method.className.startsWith(MAIN)) continue;
    out.push(
      pathTo(n)
        .filter((x) => x.method)
        .map((x) => `${x.method!.className}.${x.method!.name} [${x.callLine}]`)
        .join(' > '),
    );
  }
  return out.sort();
}

test('an implicitly run <clinit> is under the frame and line that triggered it, on both engines', async () => {
  const classes = compileJava(SRC);
  const work = tempDir('clinit');
  const { exact: exactOut, jvm: jvmOut, interp: interpOut } = await runExactAndSampled(classes, MAIN, work, SAMPLED);
  const exact = clinitContexts(loadProfile(exactOut));
  assert.equal(exact.length, 12, `the program's initialisers in the exact profile:\n${exact.join('\n')}`);
  const jvmProfile = loadProfile(jvmOut);
  const interpProfile = loadProfile(interpOut);
  for (const [engine, p] of [['jvm', jvmProfile], ['interp', interpProfile]] as const) {
    assert.deepEqual(clinitContexts(p), exact, `${engine}: <clinit> contexts differ from the exact profile's`);
  }
  interpProfile.meta.engine = jvmProfile.meta.engine;
  assert.deepEqual(profileDifferences(jvmProfile, interpProfile), []);
});

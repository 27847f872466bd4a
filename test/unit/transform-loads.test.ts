// Class loads the JVM starts (docs/RUNTIME.md, "Class loads the VM starts"; TRANSFORM.md, "Load
// sites"): in scope all the application class loader's loadClass is instrumented, and the JVM
// calls it when a class of the class path first resolves a JDK class, at the instruction that
// names it. The exact profile (embedded engine, --exact) puts each load under the frame executing
// that instruction, at its line; sampled at granularity 1, both engines must put every load there
// too. Before: a load at an instruction that is not a call out was a root frame
// `ClassLoader.loadClass` (a fresh segment), or under a stale out-call record (acc.Hooks: under
// `IdentityHashMap.hash`), and the lambda's interface, loaded inside the paused linkage of the
// invokedynamic, was not counted at all (acc.Hooks: δb -4.0e-3 in scope all).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { loadProfile } from '../../server/src/profile/index';
import { mergeThreads, pathTo, preorder } from '../../server/src/profile/tree';
import type { CctNode, Profile } from '../../server/src/profile/schema';
import { compileJava, tempDir, REPO } from '../helpers/java';
import { runExactAndSampled } from '../helpers/exact-sampled';

const SRC = join(REPO, 'test', 'java', 'loads');
const MAIN = 'LoadSites';
const SAMPLED = { granularity: 1, random: 0, seed: 1 };

const isLoad = (n: CctNode): boolean => n.method?.className === 'java.lang.ClassLoader' && n.method.name === 'loadClass';

/** Each outermost ClassLoader.loadClass context (methods and call lines from the root), and the root ones. */
function loadContexts(p: Profile): { contexts: string[]; roots: number } {
  const out = new Set<string>();
  let roots = 0;
  for (const t of p.threads)
    for (const n of preorder(t.root)) {
      if (!isLoad(n)) continue;
      const path = pathTo(n).filter((x) => x.method);
      if (path.slice(0, -1).some(isLoad)) continue;
      if (path.length === 1) roots++;
    }
  for (const n of preorder(mergeThreads(p).root)) {
    if (!isLoad(n)) continue;
    const path = pathTo(n).filter((x) => x.method);
    if (path.slice(0, -1).some(isLoad)) continue;
    out.add(path.map((x) => `${x.method!.className}.${x.method!.name} [${x.callLine}]`).join(' > '));
  }
  return { contexts: [...out].sort(), roots };
}

test('scope all: a class load the JVM starts is under the frame and line of the instruction that resolves the class, on both engines', async () => {
  process.env.KOMORIUM_JDK_MODULES ??= 'java.base';
  const classes = compileJava(SRC);
  const work = tempDir('loads');
  const { exact: exactOut, jvm: jvmOut, interp: interpOut } = await runExactAndSampled(classes, MAIN, work, SAMPLED, 'all');
  const exact = loadContexts(loadProfile(exactOut));
  // The ten lines of main with a first reference to a JDK class (LoadSites.java).
  const underMain = exact.contexts.filter((c) => c.startsWith(`${MAIN}.main [0] > java.lang.ClassLoader.loadClass [`));
  assert.equal(underMain.length, 10, `exact:\n${exact.contexts.join('\n')}`);
  assert.equal(exact.roots, 0, `exact:\n${exact.contexts.join('\n')}`);
  for (const [engine, f] of [['jvm', jvmOut], ['interp', interpOut]] as const) {
    const s = loadContexts(loadProfile(f));
    assert.deepEqual(s.contexts, exact.contexts, `${engine}: ClassLoader.loadClass contexts differ from the exact profile's`);
    assert.equal(s.roots, 0, `${engine}: root frames ClassLoader.loadClass`);
  }
});

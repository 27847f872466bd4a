// Implicit class initialisation (docs/TRANSFORM.md, "Class initialisation sites"): a <clinit>
// that the JVM runs because an instruction (`new`, `getstatic`, `putstatic`, `invokestatic`)
// touched its uninitialised class belongs under the frame and line of that instruction, as
// the exact profile (embedded engine, --exact) puts it. Sampled at granularity 1 on both
// engines, every <clinit> of the program (a field read, a `new`, a static call, a chain A -> B,
// one that throws ExceptionInInitializerError, a superclass's before its subclass's, one
// inside a lambda, a field write; Class.forName and Lookup.ensureInitialized) must sit under the same path of methods and
// call lines as in the exact profile, and the two engines' profiles must be equal.
// The same for the callee that follows an initialising invokestatic (ClinitCallee).

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

/** The distinct contexts (methods and call lines from the root) of the methods `keep` accepts. */
function contextsOf(p: Profile, keep: (m: { className: string; name: string }) => boolean): string[] {
  const out = new Set<string>();
  for (const n of preorder(mergeThreads(p).root)) {
    if (!n.method || !keep(n.method)) continue;
    out.add(
      pathTo(n)
        .filter((x) => x.method)
        .map((x) => `${x.method!.className}.${x.method!.name} [${x.callLine}]`)
        .join(' > '),
    );
  }
  return [...out].sort();
}

/** Every context of ClinitCallee's methods. */
const calleeContexts = (p: Profile): string[] => contextsOf(p, (m) => m.className.startsWith('ClinitCallee'));

// An invokestatic that initialises its class: the <clinit> runs at the callee's depth, then the
// callee enters there (its call stored the line before the JVM ran the initialiser). A sample in
// the <clinit> marks that depth's line (TC.LINE_MARK, the path cache); the mark was left, so every
// later sample named the callee's frame <clinit> until it returned (before: Util.work(2000)'s
// 6,002 samples under Util.<clinit> on both engines; corpus java-time, CalendarDataUtility).
test('the callee of an initialising invokestatic is its own frame after the <clinit>, on both engines', async () => {
  const classes = compileJava(SRC);
  const work = tempDir('clinit-callee');
  const { exact: exactOut, jvm: jvmOut, interp: interpOut } = await runExactAndSampled(classes, 'ClinitCallee', work, SAMPLED);
  const exact = calleeContexts(loadProfile(exactOut));
  const clinit = exact.filter((c) => c.includes('$Util.<clinit>'));
  assert.ok(clinit.length > 0 && clinit.every((c) => !/<clinit> \[\d+\] > ClinitCallee\$Util\.(work|square)/.test(c)), `exact:\n${exact.join('\n')}`);
  assert.ok(exact.some((c) => /ClinitCallee\.main \[\d+\] > ClinitCallee\$Util\.work \[\d+\] > ClinitCallee\$Util\.square/.test(c)), `exact:\n${exact.join('\n')}`);
  for (const [engine, f] of [['jvm', jvmOut], ['interp', interpOut]] as const) {
    assert.deepEqual(calleeContexts(loadProfile(f)), exact, `${engine}: contexts differ from the exact profile's`);
  }
});

/** Each <clinit> of ClinitDeep's classes with its calling context. */
const deepContexts = (p: Profile): string[] => contextsOf(p, (m) => m.name === '<clinit>' && m.className.startsWith('ClinitDeep'));

// A superclass's <clinit> that grows the thread's lines array (InitSites.moved): the record the
// init level restores on leaving must name the new array, or the subclass's <clinit>, run next at
// the same site, no longer matches it and is entered as a fresh root instead of under main.
test('a subclass <clinit> after a superclass <clinit> that grew the reified stack is still under its site', async () => {
  const classes = compileJava(SRC);
  const work = tempDir('clinit-deep');
  const { exact: exactOut, jvm: jvmOut, interp: interpOut } = await runExactAndSampled(classes, 'ClinitDeep', work, SAMPLED);
  const exact = deepContexts(loadProfile(exactOut));
  assert.ok(exact.some((c) => /^ClinitDeep\.main \[\d+\] > ClinitDeep\$Sub\.<clinit>/.test(c)), `exact:\n${exact.join('\n')}`);
  assert.ok(exact.some((c) => /^ClinitDeep\.main \[\d+\] > ClinitDeep\$Base\.<clinit>/.test(c)), `exact:\n${exact.join('\n')}`);
  for (const [engine, f] of [['jvm', jvmOut], ['interp', interpOut]] as const) {
    assert.deepEqual(deepContexts(loadProfile(f)), exact, `${engine}: <clinit> contexts differ from the exact profile's`);
  }
});

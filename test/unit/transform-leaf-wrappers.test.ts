// Lazy leaf wrappers (transformer 29, docs/RUNTIME.md "Leaf wrappers"): the original-signature
// copy of a method with no invoke gets the context and counts, without enter/exit; its checks'
// slow path (TC.sampleNextWrapped) builds the frame only when a sample is taken. Profiles must
// be those of the eager wrapper: the same samples in the same contexts at the same lines.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { readClass } from '../../server/src/classfile/reader';
import { writeClass } from '../../server/src/classfile/writer';
import { transformClass } from '../../server/src/transform/clazz';
import { Hierarchy } from '../../server/src/transform/hierarchy';
import { ClassPath, findJavaHome } from '../../server/src/classpath/index';
import { loadProfile, profilesEqualIgnoringTimes, type CctNode } from '../../server/src/profile/index';
import { compileJava, javaHome, REPO, runJava, tempDir } from '../helpers/java';
import { allScope } from '../../server/src/transform/scope';
import { runtimeClasses } from './runtime-fixtures';

const classes = compileJava(join(REPO, 'test', 'java', 'leaf-wrappers'));

/** The program's classes transformed in scope app (lazy: the default leaf optimisation). */
function transformed(leafOptimisation: boolean): string {
  const out = tempDir(leafOptimisation ? 'leaf-lazy' : 'leaf-eager');
  const cp = ClassPath.from([classes], { jdk: findJavaHome(javaHome()) });
  try {
    const hierarchy = new Hierarchy((n) => cp.find(n)?.bytes);
    const user = new Set(readdirSync(classes).filter((f) => f.endsWith('.class')).map((f) => f.slice(0, -6)));
    for (const n of user) {
      const t = transformClass(readClass(readFileSync(join(classes, `${n}.class`)), n), { scope: (c) => user.has(c), hierarchy, leafOptimisation }, n);
      mkdirSync(dirname(join(out, n)), { recursive: true });
      writeFileSync(join(out, `${n}.class`), writeClass(t.cf));
    }
  } finally {
    cp.close();
  }
  return out;
}

function javap(dir: string, cls: string): string {
  const r = spawnSync(join(javaHome(), 'bin', 'javap'), ['-c', '-p', join(dir, `${cls}.class`)], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

/** The listing of the method whose javap declaration line matches `decl`. */
function body(listing: string, decl: RegExp): string {
  const lines = listing.split('\n');
  const i = lines.findIndex((l) => decl.test(l));
  assert.ok(i >= 0, `${decl} found`);
  let j = i + 1;
  while (j < lines.length && !/^  \S/.test(lines[j]!) && lines[j] !== '}') j++;
  return lines.slice(i, j).join('\n');
}

test('a leaf method entered from uninstrumented code: getTC and the count, no enter/exit; others keep them', () => {
  const lazy = javap(transformed(true), 'LeafCallbacks$Key');
  for (const decl of [/public int hashCode\(\);/, /public boolean equals\(java\.lang\.Object\);/, /public int compareTo\(LeafCallbacks\$Key\);/]) {
    const b = body(lazy, decl);
    assert.match(b, /TC\.getTC/);
    assert.match(b, /TC\.sampleNextWrapped/);
    assert.doesNotMatch(b, /TC\.enter|TC\.exit/, `${decl}`);
  }
  // The bridge compareTo(Object) calls compareTo(Key): an eager wrapper.
  const bridge = body(lazy, /public int compareTo\(java\.lang\.Object\);/);
  assert.match(bridge, /TC\.enter/);
  assert.match(bridge, /TC\.exit/);
  // Without the leaf optimisation, the eager wrapper.
  const eager = body(javap(transformed(false), 'LeafCallbacks$Key'), /public int hashCode\(\);/);
  assert.match(eager, /TC\.enter/);
  assert.doesNotMatch(eager, /sampleNextWrapped/);
});

test('lazy leaf wrappers give the eager wrappers profile: same samples, contexts and lines (HotSpot, granularity 1 and 7, R 0)', () => {
  const orig = runJava(['-cp', classes, 'LeafCallbacks']);
  assert.equal(orig.status, 0, orig.stderr);
  const rt = runtimeClasses().classesDir;
  const lazy = transformed(true);
  const eager = transformed(false);
  for (const g of ['1', '7']) {
    const run = (dir: string): ReturnType<typeof loadProfile> => {
      const out = join(tempDir('leaf-prof'), 'p.json');
      const r = runJava(['-Xverify:all', `-Dkomorium.out=${out}`, `-Dkomorium.granularity=${g}`, '-Dkomorium.random=0', '-cp', `${dir}:${rt}`, 'LeafCallbacks']);
      assert.equal(r.status, 0, r.stderr);
      assert.equal(r.stdout, orig.stdout);
      return loadProfile(out);
    };
    const a = run(lazy);
    const b = run(eager);
    assert.ok(a.meta.totalSamples > 1000, `${a.meta.totalSamples} samples`);
    assert.ok(profilesEqualIgnoringTimes(a, b), `granularity ${g}: the profiles differ`);
    if (g !== '1') continue;
    // At granularity 1 every check samples. The callbacks continue main's context (through HashMap, TreeMap and the lambda proxy;
    // Key.compareTo(Key) under its bridge compareTo(Object)).
    const all: CctNode[] = [];
    const walk = (n: CctNode): void => {
      all.push(n);
      n.children.forEach(walk);
    };
    for (const t of a.threads) walk(t.root);
    for (const name of ['hashCode', 'equals', 'compareTo', 'sum']) {
      const ns = all.filter((n) => n.method?.name === name && n.self > 0);
      assert.ok(ns.length > 0, `${name} sampled`);
      for (const n of ns) assert.match(`${n.parent?.method?.className}.${n.parent?.method?.name}`, /^LeafCallbacks(\$Key)?\.(main|compareTo)$/, name);
    }
  }
});

test('scope all: Long.longValue and Long.sum are lazy; MethodHandleNatives keeps eager wrappers (its upcalls are paused afterwards)', () => {
  const cp = ClassPath.from([], { jdk: findJavaHome(javaHome()) });
  const dir = tempDir('leaf-jdk');
  const names = ['java/lang/Long', 'java/lang/invoke/MethodHandleNatives'];
  try {
    const hierarchy = new Hierarchy((n) => cp.find(n)?.bytes);
    for (const n of names) {
      const found = cp.find(n);
      assert.ok(found, n);
      mkdirSync(dirname(join(dir, n)), { recursive: true });
      writeFileSync(join(dir, `${n}.class`), writeClass(transformClass(readClass(found.bytes, n), { scope: allScope, hierarchy }, n).cf));
    }
  } finally {
    cp.close();
  }
  const long = javap(dir, 'java/lang/Long');
  for (const decl of [/public long longValue\(\);/, /public static long sum\(long, long\);/]) {
    const b = body(long, decl);
    assert.match(b, /sampleNextWrapped/);
    assert.doesNotMatch(b, /TC\.enter/);
  }
  // valueOf(long) allocates (a constructor call): eager.
  assert.match(body(long, /public static java\.lang\.Long valueOf\(long\);/), /TC\.enter/);
  const refKindIsValid = body(javap(dir, 'java/lang/invoke/MethodHandleNatives'), /static boolean refKindIsValid\(int\);/);
  assert.match(refKindIsValid, /TC\.enter/);
  assert.doesNotMatch(refKindIsValid, /sampleNextWrapped/);
});

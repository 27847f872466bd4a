// Unsafe's memory-access natives cannot call back into Java (transform/access-natives.ts), so in
// scope `all` a call to one is a leaf call (no line store, no tc/stack/sp, no call-out record),
// and their reverse trampolines skip tc.callOutReverse; every other native keeps the protocol.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { findJavaHome } from '../../server/src/classpath/index';
import { ClassPath } from '../../server/src/classpath/index';
import { readClass } from '../../server/src/classfile/reader';
import { writeClass } from '../../server/src/classfile/writer';
import { transformClass } from '../../server/src/transform/clazz';
import { Hierarchy } from '../../server/src/transform/hierarchy';
import { allScope } from '../../server/src/transform/scope';
import { isNoCallbackNative } from '../../server/src/transform/access-natives';
import { javaHome, tempDir } from '../helpers/java';

const UNSAFE = 'jdk/internal/misc/Unsafe';

/** `javap -c -p` of the JDK classes `names`, transformed in scope `all`. */
function transformedJavap(names: string[]): string {
  const cp = ClassPath.from([], { jdk: findJavaHome(javaHome()) });
  const dir = tempDir('access-natives');
  try {
    const hierarchy = new Hierarchy((n) => cp.find(n)?.bytes);
    for (const n of names) {
      const found = cp.find(n);
      assert.ok(found, n);
      const t = transformClass(readClass(found.bytes, n), { scope: allScope, hierarchy }, n);
      mkdirSync(dirname(join(dir, n)), { recursive: true });
      writeFileSync(join(dir, `${n}.class`), writeClass(t.cf));
    }
  } finally {
    cp.close();
  }
  const r = spawnSync(join(javaHome(), 'bin', 'javap'), ['-c', '-p', ...names.map((n) => join(dir, `${n}.class`))], { encoding: 'utf8', maxBuffer: 64 << 20 });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

/** The bytecode listing of the method whose javap declaration line matches `decl`. */
function body(javap: string, decl: RegExp): string {
  const lines = javap.split('\n');
  const i = lines.findIndex((l) => decl.test(l));
  assert.ok(i >= 0, `${decl} found`);
  let j = i + 1;
  while (j < lines.length && !/^  \S/.test(lines[j]!) && lines[j] !== '}') j++;
  return lines.slice(i, j).join('\n');
}

test('the rule: Unsafe access natives and fences only', () => {
  for (const [name, desc] of [
    ['getInt', '(Ljava/lang/Object;J)I'],
    ['putReferenceVolatile', '(Ljava/lang/Object;JLjava/lang/Object;)V'],
    ['compareAndSetLong', '(Ljava/lang/Object;JJJ)Z'],
    ['compareAndExchangeReference', '(Ljava/lang/Object;JLjava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;'],
    ['fullFence', '()V'],
  ])
    assert.ok(isNoCallbackNative(UNSAFE, name!, desc!), name);
  for (const [owner, name, desc] of [
    [UNSAFE, 'park', '(ZJ)V'],
    [UNSAFE, 'allocateInstance', '(Ljava/lang/Class;)Ljava/lang/Object;'],
    [UNSAFE, 'getUncompressedObject', '(J)Ljava/lang/Object;'],
    [UNSAFE, 'getLoadAverage0', '([DI)I'],
    [UNSAFE, 'objectFieldOffset1', '(Ljava/lang/Class;Ljava/lang/String;)J'],
    ['sun/misc/Unsafe', 'getInt', '(Ljava/lang/Object;J)I'],
  ])
    assert.ok(!isNoCallbackNative(owner!, name!, desc!), `${owner}.${name}`);
});

test('scope all: calls to access natives record nothing; their trampolines skip callOutReverse; park keeps it', () => {
  const javap = transformedJavap([UNSAFE, 'java/util/concurrent/ConcurrentHashMap']);
  // Unsafe.getReferenceAcquire (Java) calls the native getReferenceVolatile: in its extended copy
  // the call has the original descriptor and no call-out or line store precedes it.
  const acquire = body(javap, /Object getReferenceAcquire\(java\.lang\.Object, long, komorium\.rt\.TC,/);
  assert.match(acquire, /Method getReferenceVolatile:\(Ljava\/lang\/Object;J\)Ljava\/lang\/Object;/);
  assert.doesNotMatch(acquire, /callOut|getReferenceVolatile:\(Ljava\/lang\/Object;JLkomorium/);
  // ConcurrentHashMap.casTabAt calls the native compareAndSetReference directly.
  const cas = body(javap, /boolean casTabAt\(.*komorium\.rt\.TC,/);
  assert.match(cas, /Method jdk\/internal\/misc\/Unsafe\.compareAndSetReference:\(Ljava\/lang\/Object;JLjava\/lang\/Object;Ljava\/lang\/Object;\)Z/);
  assert.doesNotMatch(cas, /callOut/);
  // The extended trampolines still exist (a call through the extended descriptor works).
  const tramp = body(javap, /public int getIntVolatile\(java\.lang\.Object, long, komorium\.rt\.TC,/);
  assert.doesNotMatch(tramp, /callOutReverse/);
  assert.match(tramp, /Method getIntVolatile:\(Ljava\/lang\/Object;J\)I/);
  const park = body(javap, /public void park\(boolean, long, komorium\.rt\.TC,/);
  assert.match(park, /callOutReverse/);
  // A native that may run Java keeps the call-out at its call sites (Unsafe.park from LockSupport is
  // elsewhere; here: CHM's Thread.yield in initTable is a native of an instrumented class).
  const init = body(javap, /initTable\(komorium\.rt\.TC,/);
  assert.match(init, /Method java\/lang\/Thread\.yield:\(Lkomorium/);
});

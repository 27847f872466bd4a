// The layout the instrumented JDK copy needs on HotSpot (engine/jdk-image.ts):
// - extended copies carry the method annotations HotSpot reads (clazz.ts VM_METHOD_ANNOTATIONS),
//   so a @Hidden method's copy stays out of stack traces and stack walks (JDK 21+:
//   Thread.runWith, DirectMethodHandleAccessor.invokeImpl), and never @IntrinsicCandidate;
// - with enumMidHolder, an enum class keeps no MID field of its own (CDS archives enum classes'
//   static fields and requires them to hold the enum's constants) but a holder class beside it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { compileJava, runJava, tempDir, REPO } from '../helpers/java';
import { ClassPath } from '../../server/src/classpath/index';
import { readClass } from '../../server/src/classfile/reader';
import { writeClass } from '../../server/src/classfile/writer';
import { ConstantPool } from '../../server/src/classfile/pool';
import type { ClassFile, MemberInfo } from '../../server/src/classfile/model';
import { midHolderName, transformClass } from '../../server/src/transform/clazz';
import { Hierarchy } from '../../server/src/transform/hierarchy';
import { appScope } from '../../server/src/transform/scope';
import { buildRuntime } from '../../server/src/runtime/build';
import { loadProfile } from '../../server/src/profile/index';

const classes = compileJava(join(REPO, 'test', 'java', 'vm-annotations'), ['--add-exports', 'java.base/jdk.internal.vm.annotation=ALL-UNNAMED']);
const runtime = buildRuntime(tempDir('rt'));

/** Every class of `classes` transformed (the class path's scope) into a new directory (holders beside their enums). */
function transformAll(enumMidHolder: boolean): { dir: string; out: Map<string, ClassFile> } {
  const cp = ClassPath.from([classes]);
  const dir = tempDir('vmann');
  const out = new Map<string, ClassFile>();
  try {
    const hierarchy = new Hierarchy((n) => cp.find(n)?.bytes);
    const files = readdirSync(classes).filter((n) => n.endsWith('.class'));
    const scope = appScope((n) => files.includes(`${n}.class`));
    for (const f of files) {
      const name = f.slice(0, -'.class'.length);
      const t = transformClass(readClass(readFileSync(join(classes, f)), f), { scope, hierarchy, enumMidHolder }, f);
      for (const [n, cf] of [[name, t.cf], ...(t.holder ? [[midHolderName(name), t.holder] as const] : [])] as const) {
        out.set(n, cf);
        mkdirSync(dirname(join(dir, n)), { recursive: true });
        writeFileSync(join(dir, `${n}.class`), writeClass(cf));
      }
    }
  } finally {
    cp.close();
  }
  return { dir, out };
}

function methodAnnotations(cf: ClassFile, m: MemberInfo): string[] {
  const pool = new ConstantPool(cf);
  return m.attributes.flatMap((a) => (a.name === 'RuntimeVisibleAnnotations' ? a.annotations.map((an) => pool.utf8(an.typeIndex)) : []));
}

function method(cf: ClassFile, name: string, extended: boolean): MemberInfo {
  const pool = new ConstantPool(cf);
  const m = cf.methods.find((x) => pool.utf8(x.nameIndex) === name && pool.utf8(x.descriptorIndex).includes('Lkomorium/rt/TC;') === extended);
  assert.ok(m, `${name} (${extended ? 'extended' : 'original'})`);
  return m;
}

test('extended copies carry @Hidden and @ForceInline, never @IntrinsicCandidate or annotations HotSpot does not read', () => {
  const cf = transformAll(false).out.get('HiddenFrames')!;
  const H = 'Ljdk/internal/vm/annotation/Hidden;';
  const F = 'Ljdk/internal/vm/annotation/ForceInline;';
  assert.deepEqual(methodAnnotations(cf, method(cf, 'hidden', true)), [H, F]);
  assert.deepEqual(methodAnnotations(cf, method(cf, 'hidden', false)), [H, F]);
  assert.deepEqual(methodAnnotations(cf, method(cf, 'marked', true)), []);
  assert.deepEqual(methodAnnotations(cf, method(cf, 'marked', false)), ['Ljdk/internal/vm/annotation/IntrinsicCandidate;', 'Ljava/lang/Deprecated;']);
  assert.deepEqual(methodAnnotations(cf, method(cf, 'check', true)), []);
});

test('a @Hidden method is left out of stack traces and stack walks on HotSpot, transformed as in java (boot class path)', () => {
  const orig = runJava([`-Xbootclasspath/a:${classes}`, 'HiddenFrames']);
  assert.equal(orig.status, 0, orig.stderr);
  assert.doesNotMatch(orig.stdout, /hidden/, 'java hides the @Hidden frame');
  const { dir } = transformAll(false);
  const profile = join(tempDir('prof'), 'p.json');
  const r = runJava([`-Xbootclasspath/a:${dir}:${runtime.classesDir}`, `-Dkomorium.out=${profile}`, '-Dkomorium.granularity=100', 'HiddenFrames']);
  assert.equal(r.stdout, orig.stdout);
  assert.equal(r.stderr, orig.stderr);
  assert.equal(r.status, 0);
});

test('enumMidHolder: an enum keeps no static field but its constants and $VALUES; it runs as java and is profiled', () => {
  const { dir, out } = transformAll(true);
  const cf = out.get('Planet')!;
  const pool = new ConstantPool(cf);
  const statics = cf.fields.filter((f) => (f.accessFlags & 0x0008) !== 0).map((f) => `${pool.utf8(f.nameIndex)}:${pool.utf8(f.descriptorIndex)}`);
  assert.deepEqual(statics.sort(), ['$VALUES:[LPlanet;', 'EARTH:LPlanet;', 'JUPITER:LPlanet;', 'MERCURY:LPlanet;']);
  const holder = out.get(midHolderName('Planet'));
  assert.ok(holder, 'the holder class');
  const hp = new ConstantPool(holder);
  assert.ok(holder.fields.length >= 5 && holder.fields.every((f) => hp.utf8(f.descriptorIndex) === 'Lkomorium/rt/MID;'));
  // Not an enum: the classes of the other test keep their MID fields.
  assert.equal(out.get(midHolderName('HiddenFrames')), undefined);

  const orig = runJava(['-cp', classes, 'Planet']);
  assert.equal(orig.status, 0, orig.stderr);
  const profile = join(tempDir('prof'), 'p.json');
  const r = runJava(['-Xverify:all', '-cp', `${dir}:${runtime.classesDir}`, `-Dkomorium.out=${profile}`, '-Dkomorium.granularity=1000', 'Planet']);
  assert.equal(r.stderr, orig.stderr);
  assert.equal(r.stdout, orig.stdout);
  assert.equal(r.status, 0);
  const p = loadProfile(profile);
  const gravity = p.threads.flatMap((t) => t.nodes).filter((n) => n.method?.className === 'Planet' && n.method.name === 'gravity');
  assert.ok(gravity.reduce((s, n) => s + n.self, 0) > 100, 'gravity is sampled');
});

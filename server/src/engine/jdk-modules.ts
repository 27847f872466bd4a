// Shared pieces of the instrumented JDK (jdk-image.ts): the JDK's identity for cache keys, a
// writable cache directory, removal of a killed build's leftovers, and java.base's extras (the
// reflection patch, the launcher hook, the runtime) that go into the instrumented java.base.

import { processAlive } from '../process-alive';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { ClassPath, findJavaHome, type JdkInfo } from '../classpath/index';
import { readClass } from '../classfile/reader';
import { writeClass } from '../classfile/writer';
import { Acc, type AttributeOf } from '../classfile/model';
import { codeContext, entryFrame } from '../classfile/code/context';
import { decodeWithContext } from '../classfile/code/decode';
import { encodeCode } from '../classfile/code/encode';
import { Label, type Insn } from '../classfile/code/insn';
import { Op } from '../classfile/code/opcodes';
import { ConstantPool } from '../classfile/pool';
import { transformClass } from '../transform/clazz';
import { Hierarchy } from '../transform/hierarchy';
import { allScope, PAUSED_CLASSES } from '../transform/scope';
export { jdkIdentity } from './jdk-identity';
import { BOOT_FLAG, INITIAL_THREAD_CONSTRUCTOR, initializeClasses, initiateRuntimeLoads, loadUpcalls, LOAD_UPCALL, NO_THREAD_FLAG, patchBootFlag, patchThreadNatives, pauseUpcalls, writePatchClasses } from './reflect-patch';
import { launcherInitializedClasses, REFERENCED_RUNTIME_CLASSES } from '../runtime/contract';

/** The JDK feature releases whose instrumented copy (jdk-image.ts) is known to start and run the corpus. */
export const ALL_SCOPE_FEATURES: readonly number[] = [17, 25];

/**
 * The HotSpot engine's scope when none was asked for: `all` (the instrumented JDK copy,
 * jdk-image.ts) on the JDK releases of ALL_SCOPE_FEATURES, else `app` with `note` saying why
 * (other releases' copies run with `--instrument all` asked for, untested). A JDK that cannot
 * be found is left to the run to report: `all`.
 */
export function defaultHotSpotScope(jdkHome?: string): { scope: 'all' | 'app'; note?: string } {
  let jdk: JdkInfo;
  try {
    jdk = findJavaHome(jdkHome);
  } catch {
    return { scope: 'all' };
  }
  if (ALL_SCOPE_FEATURES.includes(jdk.feature)) return { scope: 'all' };
  return {
    scope: 'app',
    note: `HotSpot instruments only the class path on the JDK ${jdk.home} (${jdk.version}): its instrumented copy is supported on JDK ${ALL_SCOPE_FEATURES.join(', ')} (the JDK's work is charged to the calling lines; --engine interpreter instruments the JDK too)`,
  };
}

/** A writable cache root: `cache`, else one under the system's temp directory (logged). */
export function writableRoot(cache: string, sub: string, log: (l: string) => void): string {
  const root = join(cache, sub);
  try {
    mkdirSync(root, { recursive: true });
    const probe = join(root, `.probe-${process.pid}-${randomBytes(4).toString('hex')}`);
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
    return root;
  } catch (e) {
    let user = 'user';
    try {
      user = userInfo().username;
    } catch {
      // no user name
    }
    const fallback = join(tmpdir(), `komorium-${user}`, sub);
    log(`komorium: the cache ${root} cannot be written (${(e as Error).message}); using ${fallback}`);
    mkdirSync(fallback, { recursive: true });
    return fallback;
  }
}

/** Temporary directories this process is building in (another build of this process keeps off them). */
const building = new Set<string>();

/** A new temporary directory name for a build of `root/base`, kept from removeStale until `release`d. */
export function buildTemp(root: string, base: string): { path: string; release(): void } {
  const path = join(root, `${base}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  building.add(path);
  return { path, release: () => building.delete(path) };
}

/**
 * Removes temporary directories of `root/base` left by a build that is gone: its process is
 * not alive (killed), or it is this process and no build of it is using the directory.
 */
export function removeStale(root: string, base: string): void {
  let names: string[];
  try {
    names = readdirSync(root);
  } catch {
    return;
  }
  for (const n of names) {
    const m = /^(.*)\.(\d+)\.[0-9a-f]+\.tmp$/.exec(n);
    if (!m || m[1] !== base) continue;
    const pid = Number(m[2]);
    if (!processAlive(pid) || (pid === process.pid && !building.has(join(root, n)))) rmSync(join(root, n), { recursive: true, force: true });
  }
}

/**
 * java.base's extras: the patch (its JDK classes transformed, the launcher hook after the
 * transformation), and the runtime, whose Contexts starts with vmBooting set and is public so
 * that LauncherHelper can clear the flag.
 */
export function finishJavaBase(o: { jdk: JdkInfo; runtime: { classesDir: string }; maxPath?: number }, dir: string): void {
  const cp = ClassPath.from([], { jdk: o.jdk });
  try {
    const hierarchy = new Hierarchy((n) => cp.findBoot(n)?.bytes);
    const transform = (name: string, bytes: Uint8Array): Uint8Array =>
      writeClass(transformClass(readClass(bytes, `${name}.class`), { scope: allScope, hierarchy, maxPath: o.maxPath }, `${name}.class`).cf);
    writePatchClasses(o.jdk, dir, transform);
    // KomoriumClasses (the class swap at every definition) and KomoriumReflect (reflection's
    // filters) run paused: scope.ts PAUSED_CLASSES.
    for (const helper of PAUSED_CLASSES) {
      const file = join(dir, `${helper}.class`);
      writeFileSync(file, pauseUpcalls(transform(helper, readFileSync(file)), helper, () => true));
    }
    const launcher = 'sun/launcher/LauncherHelper';
    const lb = cp.findBoot(launcher)?.bytes;
    if (!lb) throw new Error(`${o.jdk.modulesPath} has no ${launcher}`);
    const put = (name: string, bytes: Uint8Array): void => {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, `${name}.class`), bytes);
    };
    const checkAndLoadMain = 'checkAndLoadMain(ZILjava/lang/String;)Ljava/lang/Class;';
    // Prologues run in the reverse order of these calls: the runtime's loads, the classes to
    // initialise, then the boot flag cleared (the count starts).
    const launcherBytes = initializeClasses(patchBootFlag(transform(launcher, lb), launcher, checkAndLoadMain, 0), launcher, checkAndLoadMain, launcherInitializedClasses(o.jdk.feature));
    put(launcher, initiateRuntimeLoads(launcherBytes, launcher, checkAndLoadMain, REFERENCED_RUNTIME_CLASSES));
    const mhn = 'java/lang/invoke/MethodHandleNatives';
    const mb = cp.findBoot(mhn)?.bytes;
    if (!mb) throw new Error(`${o.jdk.modulesPath} has no ${mhn}`);
    put(mhn, pauseUpcalls(transform(mhn, mb)));
    // The wrapper the JVM enters for a load through a Java loader: TC.enterLoad (reflect-patch.ts),
    // in the patch's ClassLoader (its class swap, transformed by writePatchClasses).
    const clFile = join(dir, `${LOAD_UPCALL.owner}.class`);
    writeFileSync(clFile, loadUpcalls(readFileSync(clFile)));
    const builder = 'jdk/internal/module/Builder';
    const bb = cp.findBoot(builder)?.bytes;
    if (!bb) throw new Error(`${o.jdk.modulesPath} has no ${builder}`);
    put(builder, patchModuleBuilder(transform(builder, bb)));
    const tb = cp.findBoot('java/lang/Thread')?.bytes;
    if (!tb) throw new Error(`${o.jdk.modulesPath} has no java/lang/Thread`);
    put('java/lang/Thread', patchBootFlag(patchThreadNatives(transform('java/lang/Thread', tb)), 'java/lang/Thread', INITIAL_THREAD_CONSTRUCTOR, 0, [NO_THREAD_FLAG]));
  } finally {
    cp.close();
  }
  const rtSrc = join(o.runtime.classesDir, 'komorium', 'rt');
  const rtDst = join(dir, 'komorium', 'rt');
  mkdirSync(rtDst, { recursive: true });
  for (const f of readdirSync(rtSrc)) {
    if (!f.endsWith('.class')) continue;
    if (`komorium/rt/${f}` === `${BOOT_FLAG.owner}.class`) {
      writeFileSync(join(rtDst, f), publicBootFlag(patchBootFlag(readFileSync(join(rtSrc, f)), BOOT_FLAG.owner, '<clinit>()V', 1, [BOOT_FLAG, NO_THREAD_FLAG])));
    } else {
      copyFileSync(join(rtSrc, f), join(rtDst, f));
    }
  }
}

/** Contexts with the class and its vmBooting and noThreadYet fields public (LauncherHelper and Thread write them). */
function publicBootFlag(bytes: Uint8Array): Uint8Array {
  const cf = readClass(bytes, `${BOOT_FLAG.owner}.class`);
  const pool = new ConstantPool(cf);
  cf.accessFlags = (cf.accessFlags & ~(Acc.PRIVATE | Acc.PROTECTED)) | Acc.PUBLIC;
  const names = new Set([BOOT_FLAG.name, NO_THREAD_FLAG.name]);
  let found = 0;
  cf.fields = cf.fields.map((f) => {
    if (!names.has(pool.utf8(f.nameIndex))) return f;
    found++;
    return { ...f, accessFlags: (f.accessFlags & ~(Acc.PRIVATE | Acc.PROTECTED)) | Acc.PUBLIC };
  });
  if (found !== names.size) throw new Error(`${BOOT_FLAG.owner} lacks a field of ${[...names].join(', ')}`);
  return writeClass(cf);
}


/** The runtime's package, in java.base of the instrumented JDK. */
const RT_PACKAGE_DOTTED = 'komorium.rt';

/**
 * jdk.internal.module.Builder (transformed) whose build(int) gives java.base the runtime's
 * package, exported to everyone: the boot layer's descriptors come from the SystemModules
 * classes that jlink generated (or the CDS archive made from them), which do not know it. Put at
 * the start of build (both its original and its extended version):
 *   if (name.equals("java.base")) {
 *     packages = new HashSet(packages); packages.add("komorium.rt");
 *     exports = new HashSet(exports); exports.add(Builder.newExports(Set.of(), "komorium.rt"));
 *   }
 */
export function patchModuleBuilder(bytes: Uint8Array): Uint8Array {
  const name = 'jdk/internal/module/Builder';
  const cf = readClass(bytes, `${name}.class`);
  const pool = new ConstantPool(cf);
  let patched = 0;
  cf.methods = cf.methods.map((m) => {
    if (pool.utf8(m.nameIndex) !== 'build' || !pool.utf8(m.descriptorIndex).startsWith('(I')) return m;
    const code = m.attributes.find((a): a is AttributeOf<'Code'> => a.name === 'Code');
    if (!code) return m;
    const ctx = codeContext(cf, m, pool, name);
    const mc = decodeWithContext(ctx, code);
    const go = new Label('komorium-java-base');
    const set = 'java/util/Set';
    const hashSet = 'java/util/HashSet';
    const widen = (field: string, value: Insn[]): Insn[] => [
      { kind: 'var', op: Op.ALOAD, index: 0 },
      { kind: 'type', op: Op.NEW, index: pool.addClass(hashSet) },
      { kind: 'op', op: Op.DUP },
      { kind: 'var', op: Op.ALOAD, index: 0 },
      { kind: 'field', op: Op.GETFIELD, index: pool.addFieldref(name, field, 'Ljava/util/Set;') },
      { kind: 'method', op: Op.INVOKESPECIAL, index: pool.addMethodref(hashSet, '<init>', '(Ljava/util/Collection;)V') },
      { kind: 'op', op: Op.DUP },
      ...value,
      { kind: 'method', op: Op.INVOKEINTERFACE, index: pool.addMethodref(set, 'add', '(Ljava/lang/Object;)Z', true) },
      { kind: 'op', op: Op.POP },
      { kind: 'field', op: Op.PUTFIELD, index: pool.addFieldref(name, field, 'Ljava/util/Set;') },
    ];
    mc.insns = [
      { kind: 'var', op: Op.ALOAD, index: 0 },
      { kind: 'field', op: Op.GETFIELD, index: pool.addFieldref(name, 'name', 'Ljava/lang/String;') },
      { kind: 'ldc', index: pool.addString('java.base') },
      { kind: 'method', op: Op.INVOKEVIRTUAL, index: pool.addMethodref('java/lang/String', 'equals', '(Ljava/lang/Object;)Z') },
      { kind: 'jump', op: Op.IFEQ, target: go },
      ...widen('packages', [{ kind: 'ldc', index: pool.addString(RT_PACKAGE_DOTTED) }]),
      ...widen('exports', [
        { kind: 'method', op: Op.INVOKESTATIC, index: pool.addMethodref(set, 'of', '()Ljava/util/Set;', true) },
        { kind: 'ldc', index: pool.addString(RT_PACKAGE_DOTTED) },
        { kind: 'method', op: Op.INVOKESTATIC, index: pool.addMethodref(name, 'newExports', '(Ljava/util/Set;Ljava/lang/String;)Ljava/lang/module/ModuleDescriptor$Exports;') },
      ]),
      { kind: 'label', label: go },
      { kind: 'frame', locals: entryFrame(ctx).locals, stack: [] },
      ...mc.insns,
    ];
    patched++;
    return { ...m, attributes: m.attributes.map((a) => (a.name === 'Code' ? { ...encodeCode(ctx, mc), nameIndex: a.nameIndex } : a)) };
  });
  if (patched === 0) throw new Error(`${name}: no build(int) to patch`);
  return writeClass(cf);
}

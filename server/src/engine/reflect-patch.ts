// The HotSpot engine's reflection patch (paper 000, Section 4.3): a java.lang.Class whose
// getDeclaredMethods0/Fields0/Constructors0 results pass through java.lang.KomoriumReflect,
// which drops what the transformation added, a java.lang.Throwable whose stack traces
// leave out the frames of reverse trampolines, and a java.lang.NullPointerException whose
// helpful messages name methods by their original descriptors, a java.lang.ClassLoader whose
// defineClass methods first pass the class's bytes through java.lang.KomoriumClasses, which
// swaps in the bytes the HotSpot engine transformed (hotspot-classes.ts), so the program runs
// on its own class path, and a jdk.internal.loader.BootLoader that does not show the runtime's
// class files (on the boot class path) as resources. Built once per JDK into the cache and used with
// `--patch-module java.base=DIR`.

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { JImage, type JdkInfo } from '../classpath/index';
import { readClass } from '../classfile/reader';
import { writeClass } from '../classfile/writer';
import { ConstantPool } from '../classfile/pool';
import { codeContext, entryFrame } from '../classfile/code/context';
import { decodeWithContext } from '../classfile/code/decode';
import { encodeCode } from '../classfile/code/encode';
import { Label, type Frame, type Insn } from '../classfile/code/insn';
import { Op } from '../classfile/code/opcodes';
import type { AttributeOf } from '../classfile/model';

/**
 * Per patched class: calls (owner.name+descriptor) whose result passes through a filter, a static
 * method of KomoriumReflect, or (`seed`) is replaced by a constant long.
 */
const FILTERS: Record<string, Record<string, { name: string; desc: string } | { seed: 1 }>> = {
  'java/lang/Class': {
    'java/lang/Class.getDeclaredMethods0(Z)[Ljava/lang/reflect/Method;': { name: 'methods', desc: '([Ljava/lang/reflect/Method;)[Ljava/lang/reflect/Method;' },
    'java/lang/Class.getDeclaredFields0(Z)[Ljava/lang/reflect/Field;': { name: 'fields', desc: '([Ljava/lang/reflect/Field;)[Ljava/lang/reflect/Field;' },
    'java/lang/Class.getDeclaredConstructors0(Z)[Ljava/lang/reflect/Constructor;': {
      name: 'constructors',
      desc: '([Ljava/lang/reflect/Constructor;)[Ljava/lang/reflect/Constructor;',
    },
  },
  // Stack traces without the frames of reverse trampolines (TRAMPOLINE_LINE).
  'java/lang/Throwable': {
    'java/lang/StackTraceElement.of(Ljava/lang/Throwable;I)[Ljava/lang/StackTraceElement;': {
      name: 'frames',
      desc: '([Ljava/lang/StackTraceElement;)[Ljava/lang/StackTraceElement;',
    },
    // JDK 19 and later pass the backtrace object itself.
    'java/lang/StackTraceElement.of(Ljava/lang/Object;I)[Ljava/lang/StackTraceElement;': {
      name: 'frames',
      desc: '([Ljava/lang/StackTraceElement;)[Ljava/lang/StackTraceElement;',
    },
  },
  // The current process's command line without the HotSpot engine's argument file.
  'java/lang/ProcessHandleImpl': {
    'java/lang/ProcessHandleImpl$Info.info(JJ)Ljava/lang/ProcessHandle$Info;': { name: 'info', desc: '(Ljava/lang/ProcessHandle$Info;)Ljava/lang/ProcessHandle$Info;' },
  },
  // Helpful NPE messages (JEP 358) naming methods with their original descriptors.
  'java/lang/NullPointerException': {
    'java/lang/NullPointerException.getExtendedNPEMessage()Ljava/lang/String;': { name: 'npeMessage', desc: '(Ljava/lang/String;)Ljava/lang/String;' },
  },
  // The salt of Set.of/Map.of iteration order (ImmutableCollections.<clinit>: SALT32L, REVERSE)
  // is System.nanoTime() of each run: a fixed seed instead, so the same program iterates its
  // immutable sets and maps in the same order, and does the same work, in every run (det15g).
  'java/util/ImmutableCollections': {
    'java/lang/System.nanoTime()J': { seed: 1 },
  },
};

/** How many call sites each patched class must have (a JDK that differs fails loudly). */
const EXPECTED: Record<string, number> = { 'java/lang/Class': 3, 'java/lang/Throwable': 1, 'java/lang/NullPointerException': 1, 'java/lang/ProcessHandleImpl': 1, 'java/util/ImmutableCollections': 1 };

const CLASSES = 'java/lang/KomoriumClasses';

/**
 * Code put at the start of methods, by class and then method name and descriptor:
 * - ClassLoader's defineClass methods: the parameters that hold the class's bytes are replaced
 *   by what KomoriumClasses returns (the same bytes, or the transformed ones). No branches and no
 *   new locals, so the method's stack map frames stay valid; the code runs before anything the
 *   method does, so no frame of it is on the stack when the definition throws.
 * - BootLoader's findResource/findResources: the runtime's class files (komorium/...), which the
 *   HotSpot engine puts on the boot class path, are not resources of the boot loader, so no
 *   loader sees them (java.class.path, getResource: the program's view is as without Komorium).
 */
const PROLOGUES: Record<string, Record<string, (pool: ConstantPool, entry: Frame) => Insn[]>> = {
  'java/lang/ClassLoader': {
    // defineClass(String name, byte[] b, int off, int len, ProtectionDomain pd): locals 1-4
    // (0, the loader, decides whether it can run transformed code).
    'defineClass(Ljava/lang/String;[BIILjava/security/ProtectionDomain;)Ljava/lang/Class;': (pool) => [
      { kind: 'var', op: Op.ALOAD, index: 0 },
      { kind: 'var', op: Op.ALOAD, index: 1 },
      { kind: 'var', op: Op.ALOAD, index: 2 },
      { kind: 'var', op: Op.ILOAD, index: 3 },
      { kind: 'var', op: Op.ILOAD, index: 4 },
      { kind: 'method', op: Op.INVOKESTATIC, index: pool.addMethodref(CLASSES, 'swap', '(Ljava/lang/ClassLoader;Ljava/lang/String;[BII)[B') },
      { kind: 'op', op: Op.DUP },
      { kind: 'var', op: Op.ALOAD, index: 2 },
      { kind: 'var', op: Op.ILOAD, index: 3 },
      { kind: 'method', op: Op.INVOKESTATIC, index: pool.addMethodref(CLASSES, 'swapOff', '([B[BI)I') },
      { kind: 'var', op: Op.ISTORE, index: 3 },
      { kind: 'op', op: Op.DUP },
      { kind: 'var', op: Op.ALOAD, index: 2 },
      { kind: 'var', op: Op.ILOAD, index: 4 },
      { kind: 'method', op: Op.INVOKESTATIC, index: pool.addMethodref(CLASSES, 'swapLen', '([B[BI)I') },
      { kind: 'var', op: Op.ISTORE, index: 4 },
      { kind: 'var', op: Op.ASTORE, index: 2 },
    ],
    // defineClass(String name, ByteBuffer b, ProtectionDomain pd): locals 1-2.
    'defineClass(Ljava/lang/String;Ljava/nio/ByteBuffer;Ljava/security/ProtectionDomain;)Ljava/lang/Class;': (pool) => [
      { kind: 'var', op: Op.ALOAD, index: 0 },
      { kind: 'var', op: Op.ALOAD, index: 1 },
      { kind: 'var', op: Op.ALOAD, index: 2 },
      { kind: 'method', op: Op.INVOKESTATIC, index: pool.addMethodref(CLASSES, 'swapBuffer', '(Ljava/lang/ClassLoader;Ljava/lang/String;Ljava/nio/ByteBuffer;)Ljava/nio/ByteBuffer;') },
      { kind: 'var', op: Op.ASTORE, index: 2 },
    ],
  },
  'jdk/internal/loader/BootLoader': {
    // static URL findResource(String name): if hidden, return null.
    'findResource(Ljava/lang/String;)Ljava/net/URL;': (pool, entry) => hideResource(pool, entry, [{ kind: 'op', op: Op.ACONST_NULL }]),
    // static Enumeration<URL> findResources(String name): if hidden, an empty enumeration.
    'findResources(Ljava/lang/String;)Ljava/util/Enumeration;': (pool, entry) =>
      hideResource(pool, entry, [{ kind: 'method', op: Op.INVOKESTATIC, index: pool.addMethodref('java/util/Collections', 'emptyEnumeration', '()Ljava/util/Enumeration;') }]),
  },
};

/** `if (KomoriumClasses.hidden(name)) return <none>;` for a static method whose local 0 is the name. */
function hideResource(pool: ConstantPool, entry: Frame, none: Insn[]): Insn[] {
  const go = new Label('komorium-go');
  return [
    { kind: 'var', op: Op.ALOAD, index: 0 },
    { kind: 'method', op: Op.INVOKESTATIC, index: pool.addMethodref(CLASSES, 'hidden', '(Ljava/lang/String;)Z') },
    { kind: 'jump', op: Op.IFEQ, target: go },
    ...none,
    { kind: 'op', op: Op.ARETURN },
    { kind: 'label', label: go },
    { kind: 'frame', locals: entry.locals, stack: [] },
  ];
}

/**
 * A line entry for a prologue: the method's first line (its entry at offset 0, or the first of
 * its table). Without it the prologue's code had no line, and HotSpot put the sample of the block
 * that runs it (one per class defined, in ClassLoader.defineClass) on line 0, where the embedded
 * engine, which swaps in the VM and has no prologue, has the method's first line. The original's
 * own entries stay as they are.
 */
function prologueLine(insns: readonly Insn[]): Insn[] {
  const first = insns.find((i) => i.kind === 'line');
  if (first?.kind !== 'line') return [];
  const start = new Label('komorium-prologue');
  return [
    { kind: 'label', label: start },
    { kind: 'line', line: first.line, start },
  ];
}

/** Class `name` (a key of PROLOGUES) with its prologues in place. */
function patchPrologues(bytes: Uint8Array, name: string): Uint8Array {
  const prologues = PROLOGUES[name]!;
  const cf = readClass(bytes, `${name}.class`);
  const pool = new ConstantPool(cf);
  const done = new Set<string>();
  cf.methods = cf.methods.map((m) => {
    const key = `${pool.utf8(m.nameIndex)}${pool.utf8(m.descriptorIndex)}`;
    const prologue = prologues[key];
    const code = m.attributes.find((a): a is AttributeOf<'Code'> => a.name === 'Code');
    if (!prologue || !code) return m;
    const ctx = codeContext(cf, m, pool, name);
    const mc = decodeWithContext(ctx, code);
    if (mc.insns[0]?.kind === 'frame') throw new Error(`${name}.${key}: a branch target at its start`);
    mc.insns = [...prologueLine(mc.insns), ...prologue(pool, entryFrame(ctx)), ...mc.insns];
    done.add(key);
    return { ...m, attributes: m.attributes.map((a) => (a.name === 'Code' ? { ...encodeCode(ctx, mc), nameIndex: a.nameIndex } : a)) };
  });
  const missing = Object.keys(prologues).filter((k) => !done.has(k));
  if (missing.length > 0) throw new Error(`${name}: no method ${missing.join(', ')} to patch`);
  return writeClass(cf);
}

function patchSource(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    const p = join(dir, 'runtime', 'patch');
    if (existsSync(join(p, 'java', 'lang', 'KomoriumReflect.java'))) return p;
    dir = dirname(dir);
  }
  throw new Error('cannot find runtime/patch/java/lang/KomoriumReflect.java');
}

/**
 * The classes whose salt (`seed` filters) the copy fixes, as the embedded engine fixes it too
 * (interp-transform.ts `seedPatch`): both engines then iterate Set.of/Map.of in the same order.
 */
export const SEEDED_CLASSES: readonly string[] = Object.keys(FILTERS).filter((n) => Object.values(FILTERS[n]!).some((f) => 'seed' in f));

/**
 * Class `name` (one of SEEDED_CLASSES) with its `seed` calls' results replaced by the constant,
 * the copy's code for them (writePatchClasses); its other filters, which call the copy's
 * KomoriumReflect, are left out. The embedded engine's salt of Set.of/Map.of then is HotSpot's.
 */
export function seedPatch(bytes: Uint8Array, name: string): Uint8Array {
  const { bytes: out, patched } = patchCalls(bytes, name, (f) => 'seed' in f);
  if (patched < 1) throw new Error(`${name}: no call site to seed`);
  return out;
}

/** Returns class `name` (a key of FILTERS) with every filtered call followed by its filter (those `only` keeps). */
function patchCalls(bytes: Uint8Array, name: string, only: (f: { name: string; desc: string } | { seed: 1 }) => boolean = () => true): { bytes: Uint8Array; patched: number } {
  const filters = FILTERS[name]!;
  const cf = readClass(bytes, `${name}.class`);
  const pool = new ConstantPool(cf);
  let patched = 0;
  cf.methods = cf.methods.map((m) => {
    const code = m.attributes.find((a): a is AttributeOf<'Code'> => a.name === 'Code');
    if (!code) return m;
    const ctx = codeContext(cf, m, pool, name);
    const mc = decodeWithContext(ctx, code);
    const out: Insn[] = [];
    let hit = false;
    for (const insn of mc.insns) {
      out.push(insn);
      if (insn.kind !== 'method') continue;
      const ref = pool.memberRef(insn.index);
      const f = filters[`${ref.owner}.${ref.name}${ref.descriptor}`];
      if (!f || !only(f)) continue;
      if ('seed' in f) out.push({ kind: 'op', op: Op.POP2 }, { kind: 'op', op: Op.LCONST_1 });
      else out.push({ kind: 'method', op: Op.INVOKESTATIC, index: pool.addMethodref('java/lang/KomoriumReflect', f.name, f.desc) });
      hit = true;
      patched++;
    }
    if (!hit) return m;
    mc.insns = out;
    return { ...m, attributes: m.attributes.map((a) => (a.name === 'Code' ? { ...encodeCode(ctx, mc), nameIndex: a.nameIndex } : a)) };
  });
  return { bytes: writeClass(cf), patched };
}

/** Hash of the patch's Java sources (part of every cache key of a directory holding the patch). */
export function patchSourceHash(): string {
  const src = patchSource();
  // The version covers the patching code here (prologues, filters): bump it when that changes.
  const hash = createHash('sha256').update('reflect-patch-code-9\0');
  for (const f of ['KomoriumReflect.java', 'KomoriumClasses.java']) hash.update(readFileSync(join(src, 'java', 'lang', f)));
  return hash.digest('hex');
}

/**
 * Writes the patch's classes into `dir`: KomoriumReflect and KomoriumClasses compiled, and the
 * JDK classes with their filtered calls and prologues, each passed through `post` (the `all`
 * scope transforms them there; the helpers themselves never are).
 */
export function writePatchClasses(jdk: JdkInfo, dir: string, post: (name: string, bytes: Uint8Array) => Uint8Array = (_n, b) => b): void {
  const src = patchSource();
  const sources = ['KomoriumReflect.java', 'KomoriumClasses.java'].map((f) => join(src, 'java', 'lang', f));
  mkdirSync(join(dir, 'java', 'lang'), { recursive: true });
  execFileSync(join(jdk.home, 'bin', 'javac'), ['--patch-module', `java.base=${src}`, '-d', dir, ...sources], {
    stdio: 'pipe',
  });
  const image = JImage.open(jdk.modulesPath);
  try {
    for (const name of Object.keys(FILTERS)) {
      const cls = image.find(`/java.base/${name}.class`);
      if (!cls) throw new Error(`${jdk.modulesPath} has no ${name}.class`);
      const { bytes, patched } = patchCalls(cls, name);
      if (patched < EXPECTED[name]!) throw new Error(`${name} of ${jdk.home}: found ${patched} of the ${EXPECTED[name]} call sites to patch`);
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, `${name}.class`), post(name, bytes));
    }
    for (const name of Object.keys(PROLOGUES)) {
      const cls = image.find(`/java.base/${name}.class`);
      if (!cls) throw new Error(`${jdk.modulesPath} has no ${name}.class`);
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, `${name}.class`), post(name, patchPrologues(cls, name)));
    }
  } finally {
    image.close();
  }
}

/**
 * Prologues of the `all` scope's java.base (jdk-modules.ts), put into the classes after they
 * were transformed, so that they run before the wrapper's own code:
 * - LauncherHelper.checkAndLoadMain, the launcher's first call after the JDK's start-up
 *   (System.initPhase1-3): `Contexts.vmBooting = false`, so the start-up is neither counted nor
 *   sampled, as on the embedded engine (meta.startup: excluded), and everything from loading the
 *   main class on is.
 * - the runtime's Contexts.<clinit>: `vmBooting = true` (the runtime is part of java.base in
 *   that scope and instrumented JDK code runs from the VM's first class on).
 */
export const BOOT_FLAG = { owner: 'komorium/rt/Contexts', name: 'vmBooting', desc: 'Z' };

/**
 * `Contexts.noThreadYet`: set in Contexts.<clinit> of that java.base too, cleared at the start of
 * the constructor `Thread(ThreadGroup, String)`, with which HotSpot makes the main thread's Thread
 * after it has set the thread's handle. Before it, TC.getTC does not call Thread.currentThread()
 * (JDK 25 runs String.<clinit> and others before the main thread's Thread exists, and there its
 * interpreter's Thread.currentThread() throws a NullPointerException, whose instrumented
 * constructor asks for a context again; JDK 17 returns null).
 */
export const NO_THREAD_FLAG = { owner: 'komorium/rt/Contexts', name: 'noThreadYet', desc: 'Z' };

/** The constructor HotSpot runs for the main thread's Thread (JDK 17 and 25). */
export const INITIAL_THREAD_CONSTRUCTOR = '<init>(Ljava/lang/ThreadGroup;Ljava/lang/String;)V';

export function patchBootFlag(bytes: Uint8Array, name: string, method: string, value: 0 | 1, flags: readonly { owner: string; name: string; desc: string }[] = [BOOT_FLAG]): Uint8Array {
  return prependCode(bytes, name, method, (pool) =>
    flags.flatMap((f): Insn[] => [
      { kind: 'op', op: value === 1 ? Op.ICONST_1 : Op.ICONST_0 },
      { kind: 'field', op: Op.PUTSTATIC, index: pool.addFieldref(f.owner, f.name, f.desc) },
    ]),
  );
}

/**
 * LauncherHelper.checkAndLoadMain starting (before the boot flag is cleared, so uncounted) with
 * `Class.forName(name, false, loader)` of the runtime classes generated code names, for the
 * application and then the platform loader: HotSpot would otherwise ask those loaders'
 * loadClass for them at the first instrumented class that names them, counted, and leave the
 * names in their class-loading lock maps at that moment (a ConcurrentHashMap that then resizes
 * at another time than on the embedded engine, which makes the same entries in boot.ts). Once
 * initiated, HotSpot finds them in the loaders' dictionaries without Java code.
 */
export function initiateRuntimeLoads(bytes: Uint8Array, name: string, method: string, classes: readonly string[]): Uint8Array {
  return prependCode(bytes, name, method, (pool) =>
    ['getSystemClassLoader', 'getPlatformClassLoader'].flatMap((getter) =>
      classes.flatMap((c): Insn[] => [
        { kind: 'ldc', index: pool.addString(c.replace(/\//g, '.')) },
        { kind: 'op', op: Op.ICONST_0 },
        { kind: 'method', op: Op.INVOKESTATIC, index: pool.addMethodref('java/lang/ClassLoader', getter, '()Ljava/lang/ClassLoader;') },
        { kind: 'method', op: Op.INVOKESTATIC, index: pool.addMethodref('java/lang/Class', 'forName', '(Ljava/lang/String;ZLjava/lang/ClassLoader;)Ljava/lang/Class;') },
        { kind: 'op', op: Op.POP },
      ]),
    ),
  );
}

/**
 * `method` starting with `Class.forName(name, true, null)` of each of `classes` (boot classes):
 * LauncherHelper.checkAndLoadMain, before the boot flag is cleared, so their `<clinit>`s run
 * uncounted, where the embedded engine has initialised them (contract.ts
 * launcherInitializedClasses).
 */
export function initializeClasses(bytes: Uint8Array, name: string, method: string, classes: readonly string[]): Uint8Array {
  if (classes.length === 0) return bytes;
  return prependCode(bytes, name, method, (pool) =>
    classes.flatMap((c): Insn[] => [
      { kind: 'ldc', index: pool.addString(c.replace(/\//g, '.')) },
      { kind: 'op', op: Op.ICONST_1 },
      { kind: 'op', op: Op.ACONST_NULL },
      { kind: 'method', op: Op.INVOKESTATIC, index: pool.addMethodref('java/lang/Class', 'forName', '(Ljava/lang/String;ZLjava/lang/ClassLoader;)Ljava/lang/Class;') },
      { kind: 'op', op: Op.POP },
    ]),
  );
}

/**
 * Thread.<clinit> (transformed) starting with Thread.registerNatives(): the wrapper code of the
 * transformed <clinit> calls Thread.currentThread(), which is linked by registerNatives; before
 * it, HotSpot would look the native up through ClassLoader.findNative, instrumented code that
 * calls Thread.currentThread() again.
 */
export function patchThreadNatives(bytes: Uint8Array): Uint8Array {
  return prependCode(bytes, 'java/lang/Thread', '<clinit>()V', (pool) => [
    { kind: 'method', op: Op.INVOKESTATIC, index: pool.addMethodref('java/lang/Thread', 'registerNatives', '()V') },
  ]);
}

/** JVM upcalls of MethodHandleNatives that link call sites and constants (run paused, see TC.enterPaused). */
export const PAUSED_UPCALLS: ReadonlySet<string> = new Set(['linkCallSite', 'linkDynamicConstant', 'linkMethodHandleConstant', 'findMethodHandleType', 'linkMethod']);

/**
 * MethodHandleNatives (transformed) whose upcalls PAUSED_UPCALLS enter with TC.enterPaused and
 * leave with TC.exitPaused instead of enter/exit (the same stack effects): the linkage of
 * invokedynamic and of method handle constants, which the embedded engine does in the VM for
 * javac's bootstraps, is neither counted nor sampled.
 */
export function pauseUpcalls(bytes: Uint8Array, name = 'java/lang/invoke/MethodHandleNatives', paused: (method: string) => boolean = (n) => PAUSED_UPCALLS.has(n)): Uint8Array {
  const cf = readClass(bytes, `${name}.class`);
  const pool = new ConstantPool(cf);
  let swapped = 0;
  cf.methods = cf.methods.map((m) => {
    if (!paused(pool.utf8(m.nameIndex)) || pool.utf8(m.descriptorIndex).includes('Lkomorium/rt/TC;')) return m;
    const code = m.attributes.find((a): a is AttributeOf<'Code'> => a.name === 'Code');
    if (!code) return m;
    const ctx = codeContext(cf, m, pool, name);
    const mc = decodeWithContext(ctx, code);
    let hit = false;
    mc.insns = mc.insns.map((insn) => {
      if (insn.kind !== 'method' || insn.op !== Op.INVOKEVIRTUAL) return insn;
      const ref = pool.memberRef(insn.index);
      if (ref.owner !== 'komorium/rt/TC') return insn;
      if (ref.name === 'enter' && ref.descriptor === '()I') {
        hit = true;
        return { ...insn, index: pool.addMethodref('komorium/rt/TC', 'enterPaused', '()I') };
      }
      if (ref.name === 'exit' && ref.descriptor === '(I)V') return { ...insn, index: pool.addMethodref('komorium/rt/TC', 'exitPaused', '(I)V') };
      return insn;
    });
    if (!hit) return m;
    swapped++;
    return { ...m, attributes: m.attributes.map((a) => (a.name === 'Code' ? { ...encodeCode(ctx, mc), nameIndex: a.nameIndex } : a)) };
  });
  if (swapped === 0) throw new Error(`${name}: no upcall to pause`);
  return writeClass(cf);
}

/** Class `name` with `insns` (no branches, stack empty after) put at the start of `method`. */
function prependCode(bytes: Uint8Array, name: string, method: string, insns: (pool: ConstantPool) => Insn[]): Uint8Array {
  const cf = readClass(bytes, `${name}.class`);
  const pool = new ConstantPool(cf);
  let done = false;
  cf.methods = cf.methods.map((m) => {
    if (`${pool.utf8(m.nameIndex)}${pool.utf8(m.descriptorIndex)}` !== method) return m;
    const code = m.attributes.find((a): a is AttributeOf<'Code'> => a.name === 'Code');
    if (!code) return m;
    const ctx = codeContext(cf, m, pool, name);
    const mc = decodeWithContext(ctx, code);
    // A branch target at the start keeps its frame after the prologue.
    mc.insns = [...insns(pool), ...mc.insns];
    done = true;
    return { ...m, attributes: m.attributes.map((a) => (a.name === 'Code' ? { ...encodeCode(ctx, mc), nameIndex: a.nameIndex } : a)) };
  });
  if (!done) throw new Error(`${name}: no method ${method} to patch`);
  return writeClass(cf);
}

/** Builds (or reuses) the patch directory for `jdk` under `cacheDir`; returns it. */
export function reflectionPatch(jdk: JdkInfo, cacheDir: string): string {
  const hash = createHash('sha256').update(`reflect-patch-5\0${jdk.home}\0${jdk.version}\0`).update(patchSourceHash());
  const key = hash.digest('hex').slice(0, 16);
  const dir = join(cacheDir, `java.base-${key}`);
  if (existsSync(join(dir, '.complete'))) return dir;
  const tmp = `${dir}.${process.pid}.tmp`;
  rmSync(tmp, { recursive: true, force: true });
  writePatchClasses(jdk, tmp);
  writeFileSync(join(tmp, '.complete'), '');
  rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
  return dir;
}

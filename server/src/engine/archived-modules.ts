// The trial's reading of every boot module's `Module.exportedPackages` and `openPackages`
// (archived-hashes.ts runs the trial). On JDK 17 and 25 those HashMaps are the archived module
// graph's: the dump filled them in the iteration order of each descriptor's `exports()` (a
// `Set.of` ordered by its elements and ImmutableCollections' salt of the dump), and the
// instrumented copy's java.base exports one package more, the runtime's `komorium.rt`. So a
// bin of java.base's map lists its keys in another order than the embedded engine's boot made,
// or holds the runtime's key in front: `Module.isStaticallyExportedOrOpen` → `HashMap.get` walks
// other nodes (corpus reflection-invoke −24, method-handles −6 on JDK 17; branch ih39).
//
// Reflection filters Module's fields (`Reflection.fieldFilterMap`), so the trial takes their
// offsets from `jdk.internal.misc.Unsafe.objectFieldOffset(Class, String)`, called through
// `Method.invoke` once its own mirror's `Class.module` says java.base (reflection's module check
// reads that field; sun.misc.Unsafe writes it). No command-line option: `--add-exports` or
// `--add-opens` would turn the archived module graph off.

import { Acc, type ClassFile, type MemberInfo } from '../classfile/model';
import type { ConstantPool } from '../classfile/pool';
import { synthMethod } from '../classfile/code/synth';
import { Label, type Insn } from '../classfile/code/insn';
import { Op } from '../classfile/code/opcodes';
import { EXPORTS_HEAD, OPENS_HEAD } from '../interp/cds-archive';

const UNSAFE = 'sun/misc/Unsafe';

/**
 * Adds to the trial class `probe` a `static void modules(sun.misc.Unsafe)` that prints, for each
 * module of the boot layer whose map is not null, a line `@exports NAME` then the keys of its
 * `exportedPackages` (through `printKeys`: bin by bin, a line `#` after), and `@opens NAME` with
 * `openPackages`' likewise. Returns the method's Methodref.
 */
export function addModulesMethod(cf: ClassFile, pool: ConstantPool, probe: string, out: number, printKeys: number): number {
  const cls = 'java/lang/Class';
  const method = 'java/lang/reflect/Method';
  const invoke = pool.addMethodref(method, 'invoke', '(Ljava/lang/Object;[Ljava/lang/Object;)Ljava/lang/Object;');
  const getMethod = pool.addMethodref(cls, 'getMethod', '(Ljava/lang/String;[Ljava/lang/Class;)Ljava/lang/reflect/Method;');
  const fieldOffset = pool.addMethodref(probe, 'moduleFieldOffset', '(Ljava/lang/reflect/Method;Ljava/lang/Object;Ljava/lang/String;)J');
  const printMap = pool.addMethodref(probe, 'printModuleMap', `(L${UNSAFE};Ljava/lang/Module;JLjava/lang/String;)V`);
  const loop = new Label('loop');
  const end = new Label('end');
  const insns: Insn[] = [
    // This class's mirror a member of java.base, for reflection's module check.
    { kind: 'ldc', index: pool.addClass(cls) },
    { kind: 'ldc', index: pool.addString('module') },
    { kind: 'method', op: Op.INVOKEVIRTUAL, index: pool.addMethodref(cls, 'getDeclaredField', '(Ljava/lang/String;)Ljava/lang/reflect/Field;') },
    { kind: 'var', op: Op.ASTORE, index: 1 },
    { kind: 'var', op: Op.ALOAD, index: 0 },
    { kind: 'ldc', index: pool.addClass(probe) },
    { kind: 'var', op: Op.ALOAD, index: 0 },
    { kind: 'var', op: Op.ALOAD, index: 1 },
    { kind: 'method', op: Op.INVOKEVIRTUAL, index: pool.addMethodref(UNSAFE, 'objectFieldOffset', '(Ljava/lang/reflect/Field;)J') },
    { kind: 'ldc', index: pool.addClass('java/lang/Object') },
    { kind: 'method', op: Op.INVOKEVIRTUAL, index: pool.addMethodref(cls, 'getModule', '()Ljava/lang/Module;') },
    { kind: 'method', op: Op.INVOKEVIRTUAL, index: pool.addMethodref(UNSAFE, 'putObject', '(Ljava/lang/Object;JLjava/lang/Object;)V') },
    // jdk.internal.misc.Unsafe.getUnsafe() and its objectFieldOffset(Class, String).
    { kind: 'ldc', index: pool.addString('jdk.internal.misc.Unsafe') },
    { kind: 'method', op: Op.INVOKESTATIC, index: pool.addMethodref(cls, 'forName', '(Ljava/lang/String;)Ljava/lang/Class;') },
    { kind: 'var', op: Op.ASTORE, index: 2 },
    { kind: 'var', op: Op.ALOAD, index: 2 },
    { kind: 'ldc', index: pool.addString('getUnsafe') },
    { kind: 'op', op: Op.ICONST_0 },
    { kind: 'type', op: Op.ANEWARRAY, index: pool.addClass(cls) },
    { kind: 'method', op: Op.INVOKEVIRTUAL, index: getMethod },
    { kind: 'op', op: Op.ACONST_NULL },
    { kind: 'op', op: Op.ICONST_0 },
    { kind: 'type', op: Op.ANEWARRAY, index: pool.addClass('java/lang/Object') },
    { kind: 'method', op: Op.INVOKEVIRTUAL, index: invoke },
    { kind: 'var', op: Op.ASTORE, index: 3 },
    { kind: 'var', op: Op.ALOAD, index: 2 },
    { kind: 'ldc', index: pool.addString('objectFieldOffset') },
    { kind: 'op', op: Op.ICONST_2 },
    { kind: 'type', op: Op.ANEWARRAY, index: pool.addClass(cls) },
    { kind: 'op', op: Op.DUP },
    { kind: 'op', op: Op.ICONST_0 },
    { kind: 'ldc', index: pool.addClass(cls) },
    { kind: 'op', op: Op.AASTORE },
    { kind: 'op', op: Op.DUP },
    { kind: 'op', op: Op.ICONST_1 },
    { kind: 'ldc', index: pool.addClass('java/lang/String') },
    { kind: 'op', op: Op.AASTORE },
    { kind: 'method', op: Op.INVOKEVIRTUAL, index: getMethod },
    { kind: 'var', op: Op.ASTORE, index: 4 },
    { kind: 'var', op: Op.ALOAD, index: 4 },
    { kind: 'var', op: Op.ALOAD, index: 3 },
    { kind: 'ldc', index: pool.addString('exportedPackages') },
    { kind: 'method', op: Op.INVOKESTATIC, index: fieldOffset },
    { kind: 'var', op: Op.LSTORE, index: 5 },
    { kind: 'var', op: Op.ALOAD, index: 4 },
    { kind: 'var', op: Op.ALOAD, index: 3 },
    { kind: 'ldc', index: pool.addString('openPackages') },
    { kind: 'method', op: Op.INVOKESTATIC, index: fieldOffset },
    { kind: 'var', op: Op.LSTORE, index: 7 },
    // Each boot module's two maps.
    { kind: 'method', op: Op.INVOKESTATIC, index: pool.addMethodref('java/lang/ModuleLayer', 'boot', '()Ljava/lang/ModuleLayer;') },
    { kind: 'method', op: Op.INVOKEVIRTUAL, index: pool.addMethodref('java/lang/ModuleLayer', 'modules', '()Ljava/util/Set;') },
    { kind: 'method', op: Op.INVOKEINTERFACE, index: pool.addMethodref('java/util/Set', 'iterator', '()Ljava/util/Iterator;', true) },
    { kind: 'var', op: Op.ASTORE, index: 9 },
    { kind: 'label', label: loop },
    { kind: 'var', op: Op.ALOAD, index: 9 },
    { kind: 'method', op: Op.INVOKEINTERFACE, index: pool.addMethodref('java/util/Iterator', 'hasNext', '()Z', true) },
    { kind: 'jump', op: Op.IFEQ, target: end },
    { kind: 'var', op: Op.ALOAD, index: 9 },
    { kind: 'method', op: Op.INVOKEINTERFACE, index: pool.addMethodref('java/util/Iterator', 'next', '()Ljava/lang/Object;', true) },
    { kind: 'type', op: Op.CHECKCAST, index: pool.addClass('java/lang/Module') },
    { kind: 'var', op: Op.ASTORE, index: 10 },
    { kind: 'var', op: Op.ALOAD, index: 0 },
    { kind: 'var', op: Op.ALOAD, index: 10 },
    { kind: 'var', op: Op.LLOAD, index: 5 },
    { kind: 'ldc', index: pool.addString(EXPORTS_HEAD) },
    { kind: 'method', op: Op.INVOKESTATIC, index: printMap },
    { kind: 'var', op: Op.ALOAD, index: 0 },
    { kind: 'var', op: Op.ALOAD, index: 10 },
    { kind: 'var', op: Op.LLOAD, index: 7 },
    { kind: 'ldc', index: pool.addString(OPENS_HEAD) },
    { kind: 'method', op: Op.INVOKESTATIC, index: printMap },
    { kind: 'jump', op: Op.GOTO, target: loop },
    { kind: 'label', label: end },
    { kind: 'op', op: Op.RETURN },
  ];
  cf.methods.push(fieldOffsetMethod(cf, pool, probe, invoke));
  cf.methods.push(printMapMethod(cf, pool, probe, out, printKeys));
  cf.methods.push(synthMethod(cf, pool, probe, { access: Acc.STATIC, name: 'modules', desc: `(L${UNSAFE};)V`, maxLocals: 11, insns }));
  return pool.addMethodref(probe, 'modules', `(L${UNSAFE};)V`);
}

/** `static long moduleFieldOffset(Method objectFieldOffset, Object unsafe, String field)`: the offset of Module's field. */
function fieldOffsetMethod(cf: ClassFile, pool: ConstantPool, probe: string, invoke: number): MemberInfo {
  const insns: Insn[] = [
    { kind: 'var', op: Op.ALOAD, index: 0 },
    { kind: 'var', op: Op.ALOAD, index: 1 },
    { kind: 'op', op: Op.ICONST_2 },
    { kind: 'type', op: Op.ANEWARRAY, index: pool.addClass('java/lang/Object') },
    { kind: 'op', op: Op.DUP },
    { kind: 'op', op: Op.ICONST_0 },
    { kind: 'ldc', index: pool.addClass('java/lang/Module') },
    { kind: 'op', op: Op.AASTORE },
    { kind: 'op', op: Op.DUP },
    { kind: 'op', op: Op.ICONST_1 },
    { kind: 'var', op: Op.ALOAD, index: 2 },
    { kind: 'op', op: Op.AASTORE },
    { kind: 'method', op: Op.INVOKEVIRTUAL, index: invoke },
    { kind: 'type', op: Op.CHECKCAST, index: pool.addClass('java/lang/Long') },
    { kind: 'method', op: Op.INVOKEVIRTUAL, index: pool.addMethodref('java/lang/Long', 'longValue', '()J') },
    { kind: 'op', op: Op.LRETURN },
  ];
  return synthMethod(cf, pool, probe, { access: Acc.STATIC, name: 'moduleFieldOffset', desc: '(Ljava/lang/reflect/Method;Ljava/lang/Object;Ljava/lang/String;)J', maxLocals: 3, insns });
}

/** `static void printModuleMap(Unsafe u, Module m, long offset, String head)`: `head + m.getName()`, then the map's keys (nothing when null). */
function printMapMethod(cf: ClassFile, pool: ConstantPool, probe: string, out: number, printKeys: number): MemberInfo {
  const skip = new Label('skip');
  const insns: Insn[] = [
    { kind: 'var', op: Op.ALOAD, index: 0 },
    { kind: 'var', op: Op.ALOAD, index: 1 },
    { kind: 'var', op: Op.LLOAD, index: 2 },
    { kind: 'method', op: Op.INVOKEVIRTUAL, index: pool.addMethodref(UNSAFE, 'getObject', '(Ljava/lang/Object;J)Ljava/lang/Object;') },
    { kind: 'var', op: Op.ASTORE, index: 5 },
    { kind: 'var', op: Op.ALOAD, index: 5 },
    { kind: 'jump', op: Op.IFNULL, target: skip },
    { kind: 'field', op: Op.GETSTATIC, index: out },
    { kind: 'var', op: Op.ALOAD, index: 4 },
    { kind: 'var', op: Op.ALOAD, index: 1 },
    { kind: 'method', op: Op.INVOKEVIRTUAL, index: pool.addMethodref('java/lang/Module', 'getName', '()Ljava/lang/String;') },
    { kind: 'method', op: Op.INVOKEVIRTUAL, index: pool.addMethodref('java/lang/String', 'concat', '(Ljava/lang/String;)Ljava/lang/String;') },
    { kind: 'method', op: Op.INVOKEVIRTUAL, index: pool.addMethodref('java/io/PrintStream', 'println', '(Ljava/lang/String;)V') },
    { kind: 'var', op: Op.ALOAD, index: 5 },
    { kind: 'method', op: Op.INVOKESTATIC, index: printKeys },
    { kind: 'label', label: skip },
    { kind: 'op', op: Op.RETURN },
  ];
  return synthMethod(cf, pool, probe, { access: Acc.STATIC, name: 'printModuleMap', desc: `(L${UNSAFE};Ljava/lang/Module;JLjava/lang/String;)V`, maxLocals: 6, insns });
}

// Which classes are instrumented, and which methods have an extended (reified-stack) version.
// The decision for a method depends only on its declaring class, so a call site in any class
// makes the same decision as the transformation of the declaring class.

import { Acc } from '../classfile/model';
import { argSlots } from '../classfile/descriptors';
import type { ClassInfo, MethodDecl } from './hierarchy';
import { RT_PACKAGE } from './names';
import { NO_INTERFACE_EXTENSION, type InterfacePolicy } from './interfaces';

/** Decides whether a class (internal name) is instrumented. */
export type Scope = (internalName: string) => boolean;

/** Classes that are never instrumented: the runtime itself. */
export function neverInstrumented(internalName: string): boolean {
  return internalName.startsWith(RT_PACKAGE);
}

/**
 * JDK classes the `all` mode leaves alone: the runtime itself runs on them (every object the
 * runtime creates runs Object.<init>), so instrumenting them would recurse into the runtime
 * while it initialises. Object.<init> is a single `return`; nothing of interest is lost.
 * Object cannot get extended versions of hashCode/equals/toString either (trampolines that
 * overrides would replace): HotSpot requires Object's vtable to hold exactly its five virtual
 * methods, and a java.base copy with three more stopped at boot with "Incompatible definition
 * of java.lang.Object" (klassVtable.cpp; docs/BENCHMARKS.md part E).
 */
export const ALL_SCOPE_EXCLUDED: ReadonlySet<string> = new Set([
  'java/lang/Object',
  // The lambda forms jlink pregenerated (java.lang.invoke's Holder classes): the method-handle
  // plumbing that HotSpot otherwise spins as hidden classes, which are never instrumented. A CDS
  // dump regenerates them (uninstrumented) into its archive, so with CDS off (JDK 25's copy,
  // -Xshare:off) they were counted on HotSpot only (issue 15).
  'java/lang/invoke/DirectMethodHandle$Holder',
  'java/lang/invoke/DelegatingMethodHandle$Holder',
  'java/lang/invoke/Invokers$Holder',
  'java/lang/invoke/LambdaForm$Holder',
]);

/**
 * Where both profiles end in scope `all`: `jdk.internal.misc.VM.shutdown()`, which
 * `java.lang.Shutdown.runHooks()` calls after the last shutdown hook has run (the program's own
 * hooks, run by `ApplicationShutdownHooks` on threads of their own, and the JDK's: console,
 * delete-on-exit), whether the shutdown began with the end of the last non-daemon thread
 * (`Shutdown.shutdown`), `System.exit` or a signal (`Shutdown.exit`). The transformer makes it
 * call `Lifecycle.beforeHalt` first (the agent writes its profile), and the exact profiler stops
 * counting on entering it (interp/exact.ts). So the hooks are profiled, and what the JVM does
 * after them (returning to the launcher, `Shutdown.halt`) is counted by neither profile
 * (docs/ACCURACY.md, "δb in scope all").
 */
export function isShutdownEntry(internalName: string, name: string, descriptor: string): boolean {
  return internalName === 'jdk/internal/misc/VM' && name === 'shutdown' && descriptor === '()V';
}

/**
 * Where the exact profiler stops counting: the shutdown cut above, and `Runtime.halt(int)`,
 * before whose calls the transformer puts `Lifecycle.beforeHalt` (halting skips the hooks).
 */
export function endsProfile(internalName: string, name: string, descriptor: string): boolean {
  return isShutdownEntry(internalName, name, descriptor) || (internalName === 'java/lang/Runtime' && name === 'halt' && descriptor === '(I)V');
}

/**
 * The bound-method-handle species that jlink pregenerated into java.base
 * (`java/lang/invoke/BoundMethodHandle$Species_LL`, `_LLL`..., `_D`, `_I`, `_LJ`...): method-handle
 * plumbing like the Holders above. JDK 17's CDS dump regenerates every one of them
 * (`-Xshare:dump -Xlog:cds+lambda=debug`: "Replaced class ...BoundMethodHandle$Species_LL", 17
 * classes, all but Species_L) from the lambda-form invoker lines of the class list, so on HotSpot
 * they were uninstrumented, and on the embedded engine (and HotSpot with -Xshare:off) counted:
 * `interface-dispatch` under main, `Species_LLLLL.copyWith` and `Species_LL.make` frames (21,800
 * samples at granularity 1) on the embedded engine only. Species made at run time are hidden
 * classes, never instrumented. `Species_L` is a class of BoundMethodHandle.java (not regenerated):
 * instrumented on both engines.
 */
export function isPregeneratedSpecies(internalName: string): boolean {
  return internalName.startsWith('java/lang/invoke/BoundMethodHandle$Species_') && internalName !== 'java/lang/invoke/BoundMethodHandle$Species_L';
}

/** Classes of the JDK the `all` mode leaves alone (ALL_SCOPE_EXCLUDED, the pregenerated species). */
export function excludedFromAll(internalName: string): boolean {
  return ALL_SCOPE_EXCLUDED.has(internalName) || isPregeneratedSpecies(internalName);
}

/** Everything but the runtime (the `all` mode). */
export const allScope: Scope = (n) => !neverInstrumented(n) && !excludedFromAll(n);

/** Only classes found in the user's class path (the `app` mode). */
export function appScope(isUserClass: (internalName: string) => boolean): Scope {
  return (n) => !neverInstrumented(n) && isUserClass(n);
}

/** Why a method of an instrumented class has no extended version (undefined: it has one). */
export type NoExtendedReason = 'intrinsic' | 'lambda-form' | 'paused' | 'clinit' | 'too-many-slots' | 'old-interface' | 'annotation-member' | 'interface-method' | 'caller-sensitive' | 'signature-polymorphic';

/**
 * Methods of java.lang.Math that HotSpot replaces by its own routines (vmIntrinsics: in the
 * interpreter too, on x86_64), whose results differ from their Java code (StrictMath's fdlibm)
 * in the last bit for some inputs (JDK 17: sin, cos, tan, exp, log, log10, pow; JDK 24 adds tanh
 * and 25 cbrt; on 17 these two run Math's code uninstrumented, and the StrictMath method it calls
 * counted, on both engines; the embedded engine's natives follow the release, Math.ts SINCE). They keep no extended version and their code stays as it is:
 * callers call the original (a call-out), so HotSpot's intrinsic computes the result, as for
 * plain `java`, and neither engine counts a bytecode for them (the embedded engine runs them as
 * natives: interp/natives/java/lang/Math.ts).
 */
export const MATH_INTRINSICS: ReadonlySet<string> = new Set(['sin(D)D', 'cos(D)D', 'tan(D)D', 'exp(D)D', 'log(D)D', 'log10(D)D', 'pow(DD)D', 'tanh(D)D', 'cbrt(D)D']);

/**
 * Every Java method (one with bytecode, not a native) that HotSpot's interpreter runs through an
 * intrinsic entry of its own instead of its bytecode and that code outside its class can call, by
 * class (AbstractInterpreter::method_kind of JDK 17 and 25 on x86_64; the JITs intrinsify them
 * too): the Math methods above, Math.abs(double), Math.sqrt, Math.fma (double and float),
 * Reference.get and (JDK 25, FdLibm's Java code there) StrictMath.sqrt. An original method is what
 * uninstrumented code, method handles, reflection and interface calls reach: HotSpot ran the
 * intrinsic, uncounted, where the embedded engine ran the instrumented body, counted
 * (`Reference.get` of JDK 25's MethodType intern set: 243 samples under main of HandleForms); and
 * instrumented callers called the extended copies, counted on HotSpot, where the embedded engine
 * runs Math.abs(double) and fma as natives (Math.fma's BigDecimal code: 780,000 samples of a loop
 * of 600 calls; and JDK 17's Math.abs copy keeps a NaN's sign bit, which java's intrinsic clears).
 * Like MATH_INTRINSICS they keep no extended version and their code as it is: every caller calls
 * the original, neither engine counts a bytecode of them or of what their code calls (the
 * embedded engine runs the Math ones and StrictMath.sqrt as natives, klass.ts; Reference.get's
 * body calls nothing), and HotSpot computes them as java does. Not here: the other kinds of
 * method_kind are natives (CRC32's updates, Float/Double's raw-bits conversions, JDK 17's
 * StrictMath.sqrt, Thread.currentThread); CRC32C's updateBytes and updateDirectByteBuffer are
 * private (only CRC32C's instrumented methods call them: their extended copies, on both engines);
 * JDK 25's Float.float16ToFloat and floatToFloat16 keep their extended copies (instrumented callers
 * count them on both engines; through a method handle or reflection HotSpot runs the intrinsic
 * and the embedded engine the instrumented original: a difference left, docs/RUNTIME.md).
 */
export const INTERPRETER_INTRINSICS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['java/lang/Math', new Set([...MATH_INTRINSICS, 'abs(D)D', 'sqrt(D)D', 'fma(DDD)D', 'fma(FFF)F'])],
  ['java/lang/ref/Reference', new Set(['get()Ljava/lang/Object;'])],
  // JDK 25: Java code (FdLibm's), java_lang_math_sqrt_strict; JDK 17: a native.
  ['java/lang/StrictMath', new Set(['sqrt(D)D'])],
]);

/**
 * Static helpers of java.lang.invoke.DirectMethodHandle that only lambda forms call (its
 * NamedFunctions: the member to link to, field offsets and bases, casts): part of the JVM's
 * method-handle plumbing, like the lambda forms themselves (hidden classes, never instrumented).
 * They keep no extended version and their code stays as it is, so neither engine counts them:
 * HotSpot runs them in every call through a direct method handle (a string concatenation's
 * StringConcatHelper calls: 208 of 9,358 samples under main of arithmetic-int-long at
 * granularity 1), the embedded engine where it runs lambda forms (issue 15).
 */
export const LAMBDA_FORM_HELPERS: ReadonlySet<string> = new Set([
  'internalMemberName(Ljava/lang/Object;)Ljava/lang/Object;',
  'internalMemberNameEnsureInit(Ljava/lang/Object;)Ljava/lang/Object;',
  'fieldOffset(Ljava/lang/Object;)J',
  'checkBase(Ljava/lang/Object;)Ljava/lang/Object;',
  'nullCheck(Ljava/lang/Object;)Ljava/lang/Object;',
  'staticBase(Ljava/lang/Object;)Ljava/lang/Object;',
  'staticOffset(Ljava/lang/Object;)J',
  'checkCast(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;',
  'allocateInstance(Ljava/lang/Object;)Ljava/lang/Object;',
  'constructorMethod(Ljava/lang/Object;)Ljava/lang/Object;',
]);

/**
 * Classes of the HotSpot engine's java.base patch whose methods all run paused when the JDK is
 * instrumented (engine/jdk-modules.ts): KomoriumClasses swaps the transformed bytes in at every
 * class definition (an index lookup, reading the bytes), KomoriumReflect hides the transformation
 * from reflection and stack traces (Method.getModifiers, getParameterTypes of every declared
 * method: counted, it was 4 samples per method of the main class in start-up); the embedded
 * engine does both in the VM. Each method is a wrapper (no extended version) whose
 * TC.enter/exit become enterPaused/exitPaused.
 */
export const PAUSED_CLASSES: ReadonlySet<string> = new Set(['java/lang/KomoriumClasses', 'java/lang/KomoriumReflect']);

export function noExtendedReason(owner: ClassInfo, m: MethodDecl, interfaces: InterfacePolicy = NO_INTERFACE_EXTENSION): NoExtendedReason | undefined {
  if (PAUSED_CLASSES.has(owner.name) && m.name !== '<clinit>') return 'paused';
  if (owner.name === 'java/lang/invoke/DirectMethodHandle' && (m.access & Acc.STATIC) !== 0 && LAMBDA_FORM_HELPERS.has(m.name + m.descriptor)) return 'lambda-form';
  if (INTERPRETER_INTRINSICS.get(owner.name)?.has(m.name + m.descriptor) && (m.access & Acc.NATIVE) === 0) return 'intrinsic';
  if (m.name === '<clinit>') return 'clinit';
  const isStatic = (m.access & Acc.STATIC) !== 0;
  // The extended descriptor adds 3 slots; `this` takes one more.
  if (argSlots(m.descriptor) + 3 + (isStatic ? 0 : 1) > 255) return 'too-many-slots';
  // Instance methods of interfaces: see interfaces.ts. Not in interfaces before version 52 (no
  // default methods) nor in annotation types (their proxies check the arity of every call).
  if ((owner.access & Acc.INTERFACE) !== 0 && (m.access & (Acc.STATIC | Acc.PRIVATE)) === 0) {
    if (owner.majorVersion < 52) return 'old-interface';
    if ((owner.access & Acc.ANNOTATION) !== 0) return 'annotation-member';
    if (!interfaces.extendable(owner.name, m.name + m.descriptor)) return 'interface-method';
  }
  if (m.callerSensitive) return 'caller-sensitive';
  if (
    (owner.name === 'java/lang/invoke/MethodHandle' || owner.name === 'java/lang/invoke/VarHandle') &&
    (m.access & (Acc.NATIVE | Acc.VARARGS)) === (Acc.NATIVE | Acc.VARARGS)
  )
    return 'signature-polymorphic';
  return undefined;
}

export function hasExtended(scope: Scope, owner: ClassInfo, m: MethodDecl, interfaces: InterfacePolicy = NO_INTERFACE_EXTENSION): boolean {
  return scope(owner.name) && noExtendedReason(owner, m, interfaces) === undefined;
}

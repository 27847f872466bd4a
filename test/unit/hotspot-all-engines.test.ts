// The HotSpot engine with the JDK instrumented and the embedded engine, context by context: the
// same deterministic program (test/java/hotspot-all) at granularity 1, R 0 gives identical
// profiles under main, or none of the JDK work a fix made the engines agree on differs
// (compareMainThread: under main and in start-up). Each test names what differed before.
// The runs' set-up: helpers/hotspot-all.ts (the test run's cache and its java.base copy).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { javaHome, runJava } from '../helpers/java';
import { compareMainThread, describeMainThread } from '../helpers/engines-profile';
import { classes, komorium, work } from '../helpers/hotspot-all';
import { bothEnginesAtGranularity1 } from '../helpers/hotspot-all-both';
import { hotspotNoCollectionArgs } from '../helpers/hotspot-no-gc';
import { loadProfile } from '../../server/src/profile/load';


// FormatDouble: identical since the class-loading fixes (below; it differed where the lock map did).
// LambdaVerify: lambda proxies are verified on both engines (HotSpot verifies hidden classes of
// Java loaders; on JDK 17 their verification loads nothing, on 25 it does: hotspot-jdk25.test.ts).
// WeakTypes: MethodTypes dropped, then 256 MB of garbage; HotSpot runs with a young generation
// that does not fill (hotspot-no-gc.ts), so, as on the embedded engine, no interned type is
// cleared (before: G1 collected, and ConcurrentWeakInternSet.expungeStaleElements removed them,
// replaceNode 1,040 samples on HotSpot only, under main 92.72 %).
// OptionalFirst: Optional initialised before the count on both engines (JDK 17 since misc15k).
// InternHash: JDK 17's String.intern() leaves the argument's hash alone (on 25 it stores it:
// hotspot-jdk25.test.ts), so the embedded engine stores none on 17.
for (const main of ['Concat', 'Loops', 'FormatDouble', 'LambdaVerify', 'WeakTypes', 'OptionalFirst', 'InternHash']) {
  test(`${main}: identical profiles under main on HotSpot and the embedded engine (granularity 1, R 0)`, () => {
    // Every check samples, so the self samples per context (with lines) are the blocks each
    // context ran: the same JDK code on both engines (string concatenation through
    // StringConcatHelper as JDK 17's method handles do it, printing, Integer/Long/Math).
    const c = bothEnginesAtGranularity1(main);
    assert.ok(c.main.identical, describeMainThread(c, 10).join('\n'));
    assert.ok(c.main.samples[0] > 1000, `samples under main: ${c.main.samples[0]}`);
  });
}

// java's CDS archive (docs/RUNTIME.md, "CDS"): FDBigInteger's powers of 5 and the boxing caches
// are archived objects, so their <clinit>s take the short path on HotSpot; the literals of
// archived classes are interned with their hash computed. The embedded engine emulates both
// (interp/cds-archive.ts): the methods involved count the same on both engines, in start-up and
// under main.
// StringSwitch: under main only (start-up hashes class names for that lock map).
for (const [main, methods, startup] of [
  ['FormatDouble', /^jdk\.internal\.math\.FDBigInteger\./, true],
  ['Boxing', /^java\.lang\.\w+\$\w+Cache\./, true],
  ['StringSwitch', /^java\.lang\.(String|StringLatin1)\.hashCode/, false],
] as const) {
  test(`${main}: what java takes from its CDS archive runs no Java code on either engine (granularity 1, R 0)`, () => {
    const c = bothEnginesAtGranularity1(main);
    const differing = [...c.main.methods, ...(startup ? c.startup.methods : [])].filter((d) => methods.test(d.context));
    assert.deepEqual(differing, [], describeMainThread(c, 10).join('\n'));
  });
}

// Class loading (docs/RUNTIME.md, "Class loading"): the runtime's names are put into the built-in
// loaders' lock maps during the uncounted start-up on both engines, JDK 17's archived application
// loader keeps the larger table its dump grew (emulated), the copy's reflection filters run paused,
// and the embedded engine takes java's launcher steps (LauncherHelper.<clinit> before the count,
// getApplicationClass after checkAndLoadMain). Before, HotSpot counted loadClass of the runtime's
// names in start-up and the embedded engine resized the lock map (ConcurrentHashMap.transfer,
// ~150 samples) where HotSpot did not. The shutdown, on HotSpot's DestroyJavaVM thread, is left.
const CLASS_LOADING = /^(java\.util\.concurrent\.ConcurrentHashMap\.(transfer|addCount|setTabAt)|java\.lang\.ClassLoader\.(checkName|getClassLoadingLock|loadClass)|jdk\.internal\.loader\.BuiltinClassLoader\.|sun\.launcher\.LauncherHelper\.|java\.lang\.reflect\.Method\.)/;
for (const main of ['Boxing']) {
  test(`${main}: class loading and the launcher run the same code on both engines, start-up overlaps >= 99% (granularity 1, R 0)`, () => {
    const c = bothEnginesAtGranularity1(main);
    const differing = [...c.main.methods, ...c.startup.methods].filter((d) => CLASS_LOADING.test(d.context));
    assert.deepEqual(differing, [], describeMainThread(c, 10).join('\n'));
    assert.ok(c.startup.overlap >= 99, describeMainThread(c, 10).join('\n'));
  });
}

// What HotSpot runs as Java code around class definition and thread creation (docs/RUNTIME.md,
// "Class loading"): ClassLoader.addClass for every class the application loader defines (its
// list, archived with the loader in JDK 17's CDS archive, grows 1, 2, 3, 4, 6, 9...), and
// AccessController.getContext's optimize() of the stack's context in Thread.<init>. The embedded
// engine called neither before (about 20 samples per program that loads a few classes).
const DEFINE_AND_CONTEXT = /^(java\.lang\.ClassLoader\.addClass|java\.util\.ArrayList\.(add|grow)|jdk\.internal\.util\.ArraysSupport\.newLength|java\.util\.Arrays\.copyOf|java\.lang\.Math\.(min|max)|java\.security\.AccessControlContext\.|java\.security\.AccessController\.getContext)/;
test('ClassLoads: class definition and Thread.<init> run the same Java code on both engines, start-up overlaps >= 99% (granularity 1, R 0)', () => {
  const c = bothEnginesAtGranularity1('ClassLoads');
  const differing = [...c.main.methods, ...c.startup.methods].filter((d) => DEFINE_AND_CONTEXT.test(d.context));
  assert.deepEqual(differing, [], describeMainThread(c, 10).join('\n'));
  assert.ok(c.main.overlap >= 99, describeMainThread(c, 10).join('\n'));
  assert.ok(c.startup.overlap >= 99, describeMainThread(c, 10).join('\n'));
});

// Linkage (docs/RUNTIME.md, "Linkage leaves state behind"): HotSpot links each lambda in
// MethodHandleNatives.linkCallSite, paused, resolves a call site's MethodType without the loader
// while its types are java.lang or java.lang.invoke classes, and initialises java.lang.invoke's
// core while it creates the VM. With the JDK instrumented the embedded engine now links lambdas
// through the same Java code (paused too), resolves MethodTypes by the same rule and initialises
// java's boot classes before the count. A guard (it passed before too: the VM's own spinning gave
// the same profile for these lambdas). Left: the order within the bins of BuiltinClassLoader's
// archived packageToModule map (ConcurrentHashMap.get, String.equals of findLoadedModule), the
// copy's CDS dump's.
const LINKAGE = /^(java\.lang\.ClassLoader\.|jdk\.internal\.loader\.|java\.lang\.invoke\.|java\.lang\.StringLatin1\.(indexOfChar|hashCode|lastIndexOf)|java\.lang\.String\.(indexOf|lastIndexOf|substring|hashCode))/;
test('Lambdas: linkage leaves the same state on both engines: no class loading or java.lang.invoke code differs under main (granularity 1, R 0)', () => {
  const c = bothEnginesAtGranularity1('Lambdas');
  const differing = c.main.methods.filter((d) => LINKAGE.test(d.context) && !d.context.startsWith('java.util.concurrent.ConcurrentHashMap.get'));
  assert.deepEqual(differing, [], describeMainThread(c, 10).join('\n'));
  assert.ok(c.main.overlap >= 95, describeMainThread(c, 10).join('\n'));
});

// Classes made at run time (docs/RUNTIME.md): HotSpot's copy instruments only what was
// transformed ahead (the JDK image's and the class path's classes), so a Proxy class runs
// uninstrumented there; the embedded engine instrumented it ($Proxy0 frames, under main overlap
// 91.71 %); now it leaves it as given too (96.03 %; the rest: the lock map's resize, below).
test('Proxies: a proxy class made at run time runs uninstrumented on both engines (granularity 1, R 0)', () => {
  const c = bothEnginesAtGranularity1('Proxies');
  const differing = [...c.main.methods, ...c.startup.methods].filter((d) => /(^|\.)\$Proxy\d+\./.test(d.context));
  assert.deepEqual(differing, [], describeMainThread(c, 10).join('\n'));
  assert.ok(c.main.overlap >= 95, describeMainThread(c, 10).join('\n'));
});

// Classes the embedded engine's boot initialised and java's archived boot layer does not
// (boot-uninit.ts, branch cf16r): on JDK 17 ModuleDescriptor$Modifier and Modules, whose
// <clinit>s java runs under main (a descriptor with a modifier, a dynamic proxy's module). Before:
// Modifier.<init> 4 / 0, Modules.<clinit> 2 / 0, Modifier.<clinit> 1 / 0 samples under main
// (99.85 %); after: none of them differs (99.86 %, the rest a HashSet of classes and the MethodType
// set's bins). The JDK 25 side, where AccessFlag follows: hotspot-jdk25.test.ts.
test('BootEnums: the classes java\'s archived boot layer leaves uninitialised run their <clinit>s under main on both engines (granularity 1, R 0)', () => {
  const c = bothEnginesAtGranularity1('BootEnums');
  const why = describeMainThread(c, 10).join('\n');
  const boot = /^(java\.lang\.module\.ModuleDescriptor\$Modifier|jdk\.internal\.module\.Modules|java\.lang\.Enum\.|jdk\.internal\.access\.SharedSecrets\.)/;
  assert.deepEqual(c.main.methods.filter((d) => boot.test(d.context)), [], why);
  assert.ok(c.main.samples[0] > 10_000, why);
  assert.ok(c.main.overlap >= 99.5, why);
});

// Method-handle state and verification (branch ident15h; docs/RUNTIME.md "Branch ident15h"): JDK
// 17's CDS dump regenerates the pregenerated bound-method-handle species (Species_LL...) without
// instrumentation, so neither engine instruments them now (scope.ts isPregeneratedSpecies); the
// embedded engine links a string concatenation through StringConcatFactory (paused) as HotSpot
// does, for the LambdaForms and invokers that linkage caches; its verifier walks a class's
// superclasses through the class, not through the loader (HotSpot's is_subclass_of). Before:
// Species_* frames on the embedded engine only, two more loadClass calls (RuntimeException,
// Exception) in start-up and under main, under main 60.26 % / start-up 92.38 %; after 96.68 % /
// 99.51 % (LambdaForm spinning that HotSpot's boot or archive left cached remains).
const HANDLES_AND_LOADS = /(BoundMethodHandle\$Species_|^java\.lang\.ClassLoader\.(checkName|loadClass|getClassLoadingLock)|^jdk\.internal\.loader\.BuiltinClassLoader\.loadClass|^jdk\.internal\.loader\.ClassLoaders\$AppClassLoader\.loadClass)/;
test('DefaultProxy: species, concatenation linkage and the verifier\'s class loads as on HotSpot (granularity 1, R 0)', () => {
  const c = bothEnginesAtGranularity1('DefaultProxy');
  const differing = [...c.main.methods, ...c.startup.methods].filter((d) => HANDLES_AND_LOADS.test(d.context));
  assert.deepEqual(differing, [], describeMainThread(c, 10).join('\n'));
  assert.ok(c.main.overlap >= 95, describeMainThread(c, 10).join('\n'));
  assert.ok(c.startup.overlap >= 99, describeMainThread(c, 10).join('\n'));
});

// Exceptions the VM makes (docs/RUNTIME.md, "Exceptions the VM makes"): HotSpot makes a
// NullPointerException, ArithmeticException, ArrayIndexOutOfBoundsException, ClassCastException,
// NegativeArraySizeException or ArrayStoreException (of a bytecode or of System.arraycopy) with
// its Java constructor (Exceptions::new_exception), counted with the JDK instrumented: Throwable's
// constructors, fillInStackTrace, NullPointerException's; the embedded engine filled the fields
// and ran no Java code (under main 80.76 %, start-up 83.74 %: the constructors of the exceptions
// of bytecodes start a fresh segment, so most of them are roots of the main thread). And JDK 17's
// archived lock map of the application loader has the 2,048 bins the dump's class loads grew it
// to: with the 32 the embedded engine gave it, the main class's loads collided in bins where
// HotSpot's found them empty (ConcurrentHashMap.putVal, 98 against 104 samples).
test('VmExceptions: exceptions the VM makes run their Java constructors on both engines, and the lock map has the archived table (granularity 1, R 0)', () => {
  const c = bothEnginesAtGranularity1('VmExceptions');
  assert.ok(c.main.identical, describeMainThread(c, 10).join('\n'));
  const differing = c.startup.methods.filter((d) => /^java\.lang\.\w*(Exception|Error|Throwable)\.|^java\.util\.concurrent\.ConcurrentHashMap\./.test(d.context));
  assert.deepEqual(differing, [], describeMainThread(c, 10).join('\n'));
  assert.ok(c.startup.overlap >= 99.5, describeMainThread(c, 10).join('\n'));
});

// LambdaForms compiled on one engine only (branch mh15j; docs/RUNTIME.md "Branch mh15j"): HotSpot
// resolves a method that can be statically bound (final, or of a final class: String.hashCode,
// StringBuilder.toString; and MethodHandle.invokeBasic) as REF_invokeSpecial, so its
// DirectMethodHandle takes a DMH.invokeSpecial form pregenerated in DirectMethodHandle$Holder; the
// embedded engine gave REF_invokeVirtual, found no such form there and compiled it, counted
// (InvokerBytecodeGenerator, ASM). Before: 190 of those methods differed under main, under main
// overlap 79.08 % (141,128 / 176,529 samples); after: none, 99.13 %.
const FORMS = /^java\.lang\.invoke\.(InvokerBytecodeGenerator|LambdaForm|DirectMethodHandle|MethodHandleImpl|BoundMethodHandle|DelegatingMethodHandle|Invokers)|objectweb|classfile/;
test('HandleForms: method handles on final classes take the same LambdaForms on both engines, none compiled on one only (granularity 1, R 0)', () => {
  const c = bothEnginesAtGranularity1('HandleForms');
  const why = describeMainThread(c, 10).join('\n');
  assert.deepEqual(c.main.methods.filter((d) => FORMS.test(d.context)), [], why);
  assert.ok(c.main.samples[0] > 100_000, why);
  assert.ok(c.main.overlap >= 99, why);
});

// Java methods HotSpot's interpreter runs through intrinsic entries (AbstractInterpreter::
// method_kind: Reference.get, Math.abs(double), sqrt, fma; transform/scope.ts
// INTERPRETER_INTRINSICS): reached through a method handle or an interface they ran
// instrumented on the embedded engine only, called directly their extended copies ran on HotSpot
// only (Math.fma's BigDecimal code; the embedded engine computes fma and abs as natives). Before:
// under main 7.41 % (844,523 samples on HotSpot against 64,079). Now none has an extended
// version, neither engine counts them or their callees, and HotSpot computes them as java does
// (a NaN's sign bit in Math.abs). Left under main: the MethodType intern set's bins and a NoSuchMethodError
// HotSpot makes (and clears) in a speculative MemberName resolution (99.96 %). And the class
// swap's prologue in the copy's ClassLoader.defineClass has the method's first line
// (reflect-patch.ts prologueLine): before, HotSpot's sample of the block that runs it was on
// line 0, the embedded engine's (no prologue) on the first line, a context per class defined.
const INTRINSIC_WORK = /^java\.(lang\.(Math|StrictMath|FdLibm|ref\.)|math\.|nio\.ByteOrder|util\.zip\.CRC32C)/;
test('Intrinsics: methods HotSpot runs as intrinsics are counted by neither engine; the class swap has a line (granularity 1, R 0)', () => {
  const c = bothEnginesAtGranularity1('Intrinsics');
  const why = describeMainThread(c, 10).join('\n');
  assert.deepEqual(c.main.methods.filter((d) => INTRINSIC_WORK.test(d.context)), [], why);
  assert.ok(c.main.overlap >= 99.5, why);
  assert.ok(c.main.samples[0] > 1000, why);
  assert.deepEqual(c.startup.contexts.filter((d) => /java\.lang\.ClassLoader\.defineClass\(\S*:\d+ @\d+$/.test(d.context)), [], why);
});

// HotSpot's speculative MemberName resolution (InvokerBytecodeGenerator.lookupPregenerated ->
// MemberName$Factory.resolveOrNull) lets LinkResolver construct a NoSuchMethodError (its Java
// constructor, counted) and clears it, but only for a signature its symbol table holds (of a
// loaded class, of a CDS-archived class, or of a LambdaForm class spun before); other misses
// return null at once. The embedded engine does the same (invoke/member.ts knownSignature).
// Before: it constructed none (JDK 17: NoSuchMethodError.<init> 6 / 3 under main here, the three
// from the program's failed findVirtual/findStatic/findConstructor on both).
const EXCEPTION_WORK = /^java\.lang\.(Throwable|\w*Error)\./;
test('SpeculativeResolve: exceptions of speculative MemberName resolutions made as HotSpot makes them (granularity 1, R 0)', () => {
  const c = bothEnginesAtGranularity1('SpeculativeResolve');
  const why = describeMainThread(c, 10).join('\n');
  assert.deepEqual(c.main.methods.filter((d) => EXCEPTION_WORK.test(d.context)), [], why);
  assert.ok(c.main.samples[0] > 1000, why);
});

// Classes the embedded engine initialises before the count (JDK 17: Optional in its initPhase2,
// InnerClassLambdaMetafactory for its lambda linkage, and with it MethodType, Wrapper, Void, Short)
// are initialised by the copy's LauncherHelper.checkAndLoadMain before the count too (contract.ts
// launcherInitializedClasses). Before: Short.<clinit> under main on HotSpot only (2 samples, at the
// first boxed short), Optional.<clinit> and Void.<clinit> in start-up (3).
test('Boxing: classes initialised before the count on the embedded engine are on HotSpot too: identical under main (granularity 1, R 0)', () => {
  const c = bothEnginesAtGranularity1('Boxing');
  const why = describeMainThread(c, 10).join('\n');
  assert.ok(c.main.identical, why);
  assert.deepEqual(c.startup.methods.filter((d) => /^java\.(util\.Optional|lang\.(Void|Short))\./.test(d.context)), [], why);
});


// The salt of Set.of/Map.of iteration order (ImmutableCollections.<clinit>): HotSpot's copy
// replaces its System.nanoTime() by the constant 1 (reflect-patch.ts FILTERS `seed`), and the
// embedded engine now patches its ImmutableCollections the same way (interp-transform.ts), so
// both iterate in the same order. Before: the embedded engine's salt came from its boot clock,
// SaltOrder under main 93.82 % (its loop ran 7,670 against 5,676 samples).
test('SaltOrder: Set.of and Map.of iterate in the same order on both engines (granularity 1, R 0)', () => {
  const c = bothEnginesAtGranularity1('SaltOrder');
  const differing = c.main.methods.filter((d) => /^(SaltOrder\.main|java\.util\.ImmutableCollections|java\.lang\.String\.(coder|length))/.test(d.context));
  assert.deepEqual(differing, [], describeMainThread(c, 10).join('\n'));
});

// HotSpot initialises jdk.internal.reflect.ConstantPool when it makes one for the JDK's annotation
// parser (reflect_ConstantPool::create): its <clinit> (Reflection.registerFieldsToFilter) runs
// under main, at the program's first annotation read. The embedded engine's getConstantPool made
// the object without initialising the class (the filter was never registered; under main overlap
// 4.97 %, 98.03 % after).
test('Annotations: reading an annotation initialises ConstantPool on both engines (granularity 1, R 0)', () => {
  const c = bothEnginesAtGranularity1('Annotations');
  const differing = c.main.methods.filter((d) => /^jdk\.internal\.reflect\.(ConstantPool|Reflection)\./.test(d.context));
  assert.deepEqual(differing, [], describeMainThread(c, 10).join('\n'));
  // ConstantPool.getUTF8At0 makes a new String, as HotSpot's JVM_ConstantPoolGetUTF8At does: the
  // parser's member names are not Method.getName()'s interned ones, so HashMap lookups call
  // String.equals and hash them (before: StringLatin1.equals 3,874 / 3,830, hashCode 5,001 / 4,978).
  assert.deepEqual(c.main.methods.filter((d) => /^java\.lang\.String(Latin1)?\.(equals|hashCode)\(/.test(d.context)), [], describeMainThread(c, 10).join('\n'));
  assert.ok(c.main.overlap >= 95, describeMainThread(c, 10).join('\n'));
});

// The JDK's home (branch id17m; docs/RUNTIME.md, "The JDK's home"). HotSpot takes java.home and
// sun.boot.library.path from libjvm's real path, the copy's: the program printed the cache's
// directory where java prints the JDK's, and the JDK's code scanned the longer strings (library
// paths, <java.home>/lib/modules). The copy now reports the JDK's (SystemProps$Raw's filter), and
// its image reader maps the JDK's image path back to the copy's. The embedded engine runs what
// HotSpot runs when java.nio loads libnet and libnio (their JNI_OnLoad: getFromClass, a
// property), and gives NativeThread a token as HotSpot does. The runtime's deadlock watch is in
// the system thread group (JDK 17's ThreadGroup.threadTerminated of main's group: 2 / 3 samples in
// every start-up before). Left under main: an IdentityHashMap's bins (identity hashes), 3 samples.
test('JdkHome: java.home and the boot library path as java reports them; the JDK code that scans them and loads libnet/libnio counts the same on both engines (granularity 1, R 0)', () => {
  const c = bothEnginesAtGranularity1('JdkHome');
  const why = describeMainThread(c, 10).join('\n');
  const paths = /^(sun\.nio\.|java\.io\.|java\.lang\.(Boolean|System|String|StringLatin1|StringCoding)\.|jdk\.internal\.loader\.|java\.util\.(ArrayDeque|Properties)\.|java\.util\.concurrent\.ConcurrentHashMap\.)/;
  assert.deepEqual(c.main.methods.filter((d) => paths.test(d.context)), [], why);
  assert.ok(c.startup.identical, why);
  assert.ok(c.main.overlap >= 99.9, why);
});
for (const main of ['Concat', 'Loops']) {
  test(`${main}: main's thread group ends as on the embedded engine: no ThreadGroup method differs in start-up (granularity 1, R 0)`, () => {
    const c = bothEnginesAtGranularity1(main);
    assert.deepEqual(c.startup.methods.filter((d) => /^java\.lang\.ThreadGroup\./.test(d.context)), [], describeMainThread(c, 10).join('\n'));
  });
}
// Records' toString/hashCode/equals (ObjectMethods.bootstrap): the embedded engine linked them
// with a spun method of its own (indy/records.ts: a StringBuilder chain, direct calls), HotSpot
// through the JDK's bootstrap, whose method-handle tree runs counted (JDK 17: String.format, so
// Formatter.<clinit> compiles its Pattern; MethodHandleImpl.profileBoolean, Class.cast in guards).
// Before: under main 33.59 % (32,720 HotSpot / 15,323 embedded samples); corpus generics 86.56 %.
test('Records: record methods link through the JDK\'s ObjectMethods on both engines: identical under main (granularity 1, R 0)', () => {
  const c = bothEnginesAtGranularity1('Records');
  assert.ok(c.main.identical, describeMainThread(c, 10).join('\n'));
});

// A failed class initialisation (init-failure.ts): HotSpot records the error for later
// NoClassDefFoundErrors with Java code (ExceptionInInitializerError(String), the original's
// getStackTrace(): StackTraceElement.of, computeFormat) and throws ExceptionInInitializerError(cause)
// through its constructor; its verifier resolves a catch type of Throwable through the class's
// loader (a loadClass in start-up, when the main class is linked). The embedded engine ran none of
// that Java code and loaded Throwable through the loader at the first catch, under main. Before:
// under main 97.83 %, start-up 96.14 % (StackTraceElement.of 48 / 0).
test('ClassInitFailure: failed initialisations and the verifier\'s catch types run the same Java code on both engines: identical under main (granularity 1, R 0)', () => {
  const c = bothEnginesAtGranularity1('ClassInitFailure');
  const why = describeMainThread(c, 10).join('\n');
  assert.ok(c.main.identical, why);
  assert.deepEqual(c.startup.methods.filter((d) => /^java\.lang\.(\w*(Error|Exception|Throwable)|StackTraceElement\w*|ClassLoader)\.|^jdk\.internal\.loader\./.test(d.context)), [], why);
});

// Stack traces through reverse trampolines (the program's interface called on a lambda, Class.forName0
// running a failing initialiser, reflection's invoke0): HotSpot's backtrace has their frames, the
// embedded engine's does not. The copy's StackTraceElement.of leaves them out before it makes and
// formats its elements (engine/stack-frames-patch.ts); before, Throwable dropped them from of's
// result, and their elements' making and formatting were counted on HotSpot only (under main
// 99.53 %: StackTraceElement.of 136 / 124, computeFormat 84 / 75). Its prologue's calls make no
// check either (transform/method.ts): one sample more per stack trace at granularity 1.
test('StackTraces: the frames of reverse trampolines are left out before their elements are made: identical under main (granularity 1, R 0)', () => {
  const c = bothEnginesAtGranularity1('StackTraces');
  assert.ok(c.main.identical, describeMainThread(c, 10).join('\n'));
  assert.ok(c.main.samples[0] > 10_000, `samples under main: ${c.main.samples[0]}`);
});

// Directory listings: readdir(3) gives "." and "..", which UnixDirectoryStream's iterator reads and
// skips in Java (a read lock taken and released for each); node:fs's Dir leaves them out, so the
// embedded engine's readdir gives them first (UnixNativeDispatcher.ts). Before: readNextEntry
// 343 / 287 under main, the read lock's methods 28 per listing fewer on the embedded engine.
// (Left: HotSpot's directory streams are UnixSecureDirectoryStream, openat; the embedded engine
// has no openat family, so their close differs; the temporary directory's random name.)
const DIRECTORY_ITERATION = /^(sun\.nio\.fs\.UnixDirectoryStream\$UnixDirectoryIterator\.|java\.util\.concurrent\.locks\.(ReentrantReadWriteLock\$Sync\.(tryAcquireShared|tryReleaseShared)|AbstractQueuedSynchronizer\.(acquireShared|releaseShared)))/;
test('DirList: directory streams read "." and ".." on both engines: their iteration counts the same (granularity 1, R 0)', () => {
  const c = bothEnginesAtGranularity1('DirList');
  assert.deepEqual(c.main.methods.filter((d) => DIRECTORY_ITERATION.test(d.context)), [], describeMainThread(c, 10).join('\n'));
});

// A reflective call whose target throws: HotSpot's Reflection::invoke wraps the exception with
// THROW_ARG (InvocationTargetException's Java constructor <init>(Throwable), counted); the embedded
// engine set its fields (raise.ts throwConstructed now). Before: InvocationTargetException.<init>
// 17 / 3 under main (the 3 from the JDK's generated accessors after inflation, on both).
test('ReflectThrows: InvocationTargetException made by its Java constructor on both engines (granularity 1, R 0)', () => {
  const c = bothEnginesAtGranularity1('ReflectThrows');
  const why = describeMainThread(c, 10).join('\n');
  assert.deepEqual(c.main.methods.filter((d) => /^java\.lang\.(reflect\.InvocationTargetException|ReflectiveOperationException|Exception|Throwable)\./.test(d.context)), [], why);
  assert.ok(c.main.samples[0] > 20_000, why);
});

// Program arguments: java.c's CreateApplicationArgs makes each a String with
// LauncherHelper.makePlatformString (counted, after the main class's initialisation; the main
// class's name went through it before the count, setting its `encoding`); the embedded engine made
// them natively. Before: makePlatformString, String(byte[], String), Charset.lookup and the
// UTF-8 decoding on HotSpot only (corpus stdin-scanner-args: 90 / 0 bytecodes in makePlatformString).
test('MainArgs: program arguments are made Strings by the launcher\'s Java code on both engines: identical (granularity 1, R 0)', () => {
  // ASCII only: with a locale that is not UTF-8 java decodes arguments as ASCII, the embedded
  // engine as UTF-8 (its sun.jnu.encoding does not follow the locale).
  const c = bothEnginesAtGranularity1('MainArgs', ['10', '--reverse', 'with space', '', '-x=1']);
  const why = describeMainThread(c, 10).join('\n');
  assert.deepEqual([...c.main.methods, ...c.startup.methods].filter((d) => /^(sun\.launcher\.LauncherHelper|java\.lang\.(String|StringCoding)|java\.nio\.charset)\./.test(d.context)), [], why);
  assert.ok(c.main.identical, why);
});

// Classes a reflection loader defines (JDK 17's generated accessors, DelegatingClassLoader) are in
// the module of the loader's parent on HotSpot (non_reflection_class_loader): java.base for an
// accessor of a JDK class, the application loader's unnamed module for one of a class-path class.
// The embedded engine put each in its DelegatingClassLoader's own unnamed module, so
// Class.newInstance of every accessor took verifyModuleAccess's slow path and computed its package
// name. Before: Class.getPackageName 94 / 129, StringLatin1.lastIndexOf 1,028 / 1,332 samples
// under main (corpus serialization: 18 of 18 accessors through getPackageName against HotSpot's 5).
const REFLECT_MODULE_CHECK = /^(java\.lang\.Class\.getPackageName|jdk\.internal\.reflect\.Reflection\.verifyModuleAccess|java\.lang\.Module\.(isExported|implIsExportedOrOpen|isNamed)|java\.lang\.StringLatin1\.lastIndexOf)/;
test('ReflectModules: generated reflection accessors are in their parent loader\'s module on both engines (granularity 1, R 0)', () => {
  const c = bothEnginesAtGranularity1('ReflectModules');
  assert.deepEqual(c.main.methods.filter((d) => REFLECT_MODULE_CHECK.test(d.context)), [], describeMainThread(c, 10).join('\n'));
});


// The main class's initialiser fails: java.c reports it with ExceptionDescribe (HotSpot: the text
// `Exception in thread "main" `, then Throwable.printStackTrace() in Java), not through
// Thread.dispatchUncaughtException as the embedded engine did (boot.ts). Before: start-up 46.62 %;
// in the corpus program 61.89 %
// (corpus main-class-init-failure: dispatchUncaughtException 4,462 samples on the embedded engine,
// printStackTrace 4,170 on HotSpot, as roots of the main thread).
test('MainInitFailure: a failed main-class initialisation is described as java.c does on both engines (granularity 1, R 0)', () => {
  const expected = runJava(['-cp', classes, 'MainInitFailure']);
  const profile = (engine: string) => {
    const f = join(work, `MainInitFailure-${engine}.json`);
    const r = komorium(['run', '--engine', engine, '--instrument', 'all', '--granularity', '1', '--random', '0', '-o', f, '-cp', classes, 'MainInitFailure']);
    assert.equal(r.status, 1, r.stderr);
    assert.equal(r.stderr.split('\n').slice(0, 3).join('\n'), expected.stderr.split('\n').slice(0, 3).join('\n'), engine);
    return loadProfile(f);
  };
  const c = compareMainThread(profile('jvm'), profile('interpreter'), 'MainInitFailure');
  const why = describeMainThread(c, 10).join('\n');
  assert.deepEqual(c.startup.methods.filter((d) => /^java\.lang\.(Thread|ThreadGroup|Throwable)\.(dispatchUncaughtException|uncaughtException|printStackTrace|getUncaughtExceptionHandler)/.test(d.context)), [], why);
  assert.ok(c.startup.overlap >= 99, why);
});

// The class swap's initialisers: on JDK 17 the copy's KomoriumClasses initialised RandomAccessFile,
// RandomAccessFile$2, DataInputStream and ByteArrayInputStream (paused) before the main class
// was loaded, and the embedded engine followed it in its uncounted start-up (before that:
// ByteArrayInputStream.<clinit> (desiredAssertionStatus) and RandomAccessFile.<clinit> under main
// on the embedded engine only, 8 samples; corpus character-class). Since branch mt16 the swap
// decodes its index by hand and initialises none of them, as java does not: both engines count
// their <clinit>s under main.
test('SwapInits: the readers the class swap used to initialise run their <clinit>s under main on both engines: identical under main (granularity 1, R 0)', () => {
  const c = bothEnginesAtGranularity1('SwapInits');
  const why = describeMainThread(c, 10).join('\n');
  assert.ok(c.main.identical, why);
  assert.deepEqual(c.startup.methods.filter((d) => /^java\.io\.(RandomAccessFile|DataInputStream|ByteArrayInputStream)/.test(d.context)), [], why);
});

// Byte-array view VarHandles and the JDK's readers (DataInputStream, RandomAccessFile) under
// main: the class swap's index reading left no VarHandle, VarForm MemberName or MethodType behind
// on HotSpot (branch mt16; on JDK 17 the readers use no VarHandles: this identical before too, the
// JDK 25 case in hotspot-jdk25.test.ts differed).
test('ViewHandles: byte-array view VarHandles and DataInputStream count the same on both engines: identical under main and in start-up (granularity 1, R 0)', () => {
  const c = bothEnginesAtGranularity1('ViewHandles');
  const why = describeMainThread(c, 10).join('\n');
  assert.ok(c.main.identical, why);
  assert.ok(c.startup.identical, why);
});

// Class.getEnclosingMethod: HotSpot's JVM_GetEnclosingMethodInfo makes new Strings for the
// enclosing method's name and descriptor (create_from_symbol), as for ConstantPool.getUTF8At0;
// the embedded engine gave the interned ones, so `m.getName().equals(name)` returned at `==`.
// Before: under main 99.16 % (StringLatin1.equals 845 / 233 samples; corpus nested-classes).
test('EnclosingMethod: getEnclosingMethod compares new name strings on both engines: identical under main (granularity 1, R 0)', () => {
  const c = bothEnginesAtGranularity1('EnclosingMethod');
  assert.ok(c.main.identical, describeMainThread(c, 10).join('\n'));
});

// Class.getDeclaredMethods/getDeclaredConstructors in HotSpot's order (interp/method-order.ts:
// sorted when the class is parsed, by the name Symbols' addresses: the CDS archive's symbols in
// its order, then the run's; HotSpot's quicksort). The embedded engine listed them in class-file
// order: getEnclosingMethod stopped at another candidate and the program's output was not java's.
// Before (JDK 17, java.base copy): 20,157 main-thread bytecodes more on the embedded engine
// (getEnclosingMethod, String.equals, Method.getName; branch neg25).
test('MethodOrder: declared methods in HotSpot order on both engines: output as java, identical under main (granularity 1, R 0)', () => {
  const c = bothEnginesAtGranularity1('MethodOrder');
  assert.ok(c.main.identical, describeMainThread(c, 10).join('\n'));
});

// Native libraries loaded through NativeLibraries.load (BootLoader.ts load): on JDK 17 libjava's
// initIDs finds a class at the first load of the process, so FindClass's NativeLibraries.getFromClass()
// runs there (libzip for CRC32 here), then libnet's JNI_OnLoad (getFromClass, Boolean.getBoolean);
// libnio's JNI_OnLoad finds nothing. Before: the embedded engine made the second getFromClass at
// libnio's load, none at libzip's (corpus hashing: getFromClass under main on HotSpot only).
test('NativeFirstLoad: the upcalls of NativeLibraries.load run where HotSpot runs them (granularity 1, R 0)', () => {
  const c = bothEnginesAtGranularity1('NativeFirstLoad');
  const why = describeMainThread(c, 10).join('\n');
  assert.deepEqual(c.main.contexts.filter((d) => /NativeLibraries\.getFromClass|Boolean\.getBoolean/.test(d.context)), [], why);
  assert.deepEqual(c.main.methods.filter((d) => /^jdk\.internal\.loader\.NativeLibraries|^java\.lang\.Boolean\./.test(d.context)), [], why);
});

// The profiler's own thread on HotSpot (DeadlockWatch) lives in the root group, beside the JVM's
// threads. It was in the program's "main" group: a program saw one thread more than under java
// (enumerate, activeCount), and on JDK 17 the main thread's exit found its group not empty
// (ThreadGroup.threadTerminated skipped notifyAll: 2 samples against 3 in every program's exit).
// The patch's own instructions in the copy's JDK classes are not counted either (transform/
// uncounted.ts): the class swap in ClassLoader.defineClass counted 17 bytecodes per class the
// program's loader defined, each reflection filter 1 (getDeclaredMethods in the launcher's check
// of main), on HotSpot only: the main thread's total differed, and at any granularity but 1
// every sample after the first class load moved.
test('ThreadGroups: the program sees the threads java shows; the main thread\'s exit samples the same on both engines (granularity 1, R 0)', () => {
  const c = bothEnginesAtGranularity1('ThreadGroups');
  const why = describeMainThread(c, 10).join('\n');
  assert.ok(c.main.identical, why);
  assert.ok(c.startup.identical, why);
  const total = (engine: string) => loadProfile(join(work, `ThreadGroups-${engine}.json`)).threads.find((t) => t.name === 'main')!.bytecodes;
  assert.equal(total('jvm'), total('interpreter'), 'bytecodes of the main thread, HotSpot and embedded');
});

// KOMORIUM_JDK_MODULES=java.base (helpers/hotspot-all.ts's setting, the corpus runner's): HotSpot's copy
// instruments java.base only, and the embedded engine's `all` scope now follows the same list
// (interp-transform.ts), so jdk.localedata's CLDR data (FormatData_de/_fr, CLDRLocaleDataMetaInfo,
// reached by String.format with a locale) runs uncounted on both engines. Before: counted on the
// embedded engine only (FormatData_fr.getContents 0 / 113 under main), under main 96.36 %,
// start-up 90.71 %. Left under main (BENCHMARKS part E, scope15n): the platform loader's image
// lookups (jdk.internal.jimage: HotSpot's copy reads its own lib/modules, whose hash table
// differs from the JDK's), one class definition more on HotSpot, Reflection's filter map bins.
test('FormatLocale: with KOMORIUM_JDK_MODULES=java.base jdk.localedata runs uninstrumented on both engines: start-up identical (granularity 1, R 0)', () => {
  const c = bothEnginesAtGranularity1('FormatLocale');
  const why = describeMainThread(c, 10).join('\n');
  const localeData = /^sun\.(text\.resources\.cldr\.ext|util\.resources\.cldr\.provider|util\.resources\.provider)\./;
  assert.deepEqual([...c.main.methods, ...c.startup.methods].filter((d) => localeData.test(d.context)), [], why);
  assert.ok(c.startup.identical, why);
  assert.ok(c.main.overlap >= 99, why);
});

// The platform loader's `classes` list (ClassLoader.addClass, called by the VM for every class a
// Java loader defines): JDK 17's dump clears it on both built-in loaders, so HotSpot's first
// definition by the platform loader (jdk.localedata's CLDR classes here) copies an empty array of
// the archive's (ArraysSupport.newLength, Arrays.copyOf: 1, 2, 3, 4, 6...) where a new list would
// allocate 10. Before branch ord15o the embedded engine gave only the application loader's list
// that array on 17: 34 contexts under ArrayList.grow differed (BENCHMARKS part E, ord15o).
test('FormatLocale: the platform loader grows its class list as HotSpot does (granularity 1, R 0)', () => {
  const c = bothEnginesAtGranularity1('FormatLocale');
  const why = describeMainThread(c, 10).join('\n');
  const growth = /ClassLoader\.addClass|ArrayList\.grow|ArraysSupport\.newLength/;
  assert.deepEqual([...c.main.methods, ...c.main.contexts, ...c.startup.contexts].filter((d) => growth.test(d.context)), [], why);
});

// Java code's lookups in lib/modules (jdk.internal.jimage: the platform loader's java.sql class, a
// resource of java.base, and resources in no module, looked for in every module: misses): HotSpot's
// copy reads its own image, the embedded engine a view of the JDK's indexed as that copy
// (engine/java-image.ts: the same names, so the same perfect hash, attribute byte counts and
// strings). Every lookup counts the same: the probe (BasicImageReader.getLocationIndex, one or two
// hashes), the location it lands on (ImageLocation.verify, readValue) and what it reads.
// Before (branch img16), the embedded engine read jlink's image: under main 97.49 %, 1,292,732
// bytecodes on HotSpot, 1,312,349 embedded, the misses' probes (ImageStringsReader.unmaskedHashCode
// 24,960 / 25,024 samples, contexts 395 / 498 and 549 / 478) and verify (3,074 / 3,286). Before
// branch jim15p the attribute byte counts differed too (readValue 74 / 80). Left (not the
// image's): FileSystemProvider's Set.of probe (1 sample).
test('ImageLookups: what Java code looks up in lib/modules, found or not, counts as on the embedded engine (granularity 1, R 0)', () => {
  const c = bothEnginesAtGranularity1('ImageLookups');
  const why = describeMainThread(c, 10).join('\n');
  // Under a lookup (not the reader's opening: FileSystemProvider's Set.of differs there).
  const image = /jdk\.internal\.jimage\.(BasicImageReader\.(findLocation|verifyLocation|getLocationIndex)|ImageLocation|ImageStringsReader)/;
  assert.deepEqual([...c.main.contexts, ...c.startup.contexts, ...c.main.methods].filter((d) => image.test(d.context)), [], why);
  assert.ok(c.main.samples[0] > 100_000, `samples under main: ${c.main.samples[0]}`);
});

// Default serialVersionUIDs (branch arch25): HotSpot's JNI GetStaticMethodID throws a
// NoSuchMethodError (its Java constructor counted) for a class, or the superclass of one, without
// <clinit>, which ObjectStreamClass's native hasStaticInitializer clears; the embedded engine made
// none (serialization on JDK 17: 3 errors, 149 main-thread bytecodes fewer). Before:
// NoSuchMethodError.<init> and Throwable.fillInStackTrace on HotSpot only.
test('SerialSuid: a default serialVersionUID makes the NoSuchMethodErrors HotSpot\'s JNI makes (granularity 1, R 0)', () => {
  const c = bothEnginesAtGranularity1('SerialSuid');
  const why = describeMainThread(c, 10).join('\n');
  assert.deepEqual(c.main.methods.filter((d) => /(NoSuchMethodError|Throwable|IncompatibleClassChangeError)\./.test(d.context)), [], why);
  assert.ok(c.main.samples[0] > 10_000, why);
});

// The verifier's order (interp/method-order.ts, branch ord36): HotSpot verifies a class's methods
// in its method array's order, sorted by the address of each name's Symbol (the names java's CDS
// archive holds first: `main` before `zzyzxFirst`, declared first), and loads the catch types
// through the application loader in that order. VerifyOrder's two catch types have equal String
// hashes, so the loader's lock map chains them in one bin in load order, and its later loadClass
// calls walk that chain. Before, the embedded engine verified in class-file order: under main
// 88.53 % (1,831 / 1,636 samples; StringLatin1.equals 269 / 129, ConcurrentHashMap.putVal 70 / 45).
test('VerifyOrder: the verifier loads classes in HotSpot\'s method order (granularity 1, R 0)', () => {
  const c = bothEnginesAtGranularity1('VerifyOrder');
  const why = describeMainThread(c, 10).join('\n');
  assert.ok(c.main.identical, why);
  assert.ok(c.startup.identical, why);
  assert.ok(c.main.samples[0] > 1000, `samples under main: ${c.main.samples[0]}`);
});

// Stack frames' names (branch j17r): JDK 17's StackFrameInfo holds a MemberName that HotSpot's
// set_method_and_bci fills with the method only; getMethodName and getDescriptor run
// MemberName.expandFromVM and MethodHandleNatives.expand. The embedded engine filled in the name
// and type while walking: before, MemberName.getName, expandFromVM and isResolved ran on HotSpot
// only (stack-traces in the corpus: 40 bytecodes under main).
test('FrameNames: StackWalker frames\' names and descriptors are expanded by Java code on both engines: identical under main (granularity 1, R 0)', () => {
  const c = bothEnginesAtGranularity1('FrameNames');
  const why = describeMainThread(c, 10).join('\n');
  assert.ok(c.main.identical, why);
  assert.ok(c.main.samples[0] > 1000, `samples under main: ${c.main.samples[0]}`);
});

// A jar ahead of the main class's directory on the class path (branch jk38): java's launcher
// searches the jar first, and its draws on the main thread (the jar's streams, its manifest)
// come before the main class's mirror; the embedded engine took such a class path for a jar's
// (a constant number of draws), so every later main-thread hash was off (Jackson on JDK 25: a
// HashMap of argument conversions keyed by classes in makePairwiseConvertByEditor iterated in
// another order, LambdaForms compiled under Field.get on HotSpot only). Before, on JDK 17: the
// embedded engine printed `18b4aac2 14dad5dc` here, HotSpot's copy `58644d46 8bcc55f`.
test('JarFirstFields: a jar before the main class\'s directory draws the launcher\'s hashes as on HotSpot: the same hashes printed, identical under main (granularity 1, R 0)', () => {
  const jar = join(work, 'other.jar');
  execFileSync(join(javaHome(), 'bin', 'jar'), ['cf', jar, '-C', classes, 'HelloWorld.class']);
  const cp = `${jar}:${classes}`;
  const printed: string[] = [];
  const out = (engine: string) => {
    const f = join(work, `JarFirstFields-${engine}.json`);
    const noGc = engine === 'jvm' ? hotspotNoCollectionArgs().map((a) => `-J${a}`) : [];
    const r = komorium(['run', '--engine', engine, '--instrument', 'all', '--granularity', '1', '--random', '0', ...noGc, '-o', f, '-cp', cp, 'JarFirstFields']);
    assert.equal(r.status, 0, r.stderr);
    printed.push(r.stdout);
    return loadProfile(f);
  };
  const c = compareMainThread(out('jvm'), out('interpreter'), 'JarFirstFields');
  // The hashes follow the instrumented copy's archive (not java's values): each engine prints the other's.
  assert.equal(printed[1], printed[0]);
  const why = describeMainThread(c, 10).join('\n');
  assert.ok(c.main.identical, why);
  assert.ok(c.main.samples[0] > 1000, why);
});

// What a program sees of its methods' signatures (branch desc38): StackWalker's getDescriptor and
// getMethodType of frames that run an extended copy (the program's and the JDK's: a Comparator
// under List.sort, a forEach lambda) gave the transformation's descriptor, e.g.
// (Ljava/lang/String;Lkomorium/rt/TC;[Lkomorium/rt/MID;I)V, on both engines and in both scopes;
// now the original's (the java.base patch's KomoriumReflect.memberType, the embedded engine's
// MemberName expansion). MethodHandleInfo, SerializedLambda, reflection and stack traces print
// what java prints too.
test('Signatures: frames\' descriptors and method types, handles, lambdas, reflection and stack traces as java shows them, --instrument all and app, both engines', () => {
  bothEnginesAtGranularity1('Signatures');
  const expected = runJava(['-cp', classes, 'Signatures']);
  for (const engine of ['jvm', 'interpreter']) {
    const r = komorium(['run', '--engine', engine, '--instrument', 'app', '-o', join(work, `Signatures-app-${engine}.json`), '-cp', classes, 'Signatures']);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, expected.stdout, `${engine}, --instrument app`);
  }
});

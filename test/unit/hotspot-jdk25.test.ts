// JDK 25 on both engines with the JDK instrumented (issue 15, item 3): HotSpot running the
// instrumented copy of JDK 25 (java.base only, KOMORIUM_JDK_MODULES, in the test's own cache,
// built by the first run) and the embedded engine booting JDK 25 give identical profiles under
// main at granularity 1, and their start-ups overlap >= 99%. What this checks was different
// before (docs/RUNTIME.md, "JDK 25"): string concatenation (StringConcatFactory's hidden-class
// strategy, concat-jdk25.ts, was a StringBuilder), ClassLoader.addClass (HotSpot's upcall for every
// class a Java loader defines; the archived loaders' empty class lists), and the charsets and
// VarHandles KomoriumClasses initialised (paused) on HotSpot before the main class (it no longer
// does: ViewHandles below). Skipped only when no JDK 25 is installed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { compileJava, REPO, tempDir, testJdks } from '../helpers/java';
import { compareMainThread, compareThread, describeMainThread } from '../helpers/engines-profile';
import { hotspotNoCollectionArgs } from '../helpers/hotspot-no-gc';
import { loadProfile } from '../../server/src/profile/load';
import { compilePrograms, mapLimit, programsNamed } from '../helpers/corpus';
import { compareEngines } from '../helpers/engines-corpus';

const jdk25 = testJdks().find((j) => j.feature === 25);
const skip = jdk25 ? false : 'no JDK 25 installed (/usr/lib/jvm/temurin-25-*, KOMORIUM_TEST_JDKS)';
const cache = tempDir('hs25-cache');
const work = tempDir('hs25');
// For the runs made in this process (engines-corpus.ts, the corpus slice): the same cache and modules.
process.env.KOMORIUM_CACHE = cache;
process.env.KOMORIUM_JDK_MODULES = 'java.base';
const classes = jdk25 ? compileJava(join(REPO, 'test', 'java', 'hotspot-all')) : '';

/**
 * Both engines on `main`, each printing what java 25 prints; with `asJava` false (a program
 * printing identity hashes, which follow the instrumented copy's archive) each printing what the
 * other prints.
 */
function both(main: string, cp = classes, asJava = true): { thread: ReturnType<typeof compareMainThread>; shutdown: ReturnType<typeof compareThread> } {
  const home = jdk25!.home;
  const expected = spawnSync(join(home, 'bin', 'java'), ['-cp', cp, main], { encoding: 'utf8' });
  assert.equal(expected.status, 0, expected.stderr);
  let first: string | undefined;
  const out = (engine: string) => {
    const f = join(work, `${main}-${cp === classes ? "dir" : "jar"}-${engine}.json`);
    // HotSpot without a collection during the run, as the embedded engine (hotspot-no-gc.ts).
    const noGc = engine === 'jvm' ? hotspotNoCollectionArgs().map((a) => `-J${a}`) : [];
    const r = spawnSync(process.execPath, [join(REPO, 'bin', 'komorium.mjs'), 'run', '--jdk', home, '--engine', engine, '--instrument', 'all', '--granularity', '1', '--random', '0', ...noGc, '-o', f, '-cp', cp, main], {
      encoding: 'utf8',
      env: { ...process.env, KOMORIUM_CACHE: cache, KOMORIUM_JDK_MODULES: 'java.base' },
      maxBuffer: 64 << 20,
    });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, asJava ? expected.stdout : (first ??= r.stdout), engine);
    return loadProfile(f);
  };
  const hs = out('jvm');
  const em = out('interpreter');
  return { thread: compareMainThread(hs, em, main), shutdown: compareThread(hs, em, 'DestroyJavaVM') };
}

// The shutdown runs on a "DestroyJavaVM" thread on both engines (java's launcher attaches it
// after main; before, the embedded engine ran it on main: Shutdown's methods differed in
// start-up and HotSpot's DestroyJavaVM thread had no counterpart). What is left in start-up is
// the class swap's sample on line 0 of ClassLoader.defineClass (HotSpot) against its line
// (embedded), a context, not a method.
for (const main of ['Concat', 'HelloWorld']) {
  test(`JDK 25, ${main}: identical under main on HotSpot and the embedded engine, start-up >= 99%, the same DestroyJavaVM thread (granularity 1, R 0)`, { skip }, () => {
    const { thread: c, shutdown } = both(main);
    const why = describeMainThread(c, 10).join('\n');
    assert.ok(c.main.identical, why);
    assert.ok(c.main.samples[0] > (main === 'Concat' ? 10000 : 100), why);
    assert.ok(c.startup.overlap >= 99, why);
    assert.deepEqual(c.startup.methods, [], why);
    assert.ok(shutdown.samples[0] > 10, `DestroyJavaVM: ${shutdown.samples.join(' / ')}`);
    assert.deepEqual(shutdown.contexts, [], `DestroyJavaVM: ${shutdown.samples.join(' / ')}`);
  });
}

// Class.getDeclaredMethods/getDeclaredConstructors in HotSpot's order (interp/method-order.ts),
// with JDK 25's archive (its symbols in another order than 17's: this program's methods too).
// Before: class-file order on the embedded engine (output not java's; corpus nested-classes
// -104, reflection-members, interface-inheritance-mix; branch neg25).
test('JDK 25, MethodOrder: declared methods in HotSpot order on both engines: output as java, identical under main (granularity 1, R 0)', { skip }, () => {
  const { thread: c } = both('MethodOrder');
  assert.ok(c.main.identical, describeMainThread(c, 10).join('\n'));
});

// Members without parameters or exceptions share HotSpot's one empty Class[] (branch rm39; the
// JDK 17 test in hotspot-all-hashes.test.ts): java 25's getParameterTypes() returns it uncloned, so
// EmptyParams prints "same true true" there. Before: "same false false" on the embedded engine,
// and Class.getMethods' Arrays.equals counted more.
test('JDK 25, EmptyParams: members without parameters share HotSpot\'s one empty Class[]: output as java, identical under main (granularity 1, R 0)', { skip }, () => {
  const { thread: c } = both('EmptyParams');
  assert.ok(c.main.identical, describeMainThread(c, 10).join('\n'));
});

// A lambda proxy is a hidden class of the program's loader, and HotSpot verifies it when
// LambdaMetafactory defines it, inside the call site's linkage (paused): on JDK 25 the proxy of
// Integer::sum unboxes through Number.intValue, so the verifier loads java.lang.Number through the
// application loader there. The embedded engine verified no hidden class (branch id25m) and loaded
// Number at the proxy's first call, under main: before, 93.80 % (3,842 / 4,096 samples; corpus
// collections-maps 99.46 %).
test('JDK 25, LambdaVerify: lambda proxies verified at their linkage on both engines, identical under main (granularity 1, R 0)', { skip }, () => {
  const { thread: c } = both('LambdaVerify');
  const why = describeMainThread(c, 10).join('\n');
  assert.ok(c.main.identical, why);
  assert.ok(c.main.samples[0] > 1000, why);
});

// Weakly held MethodTypes (JDK 25's intern set, ReferencedKeyMap, expunges cleared keys at every
// lookup): WeakTypes drops types, then makes 256 MB of garbage. HotSpot runs with a young
// generation that does not fill (hotspot-no-gc.ts), so, as on the embedded engine (no collector),
// no key is cleared. Before: G1 collected, removeStaleReferences removed them (replaceNode 1,056
// samples on HotSpot only, under main 91.61 %). Left: the intern set's bins (its contents differ
// by the types each engine made before main; ConcurrentHashMap.get 35 / 32 in one context).
const EXPUNGE = /^(jdk\.internal\.util\.ReferencedKeyMap\.removeStaleReferences|java\.lang\.ref\.ReferenceQueue\.|java\.util\.concurrent\.ConcurrentHashMap\.replaceNode)/;
test('JDK 25, WeakTypes: no collection clears interned MethodTypes on either engine (granularity 1, R 0)', { skip }, () => {
  const { thread: c } = both('WeakTypes');
  const why = describeMainThread(c, 10).join('\n');
  assert.deepEqual(c.main.methods.filter((d) => EXPUNGE.test(d.context)), [], why);
  assert.ok(c.main.overlap >= 99.5, why);
});

// java.util.Optional: the embedded engine's boot initialises it (its initPhase2 takes the module
// finder's path), HotSpot's does not; the copy's checkAndLoadMain now initialises it before the
// count on JDK 25 as on 17 (contract.ts launcherInitializedClasses). Before: Optional.<clinit>
// under main on HotSpot only (2 samples; 99.83 %).
test('JDK 25, OptionalFirst: a main that first uses Optional counts the same on both engines (granularity 1, R 0)', { skip }, () => {
  const { thread: c } = both('OptionalFirst');
  assert.ok(c.main.identical, describeMainThread(c, 10).join('\n'));
});

// Classes the embedded engine's boot initialised (ModuleBootstrap.boot2: its boot layer is built
// in Java, java's comes from the CDS archive): ModuleDescriptor$Modifier, AccessFlag (read by
// Requires$Modifier.<clinit> on JDK 25), AccessFlag$Location and Modules, whose <clinit>s java
// runs under main at the first module descriptor with a modifier or dynamic proxy. Now put back to
// not initialised at the end of the embedded boot (boot-uninit.ts, branch cf16r). Before: under
// main 98.02 % (89,918 / 88,278 samples; AccessFlag.createDefinition 126 / 0,
// AccessFlag$Location.ensureHistoryOrdered 168 / 0); after 99.94 %, the rest the MethodType intern
// set's bins and hashes of classes.
const BOOT_ENUMS = /^(java\.lang\.reflect\.AccessFlag|java\.lang\.module\.ModuleDescriptor\$Modifier|jdk\.internal\.module\.Modules|java\.util\.ImmutableCollections\$(SetN|ListItr)|java\.lang\.Enum\.)/;
test('JDK 25, BootEnums: the classes java\'s archived boot layer leaves uninitialised run their <clinit>s under main on both engines (granularity 1, R 0)', { skip }, () => {
  const { thread: c } = both('BootEnums');
  const why = describeMainThread(c, 10).join('\n');
  assert.deepEqual(c.main.methods.filter((d) => BOOT_ENUMS.test(d.context)), [], why);
  assert.ok(c.main.samples[0] > 10_000, why);
  assert.ok(c.main.overlap >= 99.5, why);
  assert.ok(c.startup.overlap >= 99, why);
});

// Lambdas of JDK classes whose proxies java's CDS archive holds (the class list's @lambda-proxy
// lines): HotSpot takes them from the archive (LambdaProxyClassArchive.findFromArchive), the
// embedded engine generated them with the ClassFile API inside the uncounted linkage, which
// initialised Opcode, RawBytecodeHelper and other ClassFile API classes there, so HotSpot ran their
// <clinit>s counted at the program's first method accessor (EnumMap's values() call). Now the
// embedded engine answers the archive's lookup with a proxy it spins itself (branch c25o).
// Before: under main 93.92 % (14,026 / 13,173 samples; Opcode.<clinit> 39 / 0).
test('JDK 25, ArchivedLambdas: the JDK lambdas java\'s CDS archive holds link without the ClassFile API on both engines, identical under main (granularity 1, R 0)', { skip }, () => {
  const { thread: c } = both('ArchivedLambdas');
  const why = describeMainThread(c, 10).join('\n');
  assert.ok(c.main.identical, why);
  assert.ok(c.main.samples[0] > 10_000, why);
});

// The mirrors of lambda proxies java 25's CDS archive holds (Collectors.joining's four functions,
// toSet's supplier) have the hashes the dump gave them on HotSpot; the embedded engine spins such a
// proxy (LambdaProxyClassArchive.findFromArchive) and gives its mirror the value the trial on the
// copy read (engine/archived-lambdas.ts, `@lambda-proxy KEY`; branch ar25, the JDK 17 test in
// hotspot-all-hashes.test.ts). Before: a hash made from the key on the embedded engine, so other
// hashes printed here, and MethodTypes returning such a proxy hashed into other bins of the intern
// set (corpus annotations-runtime −220 under main at granularity 997).
test('JDK 25, ArchivedProxyHashes: archived lambda proxies\' mirrors have the dump\'s identity hashes on both engines: the same hashes printed, identical under main (granularity 1, R 0)', { skip }, () => {
  const { thread: c } = both('ArchivedProxyHashes', classes, false);
  const why = describeMainThread(c, 10).join('\n');
  assert.ok(c.main.identical, why);
});

// Strings interned at run time, then hashed (java.security.Provider's ServiceKey interns its
// upper-cased algorithm names and hashes them in its ConcurrentHashMap). HotSpot 25's
// String.intern() stores the argument's hash (java_lang_String::hash_code), so hashCode() returns
// the field; the embedded engine computed every such hash in Java (branch j25p). Before: under
// main String.hashCode, StringLatin1.hashCode and ArraysSupport's loops on the embedded engine
// only (corpus hashing: 30,383 bytecodes more in MessageDigest.getInstance's provider set-up).
test('JDK 25, InternHash: String.intern() stores the hash on both engines, identical under main (granularity 1, R 0)', { skip }, () => {
  const { thread: c } = both('InternHash');
  const why = describeMainThread(c, 10).join('\n');
  assert.ok(c.main.identical, why);
  assert.ok(c.main.samples[0] > 1000, why);
});

// Charset's one-entry cache (branch st25): JDK 25's libjava looks sun.jnu.encoding up with a
// String of its own (InitializeEncoding, jni_util.c) before any property exists, so the lookups of
// the property's value compare the two names' contents (String.equals → StringLatin1.equals).
// Before, the embedded engine made no such lookup, the property's own String was cached and equals
// returned at its identity check: under main String.equals/StringLatin1.equals on HotSpot only
// (sun.nio.fs.Util.<clinit> in start-up: the logger program, corpus stdin-lines).
test('JDK 25, JnuCharset: the platform encoding\'s Charset lookups compare names as on java 25 (granularity 1, R 0)', { skip }, () => {
  const { thread: c } = both('JnuCharset');
  const why = describeMainThread(c, 10).join('\n');
  assert.ok(c.main.identical, why);
  assert.ok(c.main.samples[0] > 1000, why);
});

// Field offsets (branch fld16): JDK 25's layout puts a class's references first when its
// superclass's last field is one (JDK-8353273: HashMap's table at 20, not 36), its Thread has no
// @Contended fields but four injected ones, its mirrors' static fields start at 120. Both engines
// print java 25's offsets (before: the embedded engine's field ids, 4,096 + 8n).
test('JDK 25, FieldOffsets: Unsafe gives java 25\'s field offsets on both engines (granularity 1, R 0)', { skip }, () => {
  const { thread: c } = both('FieldOffsets');
  assert.ok(c.main.samples[0] > 1000, describeMainThread(c, 10).join('\n'));
});

// Java code's lookups in lib/modules, found or not (a platform loader's class, a java.base resource,
// resources looked for in every module): the embedded engine reads a view of JDK 25's image
// indexed as HotSpot's copy (engine/java-image.ts), so the same perfect hash, attribute byte counts
// and strings. Before (branch img16) it read jlink's image: program M's and stdin-lines'
// ImageStringsReader.unmaskedHashCode differences on JDK 25 (BENCHMARKS part E, j25p).
test('JDK 25, ImageLookups: what Java code looks up in lib/modules counts the same on both engines (granularity 1, R 0)', { skip }, () => {
  const { thread: c } = both('ImageLookups');
  const why = describeMainThread(c, 10).join('\n');
  const image = /jdk\.internal\.jimage\.(BasicImageReader\.(findLocation|verifyLocation|getLocationIndex)|ImageLocation|ImageStringsReader)/;
  assert.deepEqual([...c.main.contexts, ...c.startup.contexts, ...c.main.methods].filter((d) => image.test(d.context)), [], why);
  assert.ok(c.main.samples[0] > 100_000, why);
});

// A main class in a jar (java -cp app.jar): java's launcher opens the jar, which links the
// natives of libnio and libzip. HotSpot links a native found outside libjava through the Java
// upcall ClassLoader.findNative (NativeLibraries.find walking its libraries' map), which the
// embedded engine now makes too (interp/native-libs.ts); TimeUnit is initialised before the
// count on HotSpot (the runtime's deadlock watch sleeps), and RandomAccessFile in counted code
// (the jar's opening). Before: start-up overlap 94.67 %, findNative, NativeLibraries.find,
// ConcurrentHashMap$Traverser and TimeUnit among the differing methods. Left: the copy's
// library path (sun.boot.library.path is the copy's lib, 20 characters longer, scanned by
// File.isInvalid, normalize and parsePath) and a few samples of JNI_OnLoad's FindClass upcall.
/** A jar named `name` in the work directory holding HelloWorld.class (JDK 25's `jar`). */
function helloJar(name: string): string {
  const jar = join(work, name);
  const r = spawnSync(join(jdk25!.home, 'bin', 'jar'), ['cf', jar, '-C', classes, 'HelloWorld.class'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return jar;
}
const LOOKUP = /^(java\.lang\.ClassLoader\.findNative|jdk\.internal\.loader\.NativeLibraries\.find|jdk\.internal\.loader\.NativeLibraries\$NativeLibraryImpl\.find|java\.util\.concurrent\.ConcurrentHashMap\$Traverser|java\.util\.concurrent\.TimeUnit|java\.io\.RandomAccessFile)/;
// The copy's path (so the difference) grows with the cache's: in this test's temporary cache
// 98.06 %, in ~/.cache/komorium 98.49 %; the differing contexts left are all path scans.
const PATH_SCAN = /(File\.isInvalid|UnixFileSystem\.normalize|ClassLoaderHelper\.parsePath)/;
test('JDK 25, hello world in a jar: natives linked through ClassLoader.findNative on both engines, start-up >= 97.5%, the rest path scans', { skip }, () => {
  const jar = helloJar('app.jar');
  const { thread: c } = both('HelloWorld', jar);
  const why = describeMainThread(c, 10).join('\n');
  assert.ok(c.main.identical, why);
  assert.ok(c.startup.samples[0] > 10000, why);
  assert.ok(c.startup.overlap >= 97.5, why);
  assert.deepEqual(c.startup.methods.filter((d) => LOOKUP.test(d.context)), [], why);
  assert.deepEqual(c.startup.contexts.filter((d) => Math.abs(d.hotspot - d.embedded) > 5 && !PATH_SCAN.test(d.context)), [], why);
});

// A jar ahead of the main class's directory on the class path (branch jk38): java's launcher
// opens and searches the jar first, drawing identity hashes on the main thread (the jar's
// streams in ZipFile's WeakHashMap, ...) before the main class's mirror, so the main thread's
// later hashes follow from how many it drew. The embedded engine counted such a class path as a
// jar's (a constant), so its hashes were a few draws off HotSpot's: Jackson (three jars before
// `.`) ordered MethodHandleImpl.makePairwiseConvertByEditor's HashMap of argument conversions
// (keyed by classes) otherwise, and HotSpot compiled LambdaForms under Field.get the embedded
// engine found cached (185,143 main-thread bytecodes). Before: other hashes printed here.
test('JDK 25, JarFirstFields: a jar before the main class\'s directory draws the launcher\'s hashes as on HotSpot: the same hashes printed, identical under main (granularity 1, R 0)', { skip }, () => {
  const jar = helloJar('other.jar');
  const { thread: c } = both('JarFirstFields', `${jar}:${classes}`, false);
  const why = describeMainThread(c, 10).join('\n');
  assert.ok(c.main.identical, why);
  assert.ok(c.main.samples[0] > 10000, why);
});

// JDK 25, --instrument all (branch jdk25h): Printf failed on the embedded engine with
// IllegalAccessError (a hidden nestmate of ResourceBundle$Control, spun before ResourceBundle was
// loaded, made Control its own nest host: vm-modules.ts nestHostOf); SaltOrder iterated Set.of and
// Map.of in another order there (the embedded engine's salt came from its boot clock, HotSpot's
// copy's is the constant 1); Annotations ran ConstantPool.<clinit> on HotSpot only (the VM
// initialises it for the annotation parser). Each prints what java prints on both engines, and
// the methods of those causes count the same. Annotations' proxy is spun with more ClassFile API
// work on the embedded engine (RUNTIME.md, "Branch jdk25h": 93.79 % under main).
for (const [main, same, overlap] of [
  ['Printf', /^java\.util\.ResourceBundle/, 95],
  ['SaltOrder', /^(SaltOrder\.main|java\.util\.ImmutableCollections|java\.lang\.String\.(coder|length))/, 95],
  ['Annotations', /^jdk\.internal\.reflect\.(ConstantPool|Reflection)\./, 90],
] as const) {
  test(`JDK 25, ${main}: output as java on both engines, ${same.source} the same (granularity 1, R 0)`, { skip }, () => {
    const { thread: c } = both(main);
    const why = describeMainThread(c, 10).join('\n');
    assert.deepEqual(c.main.methods.filter((d) => same.test(d.context)), [], why);
    assert.ok(c.main.overlap >= overlap, why);
  });
}

// StackWalker frames of extended copies (branch desc38): JDK 25's StackFrameInfo expands its own
// name and type (expandStackFrameInfo); the type was the transformation's descriptor on both
// engines, now the original's (KomoriumReflect.frameType, interned as the VM interns it).
test('JDK 25, Signatures: frames\' descriptors and method types, handles, lambdas, reflection and stack traces print what java 25 prints on both engines (granularity 1, R 0)', { skip }, () => {
  const { thread: c } = both('Signatures');
  assert.ok(c.main.samples[0] > 1000, `samples under main: ${c.main.samples[0]}`);
});

// Native libraries loaded through NativeLibraries.load on JDK 25 (BootLoader.ts load): as on 17,
// FindClass's NativeLibraries.getFromClass() runs at the process's first load (libzip for CRC32
// here) and in libnet's JNI_OnLoad, not at libnio's. Before (branch fp37): the embedded engine
// made it at libnio's load (Path.of's UnixNativeDispatcher) and not at libzip's: the first
// NativeLibraryContext work of the thread in another place (corpus hashing under main 97.15 %).
test('JDK 25, NativeFirstLoad: the upcalls of NativeLibraries.load run where HotSpot runs them, identical under main (granularity 1, R 0)', { skip }, () => {
  const { thread: c } = both('NativeFirstLoad');
  const why = describeMainThread(c, 10).join('\n');
  assert.deepEqual(c.main.contexts.filter((d) => /NativeLibraries\.getFromClass|Boolean\.getBoolean/.test(d.context)), [], why);
  assert.ok(c.main.identical, why);
});

// LambdaForms compiled on the embedded engine only (branch mh15j; docs/RUNTIME.md "Branch mh15j"):
// on JDK 25 Method.invoke runs on method handles, and HotSpot resolves MethodHandle.invokeBasic and
// methods of final classes as REF_invokeSpecial (forms pregenerated in DirectMethodHandle$Holder)
// where the embedded engine gave REF_invokeVirtual and compiled the forms, counted
// (InvokerBytecodeGenerator with the ClassFile API). Before: 379 of those methods differed under
// main, overlap 70.12 % (232,153 / 273,196 samples); after: none, 99.49 % (then left: the
// MethodType intern set's ReferenceKey.get, Reference.get's intrinsic on HotSpot; see Intrinsics).
const FORMS = /^java\.lang\.invoke\.(InvokerBytecodeGenerator|LambdaForm|DirectMethodHandle|MethodHandleImpl|BoundMethodHandle|DelegatingMethodHandle|Invokers)|objectweb|classfile/;
test('JDK 25, HandleForms: Method.invoke and method handles on final classes take the same LambdaForms on both engines (granularity 1, R 0)', { skip }, () => {
  const { thread: c } = both('HandleForms');
  const why = describeMainThread(c, 10).join('\n');
  assert.deepEqual(c.main.methods.filter((d) => FORMS.test(d.context)), [], why);
  assert.ok(c.main.samples[0] > 100_000, why);
  assert.ok(c.main.overlap >= 99, why);
});

// Java methods HotSpot's interpreter runs through intrinsic entries (transform/scope.ts
// INTERPRETER_INTRINSICS; on JDK 25 also StrictMath.sqrt, FdLibm's Java code there):
// Reference.get through a method handle or an interface (the MethodType intern set's
// ReferenceKey.get: 243 samples under main of HandleForms on the embedded engine only),
// Math.fma's BigDecimal code in its extended copy on HotSpot only, FdLibm's sqrt under Math.sqrt
// on the embedded engine only. Before: under main 7.44 % (1,690,205 samples on HotSpot against
// 162,217). And the class swap's prologue has the method's first line (before: line 0 on HotSpot,
// a context per class defined). Math.tanh and Math.cbrt are HotSpot 25's own routines (branch
// fp37): before, the embedded engine ran Math's Java code, FdLibm's Tanh/Cbrt/Expm1 counted under
// main (835,810 bytecodes on HotSpot against 1,082,780) and printed fdlibm's results, not java's.
const INTRINSIC_WORK = /^java\.(lang\.(Math|StrictMath|FdLibm|ref\.)|math\.|nio\.ByteOrder|util\.zip\.CRC32C)/;
test('JDK 25, Intrinsics: methods HotSpot runs as intrinsics are counted by neither engine; the class swap has a line (granularity 1, R 0)', { skip }, () => {
  const { thread: c } = both('Intrinsics');
  const why = describeMainThread(c, 10).join('\n');
  assert.deepEqual(c.main.methods.filter((d) => INTRINSIC_WORK.test(d.context)), [], why);
  assert.ok(c.main.overlap >= 99.5, why);
  assert.ok(c.main.samples[0] > 1000, why);
  assert.deepEqual(c.startup.contexts.filter((d) => /java\.lang\.ClassLoader\.defineClass\(\S*:\d+ @\d+$/.test(d.context)), [], why);
});

// The class swap (java.lang.KomoriumClasses, paused) read its index through RandomAccessFile and
// DataInputStream, whose readInt/readLong/readUTF on JDK 25 go through jdk.internal.util.ByteArray:
// HotSpot had made its six byte-array view VarHandles (VarForms, their MethodTypes in the intern
// set) and resolved the VarForms' `get` MemberNames before the main class, java and the embedded
// engine not. Before (branch mt16): under main 79.30 % (VarForm.resolveMemberName,
// MethodType.insertParameterTypes, checkPtypes, VerifyAccess.ensureTypeVisible on the embedded engine
// only: MethodType.hashCode 36 / 144 samples); the embedded engine's start-up initialised ByteArray
// and, for its lambda linkage, MethodType. Now the swap decodes its index by hand.
test('JDK 25, ViewHandles: byte-array view VarHandles and DataInputStream resolve the same MemberNames on both engines: identical under main and in start-up (granularity 1, R 0)', { skip }, () => {
  const c = both('ViewHandles').thread;
  const why = describeMainThread(c, 10).join('\n');
  assert.ok(c.main.identical, why);
  assert.ok(c.startup.identical, why);
});

// Identity hashes (branch ident15k; docs/INTERPRETER.md, "Identity hash codes"): HotSpot's copy
// maps the mirrors of the classes its CDS archive holds with the hashes its dump gave them (no
// draw), its launcher draws 5 hashes before main (13 with the main class in a jar; the main class's
// mirror last, `byte[].class`'s before it) and every hidden class it defines has its mirror hashed. The embedded engine drew
// the mirrors' hashes at their first request and 7 before main, so PrintHashes printed other
// hashes than HotSpot (after: the same), and ClassHashes' work, which follows a HashMap keyed by
// classes, MethodTypes' bins and a HashSet of new objects, differed (under main 98.79 %). Left in
// ClassHashes: the MethodType intern set's contents (bins walked) and Reference.get (intrinsic on
// HotSpot).
test('JDK 25, PrintHashes: the embedded engine prints the identity hashes HotSpot\'s instrumented copy prints, the same profile under main (granularity 1, R 0)', { skip }, () => {
  const { thread: c } = both('PrintHashes', classes, false);
  assert.ok(c.main.identical, describeMainThread(c, 10).join('\n'));
});
test('JDK 25, ClassHashes: work that follows class hashes and the main thread\'s sequence counts the same on both engines (granularity 1, R 0)', { skip }, () => {
  const { thread: c } = both('ClassHashes');
  const why = describeMainThread(c, 10).join('\n');
  assert.deepEqual(c.main.methods.filter((d) => /^(ClassHashes\.|java\.util\.Hash(Map|Set))/.test(d.context)), [], why);
  assert.ok(c.main.overlap >= 99.5, why);
});

// Identity hashes at class linking (branch lf16r): HotSpot's Verifier::verify draws the hash of
// the mirror of every class it links that its CDS archive does not hold (ObjectOutputStream, its
// BlockDataOutputStream, HandleTable...), MethodHandleNatives.linkMethod gets the MethodType the VM
// made for the call site (ByteArray.setShort's VarHandle), and an archived lambda proxy
// (Collectors.joining) comes with the dump's hash. The embedded engine drew those mirrors at their
// first hash, passed linkMethod the descriptor (parsed by BytecodeDescriptor, a class HotSpot then
// never links) and drew its proxies' hashes: LinkHashes printed other hashes from the stream's
// creation on (after it HotSpot's next draw is the 16th, the embedded engine's the 9th), and in corpus serialization the
// MethodType intern set's bins and the order of MethodHandleImpl.makePairwiseConvertByEditor's
// HashMap of casts differed, so the embedded engine compiled LambdaForms under
// makeSpecializedTarget that HotSpot found cached (-269,375 bytecodes at granularity 997).
test('JDK 25, SerialLinkHashes: the main thread draws identity hashes where HotSpot\'s does (class linking, VarHandle linkage, archived lambda proxies): the same hashes printed (granularity 1, R 0)', { skip }, () => {
  const { thread: c } = both('SerialLinkHashes', classes, false);
  const why = describeMainThread(c, 10).join('\n');
  assert.ok(c.main.overlap >= 99, why);
});

// The copy's enum MID holders (E$komorium$MIDs, not in the embedded engine) are linked at the
// enum's first MID read, a getstatic of the holder: Verifier::verify draws the holder mirror's hash
// there unless the copy's archive holds it (java.time's ChronoUnit). The embedded engine draws one
// at its own first read of that MID (interp/mid-holders.ts, branch mid25). Before it drew none on
// JDK 25 (a draw at every JDK enum's <clinit>, JDK 17 only, overshot there): LinkHashes printed
// another hash from the ChronoUnit step on, and corpus java-time counted 5,077 bytecodes more on
// HotSpot under main (granularity 997).
test('JDK 25, LinkHashes: classes linked from lib/modules and MID holders draw identity hashes as on HotSpot: the same hashes printed (granularity 1, R 0)', { skip }, () => {
  const { thread: c } = both('LinkHashes', classes, false);
  const why = describeMainThread(c, 10).join('\n');
  assert.ok(c.main.samples[0] > 1000, why);
});

// Default serialVersionUIDs (branch sec25). libjava's ObjectStreamClass.hasStaticInitializer asks
// JNI for <clinit> (and the superclass's): a lookup that finds none throws NoSuchMethodError,
// whose Java constructor HotSpot runs and counts, and the lookup initialises the class first; and
// java.io.IOException, outside JDK 25's class list, is archived with its mirror's hash. Before,
// the embedded engine ran no constructor (corpus serialization: 50 bytecodes a computed
// serialVersionUID fewer), initialised Late after the array's UID and drew IOException's hash:
// another hash printed from there on, 727 contexts differing under main.
test('JDK 25, SerialUid: default serialVersionUIDs run JNI\'s NoSuchMethodErrors and initialisations as on HotSpot, archived mirrors outside the class list hash without a draw: identical under main (granularity 1, R 0)', { skip }, () => {
  const { thread: c } = both('SerialUid', classes, false);
  assert.ok(c.main.identical, describeMainThread(c, 10).join('\n'));
});

// The corpus on JDK 25 with the JDK instrumented, on both engines: a slice (the JDK 17 slice of
// hotspot-all.test.ts less its float and math programs), each printing what java 25 prints
// (test/slow/hotspot-all-corpus.test.ts and interp-corpus.test.ts run the whole corpus).
test('JDK 25, corpus slice with the JDK instrumented: HotSpot and the embedded engine print what java 25 prints', { skip }, async () => {
  const programs = programsNamed(['collections-maps', 'exceptions-custom-chained', 'string-format']);
  const dirs = compilePrograms(programs);
  const failed: string[] = [];
  await mapLimit(programs, 2, async (p) => {
    const c = await compareEngines(p, dirs.get(p.name)!, { jdk: jdk25!.home });
    if (c.problems.length > 0) failed.push(`${p.name}:\n  ${c.problems.join('\n  ')}`);
  });
  assert.deepEqual(failed, []);
});

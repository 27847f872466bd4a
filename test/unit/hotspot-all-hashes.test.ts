// The HotSpot engine with the JDK instrumented and the embedded engine: identity hashes, field
// offsets and what follows from them (hash-table bins, iteration orders), as
// hotspot-all-engines.test.ts compares the rest. Each test names what differed before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { compareMainThread, describeMainThread } from '../helpers/engines-profile';
import { bothEnginesAtGranularity1, printedByBoth } from '../helpers/hotspot-all-both';
import { classes, komorium, work } from '../helpers/hotspot-all';
import { hotspotNoCollectionArgs } from '../helpers/hotspot-no-gc';
import { javaHome } from '../helpers/java';
import { loadProfile } from '../../server/src/profile/load';

// Identity hashes (branch ident15k; docs/INTERPRETER.md, "Identity hash codes"). HotSpot's
// instrumented copy maps the mirrors of the classes its CDS archive holds with the hashes its dump
// gave them (hashing one draws nothing), its launcher draws 5 hashes on the main thread before
// main (java 17 draws 7), the main class's mirror last, and the mirror of every hidden class it
// defines is hashed (6 at the first concatenation of a shape, 1-2 a lambda). The embedded engine
// drew the mirrors' hashes at their first request, 7 before main, none at linkage (it put the
// sequence back), and its packageToModule had its boot's order within bins. PrintHashes printed
// other hashes than HotSpot (after: the same; java prints others still: its own archive); in
// ClassHashes a HashMap keyed by classes and a HashSet of new objects iterated in another order
// (`ClassHashes.spin` 10,995 against 11,051 samples, HashMap.resize 114 / 105; under main
// 99.44 %). Left there: the MethodType intern set's contents (its bins, 28 / 26 samples).
test('PrintHashes: the embedded engine prints the identity hashes HotSpot\'s instrumented copy prints', () => {
  const { hotspot, embedded } = printedByBoth('PrintHashes');
  assert.match(hotspot, /^object [0-9a-f]+\n/);
  assert.equal(embedded, hotspot);
});
// Linking (vm-ihash.ts hashAtLink, mid-holders.ts): HotSpot's verifier hashes the mirror of
// every class it links that its CDS archive does not hold, boot classes included, and the copy's
// enum MID holders are classes of their own, linked at the enum's first MID read. The embedded
// engine drew neither, so every later hash of the thread differed (java-time: TextStyle's hashes,
// then DateTimeTextProvider's TimSort over its map's entries, mergeHi 137 / 0 samples). Before:
// from the first `new` of such a class on, each line printed another hash.
test('LinkHashes: classes linked from lib/modules and MID holders draw identity hashes as on HotSpot', () => {
  const { hotspot, embedded } = printedByBoth('LinkHashes');
  assert.match(hotspot, /^start [0-9a-f]+\n/);
  assert.equal(embedded, hotspot);
});
// A lambda whose interface extends interfaces not linked yet (branch tf37, interface-dispatch's
// ClassLoaderValue and MethodType bins): HotSpot links a hidden class at its definition, its
// supertypes first (link_class_impl), so their link-time draws come before the proxy's mirror
// (vm-ihash.ts hashSupersAtLink). Before: the embedded engine drew the proxy's hash first, so the
// proxies' and interfaces' hashes printed came in another order (JDK 17 and 25).
test('LambdaLinkHashes: a lambda proxy\'s not yet linked interfaces draw before its mirror, as on HotSpot', () => {
  const { hotspot, embedded } = printedByBoth('LambdaLinkHashes');
  assert.match(hotspot, /^start [0-9a-f]+\nproxy [0-9a-f]+\nIntOp [0-9a-f]+\n/);
  assert.equal(embedded, hotspot);
});
// The boot's ClassLoaderValues (branch tf37, ihash.ts preMainLoaderValueDraw): java draws their
// hashes on the main thread before main (the copy's 2nd and 3rd draws), the embedded engine drew
// them from its boot sequence; as the first keys of the application loader's ClassLoaderValue
// map they moved the bins of every proxy's interface list. Before: under main 99.99 %
// (`AbstractClassLoaderValue$Sub.equals` 50 / 40 samples, `ConcurrentHashMap.transfer`).
test('LoaderValueBins: proxies\' interface lists share the application loader\'s ClassLoaderValue bins as on HotSpot (granularity 1, R 0)', () => {
  const c = bothEnginesAtGranularity1('LoaderValueBins');
  const why = describeMainThread(c, 10).join('\n');
  assert.ok(c.main.samples[0] > 100_000, why);
  assert.ok(c.main.identical, why);
  assert.ok(c.startup.identical, why);
});
// A serialization round trip on JDK 17 (branch s17; docs/INTERPRETER.md "Identity hash codes"):
// HotSpot 17's main-thread draws, named with gdb on the copy's libjvm (FastHashCode), were made
// the embedded engine's: a Java loader's class hashed when linked (superclass first), archived
// interned strings and the Integer cache's boxes carrying the dump's hash, an indy's call-site type
// before its static arguments, MethodHandle constants linking their class. Before: from the
// first `writeObject` on, each line printed another hash (2 draws more here).
test('SerialHashes: a serialization round trip draws identity hashes as on HotSpot 17', () => {
  const { hotspot, embedded } = printedByBoth('SerialHashes', '997');
  assert.match(hotspot, /^start [0-9a-f]+\n/);
  assert.match(hotspot, /\nnodes: read [0-9a-f]+\n/);
  assert.equal(embedded, hotspot);
});
// The archive's strings and boxes (branch arch25, engine/archived-strings.ts): JDK 17's dump
// interns strings no archived class has as a literal ("transformHelper", "length"), and gives each
// archived string and each box of the boxing caches an identity hash. The embedded engine took
// only the literals as archived (so "length" had no stored hash and drew an identity hash) and
// made up the others' identity hashes; now it reads the copy's string table and boxes (a trial
// with -XX:hashCode=2). Before: "length hash 0", then other identity hashes and another
// IdentityHashMap order on the embedded engine.
test('ArchivedStrings: the archive\'s interned strings and boxes carry the dump\'s hashes on both engines', () => {
  const { hotspot, embedded } = printedByBoth('ArchivedStrings');
  assert.match(hotspot, /^transformHelper hash -993909190\nlength hash -1106363674\n/);
  assert.equal(embedded, hotspot);
});
test('ClassHashes: work that follows class hashes and the main thread\'s sequence counts the same on both engines (granularity 1, R 0)', () => {
  const c = bothEnginesAtGranularity1('ClassHashes');
  const why = describeMainThread(c, 10).join('\n');
  assert.deepEqual(c.main.methods.filter((d) => /^(ClassHashes\.|java\.util\.Hash(Map|Set))/.test(d.context)), [], why);
  assert.ok(c.main.samples[0] > 20_000, why);
  assert.ok(c.main.overlap >= 99.8, why);
});

// Field offsets (branch fld16; docs/INTERPRETER.md "Field offsets"): Unsafe.objectFieldOffset,
// staticFieldOffset and MethodHandleNatives give HotSpot's layout offsets on the embedded engine
// too (interp/field-layout.ts), so both print java's: JDK and own classes, a subclass filling its
// superclass's gaps, Thread's @Contended fields and a subclass's padding, injected fields
// (ClassLoader's, InternalError's), static fields in the mirror, read back through Unsafe.
// Before: the embedded engine printed its field ids (4,096 + 8n).
test('FieldOffsets: Unsafe gives java\'s field offsets on both engines (granularity 1, R 0)', () => {
  const c = bothEnginesAtGranularity1('FieldOffsets');
  assert.ok(c.main.samples[0] > 1000, describeMainThread(c, 10).join('\n'));
});

// Serialization (ObjectStreamClass$FieldReflector) puts each field's offset in a HashSet<Long>:
// HotSpot's offsets (below 128) are Long.valueOf's cached boxes and fall in their bins. Before:
// Long.<init> 1 / 11, Number.<init> 5 / 15, HashMap.putVal 157 / 165 samples under main.
const FIELD_KEYS = /^java\.(lang\.(Long|Number)\.<init>|util\.HashMap\.putVal|io\.ObjectStreamClass)/;
test('SerialFields: serialization boxes and hashes the same field offsets on both engines (granularity 1, R 0)', () => {
  const c = bothEnginesAtGranularity1('SerialFields');
  const why = describeMainThread(c, 10).join('\n');
  assert.deepEqual(c.main.methods.filter((d) => FIELD_KEYS.test(d.context)), [], why);
  assert.ok(c.main.samples[0] > 100_000, why);
});

// Constant static fields (ConstantValue) read through Unsafe's staticFieldBase/staticFieldOffset
// before their class is initialised: HotSpot sets them when it makes the mirror, at loading; the
// embedded engine did at initialisation, so it printed zeros and null (java prints the values).
test('ConstantStatics: a constant static read through Unsafe before initialisation (granularity 1, R 0)', () => {
  const c = bothEnginesAtGranularity1('ConstantStatics');
  assert.ok(c.main.samples[0] > 1000, describeMainThread(c, 10).join('\n'));
});

// The module graph's name maps (branch st16r; docs/INTERPRETER.md "java's CDS archive"): the
// boot layer's and the built-in loaders' nameToModule iterate in the order of HotSpot's archived
// maps on the embedded engine too (cds-archive.ts orderArchivedLoaderModules, the order read by
// the copy's trial, archived-hashes.ts). Before: another order within a bin (java.xml before
// jdk.xml.dom in the boot layer, java.desktop before java.naming in the boot loader, ...), so
// ServicesCatalog's registrations and findMiscResource's lookups ran in another order (a program
// that logs: start-up overlap 82 % with every module instrumented). Compared engine to engine:
// java's own archive was made from other identity hashes.
test('ModuleMaps: the module graph\'s name maps iterate in the same order on both engines', () => {
  const { hotspot, embedded } = printedByBoth('ModuleMaps', null);
  assert.match(hotspot, /^boot layer: .*\bjava\.base\b/m);
  assert.equal(embedded, hotspot);
});

// JDK 17's concatenation with one argument and a constant (ConcatConstant.java): the constant is
// a new String of the factory's (hash 0) on both engines (indy/concat.ts), so `("" + c).hashCode()`
// computes the hash on both. Before: 0 / 3 computations (StringLatin1.hashCode) under main; in a
// program that logs, LogManager's `"" + ".level"` twice in start-up (start-up overlap 81.67 % →
// 98.95 % at granularity 997 with every module instrumented).
test('ConcatConstant: a concatenation\'s constant has no hash of its own yet on both engines (granularity 1, R 0)', () => {
  const c = bothEnginesAtGranularity1('ConcatConstant');
  const why = describeMainThread(c, 10).join('\n');
  assert.deepEqual(c.main.methods.filter((d) => /^java\.lang\.(String|StringLatin1)\.hashCode/.test(d.context)), [], why);
  assert.ok(c.main.identical, why);
});

// Default serialVersionUIDs (branch sec25): libjava's ObjectStreamClass.hasStaticInitializer asks
// JNI for <clinit> and, when found, for the superclass's; a lookup that finds none throws
// NoSuchMethodError (its Java constructor runs, counted), and the lookup initialises the class
// (an array class: its element class) first. The embedded engine answered without Java code:
// Late's <clinit> ran after the array's UID was printed, 320 contexts differed under main on
// JDK 17 (HotSpot 204 samples more under getSerialVersionUID).
test('SerialUid: default serialVersionUIDs run JNI\'s NoSuchMethodErrors and class initialisations as on HotSpot: the same output, identical under main (granularity 1, R 0)', () => {
  const out = (engine: string) => {
    const f = join(work, `SerialUid-g1-${engine}.json`);
    // HotSpot without a collection during the run, as the embedded engine (hotspot-no-gc.ts).
    const noGc = engine === 'jvm' ? hotspotNoCollectionArgs().map((a) => `-J${a}`) : [];
    const r = komorium(['run', '--engine', engine, '--instrument', 'all', '--granularity', '1', '--random', '0', ...noGc, '-o', f, '-cp', classes, 'SerialUid']);
    assert.equal(r.status, 0, r.stderr);
    return { stdout: r.stdout, profile: loadProfile(f) };
  };
  const hotspot = out('jvm');
  const embedded = out('interpreter');
  assert.match(hotspot.stdout, /Late initialised\n\[LSerialUid\$Late; /);
  assert.equal(embedded.stdout, hotspot.stdout);
  const c = compareMainThread(hotspot.profile, embedded.profile, 'SerialUid');
  assert.ok(c.main.identical, describeMainThread(c, 10).join('\n'));
});

// Lambda sites whose proxies java 17's archive holds (branch j17r; indy/link.ts): HotSpot takes the
// archived proxy, the embedded engine has the JDK spin it (uncounted linkage on both), and ASM's
// SymbolTable hashed the interned interface-method name. Before, ArchivedLambdaNames printed
// `is hash 3370` on the embedded engine (Pattern's CharPredicate.is), 0 on HotSpot and java, and
// string-format counted BaseLocale.hashCode's String.hashCode of Icelandic's "is" on HotSpot only
// (56 main-thread bytecodes at granularity 1).
test('ArchivedLambdaNames: linking an archived lambda proxy stores no hash in its interned names: the same output, identical under main (granularity 1, R 0)', () => {
  const c = bothEnginesAtGranularity1('ArchivedLambdaNames');
  const why = describeMainThread(c, 10).join('\n');
  assert.ok(c.main.identical, why);
  assert.ok(c.main.samples[0] > 1000, `samples under main: ${c.main.samples[0]}`);
});

// JDK 17's archived lambda proxies (branch jk39): the embedded engine generates them, and the
// generation cached the proxy constructor's and the SAM method's descriptors in their interned
// MethodTypes, which java (taking the archived class) never computes (indy/spun-descriptors.ts).
// Before: HotSpot ran `BytecodeDescriptor.unparseMethod` for `(I)V` and `(Ljava/lang/Object;)V`
// (Pattern's archived predicates' constructors) under main, the embedded engine found them cached.
test('SpunDescriptors: generating an archived lambda proxy caches no method descriptor: the same output, identical under main (granularity 1, R 0)', () => {
  const c = bothEnginesAtGranularity1('SpunDescriptors');
  const why = describeMainThread(c, 10).join('\n');
  assert.ok(c.main.identical, why);
});

// Mirrors archived outside the class list, and protection domains (branch ih38, corpus
// streams-collectors and java-time on JDK 17): the copy's dump archives the mirrors of classes
// it loaded besides its class list with their hashes (archived-hashes.ts now probes the archive's
// dictionary on 17 too), and HotSpot 17 hashes a class's protection domain when the first class
// of its code source resolves a supertype of another domain (vm-ihash.ts hashDomainAtResolve). Before: from
// "ToLongFunction" on every line but "true" printed another hash on the embedded engine.
test('DictionaryHashes: archived mirrors outside the class list and a new code source\'s protection domain draw as on HotSpot 17', () => {
  const { hotspot, embedded } = printedByBoth('DictionaryHashes');
  assert.match(hotspot, /^start [0-9a-f]+\nToLongFunction [0-9a-f]+\n/);
  assert.match(hotspot, /\ntrue\n/);
  assert.equal(embedded, hotspot);
});

// Methods and constructors without parameters or exceptions (branch rm39, corpus
// reflection-members -48 on JDK 17 and 25): HotSpot's reflection gives them all one empty Class[]
// (Universe::the_empty_class_array), so Class.getMethods' PublicMethods keys of two of them are
// equal at `a == a2` in Arrays.equals. The embedded engine made a new array for each. Before:
// under main `Arrays.equals` differed (one more sample at its `return true` per such key found).
test('EmptyParams: members without parameters share HotSpot\'s one empty Class[] on both engines, identical under main (granularity 1, R 0)', () => {
  const c = bothEnginesAtGranularity1('EmptyParams');
  const why = describeMainThread(c, 10).join('\n');
  assert.deepEqual(c.main.methods.filter((d) => /^java\.util\.Arrays\.equals/.test(d.context)), [], why);
  assert.ok(c.main.samples[0] > 5_000, why);
  assert.ok(c.main.identical, why);
});

// Jackson on JDK 17 (branch jk39): HotSpot 17 hashes a protection domain when a class of it first
// resolves a supertype of another domain, interfaces first (vm-ihash.ts hashDomainAtResolve), and
// maps the boot's modules from its archive with the dump's hashes (archivedModuleIdentities).
// Before (main at 50bd3ad, by hand): the embedded engine printed `domain a 6d06d69c` (drawn after
// DomainB's zip streams) against HotSpot's `2a139a55`, and `modules 3d4eac69` (two draws for the
// unnamed modules) against `33909752`.
test('DomainOrder: two jars\' protection domains and the boot\'s unnamed modules draw as on HotSpot 17: the same output, identical under main (granularity 1, R 0)', () => {
  const main = join(work, 'domain-main');
  mkdirSync(main, { recursive: true });
  copyFileSync(join(classes, 'DomainOrder.class'), join(main, 'DomainOrder.class'));
  const jar = join(javaHome(), 'bin', 'jar');
  execFileSync(jar, ['cf', join(work, 'domain-a.jar'), '-C', classes, 'DomainA.class']);
  execFileSync(jar, ['cf', join(work, 'domain-b.jar'), '-C', classes, 'DomainI.class', '-C', classes, 'DomainB.class']);
  const cp = `${main}:${join(work, 'domain-a.jar')}:${join(work, 'domain-b.jar')}`;
  const printed: string[] = [];
  const out = (engine: string) => {
    const f = join(work, `DomainOrder-${engine}.json`);
    const noGc = engine === 'jvm' ? hotspotNoCollectionArgs().map((a) => `-J${a}`) : [];
    const r = komorium(['run', '--engine', engine, '--instrument', 'all', '--granularity', '1', '--random', '0', ...noGc, '-o', f, '-cp', cp, 'DomainOrder']);
    assert.equal(r.status, 0, r.stderr);
    printed.push(r.stdout);
    return loadProfile(f);
  };
  const c = compareMainThread(out('jvm'), out('interpreter'), 'DomainOrder');
  assert.match(printed[0], /^start [0-9a-f]+\nloaded [0-9a-f]+\ndomain a [0-9a-f]+\n/);
  assert.match(printed[0], /\nAB\n/);
  assert.equal(printed[1], printed[0]);
  const why = describeMainThread(c, 10).join('\n');
  assert.ok(c.main.identical, why);
});

// java.base's exportedPackages and LambdaProxyClassArchive.find (branch ih39, corpus
// reflection-invoke −24, method-handles −6 on JDK 17). HotSpot's map is the archived module
// graph's: filled in the dump's order of the descriptor's exports (a Set.of under the dump's
// salt), with the copy's `komorium.rt` export; the embedded engine's boot filled its own (113
// keys, a dozen bins in the other order), so Module.isStaticallyExportedOrOpen's HashMap.get
// walked other nodes (interp/cds-archive.ts orderArchivedModulePackages, the trial's lists:
// engine/archived-modules.ts). And java 17 maps its archive, so find goes past
// `CDS.isSharingEnabled()` to findFromArchive; the embedded engine answered false (18 bytecodes
// a program's metafactory call). Before: the embedded engine printed `java.base exports 113:`
// in another order, and under main LambdaProxyClassArchive.find differed.
test('ModuleExports: java.base\'s exported packages iterate as HotSpot\'s archived map, and find asks the archive: the same output, identical under main (granularity 1, R 0)', () => {
  const { hotspot, embedded } = printedByBoth('ModuleExports');
  assert.match(hotspot, /^metafactory 42\n/);
  assert.match(hotspot, /\njava\.base exports \d+: .*\bkomorium\.rt\b/);
  assert.equal(embedded, hotspot);
  const c = compareMainThread(loadProfile(join(work, 'ModuleExports-jvm.json')), loadProfile(join(work, 'ModuleExports-interpreter.json')), 'ModuleExports');
  assert.ok(c.main.identical, describeMainThread(c, 10).join('\n'));
});
// Lambda proxies java 17's archive holds (branch ih39, corpus serialization −24 on JDK 17): their
// mirrors carry the dump's identity hashes, which a MethodType naming the proxy hashes into the
// intern set's bins. A trial on the copy asks findFromArchive for each (engine/archived-lambdas.ts);
// the embedded engine, which has the JDK generate such a proxy, gives its mirror that value.
// Before: each proxy line printed another hash on the embedded engine (a value of its own; the
// marks the same: neither draws).
test('ArchivedProxyHashes: archived lambda proxies\' mirrors have the dump\'s identity hashes on both engines (JDK 17)', () => {
  const { hotspot, embedded } = printedByBoth('ArchivedProxyHashes');
  assert.match(hotspot, /^start [0-9a-f]+\nsupplier [0-9a-f]+ mark [0-9a-f]+\n/);
  assert.equal(embedded, hotspot);
});

// Identity hash codes as the embedded JVM hands them out (ihash.ts has HotSpot's generators):
// the VM's own and the profiler's from a sequence of their own, the program's per thread.

import type { JClass } from './klass';
import { JArray, JObject } from './object';
import { drawOf, jarLoaderOnStack, nextHash, preMainDraws, preMainLoaderValueDraw, resetHashState, runtimeOnStack, traceTop, type HashState } from './ihash';
import type { JThread } from './thread';
import type { VM } from './vm';

const TRACE_IHASH = !!process.env.KOMORIUM_TRACE_IHASH;

/** The identity hash of `o`, drawn at its first request. */
export function identityHash(vm: VM, o: JObject): number {
  if (o.ihash === 0) {
    const archived = vm.opts.archivedHashes;
    if (archived !== undefined && o.klass.name === 'java/lang/Class') {
      // A mirror HotSpot's CDS archive holds: its hash is the archive's, no draw.
      const h = archivedHashOf(archived, (o as JObject & { $vm: JClass }).$vm);
      if (h !== 0) {
        o.ihash = h;
        return h;
      }
    }
    const t = vm.current;
    if (t !== null && t.system) {
      // Profiler-internal threads (live snapshots) draw from a sequence of their own: their
      // hashes come at moments set by the wall clock, and drawn from the runtime's sequence
      // below they moved the hashes the runtime draws on the program's threads (its tables of
      // threads and contexts, whose probes are bytecodes the time slices count), so the
      // program's threads switched elsewhere with live snapshots.
      vm.internalThreadHash = (Math.imul(vm.internalThreadHash, 0x41c64e6d) + 12345) | 0;
      o.ihash = (vm.internalThreadHash >>> 1) | 1;
      return o.ihash;
    }
    if (t === null || runtimeOnStack(t)) {
      // The VM itself and the profiler's runtime (komorium/rt on the stack) draw from their
      // own sequence: the program's stays as without them.
      o.ihash = systemDraw(vm);
      if (TRACE_IHASH && t !== null) vm.reportFailure(`[ihash-system] ${t.name} ${o.klass.javaName} at ${traceTop(t)}`);
      return o.ihash;
    }
    const s = sequenceOf(vm, t);
    o.ihash = nextHash(s);
    if (s === vm.bootHashState) {
      if (vm.launcherStarted && jarLoaderOnStack(t)) vm.launcherJarDraws++;
      o.ihash = preMainValue(vm, o) ?? o.ihash;
    }
    if (TRACE_IHASH) vm.reportFailure(`[ihash] ${t.name}${s === vm.bootHashState ? ' (boot)' : ''} ${traced(o)} ${o.ihash.toString(16)} at ${traceTop(t)}`);
  }
  return o.ihash;
}

/**
 * The hash HotSpot gives `o`, hashed on the main thread while the JDK boots, when it is known:
 * the boot's two ClassLoaderValues, which java draws from the main thread's generator before
 * main (ihash.ts preMainLoaderValueDraw) where this engine drew them from its boot sequence. As
 * keys of the application loader's `ClassLoaderValue` map they share its bins with the program's
 * (interface-dispatch: `Proxy.getProxyConstructor`'s `computeIfAbsent` found a bin taken on
 * the embedded engine only, on JDK 17 and 25). The boot sequence still advances, so the boot's
 * other hashes stay as they were.
 */
function preMainValue(vm: VM, o: JObject): number | undefined {
  if (o.klass.name !== 'jdk/internal/loader/ClassLoaderValue' || vm.bootLoaderValues >= 2) return undefined;
  const n = preMainLoaderValueDraw(vm.opts.jdk.feature, vm.opts.jdkCounted === true) + vm.bootLoaderValues++;
  return drawOf(vm.mainHashSeed, n);
}

/**
 * Gives `o` an identity hash from the VM's own sequence, none of a thread's: an object HotSpot
 * maps from its CDS archive with the dump's hash (on JDK 17 a lambda proxy the archive holds,
 * natives/java/lang/ClassLoader.ts), whose hashing later draws nothing.
 */
export function hashWithoutDraw(vm: VM, o: JObject): void {
  if (o.ihash === 0) o.ihash = systemDraw(vm);
}

/**
 * JDK 17: `o` is an interned string of HotSpot's CDS archive (strings.ts). The dump gives every
 * object it archives an identity hash (heapShared.cpp `archive_heap_object` keeps
 * `identity_hash()` in the archived mark word), so `System.identityHashCode` of such a string
 * draws nothing from the thread's generator: java 17, `identityHashCode("Ljava/lang/String;".intern())`
 * between two `new Object()`s leaves them consecutive, `"zzqq"` does not. The embedded engine drew
 * one: ObjectOutputStream's HandleTable hashes the field signatures `writeTypeString` writes
 * (ObjectStreamField interns them), one draw more per archived signature in the first
 * `writeObject` of a class (branch s17). The value is not the dump's (not known here): one
 * made from the contents, as the dump's is fixed for the run, when the archive's table
 * (VmOptions.archivedStrings, its trial's values: branch arch25) does not have it. JDK 25 keeps only the hashes the
 * dump computed, so there its strings draw as other objects.
 */
export function archivedStringIdentity(vm: VM, o: JObject, s: string): void {
  if (o.ihash !== 0 || vm.opts.jdk.feature >= 25) return;
  // The dump's value, read from the archive (engine/archived-strings.ts), when known.
  const dumped = vm.opts.archivedStrings?.get(s);
  if (dumped !== undefined && dumped !== 0) {
    o.ihash = dumped;
    return;
  }
  let h = 0x9e3779b9 ^ s.length;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  o.ihash = h & 0x7fffffff || 0xbad;
}

/**
 * JDK 17: the objects of an archived heap subgraph this engine builds (natives/jdk/internal/misc/CDS.ts:
 * the boxing caches, FDBigInteger's powers of 5, ...) carry the dump's identity hashes, as every
 * object JDK 17's dump archives: hashing them draws nothing (lambda-serialization: a captured
 * `Integer.valueOf(7)` in ObjectOutputStream's HandleTable drew one here, none on java 17; branch
 * s17). The boxing caches' boxes get the dump's values when the archive's trial read them
 * (VmOptions.archivedBoxes, engine/archived-strings.ts); the rest values of a sequence of their
 * own, in the graph's order.
 */
export function archivedGraphIdentities(vm: VM, root: JObject): void {
  if (vm.opts.jdk.feature >= 25) return;
  const boxes = vm.opts.archivedBoxes;
  const seen = new Set<JObject>();
  const todo: JObject[] = [root];
  for (let o = todo.pop(); o !== undefined; o = todo.pop()) {
    if (seen.has(o) || o.klass.name === 'java/lang/Class') continue;
    seen.add(o);
    if (o.ihash === 0) {
      const dumped = boxes !== undefined ? boxes.get(boxKey(vm, o)) : undefined;
      if (dumped !== undefined) o.ihash = dumped;
      else {
        vm.archivedObjectHash = (Math.imul(vm.archivedObjectHash, 0x41c64e6d) + 12345) | 0;
        o.ihash = (vm.archivedObjectHash >>> 1) | 1;
      }
    }
    const values = o instanceof JArray ? (Array.isArray(o.data) ? o.data : []) : Object.values(o);
    for (const v of values) if (v instanceof JObject) todo.push(v);
  }
}

/** engine/archived-strings.ts boxKey of a box (its class and value), or '' for another object. */
function boxKey(vm: VM, o: JObject): string {
  const c = o.klass.name;
  if (c !== 'java/lang/Integer' && c !== 'java/lang/Long' && c !== 'java/lang/Short' && c !== 'java/lang/Byte' && c !== 'java/lang/Character') return '';
  const v = (o as JObject & Record<string, unknown>)[vm.field(o.klass, 'value').key];
  return `${c} ${typeof v === 'bigint' ? v.toString() : String(v)}`;
}

/** The next hash of the VM's own sequence (the VM, the profiler's runtime, archived objects). */
function systemDraw(vm: VM): number {
  vm.systemHash = (Math.imul(vm.systemHash, 0x41c64e6d) + 12345) | 0;
  return (vm.systemHash >>> 1) | 1;
}

/** HotSpot's per-thread generator of `t` (ihash.ts); the main thread boots the JDK on another. */
function sequenceOf(vm: VM, t: JThread): HashState {
  return t === vm.threads[0] && !vm.mainStarted ? vm.bootHashState : t.hashState;
}

/** What KOMORIUM_TRACE_IHASH names: the object's class, and a mirror's class. */
function traced(o: JObject): string {
  const k = o.klass.name === 'java/lang/Class' ? (o as JObject & { $vm?: JClass }).$vm : undefined;
  if (k !== undefined) return `java.lang.Class ${k.javaName}`;
  const js = o.klass.name === 'java/lang/String' ? (o as JObject & { $js?: string | null }).$js : undefined;
  return typeof js === 'string' ? `java.lang.String ${JSON.stringify(js.slice(0, 60))}` : o.klass.javaName;
}

/**
 * The archived identity hash of class `k`'s mirror, or 0: a class of a named module of the JDK
 * (its loader built in), a primitive type, or an array of those; not a hidden class (lambda
 * proxies: the archive's names are not the run's) nor a class of the class path.
 */
function archivedHashOf(archived: ReadonlyMap<string, number>, k: JClass | undefined): number {
  if (k === undefined || k.hidden) return 0;
  let e = k;
  while (e.component !== null) e = e.component;
  if (!e.isPrimitive && (e.moduleName === null || e.hidden)) return 0;
  return archived.get(k.javaName) ?? 0;
}

/**
 * main() starts: the main thread's identity hashes from now on are HotSpot's, from its
 * generator's value after the draws java's boot and launcher make (ihash.ts preMainDraws). The
 * last of them is the main class's mirror (drawn when its loader defined it, here from the boot
 * sequence): it gets that value, as on java.
 *
 * A main class found in a directory of the class path after jars: java's launcher opens and
 * searches those jars first (URLClassPath$JarLoader: the jar's streams in ZipFile's WeakHashMap,
 * its manifest, StringTokenizer's mirror for a Class-Path attribute, FileSystemProvider's Set.of
 * the first time), each hash a draw on java's main thread before the main class's mirror; this
 * engine's launcher runs the same Java code on the boot sequence, and its draws under JarLoader
 * are added (gdb on HotSpot 25, Jackson's three jars before `.`: 13, the main class's mirror the
 * 17th draw; branch jk38). Before, such a class path counted as a jar's (12 on JDK 25), so every
 * later main-thread hash was 5 draws off. With only directories there is no such draw.
 */
export function startMainHashes(vm: VM, mainFromJar: boolean, mainMirror: JObject | null): void {
  const main = vm.threads[0];
  vm.mainStarted = true;
  if (!main) return;
  resetHashState(main.hashState, vm.mainHashSeed);
  archivedModuleIdentities(vm);
  let draws = preMainDraws(vm.opts.jdk.feature, vm.opts.jdkCounted === true, mainFromJar);
  if (!mainFromJar) draws += vm.launcherJarDraws;
  let last = 0;
  for (let i = draws; i > 0; i--) last = nextHash(main.hashState);
  if (mainMirror !== null && last !== 0 && mainMirror.ihash !== 0) mainMirror.ihash = last;
}

/**
 * Linking `k` (verify-link.ts): HotSpot's Verifier::verify gives the class's mirror its identity
 * hash first ("eagerly allocate the identity hash code for a klass"), eligible for verification
 * or not, for every class it links that its CDS archive did not hold linked. So a class of the
 * boot or platform loader read from lib/modules draws one on the linking thread when it is
 * linked (java 17 and 25: `new` of such a class moves the thread's sequence by one,
 * `Class.forName(name, false, ...)` does not); an archived mirror keeps the dump's hash
 * (identityHash above), and an archived class is linked without the verifier: only with the
 * copy's class list (VmOptions.archivedClasses) is it known which classes draw.
 * A class of another (Java) loader draws at linking whatever the archive (the dump's archive
 * holds none of them): java 17's gdb trace (libjvm's FastHashCode, branch s17) has the program's
 * classes and JDK 17's generated serialization accessors (DelegatingClassLoader) drawn under
 * Verifier::verify, the superclass first, not at their definition.
 * Hidden classes draw at definition, where HotSpot links them (natives/java/lang/ClassLoader.ts).
 */
export function hashAtLink(vm: VM, k: JClass): void {
  if (k.hidden || k.source === 'spun' || k.isArray || k.isPrimitive) return;
  if (k.loader !== null && !vm.isPlatformLoader(k.loader)) {
    vm.identityHash(vm.mirrorOf(k));
    return;
  }
  const archived = vm.opts.archivedClasses;
  if (archived === undefined || archived.has(k.javaName)) return;
  vm.identityHash(vm.mirrorOf(k));
}

/**
 * A hidden class is linked where it is defined (jvm.cpp jvm_lookup_define_class), and HotSpot's
 * link_class_impl links its superclass and then its interfaces first, each the same way, so the
 * verifier's draws for those not yet linked come before the hidden class's own (hashAtLink). The
 * embedded engine links them later (when the class is initialised or first used): this draws
 * their link-time hashes now, in that order, so the hidden mirror's draw comes after them (a
 * lambda of the program's own functional interface: java 25 draws `IntOp`, `IntOp2`, then the
 * proxy; the embedded engine drew the proxy first). linkVerify's own hashAtLink then draws
 * nothing more for them (an identity hash is drawn once).
 */
export function hashSupersAtLink(vm: VM, k: JClass): void {
  if (k.superclass !== null) hashLinkedFirst(vm, k.superclass);
  for (const i of k.interfaces) hashLinkedFirst(vm, i);
}

/**
 * JDK 17: a class a Java loader defines with a protection domain `pd` has its supertypes resolved
 * through that loader with the domain (ClassFileParser: parse_interfaces resolves the interfaces
 * in the class file's order, then post_process_parsed_stream the superclass, each with
 * resolve_super_or_fail), and SystemDictionary validates the domain for each class so found
 * (`s`, loaded first if need be, its own supertypes and domain first): unless `s` is of that
 * domain, Dictionary::validate_protection_domain adds it to `s`'s entry, and
 * ProtectionDomainCacheTable keys it by its identity hash. So a domain draws its hash at the
 * first supertype of another domain that the first class of its code source resolves (gdb on
 * java 17's FastHashCode, branch ih38: `ProtectionDomainCacheTable::get` < `add_protection_domain`
 * < `validate_protection_domain`, for the application loader's domain before main, for
 * `jrt:/jdk.localedata`'s domain at `CLDRLocaleDataMetaInfo`'s definition in java-time).
 * Jackson (branch jk39): `ObjectMapper` (jackson-databind's jar) implements `Versioned`
 * (jackson-core's): java draws core's domain (at `Versioned`'s `Object`) and then databind's
 * (at `Versioned`), then loads `ObjectCodec` and `TreeCodec`; drawn once all supertypes were
 * there (ih38), databind's came after those two classes' zip streams, so four main-thread hashes
 * were one place off. JDK 18 and later validate only with a security manager allowed (not the
 * default), and JDK 24 dropped the domain cache: no draw there.
 */
export function hashDomainAtResolve(vm: VM, pd: JObject, s: JClass): void {
  if (vm.opts.jdk.feature > 17 || pd.ihash !== 0 || s.protectionDomain === pd) return;
  vm.identityHash(pd);
}

function hashLinkedFirst(vm: VM, k: JClass): void {
  if (k.verified || k.verifyError !== null) return;
  hashSupersAtLink(vm, k);
  hashAtLink(vm, k);
}

/**
 * A draw for an object this engine does not make (the mirror of an enum's MID holder on HotSpot's
 * copy, mid-holders.ts), on the current thread's sequence as identityHash would draw.
 */
export function drawWithoutObject(vm: VM, what: string): void {
  const t = vm.current;
  if (t === null || t.system || runtimeOnStack(t)) return;
  const s = sequenceOf(vm, t);
  const h = nextHash(s);
  if (s === vm.bootHashState && vm.launcherStarted && jarLoaderOnStack(t)) vm.launcherJarDraws++;
  if (TRACE_IHASH) vm.reportFailure(`[ihash] ${t.name}${s === vm.bootHashState ? ' (boot)' : ''} ${what} (no object) ${h.toString(16)} at ${traceTop(t)}`);
}

/**
 * JDK 17: java maps the boot's module graph from its CDS archive (the full module graph:
 * heapShared.cpp's `ArchivedBootLayer`, `ArchivedClassLoaders`, `Module$ArchivedData`): the boot
 * layer's modules, the built-in loaders' unnamed modules, `ALL_UNNAMED_MODULE` and
 * `EVERYONE_MODULE` are archived objects with the dump's identity hashes, so hashing one later
 * (Module.canRead's WeakPairMap of reflective reads) draws nothing. This engine builds them at
 * boot; one first hashed after main drew from the thread's sequence (Jackson on JDK 17, branch
 * jk39: a second annotation proxy's module `ensureAccess` hashed the application loader's unnamed
 * module and ALL_UNNAMED_MODULE, two main-thread draws java does not make). Given a hash of the
 * archived objects' sequence (archivedGraphIdentities) when main starts (the dump's values are not known here). JDK 25 keeps only
 * the hashes the dump computed: not done there.
 */
function archivedModuleIdentities(vm: VM): void {
  if (vm.opts.jdk.feature >= 25) return;
  const modules: (JObject | null)[] = [vm.bootUnnamedModule];
  for (const byPackage of vm.packageModules.values()) for (const m of byPackage.values()) modules.push(m);
  const statics = (cls: string, names: string[]): void => {
    const k = vm.classes.findLoaded(null, cls);
    if (k === undefined) return;
    for (const n of names) {
      const f = k.fields.find((x) => x.name === n && x.isStatic);
      if (f !== undefined) modules.push(k.staticValues[f.slot] as JObject | null);
    }
  };
  statics('java/lang/Module', ['ALL_UNNAMED_MODULE', 'EVERYONE_MODULE']);
  const loaders = vm.classes.findLoaded(null, 'jdk/internal/loader/ClassLoaders');
  if (loaders !== undefined) {
    for (const n of ['PLATFORM_LOADER', 'APP_LOADER']) {
      const f = loaders.fields.find((x) => x.name === n && x.isStatic);
      const l = f === undefined ? null : (loaders.staticValues[f.slot] as JObject | null);
      if (l !== null) modules.push((l as JObject & Record<string, unknown>)[vm.field(l.klass, 'unnamedModule').key] as JObject | null);
    }
  }
  for (const m of modules) {
    if (m === null || m === undefined || m.ihash !== 0) continue;
    vm.archivedObjectHash = (Math.imul(vm.archivedObjectHash, 0x41c64e6d) + 12345) | 0;
    m.ihash = (vm.archivedObjectHash >>> 1) | 1;
  }
}

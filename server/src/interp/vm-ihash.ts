// Identity hash codes as the embedded JVM hands them out (ihash.ts has HotSpot's generators):
// the VM's own and the profiler's from a sequence of their own, the program's per thread.

import type { JClass } from './klass';
import type { JObject } from './object';
import { nextHash, preMainDraws, resetHashState, runtimeOnStack, traceTop, type HashState } from './ihash';
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
    if (TRACE_IHASH) vm.reportFailure(`[ihash] ${t.name}${s === vm.bootHashState ? ' (boot)' : ''} ${traced(o)} ${o.ihash.toString(16)} at ${traceTop(t)}`);
  }
  return o.ihash;
}

/**
 * Gives `o` an identity hash from the VM's own sequence, none of a thread's: an object HotSpot
 * maps from its CDS archive with the dump's hash (on JDK 17 a lambda proxy the archive holds,
 * natives/java/lang/ClassLoader.ts), whose hashing later draws nothing.
 */
export function hashWithoutDraw(vm: VM, o: JObject): void {
  if (o.ihash === 0) o.ihash = systemDraw(vm);
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
  return k !== undefined ? `java.lang.Class ${k.javaName}` : o.klass.javaName;
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
 */
export function startMainHashes(vm: VM, mainFromJar: boolean, mainMirror: JObject | null): void {
  const main = vm.threads[0];
  vm.mainStarted = true;
  if (!main) return;
  resetHashState(main.hashState, vm.mainHashSeed);
  let last = 0;
  for (let i = preMainDraws(vm.opts.jdk.feature, vm.opts.jdkCounted === true, mainFromJar); i > 0; i--) last = nextHash(main.hashState);
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
 * Classes of other loaders and hidden classes draw at definition (natives/java/lang/ClassLoader.ts).
 */
export function hashAtLink(vm: VM, k: JClass): void {
  const archived = vm.opts.archivedClasses;
  if (archived === undefined || k.hidden || k.source === 'spun' || k.isArray || k.isPrimitive) return;
  if (k.loader !== null && !vm.isPlatformLoader(k.loader)) return;
  if (archived.has(k.javaName)) return;
  vm.identityHash(vm.mirrorOf(k));
}

const MID_FIELD = '$komorium$mid';

/**
 * An instrumented enum of the JDK starts its `<clinit>` (init.ts). HotSpot's copy keeps an enum's
 * MIDs in a holder class of its own (transform/clazz.ts enumMidHolder; this engine in static
 * fields of the enum), which the `<clinit>`'s first MID read links and initialises: its mirror
 * draws a hash there (hashAtLink) unless the copy's archive holds the holder (its class list
 * names the holders a hello world loads). java.time's ChronoField, ChronoUnit, IsoFields$Field ... each drew one on HotSpot
 * only, which moved every later hash of the thread (`DateTimeFormatterBuilder`: TextStyle's
 * hashes, then the order of DateTimeTextProvider's sorted entries).
 * JDK 17 only: on JDK 25 a draw at every such `<clinit>` overshoots HotSpot's (enums initialised
 * inside linkage that HotSpot runs paused, VarHandle$AccessMode and Wrapper, link no holder
 * there): corpus serialization on 25 went from −1,280 to −263,244 bytecodes with it (the
 * MethodType intern set's bins, then LambdaForms compiled on this engine only). The right
 * moment is the enum's first counted MID use (not done).
 */
export function hashEnumMidHolder(vm: VM, k: JClass): void {
  const archived = vm.opts.archivedClasses;
  if (archived === undefined || vm.opts.jdk.feature >= 25 || k.superclass?.name !== 'java/lang/Enum' || k.hidden) return;
  if (k.loader !== null && !vm.isPlatformLoader(k.loader)) return;
  if (!k.fields.some((f) => f.isStatic && f.name.startsWith(MID_FIELD))) return;
  if (archived.has(`${k.javaName}$komorium$MIDs`)) return;
  drawFor(vm, `${k.javaName}$komorium$MIDs`);
}

/** A draw for an object this engine does not make (the holder's mirror), on the current thread's sequence as identityHash would draw. */
function drawFor(vm: VM, what: string): void {
  const t = vm.current;
  if (t === null || t.system || runtimeOnStack(t)) return;
  const s = sequenceOf(vm, t);
  const h = nextHash(s);
  if (TRACE_IHASH) vm.reportFailure(`[ihash] ${t.name}${s === vm.bootHashState ? ' (boot)' : ''} ${what} (no object) ${h.toString(16)} at ${traceTop(t)}`);
}

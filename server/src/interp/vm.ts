// The embedded JVM: global state (classes, strings, threads, natives, clock) and the services
// the interpreter and the natives use. Boot is in boot.ts, the scheduler in scheduler.ts,
// exceptions in throwables.ts, class initialisation in init.ts.

import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { defaultMaxHeap } from './heap';
import { RUNTIME_PACKAGE } from '../runtime/contract';
import type { JdkInfo } from '../classpath/index';
import { ClassTable, ATYPE } from './classes';
import { InitState, instantiate, linkClass, JClass, JMethod, type JField } from "./klass";
import { JArray, makeArray, type JObject } from './object';
import { NativeRegistry, makeAdapter, type NativeImpl } from './natives/registry';
import { VmError, JavaThrow, PENDING } from './signals';
import { JThread } from './thread';
import { HostWaits } from './hostwait';
import { OsRandom, PRE_MAIN_DRAWS_DIR, PRE_MAIN_DRAWS_JAR, newHashState, nextHash, resetHashState, runtimeOnStack, traceTop } from './ihash';
import * as monitors from './monitor';
import { isAssignable } from './ops';
import { Strings } from './strings';
import { prettyDescriptor, type MethodSite } from './resolve';
import { initialize as initializeClass, initializeThen } from './init';
import { materialize, newThrowable, internalErrorFrom, wrapLoadFailure, isBacktrace } from './throwables';
import type { Scheduler } from './scheduler';
import type { ClockMode } from './clock';
import type { ExactProfiler } from './exact';
import { platformProperties, vmProperties, javaVersionOf, type PropertyInputs } from './properties';
import type { LdcValue } from './resolve';
import { registerAllNatives } from './natives/index';
import { classModifiers } from './natives/java/lang/Class';
import { installIndy } from './indy/link';
import { WRAPPERS } from './indy/convert';
import { linkSignaturePolymorphic } from './invoke/sigpoly';
import { dynamicConstant, methodHandleConstant, methodTypeFor } from './invoke/constants';

/** The profiler runtime's package (runtime/contract.ts), as a class-name prefix. */
const RUNTIME_PREFIX = `${RUNTIME_PACKAGE}/`;
const TRACE_CLASSES = !!process.env.KOMORIUM_TRACE_CLASSES;

let gcFunction: (() => void) | null | undefined;
/** A full collection of the JS heap (V8's gc, exposed on first use); a no-op if unavailable. */
const TRACE_HEAP = !!process.env.KOMORIUM_TRACE_HEAP;
const TRACE_IHASH = !!process.env.KOMORIUM_TRACE_IHASH;
const mb = (n: number): string => `${(n / 1048576).toFixed(1)} MB`;

function collectGarbage(): void {
  if (gcFunction === undefined) {
    gcFunction = null;
    try {
      v8.setFlagsFromString('--expose-gc');
      const f: unknown = runInNewContext('gc');
      if (typeof f === 'function') gcFunction = f as () => void;
    } catch {
      gcFunction = null;
    }
  }
  gcFunction?.();
}

export interface VmIo {
  stdout(data: Uint8Array): void;
  stderr(data: Uint8Array): void;
  /** Reads up to `max` bytes of standard input; empty = end of input; null = would block. */
  readStdin(max: number): Uint8Array | null;
  /** True once the reader of stdout (1) or stderr (2) has gone (EPIPE): writes then fail. */
  closed?(fd: 1 | 2): boolean;
  /** Standard input is the process's own descriptor 0 (a child that inherits it gets it). */
  stdinIsProcess?: boolean;
}

export interface VmOptions {
  jdk: JdkInfo;
  /** User class path entries (absolute). */
  classpath: string[];
  /** System properties given by the user (-D). */
  properties: Record<string, string>;
  /** Working directory (user.dir) and environment. */
  cwd: string;
  env: Record<string, string>;
  io: VmIo;
  /** Frame-depth limit (StackOverflowError). */
  maxDepth?: number;
  /** Heap limit in bytes (OutOfMemoryError). */
  maxHeap?: number;
  /** Class bytes hook: transforms classes as they are defined (profiling). */
  transformClass?: (name: string | null, bytes: Uint8Array, boot: boolean) => Uint8Array;
  /** Boot class bytes lookup (the JDK image). */
  bootClass: (name: string) => { bytes: Uint8Array; source: string; module: string } | undefined;
  /**
   * Polled between time slices: true (or a nonzero number) cancels the run. A number is the
   * exit status the program then ends with, as on a signal (130 SIGINT, 143 SIGTERM; true: 130).
   */
  cancelled?: () => boolean | number;
  /** The clock (clock.ts): real (default) or virtual (reproducible runs). */
  clock?: ClockMode;
  /**
   * Real clock, every thread asleep: block the host thread for up to `ms` (flushing output
   * first); may return early (cancellation). Default: a plain timed wait.
   */
  idle?: (ms: number) => void;
  /** Called between time slices (flushing output, progress). */
  onSlice?: () => void;
  /** Trace class loading to stderr (debugging). */
  traceClassLoading?: boolean;
  /** For sun.java.command and java.class.path. */
  mainClass: string;
  args: string[];
  /** java.class.path (user entries plus the runtime, joined with ':'). */
  classPathString: string;
  /** Assertions: -ea (all non-system classes). */
  enableAssertions?: boolean;
  /** Bytes available on stdin without blocking (InputStream.available). */
  stdinAvailable?: () => number;
}


export class VM {
  readonly classes: ClassTable;
  readonly natives = new NativeRegistry();
  readonly strings: Strings;
  readonly threads: JThread[] = [];
  readonly indySites = new Map<JMethod, Map<number, JMethod>>();
  /** Threads waiting for a class being initialised by another thread. */
  readonly initWaiters = new Map<JClass, JThread[]>();
  maxDepth: number;
  maxSlots = 1 << 22;
  maxHeap: number;
  heapUsed = 0;
  /** The exact (every-bytecode) profiler; null unless in exact mode (exact.ts). */
  exact: ExactProfiler | null = null;
  /** Virtual clock in nanoseconds: advances with executed bytecodes (1 ns each) and sleeps. */
  clockNs = 0;
  /** Wall-clock epoch ms at VM start (virtual clock: currentTimeMillis = startMillis + clock). */
  readonly startMillis = Date.now();
  /** The clock follows the host's once the JDK has booted (clock.ts); false: virtual. */
  readonly realClock: boolean;
  /** Real clock: performance.now() and the virtual clock when real time took over (-1: not yet). */
  realBase = -1;
  nanoBase = 0;
  nextThreadId = 1;
  /** Threads waiting for the host (subprocesses) and background pumps (hostwait.ts). */
  readonly hostWaits = new HostWaits();
  /** HotSpot's os::random(), which seeds each thread's identity-hash generator. */
  readonly osRandom = new OsRandom();
  /** The main thread's generator while the JDK boots (HotSpot's boot hashes come from its CDS archive). */
  private readonly bootHashState = newHashState(0x1234567);
  private mainStarted = false;
  private mainHashSeed = 0;
  private systemHash = 0x7654321;
  /** Set by System.exit / Runtime.halt. */
  exitCode: number | null = null;
  /** True once initPhase3 finished. */
  booted = false;
  current: JThread | null = null;
  /** Hidden-class counter for generated names. */
  hiddenCounter = 0;
  /** InnerClassLambdaMetafactory's counter of lambda proxy classes (JDK 17: Main$$Lambda$14). */
  lambdaCounter = 0;
  /** Properties given to the VM by the launcher (java.class.path, user -D...). */
  readonly vmProperties: Map<string, string>;
  /** Classes in load order (for diagnostics and the class-loading trace). */
  loadedCount = 0;

  constructor(readonly opts: VmOptions) {
    this.classes = new ClassTable(this);
    this.strings = new Strings(this);
    this.maxDepth = opts.maxDepth ?? 16000;
    this.realClock = (opts.clock ?? 'real') === 'real';
    this.maxHeap = opts.maxHeap ?? defaultMaxHeap();
    this.vmProperties = new Map(Object.entries(opts.properties));
    registerAllNatives(this.natives, this.opts.jdk.feature);
    installIndy(this);
    (globalThis as { __vm?: VM }).__vm = this;
  }

  // ------------------------------------------------------------------ classes

  bootClassBytes(name: string): { bytes: Uint8Array; source: string; module: string } | undefined {
    return this.opts.bootClass(name);
  }

  /** Transformation hook (profiling) applied to every class's bytes before parsing. */
  prepareClassBytes(name: string | null, bytes: Uint8Array, loader: JObject | null): Uint8Array {
    const tr = this.opts.transformClass;
    const out = tr ? tr(name, bytes, loader === null) : bytes;
    if (loader === null && name !== null) this.strings.bootClassDefined(name, out, out !== bytes);
    return out;
  }

  onClassLoaded(k: JClass): void {
    this.loadedCount++;
    if (k.module === null && this.packageModules.size > 0) this.assignModule(k);
    if (this.opts.traceClassLoading || TRACE_CLASSES) this.opts.io.stderr(Buffer.from(`[class,load] ${k.javaName} source: ${k.source || 'generated'}\n`));
  }

  loadBoot(name: string): JClass {
    return this.classes.loadBoot(name);
  }

  /**
   * Resolves class `name` as referenced from class `from` (JVMS 5.4.3.1), loading it through
   * `from`'s defining loader. For Java loaders this is an upcall: the current instruction
   * (top frame's saved pc) runs again once the class is loaded.
   */
  resolveClass(t: JThread, from: JClass, name: string): JClass {
    const loader = from.loader;
    let dims = 0;
    while (name.charCodeAt(dims) === 0x5b) dims++;
    if (dims > 0) {
      const el = name.slice(dims);
      let k: JClass = el.length === 1 ? this.classes.primitive(el) : this.resolveClass(t, from, el.slice(1, -1));
      for (let i = 0; i < dims; i++) k = this.classes.arrayOf(k);
      return k;
    }
    if (name === from.name) return from;
    const have = this.classes.findLoaded(loader, name);
    if (have) return have;
    if (loader === null) return this.classes.loadBoot(name);
    // The profiler's runtime (on the boot class path) resolves from any loader, as if every
    // loader delegated to the boot loader for it, without running the loader's loadClass: a
    // program's loader that defines classes itself and delegates nothing but java.* would
    // otherwise fail on the instrumented code's references, and the loader's JDK bytecodes
    // would be counted in scope all by the sampled run alone (the exact run never references
    // the runtime).
    if (name.startsWith(RUNTIME_PREFIX)) {
      const rt = this.classes.tryBoot(name);
      if (rt) {
        this.classes.loaderData(loader).classes.set(name, rt);
        return rt;
      }
    }
    const top = t.frames[t.depth];
    this.classes.loadThroughLoader(t, loader, name, () => undefined, 'V', top.pc);
    throw PENDING;
  }

  arrayClassOf(k: JClass): JClass {
    return this.classes.arrayOf(k);
  }

  primitiveArrayClass(atype: number): JClass {
    const d = ATYPE[atype];
    if (!d) throw new VmError('java/lang/InternalError', `bad newarray type ${atype}`);
    return this.classes.arrayOf(this.classes.primitive(d));
  }

  /** java.lang.Class has the fields `modifiers`, `primitive` and `protectionDomain` (JDK 24+). */
  private mirrorHasFlags: boolean | null = null;

  /** The java.lang.Class object of `k`. */
  mirrorOf(k: JClass): JObject {
    if (k.mirror) return k.mirror;
    const cls = this.classes.loadBoot('java/lang/Class');
    const m = instantiate(cls) as JObject & Record<string, unknown>;
    m.$vm = k;
    m.classLoader = k.loader;
    m.componentType = k.component ? this.mirrorOf(k.component) : null;
    m.module = k.module;
    m.classData = null;
    if (this.mirrorHasFlags === null) this.mirrorHasFlags = cls.instanceFields.some((f) => f.name === 'primitive');
    if (this.mirrorHasFlags) {
      // JDK 24+: Class reads these from the mirror (HotSpot sets them when it creates it).
      m.modifiers = classModifiers(k);
      m.primitive = k.isPrimitive ? 1 : 0;
      m.protectionDomain = k.protectionDomain;
    }
    k.mirror = m;
    return m;
  }

  classOfMirror(mirror: JObject): JClass {
    const k = (mirror as unknown as { $vm: JClass | null }).$vm;
    if (!k) throw new VmError('java/lang/InternalError', 'not a class mirror');
    return k;
  }

  /** The loadClass(String) method to call on `loader`. */
  loadClassMethod(loader: JObject): JMethod {
    const m = loader.klass.vmap.get('loadClass(Ljava/lang/String;)Ljava/lang/Class;');
    if (!m) throw new VmError('java/lang/InternalError', `${loader.klass.javaName} has no loadClass(String)`);
    return m;
  }

  loaderName(loader: JObject | null): string {
    if (loader === null) return "'bootstrap'";
    const name = (loader as unknown as Record<string, unknown>).name as JObject | null;
    return name ? `'${this.strings.js(name)}'` : loader.klass.javaName;
  }

  /** HotSpot's loader_name_and_id: ClassLoader.nameAndId ("'app'", "Foo @1b6d3586"), else as loaderName. */
  loaderNameAndId(loader: JObject): string {
    const nid = (loader as unknown as Record<string, unknown>).nameAndId as JObject | null | undefined;
    return nid ? this.strings.js(nid) : this.loaderName(loader);
  }

  wrapLoadFailure(t: JThread, exc: JObject, name: string): JObject {
    return wrapLoadFailure(this, t, exc, name);
  }

  isCatchType(from: JClass, cpIndex: number, exc: JObject): boolean {
    const cached = from.cpc[cpIndex] as JClass | undefined;
    if (cached !== undefined && (cached as JClass).supers !== undefined) return isAssignable(exc.klass, cached);
    const e = from.cp[cpIndex];
    if (!e || e.tag !== 7) return false;
    const ne = from.cp[e.nameIndex];
    const name = ne && ne.tag === 1 ? ne.value : '';
    // The catch type is the class `from`'s loader resolves for the name (JVMS 5.3), not any
    // class of that name: a class the loader has already loaded resolves without an upcall;
    // the boot loader's, synchronously.
    let known: JClass | undefined;
    try {
      known = from.loader === null ? this.classes.tryBoot(name) : this.classes.findLoaded(from.loader, name);
    } catch {
      known = undefined; // a broken class file: matched by name below, the unwind goes on
    }
    if (known !== undefined) {
      from.cpc[cpIndex] = known;
      return isAssignable(exc.klass, known);
    }
    // Not loaded by that loader yet (which java's verifier would have done): it is not one
    // of the exception's own classes unless a class of that name is among its supertypes.
    for (const s of exc.klass.supers) if (s.name === name) return true;
    return false;
  }

  // ------------------------------------------------------------------ initialisation

  /** Initialises `k` (JVMS 5.5) or throws PENDING/BLOCK; returns if already done. */
  initialize(t: JThread, k: JClass): void {
    initializeClass(this, t, k);
  }

  /** For natives: initialise `k`, then return `then()` (possibly after upcalls). */
  initializeThen(t: JThread, k: JClass, then: () => unknown): unknown {
    return initializeThen(this, t, k, then);
  }

  // ------------------------------------------------------------------ objects and strings

  allocObject(k: JClass): JObject {
    // The estimate is V8's size (a JS object: map, properties, elements, klass, mon, ihash).
    this.allocate(48 + 8 * k.instanceFields.length);
    return instantiate(k);
  }

  /**
   * Heap accounting: throws OutOfMemoryError past the limit (the failed allocation is not
   * counted). Exceptions the VM creates are exempt, as HotSpot's preallocated ones are.
   * `heapUsed` is an estimate between measurements; past the limit, and at every allocation
   * over 1 MB, the program's heap is measured (`javaHeapUsed`).
   */
  allocate(bytes: number): void {
    if (this.creatingThrowables === 0 && (bytes > 1 << 20 || this.heapUsed + bytes > this.maxHeap)) this.checkHeap(bytes);
    this.heapUsed += bytes;
  }
  private creatingThrowables = 0;
  /** The engine's own memory when the JDK had booted: V8 heap bytes and ArrayBuffer bytes. */
  private baseHeap = 0;
  private baseBuffers = 0;

  /**
   * Marks the memory in use now as the engine's own: class metadata, generated code and the
   * JDK's boot-time objects do not count against -Xmx. (No collection first: forcing one here,
   * in every worker at boot, stalled HotSpot runs started alongside in the test helpers; the
   * boot's uncollected garbage, a few MB, is given to the program.)
   */
  markHeapBaseline(): void {
    const u = process.memoryUsage();
    this.baseHeap = u.heapUsed;
    this.baseBuffers = u.arrayBuffers;
    this.heapUsed = 0;
    if (TRACE_HEAP) this.reportFailure(`[heap] engine baseline: V8 heap ${mb(u.heapUsed)}, ArrayBuffers ${mb(u.arrayBuffers)}, limit ${mb(v8.getHeapStatistics().heap_size_limit)}; -Xmx ${mb(this.maxHeap)}`);
  }

  /**
   * The program's heap: what the worker's V8 heap (objects, reference arrays) and its
   * ArrayBuffers (primitive arrays) hold beyond the engine's baseline.
   */
  javaHeapUsed(): number {
    const u = process.memoryUsage();
    return Math.max(0, u.heapUsed - this.baseHeap) + Math.max(0, u.arrayBuffers - this.baseBuffers);
  }

  private checkHeap(bytes: number): void {
    if (bytes > this.maxHeap) throw new VmError('java/lang/OutOfMemoryError', 'Java heap space');
    let used = this.javaHeapUsed();
    // As HotSpot collects before it gives up: garbage (e.g. a half-built array) must not count.
    // A second collection frees the ArrayBuffers the first one found dead but had not swept.
    for (let i = 0; i < 2 && used + bytes > this.maxHeap; i++) {
      collectGarbage();
      used = this.javaHeapUsed();
    }
    this.heapUsed = used;
    if (TRACE_HEAP) this.reportFailure(`[heap] allocating ${mb(bytes)}: program heap ${mb(used)} of ${mb(this.maxHeap)}`);
    if (used + bytes > this.maxHeap) throw new VmError('java/lang/OutOfMemoryError', 'Java heap space');
  }

  intern(s: string): JObject {
    return this.strings.intern(s);
  }

  newString(s: string): JObject {
    return this.strings.create(s);
  }

  jsString(o: JObject): string {
    return this.strings.js(o);
  }

  identityHash(o: JObject): number {
    if (o.ihash === 0) {
      const t = this.current;
      if (t === null || t.system || runtimeOnStack(t)) {
        // The VM itself, profiler-internal threads and the profiler's runtime (komorium/rt on
        // the stack) draw from their own sequence: the program's stays as without them.
        this.systemHash = (Math.imul(this.systemHash, 0x41c64e6d) + 12345) | 0;
        o.ihash = (this.systemHash >>> 1) | 1;
        return o.ihash;
      }
      // HotSpot's per-thread generator (ihash.ts); the main thread boots the JDK on another.
      const s = t === this.threads[0] && !this.mainStarted ? this.bootHashState : t.hashState;
      o.ihash = nextHash(s);
      if (TRACE_IHASH) this.reportFailure(`[ihash] ${t.name}${s === this.bootHashState ? ' (boot)' : ''} ${o.klass.javaName} ${o.ihash.toString(16)} at ${traceTop(t)}`);
    }
    return o.ihash;
  }

  /** Seeds a new thread's identity-hash generator from os::random(), as HotSpot's Thread(). */
  seedHash(t: JThread): void {
    resetHashState(t.hashState, this.osRandom.next());
  }

  /**
   * main() starts: the main thread's identity hashes from now on are HotSpot's, from its
   * generator's value after the draws java's boot and launcher make (ihash.ts PRE_MAIN_DRAWS).
   */
  startMainHashes(mainFromJar: boolean): void {
    const main = this.threads[0];
    this.mainStarted = true;
    if (!main) return;
    resetHashState(main.hashState, this.mainHashSeed);
    for (let i = mainFromJar ? PRE_MAIN_DRAWS_JAR : PRE_MAIN_DRAWS_DIR; i > 0; i--) nextHash(main.hashState);
  }

  newArray(elemDesc: string, data: JArray['data']): JArray {
    const el = elemDesc.length === 1 ? this.classes.primitive(elemDesc) : this.classes.loadBoot(elemDesc.startsWith('[') ? elemDesc : elemDesc.slice(1, -1));
    return makeArray(this.classes.arrayOf(el), data);
  }

  newObjectArray(k: JClass, items: (JObject | null)[]): JArray {
    return new JArray(this.classes.arrayOf(k), items);
  }

  // ------------------------------------------------------------------ fields by name

  field(k: JClass, name: string): JField {
    for (let c: JClass | null = k; c; c = c.superclass) for (const f of c.fields) if (f.name === name) return f;
    throw new VmError('java/lang/InternalError', `no field ${k.javaName}.${name}`);
  }

  getStatic(className: string, name: string): unknown {
    const k = this.classes.loadBoot(className);
    const f = this.field(k, name);
    return f.klass.staticValues[f.slot];
  }

  setStatic(className: string, name: string, v: unknown): void {
    const k = this.classes.loadBoot(className);
    const f = this.field(k, name);
    f.klass.staticValues[f.slot] = v;
  }

  // ------------------------------------------------------------------ methods

  selectVirtual(rk: JClass, s: MethodSite): JMethod {
    const m = rk.vmap.get(s.m.nameDesc);
    if (m === undefined || m.isAbstract) {
      throw new VmError('java/lang/AbstractMethodError', `Receiver class ${rk.javaName} does not define or inherit an implementation of the resolved method '${m?.isAbstract ? 'abstract ' : ''}${prettyDescriptor(s.m.name, s.m.desc, s.m.klass)}' of ${s.m.klass.isInterface ? 'interface' : 'class'} ${s.m.klass.javaName}.`);
    }
    return m;
  }

  bindNative(m: JMethod): NativeImpl {
    const fn = this.natives.lookup(m);
    if (!fn) throw new VmError('java/lang/UnsatisfiedLinkError', `'${prettyDescriptor(m.name, m.desc, m.klass)}'`);
    const impl = makeAdapter(m, fn, this);
    m.native = impl;
    return impl;
  }

  findMethod(k: JClass, name: string, desc: string): JMethod {
    const m = k.resolveMethod(name, desc) ?? k.resolveInterfaceMethod(name, desc);
    if (!m) throw new VmError('java/lang/NoSuchMethodError', `${k.javaName}.${name}${desc}`);
    return m;
  }

  isSignaturePolymorphic(m: JMethod): boolean {
    const n = m.klass.name;
    return (n === 'java/lang/invoke/MethodHandle' || n === 'java/lang/invoke/VarHandle') && m.isNative && (m.access & 0x80) !== 0;
  }

  signaturePolymorphic(t: JThread, from: JClass, m: JMethod, desc: string): JMethod {
    return linkSignaturePolymorphic(this, t, from, m, desc);
  }

  linkCallSite(t: JThread, m: JMethod, pc: number, idx: number): JMethod {
    if (!this.indyLinker) throw new VmError('java/lang/BootstrapMethodError', `invokedynamic is not supported (no linker) at ${m}:${pc}`);
    return this.indyLinker(t, m, pc, idx);
  }

  /** Set by indy/: links an invokedynamic call site to a static method. */
  indyLinker: ((t: JThread, m: JMethod, pc: number, idx: number) => JMethod) | null = null;

  methodTypeConstant(t: JThread, k: JClass, desc: string): JObject {
    return methodTypeFor(this, t, k, desc);
  }

  methodHandleConstant(t: JThread, k: JClass, kind: number, idx: number): JObject {
    return methodHandleConstant(this, t, k, kind, idx);
  }

  dynamicConstant(t: JThread, k: JClass, idx: number): LdcValue {
    return dynamicConstant(this, t, k, idx);
  }

  // ------------------------------------------------------------------ monitors

  monitorEnter(t: JThread, o: JObject): boolean {
    return monitors.enter(t, o);
  }

  monitorExit(t: JThread, o: JObject): void {
    if (!monitors.exit(t, o)) throw new VmError('java/lang/IllegalMonitorStateException', 'current thread is not owner');
  }

  // ------------------------------------------------------------------ exceptions

  exception(className: string, message: string | null): VmError {
    return new VmError(className, message);
  }

  npe(): VmError {
    return new VmError('java/lang/NullPointerException', null);
  }

  aioobe(i: number, len: number): VmError {
    return new VmError('java/lang/ArrayIndexOutOfBoundsException', `Index ${i} out of bounds for length ${len}`);
  }

  internalError(msg: string): VmError {
    return new VmError('java/lang/InternalError', msg);
  }

  materialize(t: JThread, e: VmError): JObject {
    this.creatingThrowables++;
    try {
      return materialize(this, t, e);
    } finally {
      this.creatingThrowables--;
    }
  }

  newThrowable(t: JThread, className: string, message: string | null, cause: JObject | null = null): JObject {
    this.creatingThrowables++;
    try {
      return newThrowable(this, t, this.classes.loadBoot(className), message, cause);
    } finally {
      this.creatingThrowables--;
    }
  }

  /** Throws a Java exception from a native. */
  throwJava(t: JThread, className: string, message: string | null): never {
    throw new JavaThrow(this.newThrowable(t, className, message));
  }

  internalErrorObject(e: unknown, m: JMethod, pc: number): JObject {
    return internalErrorFrom(this, e, m, pc);
  }

  // ------------------------------------------------------------------ threads

  /** A new green thread; `seed`: its identity hashes are drawn as HotSpot's (not a profiler-internal thread). */
  newThread(seed = true): JThread {
    const t = new JThread(this.nextThreadId++);
    this.threads.push(t);
    if (seed) this.seedHash(t);
    if (this.threads.length === 1) this.mainHashSeed = t.hashState[0];
    return t;
  }

  threadOf(jthread: JObject): JThread | undefined {
    return ((jthread as unknown as { $vm: JThread | null }).$vm ?? undefined) as JThread | undefined;
  }

  isInitialized(k: JClass): boolean {
    return k.state === InitState.Initialized;
  }

  // ------------------------------------------------------------------ properties, modules

  get javaVersion(): string {
    return (this.cachedJavaVersion ??= javaVersionOf(this.opts.jdk));
  }
  private cachedJavaVersion: string | undefined;

  private propertyInputs(): PropertyInputs {
    const o = this.opts;
    return { jdk: o.jdk, cwd: o.cwd, classPath: o.classPathString, mainClass: o.mainClass, args: o.args, user: o.properties, env: o.env };
  }

  platformProperties(): (string | null)[] {
    return platformProperties(this.propertyInputs());
  }

  allVmProperties(): [string, string][] {
    return vmProperties(this.propertyInputs());
  }

  stdinAvailable(): number {
    return this.opts.stdinAvailable?.() ?? 0;
  }

  assertionsEnabled(k: JClass): boolean {
    return !!this.opts.enableAssertions && k.loader !== null;
  }

  /** ClassLoader.retrieveDirectives(): no per-class directives; -ea sets the default. */
  assertionDirectives(): JObject {
    const k = this.classes.loadBoot('java/lang/AssertionStatusDirectives');
    const o = this.allocObject(k) as JObject & Record<string, unknown>;
    const strArr = this.classes.arrayOf(this.classes.loadBoot('java/lang/String'));
    const boolArr = this.classes.arrayOf(this.classes.primitive('Z'));
    o.classes = new JArray(strArr, []);
    o.classEnabled = new JArray(boolArr, new Int8Array(0));
    o.packages = new JArray(strArr, []);
    o.packageEnabled = new JArray(boolArr, new Int8Array(0));
    o.deflt = this.opts.enableAssertions ? 1 : 0;
    return o;
  }

  bootUnnamedModule: JObject | null = null;
  /** (loader identity, package) → java.lang.Module. */
  private readonly packageModules = new Map<JObject | null, Map<string, JObject>>();

  defineModule(module: JObject, packages: string[]): void {
    const loader = (module as unknown as Record<string, unknown>).loader as JObject | null;
    let m = this.packageModules.get(loader);
    if (!m) this.packageModules.set(loader, (m = new Map()));
    for (const p of packages) m.set(p, module);
    // Classes already loaded in these packages get their module now.
    const table = loader === null ? this.classes.boot : this.classes.loaderData(loader).classes;
    for (const k of table.values()) if (k.module === null && k.loader === loader) this.assignModule(k);
    // Primitive types (and their arrays) are in java.base.
    if (loader === null && packages.includes('java/lang')) for (const p of this.classes.primitives.values()) this.setModule(p, module);
  }

  /** Sets k.module (and its mirror's) from its package, or the loader's unnamed module. */
  assignModule(k: JClass): void {
    const pkg = k.packageName;
    let mod = this.packageModules.get(k.loader)?.get(pkg) ?? null;
    if (mod === null) {
      mod = k.loader === null ? this.bootUnnamedModule : (((k.loader as unknown as Record<string, unknown>).unnamedModule as JObject | null) ?? null);
    } else if (k.loader !== null && !k.moduleName) {
      const n = (mod as unknown as Record<string, unknown>).name as JObject | null;
      if (n) k.moduleName = this.jsString(n);
    }
    if (mod === null) return;
    this.setModule(k, mod);
  }

  /** Sets the module of `k` and of its array classes made so far (HotSpot: an array's is its element's). */
  private setModule(k: JClass, mod: JObject): void {
    for (let c: JClass | null = k; c !== null; c = c.arrayClass) {
      c.module = mod;
      if (c.mirror) (c.mirror as unknown as Record<string, unknown>).module = mod;
    }
  }

  bootPackages(): string[] {
    return [...(this.packageModules.get(null)?.keys() ?? [])];
  }

  moduleOfBootPackage(pkg: string): string | null {
    const m = this.packageModules.get(null)?.get(pkg.replace(/\./g, '/'));
    if (!m) return null;
    const n = (m as unknown as Record<string, unknown>).name as JObject | null;
    return n ? this.jsString(n) : null;
  }

  isPlatformLoader(loader: JObject): boolean {
    return loader.klass.name === 'jdk/internal/loader/ClassLoaders$PlatformClassLoader';
  }

  /** The nearest non-boot, non-platform loader on the stack (ObjectInputStream). */
  latestUserDefinedLoader(t: JThread): JObject | null {
    for (const f of t.javaFrames()) {
      const l = f.m!.klass.loader;
      if (l !== null && !this.isPlatformLoader(l)) return l;
    }
    return null;
  }

  nestHostOf(k: JClass): JClass {
    if (k.nestHost) return k.nestHost;
    let host = k;
    const a = k.cf?.attributes.find((x) => x.name === 'NestHost');
    if (a && a.name === 'NestHost') {
      const e = k.cp[a.hostClassIndex];
      const n = e && e.tag === 7 ? k.cp[e.nameIndex] : undefined;
      const name = n && n.tag === 1 ? n.value : null;
      const hk = name ? this.classes.findLoaded(k.loader, name) : undefined;
      if (hk) host = hk;
    }
    k.nestHost = host;
    return host;
  }

  /** The backing array and offset of a heap ByteBuffer (ClassLoader.defineClass2). */
  byteBufferArray(bb: JObject): { data: Int8Array; offset: number } {
    const o = bb as unknown as Record<string, unknown>;
    const hb = o[this.field(bb.klass, 'hb').key] as JArray | null;
    if (hb === null) throw new VmError('java/lang/UnsupportedOperationException', 'direct ByteBuffer in defineClass');
    return { data: hb.data as Int8Array, offset: o[this.field(bb.klass, 'offset').key] as number };
  }

  // ------------------------------------------------------------------ boxing

  private static readonly BOXES: Record<string, string> = WRAPPERS;

  /** A new box of a primitive value (not the valueOf cache; reflection results). */
  box(desc: string, v: unknown): JObject {
    const cls = VM.BOXES[desc];
    if (!cls) throw new VmError('java/lang/InternalError', `cannot box ${desc}`);
    const k = this.classes.loadBoot(cls);
    const o = this.allocObject(k) as JObject & Record<string, unknown>;
    o[this.field(k, 'value').key] = v;
    return o;
  }

  /** The primitive value of a box, widened to `desc` (IllegalArgumentException otherwise). */
  unboxWiden(o: JObject, desc: string): unknown {
    const from = Object.entries(VM.BOXES).find(([, c]) => c === o.klass.name)?.[0];
    if (!from) throw new VmError('java/lang/IllegalArgumentException', 'argument type mismatch');
    const v = (o as unknown as Record<string, unknown>)[this.field(o.klass, 'value').key];
    if (from === desc) return v;
    const order = 'BSIJFD';
    const widen: Record<string, string> = { B: 'SIJFD', S: 'IJFD', C: 'IJFD', I: 'JFD', J: 'FD', F: 'D' };
    if (!(widen[from] ?? '').includes(desc) || !order.includes(desc)) throw new VmError('java/lang/IllegalArgumentException', 'argument type mismatch');
    if (desc === 'J') return v;
    if (desc === 'F') return Math.fround(Number(v));
    if (desc === 'D') return Number(v);
    return v;
  }

  // ------------------------------------------------------------------ launcher support

  scheduler: Scheduler | null = null;
  systemThreadGroup: JObject | null = null;
  /** The Thread objects of HotSpot's own threads (hotspot-threads.ts); a field, so boot snapshots keep them. */
  hotSpotThreads: JObject[] = [];
  mainThreadGroup: JObject | null = null;
  onBooted: (() => void) | null = null;
  onThreadTerminated: (() => void) | null = null;
  private synthetic: JClass | null = null;

  /** Reports an error outside Java on stderr (launcher-style). */
  reportFailure(msg: string): void {
    this.opts.io.stderr(Buffer.from(msg.endsWith('\n') ? msg : `${msg}\n`));
  }

  /** A static native method of a hidden VM class, implemented by `fn`. */
  syntheticNative(name: string, desc: string, fn: (t: JThread) => unknown): JMethod {
    if (this.synthetic === null) {
      const k = new JClass('komorium/internal/VM', null, 0x1011);
      k.superclass = this.classes.loadBoot('java/lang/Object');
      linkClass(k);
      k.hidden = true;
      k.state = InitState.Initialized;
      this.synthetic = k;
    }
    const m = new JMethod(this.synthetic, name, desc, 0x0109, -1);
    m.native = (t: JThread) => fn(t);
    return m;
  }

  /** A static method whose call initialises `k` (JVMS 5.5) and returns. */
  initTrampoline(k: JClass): JMethod {
    return this.syntheticNative('<init-trampoline>', '()V', (t) => this.initializeThen(t, k, () => undefined));
  }

  noopMethod(): JMethod {
    return this.syntheticNative('<noop>', '()V', () => undefined);
  }

  /** The Java stacks of all threads (diagnostics). */
  dumpThreads(): string {
    const out: string[] = [];
    for (const t of this.threads) {
      out.push(`"${t.name}" state=${t.state} depth=${t.depth}`);
      for (let d = t.depth; d >= 0; d--) {
        const f = t.frames[d];
        out.push(f.m ? `    ${f.m} pc=${f.pc} line=${f.m.lineAt(f.pc)}` : '    <glue>');
      }
    }
    return out.join('\n');
  }

  /** "java.lang.Foo: message" and the frames of a throwable, for VM-level error reports. */
  describeThrowable(exc: JObject): string {
    const o = exc as JObject & Record<string, unknown>;
    const msg = o.detailMessage as JObject | null;
    let s = exc.klass.javaName + (msg ? `: ${this.jsString(msg)}` : '');
    const bt = o.backtrace;
    if (isBacktrace(bt)) for (let i = 0; i < bt.methods.length; i++) s += `\n\tat ${bt.methods[i]} (pc ${bt.pcs[i]}, line ${bt.methods[i].lineAt(bt.pcs[i])})`;
    const cause = o.cause as JObject | null;
    if (cause && cause !== exc) s += `\nCaused by: ${this.describeThrowable(cause)}`;
    return s;
  }
}

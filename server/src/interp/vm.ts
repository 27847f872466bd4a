// The embedded JVM: global state (classes, strings, threads, natives, clock) and the services
// the interpreter and the natives use. Boot is in boot.ts, the scheduler in scheduler.ts,
// exceptions in throwables.ts, class initialisation in init.ts; by job beside it: the options
// (vm-options.ts), heap accounting (vm-heap.ts), identity hashes (vm-ihash.ts), modules and
// nest hosts (vm-modules.ts), boxes, assertion directives and diagnostics (vm-support.ts).

import { defaultMaxHeap } from './heap';
import { ClassTable, ATYPE } from './classes';
import { InitState, instantiate, JClass, JMethod, type JField } from "./klass";
import { linkClass } from "./klass-link";
import { isCatchType, resolveClassFrom } from "./vm-resolve";
import { AS_DOUBLE, JArray, makeArray, type JObject } from './object';
import { NativeRegistry, makeAdapter, type NativeImpl } from './natives/registry';
import { linkNative, type LoadedLibrary } from './native-libs';
import { VmError, JavaThrow } from './signals';
import { JThread } from './thread';
import { HostWaits } from './hostwait';
import { OsRandom, newHashState, resetHashState } from './ihash';
import * as monitors from './monitor';
import { Strings } from './strings';
import { prettyDescriptor, type MethodSite } from './resolve';
import { initialize as initializeClass, initializeThen, setConstantStatics } from './init';
import { materialize, newThrowable, internalErrorFrom, wrapLoadFailure } from './throwables';
import { raise } from './raise';
import type { Scheduler } from './scheduler';
import type { ExactProfiler } from './exact';
import { checkHeap, javaHeapUsed, markHeapBaseline } from './vm-heap';
import { identityHash, startMainHashes } from './vm-ihash';
import { assignModule, bootPackages, defineModule, moduleOfBootPackage, nestHostOf } from './vm-modules';
import { assertionDirectives, box, describeThrowable, dumpThreads, unboxWiden } from './vm-support';
import type { VmOptions } from './vm-options';

export type { VmIo, VmOptions } from './vm-options';
import { platformProperties, vmProperties, javaVersionOf, type PropertyInputs } from './properties';
import type { LdcValue } from './resolve';
import { registerAllNatives } from './natives/index';
import { classModifiers } from './natives/java/lang/Class';
import { installIndy } from './indy/link';
import { jsStackBudget } from './jit/js-stack';
import { linkSignaturePolymorphic } from './invoke/sigpoly';
import { dynamicConstant, methodHandleConstant, methodTypeFor } from './invoke/constants';

/** The profiler runtime's package (runtime/contract.ts), as a class-name prefix. */
const TRACE_CLASSES = !!process.env.KOMORIUM_TRACE_CLASSES;

export class VM {
  readonly classes: ClassTable;
  readonly natives = new NativeRegistry();
  readonly strings: Strings;
  readonly threads: JThread[] = [];
  readonly indySites = new Map<JMethod, Map<number, JMethod>>();
  /** Threads waiting for a class being initialised by another thread. */
  readonly initWaiters = new Map<JClass, JThread[]>();
  maxDepth: number;
  /** Bytes of JS stack compiled code may hold in nested direct calls (jit/js-stack.ts). */
  readonly jsStack: number;
  maxSlots = 1 << 22;
  maxHeap: number;
  /** AS_DOUBLE first (the constructor sets 0): an estimate of allocated bytes that passes 2^31 in long runs. */
  heapUsed = AS_DOUBLE;
  /** The exact (every-bytecode) profiler; null unless in exact mode (exact.ts). */
  exact: ExactProfiler | null = null;
  /**
   * Virtual clock in nanoseconds: advances with executed bytecodes (1 ns each) and sleeps.
   * AS_DOUBLE first (the constructor sets 0), as the thread's counts (object.ts): as a Smi field
   * its first value past 2^31, some seconds into a run, changed the VM's map, and every function
   * optimised against it was deoptimised (BENCHMARKS.md part B, ss37).
   */
  clockNs = AS_DOUBLE;
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
  readonly bootHashState = newHashState(0x1234567);
  mainStarted = false;
  mainHashSeed = 0;
  /** The ClassLoaderValues hashed so far while the JDK boots (vm-ihash.ts preMainValue). */
  bootLoaderValues = 0;
  /** Draws from bootHashState under URLClassPath$JarLoader while the launcher runs (vm-ihash.ts startMainHashes). */
  launcherJarDraws = 0;
  launcherStarted = false;
  systemHash = 0x7654321;
  /**
   * The sequence of the profiler-internal threads' identity hashes (the live-snapshot writer's):
   * apart from systemHash, which the runtime draws from on the program's threads (a registered
   * Thread's hash for the runtime's tables), so that live snapshots do not move those.
   */
  internalThreadHash = 0x2468ace;
  /** The identity hashes given to JDK 17's archived subgraphs' objects (vm-ihash.ts archivedGraphIdentities). */
  archivedObjectHash = 0x5a17a5c;
  /** HotSpot's one empty Class[] of reflection (natives/java/lang/reflect.ts memberTypes). */
  emptyClassArray: JArray | null = null;
  /** Set by System.exit / Runtime.halt. */
  exitCode: number | null = null;
  /** True once initPhase3 finished. */
  booted = false;
  current: JThread | null = null;
  /** Hidden-class counter for generated names. */
  hiddenCounter = 0;
  /** InnerClassLambdaMetafactory's counter of lambda proxy classes (JDK 17: Main$$Lambda$14). */
  lambdaCounter = 0;
  /**
   * Link LambdaMetafactory call sites through the JDK (MethodHandleNatives.linkCallSite, paused
   * when the JDK is instrumented) as HotSpot does, instead of spinning the proxy in the VM
   * (indy/link.ts startJdkLambdaLinkage): set after the boot when the JDK is counted.
   */
  jdkLambdaLinkage = false;
  /**
   * JDK 17, a lambda site linked through the JDK whose proxy java's CDS archive holds (a
   * `@lambda-proxy` line): its caller while the JDK generates the proxy. HotSpot takes that proxy
   * from the archive with the dump's mirror hash, so its definition draws none
   * (natives/java/lang/ClassLoader.ts; indy/link.ts lambdaThroughJdk).
   */
  archivedProxyHost: JClass | null = null;
  /** The lambdaProxyKey of archivedProxyHost's site (its archived mirror's hash: VmOptions.archivedHashes' `@lambda-proxy KEY`). */
  archivedProxyKey: string | null = null;
  /** Properties given to the VM by the launcher (java.class.path, user -D...). */
  readonly vmProperties: Map<string, string>;
  /** Classes in load order (for diagnostics and the class-loading trace). */
  loadedCount = 0;

  constructor(readonly opts: VmOptions) {
    this.heapUsed = 0;
    this.clockNs = 0;
    this.classes = new ClassTable(this);
    this.strings = new Strings(this);
    this.maxDepth = opts.maxDepth ?? 16000;
    this.jsStack = jsStackBudget();
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
    setConstantStatics(this, k);
    if (k.module === null && this.packageModules.size > 0) this.assignModule(k);
    if (this.opts.traceClassLoading || TRACE_CLASSES) this.opts.io.stderr(Buffer.from(`[class,load] ${k.javaName} source: ${k.source || 'generated'}\n`));
  }

  loadBoot(name: string): JClass {
    return this.classes.loadBoot(name);
  }

  /**
   * Resolves class `name` as referenced from class `from` (JVMS 5.4.3.1), loading it through
   * `from`'s defining loader (vm-resolve.ts).
   */
  resolveClass(t: JThread, from: JClass, name: string): JClass {
    return resolveClassFrom(this.classes, t, from, name);
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

  /** Whether exception `exc` is caught by the catch type at `cpIndex` of `from` (vm-resolve.ts). */
  isCatchType(from: JClass, cpIndex: number, exc: JObject): boolean {
    return isCatchType(this.classes, from, cpIndex, exc);
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
    if (this.creatingThrowables === 0 && (bytes > 1 << 20 || this.heapUsed + bytes > this.maxHeap)) checkHeap(this, bytes);
    this.heapUsed += bytes;
  }
  creatingThrowables = 0;
  /** The engine's own memory when the JDK had booted: V8 heap bytes and ArrayBuffer bytes. */
  baseHeap = 0;
  baseBuffers = 0;

  /**
   * Marks the memory in use now as the engine's own: class metadata, generated code and the
   * JDK's boot-time objects do not count against -Xmx (vm-heap.ts).
   */
  markHeapBaseline(): void {
    markHeapBaseline(this);
  }

  /** The program's heap beyond the engine's baseline (vm-heap.ts). */
  javaHeapUsed(): number {
    return javaHeapUsed(this);
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
    return o.ihash !== 0 ? o.ihash : identityHash(this, o);
  }

  /** Seeds a new thread's identity-hash generator from os::random(), as HotSpot's Thread(). */
  seedHash(t: JThread): void {
    resetHashState(t.hashState, this.osRandom.next());
  }

  /** main() starts: the main thread's identity hashes from now on are HotSpot's (vm-ihash.ts). */
  startMainHashes(mainFromJar: boolean, mainMirror: JObject | null): void {
    startMainHashes(this, mainFromJar, mainMirror);
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
    const impl = linkNative(this, m, makeAdapter(m, fn, this));
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

  /**
   * Starts making `e` at the top frame as HotSpot does, with its Java constructor (raise.ts):
   * true when frames were pushed (go on as after an upcall), false when `e` is to be
   * materialised without Java code.
   */
  raise(t: JThread, e: VmError): boolean {
    return raise(this, t, e);
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
    return assertionDirectives(this);
  }

  bootUnnamedModule: JObject | null = null;
  /** (loader identity, package) → java.lang.Module. */
  readonly packageModules = new Map<JObject | null, Map<string, JObject>>();

  defineModule(module: JObject, packages: string[]): void {
    defineModule(this, module, packages);
  }

  /** Sets k.module (and its mirror's) from its package, or the loader's unnamed module. */
  assignModule(k: JClass): void {
    assignModule(this, k);
  }

  bootPackages(): string[] {
    return bootPackages(this);
  }

  moduleOfBootPackage(pkg: string): string | null {
    return moduleOfBootPackage(this, pkg);
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
    return k.nestHost ?? nestHostOf(this, k);
  }

  /** The backing array and offset of a heap ByteBuffer (ClassLoader.defineClass2). */
  byteBufferArray(bb: JObject): { data: Int8Array; offset: number } {
    const o = bb as unknown as Record<string, unknown>;
    const hb = o[this.field(bb.klass, 'hb').key] as JArray | null;
    if (hb === null) throw new VmError('java/lang/UnsupportedOperationException', 'direct ByteBuffer in defineClass');
    return { data: hb.data as Int8Array, offset: o[this.field(bb.klass, 'offset').key] as number };
  }

  // ------------------------------------------------------------------ boxing

  /** A new box of a primitive value (not the valueOf cache; reflection results). */
  box(desc: string, v: unknown): JObject {
    return box(this, desc, v);
  }

  /** The primitive value of a box, widened to `desc` (IllegalArgumentException otherwise). */
  unboxWiden(o: JObject, desc: string): unknown {
    return unboxWiden(this, o, desc);
  }

  // ------------------------------------------------------------------ launcher support

  scheduler: Scheduler | null = null;
  systemThreadGroup: JObject | null = null;
  /** The Thread objects of HotSpot's own threads (hotspot-threads.ts); a field, so boot snapshots keep them. */
  hotSpotThreads: JObject[] = [];
  mainThreadGroup: JObject | null = null;
  /**
   * Where the next thread id is kept (JDK 19+, Thread.getNextThreadIdOffset's native memory); a
   * field, so that a restored snapshot still skips ids (natives/java/lang/Thread.ts skipThreadIds).
   */
  nextTidAddress = 0;
  /** Native libraries loaded through NativeLibraries (native-libs.ts); a handle is the index + 1. */
  nativeLibraries: LoadedLibrary[] = [];
  /** The main class's mirror once LauncherHelper.checkAndLoadMain returned it (in a main snapshot, snapshot/). */
  mainMirror: JObject | null = null;
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
    return dumpThreads(this);
  }

  /** "java.lang.Foo: message" and the frames of a throwable, for VM-level error reports. */
  describeThrowable(exc: JObject): string {
    return describeThrowable(this, exc);
  }
}

// The contract between generated code and the Java runtime (runtime/java/komorium/rt), in
// machine-readable form for the transformer. docs/RUNTIME.md explains each member; the test
// test/unit/runtime-contract.test.ts checks every entry against the compiled classes.

export const RUNTIME_PACKAGE = 'komorium/rt';
export const TC_CLASS = 'komorium/rt/TC';
export const MID_CLASS = 'komorium/rt/MID';
export const MID_IMPL_CLASS = 'komorium/rt/MIDImpl';
/** What generated code calls in place of Thread.start, Runtime.halt and the shutdown-hook calls. */
export const LIFECYCLE_CLASS = 'komorium/rt/Lifecycle';

/**
 * The runtime classes generated code names: a class of the application (or platform) loader
 * that references them makes HotSpot ask that loader's loadClass for them, which puts the names
 * into the loader's class-loading lock map (Java code, counted with the JDK instrumented). Both
 * engines therefore have the built-in loaders initiate them during the JDK's start-up, uncounted,
 * in this order (docs/RUNTIME.md, "Class loading").
 */
export const REFERENCED_RUNTIME_CLASSES: readonly string[] = [MID_CLASS, MID_IMPL_CLASS, TC_CLASS, LIFECYCLE_CLASS];

/**
 * JDK classes whose `<clinit>` the HotSpot engine's copy of the JDK runs before the main class is
 * loaded where java does not, per feature release: on JDK 21+ `TimeUnit` (the runtime's deadlock
 * watch, HotSpot only and uncounted, starts with `Thread.sleep`, whose `MILLISECONDS` initialises
 * it); on JDK 25 that `Thread.sleep` also initialises `jdk.internal.event.ThreadSleepEvent` and its
 * superclass `jdk.internal.event.Event` (`-Xlog:class+init`: by thread "komorium-deadlock-watch"),
 * whose links draw their mirrors' identity hashes on the watch's thread: on the embedded engine
 * `Event` was linked under main instead (`ObjectStreamClass.<init>`'s
 * `SerializationMisdeclarationEvent`), one draw more on the main thread, which moved corpus
 * serialization's later hashes (branch mid25). A program that uses them later finds them initialised on HotSpot, so with the JDK counted
 * the embedded engine initialises them in its uncounted start-up too (boot.ts
 * LaunchOptions.initialize). The class swap (`java.lang.KomoriumClasses`, paused) reads its index
 * with FileInputStream and decodes it by hand, so it initialises none (`-Xlog:class+init` of the
 * copies of JDK 17 and 25); before, its RandomAccessFile and DataInputStream initialised those
 * classes, ByteArrayInputStream, and on JDK 25 `jdk.internal.util.ByteArray` with its VarHandles
 * and StandardCharsets with its charsets, and resolved the VarForms' `get` MemberNames, which
 * the embedded engine could not follow by initialising classes (branch mt16).
 */
export function swapInitializedClasses(feature: number): readonly string[] {
  return feature >= 25 ? ['java/util/concurrent/TimeUnit', 'jdk/internal/event/ThreadSleepEvent'] : feature >= 21 ? ['java/util/concurrent/TimeUnit'] : [];
}

/**
 * JDK classes the embedded engine has initialised before the count (with the JDK instrumented)
 * that java's copy would initialise in counted code, per feature release; the copy's
 * `LauncherHelper.checkAndLoadMain` initialises them first, before the boot flag is cleared
 * (uncounted: reflect-patch.ts initializeClasses), in this order. JDK 17: `Optional`, which the
 * embedded engine's initPhase2 initialises (it takes the module finder's path, which the archived
 * module graph skips; on HotSpot `Locale.<clinit>`'s `getDefaultExtensions` in start-up, 2
 * samples), and `InnerClassLambdaMetafactory`, which the embedded engine initialises for its
 * lambda linkage (interp-worker.ts JDK_LAMBDA_LINKAGE_CLASSES, to set the proxies' name counter)
 * with what its `<clinit>` initialises: `MethodType`, `Wrapper`, and through them `Void` and
 * `Short` (`void.class`, `short.class`: their `TYPE` fields), which HotSpot initialised in counted
 * code (`Void.<clinit>` in `validateMainClass`, `Short.<clinit>` at a program's first boxed
 * short). Measured with a probe of `sun.misc.Unsafe.shouldBeInitialized` at `main` on both
 * engines. JDK 25: `Optional` (the embedded engine's initPhase2 initialises it there too; on
 * HotSpot a program's first use counted `Optional.<clinit>` under main, 2-3 samples: corpus
 * `enums`, `interface-dispatch`; branch id25m); java's own boot initialises `Short` and `Void`
 * (boot-inits.ts), and the embedded engine's lambda linkage needs no name counter.
 */
export function launcherInitializedClasses(feature: number): readonly string[] {
  return feature < 21 ? ['java/util/Optional', 'java/lang/invoke/InnerClassLambdaMetafactory'] : ['java/util/Optional'];
}


export const TC_DESC = 'Lkomorium/rt/TC;';
export const MID_DESC = 'Lkomorium/rt/MID;';
export const MID_ARRAY_DESC = '[Lkomorium/rt/MID;';
/** The three parameters appended to every extended method: (TC tc, MID[] stack, int sp). */
export const EXTRA_PARAMS_DESC = `${TC_DESC}${MID_ARRAY_DESC}I`;

export type MemberKind = 'field' | 'static' | 'virtual';

export interface RuntimeMember {
  owner: string;
  name: string;
  descriptor: string;
  /** field: getfield/putfield; static: invokestatic; virtual: invokevirtual. */
  kind: MemberKind;
}

function m(owner: string, name: string, descriptor: string, kind: MemberKind): RuntimeMember {
  return { owner, name, descriptor, kind };
}

/** Every runtime member generated code may use. */
export const RT = {
  /** `tc.instrCounter -= n` at block starts; check `<= 0`. */
  instrCounter: m(TC_CLASS, 'instrCounter', 'I', 'field'),
  /** `tc.lines[sp] = line` before each call to an extended method. */
  lines: m(TC_CLASS, 'lines', '[I', 'field'),
  /** Set by enter(): the stack a wrapper passes on. */
  entryStack: m(TC_CLASS, 'entryStack', MID_ARRAY_DESC, 'field'),
  /** Set by enter(): the sp a wrapper passes on. */
  entrySp: m(TC_CLASS, 'entrySp', 'I', 'field'),
  getTC: m(TC_CLASS, 'getTC', `()${TC_DESC}`, 'static'),
  enter: m(TC_CLASS, 'enter', '()I', 'virtual'),
  exit: m(TC_CLASS, 'exit', '(I)V', 'virtual'),
  grow: m(TC_CLASS, 'grow', `(${MID_ARRAY_DESC}I)${MID_ARRAY_DESC}`, 'virtual'),
  callOut: m(TC_CLASS, 'callOut', `(${MID_ARRAY_DESC}II)V`, 'virtual'),
  callOutReverse: m(TC_CLASS, 'callOutReverse', `(${MID_ARRAY_DESC}I)V`, 'virtual'),
  startThread: m(LIFECYCLE_CLASS, 'startThread', `(Ljava/lang/Thread;${TC_DESC}${MID_ARRAY_DESC}II)V`, 'static'),
  beforeHalt: m(LIFECYCLE_CLASS, 'beforeHalt', '()V', 'static'),
  /** Replace `Runtime.addShutdownHook(Thread)` / `removeShutdownHook(Thread)` called as a call-out (scope app). */
  addShutdownHook: m(LIFECYCLE_CLASS, 'addShutdownHook', '(Ljava/lang/Runtime;Ljava/lang/Thread;)V', 'static'),
  removeShutdownHook: m(LIFECYCLE_CLASS, 'removeShutdownHook', '(Ljava/lang/Runtime;Ljava/lang/Thread;)Z', 'static'),
  triggerSampling: m(TC_CLASS, 'triggerSampling', `(${MID_ARRAY_DESC}II)V`, 'virtual'),
  triggerSamplingLeaf: m(TC_CLASS, 'triggerSamplingLeaf', `(${MID_ARRAY_DESC}I${MID_DESC}I)V`, 'virtual'),
  /** The check's slow path in generated code: returns the new counter, which the caller stores. */
  sampleNext: m(TC_CLASS, 'sampleNext', `(${MID_ARRAY_DESC}II)I`, 'virtual'),
  sampleNextLeaf: m(TC_CLASS, 'sampleNextLeaf', `(${MID_ARRAY_DESC}I${MID_DESC}I)I`, 'virtual'),
  /** The check's slow path in a lazy leaf wrapper (no stack): `(mid, line)`; builds the frame (enter, push, sample, exit). */
  sampleNextWrapped: m(TC_CLASS, 'sampleNextWrapped', `(${MID_DESC}I)I`, 'virtual'),
  /** `<clinit>` wrappers: `tc.enterInit(Own.class)` in place of `enter()` (continues the init site that ran it). */
  enterInit: m(TC_CLASS, 'enterInit', '(Ljava/lang/Class;)I', 'virtual'),
  /** Before the first run of an instruction that may initialise another class: `(stack, sp, line, mid, bit)`. */
  initSite: m(TC_CLASS, 'initSite', `(${MID_ARRAY_DESC}II${MID_DESC}I)V`, 'virtual'),
  /** The same in a leaf method (stores mid at stack[sp] and records the site at sp + 1). */
  initSiteLeaf: m(TC_CLASS, 'initSiteLeaf', `(${MID_ARRAY_DESC}II${MID_DESC}I)V`, 'virtual'),
  /** Right after `initSite`/`initSiteLeaf`: `(target)`, the class the site names (loaded after the site is recorded). */
  initTarget: m(TC_CLASS, 'initTarget', '(Ljava/lang/Class;)V', 'virtual'),
  /** The init sites of a method that have run, a bit per target class (read through the MID field, after checkcast). */
  midInits: m(MID_IMPL_CLASS, 'inits', 'I', 'field'),
  /** Before the first run of an instruction of a class-path class (scope all) that resolves another class: `(stack, sp, line, mid, bit)`. */
  loadSite: m(TC_CLASS, 'loadSite', `(${MID_ARRAY_DESC}II${MID_DESC}I)V`, 'virtual'),
  /** The same in a leaf method (stores mid at stack[sp] and records the site at sp + 1). */
  loadSiteLeaf: m(TC_CLASS, 'loadSiteLeaf', `(${MID_ARRAY_DESC}II${MID_DESC}I)V`, 'virtual'),
  /** The load sites of a method that have run, a bit per class (read through the MID field, after checkcast). */
  midLoads: m(MID_IMPL_CLASS, 'loads', 'I', 'field'),
  /** `MIDImpl.create(names)` in `<clinit>`: class, method, descriptor [, source file] joined by NUL (transform/clazz.ts midNames). */
  createMid: m(MID_IMPL_CLASS, 'create', `(Ljava/lang/String;)${MID_DESC}`, 'static'),
  /** The same with the method's path table (transform/paths.ts), for methods whose checks pass path keys. */
  createMidPaths: m(MID_IMPL_CLASS, 'create', `(Ljava/lang/String;Ljava/lang/String;)${MID_DESC}`, 'static'),
} as const satisfies Record<string, RuntimeMember>;

/** System properties the runtime reads (docs/RUNTIME.md, Configuration). */
export const RUNTIME_PROPERTIES = {
  granularity: 'komorium.granularity',
  random: 'komorium.random',
  seed: 'komorium.seed',
  out: 'komorium.out',
  agent: 'komorium.agent',
  scope: 'komorium.scope',
  engine: 'komorium.engine',
  program: 'komorium.program',
  args: 'komorium.args',
  stackSize: 'komorium.stackSize',
  maxThreads: 'komorium.maxThreads',
  verbose: 'komorium.verbose',
  /** `excluded`: the JDK's start-up was not counted (meta.startup). */
  startup: 'komorium.startup',
  /** Live snapshot path (docs/RUNTIME.md, Live snapshots). */
  live: 'komorium.live',
  /** Milliseconds between live snapshots. */
  liveInterval: 'komorium.liveInterval',
} as const;

/** Separator of program arguments in `komorium.args`. */
export const ARGS_SEPARATOR = '\u001f';

/** True for classes of the runtime, which must never be instrumented. */
export function isRuntimeClass(internalName: string): boolean {
  return internalName.startsWith(`${RUNTIME_PACKAGE}/`);
}

/** The extended descriptor: the original with (TC, MID[], int) appended to the parameters. */
export function extendedDescriptor(descriptor: string): string {
  const close = descriptor.indexOf(')');
  if (!descriptor.startsWith('(') || close < 0) throw new RuntimeContractError(`not a method descriptor: '${descriptor}'`);
  return `${descriptor.slice(0, close)}${EXTRA_PARAMS_DESC}${descriptor.slice(close)}`;
}

/** Raised for malformed input to the contract helpers. */
export class RuntimeContractError extends Error {
  override readonly name = 'RuntimeContractError';
}

/**
 * The only source line of a reverse trampoline (the extended version of a native, abstract or
 * interface method, which calls the original): stack traces leave frames at this line out, as
 * the original program had no frame there (HotSpot: the copy's StackTraceElement.of, engine/stack-frames-patch.ts; the
 * embedded engine's fillInStackTrace). No real source has 65,535 lines.
 */
export const TRAMPOLINE_LINE = 65535;

/**
 * HotSpot options for running transformed classes: `Sampler.sample`, the granularity check's slow
 * path (the agent call), is never inlined. Without this, C2 inlines it with the agent's
 * `processSample` into every check site whose branch was ever taken (they share
 * `TC.triggerSampling`'s call-site profile, which is hot), so hot methods grow by hundreds of
 * bytecodes per check, compile later and inline less of the program (docs/BENCHMARKS.md part A,
 * "The sampling slow path"). The wrapper protocol's slow paths are never inlined either
 * (`Contexts.lookup` under `TC.getTC`, `TC.enterSlow`, `TC.exitSlow`, `TC.ensureLines` under
 * `callOut`): inlined, they make the compiled code of getTC, enter, exit and callOut large, and
 * C2 then inlines none of these into a wrapper ("already compiled into a big method", over
 * InlineSmallCode), so every wrapper made real calls to them (docs/BENCHMARKS.md part E, "The
 * wrapper protocol's slow paths out of line"). `TC.sampleNextWrapped`, a lazy leaf wrapper's
 * sampling path (enter, push, sample, exit; transformer 29), is not inlined either: it runs
 * once per sample, and inlined it would put `enter` and `exit` back into every such wrapper's
 * compiled code, which exists to be small. `quiet` keeps HotSpot from printing the command on
 * stdout. Other JVMs ignore unknown `-XX` options.
 */
export const HOTSPOT_JIT_OPTIONS: readonly string[] = [
  '-XX:CompileCommand=quiet',
  ...['Sampler.sample', 'Contexts.lookup', 'TC.enterSlow', 'TC.exitSlow', 'TC.ensureLines', 'TC.sampleNextWrapped'].map((m) => `-XX:CompileCommand=dontinline,${RUNTIME_PACKAGE}/${m}`),
];

/**
 * HotSpot options added when the JDK itself is instrumented (`--instrument all`, the engine's
 * copy of the JDK): a smaller C2 `FreqInlineSize` (150 bytecodes instead of 325). The
 * instrumented JDK's methods are 3–6 times their original size (`String.substring` 502
 * bytecodes, `Arrays.copyOfRange` 479, `String.charAt` 252), so C2's compilations of the hot JDK
 * code are large and slow, and the program runs the slower tier-3 code meanwhile; with smaller
 * inlining units C2 finishes sooner. Measured only on the shared 2-core machine under load
 * (docs/BENCHMARKS.md part E, branch ovh15i); the user's own `-J-XX:FreqInlineSize=` comes
 * later on the command line and wins.
 *
 * And `-XX:-OmitStackTraceInFastThrow`: C2 otherwise throws a preallocated exception, without
 * its constructor, at an implicit-exception site (a null dereference, a division by zero, an
 * index out of bounds, a failed cast, an array store) once it has thrown there often, so when
 * that happens the Java code of the exception's constructor, counted with the JDK instrumented,
 * would run or not depending on the JIT's timing. With the flag HotSpot always constructs the
 * exception, as its interpreter and the embedded engine do (interp/raise.ts).
 */
export const HOTSPOT_ALL_JIT_OPTIONS: readonly string[] = ['-XX:FreqInlineSize=150', '-XX:-OmitStackTraceInFastThrow'];

/**
 * The thread stack size of profiled HotSpot runs when the user chose none: twice HotSpot's
 * default on 64-bit Linux (1 MiB). Transformed frames are larger (three more parameters, a
 * counter local, a deeper operand stack for the extra arguments), so a recursion that just fits
 * in the original would overflow after transformation: the corpus program `recursion-deep`
 * (5,000 frames of a one-line `sum`) came within one operand-stack slot of it. Only address
 * space is reserved; pages are committed as the stack grows.
 */
export const HOTSPOT_STACK_SIZE = '-Xss2m';

/** [HOTSPOT_STACK_SIZE] unless `userArgs` set a stack size themselves (-Xss, -XX:ThreadStackSize). */
export function stackSizeArgs(userArgs: readonly string[]): string[] {
  return userArgs.some((a) => a.startsWith('-Xss') || a.startsWith('-XX:ThreadStackSize=')) ? [] : [HOTSPOT_STACK_SIZE];
}

/** `-D` arguments for the JVM from runtime settings (undefined values are left out). */
export function runtimeSystemProperties(settings: Partial<Record<keyof typeof RUNTIME_PROPERTIES, string | number | boolean | string[]>>): string[] {
  const out: string[] = [];
  for (const key of Object.keys(RUNTIME_PROPERTIES) as (keyof typeof RUNTIME_PROPERTIES)[]) {
    const v = settings[key];
    if (v === undefined) continue;
    const text = Array.isArray(v) ? v.join(ARGS_SEPARATOR) : String(v);
    out.push(`-D${RUNTIME_PROPERTIES[key]}=${text}`);
  }
  return out;
}

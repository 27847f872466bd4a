// Boots JDK 17 or 25 the way HotSpot and the `java` launcher do (research.md section 2):
//   1. the primordial ThreadGroups and the main Thread object;
//   2. System.initPhase1(), initPhase2(true, true), initPhase3();
//   3. LauncherHelper.checkAndLoadMain(true, LM_CLASS, name), then main(String[]);
//   4. Thread.dispatchUncaughtException if main threw, Thread.exit(), then DestroyJavaVM: a new
//      thread of that name waits for the other non-daemon threads and runs Shutdown.shutdown().
// All of it is the real JDK bytecode; only natives are ours.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { InitState, type JClass } from './klass';
import type { JObject } from './object';
import { HANG_EXIT_CODE, Scheduler } from './scheduler';
import { ThreadState, type JThread } from './thread';
import type { VM } from './vm';
import { bindThreadStatus, setEetop, skipThreadIds, threadOnExit } from './natives/java/lang/Thread';
import { startHotSpotThreads } from './hotspot-threads';
import { setField } from './natives/util';
import type { MainCall } from './snapshot/program';
import { detachArchivedClassLists, orderArchivedLoaderModules, orderArchivedPackageMap, presizeArchivedLockMap } from './cds-archive';
import { putBackUninitialized } from './boot-uninit';
import type { JdkInfo } from '../classpath/jdk';
import type { JImage } from '../classpath/jimage';
import { jdkImageProblem } from '../classpath/jdk-check';
import { injectedBootFault, launchGuard, type LaunchGuard } from './boot-guard';

/** The JDK feature releases the embedded JVM boots (natives and boot steps differ by release). */
export const SUPPORTED_FEATURES: readonly number[] = [17, 25];

export interface LaunchResult {
  exitCode: number;
  /** An error outside Java (deadlock, VM internal failure), already reported on stderr. */
  failure: string | null;
}

/**
 * Virtual clock: what the program sees starts at PROGRAM_CLOCK_NS, whatever the boot ran (timed
 * waits keep their distance), so that a run restored from a boot snapshot that applied another
 * program's class path (snapshot/program.ts) reads the same times as a run that booted.
 */
const PROGRAM_CLOCK_NS = 1e9;

function programClock(vm: VM): void {
  if (vm.realClock || vm.clockNs >= PROGRAM_CLOCK_NS) return;
  const d = PROGRAM_CLOCK_NS - vm.clockNs;
  vm.clockNs = PROGRAM_CLOCK_NS;
  for (const t of vm.threads) if (t.state === ThreadState.TimedWaiting && !t.system) t.wakeAt += d;
}

/** True when the first class-path entry holding class `name` is a directory (else a jar). */
function fromDirectory(classpath: readonly string[], name: string): boolean {
  // A directory entry with the class (jars before it are searched first, and do not have it:
  // vm-ihash.ts startMainHashes counts their draws); none: the main class is a jar's.
  let sawJar = false;
  for (const e of classpath) {
    try {
      if (!fs.statSync(e).isDirectory()) sawJar = true;
      else if (fs.existsSync(path.join(e, `${name}.class`))) return true;
    } catch {
      // a missing entry
    }
  }
  return !sawJar;
}

export interface LaunchOptions {
  /**
   * The VM holds a booted JDK restored from a boot snapshot (snapshot/restore.ts, with its
   * scheduler): the run starts at LauncherHelper.checkAndLoadMain.
   */
  restored?: boolean;
  /**
   * After a restore, before the late properties: applies the program's own inputs over the
   * snapshot's (snapshot/program.ts), calling Java methods on the main thread with `call`.
   */
  apply?: (call: MainCall, done: () => void) => void;
  /** Called at the end of the boot (a time-slice boundary), before onBooted: a snapshot may be taken. */
  atBoot?: () => void;
  /**
   * The VM holds the state after the main class was loaded, restored from a main snapshot
   * (snapshot/, vm.mainMirror set): the run starts at the main class's initialisation. The
   * late properties were applied by the restore; `onBooted` is still called.
   */
  restoredAtMain?: boolean;
  /**
   * Called once the launcher has loaded the main class (a time-slice boundary, no Java frame
   * on the main thread), before its initialisation: a main snapshot may be taken.
   */
  atMain?: () => void;
  /**
   * System properties set after the boot (System.setProperty on the main thread, before
   * onBooted), booted or restored alike: values that change from run to run (the profile's
   * staging file) and so are not in a boot snapshot.
   */
  late?: readonly [string, string][];
  /** The launch's later steps as they end (KOMORIUM_TRACE_STARTUP). */
  mark?: (step: string) => void;
  /**
   * Class names (internal form) put into the class-loading lock maps of the application and
   * then the platform loader after the late properties, before onBooted (so uncounted), as
   * HotSpot's instrumented copy of the JDK initiates the loads of the runtime classes there
   * (reflect-patch.ts initiateRuntimeLoads): ClassLoader.getClassLoadingLock of each, and each
   * recorded with that loader as an initiating loader, as HotSpot's Class.forName records the
   * class its loadClass returned (SystemDictionary::load_instance_class): findLoadedClass0 and
   * Class.forName then find it there without Java code (branch desc38).
   */
  initiate?: readonly string[];
  /**
   * Boot classes initialised after `initiate`, before onBooted (so uncounted), as HotSpot's
   * instrumented copy initialises them before the main class (contract.ts swapInitializedClasses).
   */
  initialize?: readonly string[];
  /**
   * Boot classes put back to not initialised at the end of the boot (before a boot snapshot):
   * those java's archived boot leaves for the program (boot-uninit.ts).
   */
  uninitialize?: readonly string[];
}

/**
 * Why the embedded JVM cannot boot `jdk`, or null: another feature release than it boots, or
 * (given its open lib/modules: before a boot, not a restore) a class library that cannot be
 * booted (classpath/jdk-check.ts). `failure` names the JDK and what failed; `report` is what
 * stderr gets, as java reports a VM that cannot start.
 */
export function bootRefusal(jdk: JdkInfo, image?: JImage | null): { failure: string; report: string } | null {
  if (!SUPPORTED_FEATURES.includes(jdk.feature)) {
    const supported = SUPPORTED_FEATURES.join(' and ');
    const failure = `the embedded JVM boots JDK ${supported} only; ${jdk.home} is JDK ${jdk.version ?? jdk.feature}`;
    return { failure, report: `Error occurred during initialization of VM\n${failure}. Run it with --engine jvm (komorium.engine: jvm), or choose a JDK ${supported} (--jdk, JAVA_HOME, komorium.javaHome).` };
  }
  const problem = image === undefined ? null : jdkImageProblem(jdk, image ?? undefined);
  if (problem === null) return null;
  const failure = `the embedded JVM cannot boot the JDK ${jdk.home} (${jdk.version}): ${problem}`;
  return { failure, report: `Error occurred during initialization of VM\n${failure}.` };
}

/** Runs `mainClass` with `args` to completion on `vm`. */
export function launch(vm: VM, mainClass: string, args: string[], lo: LaunchOptions = {}): LaunchResult {
  const atMain = lo.restoredAtMain === true;
  const restored = lo.restored === true || atMain;
  const jdk = vm.opts.jdk;
  const refusal = bootRefusal(jdk);
  if (refusal !== null) {
    vm.reportFailure(refusal.report);
    return { exitCode: 1, failure: refusal.failure };
  }
  const sched = restored && vm.scheduler ? vm.scheduler : new Scheduler(vm);
  vm.scheduler = sched;
  const main = restored ? vm.threads[0] : vm.newThread();
  if (!restored) main.name = 'main';
  let exitCode = 0;
  const seq: (() => void)[] = [];
  const step = (): void => {
    const s = seq.shift();
    if (s) s();
  };
  // Host code of the steps: what it throws ends the launch, named (boot-guard.ts).
  const launchSteps = launchGuard(vm, sched, () => reachedMain || vm.booted);
  const guard = launchSteps.run;
  const call = (t: JThread, cls: string, name: string, desc: string, args2: unknown[], then: (r: unknown) => void): void => {
    const k = vm.classes.loadBoot(cls);
    sched.call(t, {
      method: vm.findMethod(k, name, desc),
      args: args2,
      done: (r, threw) => {
        if (threw) {
          bootFailure(vm, launchSteps, `${cls.replace(/\//g, '.')}.${name}`, r as JObject);
          return;
        }
        guard(`after ${cls.replace(/\//g, '.')}.${name}`, () => {
          injectedBootFault(name);
          then(r);
        });
      },
    });
  };
  /** LauncherHelper.makePlatformString(true, bytes): java.c's NewPlatformString of `text`'s UTF-8 bytes. */
  const platformString = (text: string, then: (s: JObject | null) => void): void => {
    const bytes = Buffer.from(text, 'utf8');
    const arr = vm.newArray('B', new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length).slice());
    call(main, 'sun/launcher/LauncherHelper', 'makePlatformString', '(Z[B)Ljava/lang/String;', [1, arr], (r) => then(r as JObject | null));
  };
  const init = (cls: string): void => {
    const k = vm.classes.loadBoot(cls);
    if (k.state === InitState.Initialized) return step();
    const clinit = k.declared.get('<clinit>()V');
    // Initialise through a static no-op: run <clinit> via the normal protocol.
    sched.call(main, {
      method: initTrampoline(vm, k, clinit === undefined),
      args: [],
      done: (r, threw) => {
        if (threw) bootFailure(vm, launchSteps, `initialisation of ${k.javaName}`, r as JObject);
        else guard(`after the initialisation of ${k.javaName}`, step);
      },
    });
  };

  let mainClassObj: JObject | null = null;
  let reachedMain = false;
  seq.push(
    () => init('java/lang/Object'),
    () => init('java/lang/String'),
    () => init('java/lang/System'),
    () => init('java/lang/Class'),
    () => init('java/lang/ThreadGroup'),
    () => {
      // The system thread group, the main thread group and the main thread.
      const tgClass = vm.classes.loadBoot('java/lang/ThreadGroup');
      const system = vm.allocObject(tgClass);
      call(main, 'java/lang/ThreadGroup', '<init>', '()V', [system], () => {
        const mainGroup = vm.allocObject(tgClass);
        call(main, 'java/lang/ThreadGroup', '<init>', '(Ljava/lang/ThreadGroup;Ljava/lang/String;)V', [mainGroup, system, vm.intern('main')], () => {
          vm.systemThreadGroup = system;
          vm.mainThreadGroup = mainGroup;
          const tobj = attachedThreadObject(vm, main);
          init2('java/lang/Thread', () =>
            call(main, 'java/lang/Thread', '<init>', '(Ljava/lang/ThreadGroup;Ljava/lang/String;)V', [tobj, mainGroup, vm.intern('main')], () => {
              bindThreadStatus(vm, main, tobj, 5); // RUNNABLE
              step();
            }),
          );
        });
      });
    },
    () => init('java/lang/Module'),
    () => init('jdk/internal/misc/UnsafeConstants'),
    () => {
      // The hardware constants HotSpot injects after UnsafeConstants' <clinit>.
      vm.setStatic('jdk/internal/misc/UnsafeConstants', 'ADDRESS_SIZE0', 8);
      vm.setStatic('jdk/internal/misc/UnsafeConstants', 'PAGE_SIZE', 4096);
      vm.setStatic('jdk/internal/misc/UnsafeConstants', 'BIG_ENDIAN', 0);
      vm.setStatic('jdk/internal/misc/UnsafeConstants', 'UNALIGNED_ACCESS', 1);
      vm.setStatic('jdk/internal/misc/UnsafeConstants', 'DATA_CACHE_LINE_FLUSH_SIZE', 0);
      step();
    },
    () => init('java/lang/reflect/Method'),
    () => init('java/lang/ref/Finalizer'),
    () => call(main, 'java/lang/System', 'initPhase1', '()V', [], () => step()),
    () => {
      // The Reference Handler and the Finalizer run (JDK 19+: started at the end of
      // initPhase1); HotSpot starts its own threads now (Signal Dispatcher, ...).
      const thClass = vm.classes.loadBoot('java/lang/Thread');
      const system = vm.systemThreadGroup as JObject;
      startHotSpotThreads(
        vm,
        {
          construct: (name, then) => {
            const th = vm.allocObject(thClass);
            call(main, 'java/lang/Thread', '<init>', '(Ljava/lang/ThreadGroup;Ljava/lang/String;)V', [th, system, vm.intern(name)], () => {
              if (jdk.feature >= 19) return then(th);
              call(main, 'java/lang/ThreadGroup', 'add', '(Ljava/lang/Thread;)V', [system, th], () => then(th));
            });
          },
          skipIds: (n) => skipThreadIds(vm, n),
        },
        step,
      );
    },
    ...[
      'java/lang/OutOfMemoryError',
      'java/lang/NullPointerException',
      'java/lang/ClassCastException',
      'java/lang/ArrayStoreException',
      'java/lang/ArithmeticException',
      'java/lang/StackOverflowError',
      'java/lang/IllegalMonitorStateException',
      'java/lang/IllegalArgumentException',
    ].map((c) => () => init(c)),
    // HotSpot's initialize_jsr292_core_classes: MethodHandleNatives.<clinit> marks
    // java.lang.invoke initialised (JDK 21+: VM.isJavaLangInvokeInited gates reflection).
    ...(jdk.feature >= 21 ? ['java/lang/invoke/MethodHandle', 'java/lang/invoke/ResolvedMethodName', 'java/lang/invoke/MemberName', 'java/lang/invoke/MethodHandleNatives'] : []).map((c) => () => init(c)),
    () =>
      call(main, 'java/lang/System', 'initPhase2', '(ZZ)I', [1, 1], (r) => {
        if (r !== 0) {
          vm.reportFailure(`System.initPhase2 failed with ${String(r)}`);
          vm.exitCode = 1;
          return;
        }
        step();
      }),
    () =>
      call(main, 'java/lang/System', 'initPhase3', '()V', [], () => {
        vm.booted = true;
        putBackUninitialized(vm, lo.uninitialize ?? []);
        // The boot ends with its time slice: the state a boot snapshot holds (snapshot/), with
        // no Java frame of the boot left on the main thread's stack.
        sched.atSliceEnd(() =>
          guard('at the end of the boot', () => {
            lo.atBoot?.();
            afterBoot();
          }),
        );
      }),
    () => {
      // The launcher's own draws start here (vm-ihash.ts startMainHashes).
      vm.launcherStarted = true;
      call(main, 'sun/launcher/LauncherHelper', 'checkAndLoadMain', '(ZILjava/lang/String;)Ljava/lang/Class;', [1, 1, vm.intern(mainClass)], (cls) => {
        mainClassObj = cls as JObject;
        // The launcher asks for the application class next (java.c GetApplicationClass).
        call(main, 'sun/launcher/LauncherHelper', 'getApplicationClass', '()Ljava/lang/Class;', [], () => {
          vm.mainMirror = mainClassObj;
          // The launch's second checkpoint, in every run (restored or not, so that threads
          // switch at the same points): the state a main snapshot holds.
          sched.atSliceEnd(() =>
            guard('after the main class was loaded', () => {
              lo.atMain?.();
              step();
            }),
          );
        });
      });
    },
    () => {
      reachedMain = true;
      sched.systemReady = true;
      lo.mark?.('main class loaded (LauncherHelper.checkAndLoadMain)');
      const k = vm.classOfMirror(mainClassObj as JObject);
      vm.startMainHashes(!fromDirectory(vm.opts.classpath, k.name), mainClassObj);
      const m = k.declared.get('main([Ljava/lang/String;)V');
      if (!m || !m.isStatic) {
        // LauncherHelper.validateMainClass has already reported this; be safe.
        vm.reportFailure(`Error: Main method not found in class ${k.javaName}`);
        vm.exitCode = 1;
        return;
      }
      // java.c's CreateApplicationArgs (NewPlatformStringArray): each argument's bytes made a
      // String by LauncherHelper.makePlatformString, in Java, counted, after the main class's
      // initialisation (its GetStaticMethodID) and before main.
      const jargs = vm.newObjectArray(vm.classes.loadBoot('java/lang/String'), args.map(() => null));
      const makeArgs = (i: number, then: () => void): void => {
        if (i === args.length) return then();
        platformString(args[i] as string, (s) => {
          (jargs.data as (JObject | null)[])[i] = s;
          makeArgs(i + 1, then);
        });
      };
      const ended = (r: unknown, threw: boolean): void =>
        guard('after main returned', () => {
          lo.mark?.('main returned');
          injectedBootFault('main');
          if (threw) {
            exitCode = 1;
            threadEnd(vm, sched, main, r as JObject, () => guard('after the main thread ended', step));
          } else threadEnd(vm, sched, main, null, () => guard('after the main thread ended', step));
        });
      // The launcher's GetStaticMethodID initialises the main class (an interface too) with
      // no Java frame on the stack: an initialiser's failure has an empty stack trace. java.c
      // then reports it with JNI's ExceptionDescribe (HotSpot prints `Exception in thread
      // "main" ` itself and calls Throwable.printStackTrace() in Java, clearing the exception), so
      // the thread ends without dispatchUncaughtException.
      sched.call(main, {
        method: vm.initTrampoline(k),
        args: [],
        done: (r, threw) => {
          if (threw) describeAndEnd(r as JObject);
          else guard("after the main class's initialisation", () => makeArgs(0, () => sched.call(main, { method: m, args: [jargs], done: ended })));
        },
      });
      const describeAndEnd = (exc: JObject): void => {
        lo.mark?.('main returned');
        exitCode = 1;
        const name = (main.jthread as (JObject & Record<string, unknown>) | null)?.name as JObject | null | undefined;
        vm.opts.io.stderr(Buffer.from(`Exception in thread "${name ? vm.jsString(name) : main.name}" `));
        sched.call(main, {
          method: vm.findMethod(exc.klass, 'printStackTrace', '()V'),
          args: [exc],
          done: () => threadEnd(vm, sched, main, null, () => step()),
        });
      };
    },
    () =>
      destroyJavaVM(vm, sched, main, () => {
        // The VM is gone: daemon threads stop wherever they are.
        vm.exitCode = exitCode;
      }),
  );

  function init2(cls: string, then: () => void): void {
    const k = vm.classes.tryBoot(cls);
    if (!k || k.state === InitState.Initialized) return then();
    sched.call(main, {
      method: initTrampoline(vm, k, !k.declared.has('<clinit>()V')),
      args: [],
      done: (r, threw) => {
        if (threw) bootFailure(vm, launchSteps, `initialisation of ${k.javaName}`, r as JObject);
        else guard(`after the initialisation of ${k.javaName}`, then);
      },
    });
  }

  /** LaunchOptions.initiate: the names' locks in the application and the platform loader, which initiated their loads. */
  function initiateLoads(then0: () => void): void {
    const names = lo.initiate ?? [];
    const inits = [...(lo.initialize ?? [])];
    const then = (): void => {
      const cls = inits.shift();
      if (cls === undefined) return then0();
      init2(cls, then);
    };
    if (names.length === 0) return then();
    const desc = '()Ljava/lang/ClassLoader;';
    call(main, 'java/lang/ClassLoader', 'getSystemClassLoader', desc, [], (app) =>
      call(main, 'java/lang/ClassLoader', 'getPlatformClassLoader', desc, [], (platform) => {
        presizeArchivedLockMap(vm, app as JObject);
        detachArchivedClassLists(vm, app as JObject | null, platform as JObject | null);
        orderArchivedPackageMap(vm, vm.opts.archivedPackages ?? []);
        orderArchivedLoaderModules(vm, vm.opts.archivedLoaderModules ?? []);
        const todo = [app, platform].flatMap((l) => names.map((n) => [l, n.replace(/\//g, '.')] as const));
        const one = (): void => {
          const t = todo.shift();
          if (t === undefined) return then();
          const loader = t[0] as JObject | null;
          const internal = t[1].replace(/\./g, '/');
          // Only a class the boot path has (exact mode runs without the runtime's classes there:
          // its loads are not initiated by any loader, and loadBoot would throw out of the boot).
          const k = loader !== null ? vm.classes.tryBoot(internal) : undefined;
          if (loader !== null && k !== undefined) vm.classes.loaderData(loader).classes.set(internal, k);
          call(main, 'java/lang/ClassLoader', 'getClassLoadingLock', '(Ljava/lang/String;)Ljava/lang/Object;', [t[0], vm.newString(t[1])], one);
        };
        one();
      }),
    );
  }

  /** The program's inputs (restored), the late properties, then onBooted and the launcher's steps. */
  function afterBoot(): void {
    const late = [...(lo.late ?? [])];
    const booted = (): void => {
      programClock(vm);
      vm.markHeapBaseline();
      vm.onBooted?.();
      step();
    };
    const next = (): void => {
      const p = late.shift();
      if (p === undefined) {
        // java's launcher initialises LauncherHelper (GetStaticMethodID) before it calls
        // checkAndLoadMain: its <clinit> is part of the uncounted start-up, as on HotSpot.
        // Then LoadMainClass makes the class name a String with makePlatformString (which
        // sets LauncherHelper's encoding), uncounted as well.
        const lh = vm.classes.loadBoot('sun/launcher/LauncherHelper');
        const named = (): void => platformString(mainClass, () => initiateLoads(booted));
        if (lh.state === InitState.Initialized) return named();
        sched.call(main, {
          method: initTrampoline(vm, lh, !lh.declared.has('<clinit>()V')),
          args: [],
          done: (r, threw) => {
            if (threw) bootFailure(vm, launchSteps, 'initialisation of sun.launcher.LauncherHelper', r as JObject);
            else guard('after the initialisation of sun.launcher.LauncherHelper', named);
          },
        });
        return;
      }
      call(main, 'java/lang/System', 'setProperty', '(Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;', [vm.newString(p[0]), vm.newString(p[1])], () => next());
    };
    if (lo.apply)
      lo.apply(
        (cls, name, desc, args2, then) => call(main, cls, name, desc, args2, () => then()),
        () => {
          lo.mark?.("the program's class path, directory and properties applied");
          next();
        },
      );
    else next();
  }

  if (atMain) {
    // Drop the steps up to the main class's initialisation: the snapshot was taken after them.
    seq.splice(0, seq.length - 2);
    mainClassObj = vm.mainMirror;
    if (mainClassObj === null) throw new Error('main snapshot without the main class');
    const used = vm.heapUsed;
    vm.markHeapBaseline();
    vm.heapUsed = used;
    vm.onBooted?.();
    lo.mark?.('main class loaded (restored)');
    guard('after the main snapshot was restored', step);
  } else if (restored) {
    // Drop the boot's steps: the snapshot was taken after initPhase3's.
    seq.splice(0, seq.length - 3);
    guard("applying the program's inputs to the restored boot snapshot", afterBoot);
  } else guard('at the start of the boot', step);
  sched.run();
  if (launchSteps.failure !== null) return { exitCode: vm.exitCode ?? 1, failure: launchSteps.failure };
  if (!reachedMain && vm.exitCode === null && !sched.failure) {
    // Boot stopped without a Java exception the steps above report (a VM-internal error
    // thrown outside Java code): never a silent exit.
    const failure = `the embedded JVM stopped while booting ${jdk.home} (JDK ${jdk.version ?? jdk.feature}) before the main class was loaded`;
    vm.reportFailure(`Error occurred during initialization of VM\n${failure}`);
    return { exitCode: 1, failure };
  }
  if (sched.failure) {
    vm.reportFailure(`Exception in thread "main": the embedded JVM stopped: ${sched.failure}`);
    return { exitCode: vm.exitCode ?? 1, failure: sched.failure };
  }
  // A hang was reported (scheduler.ts) and the VM shut down.
  if (sched.hang !== null) return { exitCode: vm.exitCode ?? HANG_EXIT_CODE, failure: sched.hang };
  return { exitCode: vm.exitCode ?? exitCode, failure: null };
}

/** A static method whose only job is to trigger initialisation of `k` (a getstatic-free way). */
function initTrampoline(vm: VM, k: JClass, _trivial: boolean) {
  return vm.initTrampoline(k);
}

/** A Java call of a boot step threw: reported as java does, and the run's failure. */
function bootFailure(vm: VM, steps: LaunchGuard, what: string, exc: JObject): void {
  const failure = `${what} failed: ${vm.describeThrowable(exc)}`;
  vm.reportFailure(`Error occurred during initialization of VM\n${failure}`);
  steps.failed(failure);
  vm.exitCode = 1;
}

/** End of a thread: dispatchUncaughtException (when it threw), then Thread.exit(). */
export function threadEnd(vm: VM, sched: Scheduler, t: JThread, uncaught: JObject | null, then: () => void): void {
  const tobj = t.jthread as JObject;
  const thClass = vm.classes.loadBoot('java/lang/Thread');
  const exit = (): void => {
    sched.call(t, {
      method: vm.findMethod(thClass, 'exit', '()V'),
      args: [tobj],
      done: () => then(),
    });
  };
  if (uncaught !== null) {
    sched.call(t, {
      method: vm.findMethod(thClass, 'dispatchUncaughtException', '(Ljava/lang/Throwable;)V'),
      args: [tobj, uncaught],
      done: (result, threw) => {
        if (threw && result !== null && typeof result === 'object') {
          // JavaThread::exit: the handler's own exception is reported, then cleared.
          const k = (result as JObject).klass.name.replace(/\//g, '.');
          vm.reportFailure(`\nException: ${k} thrown from the UncaughtExceptionHandler in thread "${t.name}"`);
        }
        exit();
      },
    });
  } else exit();
}

/** The java.lang.Thread of a thread the VM attaches (main, DestroyJavaVM), before its constructor runs. */
function attachedThreadObject(vm: VM, t: JThread): JObject & Record<string, unknown> {
  const tobj = vm.allocObject(vm.classes.loadBoot('java/lang/Thread')) as JObject & Record<string, unknown>;
  tobj.$vm = t;
  // JDK 17: the priority is a Thread field the constructor reads from the parent (this
  // thread); from JDK 19 on the constructor makes the FieldHolder itself.
  if (vm.opts.jdk.feature < 19) setField(vm, tobj, 'java/lang/Thread', 'priority', 5);
  setEetop(vm, tobj, t.id);
  t.jthread = tobj;
  return tobj;
}

/**
 * java's launcher after main: the main thread detaches (Thread.exit() ran in threadEnd; it ends
 * TERMINATED, its joiners woken), then DestroyJavaVM attaches a new thread, "DestroyJavaVM" in
 * the main group (HotSpot's attach_current_thread: JDK 24+ first draws a thread id for the
 * monitor owner, then Thread(ThreadGroup, String) runs on the new thread, JDK 17 then calls
 * ThreadGroup.add), waits on it until only daemon threads remain and runs Shutdown.shutdown()
 * there (JavaThread::invoke_shutdown_hooks). Its Java code is the new thread's, counted there.
 */
function destroyJavaVM(vm: VM, sched: Scheduler, main: JThread, then: () => void): void {
  const jdk = vm.opts.jdk;
  const mainObj = main.jthread as JObject | null;
  if (mainObj !== null && main.statusObj !== null) main.onExit = threadOnExit(vm, main, mainObj);
  const d = vm.newThread();
  d.name = 'DestroyJavaVM';
  const tobj = attachedThreadObject(vm, d);
  if (jdk.feature >= 24) skipThreadIds(vm, 1);
  const group = vm.mainThreadGroup as JObject;
  const attached = (): void => {
    bindThreadStatus(vm, d, tobj, 5); // RUNNABLE
    waitOthers();
  };
  const waitOthers = (): void => {
    const others = vm.threads.filter((x) => x !== d && x !== main && !x.daemon && x.state !== ThreadState.Terminated && x.state !== ThreadState.New);
    if (others.length > 0) {
      // Park until a non-daemon thread ends.
      d.state = ThreadState.Waiting;
      vm.onThreadTerminated = () => {
        vm.onThreadTerminated = null;
        d.state = ThreadState.Runnable;
        sched.call(d, { method: vm.noopMethod(), args: [], done: () => waitOthers() });
      };
      return;
    }
    const shutdown = vm.classes.loadBoot('java/lang/Shutdown');
    sched.call(d, { method: vm.findMethod(shutdown, 'shutdown', '()V'), args: [], done: () => then() });
  };
  sched.call(d, {
    method: vm.findMethod(vm.classes.loadBoot('java/lang/Thread'), '<init>', '(Ljava/lang/ThreadGroup;Ljava/lang/String;)V'),
    args: [tobj, group, vm.intern('DestroyJavaVM')],
    done: (r, threw) => {
      if (threw) {
        vm.reportFailure(`Exception in thread "DestroyJavaVM": the embedded JVM could not attach it: ${vm.describeThrowable(r as JObject)}`);
        vm.exitCode = 1;
        return;
      }
      if (jdk.feature >= 19) return attached();
      sched.call(d, { method: vm.findMethod(vm.classes.loadBoot('java/lang/ThreadGroup'), 'add', '(Ljava/lang/Thread;)V'), args: [group, tobj], done: () => attached() });
    },
  });
}

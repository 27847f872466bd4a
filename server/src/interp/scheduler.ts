// The deterministic scheduler of green threads. Threads run round robin in creation order for
// a fixed number of bytecodes each, up to the next taken backward jump (never by wall time; the
// same point with the JIT on or off), or until they block or yield, so a multi-threaded
// program runs the same way every time. Time (clock.ts) is real by default:
// when every thread sleeps, the scheduler waits on a timer for the earliest wake-up. With the
// virtual clock, time advances by 1 ns per bytecode executed and jumps forward to the next
// wake-up when every thread sleeps, or when every runnable thread only spins in Thread.yield.
//
// When no thread can ever run again (every thread blocked or waiting without a timeout; the
// JDK's Cleaner threads, waiting with a timeout for references the VM never enqueues, do not
// count), the program hangs: the scheduler prints a report (hang.ts) and shuts the VM down
// with exit code 1, running the shutdown hooks, so the profile is written.
//
// A thread runs a queue of top-level calls (TopCall): the main thread boots the JDK and then
// runs main(); every thread ends with dispatchUncaughtException (if needed) and Thread.exit().

import { appendFileSync } from 'node:fs';
import { interpret } from './interpreter';
import { deliver, enterMethod, placeArgs, resumeNative, unwind } from './calls';
import type { JClass, JMethod } from './klass';
import type { JObject } from './object';
import { BLOCK, EXIT, JavaThrow, PENDING, VmError } from './signals';
import { ThreadState, type Glue, type JThread } from './thread';
import type { VM } from './vm';
import { nanoTime, realTime } from './clock';
import { hangReport } from './hang';

export interface TopCall {
  method: JMethod;
  args: unknown[];
  /** Called with the result, or with the uncaught exception (then `threw` is true). */
  done(result: unknown, threw: boolean): void;
}

const TRACE_SCHED = !!process.env.KOMORIUM_TRACE_SCHED;

/** Bytecodes a thread runs before the scheduler switches (at the next taken backward jump). */
export const QUANTUM = 20000;
/** A system thread's budget per interpret call (the largest small integer of V8 on 64 bits, 2^30 - 1). */
const SYSTEM_BUDGET = 0x3fffffff;
/**
 * Debugging (docs/INTERPRETER.md): a file to which every time slice's end is appended (thread,
 * its bytecodes so far, top method and pc, state), to find where two runs' switches diverge.
 */
const TRACE_SLICE = process.env.KOMORIUM_TRACE_SLICE ?? '';

/** A time slice that ends in Thread.yield after at most this many bytecodes is a spin. */
const SPIN_BYTECODES = 1000;

/** Exit code of a run stopped because it hangs (deadlock, or a wait nobody can end). */
export const HANG_EXIT_CODE = 1;

/** Longest single idle wait (ms): cancellation and system threads are checked in between. */
const MAX_IDLE_MS = 100;

export class Scheduler {
  private readonly queues = new Map<JThread, TopCall[]>();
  private next = 0;
  /** Reason the run ended with an error outside Java (deadlock...). */
  failure: string | null = null;
  /** Set once a hang was reported (a one-line summary); the VM then shuts down. */
  hang: string | null = null;
  /** Consecutive time slices that were spins in Thread.yield (virtual clock). */
  private spins = 0;
  /**
   * Profiler-internal threads (the live-snapshot writer) run only once the program's main
   * method is about to be called (boot.ts): started at the runtime's initialisation, inside
   * LauncherHelper.checkAndLoadMain, its first snapshot (150 ms later in real time) could come
   * before the main class was loaded and initialise JDK classes (FileCleanable, CleanerFactory
   * and the Common-Cleaner thread...) that the launcher's counted code initialises otherwise.
   */
  systemReady = false;

  /**
   * Run once at the next time-slice boundary (the current slice ends early when set from Java
   * code): boot.ts ends the boot there, so that a boot snapshot is taken at a clean state.
   */
  private checkpoint: (() => void) | null = null;

  constructor(private readonly vm: VM) {}

  /** Ends the current time slice and runs `fn` at the top of the scheduler's loop. */
  atSliceEnd(fn: () => void): void {
    this.checkpoint = fn;
  }

  /** True when no thread has a queued top-level call (a snapshot's precondition). */
  get queuesEmpty(): boolean {
    return this.queuedThreads().length === 0;
  }

  /** The top-level calls queued on `t`. */
  queued(t: JThread): readonly TopCall[] {
    return this.queues.get(t) ?? [];
  }

  /** The threads with queued top-level calls. */
  queuedThreads(): JThread[] {
    const out: JThread[] = [];
    for (const [t, q] of this.queues) if (q.length > 0) out.push(t);
    return out;
  }

  saveState(): SchedulerState {
    return { next: this.next, spins: this.spins };
  }

  loadState(s: SchedulerState): void {
    this.next = s.next;
    this.spins = s.spins;
  }

  /** Queues a top-level call on `t` (made Runnable). */
  call(t: JThread, c: TopCall): void {
    let q = this.queues.get(t);
    if (!q) this.queues.set(t, (q = []));
    q.push(c);
    if (t.state === ThreadState.New || t.state === ThreadState.Terminated) t.state = ThreadState.Runnable;
  }

  /** Runs until no thread can run. Returns normally on completion; EXIT propagates as return. */
  run(): void {
    const vm = this.vm;
    for (;;) {
      if (this.checkpoint !== null) {
        const c = this.checkpoint;
        this.checkpoint = null;
        c();
      }
      if (vm.exitCode !== null) {
        if (TRACE_SCHED) vm.reportFailure(`[sched] exit code ${vm.exitCode}`);
        return;
      }
      if (!this.cancelling && vm.opts.cancelled?.()) this.beginCancel();
      vm.opts.onSlice?.();
      if (realTime(vm)) this.wakeTimed();
      if (vm.hostWaits.active) vm.hostWaits.poll(false);
      const t = this.pick();
      if (t === null) {
        if (vm.hostWaits.active && !this.cancelling) {
          this.awaitHost();
          continue;
        }
        if (this.awaitDeadline()) continue;
        const live = vm.threads.filter((x) => x.state !== ThreadState.Terminated && x.state !== ThreadState.New && !x.system);
        if (live.length === 0) return;
        if (this.cancelling) throw new CancelledError();
        if (this.reportHang(live)) continue;
        return;
      }
      vm.current = t;
      this.syncStatus(t);
      if (TRACE_SCHED) vm.reportFailure(`[sched] run "${t.name}" depth=${t.depth} top=${t.depth >= 0 ? t.frames[t.depth].m : '-'}`);
      try {
        const before = t.bytecodes;
        this.slice(t);
        this.syncStatus(t);
        this.afterSlice(t, t.bytecodes - before);
      } catch (e) {
        if (e === EXIT) {
          if (TRACE_SCHED) vm.reportFailure(`[sched] EXIT in "${t.name}"`);
          return;
        }
        throw e;
      }
    }
  }

  /** True once a cancellation started the orderly shutdown. */
  cancelling = false;

  /**
   * Cancellation: a new thread runs Shutdown.exit(status) (130 unless the host gave the status
   * of another signal, as java's signal handler does), as if another thread had called
   * System.exit while the program's threads go on (as on a JVM receiving SIGTERM), so the
   * shutdown hooks (the profiler's among them) run and write the samples gathered so far, then
   * the VM halts. The program's threads must keep running: one may hold a monitor a hook needs
   * (its profiler context while it takes a sample).
   */
  private beginCancel(): void {
    const vm = this.vm;
    this.cancelling = true;
    const shutdown = vm.classes.tryBoot('java/lang/Shutdown');
    if (!shutdown || !vm.booted) throw new CancelledError();
    this.startExitThread('komorium-cancel', shutdown, cancelStatus(vm.opts.cancelled?.()));
  }

  /**
   * Host code of a launch step failed on the main thread (boot.ts guard): as after a hang, a new
   * thread runs Shutdown.exit(status), so the shutdown hooks write the samples gathered so far.
   * False before the JDK has booted (the caller ends the run at once).
   */
  shutdownAfterFailure(status: number): boolean {
    const vm = this.vm;
    const shutdown = vm.booted ? vm.classes.tryBoot('java/lang/Shutdown') : undefined;
    if (!shutdown || this.cancelling) return false;
    this.startExitThread('komorium-failure', shutdown, status);
    return true;
  }

  /** A new thread runs Shutdown.exit(status), as if another thread had called System.exit. */
  private startExitThread(name: string, shutdown: JClass, status: number): void {
    const vm = this.vm;
    const t = vm.newThread();
    t.name = name;
    t.jthread = vm.threads[0]?.jthread ?? null;
    this.call(t, { method: vm.findMethod(shutdown, 'exit', '(I)V'), args: [status], done: () => undefined });
  }

  private pick(): JThread | null {
    const ts = this.vm.threads;
    const n = ts.length;
    // Profiler-internal threads first, without touching the round robin of the program's.
    const now = this.hasSystem ? Date.now() : 0;
    if (this.hasSystem) {
      for (const t of ts) {
        if (!t.system) continue;
        if (t.state === ThreadState.TimedWaiting && t.wakeAtReal <= now) t.state = ThreadState.Runnable;
        if (t.state === ThreadState.Runnable) return t;
      }
    }
    for (let i = 0; i < n; i++) {
      const t = ts[(this.next + i) % n];
      if (t.state === ThreadState.Runnable && !t.system) {
        this.next = (this.next + i + 1) % n;
        return t;
      }
    }
    return null;
  }

  /**
   * The earliest wake-up of a program thread in a timed wait, or null when none could ever
   * make progress: there is none, or only the JDK's Cleaner threads wait (for references the
   * VM never enqueues, so their timeouts only make them wait again).
   */
  private earliestDeadline(): number | null {
    let best: number | null = null;
    let useful = false;
    for (const t of this.vm.threads) {
      if (t.state !== ThreadState.TimedWaiting || t.system) continue;
      if (best === null || t.wakeAt < best) best = t.wakeAt;
      if (!useful && !isCleanerWait(t)) useful = true;
    }
    return useful ? best : null;
  }

  /**
   * No thread runnable: move to the earliest timed wake-up (virtual clock: jump to it; real
   * clock: wait for it on a timer, without using the CPU). False when there is none.
   */
  private awaitDeadline(): boolean {
    const vm = this.vm;
    const d = this.earliestDeadline();
    if (d === null) return false;
    if (!realTime(vm)) {
      if (d > vm.clockNs) vm.clockNs = d;
      this.wakeTimed();
      return true;
    }
    let ms = (d - nanoTime(vm)) / 1e6;
    if (this.hasSystem) {
      const now = Date.now();
      for (const t of vm.threads) if (t.system && t.state === ThreadState.TimedWaiting) ms = Math.min(ms, t.wakeAtReal - now);
    }
    if (ms > 0) this.idle(Math.min(Math.ceil(ms), MAX_IDLE_MS));
    this.wakeTimed();
    return true;
  }

  /**
   * No thread runnable, some wait for the host (hostwait.ts): idle a little and poll. With the
   * virtual clock, the time slept passes on the clock (up to the earliest timed wake-up).
   */
  private awaitHost(): void {
    const vm = this.vm;
    const d = this.earliestDeadline();
    const untilMs = d === null ? Infinity : Math.max(0, (d - nanoTime(vm)) / 1e6);
    const slept = vm.hostWaits.idle((ms) => this.idle(ms), Math.ceil(untilMs));
    if (!realTime(vm)) {
      const next = vm.clockNs + Math.round(slept * 1e6);
      vm.clockNs = d === null ? next : Math.min(Math.max(next, vm.clockNs), Math.max(d, vm.clockNs));
    }
    this.wakeTimed();
  }

  /** Blocks the host thread for `ms` (real clock, every thread asleep). */
  private idle(ms: number): void {
    const hook = this.vm.opts.idle;
    if (hook) hook(ms);
    else Atomics.wait(idleCell, 0, 0, ms);
  }

  /**
   * Wakes timed waiters whose time has come (called as the clock advances). With the real
   * clock, a JDK Cleaner thread's timed wait does not end by time: its timeout (60 s) only
   * makes it wait again, and the ~100 bytecodes of that loop, counted on the Common-Cleaner
   * thread in `--instrument all`, depended on how long the run took on the wall clock (two
   * runs of a program that took a minute gave two profiles). Its deadline is put out of
   * reach; a notify still wakes it. With the virtual clock it times out as before (its time
   * is the run's own).
   */
  private wakeTimed(): void {
    const vm = this.vm;
    const now = nanoTime(vm);
    for (const t of vm.threads) {
      if (t.state !== ThreadState.TimedWaiting || t.system || t.wakeAt > now) continue;
      if (realTime(vm) && isCleanerWait(t)) t.wakeAt = Infinity;
      else t.state = ThreadState.Runnable;
    }
  }

  /**
   * After a time slice: with the virtual clock, when every runnable thread only spins in
   * Thread.yield (`while (t.isAlive()) Thread.yield();`), nothing changes until a timed wait
   * ends, so the clock jumps to the earliest one (the clock would otherwise creep 1 ns per
   * bytecode through millions of yields).
   */
  private afterSlice(t: JThread, ran: number): void {
    if (!t.yielded) {
      this.spins = 0;
      return;
    }
    t.yielded = false;
    // (Not while a profiler-internal thread is busy: its timing is real, and a sampling thread
    // yields to it; the virtual clock must not depend on that.)
    if (realTime(this.vm) || t.system || ran > SPIN_BYTECODES || (this.hasSystem && this.vm.threads.some(busySystem))) {
      this.spins = 0;
      return;
    }
    let runnable = 0;
    for (const x of this.vm.threads) if (x.state === ThreadState.Runnable && !x.system) runnable++;
    if (++this.spins < runnable) return;
    this.spins = 0;
    const d = this.earliestDeadline();
    if (d === null) return;
    if (d > this.vm.clockNs) this.vm.clockNs = d;
    this.wakeTimed();
  }

  /**
   * A time slice of `t` ends in compiled code (jit/stay.ts), `newly` bytecodes after the last
   * accounting: when the scheduler would do nothing there but run `t` again (no other thread
   * runnable, no timed wait due, no system thread to run, no checkpoint, exit, cancellation or
   * host wait; not while tracing), does what slice() and run() do between the two slices (the
   * clock and the thread's count, the spin count, onSlice) and returns true: the next slice
   * starts in place. The same thread would be picked: the round robin's position is already
   * after it.
   */
  continueSlice(t: JThread, newly: number): boolean {
    const vm = this.vm;
    if (TRACE_SCHED || TRACE_SLICE !== '' || t.system || t.yielded || t.state !== ThreadState.Runnable) return false;
    if (this.checkpoint !== null || vm.exitCode !== null || this.cancelling || vm.hostWaits.active) return false;
    if (vm.opts.cancelled?.()) return false;
    // What slice()'s wakeTimed and run()'s would read, and pick()'s system threads.
    const now = realTime(vm) ? nanoTime(vm) : vm.clockNs + newly;
    const sys = this.hasSystem;
    const nowMs = sys ? Date.now() : 0;
    for (const x of vm.threads) {
      if (x === t) continue;
      if (x.system) {
        if (sys && (x.state === ThreadState.Runnable || (x.state === ThreadState.TimedWaiting && x.wakeAtReal <= nowMs))) return false;
        continue;
      }
      if (x.state === ThreadState.Runnable || (x.state === ThreadState.TimedWaiting && x.wakeAt <= now)) return false;
    }
    t.bytecodes += newly;
    vm.clockNs += newly;
    this.spins = 0;
    vm.opts.onSlice?.();
    return true;
  }

  /**
   * Nothing can run again: prints the report and starts the orderly shutdown with exit code
   * HANG_EXIT_CODE (shutdown hooks run and write the profile). True when the shutdown thread
   * was started; false ends the run (a hang during that shutdown, or before the JDK booted).
   */
  private reportHang(live: JThread[]): boolean {
    const vm = this.vm;
    if (this.hang !== null) {
      this.failure = `${this.hang}; the shutdown hooks could not finish either`;
      return false;
    }
    const r = hangReport(vm, live);
    this.hang = r.summary;
    vm.reportFailure(r.text);
    const shutdown = vm.booted ? vm.classes.tryBoot('java/lang/Shutdown') : undefined;
    if (!shutdown) {
      this.failure = r.summary;
      return false;
    }
    this.startExitThread('komorium-hang', shutdown, HANG_EXIT_CODE);
    return true;
  }

  /**
   * Mirrors the green thread's state into java.lang.Thread.threadStatus (the JVMTI bits
   * jdk.internal.misc.VM.toThreadState reads), as HotSpot keeps it: RUNNABLE 0x5, BLOCKED 0x401,
   * WAITING in wait() 0x191 or parked 0x291, TIMED_WAITING sleeping 0xE1, in wait(ms) 0x1A1,
   * parked 0x2A1.
   */
  private syncStatus(t: JThread): void {
    const o = t.statusObj as (JObject & Record<string, unknown>) | null;
    if (o === null || t.statusKey === null || t.state === ThreadState.Terminated || t.state === ThreadState.New) return;
    if (t.inIo) return; // RUNNABLE while in socket I/O (set by the state setter)
    let v: number;
    switch (t.state) {
      case ThreadState.Blocked:
        v = 0x401;
        break;
      case ThreadState.Waiting:
        v = t.parked ? 0x291 : 0x191;
        break;
      case ThreadState.TimedWaiting:
        v = t.parked ? 0x2a1 : t.waitingOn !== null ? 0x1a1 : 0xe1;
        break;
      default:
        v = 5;
    }
    o[t.statusKey] = v;
  }

  /** True once a system thread exists and may run (pick() then checks them first). */
  get hasSystem(): boolean {
    return this.systemReady && this.vm.threads.some((t) => t.system);
  }

  private slice(t: JThread): void {
    const vm = this.vm;
    // A system thread runs until it blocks (it never holds a monitor across a switch): its
    // budget is given again at every interpret call, a small integer (SYSTEM_BUDGET) so that
    // compiled code's `budget - c` and limits stay in V8's small integers (docs/BENCHMARKS.md
    // part B, pf18c: Number.MAX_SAFE_INTEGER deoptimised direct sampling calls "not a Smi").
    const sys = t.system;
    let budget = sys ? SYSTEM_BUDGET : QUANTUM;
    while ((sys || budget > 0) && t.state === ThreadState.Runnable) {
      if (sys) budget = SYSTEM_BUDGET;
      if (this.checkpoint !== null) break;
      if (t.depth < 0) {
        if (!this.startNext(t)) return;
        continue;
      }
      const top = t.frames[t.depth];
      if (top.m !== null && top.m.code === null) {
        // A native that blocked: finish it first.
        try {
          resumeNative(vm, t);
        } catch (e) {
          if (e === BLOCK) return;
          if (e === PENDING) continue;
          if (e instanceof JavaThrow) {
            this.unwindFromNative(t, e.exc);
            continue;
          }
          throw e;
        }
        continue;
      }
      if (top.m === null) {
        // A glue step blocked (class initialisation by another thread): retry it.
        try {
          deliver(vm, t, undefined, 'V', top.sp);
        } catch (e) {
          if (e === BLOCK) return;
          if (e instanceof VmError) {
            if (!vm.raise(t, e)) unwind(vm, t, vm.materialize(t, e));
          } else if (e instanceof JavaThrow) unwind(vm, t, e.exc);
          else throw e;
        }
        continue;
      }
      t.jrestart = false;
      const ran = interpret(vm, t, budget);
      // Compiled code continued the slice in place (jit/stay.ts): `ran` is what ran since.
      if (t.jrestart) budget = QUANTUM;
      budget -= ran;
      if (!t.system) vm.clockNs += ran;
      // Thread.yield ends the time slice.
      if (t.yielded) break;
      if (ran === 0 && t.state === ThreadState.Runnable && t.depth >= 0) {
        // interpret made no progress (e.g. an upcall was just pushed): go on.
        budget--;
      }
    }
    if (TRACE_SLICE !== '') {
      const top = t.top;
      appendFileSync(TRACE_SLICE, `[slice] ${t.name} ${t.bytecodes} ${top?.m ? String(top.m) : '-'} ${top?.pc ?? -1} ${t.state}\n`);
    }
    this.wakeTimed();
  }

  private unwindFromNative(t: JThread, exc: JObject): void {
    // The native frame is on top: unwind pops it and finds a handler below.
    unwind(this.vm, t, exc);
  }

  /** Starts the next queued top-level call; false when the thread has none (terminated). */
  private startNext(t: JThread): boolean {
    const vm = this.vm;
    const q = this.queues.get(t);
    const c = q?.shift();
    if (c === undefined) {
      t.state = ThreadState.Terminated;
      t.onExit?.();
      vm.onThreadTerminated?.();
      return false;
    }
    t.uncaught = null;
    const g = t.pushFrame();
    g.m = null;
    g.lp = 0;
    g.sp = 0;
    g.pc = 0;
    g.glue = topGlue(c);
    const m = c.method;
    t.ensureSlots(m.argSlots + 16);
    g.sp = placeArgs(t, 0, m, c.args);
    t.state = ThreadState.Runnable;
    try {
      enterMethod(vm, t, m, 0);
    } catch (e) {
      if (e === PENDING || e === BLOCK) return true;
      if (e instanceof VmError) {
        if (!vm.raise(t, e)) unwind(vm, t, vm.materialize(t, e));
        return true;
      }
      if (e instanceof JavaThrow) {
        unwind(vm, t, e.exc);
        return true;
      }
      throw e;
    }
    return true;
  }
}

/** The glue frame below a top-level call (also rebuilt by a boot snapshot's restore). */
export function topGlue(c: TopCall): Glue {
  let finished = false;
  return {
    kind: 'V',
    resumePc: 0,
    base: -1,
    onReturn: (v) => {
      finished = true;
      c.done(v, false);
      return undefined;
    },
    onThrow: (exc) => {
      if (!finished) {
        finished = true;
        c.done(exc, true);
      }
      return exc;
    },
  };
}

/** The scheduler's own state at a time-slice boundary (boot snapshots). */
export interface SchedulerState {
  next: number;
  spins: number;
}

/** The exit status of a cancelled run: the number the host gave, else 130 (as after SIGINT). */
export function cancelStatus(c: boolean | number | undefined): number {
  return typeof c === 'number' && c > 0 ? c : 130;
}

const idleCell = new Int32Array(new SharedArrayBuffer(4));

function busySystem(t: JThread): boolean {
  return t.system && t.state !== ThreadState.TimedWaiting && t.state !== ThreadState.Terminated;
}

/**
 * A JDK Cleaner thread (the Common-Cleaner among them) in its timed wait for references
 * (CleanerImpl.run → ReferenceQueue.remove(timeout) → Object.wait): nothing else ever wakes it
 * and its timeout only makes it wait again, so it cannot end a hang.
 */
function isCleanerWait(t: JThread): boolean {
  if (!t.daemon || t.waitingOn === null || t.parked) return false;
  for (const f of t.javaFrames()) {
    const k = f.m!.klass.name;
    if (k === 'java/lang/Object' || k === 'java/lang/ref/ReferenceQueue' || k === 'java/lang/ref/ReferenceQueue$Lock') continue;
    return k === 'jdk/internal/ref/CleanerImpl' && f.m!.name === 'run';
  }
  return false;
}

/** The run was cancelled by the host. */
export class CancelledError extends Error {
  constructor() {
    super('cancelled');
  }
}

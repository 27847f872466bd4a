// The deterministic scheduler of green threads. Threads run round robin in creation order for
// a fixed number of bytecodes each (never by wall time), so a multi-threaded program runs the
// same way every time. Time is virtual: the clock advances by 1 ns per bytecode executed and
// jumps forward to the next wake-up when every thread sleeps.
//
// A thread runs a queue of top-level calls (TopCall): the main thread boots the JDK and then
// runs main(); every thread ends with dispatchUncaughtException (if needed) and Thread.exit().

import { interpret } from './interpreter';
import { deliver, enterMethod, resumeNative, unwind } from './calls';
import type { JMethod } from './klass';
import type { JObject } from './object';
import { BLOCK, EXIT, JavaThrow, PENDING, VmError } from './signals';
import { ThreadState, type JThread } from './thread';
import type { VM } from './vm';

export interface TopCall {
  method: JMethod;
  args: unknown[];
  /** Called with the result, or with the uncaught exception (then `threw` is true). */
  done(result: unknown, threw: boolean): void;
}

const STATE_NAMES = ['new', 'runnable', 'blocked', 'waiting', 'timed-waiting', 'terminated'];

const TRACE_SCHED = !!process.env.KOMORIUM_TRACE_SCHED;

/** Bytecodes a thread runs before the scheduler switches. */
export const QUANTUM = 20000;

export class Scheduler {
  private readonly queues = new Map<JThread, TopCall[]>();
  private next = 0;
  /** Reason the run ended with an error outside Java (deadlock...). */
  failure: string | null = null;

  constructor(private readonly vm: VM) {}

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
      if (vm.exitCode !== null) {
        if (TRACE_SCHED) vm.reportFailure(`[sched] exit code ${vm.exitCode}`);
        return;
      }
      if (!this.cancelling && vm.opts.cancelled?.()) this.beginCancel();
      vm.opts.onSlice?.();
      const t = this.pick();
      if (t === null) {
        if (this.advanceClock()) continue;
        const live = vm.threads.filter((x) => x.state !== ThreadState.Terminated && x.state !== ThreadState.New && !x.system);
        if (live.length === 0) return;
        if (this.cancelling) throw new CancelledError();
        this.failure = `deadlock: every thread is blocked (${live.map((x) => `"${x.name}" ${STATE_NAMES[x.state]}`).join(', ')})`;
        return;
      }
      vm.current = t;
      this.syncStatus(t);
      if (TRACE_SCHED) vm.reportFailure(`[sched] run "${t.name}" depth=${t.depth} top=${t.depth >= 0 ? t.frames[t.depth].m : '-'}`);
      try {
        this.slice(t);
        this.syncStatus(t);
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
   * Cancellation: a new thread runs Shutdown.exit(130), as if another thread had called
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
    const t = vm.newThread();
    t.name = 'komorium-cancel';
    t.jthread = vm.threads[0]?.jthread ?? null;
    this.call(t, { method: vm.findMethod(shutdown, 'exit', '(I)V'), args: [130], done: () => undefined });
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

  /** No thread runnable: jump the clock to the earliest timed wake-up. */
  private advanceClock(): boolean {
    let best: JThread | null = null;
    for (const t of this.vm.threads) if (t.state === ThreadState.TimedWaiting && !t.system && (best === null || t.wakeAt < best.wakeAt)) best = t;
    if (best === null) return false;
    if (best.wakeAt > this.vm.clockNs) this.vm.clockNs = best.wakeAt;
    for (const t of this.vm.threads) if (t.state === ThreadState.TimedWaiting && !t.system && t.wakeAt <= this.vm.clockNs) t.state = ThreadState.Runnable;
    return true;
  }

  /** Wakes timed waiters whose time has come (called as the clock advances). */
  private wakeTimed(): void {
    const now = this.vm.clockNs;
    for (const t of this.vm.threads) if (t.state === ThreadState.TimedWaiting && !t.system && t.wakeAt <= now) t.state = ThreadState.Runnable;
  }

  /**
   * Mirrors the green thread's state into java.lang.Thread.threadStatus (the JVMTI bits
   * jdk.internal.misc.VM.toThreadState reads), as HotSpot keeps it: RUNNABLE 0x5, BLOCKED 0x401,
   * WAITING in wait() 0x191 or parked 0x291, TIMED_WAITING sleeping 0xE1, in wait(ms) 0x1A1,
   * parked 0x2A1.
   */
  private syncStatus(t: JThread): void {
    const o = t.jthread as (JObject & Record<string, unknown>) | null;
    if (o === null || t.state === ThreadState.Terminated || t.state === ThreadState.New) return;
    if (this.statusKey === null) this.statusKey = this.vm.field(this.vm.classes.loadBoot('java/lang/Thread'), 'threadStatus').key;
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
    o[this.statusKey] = v;
  }
  private statusKey: string | null = null;

  /** True once a system thread exists (pick() then checks them first). */
  get hasSystem(): boolean {
    return this.vm.threads.some((t) => t.system);
  }

  private slice(t: JThread): void {
    const vm = this.vm;
    // A system thread runs until it blocks (it never holds a monitor across a switch).
    let budget = t.system ? Number.MAX_SAFE_INTEGER : QUANTUM;
    while (budget > 0 && t.state === ThreadState.Runnable) {
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
          if (e instanceof VmError) unwind(vm, t, vm.materialize(t, e));
          else if (e instanceof JavaThrow) unwind(vm, t, e.exc);
          else throw e;
        }
        continue;
      }
      const ran = interpret(vm, t, budget);
      budget -= ran;
      if (!t.system) vm.clockNs += ran;
      if (ran === 0 && t.state === ThreadState.Runnable && t.depth >= 0) {
        // interpret made no progress (e.g. an upcall was just pushed): go on.
        budget--;
      }
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
    let finished = false;
    g.glue = {
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
    // Arguments.
    let slot = 0;
    let i = 0;
    const m = c.method;
    t.ensureSlots(m.argSlots + 16);
    if (!m.isStatic) t.r[slot++] = c.args[i++];
    for (const p of m.params) {
      const a = c.args[i++];
      if (p === 'J') {
        t.r[slot] = a;
        slot += 2;
      } else if (p === 'D') {
        t.n[slot] = a as number;
        slot += 2;
      } else if (p.length > 1) t.r[slot++] = a;
      else t.n[slot++] = a as number;
    }
    g.sp = slot;
    t.state = ThreadState.Runnable;
    try {
      enterMethod(vm, t, m, 0);
    } catch (e) {
      if (e === PENDING || e === BLOCK) return true;
      if (e instanceof VmError) {
        unwind(vm, t, vm.materialize(t, e));
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

/** The run was cancelled by the host. */
export class CancelledError extends Error {
  constructor() {
    super('cancelled');
  }
}

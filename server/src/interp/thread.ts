// Green threads of the embedded JVM: frames are data, not JS recursion, so a thread can stop
// at any instruction (blocking natives, monitors, time-slice end) and the scheduler can switch
// deterministically.
//
// Value stacks. Locals and operand stacks of all frames of a thread live in two parallel
// arrays indexed by the same slot number: `n` (a JS array of numbers only, so V8 keeps it as
// unboxed doubles; it grows in place, so compiled code may keep a reference) holds int, float and double
// values, `r` (JS array) holds references, long values (see long.ts) and returnAddresses.
// Each typed instruction reads and writes the array of its type; untyped stack instructions
// (dup*, swap, pop*) copy both. A callee's locals start where its arguments sit on the
// caller's operand stack (no copying on calls).

import type { JMethod } from './klass';
import { AS_DOUBLE, mutableFields, type JObject } from './object';
import type { Monitor } from './monitor';

export const enum ThreadState {
  New = 0,
  Runnable = 1,
  /** Waiting for a monitor (monitorenter, synchronized method, re-entry after wait). */
  Blocked = 2,
  /** wait(), join(), park() without timeout. */
  Waiting = 3,
  /** sleep(), wait(ms), parkNanos(): wakes at `wakeAt` (clock.ts nanoTime). */
  TimedWaiting = 4,
  Terminated = 5,
}

/**
 * java.lang.Thread.threadStatus for each state: ALIVE 0x1, TERMINATED 0x2, RUNNABLE 0x4,
 * WAITING_INDEFINITELY 0x10, WAITING_WITH_TIMEOUT 0x20, WAITING 0x80, IN_OBJECT_WAIT 0x100,
 * BLOCKED_ON_MONITOR_ENTER 0x400 (what jdk.internal.misc.VM.toThreadState decodes).
 */
const THREAD_STATUS: Record<ThreadState, number> = {
  [ThreadState.New]: 0,
  [ThreadState.Runnable]: 0x5,
  [ThreadState.Blocked]: 0x401,
  [ThreadState.Waiting]: 0x191,
  [ThreadState.TimedWaiting]: 0x1a1,
  [ThreadState.Terminated]: 0x2,
};

/** What a glue frame does when the Java call above it returns or throws. */
export interface Glue {
  /**
   * Called with the callee's return value. Returns the value to deliver to the frame below
   * (as the result of the suspended native or instruction), or PENDING after pushing more
   * frames (and a new glue frame) itself.
   */
  onReturn(value: unknown): unknown;
  /**
   * Called with a Java exception passing through; returns the exception to propagate, or null
   * after pushing frames above the glue (which stays; unwinding stops: the glue throws later).
   */
  onThrow?(exc: JObject): JObject | null;
  /** Kind of the value delivered below ('V' = none). */
  kind: 'V' | 'I' | 'J' | 'F' | 'D' | 'L';
  /** pc at which a Java frame below resumes (the instruction again, or the next one). */
  resumePc: number;
  /** Slot where a Java frame below receives the value (its new sp follows it); -1 keeps sp. */
  base: number;
}

export class Frame {
  /** The method, or null for a glue frame. */
  m: JMethod | null = null;
  pc = 0;
  /** First local slot. */
  lp = 0;
  /** Operand stack top (next free slot). */
  sp = 0;
  /** Monitor held for a synchronized method. */
  lock: JObject | null = null;
  glue: Glue | null = null;
}

/** A native that blocked (its frame stays on top): how to finish it when the thread runs again. */
export interface PendingNative {
  /** Produces the native's result; may throw BLOCK again, PENDING or a VmError. */
  resume(): unknown;
}

const INITIAL_SLOTS = 4096;

/**
 * A thread's numeric value stack `n` (ints, floats, doubles), `len` zeros or a copy of `from`:
 * a holey array with tagged elements from the start, the kind a restored snapshot's arrays have
 * (v8.deserialize), so that booted and restored runs store values the same way. Not double
 * elements: V8 does not keep every NaN's bits in a double array (x86's default NaN
 * 0xfff8000000000000, as Math.fma's native returns it, read back as 0x7ff8000000000000 in a
 * booted run, bit-exact in a restored one; a tagged slot holds the number as it is). Not
 * Smi-only either: that would change its elements kind at the first double or large int stored,
 * so that threads' `n` arrays had two maps and optimised code saw a new one with every new thread
 * ("wrong map" deoptimisations).
 */
export function numericStack(len: number, from?: readonly number[]): number[] {
  const n = new Array<number>(len).fill(null as unknown as number).fill(0);
  if (from !== undefined) for (let i = 0; i < from.length && i < len; i++) n[i] = from[i]!;
  return n;
}

export class JThread {
  // Tagged elements from the start (numericStack): one elements kind for every thread's `n`.
  n: number[] = numericStack(INITIAL_SLOTS);
  r: unknown[] = new Array<unknown>(INITIAL_SLOTS).fill(null);
  frames: Frame[] = [];
  /** Index of the top frame; -1 when the thread has no frames. */
  depth = -1;
  private st = ThreadState.New;
  /**
   * Key of java.lang.Thread.threadStatus on `statusObj`: Thread.getState() reads that field, so
   * every state change is mirrored there (JVMTI-style bits as HotSpot sets them).
   */
  statusKey: string | null = null;
  /** The object with the threadStatus field: the Thread (JDK 17) or its FieldHolder (JDK 19+). */
  statusObj: JObject | null = null;
  get state(): ThreadState {
    return this.st;
  }
  set state(s: ThreadState) {
    this.st = s;
    if (this.statusKey !== null && this.statusObj !== null) (this.statusObj as unknown as Record<string, number>)[this.statusKey] = this.inIo ? 0x5 : THREAD_STATUS[s];
  }
  /**
   * Blocked in socket I/O (natives/sun/nio/ch/Net.ts waitFor) or another native wait (the
   * Reference Handler's): Thread.getState() says RUNNABLE, as HotSpot's for a thread in a
   * system call.
   */
  inIo = false;
  /** The java.lang.Thread object. */
  jthread: JObject | null = null;
  name = '';
  daemon = false;
  /** Time (clock.ts nanoTime) at which a TimedWaiting thread wakes. */
  wakeAt = AS_DOUBLE;
  /** Monitor this thread is blocked on or waiting in. */
  waitingOn: Monitor | null = null;
  /** Monitors this thread owns, in acquisition order (deadlock reports). */
  readonly held: Monitor[] = [];
  /** Recursion count to restore when re-acquiring after wait(). */
  waitCount = 0;
  /** Frame depth at which the monitor waited on was first acquired (restored after wait()). */
  waitDepth = -1;
  /** Set by Thread.yield; the scheduler reads and clears it after the time slice. */
  yielded = false;
  /**
   * Compiled code returned because its time slice is over (at a back edge, where the
   * interpreter would have ended it too): interpret ends the slice there (and clears this).
   */
  sliceEnd = false;
  /** Set by notify: the thread was notified (not timed out). */
  notified = false;
  interrupted = false;
  /** Thread.scopedValueCache (JDK 21+): the ScopedValue cache, an Object[] or null. */
  scopedValueCache: JObject | null = null;
  /** LockSupport permit. */
  permit = false;
  parked = false;
  pendingNative: PendingNative | null = null;
  /** An exception to throw when the thread next runs (async natives, stop). */
  pendingException: JObject | null = null;
  /** Called when the thread terminates (join wake-ups are handled by the VM). */
  onExit: (() => void) | null = null;
  /** Uncaught exception that ended the thread's last top-level call (for the launcher). */
  uncaught: JObject | null = null;
  /** Bytecodes executed by this thread. */
  bytecodes = AS_DOUBLE;
  /**
   * A profiler-internal thread (the live-snapshot writer): it sleeps in real time, runs until it
   * blocks, and neither advances the virtual clock nor takes a turn in the round robin, so the
   * program's threads run exactly as without it.
   */
  system = false;
  /** Real time (Date.now()) at which a sleeping system thread wakes. */
  wakeAtReal = AS_DOUBLE;
  /** Return value of a compiled method that returned by itself (jit/codegen.ts): numeric / other. */
  rvN = AS_DOUBLE;
  /** Bytecodes compiled code executed before an exception left it (added by interpret). */
  xc = 0;
  rvR: unknown = null;
  /** Identity-hash generator (ihash.ts): X, Y, Z, W. */
  readonly hashState = new Uint32Array(4);
  /**
   * Estimated bytes of JS stack held by compiled frames that called compiled callees directly
   * since the interpreter last entered compiled code (bounds JS recursion: jit/js-stack.ts).
   */
  jsw = 0;
  /**
   * The compiled run interpret entered last (jit/stay.ts): the budget it gave, its own count
   * before, the slice's end moved on by slices continued in place (bytecodes), the bytecodes
   * those slices already accounted, and whether one was continued (slice() starts its budget
   * again).
   */
  jb = AS_DOUBLE;
  jc = AS_DOUBLE;
  jshift = AS_DOUBLE;
  jacc = AS_DOUBLE;
  jrestart = false;
  constructor(readonly id: number) {
    // Initialised with AS_DOUBLE above so that V8 gives these their double representation
    // (object.ts): they hold deadlines, return values and counts beyond 2^30.
    this.wakeAt = 0;
    this.wakeAtReal = 0;
    this.rvN = 0;
    this.bytecodes = 0;
    this.jb = 0;
    this.jc = 0;
    this.jshift = 0;
    this.jacc = 0;
    // Longs (numbers) and references: tagged from the start.
    this.rvR = 0;
    this.rvR = null;
    mutableFields(this);
  }

  /** Ensures the value stacks have room for `slots` slots. */
  ensureSlots(slots: number): void {
    if (slots <= this.n.length) return;
    let len = this.n.length;
    while (len < slots) len *= 2;
    // Both arrays grow in place: compiled code and the interpreter hold references to them.
    const n = this.n;
    for (let i = n.length; i < len; i++) n.push(0);
    const r = this.r;
    const old = r.length;
    r.length = len;
    r.fill(null, old);
  }

  /** Pushes a new frame record (reused per depth) and returns it. */
  pushFrame(): Frame {
    const d = ++this.depth;
    let f = this.frames[d];
    if (f === undefined) {
      f = new Frame();
      this.frames[d] = f;
    }
    f.lock = null;
    f.glue = null;
    return f;
  }

  get top(): Frame | undefined {
    return this.depth >= 0 ? this.frames[this.depth] : undefined;
  }

  /** The Java method frames, top first (glue frames skipped). */
  *javaFrames(): Iterable<Frame> {
    for (let d = this.depth; d >= 0; d--) {
      const f = this.frames[d];
      if (f.m !== null) yield f;
    }
  }
}

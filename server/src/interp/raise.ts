// Exceptions the VM throws by name (a VmError: NullPointerException, ArithmeticException,
// ArrayIndexOutOfBoundsException, ClassCastException, a native's IOException...), made as
// HotSpot makes them: `Exceptions::new_exception` resolves the class through the boot loader,
// initialises it, allocates the object and runs its Java constructor (`<init>()` without a
// message, `<init>(String)` with one; JNI's ThrowNew the same), then, given a cause, calls
// `initCause(Throwable)` (also Java). That code is the JDK's, so with the JDK instrumented it is
// counted on HotSpot: Throwable.<init>, NullPointerException.fillInStackTrace's Java part and
// the rest. The embedded engine runs the same code here, in frames above the faulting one: a
// glue frame, then the class's initialisation (if it needs one), the constructor and initCause;
// when the last returns, the glue throws the object at the faulting instruction (its frame is
// below the glue, its pc still the instruction's).
//
// Not so (throwables.ts fills the fields, no Java code runs), as in HotSpot: StackOverflowError
// (HotSpot allocates it without a constructor, there is no stack left) and OutOfMemoryError
// (preallocated); anything before the JDK has booted (uncounted, and the boot snapshot's state
// stays as it was).

import { InitState, instantiate, type JMethod } from './klass';
import type { JObject } from './object';
import { enterMethod, placeArgs, pushGlue } from './calls';
import { initialize } from './init';
import { BLOCK, JavaThrow, PENDING, VmError } from './signals';
import type { Glue, JThread } from './thread';
import type { VM } from './vm';

/** Classes HotSpot makes without running Java code. */
const WITHOUT_CONSTRUCTOR = new Set(['java/lang/StackOverflowError', 'java/lang/OutOfMemoryError']);

const TRACE = !!process.env.KOMORIUM_TRACE_EXCEPTIONS;

/**
 * Starts making `e` as HotSpot does, in frames pushed on `t` (the faulting frame's pc and sp
 * already the instruction's): true when frames were pushed (the caller goes on as after an
 * upcall; the exception is thrown when they return), false when `e` is made without Java code
 * (the caller materialises it as before).
 */
export function raise(vm: VM, t: JThread, e: VmError): boolean {
  return construct(vm, t, e, 'V', (exc) => {
    throw new JavaThrow(exc);
  });
}

/**
 * Makes `e` as HotSpot does and drops it: the native on top of `t` then returns null (or
 * `result.value`, of `result.kind`). HotSpot's speculative MemberName resolution
 * (MethodHandles::resolve_MemberName with speculative_resolve) lets LinkResolver throw (Exceptions::new_exception: the Java constructor runs, counted with the
 * JDK instrumented), then clears the pending exception and returns null. True when frames were
 * pushed (the native throws PENDING; its result, null, is delivered when they return), false
 * when nothing is made in Java (before boot, or the class cannot be initialised: the native
 * returns null at once).
 */
export function constructAndDiscard(vm: VM, t: JThread, e: VmError, result: { kind: Glue['kind']; value: unknown } = { kind: 'L', value: null }): boolean {
  return construct(vm, t, e, result.kind, () => result.value);
}

function construct(vm: VM, t: JThread, e: VmError, kind: Glue['kind'], finish: (exc: JObject) => unknown): boolean {
  if (!vm.booted || t.depth < 0 || WITHOUT_CONSTRUCTOR.has(e.className)) return false;
  const k = vm.classes.loadBoot(e.className);
  const ctor = k.declared.get(e.message === null ? '<init>()V' : '<init>(Ljava/lang/String;)V');
  if (ctor === undefined || ctor.code === null) return false;
  const initCause = e.cause === null ? undefined : k.resolveMethod('initCause', '(Ljava/lang/Throwable;)Ljava/lang/Throwable;');
  if (e.cause !== null && (initCause === undefined || initCause.code === null)) return false;
  if (TRACE) vm.reportFailure(`[vm exception, constructed${kind === 'V' ? '' : ' and discarded'}] ${e.className}${e.message === null ? '' : `: ${e.message}`}`);
  const message = e.message === null ? null : vm.newString(e.message);
  const g = pushGlue(t, 16);
  let stage: 'init' | 'construct' | 'cause' | 'finish' = 'init';
  let exc: JObject | null = null;
  const call = (m: JMethod, args: readonly unknown[]): typeof PENDING => {
    t.ensureSlots(g.sp + m.argSlots + 16);
    placeArgs(t, g.sp, m, args);
    enterMethod(vm, t, m, g.sp);
    return PENDING;
  };
  const next = (): unknown => {
    if (stage === 'init') {
      // May push <clinit> frames (PENDING: back here when they return) or block (retried).
      if (k.state !== InitState.Initialized) initialize(vm, t, k);
      stage = 'construct';
    }
    if (stage === 'construct') {
      stage = e.cause === null ? 'finish' : 'cause';
      exc = instantiate(k);
      return call(ctor, message === null ? [exc] : [exc, message]);
    }
    if (stage === 'cause') {
      stage = 'finish';
      return call(initCause as JMethod, [exc, e.cause]);
    }
    return finish(exc as JObject);
  };
  const glue: Glue = {
    kind,
    resumePc: -1,
    base: -1,
    // After <clinit> (initialize's own glue returns here), the constructor and initCause; a
    // blocked initialisation is retried here too (the scheduler's glue step).
    onReturn: () => next(),
  };
  g.glue = glue;
  try {
    next();
  } catch (x) {
    // Frames pushed, or the thread waits for another one initialising the class (the glue
    // stays: the scheduler retries it).
    if (x === PENDING || x === BLOCK) return true;
    // The class cannot be initialised (erroneous): nothing ran; the caller makes `e` as before.
    t.depth--;
    if (x instanceof VmError || x instanceof JavaThrow) return false;
    throw x;
  }
  return true;
}

/**
 * From a glue's `onThrow` (its frame on top of `t`): makes `new <className>(args)` as HotSpot's
 * `THROW_ARG` does (Exceptions::new_exception with a signature: the class initialised, the Java
 * constructor `desc` run) in frames above that glue, then throws it. Returns null when frames
 * were pushed (the caller's `onThrow` returns it: unwinding stops until the object is thrown),
 * else `fallback()` (before the boot, or no such constructor).
 */
export function throwConstructed(vm: VM, t: JThread, className: string, desc: string, args: readonly unknown[], fallback: () => JObject): JObject | null {
  const g = t.depth >= 0 ? t.frames[t.depth] : undefined;
  if (!vm.booted || g === undefined || g.m !== null) return fallback();
  const k = vm.classes.loadBoot(className);
  const ctor = k.declared.get(`<init>${desc}`);
  if (ctor === undefined || ctor.code === null) return fallback();
  let stage: 'init' | 'construct' | 'throw' = 'init';
  let exc: JObject | null = null;
  const next = (): unknown => {
    if (stage === 'init') {
      if (k.state !== InitState.Initialized) initialize(vm, t, k);
      stage = 'construct';
    }
    if (stage === 'construct') {
      stage = 'throw';
      exc = instantiate(k);
      t.ensureSlots(g.sp + ctor.argSlots + 16);
      placeArgs(t, g.sp, ctor, [exc, ...args]);
      enterMethod(vm, t, ctor, g.sp);
      return PENDING;
    }
    throw new JavaThrow(exc as JObject);
  };
  // An exception of the constructor (or of <clinit>) passes through, as in HotSpot.
  g.glue = { kind: 'V', resumePc: -1, base: -1, onReturn: () => next(), onThrow: (e) => e };
  try {
    next();
  } catch (x) {
    if (x === PENDING || x === BLOCK) return null;
    throw x;
  }
  return null;
}

// Java exceptions created by the VM (NullPointerException, ArithmeticException, ...) and the
// backtraces of all throwables. VM-created exceptions do not run a constructor: the fields a
// Throwable constructor sets are set directly (detailMessage, cause = this, stackTrace =
// UNASSIGNED_STACK, suppressedExceptions = SUPPRESSED_SENTINEL) and the backtrace is filled in
// from the thread's frames.

import { InitState, instantiate, type JClass, type JMethod } from './klass';
import type { JObject } from './object';
import type { JThread } from './thread';
import type { VmError } from './signals';
import type { VM } from './vm';
import { isHiddenFrame, isTrampoline } from './invoke/frames';

/** What Throwable.backtrace holds: the frames at creation, top first. */
export interface Backtrace {
  methods: JMethod[];
  pcs: number[];
  /** The top frame was hidden (a LambdaForm, an invoker): HotSpot then gives no helpful NPE message. */
  hiddenTop?: boolean;
}

export function isBacktrace(o: unknown): o is Backtrace {
  return typeof o === 'object' && o !== null && Array.isArray((o as Backtrace).methods) && Array.isArray((o as Backtrace).pcs);
}

/** Marks exception classes initialised when neither they nor their supers need <clinit>. */
function ensureInitializedNoCode(k: JClass): void {
  const chain: JClass[] = [];
  for (let c: JClass | null = k; c && c.state !== InitState.Initialized; c = c.superclass) chain.push(c);
  if (chain.some((c) => c.declared.has('<clinit>()V'))) return;
  for (const c of chain) c.state = InitState.Initialized;
}

const TRACE = !!process.env.KOMORIUM_TRACE_EXCEPTIONS;

export function materialize(vm: VM, t: JThread, e: VmError): JObject {
  const k = vm.classes.loadBoot(e.className);
  const o = newThrowable(vm, t, k, e.message, e.cause);
  if (TRACE) vm.reportFailure(`[vm exception] ${vm.describeThrowable(o)}`);
  return o;
}

/** A throwable of class `k` as its (message[, cause]) constructor would make it. */
export function newThrowable(vm: VM, t: JThread, k: JClass, message: string | null, cause: JObject | null): JObject {
  ensureInitializedNoCode(k);
  const o = instantiate(k) as JObject & Record<string, unknown>;
  o.detailMessage = message === null ? null : vm.newString(message);
  o.cause = cause ?? o;
  o.stackTrace = vm.getStatic('java/lang/Throwable', 'UNASSIGNED_STACK');
  o.suppressedExceptions = vm.getStatic('java/lang/Throwable', 'SUPPRESSED_SENTINEL');
  fillInStackTrace(vm, t, o, false);
  if ('extendedMessageState' in o) o.extendedMessageState = 1;
  return o;
}

/** HotSpot's MaxJavaStackTraceDepth: a backtrace keeps the innermost 1,024 frames. */
const MAX_JAVA_STACK_TRACE_DEPTH = 1024;

/**
 * Records the thread's frames in `exc.backtrace` (Throwable.fillInStackTrace), at most
 * MAX_JAVA_STACK_TRACE_DEPTH of them. When called from Java (`fromJava`), the frames of
 * fillInStackTrace itself and of the exception's constructors are skipped, as HotSpot does.
 * Frames of hidden classes are never shown.
 */
export function fillInStackTrace(vm: VM, t: JThread, exc: JObject, fromJava: boolean): void {
  const methods: JMethod[] = [];
  const pcs: number[] = [];
  let skipping = fromJava;
  let hiddenTop = false;
  for (let d = t.depth; d >= 0 && methods.length < MAX_JAVA_STACK_TRACE_DEPTH; d--) {
    const f = t.frames[d];
    const m = f.m;
    if (m === null) continue;
    if (skipping) {
      if (m.name === 'fillInStackTrace' && m.klass.supers.has(vm.classes.loadBoot('java/lang/Throwable'))) continue;
      if (m.name === '<init>' && exc.klass.supers.has(m.klass) && t.r[f.lp] === exc) continue;
      skipping = false;
    }
    if (isHiddenFrame(m) || isTrampoline(m)) {
      if (methods.length === 0) hiddenTop = true;
      continue;
    }
    methods.push(m);
    pcs.push(f.pc);
  }
  const o = exc as JObject & Record<string, unknown>;
  const bt: Backtrace = hiddenTop ? { methods, pcs, hiddenTop } : { methods, pcs };
  o.backtrace = bt;
  o.depth = methods.length;
}

/** InternalError for a JS error inside the VM, naming the method and pc. */
export function internalErrorFrom(vm: VM, e: unknown, m: JMethod, pc: number): JObject {
  const err = e as Error;
  const msg = `embedded JVM internal error at ${m}, pc ${pc}: ${err?.stack ?? String(e)}`;
  const t = vm.current as JThread;
  return newThrowable(vm, t, vm.classes.loadBoot('java/lang/InternalError'), msg, null);
}

/** A ClassNotFoundException from loadClass during resolution becomes NoClassDefFoundError. */
export function wrapLoadFailure(vm: VM, t: JThread, exc: JObject, name: string): JObject {
  const cnfe = vm.classes.loadBoot('java/lang/ClassNotFoundException');
  if (exc.klass.supers.has(cnfe)) return newThrowable(vm, t, vm.classes.loadBoot('java/lang/NoClassDefFoundError'), name, exc);
  return exc;
}

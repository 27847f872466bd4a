// Class initialisation (JVMS 5.5) with glue frames: superclass (and superinterfaces that
// declare default methods) first, then static constants and <clinit>. A failure marks the
// class erroneous and throws ExceptionInInitializerError (unless the cause is an Error);
// later uses throw NoClassDefFoundError "Could not initialize class X".

import { Tag } from '../classfile/model';
import { InitState, type JClass, type JMethod } from './klass';
import type { JObject } from './object';
import { BLOCK, PENDING, VmError } from './signals';
import { ThreadState, type JThread } from './thread';
import { enterMethod, pushGlue } from './calls';
import { isAssignable } from './ops';
import { linkVerify } from './verify-link';
import { failInJava, initializationErrorText } from './init-failure';
import type { VM } from './vm';

/** Initialises `k`; returns when it is (or is being, by this thread) initialised. */
export function initialize(vm: VM, t: JThread, k: JClass): void {
  if (k.state === InitState.Initialized) return;
  const resumePc = t.depth >= 0 ? t.frames[t.depth].pc : 0;
  const r = begin(vm, t, k, resumePc, undefined);
  if (r === PENDING) throw PENDING;
}

/** For natives: initialise `k`, then `then()`; its result completes the native. */
export function initializeThen(vm: VM, t: JThread, k: JClass, then: () => unknown): unknown {
  if (k.state === InitState.Initialized || (k.state === InitState.Initializing && k.initThread === t)) return then();
  const depth = t.depth;
  let r: unknown;
  try {
    r = begin(vm, t, k, -1, then);
  } catch (e) {
    // Another thread initialises `k` (JVMS 5.5 step 2): the native waits. Its frame is still on
    // top (no glue pushed yet), so the scheduler resumes it through this continuation, which
    // tries again once that thread has finished (or failed).
    const top = t.depth >= 0 ? t.frames[t.depth].m : null;
    if (e === BLOCK && t.depth === depth && top !== null && top.code === null) {
      t.pendingNative = {
        resume: () => {
          t.pendingNative = null;
          return initializeThen(vm, t, k, then);
        },
      };
    }
    throw e;
  }
  if (r === PENDING) throw PENDING;
  return r;
}

function checkState(vm: VM, t: JThread, k: JClass): 'done' | 'start' {
  switch (k.state) {
    case InitState.Initialized:
      return 'done';
    case InitState.Initializing:
      if (k.initThread === t) return 'done';
      // Another thread is initialising it: wait, then retry the instruction.
      t.state = ThreadState.Waiting;
      let w = vm.initWaiters.get(k);
      if (!w) vm.initWaiters.set(k, (w = []));
      w.push(t);
      throw BLOCK;
    case InitState.Erroneous:
      throw new VmError('java/lang/NoClassDefFoundError', `Could not initialize class ${k.javaName}`, k.initFailure);
    default:
      return 'start';
  }
}

function wake(vm: VM, k: JClass): void {
  const w = vm.initWaiters.get(k);
  if (!w) return;
  vm.initWaiters.delete(k);
  for (const t of w) if (t.state === ThreadState.Waiting) t.state = ThreadState.Runnable;
}

function hasDefaults(i: JClass): boolean {
  return i.methods.some((m) => !m.isAbstract && !m.isStatic);
}

/**
 * Starts initialising `k` on `t`. Returns PENDING when frames were pushed, otherwise the
 * result of `then` (or undefined) after initialising synchronously.
 */
function begin(vm: VM, t: JThread, k: JClass, resumePc: number, then: (() => unknown) | undefined): unknown {
  if (checkState(vm, t, k) === 'done') return then ? then() : undefined;
  // Linking: verification first (its supertypes too); a class it needs may be loaded first.
  if (!k.verified) linkVerify(vm, t, k, resumePc, then ? 'L' : 'V', () => begin(vm, t, k, resumePc, then));
  k.state = InitState.Initializing;
  k.initThread = t;
  const steps: (JClass | 'clinit')[] = [];
  if (!k.isInterface) {
    if (k.superclass && k.superclass.state !== InitState.Initialized) steps.push(k.superclass);
    for (const s of k.supers) if (s.isInterface && s.state !== InitState.Initialized && hasDefaults(s)) steps.push(s);
  }
  const clinit = k.declared.get('<clinit>()V');
  if (clinit) steps.push('clinit');
  if (steps.length === 0) {
    finish(vm, k);
    return then ? then() : undefined;
  }
  // The glue frame stays below every step; each step's completion calls next().
  const g = pushGlue(t, 16);
  // After the class is initialised, `then` may itself call into Java (a native continuing):
  // its result then passes through this glue unchanged.
  let finished = false;
  const next = (): unknown => {
    for (;;) {
      const s = steps[0];
      if (s === undefined) {
        finish(vm, k);
        finished = true;
        return then ? then() : undefined;
      }
      if (s === 'clinit') {
        steps.shift();
        enterMethod(vm, t, clinit as JMethod, g.sp);
        return PENDING;
      }
      if (s.state === InitState.Initialized || (s.state === InitState.Initializing && s.initThread === t)) {
        steps.shift();
        continue;
      }
      // May block (another thread initialises s): the step stays queued and is retried.
      const r = begin(vm, t, s, -1, undefined);
      steps.shift();
      if (r === PENDING) return PENDING;
    }
  };
  g.glue = {
    kind: then ? 'L' : 'V',
    resumePc,
    base: -1,
    onReturn: (v) => (finished ? v : next()),
    // After the boot HotSpot's handling runs Java code (init-failure.ts): frames pushed above
    // this glue, which then throws; unwinding stops here meanwhile (null).
    onThrow: (exc: JObject) => (failInJava(vm, t, g, exc, (recorded, thrown) => markFailed(vm, k, recorded, thrown)) ? null : fail(vm, t, k, exc)),
  };
  const r = next();
  if (r === PENDING) return PENDING;
  // Completed without running Java code: drop the glue frame.
  t.depth--;
  return r;
}

function finish(vm: VM, k: JClass): void {
  k.state = InitState.Initialized;
  k.initThread = null;
  wake(vm, k);
}

/** The error recorded for later NoClassDefFoundErrors (see JClass.initFailure). */
function initializationFailure(vm: VM, t: JThread, exc: JObject): JObject {
  const o = exc as JObject & Record<string, unknown>;
  const e = vm.newThrowable(t, 'java/lang/ExceptionInInitializerError', initializationErrorText(vm, t, exc)) as JObject & Record<string, unknown>;
  e.backtrace = o.backtrace;
  e.depth = o.depth;
  e.stackTrace = o.stackTrace;
  return e;
}

function markFailed(vm: VM, k: JClass, recorded: JObject, thrown: JObject): void {
  k.state = InitState.Erroneous;
  k.initThread = null;
  k.initFailure = recorded;
  k.initError = thrown;
  wake(vm, k);
}

function fail(vm: VM, t: JThread, k: JClass, exc: JObject): JObject {
  k.state = InitState.Erroneous;
  k.initThread = null;
  k.initFailure = initializationFailure(vm, t, exc);
  wake(vm, k);
  const error = vm.classes.loadBoot('java/lang/Error');
  if (isAssignable(exc.klass, error)) {
    k.initError = exc;
    return exc;
  }
  const eiie = vm.newThrowable(t, 'java/lang/ExceptionInInitializerError', null, exc);
  (eiie as unknown as Record<string, unknown>).exception = exc;
  k.initError = eiie;
  return eiie;
}

/**
 * Static fields with a ConstantValue attribute get their value when the class is loaded, as
 * HotSpot sets them when it makes the mirror (java_lang_Class::create_mirror,
 * initialize_static_field): before initialisation, so Unsafe (staticFieldBase/Offset) reads
 * them in a class not yet initialised. vm.onClassLoaded calls it for every defined class.
 */
export function setConstantStatics(vm: VM, k: JClass): void {
  for (const f of k.fields) {
    const c = f.constantValue;
    if (!f.isStatic || c === undefined) continue;
    let v: unknown;
    switch (c.tag) {
      case Tag.Integer:
        v = c.value | 0;
        break;
      case Tag.Float: {
        const dv = new DataView(new ArrayBuffer(4));
        dv.setInt32(0, c.bits);
        v = dv.getFloat32(0);
        break;
      }
      case Tag.Long: {
        const b = BigInt.asIntN(64, c.value);
        v = b >= -9007199254740991n && b <= 9007199254740991n ? Number(b) : b;
        break;
      }
      case Tag.Double: {
        const dv = new DataView(new ArrayBuffer(8));
        dv.setBigInt64(0, BigInt.asIntN(64, c.bits));
        v = dv.getFloat64(0);
        break;
      }
      case Tag.String: {
        const s = k.cp[c.stringIndex];
        v = vm.intern(s && s.tag === Tag.Utf8 ? s.value : '');
        break;
      }
      default:
        continue;
    }
    k.staticValues[f.slot] = v;
  }
}

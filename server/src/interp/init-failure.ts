// A failed class initialisation (JVMS 5.5 steps 7, 10 and 11) after the boot, as HotSpot handles
// it (InstanceKlass::initialize_impl, JDK 17 and 25): before it marks the class erroneous,
// `add_initialization_error` records the error that later NoClassDefFoundErrors take as their
// cause (java_lang_Throwable::create_initialization_error): a new
// ExceptionInInitializerError("Exception <class>[: <detailMessage>] [in thread "<name>"]") made
// by Exceptions::new_exception (the class initialised, `<init>(String)` run), then a Java call
// of the original throwable's `getStackTrace()`, whose result becomes the new error's stack
// trace (its backtrace cleared). Then the class is marked erroneous and, unless the original is
// an Error, HotSpot throws `new ExceptionInInitializerError(original)` (THROW_ARG: the
// `<init>(Throwable)` constructor). All of that is JDK code, counted with the JDK instrumented;
// the embedded engine set the fields without running any (init.ts, before the boot still so).
// Here it runs in frames above the initialisation's glue frame; the last step throws.

import { InitState, instantiate, type JMethod } from './klass';
import type { JObject } from './object';
import { enterMethod, placeArgs } from './calls';
import { initialize } from './init';
import { isAssignable } from './ops';
import { BLOCK, JavaThrow, PENDING } from './signals';
import type { Frame, Glue, JThread } from './thread';
import type { VM } from './vm';

const EIIE = 'java/lang/ExceptionInInitializerError';

/** The message of the recorded initialisation error (java_lang_Throwable::create_initialization_error). */
export function initializationErrorText(vm: VM, t: JThread, exc: JObject): string {
  const msg = (exc as JObject & Record<string, unknown>).detailMessage as JObject | null;
  const tname = (t.jthread as (JObject & Record<string, unknown>) | null)?.name as JObject | null | undefined;
  const thread = tname ? vm.jsString(tname) : t.name;
  return `Exception ${exc.klass.javaName}${msg !== null && msg !== undefined ? `: ${vm.jsString(msg)}` : ''} [in thread "${thread}"]`;
}

/**
 * Starts HotSpot's handling of `k`'s failed initialisation in Java frames above the glue frame
 * `g` (on top of `t`): true when frames were pushed or the thread waits (the glue now runs the
 * steps and finally throws; unwinding stops), false when it cannot be done in Java (the caller
 * fails the class as before). `done(recorded, thrown)` marks the failed class erroneous.
 */
export function failInJava(vm: VM, t: JThread, g: Frame, exc: JObject, done: (recorded: JObject, thrown: JObject) => void): boolean {
  if (!vm.booted) return false;
  const eiie = vm.classes.loadBoot(EIIE);
  const withText = eiie.declared.get('<init>(Ljava/lang/String;)V');
  const withCause = eiie.declared.get('<init>(Ljava/lang/Throwable;)V');
  const getStackTrace = exc.klass.vmap.get('getStackTrace()[Ljava/lang/StackTraceElement;');
  if (!withText?.code || !withCause?.code || !getStackTrace?.code) return false;
  const isError = isAssignable(exc.klass, vm.classes.loadBoot('java/lang/Error'));
  const text = vm.newString(initializationErrorText(vm, t, exc));
  let stage: 'init' | 'record' | 'trace' | 'mark' | 'wrap' | 'throw' = 'init';
  let recorded: JObject | null = null;
  let thrown: JObject = exc;
  const call = (m: JMethod, args: readonly unknown[]): typeof PENDING => {
    t.ensureSlots(g.sp + m.argSlots + 16);
    placeArgs(t, g.sp, m, args);
    enterMethod(vm, t, m, g.sp);
    return PENDING;
  };
  const next = (value: unknown): unknown => {
    switch (stage) {
      case 'init':
        // May push <clinit> frames (back here when they return) or block (retried here).
        if (eiie.state !== InitState.Initialized) initialize(vm, t, eiie);
        stage = 'record';
        return next(undefined);
      case 'record':
        stage = 'trace';
        recorded = instantiate(eiie);
        return call(withText, [recorded, text]);
      case 'trace':
        stage = 'mark';
        return call(getStackTrace, [exc]);
      case 'mark': {
        const r = recorded as JObject & Record<string, unknown>;
        r.stackTrace = value;
        r.backtrace = null;
        if (isError) {
          stage = 'throw';
          done(r, exc);
          throw new JavaThrow(exc);
        }
        stage = 'wrap';
        thrown = instantiate(eiie);
        done(r, thrown);
        return call(withCause, [thrown, exc]);
      }
      default:
        stage = 'throw';
        throw new JavaThrow(thrown);
    }
  };
  const glue: Glue = {
    kind: 'V',
    resumePc: -1,
    base: -1,
    onReturn: (v) => next(v),
    // An exception of a step, and the final throw, pass through.
    onThrow: (e) => e,
  };
  g.glue = glue;
  try {
    next(undefined);
  } catch (x) {
    if (x === PENDING || x === BLOCK) return true;
    throw x;
  }
  return true;
}

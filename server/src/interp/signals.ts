// Control-flow signals of the embedded JVM. They are thrown (as JS exceptions) from deep inside
// resolution, natives or helpers and caught by the interpreter loop, which then reloads the
// state of the thread's top frame.

import type { JObject } from './object';

/** Frames were pushed (an upcall into Java: class init, class loading, a native's callback). */
export const PENDING: unique symbol = Symbol('PENDING');
/** The thread blocked (monitor, wait, sleep, park, I/O): the scheduler must switch. */
export const BLOCK: unique symbol = Symbol('BLOCK');
/** The VM is exiting (System.exit / halt / cancellation): unwind everything. */
export const EXIT: unique symbol = Symbol('EXIT');

export type Signal = typeof PENDING | typeof BLOCK | typeof EXIT;

/** A Java exception in flight. */
export class JavaThrow {
  constructor(readonly exc: JObject) {}
}

export function isSignal(e: unknown): e is Signal {
  return e === PENDING || e === BLOCK || e === EXIT;
}

/**
 * A Java exception the VM is about to throw, not created yet: the interpreter creates the
 * object (and fills in its stack trace) once the current frame's pc is saved.
 */
export class VmError {
  constructor(
    /** Internal class name, e.g. java/lang/NullPointerException. */
    readonly className: string,
    readonly message: string | null,
    /** The cause to record (Throwable.cause), if any. */
    readonly cause: JObject | null = null,
  ) {}
}

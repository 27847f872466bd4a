// The launch's steps (boot.ts) run host code between their Java calls: a call's continuation,
// the work at a time-slice boundary (the boot snapshot's, the restore's re-application of the
// program's inputs). An internal error (VmError), a Java exception or a host error thrown there
// used to end the main thread silently: the JDK's daemon threads were left waiting and the run
// was reported as "the program hangs: Reference Handler waiting ...". The guard ends the launch
// with an error that names the step and the exception instead (exit status 1); once the JDK has
// booted, the shutdown hooks run first, so the profile keeps the samples gathered so far.

import type { VM } from './vm';
import type { Scheduler } from './scheduler';
import { CancelledError } from './scheduler';
import { isSignal, JavaThrow, VmError } from './signals';

/**
 * Tests (KOMORIUM_BOOT_FAULT=<step>): the step whose continuation throws an internal error, a
 * method the launch calls (initPhase1, initPhase3, checkAndLoadMain, setProperty, ...) or `main`
 * (after the program's main returned).
 */
const BOOT_FAULT = process.env.KOMORIUM_BOOT_FAULT ?? '';

/** Throws the injected internal error when `step` is KOMORIUM_BOOT_FAULT's. */
export function injectedBootFault(step: string): void {
  if (BOOT_FAULT === step) throw new VmError('java/lang/InternalError', `injected boot fault after ${step} (KOMORIUM_BOOT_FAULT)`);
}

/** An error thrown by host code of a launch step, described with its Java class when it has one. */
export function describeHostError(vm: VM, e: unknown): string {
  if (e instanceof VmError) return `${e.className.replace(/\//g, '.')}${e.message !== null ? `: ${e.message}` : ''}`;
  if (e instanceof JavaThrow) return vm.describeThrowable(e.exc);
  if (e instanceof Error) return `${e.name}: ${e.message}${e.stack !== undefined ? ` (${e.stack.split('\n')[1]?.trim() ?? ''})` : ''}`;
  return String(e);
}

export interface LaunchGuard {
  /** Runs `fn`, the host code of the launch step `what`; what it throws ends the launch (see above). */
  run(what: string, fn: () => void): void;
  /** A step's Java call threw (boot.ts bootFailure, which reported it): the launch's failure. */
  failed(message: string): void;
  /** The error that ended the launch, or null. */
  readonly failure: string | null;
}

/** The guard of one launch; `launcher()`: true once the launcher's steps began (the JDK booted). */
export function launchGuard(vm: VM, sched: Scheduler, launcher: () => boolean): LaunchGuard {
  let failure: string | null = null;
  return {
    get failure() {
      return failure;
    },
    failed(message) {
      failure ??= message;
    },
    run(what, fn) {
      try {
        fn();
      } catch (e) {
        if (isSignal(e) || e instanceof CancelledError || failure !== null) throw e;
        failure = `internal error in the ${launcher() ? "launcher's" : 'boot'} step ${what}: ${describeHostError(vm, e)}`;
        vm.reportFailure(`Error: the embedded JVM failed: ${failure}`);
        if (!sched.shutdownAfterFailure(1)) vm.exitCode = 1;
      }
    },
  };
}

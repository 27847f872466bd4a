// The embedded JVM's clock, in one of two modes (VmOptions.clock, `komorium run --clock`):
//
// - real (the default): System.nanoTime and currentTimeMillis follow the host's clocks, and
//   sleeps, timed waits and timed parks last real time (the scheduler idles on a timer while
//   every thread sleeps). Programs with timeouts, polling or rate limits behave as on java.
// - virtual: time advances 1 ns per bytecode executed and jumps to the next wake-up when every
//   thread sleeps (or every runnable thread only spins in Thread.yield), so a run that reads the
//   clock is reproducible: the same bytecode counts and samples every time.
//
// The scheduler's round robin never depends on the clock (threads switch every QUANTUM
// bytecodes), so a program that neither reads the time nor waits with a timeout runs the same
// way in both modes. Deadlines (JThread.wakeAt) are in the nanoTime scale of the mode.
//
// While the JDK boots, the clock is virtual in both modes: the boot reads it (the salt of
// Set.of/Map.of iteration order is System.nanoTime() in ImmutableCollections.<clinit>), and a
// real value there would change the bytecodes the boot executes from run to run. Real time
// takes over, continuing from the virtual nanoTime, at the first reading after initPhase3.

import type { VM } from './vm';

/**
 * Debugging and tests: with the real clock, nanoTime (and so sleeps and timed waits) runs this
 * many times as fast as the host's clock (`KOMORIUM_REAL_CLOCK_RATE`, default 1), so that a test
 * can see what a minute of wall time does in a run of a second (test/unit/interp-determinism).
 */
const REAL_RATE = Math.max(1, Number(process.env.KOMORIUM_REAL_CLOCK_RATE) || 1);

export type ClockMode = 'real' | 'virtual';

/** True when time is real now (real clock, JDK booted). */
export function realTime(vm: VM): boolean {
  return vm.realClock && vm.booted;
}

/** System.nanoTime(): ns since an arbitrary origin (virtual: the bytecodes executed plus jumps). */
export function nanoTime(vm: VM): number {
  if (!vm.realClock || !vm.booted) return vm.clockNs;
  if (vm.realBase < 0) {
    vm.realBase = performance.now();
    vm.nanoBase = vm.clockNs;
  }
  return vm.nanoBase + Math.floor((performance.now() - vm.realBase) * 1e6 * REAL_RATE);
}

/** System.currentTimeMillis(). */
export function currentTimeMillis(vm: VM): number {
  return realTime(vm) ? Date.now() : vm.startMillis + Math.floor(vm.clockNs / 1e6);
}

/** Nanoseconds since the epoch (jdk.internal.misc.VM.getNanoTimeAdjustment, Instant.now()). */
export function epochNanos(vm: VM): number {
  return realTime(vm) ? Date.now() * 1e6 : vm.startMillis * 1e6 + vm.clockNs;
}

/** The deadline (in nanoTime's scale) `ns` nanoseconds from now. */
export function deadlineIn(vm: VM, ns: number): number {
  return nanoTime(vm) + ns;
}

// Waiting for the host: a Java thread blocked on something outside the VM (a subprocess's pipe,
// its exit) parks in the scheduler, which polls the condition between time slices (at most
// every POLL_MS of real time) and, when no thread can run, idles a few milliseconds between
// polls instead of spinning. Pollers (the pumps copying an inherited child's output to the
// program's stdout and stderr) are polled the same way until they finish.
//
// With the virtual clock, time spent idle waiting for the host passes on the clock as real time
// (capped at the next timed wake-up), so `process.waitFor(5, SECONDS)` waits for the child
// instead of timing out at once; a program that starts subprocesses is not reproducible anyway.

import { BLOCK } from './signals';
import { ThreadState, type JThread } from './thread';
import type { VM } from './vm';
import { deadlineIn, nanoTime } from './clock';

/** Shortest real time between two polls while threads run (ms). */
const POLL_MS = 1;
/** Longest idle wait between polls when every thread waits (ms). */
const MAX_IDLE_POLL_MS = 10;

export class HostWaits {
  /** Threads parked until their condition holds. */
  readonly waiters = new Map<JThread, () => boolean>();
  /** Background work polled until it returns false. */
  readonly pollers = new Set<() => boolean>();
  private last = 0;
  private idleMs = 1;

  get active(): boolean {
    return this.waiters.size > 0 || this.pollers.size > 0;
  }

  /** Polls every poller and waiter (at most every POLL_MS unless `force`). */
  poll(force: boolean): void {
    const now = performance.now();
    if (!force && now - this.last < POLL_MS) return;
    this.last = now;
    for (const p of this.pollers) if (!p()) this.pollers.delete(p);
    for (const [t, ready] of this.waiters) {
      if (!ready()) continue;
      this.waiters.delete(t);
      this.idleMs = 1;
      if (t.state === ThreadState.Waiting || t.state === ThreadState.TimedWaiting) t.state = ThreadState.Runnable;
    }
  }

  /**
   * No thread can run but some wait for the host: sleep a little (backing off up to
   * MAX_IDLE_POLL_MS, never past `deadline` on the real clock), then poll. Returns the real
   * time slept (ms).
   */
  idle(sleep: (ms: number) => void, untilDeadlineMs: number): number {
    const ms = Math.max(0, Math.min(this.idleMs, untilDeadlineMs));
    this.idleMs = Math.min(MAX_IDLE_POLL_MS, this.idleMs * 2);
    const t0 = performance.now();
    if (ms > 0) sleep(ms);
    this.poll(true);
    return performance.now() - t0;
  }
}

/**
 * Runs `attempt` now; when it has no result yet (null), parks the thread until `ready()` and
 * tries again (then `finish` with the result). `timeoutMs` > 0: gives up with `onTimeout()`
 * after that long; the thread is RUNNABLE to Thread.getState() meanwhile (in a system call on
 * HotSpot).
 */
export function waitForHost<R>(vm: VM, t: JThread, attempt: () => R | null, ready: () => boolean, finish: (r: R) => unknown, timeoutMs = -1, onTimeout: () => unknown = () => undefined): unknown {
  const first = attempt();
  if (first !== null) return finish(first);
  const deadline = timeoutMs > 0 ? deadlineIn(vm, timeoutMs * 1e6) : -1;
  return parkAndRetry(vm, t, attempt, finish, deadline, onTimeout, {
    watch: () => vm.hostWaits.waiters.set(t, ready),
    unwatch: () => vm.hostWaits.waiters.delete(t),
  });
}

/** What a parked thread waits on: `watch` registers it where it is woken, `unwatch` undoes it. */
export interface Watch {
  watch(): void;
  unwatch(): void;
}

/**
 * The wait shared by host waits (waitForHost) and sockets (sun/nio/ch/Net.ts waitFor), after a
 * first `attempt` found no result: parks the thread (`w.watch()`; it is "in I/O", RUNNABLE to
 * Thread.getState(); Waiting, or TimedWaiting until `deadline` on the VM's clock when that is
 * >= 0) and, each time it is woken, `w.unwatch()`s and tries again: `finish` of a result,
 * `onTimeout()` once past the deadline, else parks again.
 */
export function parkAndRetry<R>(vm: VM, t: JThread, attempt: () => R | null, finish: (r: R) => unknown, deadline: number, onTimeout: () => unknown, w: Watch): never {
  const park = (): never => {
    w.watch();
    t.inIo = true;
    if (deadline >= 0) {
      t.state = ThreadState.TimedWaiting;
      t.wakeAt = deadline;
    } else t.state = ThreadState.Waiting;
    throw BLOCK;
  };
  t.pendingNative = {
    resume: () => {
      w.unwatch();
      t.inIo = false;
      const r = attempt();
      if (r !== null) return finish(r);
      if (deadline >= 0 && nanoTime(vm) >= deadline) return onTimeout();
      return park();
    },
  };
  return park();
}

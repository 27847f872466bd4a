// The Java threads HotSpot starts for itself that a program can see: the Signal Dispatcher and
// the Notification Thread (Thread.getAllStackTraces, ThreadGroup.enumerate, Thread.getThreads).
// HotSpot makes each with the Thread(ThreadGroup, String) constructor in the system group (JDK
// 17: and ThreadGroup.add), then sets priority 9 (NearMaxPriority), daemon and RUNNABLE; they
// run native code only, so they have no Java frames and never end. Here they are Thread objects
// without a green thread: alive, RUNNABLE, with an empty stack, never scheduled. Between them
// HotSpot makes threads hidden from Java (Service Thread, Monitor Deflation Thread, the compiler
// threads, JDK 17's Sweeper), whose ids are skipped, so that later threads get java's ids (JDK
// 17: Signal Dispatcher 4, Notification Thread 10, Common-Cleaner 11, the program's first
// thread 12; JDK 25: 14, 19, 20 and 21).

import type { JObject } from './object';
import type { VM } from './vm';
import { threadHolder } from './natives/java/lang/Thread';
import { setField } from './natives/util';

/** HotSpot's NearMaxPriority. */
const NEAR_MAX_PRIORITY = 9;
/** eetop of these threads: non-zero (alive), unlike any green thread's id. */
const EETOP = 0x7fff0000;

/** The steps that make the threads: `construct(name, then)` runs Thread(systemGroup, name) (JDK 17: and systemGroup.add). */
export interface HotSpotThreadSteps {
  construct(name: string, then: (thread: JObject) => void): void;
  skipIds(n: number): void;
}

/** Makes the Signal Dispatcher and the Notification Thread, with the ids between them skipped; then `done`. */
export function startHotSpotThreads(vm: VM, s: HotSpotThreadSteps, done: () => void): void {
  // JDK 17: Service Thread, Monitor Deflation Thread, C2, C1, Sweeper; JDK 25: the same but the Sweeper.
  const hidden = vm.opts.jdk.feature >= 19 ? 4 : 5;
  s.construct('Signal Dispatcher', (sd) => {
    register(vm, sd);
    s.skipIds(hidden);
    s.construct('Notification Thread', (nt) => {
      register(vm, nt);
      done();
    });
  });
}

function register(vm: VM, t: JObject): void {
  const h = threadHolder(vm, t);
  if (h.obj !== null) {
    setField(vm, h.obj, h.cls, 'priority', NEAR_MAX_PRIORITY);
    setField(vm, h.obj, h.cls, 'daemon', 1);
    setField(vm, h.obj, h.cls, 'threadStatus', 5); // RUNNABLE
  }
  setField(vm, t, 'java/lang/Thread', 'eetop', EETOP);
  vm.hotSpotThreads.push(t);
}

/** The HotSpot threads made so far (alive for the whole run). */
export function hotSpotThreads(vm: VM): readonly JObject[] {
  return vm.hotSpotThreads;
}

export function isHotSpotThread(vm: VM, t: JObject): boolean {
  return vm.hotSpotThreads.includes(t);
}

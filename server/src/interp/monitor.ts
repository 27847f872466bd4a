// Object monitors for green threads: enter/exit with recursion, wait/notify, and blocking.
// A thread that cannot enter is Blocked and queued; it retries the instruction when woken, so
// acquisition order is decided by the deterministic scheduler.

import type { JObject } from './object';
import { ThreadState, type JThread } from './thread';

export class Monitor {
  constructor(readonly obj: JObject) {}
  owner: JThread | null = null;
  /** The owner's frame depth when it acquired the monitor (deadlock reports). */
  depth = -1;
  count = 0;
  /** Threads blocked trying to enter. */
  readonly entrants: JThread[] = [];
  /** Threads in wait(), in arrival order. */
  readonly waiters: JThread[] = [];
}

export function monitorOf(o: JObject): Monitor {
  let m = o.mon;
  if (m === null) {
    m = new Monitor(o);
    o.mon = m;
  }
  return m;
}

/** Tries to enter; false means the thread is now Blocked on the monitor. */
export function enter(t: JThread, o: JObject): boolean {
  const m = monitorOf(o);
  if (m.owner === null) {
    m.owner = t;
    m.count = 1;
    m.depth = t.depth;
    t.held.push(m);
    return true;
  }
  if (m.owner === t) {
    m.count++;
    return true;
  }
  t.state = ThreadState.Blocked;
  t.waitingOn = m;
  if (!m.entrants.includes(t)) m.entrants.push(t);
  return false;
}

/**
 * Enters when that does not block (the monitor is free or `t`'s), else changes nothing and
 * returns false: compiled code then leaves to the interpreter, whose monitorenter blocks.
 */
export function tryEnter(t: JThread, o: JObject): boolean {
  const m = o.mon;
  if (m !== null && m.owner !== null && m.owner !== t) return false;
  return enter(t, o);
}

/** Exits once; false if the thread does not own the monitor (IllegalMonitorStateException). */
export function exit(t: JThread, o: JObject): boolean {
  const m = o.mon;
  if (m === null || m.owner !== t) return false;
  if (--m.count === 0) {
    m.owner = null;
    release(t, m);
    wakeEntrant(m);
  }
  return true;
}

/** Removes `m` from the monitors `t` holds (usually the last one taken). */
function release(t: JThread, m: Monitor): void {
  const h = t.held;
  for (let i = h.length - 1; i >= 0; i--) {
    if (h[i] === m) {
      h.splice(i, 1);
      return;
    }
  }
}

function wakeEntrant(m: Monitor): void {
  const next = m.entrants.shift();
  if (next !== undefined && next.state === ThreadState.Blocked) {
    next.state = ThreadState.Runnable;
    next.waitingOn = null;
  }
}

export function owns(t: JThread, o: JObject): boolean {
  return o.mon !== null && o.mon.owner === t;
}

/** Releases the monitor completely and puts `t` in its wait set. Caller checked ownership. */
export function beginWait(t: JThread, o: JObject, timed: boolean): void {
  const m = monitorOf(o);
  t.waitCount = m.count;
  t.waitDepth = m.depth;
  m.owner = null;
  m.count = 0;
  release(t, m);
  m.waiters.push(t);
  t.waitingOn = m;
  t.notified = false;
  t.state = timed ? ThreadState.TimedWaiting : ThreadState.Waiting;
  wakeEntrant(m);
}

/**
 * After a wait ended (notify, timeout, interrupt): re-enters the monitor with the saved count.
 * False means the thread is Blocked on it and must call again when woken.
 */
export function reacquire(t: JThread, o: JObject): boolean {
  const m = monitorOf(o);
  const i = m.waiters.indexOf(t);
  if (i >= 0) m.waiters.splice(i, 1);
  if (m.owner === null || m.owner === t) {
    if (m.owner === null) t.held.push(m);
    m.owner = t;
    m.count = t.waitCount;
    m.depth = t.waitDepth;
    t.waitingOn = null;
    return true;
  }
  t.state = ThreadState.Blocked;
  t.waitingOn = m;
  if (!m.entrants.includes(t)) m.entrants.push(t);
  return false;
}

export function notify(o: JObject, all: boolean): void {
  const m = o.mon;
  if (m === null) return;
  while (m.waiters.length > 0) {
    const w = m.waiters.shift() as JThread;
    w.notified = true;
    if (w.state === ThreadState.Waiting || w.state === ThreadState.TimedWaiting) w.state = ThreadState.Runnable;
    if (!all) break;
  }
}

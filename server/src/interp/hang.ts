// The report printed when no thread of the program can ever run again (scheduler.ts): a
// Java-level deadlock (threads waiting in a cycle for monitors or ownable synchronizers such as
// ReentrantLock), or threads waiting in Object.wait() / LockSupport.park() that no thread is
// left to wake. Shaped like jstack's "Found one Java-level deadlock" section, with each thread's
// stack, the monitors it holds and the one it wants.

import type { JClass } from './klass';
import type { JObject } from './object';
import { JThread, ThreadState } from './thread';
import type { VM } from './vm';
import { threadHolder } from './natives/java/lang/Thread';
import { isHiddenFrame, isTrampoline } from './invoke/frames';

export interface HangReport {
  /** The report for stderr (ends with a newline). */
  text: string;
  /** One line: what was found. */
  summary: string;
}

/** What a stuck thread waits for. */
interface Want {
  kind: 'lock' | 'sync' | 'wait' | 'park' | 'io' | 'other';
  /** The monitor's object, the synchronizer, or the object waited on. */
  obj: JObject | null;
  /** The thread that holds it (lock, sync), or null. */
  owner: JThread | null;
}

function fieldOf(vm: VM, o: JObject, owner: string, name: string): unknown {
  // The field of the named class itself (a subclass may declare its own of the same name).
  let k: JClass | undefined;
  for (const s of o.klass.supers) if (s.name === owner && s.loader === null) k = s;
  if (k === undefined) return undefined;
  try {
    return (o as unknown as Record<string, unknown>)[vm.field(k, name).key];
  } catch {
    return undefined;
  }
}

function wantOf(vm: VM, t: JThread): Want {
  const m = t.waitingOn;
  if (t.state === ThreadState.Blocked && m !== null) return { kind: 'lock', obj: m.obj, owner: m.owner };
  if (m !== null && !t.parked) return { kind: 'wait', obj: m.obj, owner: null };
  if (t.parked && t.jthread !== null) {
    const blocker = fieldOf(vm, t.jthread, 'java/lang/Thread', 'parkBlocker') as JObject | null | undefined;
    if (blocker) {
      const ownerObj = fieldOf(vm, blocker, 'java/util/concurrent/locks/AbstractOwnableSynchronizer', 'exclusiveOwnerThread') as JObject | null | undefined;
      // An ownable synchronizer (ReentrantLock, a write lock) that a thread holds.
      const owner: unknown = ownerObj ? vm.threadOf(ownerObj) : undefined;
      if (owner instanceof JThread) return { kind: 'sync', obj: blocker, owner };
    }
    return { kind: 'park', obj: blocker ?? null, owner: null };
  }
  if (t.inIo) return { kind: 'io', obj: null, owner: null };
  return { kind: 'other', obj: null, owner: null };
}

/** "<0x1b6d3586> (a java.lang.Object)": the identity hash stands in for jstack's address. */
function describe(vm: VM, o: JObject): string {
  let what = o.klass.javaName;
  if (o.klass.name === 'java/lang/Class') {
    try {
      what = `java.lang.Class for ${vm.classOfMirror(o).javaName}`;
    } catch {
      // a mirror without a class: keep the plain name
    }
  }
  return `<0x${(vm.identityHash(o) >>> 0).toString(16).padStart(8, '0')}> (a ${what})`;
}

/** A thread of the program: in the main thread group or one below it (not the JDK's own). */
function isProgramThread(vm: VM, t: JThread): boolean {
  const h = t.jthread === null ? null : threadHolder(vm, t.jthread);
  let g = h === null || h.obj === null ? null : (fieldOf(vm, h.obj, h.cls, 'group') as JObject | null | undefined);
  for (let i = 0; g && i < 1000; i++) {
    if (g === vm.mainThreadGroup) return true;
    g = fieldOf(vm, g, 'java/lang/ThreadGroup', 'parent') as JObject | null | undefined;
  }
  return false;
}

function location(vm: VM, k: JClass, native: boolean, line: number): string {
  const mod = k.moduleName ? `${k.moduleName}${k.loader === null || vm.isPlatformLoader(k.loader) ? `@${vm.javaVersion}` : ''}/` : '';
  if (native) return `${mod}Native Method`;
  const src = k.sourceFile;
  if (src === null) return `${mod}Unknown Source`;
  return line > 0 ? `${mod}${src}:${line}` : `${mod}${src}`;
}

/** The thread's Java stack, jstack-style, with the monitors it holds and the one it wants. */
function stackOf(vm: VM, t: JThread, w: Want): string[] {
  const out: string[] = [];
  const frames: number[] = [];
  for (let d = t.depth; d >= 0; d--) {
    const m = t.frames[d].m;
    if (m === null || isHiddenFrame(m) || isTrampoline(m) || m.klass.name === 'komorium/internal/VM') continue;
    frames.push(d);
  }
  // Monitors held, by the frame that took them: a synchronized method's under its own frame,
  // a synchronized block's under the frame that entered it (or the next shown frame below).
  const locked = new Map<number, JObject[]>();
  const add = (d: number, o: JObject): void => {
    let at = frames.find((x) => x <= d);
    if (at === undefined) at = frames[frames.length - 1];
    if (at === undefined) return;
    const l = locked.get(at);
    if (l === undefined) locked.set(at, [o]);
    else if (!l.includes(o)) l.push(o);
  };
  const frameLocks = new Set<JObject>();
  for (const d of frames) {
    const l = t.frames[d].lock;
    if (l !== null) {
      frameLocks.add(l);
      add(d, l);
    }
  }
  const held = t.held.map((m) => ({ obj: m.obj, depth: m.depth }));
  if (w.kind === 'wait' && w.obj !== null) held.push({ obj: w.obj, depth: t.waitDepth });
  for (const h of held) if (!frameLocks.has(h.obj)) add(h.depth, h.obj);
  frames.forEach((d, i) => {
    const f = t.frames[d];
    const m = f.m!;
    out.push(`\tat ${m.klass.javaName}.${m.name}(${location(vm, m.klass, m.code === null, m.code === null ? -2 : m.lineAt(f.pc))})`);
    if (i === 0 && w.obj !== null) {
      if (w.kind === 'lock') out.push(`\t- waiting to lock ${describe(vm, w.obj)}`);
      else if (w.kind === 'wait') out.push(`\t- waiting on ${describe(vm, w.obj)}`);
      else out.push(`\t- parking to wait for  ${describe(vm, w.obj)}`);
    }
    for (const o of locked.get(d) ?? []) out.push(`\t- locked ${describe(vm, o)}`);
  });
  return out;
}

/** The deadlock cycles among `threads` (each listed once, in the order of the first thread met). */
function cycles(threads: JThread[], wants: Map<JThread, Want>): JThread[][] {
  const out: JThread[][] = [];
  const done = new Set<JThread>();
  for (const start of threads) {
    if (done.has(start)) continue;
    const path: JThread[] = [];
    const onPath = new Set<JThread>();
    let cur: JThread | null = start;
    while (cur !== null && !done.has(cur) && !onPath.has(cur)) {
      path.push(cur);
      onPath.add(cur);
      const w = wants.get(cur);
      cur = w !== undefined && (w.kind === 'lock' || w.kind === 'sync') ? w.owner : null;
    }
    if (cur !== null && onPath.has(cur)) out.push(path.slice(path.indexOf(cur)));
    for (const p of path) done.add(p);
  }
  return out;
}

function wantLine(vm: VM, w: Want, threads: Set<JThread>): string[] {
  const owner = w.owner === null ? '' : `"${w.owner.name}"`;
  switch (w.kind) {
    case 'lock':
      return [`  waiting to lock monitor ${describe(vm, w.obj!)},`, `  which is held by ${owner || 'no thread'}`];
    case 'sync':
      return [`  waiting for ownable synchronizer ${describe(vm, w.obj!)},`, w.owner === null ? '  which no thread holds, and no thread is left to wake it' : `  which is held by ${owner}`];
    case 'wait': {
      const joined: unknown = w.obj !== null ? vm.threadOf(w.obj) : undefined;
      if (joined instanceof JThread && joined.state !== ThreadState.Terminated) {
        const why = threads.has(joined) ? 'which is stuck too' : 'which cannot end';
        return [`  waiting in Thread.join() for "${joined.name}" to end,`, `  ${why}`];
      }
      return [`  waiting in Object.wait() on ${describe(vm, w.obj!)},`, '  and no thread is left to notify it'];
    }
    case 'park':
      return [`  parked in LockSupport.park()${w.obj !== null ? ` for ${describe(vm, w.obj)}` : ''},`, '  and no thread is left to unpark it'];
    case 'io':
      return ['  waiting on a socket (accept, read or poll), and no thread is left to connect or write to it'];
    default:
      return ['  waiting, and no thread is left to wake it'];
  }
}

/**
 * The report for a program none of whose threads can run again. `live` are the threads that
 * have not ended (all stuck).
 */
export function hangReport(vm: VM, live: JThread[]): HangReport {
  const wants = new Map<JThread, Want>();
  for (const t of live) wants.set(t, wantOf(vm, t));
  const found = cycles(live, wants);
  const lines: string[] = [];
  const section = (title: string, threads: JThread[]): void => {
    const set = new Set(threads);
    lines.push(title, '='.repeat(title.length - 1));
    threads.forEach((t, i) => lines.push(...(i > 0 ? [''] : []), `"${t.name}":`, ...wantLine(vm, wants.get(t)!, set)));
    lines.push('', 'Java stack information for the threads listed above:', '===================================================');
    for (const t of threads) lines.push(`"${t.name}":`, ...stackOf(vm, t, wants.get(t)!));
    lines.push('');
  };
  if (found.length > 0) {
    for (const c of found) section('Found one Java-level deadlock:', c);
    lines.push(`Found ${found.length} deadlock${found.length > 1 ? 's' : ''}.`, '');
    const names = found.map((c) => c.map((t) => `"${t.name}"`).join(', ')).join('; ');
    return { text: lines.join('\n'), summary: `the program hangs: Java-level deadlock of ${names}` };
  }
  // No cycle: the program's threads wait for something no thread is left to do.
  let stuck = live.filter((t) => isProgramThread(vm, t));
  if (stuck.length === 0) stuck = live;
  section('No thread can run: every thread of the program waits, and no thread is left to wake it:', stuck);
  const what = stuck.map((t) => {
    const w = wants.get(t)!;
    return `"${t.name}" ${w.kind === 'wait' ? 'in Object.wait()' : w.kind === 'park' || w.kind === 'sync' ? 'parked' : w.kind === 'lock' ? 'blocked' : w.kind === 'io' ? 'waiting on a socket' : 'waiting'}`;
  });
  return { text: lines.join('\n'), summary: `the program hangs: ${what.join(', ')}, and no thread is left to wake ${stuck.length > 1 ? 'them' : 'it'}` };
}

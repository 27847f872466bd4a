// The booted VM as bytes and back (boot snapshots, docs/INTERPRETER.md "Boot snapshot").
//
// Taken at the end of the boot (boot.ts: after initPhase3, at a time-slice boundary, before the
// main class is loaded). The state is the VM's object graph: classes (with their parsed class
// files, init states, statics, resolution caches), the Java heap, interned strings, threads
// with their frames and value stacks, monitors, the identity-hash generators, the clock, thread
// ids; beside it the module-level state that outlives a VM object (field/method id counters,
// native memory, java.lang.invoke state). The engine's own objects (classes, fields, methods,
// frames, monitors, threads, Java objects and arrays) are written in positional form and made
// again by their constructors (positional.ts; threads since jit39: restored as V8's plain objects
// with JThread's prototype, their maps were not a constructed thread's, and code optimised
// against one deoptimised on "wrong map" at the other, docs/BENCHMARKS.md part B, jit39); V8's
// serializer writes the rest of the graph (identity and cycles kept), where the few other class
// instances lose their prototypes, so each is listed
// with a tag and gets its prototype back on restore.
//
// Functions cannot be written. Each slot holding one is listed with a rule: JIT code, bound
// natives and instance constructors are made again lazily; a field site's narrowing function
// by name; what a thread's closures did (its bottom glue frame, a blocked native's resume, its
// exit) is rebuilt by the same factories that made them. A function anywhere else makes the
// snapshot impossible (SnapshotUnsupported names it), and the run boots as before.

import { parseMethodDescriptor } from '../../classfile/descriptors';
import v8 from 'node:v8';
import { writeClass } from '../../classfile/writer';
import { JClass, JField, JMethod, klassCounters, restoreKlassCounters, type KlassCounters } from '../klass';
import { hasClassBytes, peekClassBytes, peekCode, peekLines, setLazyClassBytes, setLazyCode, setLazyLines, type LazyMethodArrays } from '../klass-lazy';
import { JArray, JLongArray, JObject, mutableFields } from '../object';
import { Monitor } from '../monitor';
import { ClassTable, LoaderData } from '../classes';
import { Frame, JThread, numericStack } from '../thread';
import { OsRandom } from '../ihash';
import { HostWaits } from '../hostwait';
import { Strings } from '../strings';
import { InvokeState, peekInvokeState, setInvokeState } from '../invoke/state';
import { narrowerByName, narrowerName } from '../resolve';
import { Scheduler, topGlue, type SchedulerState } from '../scheduler';
import type { VM } from '../vm';
import { memory, type MemoryState } from '../natives/jdk/internal/misc/memory';
import { threadOnExit, threadRunCall } from '../natives/java/lang/Thread';
import { waitingForPendingList } from '../natives/java/lang/ref/Reference';
import { waitResume } from '../natives/java/lang/Object';
import { snapshotBlocker as deflaterBlocker } from '../natives/java/util/zip/Deflater';
import { snapshotBlocker as inflaterBlocker } from '../natives/java/util/zip/Inflater';
import { snapshotBlocker as walksBlocker } from '../natives/java/lang/StackStreamFactory';
import { snapshotBlocker as dirsBlocker } from '../natives/sun/nio/fs/UnixNativeDispatcher';
import { snapshotBlocker as pipesBlocker } from '../natives/host/pipes';
import { snapshotBlocker as childrenBlocker } from '../natives/host/children';
import { snapshotBlocker as fdsBlocker } from '../natives/host/fds';
import { programInputs, type ProgramInputs } from './program';
import { releaseBytes, shrinkBytes, type LazyPart } from './store';
import { decodePositional, encodePositional, POSITIONAL_TAGS, PositionalUnsupported, type Positional } from './positional';
import { attachInts, packInts } from './int-part';

/** Host resources natives keep outside the VM (module state): a snapshot needs them unused. */
const HOST_STATE: readonly (() => string | null)[] = [deflaterBlocker, inflaterBlocker, walksBlocker, dirsBlocker, pipesBlocker, childrenBlocker, fdsBlocker];

/** The VM cannot be written as a snapshot in this state (a run boots as usual). */
export class SnapshotUnsupported extends Error {}

const PROTOS: readonly [string, object][] = [
  ['JClass', JClass.prototype],
  ['JMethod', JMethod.prototype],
  ['JField', JField.prototype],
  ['Monitor', Monitor.prototype],
  ['LoaderData', LoaderData.prototype],
  ['ClassTable', ClassTable.prototype],
  ['JThread', JThread.prototype],
  ['Frame', Frame.prototype],
  ['OsRandom', OsRandom.prototype],
  ['HostWaits', HostWaits.prototype],
  ['Strings', Strings.prototype],
  ['InvokeState', InvokeState.prototype],
  ['JObject', JObject.prototype],
  ['JArray', JArray.prototype],
  ['JLongArray', JLongArray.prototype],
];
const TAG_OF = new Map<object, string>(PROTOS.map(([t, p]) => [p, t]));
const PROTO_OF = new Map<string, object>(PROTOS);

/**
 * VM fields that come from the new run's options or are rebuilt, not from the snapshot (the
 * key covers the options they derive from).
 */
const VM_FRESH = new Set(['opts', 'natives', 'maxDepth', 'maxSlots', 'maxHeap', 'exact', 'startMillis', 'realClock', 'vmProperties', 'indyLinker', 'onBooted', 'scheduler', 'onThreadTerminated', 'baseHeap', 'baseBuffers', 'current']);

/** How a blocked thread's native is resumed after a restore. */
type Pending = 'none' | 'refPending' | 'wait';

interface ThreadInfo {
  pending: Pending;
  /** The bottom frame is the glue of the thread's run() (a started thread). */
  runGlue: boolean;
  /** Started, its run() queued and not yet begun. */
  queuedRun: boolean;
  onExit: boolean;
}

interface Payload {
  vm: Record<string, unknown>;
  invoke: InvokeState | null;
  counters: KlassCounters;
  sched: SchedulerState;
  memory: MemoryState;
  threads: ThreadInfo[];
  /** The program inputs the JDK was booted with (program.ts applies a new run's over them). */
  program: ProgramInputs;
  /** The engine's objects (positional.ts), and references to them from the rest of the graph. */
  pos: Positional;
  /** The remaining tagged objects (V8's graph), given their prototypes back by tag. */
  inst: object[];
  tags: string[];
  owners: object[];
  /** Triples: owner index, key, rule ('vm', 'sched', 'natives', 'null', 'narrow:<name>'). */
  slots: (number | string)[];
  /** The owners of byte arrays written beside the graph (BLOB_KEYS). */
  blobOwners: object[];
  /** Per owner: key (index in BLOB_KEYS), offset in the blob, length in elements. */
  blobSpans: Int32Array;
}

/**
 * Engine-internal arrays the VM never writes to, written beside the graph: a class's class file
 * and a method's code and line table, in a part of their own, the snapshot's fourth, which the
 * restore leaves in the file: a class reads its class file at its first use (klass.ts
 * classBytes), a method its code at its first `code` and its line table at its first `lines`
 * (klass.ts setLazyCode, setLazyLines), which most restored classes and methods never have (a
 * profiled hello-world's 11.4 MB of class files, 391 classes; 15,300 code arrays, 4.3 MB, and
 * 14,600 line tables, 0.6 MB, each a typed array of its own when made at the restore: 2.9 MB
 * more of heap). Thousands of small array buffers fewer to deserialise, and no copy of each.
 * (The second part, the code read whole until format 11, holds the payload's integer tables since format 13: packInts.) The slots are emptied by
 * these keys while the graph is written.
 */
const BLOB_KEYS = ['cfBytes', 'codeRaw', 'linesRaw'] as const;

const PENDING_NATIVES: Record<string, Pending> = {
  'java/lang/ref/Reference.waitForReferencePendingList()V': 'refPending',
  'java/lang/Object.wait(J)V': 'wait',
  'java/lang/Object.wait0(J)V': 'wait',
};

function describe(o: object): string {
  return (o as { constructor?: { name?: string } }).constructor?.name ?? 'object';
}

/** Writes the booted VM (boot.ts, at the end of the boot). Throws SnapshotUnsupported. */
export function captureVm(vm: VM): Buffer[] {
  const sched = vm.scheduler;
  if (sched === null) throw new SnapshotUnsupported('no scheduler');
  // A thread started and not yet run (a Cleaner's, by the launcher) has its run() queued: rebuilt on restore.
  const startedOnly = new Set<JThread>();
  for (const t of sched.queuedThreads()) {
    const q = sched.queued(t);
    const self = t.jthread;
    if (q.length !== 1 || t.depth !== -1 || self === null || q[0].method !== self.klass.vmap.get('run()V') || q[0].args.length !== 1 || q[0].args[0] !== self) throw new SnapshotUnsupported(`thread "${t.name}" has queued calls`);
    startedOnly.add(t);
  }
  if (vm.exact !== null) throw new SnapshotUnsupported('exact mode');
  if (vm.initWaiters.size > 0 || vm.hostWaits.active) throw new SnapshotUnsupported('threads wait for class initialisation or the host');
  for (const b of HOST_STATE) {
    const what = b();
    if (what !== null) throw new SnapshotUnsupported(`${what} in use`);
  }
  const mem = memory.saveState();
  if (mem === null) throw new SnapshotUnsupported('a file is mapped into native memory');

  // Closures of threads that are rebuilt on restore.
  const rebuilt = new Set<object>();
  const threads: ThreadInfo[] = [];
  vm.threads.forEach((t, i) => {
    const info: ThreadInfo = { pending: 'none', runGlue: false, queuedRun: startedOnly.has(t), onExit: t.onExit !== null };
    for (let d = 0; d < t.frames.length; d++) {
      const g = t.frames[d].glue;
      if (g === null) continue;
      if (d > t.depth) rebuilt.add(g); // a stale frame of the pool
      else if (d === 0 && i > 0 && t.jthread !== null) {
        info.runGlue = true;
        rebuilt.add(g);
      } else throw new SnapshotUnsupported(`thread "${t.name}" is inside an upcall (glue frame at depth ${d})`);
    }
    if (i === 0 && t.depth !== -1) throw new SnapshotUnsupported('the main thread has frames');
    if (t.pendingNative !== null) {
      const top = t.depth >= 0 ? t.frames[t.depth].m : null;
      const kind = top ? PENDING_NATIVES[`${top.klass.name}.${top.nameDesc}`] : undefined;
      if (kind === undefined) throw new SnapshotUnsupported(`thread "${t.name}" is blocked in ${top ? String(top) : 'a glue frame'}`);
      info.pending = kind;
      rebuilt.add(t.pendingNative);
    }
    if (info.onExit && t.jthread === null) throw new SnapshotUnsupported(`thread "${t.name}" has an exit action but no Thread`);
    threads.push(info);
  });

  const vmFields: Record<string, unknown> = {};
  for (const k of Object.keys(vm)) if (!VM_FRESH.has(k)) vmFields[k] = (vm as unknown as Record<string, unknown>)[k];

  const inst: object[] = [];
  const tags: string[] = [];
  const owners: object[] = [];
  const ownerIndex = new Map<object, number>();
  const slots: (number | string)[] = [];
  const cleared: [Record<string | number, unknown>, string | number, unknown][] = [];
  // Class-file models are written as class files (most of the graph's objects otherwise); a
  // restored class parses its own again at first use (klass.ts JClass.cf).
  const written: JClass[] = [];
  const special = (owner: object, key: string | number, v: unknown): string | null => {
    if (v === vm) return 'vm';
    if (owner instanceof JClass && (key === 'parsed' || key === 'pool') && owner.parsed !== null) {
      if (key === 'parsed') {
        owner.cfBytes = writeClass(owner.parsed);
        written.push(owner);
      }
      return 'null';
    }
    // A restored class's constant pool, parsed alone (JClass.cp) since its restore: parsed
    // again from its class file, which is written (layBlob), at its first use after this
    // restore. (Written, a main snapshot taken by a restored run held 2.5 MB more of pools than
    // one taken by a booted run: a profiled hello-world's peak RSS 5 MB more, mem18r.)
    if (owner instanceof JClass && key === 'pool' && owner.parsed === null && Array.isArray(v) && v.length > 0 && hasClassBytes(owner)) return 'null';
    // A class's field layout is made again at its first use (layout.ts).
    if (owner instanceof JClass && key === 'layout') return 'null';
    if (v === sched) return 'sched';
    if (v === vm.natives) return 'natives';
    if (v === vm.opts) throw new SnapshotUnsupported(`${describe(owner)}.${key} refers to the VM's options`);
    if (typeof v !== 'function') return null;
    if (owner instanceof JClass && key === 'ctor') return 'null';
    if (owner instanceof JMethod && (key === 'jit' || key === 'native')) return 'null';
    if (key === 'narrow') {
      const n = narrowerName(v);
      if (n !== undefined) return `narrow:${n}`;
    }
    if (rebuilt.has(owner) || (owner instanceof JThread && key === 'onExit')) return 'null';
    throw new SnapshotUnsupported(`a function in ${describe(owner)}.${String(key)}`);
  };
  const note = (owner: object, key: string | number, rule: string): void => {
    let i = ownerIndex.get(owner);
    if (i === undefined) {
      i = owners.length;
      owners.push(owner);
      ownerIndex.set(owner, i);
    }
    slots.push(i, key, rule);
    cleared.push([owner as Record<string | number, unknown>, key, (owner as Record<string | number, unknown>)[key]]);
  };

  const root = { vm: vmFields, invoke: peekInvokeState(vm) ?? null };
  const seen = new Set<object>([vm, vm.opts, vm.natives, sched]);
  const stack: object[] = [root];
  // Objects reached more than once: typed arrays among them stay in the graph (a view of the
  // blob would be another object), arrays are not rebuilt from indices (positional.ts).
  const shared = new Set<object>();
  const visit = (owner: object, key: string | number, v: unknown): void => {
    if (v === null || (typeof v !== 'object' && typeof v !== 'function')) return;
    const rule = special(owner, key, v);
    if (rule !== null) note(owner, key, rule);
    else if (!seen.has(v as object)) {
      seen.add(v as object);
      stack.push(v as object);
    } else shared.add(v as object);
  };
  while (stack.length > 0) {
    const o = stack.pop() as object;
    if (ArrayBuffer.isView(o) || o instanceof ArrayBuffer) {
      // (V8's serializer writes a node Buffer as a plain Uint8Array.)
      if (Buffer.isBuffer(o)) throw new SnapshotUnsupported('a node Buffer in the VM');
      continue;
    }
    const proto = Object.getPrototypeOf(o) as object | null;
    if (o instanceof Map) {
      if (proto !== Map.prototype) throw new SnapshotUnsupported('a Map subclass');
      for (const [k, v] of o) {
        if (typeof k === 'function' || typeof v === 'function' || k === vm || v === vm) throw new SnapshotUnsupported('a function or the VM in a Map');
        for (const x of [k, v]) if (x !== null && typeof x === 'object') {
          if (!seen.has(x)) {
            seen.add(x);
            stack.push(x);
          } else shared.add(x);
        }
      }
      continue;
    }
    if (o instanceof Set) {
      if (proto !== Set.prototype) throw new SnapshotUnsupported('a Set subclass');
      for (const x of o) {
        if (typeof x === 'function' || x === vm) throw new SnapshotUnsupported('a function or the VM in a Set');
        if (x !== null && typeof x === 'object') {
          if (!seen.has(x)) {
            seen.add(x);
            stack.push(x);
          } else shared.add(x);
        }
      }
      continue;
    }
    if (Array.isArray(o)) {
      if (proto !== Array.prototype) throw new SnapshotUnsupported('an Array subclass');
      for (let i = 0; i < o.length; i++) visit(o, i, o[i]);
      continue;
    }
    if (proto !== Object.prototype) {
      let tag = proto === null ? undefined : TAG_OF.get(proto);
      if (tag === undefined) {
        const k = (o as { klass?: unknown }).klass;
        if (k instanceof JClass && k.ctor !== null && proto === k.ctor.prototype) tag = 'J';
        else throw new SnapshotUnsupported(`an object of class ${describe(o)}`);
      }
      inst.push(o);
      tags.push(tag);
    }
    const rec = o as Record<string, unknown>;
    for (const k of Object.keys(rec)) visit(o, k, rec[k]);
  }

  const { cold, blobOwners, blobSpans } = layBlob(inst, tags, shared, (o, k) => cleared.push([o as Record<string, unknown>, k, (o as Record<string, unknown>)[k]]));
  // Methods' parameter types are not written: the restore parses them from the descriptors
  // (restoreParams), one array per descriptor and one string per type.
  for (let i = 0; i < inst.length; i++) {
    const m = inst[i];
    if (tags[i] === 'JMethod' && m instanceof JMethod) cleared.push([m as unknown as Record<string, unknown>, 'params', m.params]);
  }
  const unshare = shareMethodArrays(inst, tags, shared);
  for (const [o, k] of cleared) o[k] = null;
  let undoPositional = (): void => {};
  try {
    // (The VM, its options, natives and scheduler are in `seen` but not written.)
    for (const x of [vm, vm.opts, vm.natives, sched]) seen.delete(x);
    // Slots emptied in the engine's objects need no rule: their positional values are null already.
    const positional = new Set<object>();
    for (let i = 0; i < inst.length; i++) if (POSITIONAL_TAGS.has(tags[i])) positional.add(inst[i]);
    const keptOwners: object[] = [];
    const keptSlots: (number | string)[] = [];
    const at = new Map<object, number>();
    for (let i = 0; i < slots.length; i += 3) {
      const owner = owners[slots[i] as number];
      if (slots[i + 2] === 'null' && positional.has(owner)) continue;
      let j = at.get(owner);
      if (j === undefined) {
        j = keptOwners.length;
        keptOwners.push(owner);
        at.set(owner, j);
      }
      keptSlots.push(j, slots[i + 1], slots[i + 2]);
    }
    const e = encodePositional(inst, tags, [...seen, keptOwners, blobOwners], shared);
    undoPositional = e.undo;
    const payload: Payload = { vm: vmFields, invoke: root.invoke, counters: klassCounters(), sched: sched.saveState(), memory: mem, threads, program: programInputs(vm.opts), pos: e.pos, inst: e.rest.inst, tags: e.rest.tags, owners: keptOwners, slots: keptSlots, blobOwners, blobSpans };
    // V8's serializer itself, not node's (v8.serialize), which hands every typed array to
    // JavaScript (and back on restore, 14,000 of them in a hello-world): about a third of the
    // restore's deserialisation.
    // The integer tables in a part of their own (packInts), taken out of the graph first.
    const ints = packInts(payload);
    const ser = new v8.Serializer();
    ser.writeHeader();
    ser.writeValue(payload);
    return [ser.releaseBuffer(), ints, e.prim, cold];
  } catch (e) {
    if (e instanceof PositionalUnsupported) throw new SnapshotUnsupported(e.message);
    throw e;
  } finally {
    undoPositional();
    unshare();
    for (const [o, k, v] of cleared) o[k] = v;
    for (const k of written) k.cfBytes = null;
  }
}

/**
 * Methods' arrays the VM never changes, shared while the graph is written (V8's serializer
 * writes an object once, however often it is referenced): the empty exception tables. The
 * restored methods share them (less to deserialise and to keep). The others are written packed.
 * Returns the undo. (The
 * parameter types are not written at all: restoreParams.)
 */
function shareMethodArrays(inst: object[], tags: string[], shared: Set<object>): () => void {
  let noHandlers: unknown[] | null = null;
  const undo: [Record<string, unknown>, string, unknown][] = [];
  for (let i = 0; i < inst.length; i++) {
    const m = inst[i];
    if (tags[i] !== 'JMethod' || !(m instanceof JMethod)) continue;
    const rec = m as unknown as Record<string, unknown>;
    if (shared.has(m.handlers)) continue;
    if (m.handlers.length === 0) {
      if (noHandlers === null) noHandlers = m.handlers;
      else if (noHandlers !== m.handlers) {
        undo.push([rec, 'handlers', m.handlers]);
        rec.handlers = noHandlers;
      }
    } else {
      // A packed copy: V8's serializer writes a holey array (one made by `new Array(n)`, as the
      // class reader makes them) element by element, and its deserializer grows it from empty,
      // with room for 17 (`%DebugPrint`): 5,200 one-entry tables of 144 bytes in a profiled
      // hello-world, 0.6 MiB more than their entries. A packed one is written whole, made exact.
      const packed: unknown[] = [];
      for (const h of m.handlers) packed.push(h);
      undo.push([rec, 'handlers', m.handlers]);
      rec.handlers = packed;
    }
  }
  return () => {
    for (const [o, k, v] of undo) o[k] = v;
  };
}

/**
 * Lays out the tagged objects' arrays (BLOB_KEYS): class files in a part of their own (`cold`),
 * then line tables (4-byte aligned) and code there too. `clear` is told each slot to empty while
 * the graph is written.
 */
function layBlob(inst: object[], tags: string[], shared: Set<object>, clear: (owner: object, key: string) => void): { cold: Buffer; blobOwners: object[]; blobSpans: Int32Array } {
  const blobOwners: object[] = [];
  const spans: number[] = [];
  const take = (o: object, key: number, off: number, len: number): void => {
    blobOwners.push(o);
    spans.push(key, off, len);
    clear(o, BLOB_KEYS[key]);
  };
  // Class files in a part of their own, left in the file on restore (read per class at its
  // first use: klass.ts classBytes); a restored class's still there is read for this.
  const files: Uint8Array[] = [];
  let coldSize = 0;
  for (let i = 0; i < inst.length; i++) {
    const k = inst[i];
    if (tags[i] !== 'JClass' || !(k instanceof JClass)) continue;
    const b = peekClassBytes(k);
    if (!(b instanceof Uint8Array) || shared.has(b)) continue;
    take(k, 0, coldSize, b.length);
    files.push(b);
    coldSize += b.length;
  }
  // Line tables after them (4-byte aligned), then code, left in the file too: read per method at
  // its first use (klass.ts setLazyLines, setLazyCode; a restored method's still there is read
  // for this without being kept).
  const coldPad = (4 - (coldSize % 4)) % 4;
  if (coldPad > 0) files.push(new Uint8Array(coldPad));
  coldSize += coldPad;
  for (let i = 0; i < inst.length; i++) {
    const m = inst[i];
    if (tags[i] !== 'JMethod' || !(m instanceof JMethod)) continue;
    const l = peekLines(m);
    if (l === null || l.constructor !== Int32Array || shared.has(l)) continue;
    take(m, 2, coldSize, l.length);
    files.push(new Uint8Array(l.buffer, l.byteOffset, l.byteLength));
    coldSize += l.byteLength;
  }
  for (let i = 0; i < inst.length; i++) {
    const m = inst[i];
    if (tags[i] !== 'JMethod' || !(m instanceof JMethod)) continue;
    const c = peekCode(m);
    if (c === null || c.constructor !== Uint8Array || shared.has(c)) continue;
    take(m, 1, coldSize, c.length);
    files.push(c);
    coldSize += c.length;
  }
  return { cold: Buffer.concat(files, coldSize), blobOwners, blobSpans: Int32Array.from(spans) };
}

/**
 * The restored methods' parameter types, parsed from their descriptors (not written: in a
 * profiled hello-world 4,320 arrays for 15,000 methods, whose type strings V8's deserializer
 * made one per occurrence, "Lkomorium/rt/TC;" 2,276 times): one array per descriptor, shared by
 * its methods as before, and one string per type. `objs[from, from + n)` are the methods (the
 * positional group of JMethods: the other 47,000 objects are not looked at).
 */
function restoreParams(objs: readonly object[], from: number, n: number): void {
  const byDesc = new Map<string, string[]>();
  const types = new Map<string, string>();
  const one = (t: string): string => {
    const had = types.get(t);
    if (had !== undefined) return had;
    types.set(t, t);
    return t;
  };
  for (let i = from; i < from + n; i++) {
    const o = objs[i];
    if (!(o instanceof JMethod)) throw new Error('malformed snapshot payload (methods)');
    let ps = byDesc.get(o.desc);
    if (ps === undefined) {
      ps = parseMethodDescriptor(o.desc).params.map(one);
      byDesc.set(o.desc, ps);
    }
    (o as { params: string[] }).params = ps;
  }
}

/** Where the positional group of JMethods is among the restored objects (decodePositional's order). */
function methodRange(pos: Positional): { from: number; n: number } {
  let base = 0;
  for (const g of pos.groups) {
    if (g.tag === 'JMethod') return { from: base, n: g.n };
    base += g.n;
  }
  return { from: 0, n: 0 };
}

/** The restored methods' code and line tables in `cold` (spans set once all are known); made here, as readLater. */
function methodArrays(cold: LazyPart): LazyMethodArrays {
  return { part: cold, code: new Int32Array(0), lines: new Int32Array(0) };
}

/**
 * A class file's reader (a closure made here, not in restoreVm, whose context would keep the
 * whole payload alive for as long as the class is).
 */
function readLater(part: LazyPart, off: number, len: number): () => Uint8Array {
  return () => part.read(off, len);
}

/**
 * Overlays the snapshot on `vm`, a VM just constructed with the new run's options (natives
 * registered, nothing loaded), and gives it a scheduler. Returns the program inputs it was
 * booted with (program.ts applies the new run's over them). Throws on a malformed payload (the
 * caller then boots a fresh VM).
 */
export function restoreVm(vm: VM, parts: readonly (Uint8Array | LazyPart)[], mark?: (step: string) => void): ProgramInputs {
  // V8's own deserializer: typed arrays come back with buffers of their own (copied out of the
  // file's bytes, which are then free), views of one buffer (a long array's two) still share it.
  if (parts.length !== 4 || !(parts[0] instanceof Uint8Array) || !(parts[1] instanceof Uint8Array) || !(parts[2] instanceof Uint8Array)) throw new Error('malformed snapshot payload');
  const d = new v8.Deserializer(parts[0]);
  d.readHeader();
  const p = d.readValue() as Payload;
  // The graph's bytes (21 MB in a profiled hello-world) are garbage now: given back before the
  // restore's next steps allocate.
  releaseBytes(parts[0]);
  mark?.(`deserialised (${p?.inst?.length ?? 0} tagged objects in V8's graph)`);
  if (!p || !Array.isArray(p.inst) || !Array.isArray(p.slots) || p.inst.length !== p.tags.length || !p.program || !Array.isArray(p.program.user)) throw new Error('malformed snapshot payload');
  const intsPart = parts[1];
  attachInts(p, intsPart);
  // The integer tables are garbage once the references are set, but for the collections' (the
  // part's first bytes): the rest given back at once (packInts), before the Maps and Sets are
  // filled; then those.
  const collBytes = 4 * (p.pos.collCounts.length + p.pos.collInts.length + p.pos.collFlags.length);
  const { objs, setCtors } = decodePositional(p.pos, parts[2], mark, { refs: () => shrinkBytes(intsPart, collBytes), colls: () => releaseBytes(intsPart) });
  mark?.(`Maps and Sets with engine objects filled (${p.pos.colls.length})`);
  const methods = methodRange(p.pos);
  restoreParams(objs, methods.from, methods.n);
  mark?.(`methods' parameter types parsed (${methods.n})`);
  const cold = parts[3];
  const spans = p.blobSpans;
  if (!Array.isArray(p.blobOwners) || !(spans instanceof Int32Array) || spans.length !== 3 * p.blobOwners.length) throw new Error('malformed snapshot payload');
  const lazy = cold instanceof Uint8Array ? null : methodArrays(cold);
  const codeSpans: number[] = [];
  const lineSpans: number[] = [];
  for (let i = 0, j = 0; i < p.blobOwners.length; i++, j += 3) {
    const key = spans[j];
    const off = spans[j + 1];
    const len = spans[j + 2];
    const owner = p.blobOwners[i];
    if (key === 0) {
      // A class file: left in the snapshot's file until the class needs it (klass.ts).
      if (off < 0 || len < 0 || off + len > cold.length || !(owner instanceof JClass)) throw new Error('malformed snapshot payload (class files)');
      if (cold instanceof Uint8Array) owner.cfBytes = new Uint8Array(cold.buffer, cold.byteOffset + off, len);
      else setLazyClassBytes(owner, readLater(cold, off, len));
      continue;
    }
    // A method's code or line table: left in the file until the method needs it (klass.ts
    // setLazyCode, setLazyLines).
    const bytes = key === 2 ? 4 * len : len;
    if ((key !== 1 && key !== 2) || off < 0 || len < 0 || off + bytes > cold.length || (key === 2 && off % 4 !== 0) || !(owner instanceof JMethod)) throw new Error('malformed snapshot payload (methods)');
    if (cold instanceof Uint8Array) {
      // Read whole (eagerClassFiles): views of it, as the class files.
      if (key === 1) owner.code = new Uint8Array(cold.buffer, cold.byteOffset + off, len);
      else owner.lines = (cold.byteOffset + off) % 4 === 0 ? new Int32Array(cold.buffer, cold.byteOffset + off, len) : new Int32Array(cold.slice(off, off + bytes).buffer, 0, len);
    } else if (key === 1) {
      setLazyCode(owner, lazy!, codeSpans.length / 2);
      codeSpans.push(off, len);
    } else {
      setLazyLines(owner, lazy!, lineSpans.length / 2);
      lineSpans.push(off, len);
    }
  }
  if (lazy !== null) {
    lazy.code = Int32Array.from(codeSpans);
    lazy.lines = Int32Array.from(lineSpans);
  }
  // (The spans' buffer, garbage now, is left to the collector: a plain buffer, which
  // releaseBytes never detaches.)
  const sched = new Scheduler(vm);
  for (let i = 0; i < p.slots.length; i += 3) {
    const owner = p.owners[p.slots[i] as number] as Record<string | number, unknown>;
    const key = p.slots[i + 1];
    const rule = p.slots[i + 2] as string;
    owner[key] = rule === 'vm' ? vm : rule === 'sched' ? sched : rule === 'natives' ? vm.natives : rule.startsWith('narrow:') ? narrowerByName(rule.slice(7)) : null;
  }
  // The rest of the tagged objects (class tables, loader data, ...): their prototypes by tag.
  for (let i = 0; i < p.inst.length; i++) {
    const proto = PROTO_OF.get(p.tags[i]);
    if (proto === undefined) throw new Error(`unknown object tag ${p.tags[i]}`);
    Object.setPrototypeOf(p.inst[i], proto);
  }
  setCtors();
  mark?.('prototypes set');
  const target = vm as unknown as Record<string, unknown>;
  for (const [k, v] of Object.entries(p.vm)) target[k] = v;
  // Fields the engine writes later, mutable in the restored objects' maps before any code is
  // optimised against them (object.ts mutableFields). Frames and methods are made by their
  // run-time constructors (positional.ts), which do the same for their shapes (threads too).
  // Each thread's numeric stack as a booted thread's (thread.ts numericStack: one elements kind,
  // NaN bits kept), whatever kind the payload's array came back with.
  for (const t of vm.threads) t.n = numericStack(t.n.length, t.n);
  for (const t of vm.threads) mutableFields(t);
  restoreKlassCounters(p.counters);
  memory.loadState(p.memory);
  if (p.invoke !== null) setInvokeState(vm, p.invoke);
  vm.current = null;
  // Real clock: real time took over at the end of the boot from the virtual nanoTime
  // (clock.ts); it goes on from there, in this process's performance.now() scale.
  if (vm.realBase >= 0) vm.realBase = performance.now();
  vm.scheduler = sched;
  sched.loadState(p.sched);
  vm.threads.forEach((t, i) => {
    const info = p.threads[i];
    const self = t.jthread;
    if (info.runGlue && self !== null) {
      const run = self.klass.vmap.get('run()V');
      if (!run) throw new Error(`thread ${t.name}: no run()`);
      t.frames[0].glue = topGlue(threadRunCall(vm, sched, t, self, run));
    }
    if (info.queuedRun && self !== null) {
      const run = self.klass.vmap.get('run()V');
      if (!run) throw new Error(`thread ${t.name}: no run()`);
      sched.call(t, threadRunCall(vm, sched, t, self, run));
    }
    if (info.onExit && self !== null) t.onExit = threadOnExit(vm, t, self);
    if (info.pending === 'refPending') t.pendingNative = waitingForPendingList(t);
    else if (info.pending === 'wait') t.pendingNative = waitResume(vm, t, t.r[t.frames[t.depth].lp] as JObject);
  });
  return p.program;
}

// The boot snapshot's engine objects in positional form (server/src/interp/snapshot/positional.ts):
// classes, fields, methods, Java objects and arrays written as rows of values with references as
// indices, made again by the engine's own constructors (so with the hidden classes of objects
// made at run time), the references from the rest of the graph (arrays, objects, Maps, Sets)
// set again; the graph being written is left as it was. An object with properties other than
// its constructor's is refused at write time, never restored wrongly.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import v8 from 'node:v8';
import { JClass, JField, JMethod, ensureCtor, instantiate, klassCounters } from '../../server/src/interp/klass';
import { JArray, JLongArray, JObject, makeArray } from '../../server/src/interp/object';
import { Frame, JThread } from '../../server/src/interp/thread';
import { decodePositional, encodePositional, PositionalUnsupported, type Positional } from '../../server/src/interp/snapshot/positional';

v8.setFlagsFromString('--allow-natives-syntax');
// eslint-disable-next-line @typescript-eslint/no-implied-eval
const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b);') as (a: object, b: object) => boolean;

type Rec = Record<string, unknown>;

function tagOf(o: object): string | null {
  if (o instanceof JClass) return 'JClass';
  if (o instanceof JField) return 'JField';
  if (o instanceof JMethod) return 'JMethod';
  if (o instanceof Frame) return 'Frame';
  if (o instanceof JThread) return 'JThread';
  if (o instanceof JLongArray) return 'JLongArray';
  if (o instanceof JArray) return 'JArray';
  if (o instanceof JObject) return 'J';
  return null;
}

/** Every object reachable from `root` (as graph.ts walks it): tagged ones, the rest, those reached twice. */
function walk(root: object): { inst: object[]; tags: string[]; graph: object[]; multi: Set<object> } {
  const seen = new Set<object>([root]);
  const multi = new Set<object>();
  const inst: object[] = [];
  const tags: string[] = [];
  const stack: object[] = [root];
  const graph: object[] = [];
  const push = (v: unknown): void => {
    if (v === null || typeof v !== 'object') return;
    if (seen.has(v)) multi.add(v);
    else {
      seen.add(v);
      stack.push(v);
    }
  };
  while (stack.length > 0) {
    const o = stack.pop() as object;
    graph.push(o);
    if (ArrayBuffer.isView(o)) continue;
    const tag = tagOf(o);
    if (tag !== null) {
      inst.push(o);
      tags.push(tag);
    }
    if (o instanceof Map) for (const [k, v] of o) (push(k), push(v));
    else if (o instanceof Set) for (const x of o) push(x);
    else for (const k of Object.keys(o)) push((o as Rec)[k]);
  }
  return { inst, tags, graph, multi };
}

function roundTrip(root: Rec): { back: Rec; setCtors: () => void } {
  const w = walk(root);
  // Functions are not written: graph.ts empties classes' constructors as here.
  const classes = w.inst.filter((o): o is JClass => o instanceof JClass);
  const ctors = classes.map((c) => c.ctor);
  for (const c of classes) c.ctor = null;
  const ids = klassCounters();
  const e = encodePositional(w.inst, w.tags, w.graph, w.multi);
  assert.deepEqual(klassCounters(), ids, 'writing takes no field or method ids (the writing run goes on with the ids of a booted one)');
  classes.forEach((c, i) => (c.ctor = ctors[i]));
  const ser = new v8.Serializer();
  ser.writeHeader();
  ser.writeValue({ pos: e.pos, root: w.inst.includes(root) ? null : root });
  const bytes = ser.releaseBuffer();
  e.undo();
  const d = new v8.Deserializer(bytes);
  d.readHeader();
  const p = d.readValue() as { pos: Positional; root: Rec };
  const { setCtors } = decodePositional(p.pos, new Uint8Array(e.prim));
  return { back: p.root, setCtors };
}

function world(): Rec {
  const k = new JClass('p/C', null, 0);
  const a = new JField(k, 'a', 'I', 0);
  a.key = 'a';
  const b = new JField(k, 'b', 'Ljava/lang/Object;', 0);
  b.key = 'b';
  k.fields = [a, b];
  k.ctorFields = [a, b];
  k.instanceFields = [a, b];
  const m = new JMethod(k, 'run', '(IJ)V', 1, 0);
  m.code = Uint8Array.from([0xb1]);
  m.counter = 99;
  // A method with state few have (klass.ts MethodRare: a plain object in V8's graph).
  const shell = new JMethod(k, 'shell', '()V', 1, 1);
  shell.compilations = 3;
  shell.tailKind = 1;
  shell.tailTarget = m;
  k.methods = [m, shell];
  k.vmap.set(m.nameDesc, m);
  k.declared.set(m.nameDesc, m);
  const o1 = instantiate(k) as JObject & Rec;
  o1.a = 5;
  o1.ihash = 123456789.5;
  const o2 = instantiate(k) as JObject & Rec;
  o2.b = o1;
  const ik = new JClass('[I', null, 0);
  const ints = new JArray(ik, Int32Array.from([1, -2, 3]));
  const lk = new JClass('[J', null, 0);
  const longs = makeArray(lk, BigInt64Array.from([1n, -(2n ** 40n)]));
  const rk = new JClass('[Ljava/lang/Object;', null, 0);
  const refs = new JArray(rk, [o1, null, o2]);
  const f = new Frame();
  f.m = m;
  f.pc = 7;
  // A thread (restored as a constructed one since jit39: V8's plain object with JThread's
  // prototype had another hidden class, docs/BENCHMARKS.md part B).
  const t = new JThread(3);
  t.name = 'Finalizer';
  t.frames.push(f);
  t.depth = 0;
  t.bytecodes = 5e9;
  t.rvN = 2.5;
  t.jb = 7;
  t.hashState[1] = 42;
  return { k, m, o1, o2, ints, longs, refs, frame: f, thread: t, list: [o1, 'x', m, 4.5], map: new Map<unknown, unknown>([['one', o2], [k, 'class']]), set: new Set([k, ik]), plain: { klass: k, n: 1 } };
}

test('positional snapshot: engine objects come back with their values, references and the constructors of run time', () => {
  const w = world();
  const { back, setCtors } = roundTrip(w);
  // The written graph is as it was.
  assert.equal((w.list as unknown[])[0], w.o1);
  assert.equal((w.map as Map<unknown, unknown>).get('one'), w.o2);
  assert.equal((w.m as JMethod).counter, 99);
  setCtors();
  const k = back.k as JClass;
  const m = back.m as JMethod;
  const o1 = back.o1 as JObject & Rec;
  const o2 = back.o2 as JObject & Rec;
  assert.ok(k instanceof JClass && m instanceof JMethod && k !== w.k);
  assert.equal(k.name, 'p/C');
  assert.equal(m.klass, k);
  assert.equal(m.nameDesc, 'run(IJ)V');
  assert.deepEqual(m.params, ['I', 'J']);
  assert.equal(m.argSlots, 4);
  assert.equal(m.counter, 0, 'the JIT starts afresh');
  assert.deepEqual([...(m.code as Uint8Array)], [0xb1]);
  assert.equal(k.methods[0], m);
  assert.equal(m.rare, null, 'no side object where nothing was set');
  assert.equal(m.compilations, 0);
  assert.equal(m.speculate, true);
  const shell = k.methods[1];
  assert.equal(shell.name, 'shell');
  assert.equal(shell.compilations, 3);
  assert.equal(shell.tailKind, 1);
  assert.equal(shell.tailTarget, m, 'a reference from the side object to a restored method');
  assert.equal(shell.speculate, true);
  assert.ok(haveSameMap(m, new JMethod(k, 'x', '()V', 0, 2)), 'a restored method and a new one share one hidden class');
  assert.equal(k.fields[0].constantValue, undefined, 'a column undefined in every row');
  assert.equal(k.vmap.get('run(IJ)V'), m);
  assert.deepEqual([...k.supers], [k]);
  assert.equal(k.fields[1].klass, k);
  assert.equal(k.fields[1].key, 'b');
  assert.equal(o1.klass, k);
  assert.equal(o1.a, 5);
  assert.equal(o1.ihash, 123456789.5);
  assert.equal(o2.b, o1);
  assert.ok(o1 instanceof JObject);
  assert.equal(Object.getPrototypeOf(o1), ensureCtor(k).prototype, 'the class keeps the constructor its objects were made with');
  const fresh = instantiate(k);
  assert.ok(haveSameMap(o1, fresh), 'a restored Java object and a new one share one hidden class');
  const ints = back.ints as JArray;
  assert.ok(ints.data instanceof Int32Array);
  assert.deepEqual([...(ints.data as Int32Array)], [1, -2, 3]);
  const longs = back.longs as JLongArray;
  assert.ok(longs instanceof JLongArray);
  assert.deepEqual([...longs.data], [1n, -(2n ** 40n)]);
  assert.equal(longs.w.buffer, longs.data.buffer);
  assert.equal(longs.w[2], 0);
  assert.equal(longs.w[3], -256);
  const refs = back.refs as JArray;
  assert.deepEqual(refs.data, [o1, null, o2]);
  const f = back.frame as Frame;
  assert.ok(f instanceof Frame);
  assert.equal(f.m, m);
  assert.equal(f.pc, 7);
  assert.ok(haveSameMap(f, new Frame()), 'a restored frame and a new one share one hidden class');
  const t = back.thread as JThread;
  assert.ok(t instanceof JThread && t !== w.thread, 'a restored thread is made by JThread\'s constructor');
  assert.equal(t.id, 3);
  assert.equal(t.name, 'Finalizer');
  assert.equal(t.frames[0], f, 'a thread\'s frames are the restored frames');
  assert.equal(t.depth, 0);
  assert.equal(t.bytecodes, 5e9);
  assert.equal(t.rvN, 2.5);
  assert.equal(t.jb, 7);
  assert.equal(t.hashState[1], 42);
  assert.ok(haveSameMap(t, new JThread(9)), 'a restored thread and a new one share one hidden class');
  assert.deepEqual(back.list, [o1, 'x', m, 4.5]);
  assert.deepEqual([...(back.map as Map<unknown, unknown>)], [['one', o2], [k, 'class']]);
  assert.deepEqual([...(back.set as Set<unknown>)].map((c) => (c as JClass).name), ['p/C', '[I']);
  assert.equal((back.plain as Rec).klass, k);
});

test('positional snapshot: an object with properties other than its constructor\'s is refused at write time', () => {
  const w = world();
  (w.m as unknown as Rec).extra = 1;
  const a = walk(w);
  assert.throws(() => encodePositional(a.inst, a.tags, a.graph, a.multi), (e: unknown) => e instanceof PositionalUnsupported && /JMethod whose properties/.test((e as Error).message));
  const v = world();
  (v.o1 as Rec).late = 2;
  const b = walk(v);
  assert.throws(() => encodePositional(b.inst, b.tags, b.graph, b.multi), (e: unknown) => e instanceof PositionalUnsupported && /Java object of p\/C/.test((e as Error).message));
  const u = world();
  (u.refs as JArray).data = [u.o1, 'not a Java object'];
  const c = walk(u);
  assert.throws(() => encodePositional(c.inst, c.tags, c.graph, c.multi), PositionalUnsupported);
});

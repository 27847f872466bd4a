// The boot snapshot's engine objects in positional form (docs/INTERPRETER.md "Boot snapshot").
//
// V8's deserializer builds every object of the graph property by property from keys written
// with each object, and the objects it makes get other hidden classes (maps) than those the
// engine's constructors make at run time ("wrong map" deoptimisations after a restore). The
// engine's own objects (classes, methods, fields, frames, monitors, threads, Java objects and arrays)
// are therefore written apart from V8's graph: per kind (a Java object's class), their values
// in one flat array, row by row, in the order of the constructor's properties, references to
// each other as indices. The restore makes each object with the constructor the engine uses at
// run time (a Java object: its class's generated constructor, which becomes the class's
// constructor) and fills it by a generated function of plain property stores; the references
// from V8's graph to them (arrays, Maps, Sets, plain objects, the remaining tagged objects) are
// listed at write time and set after. Primitive Java arrays are slices of one buffer.
//
// An object whose own properties are not its constructor's, in its order, cannot be written
// so: the snapshot is refused at write time (SnapshotUnsupported), never restored wrongly.

import { JClass, JField, JMethod, klassCounters, restoreKlassCounters, type InstanceCtor } from '../klass';
import { ctorKeys, ctorSpec, makeCtorsFromSpecs, type CtorSpec } from '../ctors';
import { JArray, JLongArray, JObject } from '../object';
import { Monitor } from '../monitor';
import { Frame, JThread } from '../thread';

/** The snapshot cannot be written in this state (the run boots as usual). */
export class PositionalUnsupported extends Error {}

/** Tags of the kinds written positionally (J: a Java object of a generated constructor). */
const BLANK: Record<string, () => object> = {
  JClass: () => new JClass('', null, 0),
  JField: () => new JField(null as unknown as JClass, '', '', 0),
  JMethod: () => new JMethod(null as unknown as JClass, '', '()V', 0, 0),
  Monitor: () => new Monitor(null as unknown as JObject),
  Frame: () => new Frame(),
  JThread: () => new JThread(0),
};
export const POSITIONAL_TAGS: ReadonlySet<string> = new Set([...Object.keys(BLANK), 'J', 'JArray', 'JLongArray']);

/**
 * Column kinds: V a value of V8's graph (or null, a reference to a positional object then
 * listed apart), R a positional object's index (-1 null), L a fresh array of positional objects
 * (its indices in the group's `lists`: the start of its length and indices), K the class, given
 * to the constructor, A a primitive Java array's elements (an index into the spans of the
 * primitive part), E a Java reference array's elements (indices in `lists`, as L), W a long
 * array's word view (made by the constructor), S a string (an index into the strings, written
 * once each: V8's serializer writes a string at every occurrence) or null (-1), I a 32-bit
 * integer, B a boolean (0, 1), N null and U undefined in every row (nothing written: a method's
 * slots nulled for the write, a Java object's monitor; 0.9 MB of `vals` in a profiled
 * hello-world, garbage once restored).
 */
type Kind = 'V' | 'R' | 'L' | 'K' | 'A' | 'E' | 'W' | 'S' | 'I' | 'B' | 'N' | 'U';
/** Kinds held as 32-bit integers (`ints`); V is a value of V8's graph (`vals`); W, N and U neither. */
const INT_KINDS = 'KRSAIBLE';

export interface Group {
  tag: string;
  keys: string[];
  kinds: string;
  n: number;
  /** Row by row, the integer columns (INT_KINDS), then the others. */
  ints: Int32Array;
  vals: unknown[];
  /**
   * The L and E columns' index lists, each its length then its indices (10,500 arrays of V8's
   * graph in a profiled hello-world, 0.5 MB, garbage once restored).
   */
  lists: Int32Array;
  /** Java objects: their class's constructor, as klass.ts makes it. */
  spec: CtorSpec | null;
}

export interface Positional {
  /** The distinct strings of S columns, collections and reference keys. */
  strs: string[];
  groups: Group[];
  /**
   * References from V8's graph, by holder (an object, or a positional object's index), each with
   * `refCounts` keys: an element's index, or -1 - a property name's index in `strs`; targets.
   */
  refHolders: unknown[];
  refCounts: Int32Array;
  refKeys: Int32Array;
  refTargets: Int32Array;
  /** Maps and Sets with positional keys, values or elements: emptied, filled again on restore. */
  colls: (Map<unknown, unknown> | Set<unknown>)[];
  /** Per collection: its number of entries. */
  collCounts: Int32Array;
  /**
   * Per collection: entries flattened (key, value; Sets: element), positional ones as indices;
   * null when every item is an index (of an object or a string): then they are in `collInts`,
   * the collections' in turn (88,000 items of 1,300 collections in a profiled hello-world, most
   * of them so: 1 MB of V8's graph fewer, garbage once restored).
   */
  collItems: (unknown[] | null)[];
  collInts: Int32Array;
  /**
   * Per entry of each collection in turn: bit 1 the key (element) is an object's index, bit 2
   * the value; bit 4 the key is a string's index, bit 8 the value.
   */
  collFlags: Int32Array;
  /** Primitive arrays: [type, byte offset, length] in the primitive part. */
  primSpans: Int32Array;
}

const PRIM_TYPES = [Int8Array, Uint16Array, Int16Array, Int32Array, Float32Array, Float64Array, BigInt64Array] as const;
type Prim = InstanceType<(typeof PRIM_TYPES)[number]>;

function primType(v: unknown): number {
  if (v === null || typeof v !== 'object') return -1;
  for (let i = 0; i < PRIM_TYPES.length; i++) if ((v as object).constructor === PRIM_TYPES[i]) return i;
  return -1;
}

/** One template per tag: the own keys of an object its constructor made. */
const templates = new Map<string, string[]>();
function templateKeys(tag: string): string[] {
  let t = templates.get(tag);
  if (t === undefined) {
    // Made while a snapshot is written: the ids it takes are given back (the run goes on, and
    // the counters are written after this).
    const ids = klassCounters();
    const o = BLANK[tag]();
    restoreKlassCounters(ids);
    t = Object.keys(o);
    templates.set(tag, t);
  }
  return t;
}

function sameKeys(o: object, keys: readonly string[]): boolean {
  const own = Object.keys(o);
  if (own.length !== keys.length) return false;
  for (let i = 0; i < own.length; i++) if (own[i] !== keys[i]) return false;
  return true;
}

const describeTag = (tag: string, o: object): string => (tag === 'J' ? `Java object of ${(o as JObject).klass.name}` : tag);

/**
 * Splits the tagged objects into positional groups and lists every reference to them from
 * V8's graph (`graph`: every other object the payload reaches). Containers are changed in place
 * for the write (their references nulled, Maps and Sets emptied); call `undo` afterwards.
 * `multi`: objects reached more than once (they stay in V8's graph, identity kept).
 */
export function encodePositional(inst: readonly object[], tags: readonly string[], graph: Iterable<object>, multi: ReadonlySet<object>): { pos: Positional; prim: Buffer; rest: { inst: object[]; tags: string[] }; undo: () => void } {
  // Groups, in restore order: the engine's kinds first (Java objects need their classes).
  const byKey = new Map<string | JClass, { tag: string; objs: object[]; spec: CtorSpec | null; keys: string[] }>();
  const rest = { inst: [] as object[], tags: [] as string[] };
  const order: (string | JClass)[] = [];
  for (let i = 0; i < inst.length; i++) {
    const o = inst[i];
    const tag = tags[i];
    if (!POSITIONAL_TAGS.has(tag)) {
      rest.inst.push(o);
      rest.tags.push(tag);
      continue;
    }
    let gk: string | JClass = tag;
    if (tag === 'J') gk = (o as JObject).klass;
    else if (tag === 'JArray' || tag === 'JLongArray') {
      const d = (o as JArray).data;
      gk = `${tag}:${multi.has(d) ? 'V' : Array.isArray(d) ? 'E' : primType(d) >= 0 ? 'A' : 'V'}`;
    }
    let g = byKey.get(gk);
    if (g === undefined) {
      let spec: CtorSpec | null = null;
      let keys: string[];
      if (tag === 'J') {
        const k = o as JObject;
        spec = ctorSpec(k.klass.ctorFields, k.klass.ctorExtra);
        keys = ctorKeys(spec);
      } else if (tag === 'JArray') keys = ['klass', 'mon', 'ihash', 'data'];
      else if (tag === 'JLongArray') keys = ['klass', 'mon', 'ihash', 'data', 'w'];
      else keys = templateKeys(tag);
      g = { tag, objs: [], spec, keys };
      byKey.set(gk, g);
      order.push(gk);
    }
    if (!sameKeys(o, g.keys)) throw new PositionalUnsupported(`a ${describeTag(tag, o)} whose properties (${Object.keys(o).join(', ')}) are not its constructor's (${g.keys.join(', ')})`);
    g.objs.push(o);
  }
  const rank = (k: string | JClass): number => (typeof k !== 'string' ? 1 : k.startsWith('JArray') || k.startsWith('JLongArray') ? 2 : 0);
  order.sort((a, b) => rank(a) - rank(b));
  const index = new Map<object, number>();
  let total = 0;
  for (const gk of order) for (const o of (byKey.get(gk) as { objs: object[] }).objs) index.set(o, total++);
  const ix = (v: unknown): number => (v !== null && typeof v === 'object' ? (index.get(v) ?? -1) : -1);

  const strs: string[] = [];
  const strIndex = new Map<string, number>();
  const str = (v: string): number => {
    let i = strIndex.get(v);
    if (i === undefined) {
      i = strs.length;
      strs.push(v);
      strIndex.set(v, i);
    }
    return i;
  };
  const refHolders: unknown[] = [];
  const refCounts: number[] = [];
  const refKeys: number[] = [];
  const refTargets: number[] = [];
  let lastHolder: unknown = undefined;
  const addRef = (holder: unknown, key: string | number, t: number): void => {
    if (holder !== lastHolder || refHolders.length === 0) {
      refHolders.push(holder);
      refCounts.push(0);
      lastHolder = holder;
    }
    refCounts[refCounts.length - 1]++;
    refKeys.push(typeof key === 'number' ? key : -1 - str(key));
    refTargets.push(t);
  };
  const consumed = new Set<object>();
  // An array that can be written as indices: fresh (reached once), plain, dense, of positional objects or null.
  const indexable = (v: unknown): v is unknown[] => {
    if (!Array.isArray(v) || multi.has(v) || Object.getPrototypeOf(v) !== Array.prototype) return false;
    for (let i = 0; i < v.length; i++) {
      if (!(i in v)) return false;
      const x = v[i];
      if (x !== null && !index.has(x as object)) return false;
    }
    return true;
  };
  const toIndices = (a: unknown[]): number[] => {
    if (!indexable(a)) throw new PositionalUnsupported('a Java reference array with elements other than Java objects and null');
    consumed.add(a);
    const r = new Array<number>(a.length);
    for (let i = 0; i < a.length; i++) r[i] = ix(a[i]);
    return r;
  };
  const primParts: Uint8Array[] = [];
  const primSpans: number[] = [];
  let primSize = 0;
  const groups: Group[] = [];
  for (const gk of order) {
    const g = byKey.get(gk) as { tag: string; objs: object[]; spec: CtorSpec | null; keys: string[] };
    const { tag, objs, keys } = g;
    const k = keys.length;
    const kinds: Kind[] = [];
    for (let c = 0; c < k; c++) {
      const key = keys[c];
      const isJ = tag === 'J' || tag === 'JArray' || tag === 'JLongArray';
      if (isJ && key === 'klass') kinds.push('K');
      else if (tag.startsWith('JArray') || tag === 'JLongArray' ? key === 'data' : false) {
        const sub = (gk as string).slice(tag.length + 1);
        kinds.push(sub === 'E' ? 'E' : sub === 'A' ? 'A' : 'V');
      } else if (tag === 'JLongArray' && key === 'w') kinds.push('W');
      else {
        let refs = 0;
        let nulls = 0;
        let undefs = 0;
        let other = false;
        let arrays = true;
        let strings = 0;
        let nonString = false;
        let ints = true;
        let bools = true;
        for (const o of objs) {
          const v = (o as Record<string, unknown>)[key];
          if (v !== null && typeof v === 'object' && index.has(v)) refs++;
          else if (v !== null) other = true;
          if (v === null) nulls++;
          else if (v === undefined) undefs++;
          if (typeof v === 'string') strings++;
          else if (v !== null) nonString = true;
          if (ints && !(typeof v === 'number' && (v | 0) === v && !Object.is(v, -0))) ints = false;
          if (bools && typeof v !== 'boolean') bools = false;
          if (arrays && !indexable(v)) arrays = false;
        }
        const n = objs.length;
        kinds.push(n > 0 && nulls === n ? 'N' : n > 0 && undefs === n ? 'U' : !other && refs > 0 ? 'R' : !nonString && strings > 0 ? 'S' : ints && objs.length > 0 ? 'I' : bools && objs.length > 0 ? 'B' : arrays && objs.length > 0 ? 'L' : 'V');
      }
    }
    const { at, ki, kv } = layout(kinds.join(''));
    const ints = new Int32Array(objs.length * ki);
    const vals = new Array<unknown>(objs.length * kv);
    const lists: number[] = [];
    let ib = 0;
    let b = 0;
    for (const o of objs) {
      const rec = o as Record<string, unknown>;
      for (let c = 0; c < k; c++) {
        const v = rec[keys[c]];
        const ci = ib + at[c];
        const cv = b + at[c];
        switch (kinds[c]) {
          case 'K':
          case 'R':
            ints[ci] = ix(v);
            break;
          case 'I':
            ints[ci] = tag === 'JMethod' && keys[c] === 'counter' ? 0 : (v as number); // the JIT starts afresh
            break;
          case 'B':
            ints[ci] = v ? 1 : 0;
            break;
          case 'L':
          case 'E': {
            const r = toIndices(v as unknown[]);
            ints[ci] = lists.length;
            lists.push(r.length);
            for (const t of r) lists.push(t);
            break;
          }
          case 'S':
            ints[ci] = v === null ? -1 : str(v as string);
            break;
          case 'A': {
            const d = v as Prim;
            const pad = (8 - (primSize % 8)) % 8;
            if (pad > 0) primParts.push(new Uint8Array(pad));
            primSize += pad;
            ints[ci] = primSpans.length / 3;
            primSpans.push(primType(d), primSize, d.length);
            primParts.push(new Uint8Array(d.buffer, d.byteOffset, d.byteLength));
            primSize += d.byteLength;
            consumed.add(d);
            break;
          }
          case 'N':
          case 'U':
            break;
          case 'W': {
            const a = o as JLongArray;
            if (a.w.buffer !== a.data.buffer || a.w.byteOffset !== a.data.byteOffset || a.w.length !== 2 * a.data.length) throw new PositionalUnsupported('a long array whose word view is not of its elements');
            consumed.add(a.w);
            break;
          }
          default: {
            const t = ix(v);
            if (t >= 0) {
              addRef(index.get(o), keys[c], t);
              vals[cv] = null;
            } else vals[cv] = tag === 'JMethod' && keys[c] === 'counter' ? 0 : v; // the JIT starts afresh
          }
        }
      }
      ib += ki;
      b += kv;
    }
    groups.push({ tag, keys, kinds: kinds.join(''), n: objs.length, ints, vals, lists: Int32Array.from(lists), spec: g.spec });
  }

  // References from V8's graph.
  const undo: (() => void)[] = [];
  const colls: (Map<unknown, unknown> | Set<unknown>)[] = [];
  const collItems: (unknown[] | null)[] = [];
  const collCounts: number[] = [];
  const collInts: number[] = [];
  const collFlags: number[] = [];
  for (const o of graph) {
    if (index.has(o) || consumed.has(o) || ArrayBuffer.isView(o) || o instanceof ArrayBuffer) continue;
    if (o instanceof Map || o instanceof Set) {
      const isMap = o instanceof Map;
      let any = false;
      let numbers = false;
      for (const [k, v] of isMap ? (o as Map<unknown, unknown>).entries() : (o as Set<unknown>).entries()) {
        if (index.has(k as object) || (isMap && index.has(v as object))) any = true;
        if (typeof k === 'number') numbers = true;
      }
      if (!any) continue;
      if (numbers) throw new PositionalUnsupported('a Map or Set with both numbers and engine objects as keys');
      const items: unknown[] = [];
      const flags: number[] = [];
      const entries = isMap ? [...(o as Map<unknown, unknown>).entries()] : [...(o as Set<unknown>).values()].map((x) => [x, undefined] as [unknown, unknown]);
      for (const [k, v] of entries) {
        const ki = ix(k);
        const vi = isMap ? ix(v) : -1;
        items.push(ki >= 0 ? ki : typeof k === 'string' ? str(k) : k);
        if (isMap) items.push(vi >= 0 ? vi : typeof v === 'string' ? str(v) : v);
        flags.push((ki >= 0 ? 1 : typeof k === 'string' ? 4 : 0) | (vi >= 0 ? 2 : isMap && typeof v === 'string' ? 8 : 0));
      }
      colls.push(o);
      collCounts.push(flags.length);
      for (const f of flags) collFlags.push(f);
      if (flags.every((f) => (f & 5) !== 0 && (!isMap || (f & 10) !== 0))) {
        for (const x of items) collInts.push(x as number);
        collItems.push(null);
      } else collItems.push(items);
      o.clear();
      undo.push(() => {
        for (const [k, v] of entries) {
          if (isMap) (o as Map<unknown, unknown>).set(k, v);
          else (o as Set<unknown>).add(k);
        }
      });
      continue;
    }
    const rec = o as Record<string | number, unknown>;
    const keys: (string | number)[] = Array.isArray(o) ? [...Array(o.length).keys()] : Object.keys(o);
    for (const key of keys) {
      const v = rec[key];
      const t = ix(v);
      if (t < 0) continue;
      addRef(o, key, t);
      rec[key] = null;
      undo.push(() => {
        rec[key] = v;
      });
    }
  }
  const pos: Positional = { strs, groups, refHolders, refCounts: Int32Array.from(refCounts), refKeys: Int32Array.from(refKeys), refTargets: Int32Array.from(refTargets), colls, collCounts: Int32Array.from(collCounts), collItems, collInts: Int32Array.from(collInts), collFlags: Int32Array.from(collFlags), primSpans: Int32Array.from(primSpans) };
  return {
    pos,
    prim: Buffer.concat(primParts, primSize),
    rest,
    undo: () => {
      for (let i = undo.length - 1; i >= 0; i--) undo[i]();
    },
  };
}

type Fill = (objs: object[], ints: Int32Array, vals: unknown[], base: number, n: number, list: (lists: Int32Array, at: number) => unknown[], strs: string[], lists: Int32Array) => void;
const fills = new Map<string, Fill>();

/** Where each column is in its row (of `ints` or of `vals`), and the rows' lengths. */
function layout(kinds: string): { at: number[]; ki: number; kv: number } {
  const at: number[] = [];
  let ki = 0;
  let kv = 0;
  for (const c of kinds) at.push(INT_KINDS.includes(c) ? ki++ : c === 'W' || c === 'N' || c === 'U' ? -1 : kv++);
  return { at, ki, kv };
}

/** The generated filler of a group's objects: a plain store per property (one map each). */
function filler(g: Group): Fill {
  const sig = `${g.kinds}|${g.keys.join(',')}`;
  let f = fills.get(sig);
  if (f !== undefined) return f;
  const { at, ki, kv } = layout(g.kinds);
  const body: string[] = ['"use strict";', `for (let j = 0, i = 0, b = 0; j < n; j++, i += ${ki}, b += ${kv}) {`, 'const o = objs[base + j];'];
  g.keys.forEach((key, c) => {
    const p = /^[A-Za-z_$][\w$]*$/.test(key) ? `o.${key}` : `o[${JSON.stringify(key)}]`;
    const iv = `ints[i + ${at[c]}]`;
    const vv = `vals[b + ${at[c]}]`;
    switch (g.kinds[c]) {
      case 'V':
        body.push(`${p} = ${vv};`);
        break;
      case 'I':
        body.push(`${p} = ${iv};`);
        break;
      case 'B':
        body.push(`${p} = ${iv} !== 0;`);
        break;
      case 'R':
        body.push(`{ const t = ${iv}; ${p} = t < 0 ? null : objs[t]; }`);
        break;
      case 'S':
        body.push(`{ const t = ${iv}; ${p} = t < 0 ? null : strs[t]; }`);
        break;
      case 'L':
        body.push(`${p} = list(lists, ${iv});`);
        break;
      case 'N':
        body.push(`${p} = null;`);
        break;
      case 'U':
        body.push(`${p} = undefined;`);
        break;
      case 'E':
        body.push(`{ const d = ${p}, s = ${iv} + 1, m = d.length; for (let e = 0; e < m; e++) { const t = lists[s + e]; if (t >= 0) d[e] = objs[t]; } }`);
        break;
      default: // K, A, W: given to or made by the constructor
    }
  });
  body.push('}');
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  f = new Function('objs', 'ints', 'vals', 'base', 'n', 'list', 'strs', 'lists', body.join('\n')) as Fill;
  fills.set(sig, f);
  return f;
}

/** The length of the index list at `at` in `lists` (Group.lists); throws when it is not all there. */
function listLength(lists: Int32Array, at: number): number {
  const n = lists[at];
  if (!(at >= 0 && n >= 0 && at + 1 + n <= lists.length)) throw new Error('malformed snapshot payload (index list)');
  return n;
}

/** Elements for a reference array of `n` elements as the engine makes them (object.ts newArrayData). */
function refArray(n: number): unknown[] {
  return new Array<unknown>(n).fill(null);
}

/**
 * Makes the positional objects again (with the engine's constructors), fills them, and sets
 * the references to them in V8's graph (`done.refs` then: only the collections' integer tables
 * are read after), and fills the Maps and Sets (`done.colls`). Returns the objects by index and
 * `setCtors`, which gives the Java classes the constructors their objects were made with (once
 * the rest of the restore has set the classes' other slots).
 */
export function decodePositional(pos: Positional, prim: Uint8Array, mark?: (step: string) => void, done?: { refs(): void; colls(): void }): { objs: object[]; setCtors: () => void } {
  if (!pos || !Array.isArray(pos.groups) || !Array.isArray(pos.strs) || !(pos.refTargets instanceof Int32Array) || !(pos.refKeys instanceof Int32Array) || !(pos.refCounts instanceof Int32Array) || pos.refKeys.length !== pos.refTargets.length || !(pos.primSpans instanceof Int32Array)) throw new Error('malformed snapshot payload (positional)');
  const strs = pos.strs;
  let total = 0;
  for (const g of pos.groups) {
    if (g.kinds.length !== g.keys.length || !(g.ints instanceof Int32Array) || !(g.lists instanceof Int32Array)) throw new Error('malformed snapshot payload (group)');
    const { ki, kv } = layout(g.kinds);
    if (g.ints.length !== g.n * ki || g.vals.length !== g.n * kv) throw new Error('malformed snapshot payload (group)');
    total += g.n;
  }
  const objs = new Array<object>(total);
  const spans = pos.primSpans;
  const primView = (s: number): Prim => {
    const type = spans[3 * s];
    const off = spans[3 * s + 1];
    const len = spans[3 * s + 2];
    const T = PRIM_TYPES[type];
    if (T === undefined || off % 8 !== 0 || off + len * T.BYTES_PER_ELEMENT > prim.byteLength) throw new Error('malformed snapshot payload (primitive array)');
    return new T(prim.buffer as ArrayBuffer, prim.byteOffset + off, len);
  };
  const ctors: [number, InstanceCtor][] = [];
  const specs: CtorSpec[] = [];
  for (const g of pos.groups) if (g.spec !== null) specs.push(g.spec);
  const made = makeCtorsFromSpecs(specs);
  let nextCtor = 0;
  let base = 0;
  for (const g of pos.groups) {
    const { at, ki, kv } = layout(g.kinds);
    const { ints, vals } = g;
    if (g.tag === 'J' || g.tag === 'JArray' || g.tag === 'JLongArray') {
      const kc = at[g.kinds.indexOf('K')];
      const dc = g.keys.indexOf('data');
      const dk = dc < 0 ? '' : g.kinds[dc];
      const da = dc < 0 ? 0 : at[dc];
      const C: InstanceCtor | null = g.spec !== null ? made[nextCtor++] : null;
      for (let j = 0, i = 0, b = 0; j < g.n; j++, i += ki, b += kv) {
        const klass = objs[ints[i + kc]] as JClass;
        if (!(klass instanceof JClass)) throw new Error('malformed snapshot payload (class of an object)');
        if (C !== null) objs[base + j] = new C(klass);
        else {
          const data = dk === 'A' ? primView(ints[i + da]) : dk === 'E' ? refArray(listLength(g.lists, ints[i + da])) : vals[b + da];
          objs[base + j] = g.tag === 'JLongArray' ? new JLongArray(klass, data as BigInt64Array) : new JArray(klass, data as Int32Array);
        }
      }
      if (C !== null && g.n > 0) ctors.push([ints[kc], C]);
    } else {
      const make = BLANK[g.tag];
      if (make === undefined) throw new Error(`unknown object tag ${g.tag}`);
      for (let j = 0; j < g.n; j++) objs[base + j] = make();
    }
    base += g.n;
  }
  mark?.(`engine objects made (${total})`);
  // By `map`: an array of exactly its length (packed). One grown by `push` from empty keeps room
  // for 17 elements: the restored methods' one-entry exception tables (~6,000 of them) took
  // 0.4 MB more than their entries.
  // (Mapped from a scratch array of the list's length, reused.)
  const scratch = new Map<number, number[]>();
  const list = (lists: Int32Array, at: number): unknown[] => {
    const n = listLength(lists, at);
    let x = scratch.get(n);
    if (x === undefined) {
      x = new Array<number>(n).fill(0);
      scratch.set(n, x);
    }
    for (let e = 0; e < n; e++) x[e] = lists[at + 1 + e];
    return x.map((t) => (t < 0 ? null : objs[t]));
  };
  base = 0;
  for (const g of pos.groups) {
    // (An E column's lists have the length its arrays were made with: checked then.)
    filler(g)(objs, g.ints, g.vals, base, g.n, list, strs, g.lists);
    base += g.n;
  }
  mark?.(`engine objects filled (${pos.groups.length} kinds)`);
  const { refHolders, refCounts, refKeys, refTargets } = pos;
  for (let h = 0, i = 0; h < refHolders.length; h++) {
    const r = refHolders[h];
    const holder = (typeof r === 'number' ? objs[r] : r) as Record<string | number, unknown>;
    const end = i + refCounts[h];
    if (end > refTargets.length) throw new Error('malformed snapshot payload (references)');
    if (Array.isArray(holder)) for (; i < end; i++) holder[refKeys[i]] = objs[refTargets[i]];
    else
      for (; i < end; i++) {
        const key = refKeys[i];
        holder[key >= 0 ? key : strs[-1 - key]] = objs[refTargets[i]];
      }
  }
  mark?.(`references from V8's graph set (${refTargets.length})`);
  done?.refs();
  const { collCounts, collFlags, collInts } = pos;
  if (!(collCounts instanceof Int32Array) || !(collFlags instanceof Int32Array) || !(collInts instanceof Int32Array) || collCounts.length !== pos.colls.length) throw new Error('malformed snapshot payload (collections)');
  for (let c = 0, fAt = 0, iAt = 0; c < pos.colls.length; c++) {
    const coll = pos.colls[c];
    const n = collCounts[c];
    const per = coll instanceof Map ? 2 : 1;
    let items: ArrayLike<unknown> | null = pos.collItems[c];
    if (items === null) {
      items = collInts.subarray(iAt, iAt + per * n);
      iAt += per * n;
    }
    if (n < 0 || fAt + n > collFlags.length || items.length !== per * n) throw new Error('malformed snapshot payload (collections)');
    if (coll instanceof Map) {
      for (let e = 0; e < n; e++) {
        const f = collFlags[fAt + e];
        const key = items[2 * e];
        const v = items[2 * e + 1];
        coll.set(f & 1 ? objs[key as number] : f & 4 ? strs[key as number] : key, f & 2 ? objs[v as number] : f & 8 ? strs[v as number] : v);
      }
    } else
      for (let e = 0; e < n; e++) {
        const f = collFlags[fAt + e];
        coll.add(f & 1 ? objs[items[e] as number] : f & 4 ? strs[items[e] as number] : items[e]);
      }
    fAt += n;
  }
  done?.colls();
  return {
    objs,
    setCtors: () => {
      for (const [ki, C] of ctors) (objs[ki] as JClass).ctor = C;
    },
  };
}

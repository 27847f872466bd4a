// Java objects and arrays in the embedded JVM.
//
// Every Java object is a JS object whose constructor is generated per Java class (see
// klass.ts `instanceCtor`): instance fields are named properties, all created in the
// constructor, so every object of a class has one stable V8 shape. Arrays are JArray: the
// elements live in a typed array for primitives (byte/boolean Int8Array, char Uint16Array,
// short Int16Array, int Int32Array, float Float32Array, double Float64Array, long BigInt64Array
// read through an Int32Array view: JLongArray) and in a plain JS array for references. Typed
// arrays keep the elements outside V8's object heap: allocating one is O(1) work for the GC.

import type { JClass } from './klass';
import type { Monitor } from './monitor';
import { aload, astore, type Long } from './long';

/**
 * A number that is not a small integer (Smi). Numeric properties that may later hold values
 * beyond 2^30 or fractions (identity hashes, Java int/float/double/long fields, String.hash) are
 * first assigned this, then their real initial value: V8 then gives the property its double
 * representation from the start. Assigned 0 first, the property is a Smi, and the first large
 * value changes its representation and deprecates the object's map (every String's, when the
 * first hash above 2^30 is stored), which aborted V8's optimisation of `interpret` again and
 * again ("Maps became deprecated during optimization", node --trace-opt).
 */
export const AS_DOUBLE = 0.5;

/**
 * Whether every int32 is a Smi in this V8: a 64-bit build without pointer compression and
 * without 31-bit Smis (node's own builds; Electron's compress pointers). Then Java int fields and
 * identity hashes need no double representation (AS_DOUBLE): a double field holds its value in
 * a heap number of its own, 16 bytes per field per object (88,000 of them, 1.35 MiB, in a
 * restored profiled hello-world), while an int32 Smi never leaves its representation (the
 * interpreter and natives give ints as int32, `| 0`, never -0). Unknown: false (as before).
 */
export const SMI_INT32 = smiInt32();

function smiInt32(): boolean {
  const v = (process.config as { variables?: Record<string, unknown> } | undefined)?.variables;
  if (v === undefined || !['x64', 'arm64', 'ppc64', 's390x', 'riscv64', 'loong64'].includes(process.arch)) return false;
  const off = (x: unknown): boolean => x === 0 || x === false || x === 'false';
  return off(v.v8_enable_pointer_compression) && off(v.v8_enable_31bit_smis_on_64bit_arch);
}

/** The first value stored into an int field or an identity hash (then its own: 0). */
export const INT_FIRST = SMI_INT32 ? 0 : AS_DOUBLE;

/** A stand-in object stored for a moment into reference fields (mutableFields). */
const SOME_OBJECT = {};

/**
 * Stores into each scalar or null field of `o` (or of `keys`) another value of the same kind,
 * then its own again. V8 marks a field "const" in its map until a store changes it after the
 * object was built, and optimised code may rely on that; the first such store to a field of a
 * shape as common as the thread's then deoptimises every function that did: the main thread's
 * first exception through compiled code (`t.xc +=` in its catch) did so in the 9th or 10th
 * iteration of `threads`, and V8 spent the next two optimising the engine and the generated
 * code again (docs/BENCHMARKS.md part B, jit18k). Done when the first object of the shape is
 * built or restored, nothing depends on it yet. Values, representations and field types stay
 * as they were; arrays and other objects are left alone.
 */
export function mutableFields(o: object, keys: readonly string[] = Object.keys(o)): void {
  const r = o as Record<string, unknown>;
  for (const k of keys) {
    const v = r[k];
    if (typeof v === 'number') r[k] = v + 1;
    else if (typeof v === 'boolean') r[k] = !v;
    else if (typeof v === 'string') r[k] = `${v}.`;
    else if (v === null) r[k] = SOME_OBJECT;
    else continue;
    r[k] = v;
  }
}

export class JObject {
  // Assigned in the constructor (not class fields): instances of Java classes are made by
  // generated constructors (klass.ts) that assign the same three properties first.
  /** The object's runtime class. */
  declare klass: JClass;
  /** Monitor, created on first contended use or wait/notify. */
  declare mon: Monitor | null;
  /** Identity hash code; 0 until first asked. */
  declare ihash: number;
  constructor(klass: JClass) {
    this.klass = klass;
    this.mon = null;
    this.ihash = INT_FIRST;
    this.ihash = 0;
  }
}

export type ArrayData = Int8Array | Uint16Array | Int16Array | Int32Array | Float32Array | Float64Array | BigInt64Array | unknown[];

export class JArray extends JObject {
  declare data: ArrayData;
  constructor(klass: JClass, data: ArrayData) {
    super(klass);
    this.data = data;
  }
}

/**
 * A long[]: `data` holds the elements (BigInt64Array: length, copies, Unsafe's byte view), `w`
 * is an Int32Array view of the same memory (two little-endian words per element) through
 * which loads and stores go (long.ts `aload`/`astore`: canonical Longs, no BigInt unless the
 * value needs one).
 */
export class JLongArray extends JArray {
  declare data: BigInt64Array;
  declare w: Int32Array;
  constructor(klass: JClass, data: BigInt64Array) {
    super(klass, data);
    this.w = new Int32Array(data.buffer, data.byteOffset, data.length * 2);
  }
}

/** An array object for `data` (a JLongArray for a BigInt64Array). */
export function makeArray(klass: JClass, data: ArrayData): JArray {
  return data instanceof BigInt64Array ? new JLongArray(klass, data) : new JArray(klass, data);
}

/** Element `i` of a primitive or reference array, as the VM represents the value (bounds checked by the caller). */
export function elementAt(a: JArray, i: number): unknown {
  return a instanceof JLongArray ? aload(a, i) : (a.data as unknown[])[i];
}

/** Stores a VM value as element `i` (bounds and store checks by the caller). */
export function setElementAt(a: JArray, i: number, v: unknown): void {
  if (a instanceof JLongArray) astore(a, i, v as Long);
  else (a.data as unknown[])[i] = v;
}

/** A reference value: a Java object or null. */
export type Ref = JObject | null;

/** Creates the element storage for an array of `length` elements of the given descriptor. */
export function newArrayData(elemDesc: string, length: number): ArrayData {
  switch (elemDesc) {
    case 'Z':
    case 'B':
      return new Int8Array(length);
    case 'C':
      return new Uint16Array(length);
    case 'S':
      return new Int16Array(length);
    case 'I':
      return new Int32Array(length);
    case 'F':
      return new Float32Array(length);
    case 'D':
      return new Float64Array(length);
    case 'J':
      return new BigInt64Array(length);
    default:
      return newRefArray(length);
  }
}

/** Elements per piece of a long reference array (below V8's dictionary-mode threshold of 2^25). */
const PIECE = 1 << 24;

/**
 * A reference array's storage, filled with null, with fast (contiguous) elements: `new
 * Array(n)` of 2^25 elements or more makes a dictionary-mode array, which `fill` takes minutes
 * to fill, so a long one is concatenated from pieces.
 */
function newRefArray(length: number): (JObject | null)[] {
  if (length <= PIECE) return new Array<JObject | null>(length).fill(null);
  const pieces: (JObject | null)[][] = [];
  for (let k = 0; k < length; k += PIECE) pieces.push(new Array<JObject | null>(Math.min(PIECE, length - k)).fill(null));
  return ([] as (JObject | null)[]).concat(...pieces);
}

/** Approximate size in bytes of an array's storage (for the heap limit). */
export function arrayBytes(elemDesc: string, length: number): number {
  switch (elemDesc) {
    case 'Z':
    case 'B':
      return 16 + length;
    case 'C':
    case 'S':
      return 16 + 2 * length;
    case 'I':
    case 'F':
      return 16 + 4 * length;
    case 'J':
    case 'D':
      return 16 + 8 * length;
    default:
      // References: 4 bytes, as HotSpot's compressed oops (any heap below 32 GB).
      return 16 + 4 * length;
  }
}

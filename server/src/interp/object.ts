// Java objects and arrays in the embedded JVM.
//
// Every Java object is a JS object whose constructor is generated per Java class (see
// klass.ts `instanceCtor`): instance fields are named properties, all created in the
// constructor, so every object of a class has one stable V8 shape. Arrays are JArray: the
// elements live in a typed array for primitives (byte/boolean Int8Array, char Uint16Array,
// short Int16Array, int Int32Array, float Float32Array, double Float64Array) and in a plain JS
// array for references and longs (Long values, see long.ts).

import type { JClass } from './klass';
import type { Monitor } from './monitor';

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
    this.ihash = 0;
  }
}

export type ArrayData = Int8Array | Uint16Array | Int16Array | Int32Array | Float32Array | Float64Array | unknown[];

export class JArray extends JObject {
  declare data: ArrayData;
  constructor(klass: JClass, data: ArrayData) {
    super(klass);
    this.data = data;
  }
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
      return new Array<number>(length).fill(0);
    default:
      return new Array<JObject | null>(length).fill(null);
  }
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
    default:
      return 16 + 8 * length;
  }
}

// Shared state for decoding and encoding attributes: the byte reader/writer, the constant
// pool (for validating indices while reading) and the recursive attribute-list codec (passed
// in, so the per-attribute modules do not import the dispatcher).

import { Tag, type Attribute, type CpEntry } from '../model';
import type { ByteReader, ByteWriter } from '../bytes';

/** Bit masks of constant-pool tags, for "the entry at this index must be one of ...". */
export const M = {
  Utf8: 1 << Tag.Utf8,
  Integer: 1 << Tag.Integer,
  Float: 1 << Tag.Float,
  Long: 1 << Tag.Long,
  Double: 1 << Tag.Double,
  Class: 1 << Tag.Class,
  String: 1 << Tag.String,
  Fieldref: 1 << Tag.Fieldref,
  Methodref: 1 << Tag.Methodref,
  InterfaceMethodref: 1 << Tag.InterfaceMethodref,
  NameAndType: 1 << Tag.NameAndType,
  MethodHandle: 1 << Tag.MethodHandle,
  MethodType: 1 << Tag.MethodType,
  Dynamic: 1 << Tag.Dynamic,
  InvokeDynamic: 1 << Tag.InvokeDynamic,
  Module: 1 << Tag.Module,
  Package: 1 << Tag.Package,
} as const;

/** Constants an ldc or a bootstrap argument may load (JVMS 4.4, table 4.4-C). */
export const LOADABLE =
  M.Integer | M.Float | M.Long | M.Double | M.Class | M.String | M.MethodHandle | M.MethodType | M.Dynamic;
/** Valid targets of a ConstantValue attribute. */
export const CONSTANT_VALUE = M.Integer | M.Float | M.Long | M.Double | M.String;

/** "Utf8", "Class or Methodref", ... for error messages. */
export function describeMask(mask: number): string {
  const names: string[] = [];
  for (const [name, bit] of Object.entries(M)) if (mask & bit) names.push(name);
  return names.length <= 1 ? (names[0] ?? 'nothing') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

export function describeEntry(e: CpEntry | undefined): string {
  if (e === undefined) return 'no entry (index 0, out of range, or the second slot of a Long/Double)';
  const names = Object.entries(M).filter(([, bit]) => bit === 1 << e.tag);
  return `a ${names[0]?.[0] ?? `tag ${e.tag}`} entry`;
}

/** Checks that `index` (read at `offset`) names a pool entry whose tag is in `mask`. */
export function checkRef(r: ByteReader, pool: readonly (CpEntry | undefined)[], index: number, mask: number, what: string, offset: number): number {
  const e = index < pool.length ? pool[index] : undefined;
  if (e === undefined || ((1 << e.tag) & mask) === 0)
    r.fail(`${what}: a constant-pool index of a ${describeMask(mask)} entry`, `index ${index} (${describeEntry(e)}, pool size ${pool.length})`, offset);
  return index;
}

/** Maximum nesting of attributes in attributes (Code, Record) and of annotation values. */
export const MAX_DEPTH = 64;
export const MAX_ANNOTATION_DEPTH = 256;

export class ReadContext {
  /** Current attribute nesting depth (class/member level = 0). */
  depth = 0;
  /** Current element-value nesting depth. */
  annotationDepth = 0;
  /** Keep annotation attributes that fail to decode as Unknown instead of failing (see ReadOptions). */
  lenientAnnotations = false;
  /** Attributes kept raw (ReadOptions.rawAttributes). */
  rawAttributes: ReadonlySet<string> | undefined;

  constructor(
    readonly r: ByteReader,
    readonly pool: readonly (CpEntry | undefined)[],
    /** Decodes an attribute list (u2 count + attributes) at the reader's position. */
    readonly attributes: (ctx: ReadContext) => Attribute[],
  ) {}

  /** Checks that `index` (read at `offset`) names a pool entry whose tag is in `mask`. */
  check(index: number, mask: number, what: string, offset: number): number {
    return checkRef(this.r, this.pool, index, mask, what, offset);
  }

  /** Reads a u2 constant-pool index whose entry must have a tag in `mask`. */
  ref(mask: number, what: string): number {
    const at = this.r.pos;
    return this.check(this.r.u2(what), mask, what, at);
  }

  /** Like `ref`, but 0 (no entry) is allowed. */
  optRef(mask: number, what: string): number {
    const at = this.r.pos;
    const i = this.r.u2(what);
    return i === 0 ? 0 : this.check(i, mask, what, at);
  }

  /** Reads a u2 count followed by that many u2 indices of entries with a tag in `mask`. */
  refs(mask: number, what: string): number[] {
    const n = this.count(2, what);
    const out: number[] = new Array(n);
    for (let i = 0; i < n; i++) out[i] = this.ref(mask, what);
    return out;
  }

  /** Reads a u2 count and fails fast unless `count * entrySize` bytes remain. */
  count(entrySize: number, what: string): number {
    const n = this.r.u2(what);
    if (n * entrySize > this.r.remaining) this.r.need(n * entrySize, `${n} ${what}`);
    return n;
  }

  /** Like `count`, for the few tables counted by a u1. */
  count1(entrySize: number, what: string): number {
    const n = this.r.u1(what);
    if (n * entrySize > this.r.remaining) this.r.need(n * entrySize, `${n} ${what}`);
    return n;
  }

  /** The string value of a Utf8 entry known to be valid. */
  utf8(index: number): string {
    return (this.pool[index] as Extract<CpEntry, { tag: Tag.Utf8 }>).value;
  }
}

/** Writes a u2 count followed by the u2 values. */
export function writeU2List(w: ByteWriter, list: readonly number[]): void {
  w.u2(list.length);
  for (const v of list) w.u2(v);
}

export interface WriteContext {
  readonly w: ByteWriter;
  readonly pool: readonly (CpEntry | undefined)[];
  /** Encodes an attribute list (u2 count + attributes). */
  attributes(list: readonly Attribute[]): void;
}

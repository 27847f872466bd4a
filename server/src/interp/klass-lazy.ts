// The parts of restored classes and methods still in their boot snapshot's file
// (snapshot/graph.ts): class files, code and line tables, read at their first use. JClass's
// `cp` and `cf` and JMethod's `code` and `lines` (klass.ts) read through here.

import type { JClass, JMethod } from './klass';

/**
 * Class files of restored classes left in their boot snapshot's file (snapshot/graph.ts), read
 * at the first use of the class's constant pool or model: most restored classes never need
 * theirs, and a read file is memory for the whole run (6-7 MB of a profiled hello-world's).
 */
const lazyClassBytes = new WeakMap<JClass, () => Uint8Array>();

/** `k`'s class file is read by `read` when first needed (a restored class, cfBytes null). */
export function setLazyClassBytes(k: JClass, read: () => Uint8Array): void {
  lazyClassBytes.set(k, read);
}

/** `k`'s class-file bytes kept for its reparse (cfBytes), read now when still in the snapshot. */
export function classBytes(k: JClass): Uint8Array | null {
  if (k.cfBytes !== null) return k.cfBytes;
  const read = lazyClassBytes.get(k);
  if (read === undefined) return null;
  lazyClassBytes.delete(k);
  return (k.cfBytes = read());
}

/**
 * Code and line tables of restored methods left in their boot snapshot's file
 * (snapshot/graph.ts): the part they are in and, per array, its byte offset there and its
 * length in elements. Most restored methods never run (a profiled hello-world runs a few
 * hundred of its 15,000) and fewer still need their line table (stack traces and stack walks
 * read them); each array made at the restore was a typed array of its own (2.9 MB of heap),
 * the code read whole another 4.3 MB.
 */
export interface LazyMethodArrays {
  part: { read(at: number, n: number): Uint8Array };
  /** Per method's code: byte offset in `part`, length. */
  code: Int32Array;
  /** Per line table: byte offset in `part`, length in integers. */
  lines: Int32Array;
}

/** The code and line tables of a restored class's methods still in the snapshot (one object per restore). */
const lazyMethodArrays = new WeakMap<JClass, LazyMethodArrays>();

function lazyArraysOf(m: JMethod): LazyMethodArrays {
  const t = lazyMethodArrays.get(m.klass);
  if (t === undefined) throw new Error(`${m}: its code and line table are not in a snapshot`);
  return t;
}

/** `m`'s code is code array `index` of `arrays`, read at the first `m.code`. */
export function setLazyCode(m: JMethod, arrays: LazyMethodArrays, index: number): void {
  if (lazyMethodArrays.get(m.klass) !== arrays) lazyMethodArrays.set(m.klass, arrays);
  m.codeRaw = index;
}

/** `m`'s line table is table `index` of `arrays`, read at the first `m.lines`. */
export function setLazyLines(m: JMethod, arrays: LazyMethodArrays, index: number): void {
  if (lazyMethodArrays.get(m.klass) !== arrays) lazyMethodArrays.set(m.klass, arrays);
  m.linesRaw = index;
}

function readCode(m: JMethod, index: number): Uint8Array {
  const t = lazyArraysOf(m);
  return t.part.read(t.code[2 * index], t.code[2 * index + 1]);
}

function readLines(m: JMethod, index: number): Int32Array {
  const t = lazyArraysOf(m);
  const len = t.lines[2 * index + 1];
  const b = t.part.read(t.lines[2 * index], 4 * len);
  return new Int32Array(b.buffer, b.byteOffset, len);
}

export function loadCode(m: JMethod, index: number): Uint8Array {
  const code = readCode(m, index);
  m.codeRaw = code;
  return code;
}

export function loadLines(m: JMethod, index: number): Int32Array {
  const lines = readLines(m, index);
  m.linesRaw = lines;
  return lines;
}

/** `m`'s code, read from the snapshot without keeping it when still there (for writing a snapshot). */
export function peekCode(m: JMethod): Uint8Array | null {
  const r = m.codeRaw;
  return typeof r === 'number' ? readCode(m, r) : r;
}

/** `m`'s line table, read from the snapshot without keeping it when still there (for writing a snapshot). */
export function peekLines(m: JMethod): Int32Array | null {
  const r = m.linesRaw;
  return typeof r === 'number' ? readLines(m, r) : r;
}

/** Whether `k` has its class file (in memory, or still in a snapshot's file), without reading it. */
export function hasClassBytes(k: JClass): boolean {
  return k.cfBytes !== null || lazyClassBytes.has(k);
}

/** `k`'s class-file bytes (cfBytes, or read from the snapshot without keeping them), for writing a snapshot. */
export function peekClassBytes(k: JClass): Uint8Array | null {
  return k.cfBytes ?? lazyClassBytes.get(k)?.() ?? null;
}

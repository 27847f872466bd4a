// Innermost loops the JIT emits as real JS loops (jit/codegen.ts). A compiled method's code is
// a `switch (pc)` in a `for (;;)`, which every jump goes through; V8 cannot see a loop in
// that, so it neither keeps values in registers across iterations nor hoists checks. An
// innermost loop whose bytecode is a contiguous range entered only at its header gets a
// second copy: `case H: for (;;) { ... }`, its forward jumps as `break`s out of labelled
// blocks, its back edges as `continue`, and every exit back to the switch. The switch's own
// copy of the range stays for entries in the middle (after an invoke the interpreter ran,
// exception handlers); its jumps to the header go to the loop copy.

import { branchTargets } from '../../classfile/code/raw';
import type { Analysis } from './analyze';

export interface Loop {
  /** Header pc (the target of the back edges). */
  H: number;
  /** pc of the last instruction of the range (the last back edge). */
  E: number;
  /** Instruction indices of H and E. */
  iH: number;
  iE: number;
  /** Jump targets inside (H, E], each reached by a forward jump from inside the range. */
  fwd: number[];
}

/** Largest loop copied (bytecode bytes). */
const MAX_LOOP_BYTES = 2000;

/** The innermost loops of `a` that can be emitted as JS loops. */
export function findLoops(a: Analysis): Loop[] {
  const { insns, depth, indexOf } = a;
  const backSources = new Map<number, number>(); // header → last back-edge source pc
  for (let i = 0; i < insns.length; i++) {
    if (depth[i] < 0) continue;
    for (const t of branchTargets(insns[i])) {
      if (t <= insns[i].offset) backSources.set(t, Math.max(backSources.get(t) ?? -1, insns[i].offset));
    }
  }
  const loops: Loop[] = [];
  for (const [H, E] of backSources) {
    if (E - H > MAX_LOOP_BYTES) continue;
    const iH = indexOf.get(H);
    const iE = indexOf.get(E);
    if (iH === undefined || iE === undefined || depth[iH] < 0) continue;
    let ok = true;
    const fwd = new Set<number>();
    for (let i = 0; i < insns.length && ok; i++) {
      if (depth[i] < 0) continue;
      const pc = insns[i].offset;
      const inside = i >= iH && i <= iE;
      for (const t of branchTargets(insns[i])) {
        const toInside = t > H && t <= E;
        if (!inside) {
          // Entered only at the header.
          if (toInside) ok = false;
        } else if (toInside) {
          // Innermost: no other back edge inside.
          if (t <= pc) ok = false;
          else fwd.add(t);
        }
      }
    }
    if (ok) loops.push({ H, E, iH, iE, fwd: [...fwd].sort((x, y) => x - y) });
  }
  return loops;
}

/** Array loads and stores whose `data` a loop copy may read once at its entry (not longs: L.aload/L.astore take the array). */
const HOISTABLE_ACCESS: Record<number, number> = {
  // loads: the array is 2 slots below the top
  0x2e: 2, 0x30: 2, 0x31: 2, 0x32: 2, 0x33: 2, 0x34: 2, 0x35: 2,
  // stores: below the index and the value (a double takes 2 slots)
  0x4f: 3, 0x51: 3, 0x54: 3, 0x55: 3, 0x56: 3, 0x52: 4,
};

/**
 * Array accesses in `loop` whose array is a reference local the loop never stores to, loaded
 * by `aload` in the same block (a stack slot's origin is followed through dup and dup2 only):
 * instruction index → local. Its `data` (fixed for an array's life) can then be read once where
 * the loop copy is entered, with the null check left at the access (a null array still throws
 * there, with the same counts), instead of `o.data` at every access (matmul's `ci[j] += aik *
 * bk[j]`). aastore is left out (its store check needs the array).
 */
export function invariantArrays(a: Analysis, loop: Loop, stackEffect: (i: number) => [number, number]): Map<number, number> {
  const out = new Map<number, number>();
  const written = writtenRefs(a, loop);
  let origin: (number | undefined)[] = [];
  for (let i = loop.iH; i <= loop.iE; i++) {
    const ins = a.insns[i];
    const d = a.depth[i];
    if (d < 0) continue;
    if (a.blockStart.has(ins.offset) || a.entries.has(ins.offset)) origin = [];
    origin.length = d;
    const op = ins.op;
    const below = HOISTABLE_ACCESS[op];
    if (below !== undefined) {
      const k = origin[d - below];
      if (k !== undefined && !written.has(k)) out.set(i, k);
    }
    if (op === 0x19 || (op >= 0x2a && op <= 0x2d)) {
      origin[d] = op === 0x19 ? (ins.operands as { index: number }).index : op - 0x2a;
    } else if (op === 0x59) {
      origin[d] = origin[d - 1];
    } else if (op === 0x5c) {
      origin[d] = origin[d - 2];
      origin[d + 1] = origin[d - 1];
    } else {
      const [pop, push] = stackEffect(i);
      if (op >= 0x5a && op <= 0x5f) origin = [];
      origin.length = Math.max(0, d - pop);
      for (let j = 0; j < push; j++) origin.push(undefined);
    }
  }
  return out;
}

/** Hoisted array locals (invariantArrays) and, for each, an empty array of the kind its first access reads or writes (the data of a null array, NULL_EMPTY). */
export function hoistKinds(a: Analysis, inv: ReadonlyMap<number, number>): Map<number, string> {
  const out = new Map<number, string>();
  for (const [i, k] of inv) {
    if (out.has(k)) continue;
    const op = a.insns[i].op;
    const kind = op >= 0x4f ? op - 0x4f : op - 0x2e; // iaload/iastore order: int long float double ref byte char short
    out.set(k, ['new Int32Array(0)', 'null', 'new Float32Array(0)', 'new Float64Array(0)', '[]', 'new Int8Array(0)', 'new Uint16Array(0)', 'new Int16Array(0)'][kind]);
  }
  return out;
}

/**
 * Instructions that neither throw, call, read the heap nor leave the compiled code: constants,
 * local loads and stores, stack shuffles, arithmetic but division and remainder, conversions,
 * compares. Code made of these alone cannot be observed (no exception, exit, call or slice
 * check sees the bytecode count while it runs).
 */
function unobservable(op: number): boolean {
  return op <= 0x11 || (op >= 0x15 && op <= 0x2d) || (op >= 0x36 && op <= 0x4e) || (op >= 0x57 && op <= 0x6b) || (op >= 0x74 && op <= 0x98);
}

/**
 * Whether the header block of `loop` (from its start to the next entry, index `end`) can count
 * on its way out instead of on entry (codegen.ts FOLD_HEADERS): unobservable up to a
 * conditional branch (its last instruction) that leaves the loop forwards, falling through into
 * a block that nothing else jumps to. Each run of the header is then followed by exactly one of
 * the two edges, and counting it there (the exit edge, or the body's count on entry) gives the
 * same count at every point where it can be seen; the loop copy makes one addition per
 * iteration instead of two. `arraylength` of an array local that the loop never writes
 * (`i < a.length`) cannot throw either once the loop copy has checked the local at its entry
 * (`nullChecks`: it leaves to the interpreter at the header when one is null).
 */
export function headerFold(a: Analysis, loop: Loop, entries: ReadonlySet<number>): { end: number; nullChecks: number[] } | null {
  let end = loop.iH + 1;
  while (end <= loop.iE && !entries.has(a.insns[end].offset) && a.depth[end] >= 0) end++;
  if (end > loop.iE || a.depth[end] < 0 || !entries.has(a.insns[end].offset) || loop.fwd.includes(a.insns[end].offset)) return null;
  const br = a.insns[end - 1];
  const o = br.operands;
  if (o.kind !== 'branch' || !((br.op >= 0x99 && br.op <= 0xa6) || br.op === 0xc6 || br.op === 0xc7) || o.target <= loop.E) return null;
  const nullChecks: number[] = [];
  const written = writtenRefs(a, loop);
  for (let i = loop.iH; i < end - 1; i++) {
    if (unobservable(a.insns[i].op) || (i > loop.iH && byNonZero(a, i))) continue;
    const k = a.insns[i].op === 0xbe && i > loop.iH ? localLoaded(a.insns[i - 1]) : -1;
    if (k < 0 || written.has(k)) return null;
    if (!nullChecks.includes(k)) nullChecks.push(k);
  }
  return { end, nullChecks };
}

/** The local an `aload` loads, else -1. */
function localLoaded(ins: Analysis['insns'][number]): number {
  if (ins.op === 0x19) return (ins.operands as { index: number }).index;
  return ins.op >= 0x2a && ins.op <= 0x2d ? ins.op - 0x2a : -1;
}

/** The reference locals `loop` stores to. */
function writtenRefs(a: Analysis, loop: Loop): Set<number> {
  const written = new Set<number>();
  for (let i = loop.iH; i <= loop.iE; i++) {
    const ins = a.insns[i];
    if (ins.op === 0x3a) written.add((ins.operands as { index: number }).index);
    else if (ins.op >= 0x4b && ins.op <= 0x4e) written.add(ins.op - 0x4b);
  }
  return written;
}

/** `idiv`/`irem` at `i` right after a non-zero int constant (`i < n / 2`), `ldiv`/`lrem` after `lconst_1`: they cannot throw. */
function byNonZero(a: Analysis, i: number): boolean {
  const op = a.insns[i].op;
  const k = a.insns[i - 1];
  if (op === 0x6c || op === 0x70) return (k.op >= 0x04 && k.op <= 0x08) || ((k.op === 0x10 || k.op === 0x11) && k.operands.kind === 'int' && k.operands.value !== 0);
  return (op === 0x6d || op === 0x71) && k.op === 0x0a;
}

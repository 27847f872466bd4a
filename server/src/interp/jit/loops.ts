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

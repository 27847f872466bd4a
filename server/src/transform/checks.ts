// Granularity-check placement (paper 000, Sections 4.2 and 5.2), on an abstract control-flow
// graph of basic blocks, so that it is independent of how blocks were found (the basic-block
// analysis is pluggable).
//
// Checks go at the start of
//   - blocks that terminate the method (return or throw),
//   - blocks that contain an invocation,
//   - loop headers (targets of retreating edges in a depth-first search, so every cycle,
//     reducible or not, contains a checked block),
// and then at as few further blocks as the greedy pass below finds, so that no path executes
// more than MaxPath original bytecodes without passing a check. A path starts at the method
// entry, at an exception handler, or at a check; blocks longer than MaxPath must have been
// split before (see splitLongBlocks).

export interface CfgBlock {
  /** Number of original bytecodes in the block. */
  length: number;
  /** Indices of normal (non-exceptional) successor blocks. */
  succs: number[];
  /** Ends in a return or athrow. */
  terminates: boolean;
  /** Contains an invoke* instruction. */
  invokes: boolean;
}

export type CheckReason = 'terminates' | 'invokes' | 'loop-header' | 'max-path';

export interface CheckPlacement {
  /** reason[b] is why block b has a check, or undefined if it has none. */
  reason: (CheckReason | undefined)[];
  /** Longest run of original bytecodes from a path start to the next check (≤ maxPath). */
  longestUncheckedPath: number;
}

/** Targets of retreating edges in a DFS from `roots` (all blocks reachable from them). */
export function loopHeaders(blocks: readonly CfgBlock[], roots: readonly number[]): Set<number> {
  const headers = new Set<number>();
  const state = new Uint8Array(blocks.length); // 0 new, 1 on stack, 2 done
  for (const root of roots) {
    if (state[root] !== 0) continue;
    // Iterative DFS: a stack of [block, next successor index].
    const stack: [number, number][] = [[root, 0]];
    state[root] = 1;
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const [b, i] = top;
      const succs = blocks[b]!.succs;
      if (i < succs.length) {
        top[1] = i + 1;
        const s = succs[i]!;
        if (state[s] === 1) headers.add(s);
        else if (state[s] === 0) {
          state[s] = 1;
          stack.push([s, 0]);
        }
      } else {
        state[b] = 2;
        stack.pop();
      }
    }
  }
  return headers;
}

/**
 * Places granularity checks. `roots` are the path starts: the entry block (0) and every
 * exception-handler block. Unreachable blocks get no check.
 */
export function placeChecks(blocks: readonly CfgBlock[], roots: readonly number[], maxPath: number): CheckPlacement {
  const n = blocks.length;
  const reason: (CheckReason | undefined)[] = new Array(n).fill(undefined);
  // Unreachable blocks are visited too (after the real roots) so that every cycle is cut,
  // even one in dead code; it never runs, so its checks cost nothing.
  const allRoots = [...roots, ...blocks.keys()];
  const headers = loopHeaders(blocks, allRoots);
  for (let b = 0; b < n; b++) {
    const blk = blocks[b]!;
    if (blk.terminates) reason[b] = 'terminates';
    else if (blk.invokes) reason[b] = 'invokes';
    else if (headers.has(b)) reason[b] = 'loop-header';
  }
  if (maxPath <= 0) return { reason, longestUncheckedPath: longest(blocks, reason, allRoots) };

  // With every retreating-edge target checked, the graph minus edges into checked blocks is
  // acyclic. tail[b] = bytecodes from the start of b to the next check (exclusive), over the
  // worst path. Compute it in post-order; when it exceeds maxPath, check the successor with
  // the largest tail until it fits (greedy: each added check cuts the longest remaining run).
  const tail = new Int32Array(n).fill(-1);
  const visit = (start: number): void => {
    const stack: [number, number][] = [[start, 0]];
    tail[start] = -2; // in progress
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const [b, i] = top;
      const succs = blocks[b]!.succs;
      if (i < succs.length) {
        top[1] = i + 1;
        const s = succs[i]!;
        if (tail[s] === -1) {
          tail[s] = -2;
          stack.push([s, 0]);
        } else if (tail[s] === -2 && reason[s] === undefined) {
          // A retreating edge this DFS found that loopHeaders' DFS did not (irreducible flow).
          reason[s] = 'loop-header';
        }
        continue;
      }
      stack.pop();
      tail[b] = finish(b);
    }
  };
  const contribution = (s: number): number => (reason[s] !== undefined ? 0 : Math.max(0, tail[s]!));
  const finish = (b: number): number => {
    const blk = blocks[b]!;
    for (;;) {
      let worst = -1;
      let worstTail = 0;
      for (const s of blk.succs) {
        const t = contribution(s);
        if (t > worstTail) {
          worstTail = t;
          worst = s;
        }
      }
      if (blk.length + worstTail <= maxPath || worst < 0) return blk.length + worstTail;
      reason[worst] = 'max-path';
    }
  };
  for (const r of allRoots) if (tail[r] === -1) visit(r);
  return { reason, longestUncheckedPath: longest(blocks, reason, allRoots) };
}

/** The longest run of bytecodes from a path start or check to the next check (for reporting and tests). */
export function longest(blocks: readonly CfgBlock[], reason: readonly (CheckReason | undefined)[], roots: readonly number[]): number {
  const n = blocks.length;
  const memo = new Float64Array(n).fill(-1);
  const onStack = new Uint8Array(n);
  const run = (b: number): number => {
    // Iterative post-order over edges into unchecked blocks.
    if (memo[b]! >= 0) return memo[b]!;
    const stack: [number, number][] = [[b, 0]];
    onStack[b] = 1;
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const [x, i] = top;
      const succs = blocks[x]!.succs;
      if (i < succs.length) {
        top[1] = i + 1;
        const s = succs[i]!;
        if (reason[s] === undefined && memo[s]! < 0) {
          if (onStack[s]) return Infinity; // an unchecked cycle
          onStack[s] = 1;
          stack.push([s, 0]);
        }
        continue;
      }
      let m = 0;
      for (const s of succs) if (reason[s] === undefined) m = Math.max(m, memo[s]!);
      memo[x] = blocks[x]!.length + m;
      onStack[x] = 0;
      stack.pop();
    }
    return memo[b]!;
  };
  let worst = 0;
  for (const r of roots) worst = Math.max(worst, run(r));
  for (let b = 0; b < n; b++) if (reason[b] !== undefined) worst = Math.max(worst, run(b));
  return worst;
}

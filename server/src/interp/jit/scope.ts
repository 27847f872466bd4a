// The code generator's state for one method body: the compiled method itself (the root scope)
// or a callee inlined into it (jit/inline.ts). Each scope has its own JS names for locals and
// operand-stack slots, so an inlined body can sit inside its caller's code.

import type { JMethod } from '../klass';
import type { Analysis } from './analyze';

/** An inlined scope declares only the stack variables its code names (`KOMORIUM_JIT_TRIM_DECLS=0`: all, as before). */
const TRIM_DECLS = process.env.KOMORIUM_JIT_TRIM_DECLS !== '0';

/** A call site inlined into the compiled method: how to rebuild its frames when an exception leaves it. */
export interface InlineSite {
  /** The inlined callee. */
  m: JMethod;
  /** The site this one is inlined into (0: the compiled method itself). */
  parent: number;
  /** The invoke's pc in the parent's code. */
  callPc: number;
  /**
   * Per pc: the instructions after it that its block counted on entry (an exception there
   * did not execute them; E.unc).
   */
  rem: Int32Array;
  /**
   * A callee with the transformer's catch-all handler (jit/idioms.ts): its locals (numeric,
   * reference), and their values saved by the catch around its body when an exception left
   * it, for E.inl to write into its rebuilt frame.
   */
  keepN?: number[];
  keepR?: number[];
  kn?: number[] | null;
  kr?: unknown[] | null;
}

/** What all scopes of one compilation share. */
export interface Shared {
  /** Constants referenced as K[i] by the source. */
  consts: unknown[];
  /** Inline sites by id; id 0 is the compiled method (unused). */
  sites: InlineSite[];
  /** Bytecode bytes inlined so far (bounded per compiled method). */
  inlinedBytes: number;
  /** The bound on `inlinedBytes` for this compilation (smaller when a first attempt was too big for TurboFan: compile.ts). */
  maxInlined?: number;
  /** Unique suffix for JS names of inlined scopes. */
  nextScope: number;
  /** Linked invokedynamic sites of the compiled method (pc → static target). */
  indyTargets?: ReadonlyMap<number, JMethod>;
  /**
   * Whether inlined bodies may leave to the interpreter on paths not taken so far (cold calls,
   * unresolved constants, a failed receiver guard, athrow): their frames are built first (jit/inline.ts
   * materialize). Off after too many such exits (E.spec recompiles the method without it).
   */
  speculate: boolean;
  /** How the compiled method leaves to the interpreter. */
  exits?: RootExits;
  /** Reference locals whose array `data` a loop copy reads at its entry (`A<i>`, jit/loops.ts invariantArrays). */
  arrays?: Set<number>;
  /**
   * Site caches (`C<i>`, `Scope.cacheVar`): variables of the generated function's closure that
   * keep a value between calls (the class a checkcast, instanceof or aastore store check last
   * passed, a primitive array class). Declared before the function, `null` at first.
   */
  caches?: number;
  /**
   * Out-of-line exits (jit/inline.ts materialize): case `i + 1` of the closure's function `M`
   * builds the frames of exit `i` from the closure variables `V<j>` its exit set.
   */
  mats?: string[];
  /** How many `V<j>` the out-of-line exits use. */
  matVars?: number;
  /** Entries of the compiled method whose block the interpreter runs (a sampling call's, and the block after it). */
  interpreted?: Set<number>;
  /** The pcs with a `case` of the compiled method's own switch (its loop copies' included): where it can be entered. */
  cases?: Set<number>;
  /**
   * The compiled method itself calls the sampler directly instead of leaving at a sampling call
   * (a method without loops, jit/inline.ts sampleLeaves): a leave unwound every compiled frame
   * below, which the interpreter then re-entered one by one (deep recursion).
   */
  sampleCalls?: boolean;
}

/** How the compiled method (not an inlined callee) leaves to the interpreter. */
export interface RootExits {
  /** Code that leaves at `pc` with stack depth `d`, taking `uncount` counted bytecodes off again. */
  exit(pc: number, d: number, uncount?: number): string;
  /**
   * Code that leaves with `f.pc` already set and stack depth `d` (frames above this one, if
   * any, already pushed), taking `uncount` off: it jumps to the function's one exit tail,
   * which writes back the locals and stack slots [0, d) (codegen.ts).
   */
  leave(d: number, uncount?: number): string;
  /** Code that writes the written locals back to the thread's arrays. */
  spillLocals: string;
  /** Code that writes stack slots [0, d) back. */
  spillStack(d: number): string;
  /**
   * Invokes of the compiled method that call out of its JS function (a compiled callee, a
   * native): pc → the stack depth below the arguments. A signal (PENDING, BLOCK) thrown by the
   * callee leaves the frame at the invoke, and the interpreter later resumes after it and
   * reloads the stack from the thread's arrays, so the catch writes those slots back.
   */
  callOuts: Map<number, number>;
}

/** Thrown while generating an inlined body that cannot be inlined: the call stays a call. */
export class NotInlinable extends Error {}

export class Scope {
  readonly out: string[] = [];
  /** Where an inlined callee's return value goes (its caller's stack slot; null: void). */
  ret: string | null = null;
  /** For an inlined callee: the scope it is inlined into, the invoke's index there, the arguments' first stack slot. */
  parent: Scope | null = null;
  callIdx = 0;
  callB = 0;
  /** While emitBody runs: the current instruction's index and the end of the instructions counted on entry to its block. */
  idx = 0;
  blockEnd = 0;
  /** InlineSite.rem of this scope. */
  readonly rem: Int32Array;
  /** JS name prefix of this scope's variables ('' for the compiled method). */
  readonly p: string;
  constructor(
    readonly g: Shared,
    readonly m: JMethod,
    readonly a: Analysis,
    /** Inline site id (0: the compiled method). */
    readonly site: number,
    /** Nesting depth of inlining (0: the compiled method). */
    readonly level: number,
  ) {
    this.p = site === 0 ? '' : `I${g.nextScope++}_`;
    this.rem = new Int32Array(m.code === null ? 0 : m.code.length);
  }
  get root(): boolean {
    return this.site === 0;
  }
  emit(s: string): void {
    this.out.push(s);
  }
  K(v: unknown): string {
    const consts = this.g.consts;
    let i = consts.indexOf(v);
    if (i < 0) {
      i = consts.length;
      consts.push(v);
    }
    return `K[${i}]`;
  }
  /** A new site cache (`Shared.caches`): a closure variable, `null` until the code sets it. */
  cacheVar(): string {
    const i = this.g.caches ?? 0;
    this.g.caches = i + 1;
    return `C${i}`;
  }
  /** Local `i`, numeric / reference (and long) kind. */
  n(i: number): string {
    return `${this.p}n${i}`;
  }
  r(i: number): string {
    return `${this.p}r${i}`;
  }
  /** Operand-stack slot `i`, numeric / reference (and long) kind. */
  N(i: number): string {
    return `${this.p}N${i}`;
  }
  R(i: number): string {
    return `${this.p}R${i}`;
  }
  /** The variable holding the pc to dispatch on. */
  get pcVar(): string {
    return this.root ? 'pc' : `${this.p}pc`;
  }
  /** The label of the body's loop (inlined scopes). */
  get label(): string {
    return `${this.p}L`;
  }
  /**
   * Declarations of the stack slot variables; with `body` (an inlined scope's code, the only
   * place its variables are visible), only those it names: an inlined callee's slots are mostly
   * one kind each, and declaring both kinds at every depth was ~8% of a method's source.
   */
  stackDecl(body?: string): string {
    let maxDepth = 0;
    for (const d of this.a.depth) if (d > maxDepth) maxDepth = d;
    const used = body === undefined || !TRIM_DECLS ? null : new Set(body.match(new RegExp(`\\b${this.p}[NR]\\d+\\b`, 'g')));
    const vars: string[] = [];
    for (let i = 0; i <= maxDepth + 2; i++) {
      if (used === null || used.has(this.N(i))) vars.push(`${this.N(i)} = 0`);
      if (used === null || used.has(this.R(i))) vars.push(`${this.R(i)} = null`);
    }
    return vars.join(', ');
  }
}

// JIT entry points: decides when a method is compiled (a counter of invocations and back
// edges), builds the JS function with `new Function`, and supplies the helpers the generated
// code calls (E). A method that cannot be compiled (jsr/ret, huge) is marked and interpreted.

import { writeSync } from 'node:fs';
import type { JClass, JMethod } from '../klass';
import type { JObject } from '../object';
import * as L from '../long';
import { BLOCK, PENDING, VmError } from '../signals';
import { castMessage, checkcastFails, isAssignable, isInstance, newArray } from '../ops';
import type { JThread, Frame } from '../thread';
import type { VM } from '../vm';
import { selectAtSite } from '../resolve';
import { analyze, NotCompilable } from './analyze';
import { enterMethod } from '../calls';
import { ENTRY_TABLE, generate, type Shrink } from './codegen';
import { arraycopyFast } from '../natives/java/lang/System';
import { tailTarget } from '../invoke/sigpoly';
import { tryEnter } from '../monitor';
import type { InlineSite } from './scope';
import { stay } from './stay';
import { jitStats } from './stats';

/** A compiled method: runs from f.pc, returns the bytecodes executed (0: not an entry). */
export type CompiledFn = ((t: JThread, f: Frame, budget: number) => number) & {
  /** Where the interpreter may enter it (Generated.entries): 1 at an entry, 0 where it would return 0 at once. */
  en?: Uint8Array;
};

/** Invocations + back edges before a method is compiled. */
export const JIT_THRESHOLD = Number(process.env.KOMORIUM_JIT_THRESHOLD ?? 400);
const MAX_CODE = 12000;
/**
 * A method's first compilation waits until its counter (invocations + back edges) reaches
 * `SIZE_WEIGHT` x its bytecode length, if that is above JIT_THRESHOLD
 * (KOMORIUM_JIT_SIZE_WEIGHT; 0: JIT_THRESHOLD for all). What compiling costs grows with the
 * method's size (~75 chars of JS per bytecode byte, generated, parsed and compiled by V8 again),
 * what it saves with the bytecodes run in it afterwards: a large library method run a few
 * hundred times (the JDK's XML parser, docs/BENCHMARKS.md part F) was compiled at its 400th
 * call like a small hot one.
 */
const SIZE_WEIGHT = ((): number => {
  const v = Number(process.env.KOMORIUM_JIT_SIZE_WEIGHT ?? 0);
  return Number.isFinite(v) && v > 0 ? v : 0;
})();
const DEOPT_LIMIT = 50;
/**
 * The span of the VM's clock (bytecodes) within which DEOPT_LIMIT exits at unresolved constants
 * compile a method again (KOMORIUM_JIT_DEOPT_SPAN; 0: any span, as before warm38).
 */
const DEOPT_SPAN = ((): number => {
  const v = Number(process.env.KOMORIUM_JIT_DEOPT_SPAN ?? 50_000_000);
  return Number.isFinite(v) && v > 0 ? v : 0;
})();
/** The clock at a method's first exit counted towards DEOPT_LIMIT. */
const deoptSince = new WeakMap<JMethod, number>();
const SPEC_LIMIT = 200;
const MAX_COMPILATIONS = 4;
const DISABLED = process.env.KOMORIUM_JIT === '0';
const TRACE = !!process.env.KOMORIUM_TRACE_JIT;
const DUMP = process.env.KOMORIUM_JIT_DUMP;
/**
 * Generated source (chars) above which a method is generated again with less inlined: V8 never
 * optimises a function of more than 60 KB of its own bytecode (`--max-optimized-bytecode-size`,
 * 61,440; about 0.85-1 byte per char of our source), so such a function ran in V8's baseline code
 * for good. With the JDK instrumented, inlined callees and their exits made collections'
 * `hashMaps` 167,539 chars (148,642 bytes of V8 bytecode), `HashMap.putVal` 80,136,
 * `TreeMap.fixAfterInsertion` 247,135 (docs/BENCHMARKS.md part B, prof18k).
 * `KOMORIUM_JIT_MAX_SOURCE=0` turns the bound off.
 */
const MAX_SOURCE = Number(process.env.KOMORIUM_JIT_MAX_SOURCE ?? 56_000);
/**
 * Tried in turn while the source is above MAX_SOURCE: less inlined (inline.ts's own bound is
 * 600 bytes), then also without the loops' JS copies (which double an innermost loop's code:
 * TreeMap.fixAfterInsertion 224,556 chars with them, 115,727 without).
 */
const SHRINK: readonly Shrink[] = [{ maxInlined: 300 }, { maxInlined: 120 }, { noLoops: true }, { maxInlined: 120, noLoops: true }, { maxInlined: 0, noLoops: true }];

const E = {
  PENDING,
  BLOCK,
  /** A back edge past the slice's end: continue the slice in place or leave (stay.ts). */
  stay,
  npe: (): VmError => new VmError('java/lang/NullPointerException', null),
  aioobe: (i: number, len: number): VmError => new VmError('java/lang/ArrayIndexOutOfBoundsException', `Index ${i} out of bounds for length ${len}`),
  div0: (): VmError => new VmError('java/lang/ArithmeticException', '/ by zero'),
  storeOk: (a: JObject, v: JObject): boolean => isAssignable(v.klass, a.klass.component as JClass),
  ase: (v: JObject): VmError => new VmError('java/lang/ArrayStoreException', v.klass.javaName),
  cce: (o: JObject, c: JClass): VmError => new VmError('java/lang/ClassCastException', castMessage(o.klass, c)),
  newArray,
  acopy: arraycopyFast,
  checkcastFails,
  isInstance,
  /** Virtual selection with the site's inline cache (resolve.ts MethodSite). */
  sel: selectAtSite,
  /**
   * Compiled code left at a constant that was unresolved when it was compiled (the interpreter
   * resolves it): after DEOPT_LIMIT such exits the method is compiled again, a few times at most,
   * when they came within DEOPT_SPAN bytecodes of the VM's clock; exits that trickle in (a site
   * run once per call of a long method: bench collections' `treeMaps` left at its last four
   * invokes once per iteration and was compiled again in its 12th, a new function that V8 warmed
   * up and TurboFan compiled twice more, warm38) start the count again instead.
   */
  deopt: (m: JMethod, vm: VM): void => {
    if (++m.deopts === 1) deoptSince.set(m, vm.clockNs);
    if (m.deopts >= DEOPT_LIMIT && m.compilations < MAX_COMPILATIONS && typeof m.jit === 'function') {
      m.deopts = 0;
      if (DEOPT_SPAN > 0 && vm.clockNs - (deoptSince.get(m) ?? 0) > DEOPT_SPAN) return;
      m.jit = null;
      m.counter = JIT_THRESHOLD - DEOPT_LIMIT;
      if (TRACE) writeSync(2, `[jit] recompiling ${m} (unresolved constants)\n`);
    }
  },
  /**
   * Compiled code left an inlined callee to the interpreter (jit/inline.ts materialize): after
   * SPEC_LIMIT such exits the method is compiled again without speculative inlining.
   */
  spec: (m: JMethod, where?: string): void => {
    if (++m.specExits >= SPEC_LIMIT && m.speculate && m.compilations < MAX_COMPILATIONS && typeof m.jit === 'function') {
      m.speculate = false;
      m.jit = null;
      m.counter = JIT_THRESHOLD - DEOPT_LIMIT;
      if (TRACE) writeSync(2, `[jit] recompiling ${m} (inlined code left ${m.specExits} times, the last at ${where ?? '?'})\n`);
    }
  },
  /** Calls a native (or any method) the way the interpreter's invoke does (calls.ts). */
  enter: enterMethod,
  /** A method-handle trampoline's compiled target, to call directly (invoke/sigpoly.ts). */
  tail: tailTarget,
  /** monitorenter that does not block (monitor.ts); false: leave to the interpreter. */
  menter: tryEnter,
  /**
   * An exception left an inlined callee (jit/inline.ts): pushes the frames the inlined calls
   * would have had, innermost on top at `pc`, so the interpreter's unwinding and the stack
   * trace see them. `q` is the innermost inline site.
   */
  inl: (t: JThread, f: Frame, sites: readonly InlineSite[], q: number, pc: number): void => {
    const chain: InlineSite[] = [];
    for (let s = q; s !== 0; s = sites[s].parent) chain.push(sites[s]);
    chain.reverse();
    f.pc = chain[0].callPc;
    const root = f.m as JMethod;
    let base = f.lp + root.maxLocals + root.maxStack;
    for (let i = 0; i < chain.length; i++) {
      const fr = E.push(t, chain[i].m, base);
      const site = chain[i];
      if (site.kn) {
        // Its locals, for the handler the interpreter runs in this frame.
        const kn = site.kn;
        const kr = site.kr ?? [];
        const keepN = site.keepN ?? [];
        const keepR = site.keepR ?? [];
        for (let j = 0; j < keepN.length; j++) t.n[fr.lp + keepN[j]] = kn[j];
        for (let j = 0; j < keepR.length; j++) (t.r as unknown[])[fr.lp + keepR[j]] = kr[j];
        site.kn = null;
        site.kr = null;
      }
      fr.pc = i + 1 < chain.length ? chain[i + 1].callPc : pc;
      base = fr.sp + chain[i].m.maxStack;
    }
  },
  /**
   * Bytecodes counted on entry to the blocks of an exception's instruction (`pc` in inline
   * site `q`, 0 = the compiled method) and of the calls it is inlined in, but not executed.
   */
  unc: (sites: readonly InlineSite[], q: number, pc: number): number => {
    let u = sites[q].rem[pc];
    for (let s = q; s !== 0; s = sites[s].parent) u += sites[sites[s].parent].rem[sites[s].callPc];
    return u;
  },
  /**
   * A sampling call of a compiled method without loops (jit/inline.ts, SAMPLE_DIRECT): the
   * compiled sampler `m` called directly with its frame at `base`, `w` the caller's JS stack
   * weight; the bytecodes it ran, or -1 where a direct call would not be made (the caller
   * leaves to the interpreter at the invoke, as at any call). One call site for all methods.
   */
  smp: (vm: VM, t: JThread, m: JMethod, base: number, budget: number, c: number, w: number): number => {
    const fn = m.jit;
    if (typeof fn !== 'function' || (m.access & 0x20) !== 0 || t.jsw > vm.jsStack || t.depth + 1 >= vm.maxDepth) return -1;
    const f = E.push(t, m, base);
    t.jsw += w;
    const ran = (fn as CompiledFn)(t, f, budget - c);
    t.jsw -= w;
    return ran;
  },
  /** Pushes the frame of a direct call (the arguments are at slots [base, ...)). */
  push: (t: JThread, m: JMethod, base: number): Frame => {
    const need = base + m.maxLocals + m.maxStack + 8;
    if (need > t.n.length) t.ensureSlots(need);
    const f = t.pushFrame();
    f.m = m;
    f.pc = 0;
    f.lp = base;
    f.sp = base + m.maxLocals;
    return f;
  },
};

/**
 * Runs compiled code for the interpreter's loop (`interpret` calls compiled code only here).
 * The call site below is made megamorphic when the module loads (five functions of their own),
 * so that TurboFan, optimising `interpret`, never inlines a generated function into it: the
 * first method the loop ran (a bench program's hot loop: sieve's `collatz`, matmul's
 * `multiply`) was inlined into the huge `interpret` while the site had seen it alone, and its
 * loops ran there ~1.8x slower than in the generated function's own optimised code, until
 * `interpret` happened to be deoptimised and compiled again (sieve 55-58 against 29-31 ms per
 * iteration, docs/BENCHMARKS.md part B, jit18j). Changes nothing else.
 */
export function runCompiled(fn: CompiledFn, t: JThread, f: Frame, budget: number): number {
  return fn(t, f, budget);
}
{
  const dummies: CompiledFn[] = [() => 0, () => 1, () => 2, () => 3, () => 4];
  for (let i = 0; i < 3; i++) for (const d of dummies) runCompiled(d, null as unknown as JThread, null as unknown as Frame, 0);
}

export let compiledCount = 0;

/** The JIT's counters (jit/stats.ts). */
export { jitStats };

/** Compiles `m` (or marks it as not compilable). Returns the function or null. */
export function compile(vm: VM, m: JMethod): CompiledFn | null {
  if (DISABLED || vm.exact !== null || m.code === null || m.code.length > MAX_CODE || m.jit === false) {
    m.jit = false;
    return null;
  }
  // Not yet: counted on (the callers call again at the next invocation or back edge).
  if (SIZE_WEIGHT > 0 && m.compilations === 0 && m.counter < m.code.length * SIZE_WEIGHT) return null;
  const t0 = jitStats.enabled ? performance.now() : 0;
  try {
    const a = analyze(m);
    let g = generate(m, a, vm.indySites.get(m));
    for (let i = 0; MAX_SOURCE > 0 && g.size > MAX_SOURCE && i < SHRINK.length; i++) {
      const smaller = generate(m, a, vm.indySites.get(m), SHRINK[i]);
      if (TRACE) vm.reportFailure(`[jit] ${m}: ${g.size} chars, again with ${JSON.stringify(SHRINK[i])}: ${smaller.size}`);
      // None fits (never optimised either way): the first, most inlined, stays.
      if (smaller.size <= MAX_SOURCE) {
        g = smaller;
        break;
      }
    }
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const factory = new Function('K', 'L', 'E', 'vm', 'fr', 'S', g.source) as (...x: unknown[]) => CompiledFn;
    const fn = factory(g.consts, L, E, vm, Math.fround, g.sites);
    if (ENTRY_TABLE) fn.en = g.entries;
    m.jit = fn;
    m.compilations++;
    compiledCount++;
    if (jitStats.enabled) {
      jitStats.count++;
      jitStats.ms += performance.now() - t0;
      jitStats.sourceChars += g.source.length;
    }
    if (TRACE) vm.reportFailure(`[jit] ${m} (${m.code.length} bytes, ${g.source.length} chars)`);
    if (DUMP && String(m).includes(DUMP)) vm.reportFailure(`[jit] ${m}\n${g.source}`);
    return fn;
  } catch (e) {
    if (TRACE) vm.reportFailure(`[jit] not compiled ${m}: ${(e as Error).message}`);
    if (!(e instanceof NotCompilable) && !(e instanceof SyntaxError) && TRACE) vm.reportFailure(String((e as Error).stack));
    m.jit = false;
    return null;
  }
}

// The JIT's code generator: one JS function per hot method, run by the interpreter loop in
// place of interpreting (interpreter.ts). Locals and operand-stack slots live in JS variables
// (`ni`/`ri` for local i in the numeric / reference array, `Ni`/`Ri` for stack slot i).
// The function starts at `f.pc` (any block start), runs until an instruction it leaves to the
// interpreter ("bail": returns of synchronized methods, monitors, athrow, anything needing
// resolution or class initialisation) or the time slice's end at a back edge, writes its
// locals and stack back to the thread's arrays and returns the bytecodes it executed.
// Exceptions set f.pc to the throwing instruction and spill the locals, so the interpreter
// finds handlers as usual. Small callees are inlined (jit/inline.ts); an exception inside one
// rebuilds its frames first (E.inl), so stack traces and handlers are as if it had been called.

import type { JClass, JMethod } from '../klass';
import { InitState } from '../klass';
import { effect, hasBackEdge, type Analysis } from './analyze';
import { emitInsn, narrowRet, type At } from './insns';
import { counterSync, lineStore, runtimeRef } from './idioms';
import { emitInvoke, materialize, SAMPLE_DIRECT, SAMPLE_DIRECT_LOOPS, samplingCallAt } from './inline';
import { findLoops, headerFold, hoistKinds, invariantArrays, type Loop } from './loops';
import { frameWeight } from './js-stack';
import { NotInlinable, Scope, type InlineSite, type RootExits, type Shared } from './scope';
import { outlineSamplingRegions } from './outline';
import { BAIL_OPS, branchAt, forwardTargets, fusedCompare, NESTED_REGIONS, planRegions, samplingBlockEnd } from './codegen-plan';

export { BAIL_OPS } from './codegen-plan';

export interface Generated {
  source: string;
  /** Characters of the compiled function itself (the source less the out-of-line exits' `M`). */
  size: number;
  /** Constants referenced as K[i] by the source. */
  consts: unknown[];
  /** Inlined call sites (E.inl rebuilds their frames); [0] is unused. */
  sites: InlineSite[];
  /**
   * 1 at each pc where the interpreter may enter the compiled method (a `case` of its switch, not
   * a block the interpreter runs itself); 0 elsewhere, where the function would return 0 at once.
   */
  entries: Uint8Array;
}

/** Instructions after which the next instruction is an entry (the interpreter may resume there). */
const SPLIT_OPS = new Set([...BAIL_OPS, 0xb6, 0xb7, 0xb8, 0xb9]);
const LOOPS = process.env.KOMORIUM_JIT_LOOPS !== '0';
const SPECULATE = process.env.KOMORIUM_JIT_SPECULATE !== '0';
/** Array data of loop-invariant array locals read at a loop copy's entry (jit/loops.ts invariantArrays; `KOMORIUM_JIT_HOIST=0`: at every access). */
const HOIST = process.env.KOMORIUM_JIT_HOIST !== '0';
/**
 * A hoisted array (HOIST) that is null is an empty array of its kind in the loop copy, so an
 * access checks its bounds only: a null array fails that check, which then throws the
 * NullPointerException (the local is not written in the loop, so it is still null there). Each
 * access had a null check of its own in every iteration (matmul's `ci[j] += aik * bk[j]`: three).
 * `KOMORIUM_JIT_NULL_EMPTY=0`: null, checked at each access.
 */
const NULL_EMPTY = process.env.KOMORIUM_JIT_NULL_EMPTY !== '0';
/** The transformer's counter sync and line store as single JS expressions (jit/idioms.ts; `KOMORIUM_JIT_IDIOMS=0`: instruction by instruction). */
const IDIOMS = process.env.KOMORIUM_JIT_IDIOMS !== '0';
/**
 * An inlined body of several blocks as straight code: its jumps (all forward: an inlined body
 * has no loops and is entered at its start only) `break` out of labelled blocks that end at
 * their targets, instead of going through a `for (;;) switch` of its own. The transformer's
 * idioms made small callees many blocks (the counter check and its sampling call, the stack
 * push, getTC/enter/exit), each jump a dispatch, and the loop made every variable of the body
 * a loop phi for V8. `KOMORIUM_JIT_STRAIGHT=0` keeps the switch.
 */
export const STRAIGHT_INLINE = process.env.KOMORIUM_JIT_STRAIGHT !== '0';
/**
 * monitorenter / monitorexit in the compiled method itself (not in inlined bodies): entered in
 * place when that does not block, else left to the interpreter at the instruction. The
 * profiler's Sampler.sample (`synchronized (tc)`) left compiled code three times per sample.
 * `KOMORIUM_JIT_MONITORS=0`: always left to the interpreter.
 */
const MONITORS = process.env.KOMORIUM_JIT_MONITORS !== '0';

/**
 * A block that prepares the arguments of a sampling entry and calls it leaves at its start, as
 * does the block after the call in the compiled method (emitBody; `KOMORIUM_JIT_SAMPLE_BLOCK=0`:
 * the block counts on entry and leaves at the call).
 */
const SAMPLE_BLOCK = process.env.KOMORIUM_JIT_SAMPLE_BLOCK !== '0';
/**
 * The interpreter calls compiled code only at its entries (`Generated.entries`, CompiledFn.en):
 * not at each instruction of a block it runs after the code left (a sampling call's block,
 * ~15 calls per sample that returned 0 after the prologue), so the first `switch (f.pc)` for
 * those blocks is not emitted either. `KOMORIUM_JIT_ENTRY_TABLE=0`: as before.
 */
export const ENTRY_TABLE = process.env.KOMORIUM_JIT_ENTRY_TABLE !== '0';

/**
 * In the compiled method's switch, a forward conditional branch whose fall-through code up to
 * its target is entered from nowhere else (no jump target, no call but into the profiler
 * runtime) becomes `if (!cond) { fall-through code }` followed by the target's `case`: the
 * taken branch falls into the target instead of dispatching through `continue D` and the
 * switch. The transformer's checks jump over their rare paths (the counter check over its
 * sampling call, the stack push over `tc.grow` and the slot's store), so every call of an
 * instrumented method went through the switch several times on its hot path
 * (docs/INTERPRETER.md, "The JIT"; `KOMORIUM_JIT_IF_REGIONS=0`: a dispatch as before). The
 * region's entries lose their `case`: the interpreter, entering there, runs on to the target.
 */
const IF_REGIONS = process.env.KOMORIUM_JIT_IF_REGIONS !== '0';

/**
 * A loop copy whose header block cannot be observed before its branch (jit/loops.ts
 * headerFolds: `i < n`'s loads and compare) counts the header on the edges out of it: on the
 * exit edge, and with the body's own count on entry to the body, one addition per iteration
 * instead of two (matmul's inner loop: `c += 3` and `c += 13` became one `c += 16`). Counts,
 * exceptions, calls' budgets and the back edge's slice check see the same `c` as before.
 * `KOMORIUM_JIT_FOLD_HEADERS=0`: each block counts on entry.
 */
const FOLD_HEADERS = process.env.KOMORIUM_JIT_FOLD_HEADERS !== '0';

/** A smaller compilation (compile.ts MAX_SOURCE): less inlined, no loop copies. */
export interface Shrink {
  maxInlined?: number;
  noLoops?: boolean;
}

export function generate(m: JMethod, a: Analysis, indyTargets?: ReadonlyMap<number, JMethod>, shrink: Shrink = {}): Generated {
  const g: Shared = { consts: [], sites: [], inlinedBytes: 0, nextScope: 0, indyTargets, speculate: m.speculate && SPECULATE, maxInlined: shrink.maxInlined };
  g.sampleCalls = SAMPLE_DIRECT && (SAMPLE_DIRECT_LOOPS || !hasBackEdge(a));
  const s = new Scope(g, m, a, 0, 0);
  g.sites.push({ m, parent: 0, callPc: 0, rem: s.rem });
  const base = m.maxLocals;
  const localsN = [...a.localsN].sort((x, y) => x - y);
  const localsR = [...a.localsR].sort((x, y) => x - y);
  const spillLocals = [...a.writtenN].map((i) => `n[lp + ${i}] = n${i};`).join(' ') + ' ' + [...a.writtenR].map((i) => `r[lp + ${i}] = r${i};`).join(' ');
  const spillStack = (d: number): string => {
    let out = '';
    for (let i = 0; i < d; i++) out += `n[sb + ${i}] = N${i}; r[sb + ${i}] = R${i}; `;
    return out;
  };
  // Every exit to the interpreter jumps to one tail (after the try below), which writes the
  // locals and the stack back: written out at each exit, those stores were 40% of the source of
  // an instrumented method (each block's sampling exit, each call's fallback), and functions
  // above V8's 60 KB of bytecode are never optimised (compile.ts MAX_SOURCE).
  // An exit itself is only assignments of literals to locals and the `break`: the pc, the
  // bytecodes to take off and the time slice's end are stored by the tail. V8 gives each
  // arithmetic operation and property store its own type feedback, and TurboFan compiles one
  // that never ran as a deoptimisation: each rare exit, first taken after the function was
  // optimised, threw the whole function's optimised code away (BENCHMARKS.md part B, prof18m).
  let maxExitDepth = 0;
  const leave = (d: number, uncount = 0): string => {
    if (d > maxExitDepth) maxExitDepth = d;
    return `{ xd = ${d}; ${uncount > 0 ? `xu = ${uncount}; ` : ''}break X; }`;
  };
  const exits: RootExits = {
    exit: (pc, d, uncount = 0) => `{ xp = ${pc}; ${leave(d, uncount).slice(2)}`,
    leave,
    spillLocals,
    spillStack,
    callOuts: new Map(),
  };
  g.exits = exits;
  // Entries: block starts and the instruction after every bail or invoke.
  const entries = new Set(a.blockStart);
  a.insns.forEach((ins, i) => {
    if (SPLIT_OPS.has(ins.op) && i + 1 < a.insns.length) entries.add(a.insns[i + 1].offset);
  });
  // Innermost loops as JS loops first (their `case` comes before the switch's copy), then
  // every instruction as a case of the switch.
  const loops = LOOPS && !shrink.noLoops ? findLoops(a) : [];
  for (const loop of loops) emitBody(s, entries, exits, { loop });
  const fallOuts = new Set(loops.map((l) => a.insns[l.iE].offset + a.insns[l.iE].length));
  emitBody(s, entries, exits, { headers: new Set(loops.map((l) => l.H)), fallOuts });
  // A direct sampling call's region out of line (jit/outline.ts): no deoptimisation at the first sample.
  const outlined = outlineSamplingRegions(s.out);
  const body = outlined.body;
  const out: string[] = [];
  const emit = (line: string): void => void out.push(line);
  emit(`"use strict";`);
  for (const line of outlined.decls) emit(line);
  if (g.caches) emit(`let ${Array.from({ length: g.caches }, (_, i) => `C${i} = null`).join(', ')};`);
  const mats = g.mats ?? [];
  if (mats.length > 0) {
    // The inlined bodies' exits, out of line (jit/inline.ts materialize).
    if (g.matVars) emit(`let ${Array.from({ length: g.matVars }, (_, i) => `V${i}`).join(', ')};`);
    emit(`function M(t, f, sb, q) {`);
    emit(`const n = t.n, r = t.r; let x, d;`);
    emit(`switch (q) {`);
    mats.forEach((code, i) => emit(`case ${i + 1}: ${code}return;`));
    emit(`}`);
    emit(`}`);
  }
  let fnStart = out.length;
  // In parentheses: V8 compiles a parenthesised function expression eagerly, with the factory
  // (compile.ts), instead of pre-parsing it there and parsing it again at its first call (which
  // comes at once: the method is hot). collections' 85 generated functions (0.76 MB): 33 -> 23 ms
  // of CPU to parse and compile (docs/BENCHMARKS.md part B, short18o).
  emit(`return (function jit_${m.name.replace(/[^A-Za-z0-9_]/g, '_')}(t, f, budget) {`);
  // W: this function's JS frame, estimated (jit/js-stack.ts), added to t.jsw around direct calls.
  emit(`const n = t.n, r = t.r, lp = f.lp, sb = lp + ${base}, my = t.depth, W = ${frameWeight(body.join('\n'))};`);
  // Entries whose block the interpreter runs itself (a sampling call's, emitBody): nothing to do.
  if (g.interpreted && !ENTRY_TABLE) emit(`switch (f.pc) { ${[...g.interpreted].map((pc) => `case ${pc}: `).join('')}return 0; }`);
  // A back edge's limit (jit/stay.ts): the slice's end, which a slice continued in place moves on.
  emit(`let pc = f.pc, c = 0, P = pc, Q = 0${body.some((l) => l.includes('E.stay(')) ? ', lim = budget + t.jshift' : ''};`);
  if (localsN.length) emit(`let ${localsN.map((i) => `n${i} = n[lp + ${i}]${a.intLocals.has(i) ? ' | 0' : ''}`).join(', ')};`);
  if (localsR.length) emit(`let ${localsR.map((i) => `r${i} = r[lp + ${i}]`).join(', ')};`);
  emit(`let ${s.stackDecl()};`);
  emit(`let o, x, y, d, xd = 0, xp = -1, xu = 0, xs = 0${mats.length > 0 ? ', xq = 0' : ''}${[...(g.arrays ?? [])].map((k) => `, A${k} = null`).join('')};`);
  // Operand stack at the entry point: its depth from the closure's table `ED` (by pc), then one
  // load per slot shared by all entries. A case per entry, each with its own loads, was a
  // deoptimisation of the whole function at each entry first used after TurboFan compiled it
  // (V8's feedback is per operation): the entries after calls are used when the interpreter
  // re-enters (after a sample, a call it made).
  let maxEntryDepth = 0;
  const depths: string[] = [];
  for (const e of entries) {
    const i = a.indexOf.get(e);
    if (i === undefined) continue;
    const d = a.depth[i];
    if (d <= 0 || g.interpreted?.has(e)) continue;
    depths.push(`ED[${e}] = ${d};`);
    if (d > maxEntryDepth) maxEntryDepth = d;
  }
  if (maxEntryDepth > 0) {
    out.splice(fnStart++, 0, `const ED = new Uint16Array(${(m.code as Uint8Array).length}); ${depths.join(' ')}`);
    let line = 'switch (ED[pc]) {';
    for (let j = maxEntryDepth; j > 0; j--) line += ` case ${j}: N${j - 1} = n[sb + ${j - 1}]; R${j - 1} = r[sb + ${j - 1}];`;
    emit(`${line} }`);
  }
  emit(`X: {`);
  emit(`try {`);
  emit(`D: for (;;) {`);
  emit(`switch (pc) {`);
  for (const line of body) out.push(line);
  // Not an entry point (the interpreter is mid-block): nothing was changed, go on interpreting.
  emit(`default: return c;`);
  emit(`}`); // switch
  emit(`}`); // for
  // The bytecodes executed so far go to the thread (interpret adds them): the blocks counted
  // on entry, less what they did not execute after the throwing instruction.
  // A callee called out of this function that throws (a signal: an upcall or a block deep
  // inside it; or a Java exception that a frame above this one catches, the callee's own
  // handler included) leaves this frame at its invoke with the slots below its arguments live:
  // the interpreter resumes after the invoke, where they are read back from the arrays. (Only
  // signals were spilled: a long below `count(...)` in `h = h * 31 + count(...)`, where count
  // caught an exception thrown in it, was read back as whatever the arrays held.) An exception
  // that unwinds to this frame's own handler finds the slots spilled and the handler's stack
  // cleared, as in the interpreter.
  const sites = g.sites.length > 1 ? `if (Q !== 0) E.inl(t, f, S, Q, P); else ` : '';
  let restore = '';
  if (exits.callOuts.size > 0) {
    const cases = [...exits.callOuts].filter(([, b]) => b > 0).map(([pc, b]) => `case ${pc}: ${spillStack(b)}break;`);
    if (cases.length > 0) restore = ` if (Q === 0) switch (P) { ${cases.join(' ')} }`;
  }
  emit(`} catch (e) { t.xc += c - E.unc(S, Q, P); ${sites}f.pc = P; ${spillLocals}${restore} throw e; }`);
  emit(`} // X`);
  // The exits' tail: f.pc (and any frames above) set, stack depth xd.
  let tail = `${mats.length > 0 ? 'if (xq !== 0) M(t, f, sb, xq); ' : ''}if (xp >= 0) f.pc = xp; if (xs !== 0) t.sliceEnd = true; c -= xu; f.sp = sb + xd; ${spillLocals}`;
  if (maxExitDepth > 0) {
    tail += ' switch (xd) {';
    for (let i = maxExitDepth; i > 0; i--) tail += ` case ${i}: n[sb + ${i - 1}] = N${i - 1}; r[sb + ${i - 1}] = R${i - 1};`;
    tail += ' }';
  }
  emit(`${tail} return c;`);
  emit(`});`);
  // The size that V8's bound applies to (compile.ts MAX_SOURCE): the compiled function, not `M`.
  const size = out.slice(fnStart).reduce((k, line) => k + line.length + 1, 0);
  const entryTable = new Uint8Array((m.code as Uint8Array).length);
  for (const pc of g.cases ?? []) if (!g.interpreted?.has(pc)) entryTable[pc] = 1;
  return { source: out.join('\n'), size, consts: g.consts, sites: g.sites, entries: entryTable };
}

/** How emitBody lays out the compiled method's code (jit/loops.ts). */
export interface Layout {
  /** Emit only this loop's range, as a JS loop. */
  loop?: Loop;
  /** Headers of the loops emitted as JS loops (the switch's copy jumps to them). */
  headers?: ReadonlySet<number>;
  /** Where the loop copies fall out of their range into the switch (dispatched to, so never in an `if` region). */
  fallOuts?: ReadonlySet<number>;
}

/**
 * Emits the `case`s of scope `s`'s instructions (its body's switch). `entries` are the pcs
 * with a case label; `exits` is given for the compiled method, null for an inlined callee
 * (which cannot leave to the interpreter: NotInlinable).
 */
export function emitBody(s: Scope, entries: ReadonlySet<number>, exits: RootExits | null, layout: Layout = {}): void {
  const a = s.a;
  const m = s.m;
  const loop = layout.loop;
  const headers = layout.headers;
  const bails = (op: number, pc: number): boolean => BAIL_OPS.has(op) && !(op === 0xba && s.root && s.g.indyTargets?.has(pc)) && !(MONITORS && s.root && (op === 0xc2 || op === 0xc3));
  /** End (instruction index) of the instructions counted on entry to the current block. */
  let blockEnd = 0;
  /** A loop copy's header count not yet added (FOLD_HEADERS): added on its exit edge and with the body's count. */
  let fold = 0;
  const fh = FOLD_HEADERS && loop !== undefined && exits !== null ? headerFold(a, loop, entries) : null;
  const folds = fh !== null && !(SAMPLE_BLOCK && samplingBlockEnd(s, fh.end, entries) >= 0) ? fh : null;
  /** An inlined body of several blocks, straight (STRAIGHT_INLINE): its jump targets, each ending a labelled block. */
  const straight = !s.root && loop === undefined && a.blockStart.size > 1 && STRAIGHT_INLINE ? forwardTargets(a) : null;
  /** An inlined body of one block has no switch (Scope.label names a plain block). */
  const labels = (s.root || a.blockStart.size > 1) && loop === undefined && straight === null;
  if (straight !== null) s.emit([...straight].map((t) => `${s.label}${t}: {`).reverse().join(' '));
  const first = loop?.iH ?? 0;
  const last = loop?.iE ?? a.insns.length - 1;
  // Arrays whose data the loop copy reads once, at its entry (jit/loops.ts invariantArrays).
  const inv = loop !== undefined && s.root && HOIST ? invariantArrays(a, loop, (i) => effect(m.klass, a.insns[i])) : null;
  const hoist = inv === null ? '' : [...hoistKinds(a, inv)].map(([k, e]) => `A${k} = ${s.r(k)} === null ? ${NULL_EMPTY ? e : 'null'} : ${s.r(k)}.data; `).join('');
  if (inv !== null) for (const k of inv.values()) (s.g.arrays ??= new Set()).add(k);
  /** The targets that close the open `if` regions (IF_REGIONS), innermost last. */
  const regionEnds: number[] = [];
  const plan = s.root && loop === undefined && exits !== null && labels && IF_REGIONS ? planRegions(m, a, layout.fallOuts, headers) : null;
  for (let idx = first; idx <= last; idx++) {
    const ins = a.insns[idx];
    const pc = ins.offset;
    const d = a.depth[idx];
    while (regionEnds.length > 0 && regionEnds[regionEnds.length - 1] === pc) {
      s.emit(`} // if ${pc}`);
      regionEnds.pop();
    }
    if (d < 0) continue; // unreachable
    if (straight?.has(pc)) s.emit(`} // ${s.label}${pc}`);
    if (loop !== undefined) {
      // The instructions' temporaries (o, x, y, d) declared again in the loop's body: as the
      // function's variables, live at the switch's loop header, each was one phi for V8 over
      // every kind of value the method puts there (`d`: arrays of every element type), which
      // cost matmul's inner loop ~20% (no temporary lives beyond its instruction).
      // A folded header's `a.length` of an array local the loop never writes: left to the interpreter at the header when null (it throws there).
      const nulls = folds !== null && exits !== null ? folds.nullChecks.map((k) => `if (${s.r(k)} === null) ${exits.exit(pc, d)} `).join('') : '';
      if (idx === first && exits !== null) (s.g.cases ??= new Set()).add(pc);
      if (idx === first) s.emit(`case ${pc}: ${hoist}${nulls}L${pc}: for (;;) { let o, x, y, d;${loop.fwd.map((t) => ` B${t}: {`).reverse().join('')}`);
      else if (loop.fwd.includes(pc)) s.emit(`} // B${pc}`);
    }
    if (entries.has(pc) && SAMPLE_BLOCK && pc !== 0 && !(loop !== undefined && idx === first)) {
      // A block that prepares the sampler's arguments and calls it (the granularity check's
      // slow path): left to the interpreter at its start, before anything is counted, so the
      // exit is literals and a `break` only (no code of its own that TurboFan compiled without
      // type feedback; the interpreter runs and counts the block).
      // In the compiled method, the block after the call (the counter's store), when no jump
      // goes there, is entered only by the interpreter after it made the call: it runs it too.
      const afterCall = exits !== null && idx > 0 && !a.blockStart.has(pc) && !headers?.has(pc) && samplingCallAt(s, a.insns[idx - 1]);
      let end = samplingBlockEnd(s, idx, entries);
      if (end < 0 && afterCall) {
        end = idx;
        while (end + 1 < a.insns.length && !entries.has(a.insns[end + 1].offset) && a.depth[end + 1] >= 0) end++;
      }
      if (end >= 0) {
        // The interpreter entering here returns at once (generate's first switch); compiled
        // code reaches the call's block by falling or jumping into it, never the block after the call.
        if (exits !== null) (s.g.interpreted ??= new Set()).add(pc);
        if (!afterCall) {
          const lead = labels && regionEnds.length === 0 && !headers?.has(pc) ? `case ${pc}: ` : '';
          if (lead !== '' && exits !== null) (s.g.cases ??= new Set()).add(pc);
          s.emit(`${lead}${exits !== null ? exits.exit(pc, d) : materialize(s, pc, d, 0, true)}`);
        }
        idx = end;
        continue;
      }
    }
    if (entries.has(pc)) {
      // Count the block's instructions (up to the next entry, or to unreachable code: an
      // inlined callee's catch-all handler, left out of its body by withoutHandlerCode, is no
      // block start there and follows its last block) on entry.
      let len = 0;
      for (let j = idx; j < a.insns.length; j++) {
        if (j > idx && (entries.has(a.insns[j].offset) || a.depth[j] < 0)) break;
        if (exits !== null && bails(a.insns[j].op, a.insns[j].offset)) break;
        len++;
      }
      if (folds !== null && idx === first) fold = len;
      // The switch's copy of a loop header is never dispatched to (the loop copy's case is).
      else if (labels && regionEnds.length === 0 && !headers?.has(pc)) {
        if (exits !== null) (s.g.cases ??= new Set()).add(pc);
        s.emit(`case ${pc}: c += ${len};`);
      } else {
        s.emit(`c += ${len + fold};`);
        fold = 0;
      }
      blockEnd = idx + len;
    }
    s.idx = idx;
    s.blockEnd = blockEnd;
    s.rem[pc] = Math.max(0, blockEnd - idx - 1);
    const next = pc + ins.length;
    /**
     * Leaves to the interpreter at this instruction, which it then executes and counts: the
     * block's instructions from here on were counted on entry but not executed, so they are
     * taken off again.
     */
    const leave = (expected = false): string => {
      if (exits === null) return materialize(s, pc, d, Math.max(0, blockEnd - idx), expected);
      return exits.exit(pc, d, Math.max(0, blockEnd - idx));
    };
    const goto = (target: number, dAfter: number): string => {
      if (exits === null) {
        if (target <= pc) throw new NotInlinable('loop');
        if (straight !== null) return `break ${s.label}${target};`;
        return `${s.pcVar} = ${target}; continue ${s.label};`;
      }
      if (fold > 0) return `c += ${fold}; pc = ${target}; continue D;`; // the folded header's exit edge (headerFolds: forward, out of the loop)
      const back = target <= pc ? `if (c >= lim && c >= (lim = E.stay(vm, t, c, budget))) { xs = 1; ${exits.exit(target, dAfter).slice(2)} ` : '';
      if (loop !== undefined) {
        if (target === loop.H) return `${back}continue L${target};`;
        if (target > loop.H && target <= loop.E) return `break B${target};`;
      }
      return `${back}pc = ${target}; continue D;`;
    };
    const at: At = {
      s,
      ins,
      idx,
      d,
      goto,
      leave,
      branch: (cond, target, dAfter) => {
        if (plan !== null && (NESTED_REGIONS || regionEnds.length === 0) && plan.has(branchAt(a, idx, target))) {
          s.emit(`if (!(${cond})) {`);
          regionEnds.push(target);
        } else s.emit(`if (${cond}) { ${goto(target, dAfter)} }`);
      },
      jump: (target, dAfter) => s.emit(goto(target, dAfter)),
      bail: () => s.emit(leave()),
      // In an inlined body, an unresolved reference into the profiler runtime (the sampling
      // call of a callee that took no sample before this compilation) leaves as expected, not
      // counted towards compiling again without speculation (200 samples there made the caller
      // lose its inlined callees), but towards compiling again, by which time it is resolved.
      unresolved: () =>
        s.emit(s.root ? `{ E.deopt(${s.K(m)}, vm); ${leave()} }` : runtimeRef(m, ins) && exits === null ? `{ E.deopt(${s.K(rootOf(s).m)}, vm); ${leave(true)} }` : leave()),
      throwsHere: () => s.emit(`P = ${pc};`),
      arr: inv?.has(idx) ? `A${inv.get(idx)}` : undefined,
      arrRef: inv?.has(idx) && NULL_EMPTY ? s.r(inv.get(idx) as number) : undefined,
      initCheck: (c: JClass) => {
        if (c.state !== InitState.Initialized) s.emit(`if (${s.K(c)}.state !== ${InitState.Initialized}) ${leave()}`);
      },
    };
    /**
     * To the next instruction, an entry: its `case` follows right here when it is reachable (JS
     * switch fall-through); a loop copy falls through; a loop header is dispatched to (its loop copy).
     */
    const goNext = (to = next, i = idx): string => {
      if (!s.root || loop !== undefined) return '';
      if (headers?.has(to)) return `pc = ${to}; continue D;`;
      return a.depth[i + 1] >= 0 ? `pc = ${to};` : `pc = ${to}; continue D;`;
    };
    const op = ins.op;
    const fused = op >= 0x94 && op <= 0x98 ? fusedCompare(s, idx, entries) : null;
    if (fused !== null) {
      // A compare and the `if` that consumes it: one JS comparison.
      const ifIns = a.insns[idx + 1];
      at.branch(fused, (ifIns.operands as { target: number }).target, op === 0x95 || op === 0x96 ? d - 2 : d - 4);
      idx++;
      if (idx + 1 < a.insns.length && entries.has(ifIns.offset + ifIns.length)) s.emit(goNext(ifIns.offset + ifIns.length, idx));
      continue;
    }
    if (IDIOMS && (op === 0x19 || (op >= 0x2a && op <= 0x2d))) {
      // The transformer's counter sync and `tc.lines[sp] = line` (jit/idioms.ts): one JS
      // expression each instead of their stack shuffles, same counts and exceptions.
      const inner = (p: number): boolean => entries.has(p) || straight?.has(p) === true || loop?.fwd.includes(p) === true;
      const sync = counterSync(m, a, idx, last, inner);
      const ls = sync === null ? lineStore(m, a, idx, last, inner) : null;
      const end = sync?.end ?? ls?.end ?? -1;
      if (end >= 0) {
        for (let k = idx + 1; k <= end; k++) s.rem[a.insns[k].offset] = Math.max(0, blockEnd - k - 1);
        if (sync !== null) {
          const v = s.N(d);
          const key = JSON.stringify(sync.key);
          const minusD = sync.dLocal >= 0 ? ` - ${s.n(sync.dLocal)}` : '';
          if (!sync.store) s.emit(`P = ${a.insns[sync.getIdx].offset}; o = ${s.r(sync.tc)}; if (o === null) throw E.npe(); ${v} = (o[${key}]${minusD}) | 0;`);
          else s.emit(`P = ${a.insns[sync.getIdx].offset}; o = ${s.r(sync.tc)}; if (o === null) throw E.npe(); ${v} = (o[${key}]${minusD} - ${sync.n}) | 0; o[${key}] = ${v};${sync.dReset ? ` ${s.n(sync.dLocal)} = 0;` : ''}`);
          if (sync.ifIdx >= 0) at.branch(`${v} > 0`, (a.insns[sync.ifIdx].operands as { target: number }).target, d);
        } else if (ls !== null) {
          s.emit(`P = ${a.insns[idx + 1].offset}; o = ${s.r(ls.tc)}; if (o === null) throw E.npe(); o = o[${JSON.stringify(ls.key)}]; P = ${a.insns[idx + 4].offset}; if (o === null) throw E.npe(); d = o.data; x = ${s.n(ls.sp)}; if (x >>> 0 >= d.length) throw E.aioobe(x, d.length); d[x] = ${ls.line};`);
        }
        idx = end;
        const e = a.insns[end];
        if (idx + 1 < a.insns.length && entries.has(e.offset + e.length)) s.emit(goNext(e.offset + e.length, idx));
        continue;
      }
    }
    if (bails(op, pc)) {
      at.bail();
    } else if (op === 0xc2 || op === 0xc3) {
      // In the compiled method (bails() above otherwise): the interpreter's monitorenter /
      // monitorexit, a monitorenter that would block left to the interpreter.
      s.emit(`P = ${pc}; o = ${s.R(d - 1)}; if (o === null) throw E.npe();`);
      s.emit(op === 0xc2 ? `if (!E.menter(t, o)) ${at.leave()}` : `vm.monitorExit(t, o);`);
      if (idx + 1 < a.insns.length) s.emit(goNext());
    } else if (op >= 0xac && op <= 0xb1) {
      emitReturn(s, at, exits);
    } else if (op >= 0xb6 && op <= 0xba) {
      emitInvoke(at, exits);
      if (idx + 1 < a.insns.length) s.emit(goNext());
    } else if (emitInsn(at) && idx + 1 < a.insns.length && entries.has(next)) s.emit(goNext());
  }
  if (regionEnds.length > 0) throw new Error(`if region to ${regionEnds[regionEnds.length - 1]} not closed`);
  if (loop !== undefined) {
    // Falling out of the range's last instruction (a conditional back edge): back to the switch.
    const e = a.insns[loop.iE];
    s.emit(`pc = ${e.offset + e.length}; continue D;`);
    s.emit(`} // L${loop.H}`);
  }
}

/** The compiled method's scope. */
function rootOf(s: Scope): Scope {
  let r = s;
  while (r.parent !== null) r = r.parent;
  return r;
}

/**
 * A return. The compiled method returns by itself (the caller, compiled or the interpreter,
 * takes t.rv), unless it holds a monitor: then the interpreter does it. An inlined callee
 * stores its value in its caller's stack slot (Scope.ret) and leaves its body.
 */
function emitReturn(s: Scope, at: At, exits: RootExits | null): void {
  const { ins, d } = at;
  const op = ins.op;
  const top = d - 1;
  let v: string | null = null;
  if (op === 0xac) v = narrowRet(s.m.ret, s.N(top));
  else if (op === 0xae) v = s.N(top);
  else if (op === 0xaf) v = s.N(d - 2);
  else if (op === 0xad) v = s.R(d - 2);
  else if (op === 0xb0) v = s.R(top);
  if (exits === null) {
    const dst = s.ret;
    s.emit(`${v !== null && dst !== null ? `${dst} = ${v}; ` : ''}break ${s.label};`);
    return;
  }
  if (s.m.isSynchronized) {
    at.bail();
    return;
  }
  const store = v === null ? '' : op === 0xad || op === 0xb0 ? `t.rvR = ${v}; ` : `t.rvN = ${v}; `;
  s.emit(`${store}t.depth = my - 1; return c;`);
}


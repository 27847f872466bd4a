// The JIT's invokes: a direct JS call of a compiled callee, a native called in place, or an
// exit to the interpreter; and inlining, where a small callee's body is generated into its
// caller's code (for a virtual call, behind a check that the receiver selects that method).
// An inlined body has no frame: if an exception leaves it, the caller's catch (codegen.ts)
// pushes the frames it would have had (E.inl, from Shared.sites) before the interpreter
// unwinds, so stack traces and handlers are exactly as if it had been called.
//
// What can be inlined: at most MAX_INLINE_BYTES of bytecode, no loops, no exception handlers,
// not synchronized, nothing that leaves to the interpreter (unresolved constants, classes not
// yet initialised, monitors, athrow); its own invokes must be inlinable too (up to MAX_LEVEL
// deep) or trivial. The bytecodes of the callee are counted exactly as if it ran.

import { writeSync } from 'node:fs';
import { InitState, type JMethod } from '../klass';
import type { FieldSite, MethodSite } from '../resolve';
import type { RawInstruction } from '../../classfile/code/raw';
import { Tag } from '../../classfile/model';
import { analyze, NotCompilable, type Analysis } from './analyze';
import { emitBody, STRAIGHT_INLINE } from './codegen';
import type { At } from './insns';
import { EXTENDED_TAIL, instrumentedCost, onlyCatchAllHandlers, withoutHandlerCode } from './idioms';
import { NotInlinable, Scope, type InlineSite, type RootExits } from './scope';

/** Largest callee inlined (bytecode bytes; HotSpot's MaxInlineSize is 35). */
const MAX_INLINE_BYTES = 40;
/** Inlined bytecode per compiled method. */
const MAX_TOTAL_INLINED = 600;
/** Nesting of inlined callees. */
const MAX_LEVEL = 5;
/**
 * The transformer's extended methods (`m(P, TC, MID[], int)`, docs/TRANSFORM.md) carry 30-80
 * bytes of instrumentation (the counter sync and check, the sampling call, the reified-stack
 * push): that much more of such a callee is inlined, so that a program's small methods stay
 * inlined when it is profiled.
 */
const EXTENDED_ALLOWANCE = 80;
/** The profiler runtime's per-call methods that generated code calls (their slow paths leave). */
const RUNTIME_INLINE = new Set(['getTC', 'enter', 'exit', 'callOut', 'callOutReverse']);
const RUNTIME_MAX_BYTES = 100;
const SAMPLING_ENTRIES = new Set(['sampleNext', 'sampleNextLeaf', 'sampleNextWrapped', 'triggerSampling', 'triggerSamplingLeaf']);
const RUNTIME_PACKAGE = 'komorium/rt/';
const INLINE = process.env.KOMORIUM_JIT_INLINE !== '0';
const TRACE = !!process.env.KOMORIUM_TRACE_INLINE;
/**
 * Compiled code leaves to the interpreter at a sampling call (the granularity check's slow
 * path) instead of calling or inlining the sampler (`KOMORIUM_JIT_SAMPLE_CALL=1`: as before).
 */
const SAMPLE_LEAVES = process.env.KOMORIUM_JIT_SAMPLE_CALL !== '1';
/** A compiled method without loops calls the sampler directly (sampleLeaves; `KOMORIUM_JIT_SAMPLE_DIRECT=0`: it leaves). */
// On by default since prof39: its rare path is out of line (jit/outline.ts), so a method
// optimised before its first sample no longer deoptimises there; bench recursion `all` no
// longer returns through every compiled frame of its deep recursions at each sample, strings
// and collections as with the leave (BENCHMARKS.md part B, prof39). Off before: strings `all`
// took 14 % more process CPU with it (pf18), 15-25 % more per iteration through E.smp (pr37).
export const SAMPLE_DIRECT = process.env.KOMORIUM_JIT_SAMPLE_DIRECT !== '0';
/** `KOMORIUM_JIT_SAMPLE_DIRECT=2`: methods with loops call the sampler directly too (through E.smp). */
export const SAMPLE_DIRECT_LOOPS = process.env.KOMORIUM_JIT_SAMPLE_DIRECT === '2';
const TRACE_JIT = !!process.env.KOMORIUM_TRACE_JIT;
/** An inlined body's exit builds its frames out of line (materialize; `KOMORIUM_JIT_MAT_OUT=0`: in the exit). */
const MAT_OUT = process.env.KOMORIUM_JIT_MAT_OUT !== '0';
/** Method-handle trampolines call their compiled target directly (`KOMORIUM_JIT_TAIL=0`: through the native). */
const TAIL_CALLS = process.env.KOMORIUM_JIT_TAIL !== '0';

const analyses = new WeakMap<JMethod, Analysis | null>();

function analysisOf(m: JMethod): Analysis | null {
  let a = analyses.get(m);
  if (a === undefined) {
    try {
      a = analyze(m);
    } catch (e) {
      if (!(e instanceof NotCompilable)) throw e;
      a = null;
    }
    analyses.set(m, a);
  }
  return a;
}

/** Emits the invoke at `at` (in the compiled method if `exits` is given, else in an inlined callee). */
export function emitInvoke(at: At, exits: RootExits | null): void {
  const { s, ins, d } = at;
  const op = ins.op;
  const pc = ins.offset;
  const k = s.m.klass;
  const cpi = (ins.operands as { index: number }).index;
  // invokedynamic: its call site is linked to a static method of a VM-spun class (resolve.ts).
  const indy = op === 0xba && s.root ? s.g.indyTargets?.get(pc) : undefined;
  const site = (op === 0xba ? (indy ? { m: indy, direct: true } : undefined) : op === 0xb7 ? k.spc[cpi] : k.cpc[cpi]) as MethodSite | undefined;
  if (site === undefined || site.m === undefined) {
    at.unresolved();
    return;
  }
  const isStatic = op === 0xb8 || op === 0xba;
  const B = d - site.m.argSlots;
  if (sampleLeaves(s) && isSamplingEntry(site.m)) {
    // A sample leaves to the interpreter at the call: in the compiled method itself the
    // interpreter calls the compiled sampler and re-enters compiled code after the invoke; in
    // an inlined body the frames down to it are built first (expected: not counted towards
    // compiling without speculation). A direct call in the compiled method (its frame push,
    // argument stores and three outcomes) and the sampling entry inlined into inlined bodies
    // made profiled loops several times slower although they ran once per N bytecodes.
    s.emit(exits === null ? at.leave(true) : at.leave());
    return;
  }
  s.emit(`P = ${pc};`);
  if (isStatic) at.initCheck(site.m.klass);
  else s.emit(`o = ${s.R(B)}; if (o === null) throw E.npe();`);
  if (exits === null) {
    // In an inlined callee: a call with one possible target inlined (or trivial); a virtual
    // call inlined for its inline cache's method, behind a guard whose failure leaves to the
    // interpreter; a call never made so far (empty cache) leaves too.
    if (isStatic || site.direct) {
      // A call into the profiler runtime (the sampling path, a reified stack to grow, a runtime
      // method's slow path) that is not run in place leaves to the interpreter: it is rare by
      // design but never stops, so it does not count towards recompiling without speculation.
      const code = inPlace(s, at, site.m, B);
      if (code !== null) s.emit(code);
      else if (site.m.klass.name.startsWith(RUNTIME_PACKAGE)) s.emit(at.leave(true));
      else throw new NotInlinable(`call of ${site.m} (run before) not inlinable`);
      return;
    }
    // A call never made so far (empty cache) leaves (speculating that it is rare); so does a
    // receiver other than the cached one at a site that has seen one class. A site that has
    // seen several, or whose method cannot be inlined, makes this callee not inlinable:
    // leaving there would be the common case (each exit builds the frames and interprets the
    // rest of the caller; after 200 of them the caller was compiled again without speculation).
    const cachedT = site.ct ?? undefined;
    if (cachedT === undefined) {
      s.emit(at.leave());
      return;
    }
    if (site.poly !== null && site.poly.length > 2) throw new NotInlinable(`polymorphic call of ${site.m}`);
    const code = inPlace(s, at, cachedT, B);
    if (code === null) throw new NotInlinable(`call of ${cachedT} (run before) not inlinable`);
    const S = s.K(site);
    s.emit(`y = o.klass === ${S}.ck ? ${S}.ct : E.sel(vm, ${S}, o.klass);`);
    s.emit(`if (y === ${s.K(cachedT)}) {\n${code}\n} else ${at.leave()}`);
    return;
  }
  // The method the call runs, if known now: the target of a static or direct call, else the
  // one the site's inline cache holds; run in place (inlined or trivial) when it can be.
  const cached = isStatic || site.direct ? site.m : (site.ct as JMethod | undefined);
  const tm = site.m;
  const code = cached !== undefined ? inPlace(s, at, cached, B) : null;
  if (code !== null && (isStatic || site.direct)) {
    s.emit(code);
    return;
  }
  let sel: string;
  if (isStatic || site.direct) sel = s.K(tm);
  else {
    const S = s.K(site);
    s.emit(`x = o.klass === ${S}.ck ? ${S}.ct : E.sel(vm, ${S}, o.klass);`);
    sel = 'x';
  }
  s.emit(`y = ${sel};`);
  if (code !== null) s.emit(`if (y === ${s.K(cached)}) {\n${code}\n} else`);
  // Arguments go to the arrays (the callee's locals); the slots below them only matter if
  // control leaves this function (spilled then).
  let argStore = '';
  let slot = B;
  for (const p of (isStatic ? [] : ['L']).concat(tm.params)) {
    const c0 = p[0];
    if (c0 === 'L' || c0 === '[' || c0 === 'J') argStore += `r[sb + ${slot}] = ${s.R(slot)}; `;
    else argStore += `n[sb + ${slot}] = ${s.N(slot)}; `;
    slot += c0 === 'J' || c0 === 'D' ? 2 : 1;
  }
  if (!sampleLeaves(s) && isSamplingEntry(tm)) {
    // A sampling call of a compiled method without loops (SAMPLE_DIRECT): the compiled sampler
    // called through one shared helper (E.smp), so that this rare path is a small block of its
    // own here, with no `budget - c` (a double for a system thread's budget) in every method.
    exits.callOuts.set(pc, B);
    s.emit(`{ ${argStore}f.pc = ${pc}; f.sp = sb + ${B};`);
    s.emit(`if ((x = E.smp(vm, t, y, sb + ${B}, budget, c, W)) < 0) ${at.leave()}`);
    s.emit(`c += x; if (t.depth !== my) ${exits.leave(B)}`);
    if (tm.retKind === 'L' || tm.retKind === 'J') s.emit(`${s.R(B)} = t.rvR;`);
    else if (tm.retKind !== 'V') s.emit(`${s.N(B)} = t.rvN${tm.retKind === 'I' ? ' | 0' : ''};`);
    s.emit(`}`);
    return;
  }
  const below = exits.spillStack(B);
  exits.callOuts.set(pc, B);
  // System.arraycopy that cannot throw copies here, without a frame (as HotSpot's intrinsic).
  if (isStatic && tm.name === 'arraycopy' && tm.klass.name === 'java/lang/System' && tm.desc === '(Ljava/lang/Object;ILjava/lang/Object;II)V') {
    s.emit(`if (E.acopy(${s.R(B)}, ${s.N(B + 1)}, ${s.R(B + 2)}, ${s.N(B + 3)}, ${s.N(B + 4)})) {} else`);
  }
  const syncCheck = isStatic || site.direct ? ((tm.access & 0x20) !== 0 ? 'true || ' : '') : '(y.access & 0x20) !== 0 || ';
  // A direct call nests JS frames: while the compiled frames called so far (t.jsw, the
  // estimated bytes of JS stack they hold, W each: codegen.ts) stay within the VM's budget
  // (vm.jsStack, jit/js-stack.ts); past it the call leaves to the interpreter, which unwinds
  // the JS stack and enters the callee afresh. Not decremented when the callee throws: the
  // exception goes through every compiled frame to the interpreter, which resets t.jsw.
  // The arguments stored and the frame left at the invoke once, for both kinds of call (and
  // harmlessly for the exit, which stores the whole stack): one copy less per call site
  // (compile.ts MAX_SOURCE).
  s.emit(`{ ${argStore}f.pc = ${pc}; f.sp = sb + ${B};`);
  s.emit(`if (typeof y.jit === 'function' && !(${syncCheck}t.jsw > vm.jsStack || my + 1 >= vm.maxDepth)) {`);
  // A compiled callee: a direct JS call.
  s.emit(`x = E.push(t, y, sb + ${B}); t.jsw += W; c += y.jit(t, x, budget - c); t.jsw -= W;`);
  s.emit(`if (t.depth !== my) ${exits.leave(B)}`);
  if (tm.retKind === 'L' || tm.retKind === 'J') s.emit(`${s.R(B)} = t.rvR;`);
  else if (tm.retKind !== 'V') s.emit(`${s.N(B)} = t.rvN${tm.retKind === 'I' ? ' | 0' : ''};`);
  s.emit(`} else if (y.code === null && (y.access & 0x100) !== 0 && my + 1 < vm.maxDepth) {`);
  // A native: called here (it may block or call back: then control leaves with this frame
  // at the invoke, as the interpreter would have it).
  if (below !== '') s.emit(below);
  // Only where the call's method is a trampoline (a call site's shell, invokeBasic, linkTo*:
  // always direct sites): the branch at every native call made dispatch's loops slower.
  const tail = TAIL_CALLS && (isStatic || site.direct) && tm.tailKind > 0;
  if (tail) {
    // A method-handle trampoline (invokeBasic, a call site linked through the JDK with its
    // appendix: sigpoly.ts) whose target is compiled: that target called directly, with the
    // frame the trampoline's tail call pushes (no native frame, as there). Through the native,
    // the target's frame was left for the interpreter, which ran it and re-entered this code
    // after the invoke: four trips through the interpreter per lambda expression evaluated in
    // an `all` run, whose lambdas link through LambdaMetafactory.
    s.emit(`if (t.jsw <= vm.jsStack && (x = E.tail(vm, t, y, sb + ${B})) !== null) {`);
    s.emit(`y = x; x = E.push(t, y, sb + ${B}); t.jsw += W; c += y.jit(t, x, budget - c); t.jsw -= W;`);
    s.emit(`if (t.depth !== my) ${exits.leave(B)}`);
    if (tm.retKind === 'L' || tm.retKind === 'J') s.emit(`${s.R(B)} = t.rvR;`);
    else if (tm.retKind !== 'V') s.emit(`${s.N(B)} = t.rvN${tm.retKind === 'I' ? ' | 0' : ''};`);
    s.emit(`} else {`);
  }
  s.emit(`E.enter(vm, t, y, sb + ${B});`);
  // A native that replaced its frame by a Java call (calls.ts TAILCALL: method-handle
  // intrinsics) left a frame above this one: the result comes later, through the interpreter.
  s.emit(`if (t.depth !== my) ${exits.leave(B)}`);
  if (tm.retKind === 'L' || tm.retKind === 'J') s.emit(`${s.R(B)} = r[sb + ${B}];`);
  else if (tm.retKind !== 'V') s.emit(`${s.N(B)} = n[sb + ${B}];`);
  if (tail) s.emit(`}`);
  s.emit(`} else ${at.leave()} }`);
}

/**
 * `tm`'s body generated inline at `at` of scope `s`, its arguments in `s`'s stack slots from
 * `B`, its result left in slot `B`; null if it cannot be inlined.
 */
function inlineBody(s: Scope, at: At, tm: JMethod, B: number): string | null {
  const code = tm.code;
  if (!INLINE || code === null || s.level >= MAX_LEVEL || (tm.access & 0x0520) !== 0) return null;
  if (tm.handlers.length > 0 && !tm.desc.includes(EXTENDED_TAIL)) return null;
  if (tm.isStatic && tm.klass.state !== InitState.Initialized) return null;
  const full = analysisOf(tm);
  if (full === null) return null;
  const cost = inlineCost(tm, code.length, full);
  if (cost > MAX_INLINE_BYTES) {
    if (TRACE) writeSync(2, `[jit] not inlined into ${s.g.sites[0]?.m ?? s.m}: ${tm}: ${code.length} bytes, cost ${cost}\n`);
    return null;
  }
  if (s.g.inlinedBytes + cost > (s.g.maxInlined ?? MAX_TOTAL_INLINED)) {
    if (TRACE) writeSync(2, `[jit] not inlined into ${s.g.sites[0]?.m ?? s.m}: ${tm}: cost ${cost}, ${s.g.inlinedBytes} bytes inlined already\n`);
    return null;
  }
  // A recursive call is never inlined: its copies would nest MAX_LEVEL deep (2^5 bodies for
  // fib) and the innermost one would leave to the interpreter on every deeper call. The
  // compiled method calls itself directly; a callee on a cycle (f calls f, or f calls g calls
  // f) is not inlined at all (RecursiveCall ends the inlining of the cycle's first callee), so
  // that it is called directly too.
  for (let p: Scope | null = s; p !== null; p = p.parent) {
    if (p.m !== tm) continue;
    if (s.root) return null;
    // The cycle's first inlined callee: p, or (p is the compiled method) its callee on the chain.
    let first: Scope = p;
    if (p.root) for (first = s; first.parent !== null && !first.parent.root; first = first.parent);
    throw new RecursiveCall(first, tm);
  }
  // The transformer's catch-all handler stays out of the inlined body (never entered there):
  // an exception leaving the body saves its locals for the frames E.inl rebuilds, on which the
  // interpreter runs the handler.
  const handlers = tm.handlers.length > 0;
  if (handlers && !onlyCatchAllHandlers(tm, full)) return null;
  const a = handlers ? withoutHandlerCode(tm, full) : full;
  const g = s.g;
  const siteId = g.sites.length;
  const inlinedBefore = g.inlinedBytes;
  g.inlinedBytes += cost;
  const c = new Scope(g, tm, a, siteId, s.level + 1);
  const site: InlineSite = { m: tm, parent: s.site, callPc: at.ins.offset, rem: c.rem };
  if (handlers) {
    site.keepN = [...a.localsN];
    site.keepR = [...a.localsR];
  }
  g.sites.push(site);
  c.parent = s;
  c.callIdx = at.idx;
  c.callB = B;
  c.ret = tm.retKind === 'V' ? null : tm.retKind === 'L' || tm.retKind === 'J' ? s.R(B) : s.N(B);
  try {
    emitBody(c, a.blockStart, null);
  } catch (e) {
    if (!(e instanceof NotInlinable) && !(e instanceof NotCompilable)) throw e;
    g.sites.length = siteId;
    g.inlinedBytes = inlinedBefore;
    if (e instanceof RecursiveCall && e.callee !== c) throw e;
    if (TRACE) writeSync(2, `[jit] not inlined into ${g.sites[0].m}: ${tm}: ${(e as Error).message}\n`);
    return null;
  }
  // The callee's locals: its arguments from the caller's stack slots, the rest zero / null.
  const decl: string[] = [];
  const argN = new Map<number, string>();
  const argR = new Map<number, string>();
  let slot = 0;
  for (const p of (tm.isStatic ? [] : ['L']).concat(tm.params)) {
    const c0 = p[0];
    if (c0 === 'L' || c0 === '[' || c0 === 'J') argR.set(slot, s.R(B + slot));
    else argN.set(slot, s.N(B + slot));
    slot += c0 === 'J' || c0 === 'D' ? 2 : 1;
  }
  for (const i of a.localsN) decl.push(`${c.n(i)} = ${argN.get(i) ?? '0'}`);
  for (const i of a.localsR) decl.push(`${c.r(i)} = ${argR.get(i) ?? 'null'}`);
  const bodyCode = c.out.join('\n');
  const stack = c.stackDecl(bodyCode);
  if (stack !== '') decl.push(stack);
  // One block, or straight code (codegen.ts STRAIGHT_INLINE): a plain labelled block.
  const single = a.blockStart.size === 1 || STRAIGHT_INLINE;
  if (!single) decl.push(`${c.pcVar} = 0`);
  const open = single ? `${c.label}: {` : `${c.label}: for (;;) { switch (${c.pcVar}) {`;
  const close = single ? `}` : `} }`;
  const body = `{ ${decl.length > 0 ? `let ${decl.join(', ')}; ` : ''}Q = ${siteId};\n${open}\n${bodyCode}\n${close}\nQ = ${s.site}; }`;
  if (!handlers) return body;
  const keep = (site.keepN ?? []).map((i) => c.n(i));
  const keepR = (site.keepR ?? []).map((i) => c.r(i));
  const head = body.indexOf(';');
  // The locals must be in scope of the catch: the declaration goes before the try.
  return `{ ${body.slice(2, head + 1)} try {${body.slice(head + 1, -1)}} catch (e) { S[${siteId}].kn = [${keep.join(', ')}]; S[${siteId}].kr = [${keepR.join(', ')}]; throw e; } }`;
}

/**
 * Whether `ins` calls one of the sampling entries that compiled code leaves at (SAMPLE_LEAVES),
 * resolved or not (read from the constant pool): codegen.ts leaves before the block that
 * prepares the call instead.
 */
export function samplingCallAt(s: Scope, ins: RawInstruction): boolean {
  if (!sampleLeaves(s) || (ins.op !== 0xb6 && ins.op !== 0xb8)) return false;
  const cp = s.m.klass.cp;
  const e = cp[(ins.operands as { index: number }).index];
  if (e === undefined || e.tag !== Tag.Methodref) return false;
  const c = cp[e.classIndex];
  const nt = cp[e.nameAndTypeIndex];
  if (c === undefined || c.tag !== Tag.Class || nt === undefined || nt.tag !== Tag.NameAndType) return false;
  const cn = cp[c.nameIndex];
  const nn = cp[nt.nameIndex];
  return cn?.tag === Tag.Utf8 && cn.value === 'komorium/rt/TC' && nn?.tag === Tag.Utf8 && SAMPLING_ENTRIES.has(nn.value);
}

/**
 * Whether code of scope `s` leaves to the interpreter at a sampling call. Not in a compiled
 * method without loops (`Shared.sampleCalls`; not with `KOMORIUM_JIT_SAMPLE_DIRECT=0`, where it leaves too):
 * there a leave returned through every compiled frame below (a deep recursion's, each re-entered
 * by the interpreter after), and no profiled loop carries the direct call's code (pf18).
 */
function sampleLeaves(s: Scope): boolean {
  return SAMPLE_LEAVES && !(s.root && s.g.sampleCalls === true);
}

/**
 * The runtime's sampling entries (the granularity check's slow path, docs/TRANSFORM.md). With
 * SAMPLE_LEAVES (the default) compiled code leaves to the interpreter at their call (emitInvoke).
 * Otherwise they are not inlined into the compiled method itself (a direct call runs the
 * compiled sampler) and are inlined into inlined bodies (their call of the sampler leaves).
 */
function isSamplingEntry(tm: JMethod): boolean {
  return tm.klass.name === 'komorium/rt/TC' && SAMPLING_ENTRIES.has(tm.name);
}

/** `Thread.currentThread()`, a native (TC.getTC's, so every wrapper's, docs/RUNTIME.md). */
function isCurrentThread(tm: JMethod): boolean {
  return tm.name === 'currentThread' && tm.desc === '()Ljava/lang/Thread;' && (tm.access & 0x0108) === 0x0108 && tm.klass.name === 'java/lang/Thread';
}

/**
 * `Thread.currentThread()` in place: what its native returns (natives/java/lang/Thread.ts), no
 * frame; a native counts no bytecodes. In the compiled method, a call at the last frame the
 * thread may have leaves to the interpreter, which throws StackOverflowError as the call
 * would (an inlined body, which has no frames, does not check, like any inlined call).
 */
function currentThread(s: Scope, at: At, B: number): string {
  const deep = s.root ? `if (my + 1 >= vm.maxDepth) ${at.leave()}\n` : '';
  return `${deep}${s.R(B)} = t.jthread;`;
}

/** A recursive call met while inlining: the inlining of scope `callee` is given up. */
class RecursiveCall extends NotInlinable {
  constructor(
    readonly callee: Scope,
    tm: JMethod,
  ) {
    super(`recursive call of ${tm}`);
  }
}

/** The bytes of `tm` (`len` bytes of code) counted against the inlining limits. */
function inlineCost(tm: JMethod, len: number, a: Analysis): number {
  if (tm.klass.name === 'komorium/rt/TC' && RUNTIME_INLINE.has(tm.name)) return len > RUNTIME_MAX_BYTES ? len : Math.min(len, MAX_INLINE_BYTES);
  if (tm.desc.includes(EXTENDED_TAIL)) return Math.min(instrumentedCost(tm, a) ?? len, Math.max(Math.min(len, 1), len - EXTENDED_ALLOWANCE));
  return len;
}

/**
 * The code that runs `tm` in place at `at` (receiver in `o`, arguments in `s`'s stack slots
 * from `B`): its inlined body, or a trivial body (empty method, getter); null if neither.
 */
function inPlace(s: Scope, at: At, tm: JMethod, B: number): string | null {
  if (s.root && isSamplingEntry(tm)) return null;
  if (isCurrentThread(tm)) return currentThread(s, at, B);
  const body = tm.code === null ? null : inlineBody(s, at, tm, B);
  if (body !== null) return body;
  const triv = trivialBody(s, tm, B);
  return triv === null ? null : `${triv.code}c += ${triv.count};`;
}

/**
 * Code that leaves an inlined callee (scope `s`, at `pc` with stack depth `d`) to the
 * interpreter: the compiled method's frame is left at its invoke, and a frame is pushed for
 * each inlined call down to `s`, with its locals, operand stack and pc, so the interpreter goes
 * on exactly where the inlined code was. `uncount` is the innermost block's instructions
 * counted but not executed; the callers' blocks may also have counted instructions after
 * their invokes, which are taken off too. Only when the compilation may speculate.
 */
export function materialize(s: Scope, pc: number, d: number, uncount: number, expected = false): string {
  const g = s.g;
  if (!g.speculate || g.exits === undefined) throw new NotInlinable(`leaves at ${pc}`);
  const chain: Scope[] = [];
  for (let x: Scope | null = s; x !== null; x = x.parent) chain.push(x);
  chain.reverse();
  const root = chain[0];
  const first = chain[1];
  const where = TRACE_JIT ? `, ${root.K(`${s.m}@${pc}`)}` : '';
  // The inlined calls' frames first (above the compiled method's, whose locals and stack
  // below the call the exit tail writes back: disjoint slots). Out of line (MAT_OUT), the
  // values go to the closure's `V<j>` and the frames are built by case `q` of its function `M`,
  // called from the exit tail: the exit itself is only stores to variables, which need no type
  // feedback (an exit's own stores and calls, never run before TurboFan optimised the function,
  // were each a deoptimisation of the whole function when first taken).
  const vals: string[] = [];
  const val = (v: string): string => {
    if (!MAT_OUT) return v;
    vals.push(v);
    return `V${vals.length - 1}`;
  };
  let code = `${expected ? '' : `E.spec(${root.K(root.m)}${where}); `}`;
  code += `f.pc = ${root.a.insns[first.callIdx].offset}; d = sb + ${first.callB}; `;
  let taken = uncount;
  for (let i = 1; i < chain.length; i++) {
    const sc = chain[i];
    const inner = i === chain.length - 1;
    const depth = inner ? d : chain[i + 1].callB;
    code += `x = E.push(t, ${root.K(sc.m)}, d); `;
    for (const j of sc.a.localsN) code += `n[x.lp + ${j}] = ${val(sc.n(j))}; `;
    for (const j of sc.a.localsR) code += `r[x.lp + ${j}] = ${val(sc.r(j))}; `;
    for (let j = 0; j < depth; j++) code += `n[x.sp + ${j}] = ${val(sc.N(j))}; r[x.sp + ${j}] = ${val(sc.R(j))}; `;
    if (!inner) taken += Math.max(0, sc.blockEnd - (chain[i + 1].callIdx + 1));
    code += `x.pc = ${inner ? pc : sc.a.insns[chain[i + 1].callIdx].offset}; d = x.sp + ${depth}; x.sp = d; `;
  }
  const exit = g.exits.leave(first.callB, taken).slice(2);
  if (!MAT_OUT) return `{ ${code}${exit}`;
  const mats = (g.mats ??= []);
  mats.push(code);
  g.matVars = Math.max(g.matVars ?? 0, vals.length);
  return `{ ${vals.map((v, j) => `V${j} = ${v}; `).join('')}xq = ${mats.length}; ${exit}`;
}

/**
 * The body of a trivial method, to run in place of the call: an empty method (`return`, e.g.
 * Object.<init>) or a getter (`aload_0; getfield; <x>return`) whose field is resolved. Not for
 * synchronized or native methods. The receiver is already null-checked (in `o`) at the call.
 * `count` is the callee's bytecodes (they are counted as if it ran).
 */
function trivialBody(s: Scope, tm: JMethod, base: number): { code: string; count: number } | null {
  const code = tm.code;
  if (code === null || (tm.access & 0x120) !== 0) return null;
  if (code.length === 1 && code[0] === 0xb1) return { code: '', count: 1 };
  if (code.length === 5 && code[0] === 0x2a && code[1] === 0xb4 && code[4] >= 0xac && code[4] <= 0xb0 && (tm.access & 0x0008) === 0) {
    const fs = tm.klass.cpc[(code[2] << 8) | code[3]] as FieldSite | undefined;
    if (fs === undefined || fs.key === undefined) return null;
    const dst = fs.kind === 'L' || fs.kind === 'J' ? s.R(base) : s.N(base);
    return { code: `${dst} = o[${JSON.stringify(fs.key)}]; `, count: 3 };
  }
  return null;
}

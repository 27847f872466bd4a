// Instruments one method body (paper 000, Sections 4.1, 4.2, 5.1, 5.2): the reified-stack
// push at entry, a counter update at the start of every basic block, granularity checks where
// checks.ts places them, and call sites that pass (tc, stack, sp) on and record their line.
//
// The body keeps its locals: tc, stack and sp live in fresh locals at the original max_locals
// (T, S, P), copied there from the extended parameters, or obtained like a wrapper does for
// methods that cannot take extra parameters (<clinit>, counting-only fallbacks).

import { isRealInsn, Label, type Frame, type Insn, type MethodCode, type MethodInsn, type VType } from '../classfile/code/insn';
import { uncountedInsns, withoutUncounted } from './uncounted';
import { Op } from '../classfile/code/opcodes';
import { simulateAt } from '../classfile/code/frames';
import { Scratch, scratchUint8 } from '../classfile/code/scratch';
import { entryFrame, type CodeContext } from '../classfile/code/context';
import { placeChecks, type CfgBlock } from './checks';
import { planPaths, type CheckArg, type PathPlan } from './paths';
import { labelTargets, type BasicBlock, type BlockAnalysis } from './blocks';
import { deferredHandlerCounts } from './self-covering';
import { Emitter, localsWith, STACK_TYPE, TC_TYPE, type MemberName } from './emit';
import { RT, extendedDescriptor } from './names';
import { isShutdownEntry } from './scope';
import { emitSites, findSites } from './sites';
import { Tag } from '../classfile/model';
import type { ConstantPool } from '../classfile/pool';
import { paramSlots } from '../classfile/code/vtypes';

/** What to do at a call site. */
export type CallKind =
  /** The target has an extended version: record the line, pass (tc, stack, sp), call it. */
  | 'extended'
  /** Uninstrumented target: record the outgoing call so a callback continues this context. */
  | 'call-out'
  /** Thread.start(): the runtime captures the context for the new thread. */
  | 'thread-start'
  /** A target known never to call back (Object.<init>): nothing to record. */
  | 'plain'
  /**
   * An uninstrumented target that cannot run user code (isLeafCall in clazz.ts): nothing to
   * record, and it neither reads nor changes the counter nor samples, so for blocks, checks and
   * the leaf optimisation the call is an ordinary instruction.
   */
  | 'leaf'
  /** Runtime.halt(int), which skips shutdown hooks: the agent writes its profile first. */
  | 'halt'
  /**
   * Runtime.addShutdownHook/removeShutdownHook without an extended version (scope app): the
   * runtime records the program's hooks, and its own hook waits for them before it writes the
   * profile (Lifecycle.addShutdownHook).
   */
  | 'shutdown-hook';

export interface BodyOptions {
  /** The original method (for frame simulation). */
  ctx: CodeContext;
  mc: MethodCode;
  /** How tc/stack/sp are obtained: extra parameters, or like a wrapper (TC.getTC + enter/exit). */
  entry: 'extended' | 'wrapper';
  mid: MemberName;
  maxPath: number;
  analysis: BlockAnalysis;
  /** Write frames (class version >= 50). */
  frames: boolean;
  /** Decides each invoke's call kind. */
  callKind: (insn: MethodInsn) => CallKind;
  /** Use the leaf optimisation (5.1) when the method has no invoke. Default true. */
  leafOptimisation?: boolean;
  /**
   * With the leaf optimisation, a wrapper-style copy with no invoke may be a lazy leaf wrapper
   * (no enter/exit; RUNTIME.md, "Leaf wrappers"). Default true; false where a later pass
   * replaces the wrapper's enter/exit (the paused classes and upcalls, reflect-patch.ts).
   */
  lazyLeafWrapper?: boolean;
  /**
   * Record source lines: the check's line for the top frame and `tc.lines[sp] = line` at call
   * sites for caller frames. Default true; false measures what per-line attribution costs.
   */
  lineNumbers?: boolean;
  /**
   * Class-initialisation sites (docs/TRANSFORM.md, "Class initialisation"): for an instruction
   * that may run an instrumented static initialiser of another class (`new`, `getstatic`,
   * `putstatic`, `invokestatic`), the class it names; undefined for other instructions. Such a
   * site records itself (`tc.initSite`) the first time it runs. Not given: no sites.
   */
  initTarget?: (insn: Insn) => string | undefined;
  /**
   * Load sites (docs/TRANSFORM.md, "Load sites"; class-path classes in scope all): for an
   * instruction that resolves another class by name, that class; undefined for other
   * instructions. Such a site records itself (`tc.loadSite`) the first time it runs, so that a
   * class load the JVM makes for it goes under its frame and line. Not given: none.
   */
  loadTarget?: (insn: Insn) => string | undefined;
}

export interface BodyStats {
  blocks: number;
  checks: number;
  maxPathChecks: number;
  leaf: boolean;
  longestUncheckedPath: number;
}

interface SubBlock {
  first: number;
  length: number;
  line: number;
}

/** Splits blocks longer than maxPath into runs of at most maxPath instructions. */
function splitBlocks(
  insns: readonly Insn[],
  blocks: readonly BasicBlock[],
  maxPath: number,
  calls: (insn: Insn) => boolean,
  uncounted: ReadonlySet<number> | undefined,
): { cfg: CfgBlock[]; subs: SubBlock[]; roots: number[] } {
  const firstSub: number[] = [];
  const subs: SubBlock[] = [];
  const cfg: CfgBlock[] = [];
  const pieces: number[][] = [];
  for (const b of blocks) {
    firstSub.push(subs.length);
    const starts: number[] = [b.first];
    if (maxPath > 0 && b.length > maxPath) {
      let n = 0;
      for (let j = b.first; j < b.end; j++) {
        if (!isRealInsn(insns[j]!)) continue;
        if (n > 0 && n % maxPath === 0) starts.push(j);
        n++;
      }
    }
    pieces.push(starts);
    for (const s of starts) subs.push({ first: s, length: 0, line: b.line });
  }
  // Lengths, invokes and lines of the pieces; successors: the next piece, the last inherits.
  blocks.forEach((b, bi) => {
    const starts = pieces[bi]!;
    let line = b.line;
    for (let k = 0; k < starts.length; k++) {
      const from = starts[k]!;
      const to = k + 1 < starts.length ? starts[k + 1]! : b.end;
      let length = 0;
      let invokes = false;
      for (let j = from; j < to; j++) {
        const n = insns[j]!;
        if (n.kind === 'line' && j > from) line = n.line;
        if (!isRealInsn(n)) continue;
        // The HotSpot engine's patch code (uncounted.ts) runs in the block but is not counted,
        // and its calls (paused helpers, natives that run no Java) make no check: the block is
        // checked where the original is, as on the embedded engine, which has no patch code.
        if (uncounted?.has(j)) continue;
        length++;
        if (calls(n)) invokes = true;
      }
      const si = firstSub[bi]! + k;
      subs[si]!.length = length;
      if (k > 0) subs[si]!.line = line;
      const last = k === starts.length - 1;
      cfg.push({
        length,
        succs: last ? b.succs.map((s) => firstSub[s]!) : [si + 1],
        terminates: last && b.terminates,
        invokes,
      });
    }
  });
  const roots = [0, ...blocks.flatMap((b, bi) => (b.handler ? [firstSub[bi]!] : []))];
  return { cfg, subs, roots };
}

/**
 * What instrumentBody derives from the original code alone: the same for a method's extended
 * version and its original-signature copy, so the caller computes it once for both.
 */
export interface BodyAnalysis {
  cfg: CfgBlock[];
  subs: SubBlock[];
  roots: number[];
  placement: ReturnType<typeof placeChecks>;
  hasInvoke: boolean;
  /** Path numbering for sample lines (paths.ts); undefined without line numbers. */
  paths: PathPlan | undefined;
  /** The frame before each instruction that starts a checked sub-block, computed on first use. */
  before?: (Frame | undefined)[];
}

/** Blocks, sub-blocks and check placement of `o.mc` (depends on mc, analysis, maxPath, callKind). */
export function analyseBody(o: BodyOptions): BodyAnalysis {
  const insns = o.mc.insns;
  const blocks = o.analysis.findBlocks(o.mc);
  // Invokes that matter for checks, syncs and the leaf optimisation: all but 'leaf' calls.
  const calls = (i: Insn): boolean => i.kind === 'indy' || (i.kind === 'method' && o.callKind(i) !== 'leaf');
  const { cfg, subs, roots } = splitBlocks(insns, blocks, o.maxPath, calls, uncountedInsns(o.mc));
  const placement = placeChecks(cfg, roots, o.maxPath);
  const paths = (o.lineNumbers ?? true) ? planPaths(insns, cfg, subs, roots, placement.reason) : undefined;
  return { cfg, subs, roots, placement, hasInvoke: insns.some(calls), paths };
}

export function instrumentBody(o: BodyOptions, a: BodyAnalysis = analyseBody(o)): { mc: MethodCode; stats: BodyStats; pathTable: string | undefined } {
  const { mc, ctx } = o;
  const pool = ctx.pool;
  const insns = mc.insns;
  const { cfg, subs, roots, placement, hasInvoke, paths } = a;
  const leaf = o.entry === 'extended' && !hasInvoke && (o.leafOptimisation ?? true);
  const lineNumbers = o.lineNumbers ?? true;

  // Locals: T, S, P (and K, the wrapper token) after the original ones.
  const L = Math.max(mc.maxLocals, paramSlots(ctx.descriptor) + (ctx.isStatic ? 0 : 1));
  const T = L;
  const S = L + 1;
  const P = L + 2;
  const K = L + 3;
  // The counter scheme (docs/TRANSFORM.md, "Counting and checks"): `local` keeps the bytecodes
  // counted since the last write-back in a local D and writes tc.instrCounter back only where
  // other code may read or change it; `field` updates tc.instrCounter at every block. Constructors
  // use `field`: the catch-all handler that writes D back on an escaping exception may not cover
  // their super() call.
  const localCounter = ctx.methodName !== '<init>';
  const extra: VType[] = o.entry === 'wrapper' ? [TC_TYPE, STACK_TYPE, 'Integer', 'Integer'] : [TC_TYPE, STACK_TYPE, 'Integer'];
  const D = L + extra.length;
  if (localCounter) extra.push('Integer');
  // R, the path register (paths.ts): the number of the path since the last check.
  const R = L + extra.length;
  if (paths?.usesR) extra.push('Integer');
  const initial = entryFrame(ctx);

  // `new` instructions get a label of their own directly before them, so counting code can go
  // between a block's labels and the `new` while Uninitialized(label) still names the `new`.
  const newLabel = new Map<number, Label>();
  const remap = new Map<Label, Label>();
  insns.forEach((insn, i) => {
    if (insn.kind !== 'type' || insn.op !== Op.NEW) return;
    const l = new Label('new');
    newLabel.set(i, l);
    for (let j = i - 1; j >= 0 && !isRealInsn(insns[j]!); j--) {
      const p = insns[j]!;
      if (p.kind === 'label') remap.set(p.label, l);
    }
  });
  const fixType = (t: VType): VType => (typeof t !== 'string' && t.kind === 'Uninitialized' ? { kind: 'Uninitialized', newLabel: remap.get(t.newLabel) ?? t.newLabel } : t);
  // Without relabelled `new`s (the common case) fixType is the identity: no copies then
  // (localsWith copies the locals anyway; frames are never changed in place).
  const extendFrame = (f: Frame): Frame =>
    remap.size === 0 ? { locals: localsWith(f.locals, L, extra), stack: f.stack } : { locals: localsWith(f.locals.map(fixType), L, extra), stack: f.stack.map(fixType) };

  // Class-initialisation and load sites (sites.ts).
  const sites = findSites(insns, ctx.majorVersion, o.initTarget, o.loadTarget);
  const hasSites = sites.init.size > 0 || sites.load.size > 0;
  // A handler that covers its own start (javac's synchronized catch-any) gets its block's
  // counting code after the covered instructions (self-covering.ts): handler -> that index.
  const subStarts = new Set(subs.map((sub) => sub.first));
  const deferred = deferredHandlerCounts(insns, mc.tryCatch, (j) => !subStarts.has(j) && !paths?.before.has(j) && !paths?.after.has(j));
  const deferredAt = new Map<number, number>();
  for (const [h, at] of deferred) deferredAt.set(at, subAt0(subs, h));
  // A lazy leaf wrapper (RUNTIME.md, "Leaf wrappers"): the original-signature copy of a method
  // with no invoke (and no class-initialisation site) neither enters nor exits; it gets the
  // context and counts, and its checks' slow path (TC.sampleNextWrapped) builds the frame only
  // when a sample is taken. S, P and K are unused then (Top in the frames).
  const lazy =
    o.entry === 'wrapper' && !hasInvoke && (o.leafOptimisation ?? true) && (o.lazyLeafWrapper ?? true) && !hasSites && ctx.methodName !== '<clinit>' && ctx.methodName !== '<init>' && !isShutdownEntry(ctx.thisClass, ctx.methodName, ctx.descriptor);
  if (lazy) extra[1] = extra[2] = extra[3] = 'Top';
  const needFrames = o.frames && (placement.reason.some((r) => r !== undefined) || hasSites);
  if (needFrames && !a.before) {
    const wanted = scratchUint8(Scratch.CheckPoints, insns.length);
    subs.forEach((sub, si) => {
      if (placement.reason[si] !== undefined) wanted[sub.first] = 1;
    });
    for (const i of sites.init.keys()) wanted[i] = 1;
    for (const i of sites.load.keys()) wanted[i] = 1;
    for (const i of deferredAt.keys()) wanted[i] = 1;
    // Targets of split switch edges: their trampolines need the target's frame.
    for (const m of paths?.splits.values() ?? []) for (const v of m.keys()) wanted[subs[v]!.first] = 1;
    a.before = simulateAt(insns, initial, { pool, thisClass: ctx.thisClass }, wanted);
  }
  const before = needFrames ? a.before : undefined;

  const e = new Emitter(pool);
  const midField = (): void => void e.field(Op.GETSTATIC, o.mid);

  // ---- preamble
  // The shutdown hooks have run: the agent writes its profile now, before this method counts anything.
  if (isShutdownEntry(ctx.thisClass, ctx.methodName, ctx.descriptor)) e.invoke(Op.INVOKESTATIC, RT.beforeHalt);
  if (o.entry === 'extended') {
    const A = paramSlots(ctx.descriptor) + (ctx.isStatic ? 0 : 1);
    if (L !== A) {
      // L > A: copy the highest first, since the ranges may overlap.
      e.var(Op.ILOAD, A + 2).var(Op.ISTORE, P);
      e.var(Op.ALOAD, A + 1).var(Op.ASTORE, S);
      e.var(Op.ALOAD, A).var(Op.ASTORE, T);
    }
  } else if (lazy) {
    e.invoke(Op.INVOKESTATIC, RT.getTC).var(Op.ASTORE, T);
  } else {
    e.invoke(Op.INVOKESTATIC, RT.getTC).var(Op.ASTORE, T);
    // A static initialiser continues the init site that ran it (RUNTIME.md, "Class initialisation").
    if (ctx.methodName === '<clinit>' && ctx.majorVersion >= 49) e.var(Op.ALOAD, T).ldcClass(ctx.thisClass).invoke(Op.INVOKEVIRTUAL, RT.enterInit).var(Op.ISTORE, K);
    else e.var(Op.ALOAD, T).invoke(Op.INVOKEVIRTUAL, RT.enter).var(Op.ISTORE, K);
    e.var(Op.ALOAD, T).field(Op.GETFIELD, RT.entryStack).var(Op.ASTORE, S);
    e.var(Op.ALOAD, T).field(Op.GETFIELD, RT.entrySp).var(Op.ISTORE, P);
  }
  if (localCounter) e.op(Op.ICONST_0).var(Op.ISTORE, D);
  if (paths?.usesR) e.int(paths.initial).var(Op.ISTORE, R);
  if (!leaf && !lazy) {
    // if (sp >= stack.length) stack = tc.grow(stack, sp); stack[sp++] = mid;
    const ok = new Label('stackOk');
    e.var(Op.ILOAD, P).var(Op.ALOAD, S).op(Op.ARRAYLENGTH).jump(Op.IF_ICMPLT, ok);
    e.var(Op.ALOAD, T).var(Op.ALOAD, S).var(Op.ILOAD, P).invoke(Op.INVOKEVIRTUAL, RT.grow).var(Op.ASTORE, S);
    e.label(ok);
    if (o.frames) {
      const f = extendFrame(initial);
      e.frame(f.locals, f.stack);
    }
    // if (stack[sp] != mid) stack[sp] = mid; sp++: the reference store (array store check, GC
    // write barrier) is skipped when the slot already holds this MID, as in recursion or a
    // loop calling the same method (docs/RUNTIME.md).
    const pushed = new Label('pushed');
    e.var(Op.ALOAD, S).var(Op.ILOAD, P).op(Op.AALOAD);
    midField();
    e.jump(Op.IF_ACMPEQ, pushed);
    e.var(Op.ALOAD, S).var(Op.ILOAD, P);
    midField();
    e.op(Op.AASTORE);
    e.label(pushed);
    if (o.frames) {
      const f = extendFrame(initial);
      e.frame(f.locals, f.stack);
    }
    e.iinc(P, 1);
  }

  // ---- body
  const bodyStart = e.out.length;
  const subAt = new Map<number, number>();
  subs.forEach((s, i) => subAt.set(s.first, i));
  let line = 0;
  let checks = 0;
  let maxPathChecks = 0;
  // Local counter: a block that invokes or terminates *syncs* at its start (tc.instrCounter -=
  // D + n, D = 0), so D is 0 at every invoke, return and athrow; any other block adds its
  // length to D. clean[b]: D is 0 whenever block b starts (every predecessor syncs).
  const sync = cfg.map((c) => !localCounter || c.invokes || c.terminates);
  const clean = cfg.map(() => true);
  clean[0] = true;
  for (const r of roots) if (r !== 0) clean[r] = false;
  cfg.forEach((c, b) => {
    if (!sync[b]) for (const s of c.succs) clean[s] = false;
  });
  let usesD = false;
  // tc.instrCounter = tc.sampleNext(stack, sp, line): the store follows the call, so after the
  // check's paths merge C2 knows the counter's value (docs/RUNTIME.md, "Granularity checks").
  // (`aload tc; swap` after the call rather than `aload tc` before it: the operand stack's
  // high-water mark stays as it was, and with it the interpreter's frame size.)
  // The line argument: a line, or -1 - (key + R) for a path of the MID's table (paths.ts).
  const lineArg = (arg: CheckArg | undefined, checkLine: number): void => {
    if (arg === undefined || arg.kind === 'line') e.int(arg && arg.line > 0 ? arg.line : checkLine);
    else if (!arg.useR) e.int(-1 - arg.key);
    else e.int(-1 - arg.key).var(Op.ILOAD, R).op(Op.ISUB);
  };
  const emitTrigger = (checkLine: number, arg: CheckArg | undefined): void => {
    if (lazy) {
      e.var(Op.ALOAD, T);
      midField();
      lineArg(arg, checkLine);
      e.invoke(Op.INVOKEVIRTUAL, RT.sampleNextWrapped);
    } else if (leaf) {
      e.var(Op.ALOAD, T).var(Op.ALOAD, S).var(Op.ILOAD, P);
      midField();
      lineArg(arg, checkLine);
      e.invoke(Op.INVOKEVIRTUAL, RT.sampleNextLeaf);
    } else {
      e.var(Op.ALOAD, T).var(Op.ALOAD, S).var(Op.ILOAD, P);
      lineArg(arg, checkLine);
      e.invoke(Op.INVOKEVIRTUAL, RT.sampleNext);
    }
    e.var(Op.ALOAD, T).op(Op.SWAP).field(Op.PUTFIELD, RT.instrCounter);
  };
  const emitCount = (si: number, at: number): void => {
    const sub = subs[si]!;
    const reason = placement.reason[si];
    const withD = localCounter && !clean[si];
    // A loop header's sampling path returns to the block start as a second back edge (undoing
    // the block's count first), so C2 splits it off as an outer loop and the hot inner loop
    // has no call in it (it can then be unrolled, range-check eliminated and vectorised).
    const loopBack = !sync[si] && reason === 'loop-header' ? new Label('loopHead') : undefined;
    if (loopBack) {
      let hasFrame = false;
      for (let k = e.out.length - 1; k >= 0 && !isRealInsn(e.out[k]!); k--) if (e.out[k]!.kind === 'frame') hasFrame = true;
      if (o.frames && !hasFrame) {
        const f = extendFrame(before![at]!);
        e.frame(f.locals, f.stack);
      }
      e.label(loopBack);
    }
    if (!sync[si]) {
      // D += n (iinc takes an s2 delta).
      for (let n = sub.length; n > 0; n -= 32767) e.iinc(D, Math.min(n, 32767));
      usesD = true;
    }
    const skip = new Label('noSample');
    if (sync[si]) {
      e.var(Op.ALOAD, T).op(Op.DUP).field(Op.GETFIELD, RT.instrCounter);
      if (withD) e.var(Op.ILOAD, D).op(Op.ISUB);
      e.int(sub.length).op(Op.ISUB);
      if (reason === undefined) {
        e.field(Op.PUTFIELD, RT.instrCounter);
        if (withD) e.op(Op.ICONST_0).var(Op.ISTORE, D);
        return;
      }
      e.op(Op.DUP_X1).field(Op.PUTFIELD, RT.instrCounter);
      if (withD) e.op(Op.ICONST_0).var(Op.ISTORE, D);
      e.jump(Op.IFGT, skip);
    } else {
      if (reason === undefined) return;
      // if (tc.instrCounter - D <= 0) { tc.instrCounter -= D; D = 0; trigger }
      e.var(Op.ALOAD, T).field(Op.GETFIELD, RT.instrCounter).var(Op.ILOAD, D).op(Op.ISUB).jump(Op.IFGT, skip);
      e.var(Op.ALOAD, T).op(Op.DUP).field(Op.GETFIELD, RT.instrCounter).var(Op.ILOAD, D).op(Op.ISUB).field(Op.PUTFIELD, RT.instrCounter);
      e.op(Op.ICONST_0).var(Op.ISTORE, D);
    }
    checks++;
    if (reason === 'max-path') maxPathChecks++;
    emitTrigger(lineNumbers ? (sub.line > 0 ? sub.line : line) : 0, lineNumbers ? paths?.checkArg[si] : undefined);
    if (loopBack) {
      // D = -n: the block start adds n again and checks once more (tc.instrCounter was just
      // reset to a granularity >= 1, so that check passes).
      for (let n = sub.length; n > 0; n -= 32767) e.iinc(D, -Math.min(n, 32767));
      e.jump(Op.GOTO, loopBack);
    }
    e.label(skip);
    if (o.frames) {
      const f = extendFrame(before![at]!);
      e.frame(f.locals, f.stack);
    }
    // The check starts new paths.
    if (paths?.resetAfterCheck[si]) e.op(Op.ICONST_0).var(Op.ISTORE, R);
  };
  // Switch edges with a path increment go through a trampoline after the body:
  // `L': iinc R, val; goto target`.
  const trampolines: { label: Label; target: Label; delta: number; at: number }[] = [];
  const splitSwitch = <T extends { dflt: Label; targets: Label[] }>(insn: T, m: ReadonlyMap<number, number>): T => {
    const mine = new Map<Label, Label>();
    const map = (l: Label): Label => {
      const v = subAt.get(targetIndex.get(l) ?? -1);
      const delta = v === undefined ? undefined : m.get(v);
      if (v === undefined || delta === undefined) return l;
      let t = mine.get(l);
      if (!t) {
        t = new Label('pathEdge');
        mine.set(l, t);
        trampolines.push({ label: t, target: l, delta, at: subs[v]!.first });
      }
      return t;
    };
    return { ...insn, dflt: map(insn.dflt), targets: insn.targets.map(map) };
  };

  const targetIndex = paths && paths.splits.size > 0 ? labelTargets(insns) : new Map<Label, number>();
  for (let i = 0; i < insns.length; i++) {
    const insn = insns[i]!;
    if (insn.kind === 'line') line = insn.line;
    if (insn.kind === 'frame') {
      const f = extendFrame(insn);
      e.frame(f.locals, f.stack);
      continue;
    }
    if (!isRealInsn(insn)) {
      e.out.push(insn);
      continue;
    }
    const si = deferred.has(i) ? undefined : (subAt.get(i) ?? deferredAt.get(i));
    if (si !== undefined) {
      if (paths?.resetAtStart[si]) e.op(Op.ICONST_0).var(Op.ISTORE, R);
      emitCount(si, i);
    }
    if (hasSites) emitSites(e, sites, i, lineNumbers ? line : 0, { mid: o.mid, leaf, T, S, P, frame: o.frames ? () => extendFrame(before![i]!) : undefined });
    const nl = newLabel.get(i);
    if (nl) e.label(nl);
    const inc = paths?.before.get(i);
    if (inc) e.iinc(R, inc);
    if (insn.kind === 'method') {
      emitCall(e, insn, o.callKind(insn), lineNumbers ? line : -1, T, S, P);
    } else {
      if (insn.kind === 'indy') {
        e.var(Op.ALOAD, T).var(Op.ALOAD, S).var(Op.ILOAD, P).int(lineNumbers ? line : 0).invoke(Op.INVOKEVIRTUAL, RT.callOut);
      }
      if (o.entry === 'wrapper' && !lazy && insn.kind === 'op' && insn.op >= Op.IRETURN && insn.op <= Op.RETURN) {
        e.var(Op.ALOAD, T).var(Op.ILOAD, K).invoke(Op.INVOKEVIRTUAL, RT.exit);
      }
      const split = paths?.splits.get(i);
      if (split && (insn.kind === 'tableswitch' || insn.kind === 'lookupswitch')) e.out.push(splitSwitch(insn, split));
      else e.out.push(insn);
    }
    const incAfter = paths?.after.get(i);
    if (incAfter) e.iinc(R, incAfter);
  }

  // Wrapper-style entries leave the context on exceptional exit too: a catch-all handler
  // over the whole body (last in the table, so the method's own handlers come first). Not in
  // constructors, where a handler may not cover the super() call; TC.exit repairs the levels
  // such an exit skips.
  // With a local counter, the same handler (or one of its own) first writes D back, so the
  // bytecodes counted before an exception leaves the method are not lost. (A handler of the
  // method itself needs nothing: D keeps its value there, and an invoke that throws left D = 0.)
  const tryCatch = [...mc.tryCatch];
  const exitHandler = o.entry === 'wrapper' && !lazy && ctx.methodName !== '<init>';
  if (exitHandler || (usesD)) {
    const start = new Label('bodyStart');
    const end = new Label('bodyEnd');
    const handler = new Label('exitOnThrow');
    const firstBody = e.out.findIndex((n, idx) => idx >= bodyStart && isRealInsn(n));
    if (firstBody >= 0) {
      e.out.splice(firstBody, 0, { kind: 'label', label: start });
      e.label(end).label(handler);
      if (o.frames) e.frame(localsWith([], L, extra), [{ kind: 'Object', className: 'java/lang/Throwable' }]);
      if (usesD) e.var(Op.ALOAD, T).op(Op.DUP).field(Op.GETFIELD, RT.instrCounter).var(Op.ILOAD, D).op(Op.ISUB).field(Op.PUTFIELD, RT.instrCounter);
      if (exitHandler) e.var(Op.ALOAD, T).var(Op.ILOAD, K).invoke(Op.INVOKEVIRTUAL, RT.exit);
      e.op(Op.ATHROW);
      tryCatch.push({ start, end, handler, catchType: 0 });
    }
  }
  for (const t of trampolines) {
    e.label(t.label);
    if (o.frames) {
      const f = extendFrame(before![t.at]!);
      e.frame(f.locals, f.stack);
    }
    e.iinc(R, t.delta).jump(Op.GOTO, t.target);
  }
  const out: MethodCode = { ...mc, insns: e.out, tryCatch, maxLocals: L + extra.length, attributes: withoutUncounted(mc.attributes) };
  return {
    mc: out,
    stats: { blocks: subs.length, checks, maxPathChecks, leaf, longestUncheckedPath: placement.longestUncheckedPath },
    pathTable: lineNumbers ? paths?.table : undefined,
  };
}

/** Per pool: the extended method reference of each original method reference index. */
const extendedRefs = new WeakMap<ConstantPool, Map<number, number>>();

function extendedRef(pool: ConstantPool, index: number): number {
  let m = extendedRefs.get(pool);
  if (!m) extendedRefs.set(pool, (m = new Map()));
  let i = m.get(index);
  if (i === undefined) {
    const ref = pool.memberRef(index);
    i = pool.addMethodref(ref.owner, ref.name, extendedDescriptor(ref.descriptor), ref.tag === Tag.InterfaceMethodref);
    m.set(index, i);
  }
  return i;
}

/** `line` < 0: no line information (no `tc.lines` store; 0 passed where a line is an argument). */
function emitCall(e: Emitter, insn: MethodInsn, kind: CallKind, lineOrNone: number, T: number, S: number, P: number): void {
  const pool = e.pool;
  const line = Math.max(0, lineOrNone);
  switch (kind) {
    case 'plain':
    case 'leaf':
      e.out.push(insn);
      return;
    case 'halt':
      e.invoke(Op.INVOKESTATIC, RT.beforeHalt);
      e.var(Op.ALOAD, T).var(Op.ALOAD, S).var(Op.ILOAD, P).int(line).invoke(Op.INVOKEVIRTUAL, RT.callOut);
      e.out.push(insn);
      return;
    case 'call-out':
      e.var(Op.ALOAD, T).var(Op.ALOAD, S).var(Op.ILOAD, P).int(line).invoke(Op.INVOKEVIRTUAL, RT.callOut);
      e.out.push(insn);
      return;
    case 'shutdown-hook':
      // Replaces invokevirtual Runtime.add/removeShutdownHook (receiver and hook on the stack).
      e.var(Op.ALOAD, T).var(Op.ALOAD, S).var(Op.ILOAD, P).int(line).invoke(Op.INVOKEVIRTUAL, RT.callOut);
      e.invoke(Op.INVOKESTATIC, pool.memberRef(insn.index).name === 'addShutdownHook' ? RT.addShutdownHook : RT.removeShutdownHook);
      return;
    case 'thread-start':
      // Replaces invokevirtual Thread.start()V (the receiver is on the stack).
      e.var(Op.ALOAD, T).var(Op.ALOAD, S).var(Op.ILOAD, P).int(line).invoke(Op.INVOKESTATIC, RT.startThread);
      return;
    case 'extended': {
      // tc.lines[sp] = line; then push tc, stack, sp and call the extended version.
      if (lineOrNone >= 0) e.var(Op.ALOAD, T).field(Op.GETFIELD, RT.lines).var(Op.ILOAD, P).int(line).op(Op.IASTORE);
      e.var(Op.ALOAD, T).var(Op.ALOAD, S).var(Op.ILOAD, P);
      e.out.push({ kind: 'method', op: insn.op, index: extendedRef(pool, insn.index) });
      return;
    }
  }
}

/** The index of the sub-block starting at instruction `first`. */
function subAt0(subs: readonly SubBlock[], first: number): number {
  const k = subs.findIndex((sub) => sub.first === first);
  if (k < 0) throw new Error(`no sub-block starts at instruction ${first}`);
  return k;
}

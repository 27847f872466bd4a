// Exact mode (`komorium run --exact`): the perfect profile of paper 000 Section 7.1 ("JP").
// The original, untransformed classes run; the interpreter counts every executed bytecode and
// every call, per calling context and per source line. Contexts are formed as the reified
// stack would form them: only frames of in-scope classes (the classes a sampled run would
// instrument) count, a call through out-of-scope code (a JDK method calling back) hangs the
// callee under the in-scope caller with the caller's call line, and a thread started by
// in-scope code begins with its creator's context. The result is written in the profile format
// (docs/PROFILE_FORMAT.md) with one "sample" per bytecode, so `overlap` compares it directly
// with sampled profiles.

import type { JMethod } from './klass';
import type { JThread } from './thread';
import { endsProfile } from '../transform/scope';

export interface ExactNode {
  method: JMethod | null;
  parent: ExactNode | null;
  callLine: number;
  /** Bytecodes executed with this context on top. */
  self: number;
  /** Calls into this context. */
  calls: number;
  lines: Map<number, number>;
  kids: Map<string, ExactNode>;
}

function node(method: JMethod | null, callLine: number, parent: ExactNode | null): ExactNode {
  return { method, parent, callLine, self: 0, calls: 0, lines: new Map(), kids: new Map() };
}

interface ThreadTree {
  t: JThread;
  root: ExactNode;
}

function child(parent: ExactNode, m: JMethod, line: number): ExactNode {
  const key = `${m.id}:${line}`;
  let c = parent.kids.get(key);
  if (c === undefined) {
    c = node(m, line, parent);
    parent.kids.set(key, c);
  }
  return c;
}

/** Per-method pc → line table, built once. */
function lineTable(m: JMethod): Int32Array {
  const cached = lineTables.get(m);
  if (cached) return cached;
  const code = m.code as Uint8Array;
  const t = new Int32Array(code.length).fill(0);
  const l = m.lines;
  if (l) {
    for (let i = 0; i < l.length; i += 2) {
      const end = i + 2 < l.length ? l[i + 2] : code.length;
      for (let pc = l[i]; pc < end && pc < code.length; pc++) t[pc] = l[i + 1];
    }
  }
  lineTables.set(m, t);
  return t;
}
const lineTables = new WeakMap<JMethod, Int32Array>();

export class ExactProfiler {
  private readonly trees = new Map<JThread, ThreadTree>();
  /** Per thread, per frame depth: the context node and the depth of the in-scope frame owning it. */
  private readonly nodes = new Map<JThread, ExactNode[]>();
  private readonly owners = new Map<JThread, number[]>();
  /**
   * Per thread, per frame depth: the pc of an instruction that stopped half-way (an upcall for
   * class loading or initialisation: PENDING; a monitor it waits for: BLOCK) and will run again
   * from the start. It was counted when it first started; its re-execution is not counted again
   * (the sampled run's transformed code counts it once). -1: none.
   */
  private readonly retries = new Map<JThread, number[]>();
  private readonly inScope = new Map<JMethod, boolean>();
  /** Context paths that threads started by in-scope code begin with. */
  private readonly startPaths = new Map<JThread, { m: JMethod; line: number }[]>();
  totalBytecodes = 0;
  totalCalls = 0;
  /**
   * Whether bytecodes are counted now: off while the JDK boots when its classes are in scope,
   * as the sampled profile of the same scope does not count the start-up either.
   */
  counting = true;

  constructor(private readonly scope: (internalName: string) => boolean) {}

  private scoped(m: JMethod): boolean {
    let s = this.inScope.get(m);
    if (s === undefined) {
      s = m.code !== null && this.scope(m.klass.name) && !m.klass.hidden;
      this.inScope.set(m, s);
    }
    return s;
  }

  private tree(t: JThread): ThreadTree {
    let tr = this.trees.get(t);
    if (!tr) {
      tr = { t, root: node(null, 0, null) };
      this.trees.set(t, tr);
      let base = tr.root;
      for (const p of this.startPaths.get(t) ?? []) base = child(base, p.m, p.line);
      this.nodes.set(t, []);
      this.owners.set(t, []);
      this.retries.set(t, []);
      this.baseOf.set(t, base);
    }
    return tr;
  }
  private readonly baseOf = new Map<JThread, ExactNode>();

  /** The in-scope context at the top of `t` (and the depth of its frame, -1 for the base). */
  private current(t: JThread, below: number): { node: ExactNode; owner: number } {
    this.tree(t);
    const ns = this.nodes.get(t) as ExactNode[];
    const os = this.owners.get(t) as number[];
    for (let d = below; d >= 0; d--) {
      const f = t.frames[d];
      if (f.m !== null && f.m.code !== null && ns[d] !== undefined) return { node: ns[d], owner: os[d] };
    }
    return { node: this.baseOf.get(t) as ExactNode, owner: -1 };
  }

  /** Set for good when the shutdown hooks have run (or at Runtime.halt): neither profile counts what follows (transform/scope.ts, endsProfile). */
  private shutDown = false;

  /** A frame for `m` is being pushed at depth t.depth + 1. */
  enter(t: JThread, m: JMethod): void {
    // Only where the sampled run instruments the JDK (scope all); in scope app the JVM's
    // shutdown runs no counted code after the hooks.
    if (!this.shutDown && endsProfile(m.klass.name, m.name, m.desc) && this.scope(m.klass.name)) this.shutDown = true;
    const d = t.depth + 1;
    const cur = this.current(t, t.depth);
    const ns = this.nodes.get(t) as ExactNode[];
    const os = this.owners.get(t) as number[];
    (this.retries.get(t) as number[])[d] = -1;
    if (this.scoped(m)) {
      let line = 0;
      if (cur.owner >= 0) {
        const cf = t.frames[cur.owner];
        line = Math.max(0, lineTable(cf.m as JMethod)[cf.pc] ?? 0);
      } else line = this.startLines.get(t) ?? 0;
      const c = child(cur.node, m, line);
      c.calls++;
      this.totalCalls++;
      ns[d] = c;
      os[d] = d;
    } else {
      ns[d] = cur.node;
      os[d] = cur.owner;
    }
  }

  exit(_t: JThread): void {
    // Entries are indexed by depth and overwritten by the next enter.
  }

  /**
   * The instruction at `pc` of the frame at `depth` stopped half-way and runs again from the
   * start when its frame is back on top (the interpreter caught PENDING or BLOCK).
   */
  retry(t: JThread, depth: number, pc: number): void {
    const rs = this.retries.get(t);
    if (rs !== undefined) rs[depth] = pc;
  }

  /** One bytecode at `pc` of the top frame (method `m`). */
  count(t: JThread, m: JMethod, pc: number): void {
    const rs = this.retries.get(t);
    if (rs !== undefined && rs[t.depth] !== undefined && rs[t.depth] !== -1) {
      const again = rs[t.depth] === pc;
      rs[t.depth] = -1;
      if (again) return;
    }
    if (!this.counting || this.shutDown || !this.scoped(m)) return;
    const ns = this.nodes.get(t);
    const n = ns?.[t.depth];
    if (n === undefined) return;
    n.self++;
    const line = lineTable(m)[pc];
    n.lines.set(line, (n.lines.get(line) ?? 0) + 1);
    this.totalBytecodes++;
  }

  /**
   * Thread `nt` is being started (Thread.start0) by `creator`. When the frame calling
   * Thread.start() is in scope, the new thread begins with its context, as Lifecycle.startThread does.
   */
  threadStarted(creator: JThread, nt: JThread): void {
    const d = creator.depth - 2; // [caller, Thread.start, start0]
    const cf = d >= 0 ? creator.frames[d] : undefined;
    if (!cf || cf.m === null || !this.scoped(cf.m)) return;
    const ns = this.nodes.get(creator);
    const n = ns?.[d];
    if (!n) return;
    const path: { m: JMethod; line: number }[] = [];
    for (let x: ExactNode | null = n; x && x.method; x = x.parent) path.unshift({ m: x.method, line: x.callLine });
    this.startPaths.set(nt, path);
    this.startLines.set(nt, Math.max(0, lineTable(cf.m)[cf.pc] ?? 0));
  }
  private readonly startLines = new Map<JThread, number>();

  /** The profile file (docs/PROFILE_FORMAT.md) of everything counted so far. */
  toProfile(meta: Record<string, unknown>): unknown {
    const methods: [string, string, string, string | null][] = [];
    const methodIndex = new Map<JMethod, number>();
    const mi = (m: JMethod): number => {
      let i = methodIndex.get(m);
      if (i === undefined) {
        i = methods.length;
        methods.push([m.klass.javaName, m.name, m.desc, m.klass.sourceFile]);
        methodIndex.set(m, i);
      }
      return i;
    };
    const cmp = (a: ExactNode, b: ExactNode): number => {
      const ma = a.method as JMethod;
      const mb = b.method as JMethod;
      const ka = `${ma.klass.javaName}\0${ma.name}\0${ma.desc}\0${ma.klass.sourceFile ?? ''}`;
      const kb = `${mb.klass.javaName}\0${mb.name}\0${mb.desc}\0${mb.klass.sourceFile ?? ''}`;
      return ka < kb ? -1 : ka > kb ? 1 : a.callLine - b.callLine;
    };
    const total = (n: ExactNode): number => {
      let s = n.self;
      for (const k of n.kids.values()) s += total(k);
      return s;
    };
    const named = [...this.trees.values()].map((tr) => ({ tr, name: tr.t.name })).filter((x) => total(x.tr.root) > 0);
    named.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.tr.t.id - b.tr.t.id));
    const seqs = new Map<string, number>();
    // Methods are listed in order of first use in the node lists (threads in output order).
    const threads = named.map(({ tr, name }) => {
      const seq = seqs.get(name) ?? 0;
      seqs.set(name, seq + 1);
      const nodes: unknown[] = [];
      let samples = 0;
      const emit = (n: ExactNode, parent: number): void => {
        const idx = nodes.length;
        if (n.method === null) nodes.push([-1, -1, 0, 0]);
        else {
          const lines = [...n.lines].filter(([, c]) => c > 0).sort((a, b) => a[0] - b[0]);
          const e: unknown[] = [parent, mi(n.method), n.callLine, n.self];
          if (n.self > 0) e.push(lines.flat());
          nodes.push(e);
          samples += n.self;
        }
        const kids = [...n.kids.values()].filter((k) => total(k) > 0).sort(cmp);
        for (const k of kids) emit(k, idx);
      };
      emit(tr.root, -1);
      return { name, seq, bytecodes: samples, samples, nodes };
    });
    const totalSamples = threads.reduce((s, t) => s + t.samples, 0);
    return {
      format: 'komorium-profile',
      version: 1,
      meta: { ...meta, granularity: 1, random: 0, totalBytecodes: totalSamples, totalSamples },
      methods,
      threads,
    };
  }
}

// The numbers shared by both sides of a diff (methods by class, name and descriptor; lines by
// method and line; contexts by parent, method and call line) and the cost columns of one side
// indexed by them (diff-collect.ts fills them).

import { methodKey } from './format';
import type { MethodInfo } from './schema';
import { Column, type IntColumn, RangeMap, TripleMap } from './columns';

/** Line numbers per method in a shared line key (method number × LINE_KEYS + line). */
export const LINE_KEYS = 1 << 21;

/** Estimated bytecodes and samples per number, and whether the side has that number at all. */
export class Costs {
  readonly selfB = new Column();
  readonly totalB = new Column();
  readonly self = new Column();
  readonly total = new Column();
  present = new Uint8Array(1024);
  ensure(n: number): void {
    this.selfB.ensure(n);
    this.totalB.ensure(n);
    this.self.ensure(n);
    this.total.ensure(n);
    if (n > this.present.length) {
      const p = new Uint8Array(Math.max(n, this.present.length * 2));
      p.set(this.present);
      this.present = p;
    }
  }
}

/** Numbers shared by both sides of a diff. */
export class DiffKeys {
  private readonly methodIds = new Map<string, number>();
  /** Per method number: its MethodInfo (the first seen; for frame labels). */
  readonly methodInfo: MethodInfo[] = [];
  private readonly lineIds = new TripleMap();
  lineCount = 0;
  private readonly contextIds = new TripleMap();
  /** Per context number (0 = the root): parent, method number, call line. */
  readonly ctxParent: number[] = [-1];
  readonly ctxMethod: number[] = [-1];
  readonly ctxLine: number[] = [0];
  private readonly labels: (string | undefined)[] = [''];
  private readonly methodLabels: (string | undefined)[] = [];

  /** methodNumbers' answers by methods table (each is asked twice when useLineRanges ran). */
  private readonly numbered = new Map<readonly MethodInfo[], Int32Array>();

  /** The method numbers of a profile's methods table. */
  methodNumbers(p: { readonly methods: readonly MethodInfo[] }): Int32Array {
    const known = this.numbered.get(p.methods);
    if (known !== undefined) return known;
    const out = new Int32Array(p.methods.length);
    for (let i = 0; i < p.methods.length; i++) {
      const m = p.methods[i]!;
      const k = methodKey(m);
      let id = this.methodIds.get(k);
      if (id === undefined) {
        this.methodIds.set(k, (id = this.methodInfo.length));
        this.methodInfo.push(m);
      }
      out[i] = id;
    }
    this.numbered.set(p.methods, out);
    return out;
  }

  /** Makes room for about `lines` more line numbers and `contexts` more contexts. */
  reserve(lines: number, contexts: number): void {
    this.lineIds.reserve(lines);
    this.contextIds.reserve(contexts);
  }

  private lineRanges: RangeMap | null = null;

  /**
   * Looks line numbers up in a dense table per method's range of lines (RangeMap) instead of
   * the hash table, for the line keys of these collected sides (the lines of methods[i] of
   * `lines.method[s]`, `lines.key[s]`); before any line number is given. Other keys are still
   * found (in the hash table): the ranges only decide which lookups are fast.
   */
  useLineRanges(sides: readonly { methods: readonly MethodInfo[]; lines: { count: number; method: Int32Array; key: Float64Array } }[]): void {
    if (this.lineCount > 0) return;
    const numbers = sides.map((s) => this.methodNumbers(s));
    const n = this.methodInfo.length;
    const lo = new Float64Array(n).fill(Infinity);
    const hi = new Float64Array(n).fill(-Infinity);
    let entries = 0;
    for (let k = 0; k < sides.length; k++) {
      const { count, method, key } = sides[k]!.lines;
      const no = numbers[k]!;
      entries += count;
      for (let s = 0; s < count; s++) {
        const m = no[method[s]!]!;
        const l = Math.min(key[s]!, LINE_KEYS - 1);
        if (l < lo[m]!) lo[m] = l;
        if (l > hi[m]!) hi[m] = l;
      }
    }
    this.lineRanges = RangeMap.of(lo, hi, 4 * entries + 4096);
    if (this.lineRanges === null) this.lineIds.reserve(entries);
  }

  line(method: number, line: number): number {
    const l = Math.min(line, LINE_KEYS - 1);
    const d = this.lineRanges;
    const at = d === null ? -1 : d.at(method, l);
    if (at >= 0) {
      let id = d!.table[at]!;
      if (id < 0) d!.table[at] = id = this.lineCount++;
      return id;
    }
    let id = this.lineIds.find(method, 0, l);
    if (id < 0) this.lineIds.add(method, 0, l, (id = this.lineCount++));
    return id;
  }

  context(parent: number, method: number, callLine: number): number {
    let id = this.contextIds.find(parent, method, callLine);
    if (id < 0) {
      id = this.ctxParent.length;
      this.contextIds.add(parent, method, callLine, id);
      this.ctxParent.push(parent);
      this.ctxMethod.push(method);
      this.ctxLine.push(callLine);
      this.labels.push(undefined);
    }
    return id;
  }

  get contextCount(): number {
    return this.ctxParent.length;
  }

  private frame(c: number, methodLabel: (m: MethodInfo) => string): string {
    const m = this.ctxMethod[c]!;
    const ml = this.methodLabels[m] ?? (this.methodLabels[m] = methodLabel(this.methodInfo[m]!));
    const line = this.ctxLine[c]!;
    return line > 0 ? `${ml}:${line}` : ml;
  }

  /** Frames from the bottom of the stack joined with ' > ', each `pkg.Cls.m(desc)` and `:callLine` when known. */
  label(id: number, methodLabel: (m: MethodInfo) => string): string {
    // Memoized per context, built from the parent's: a string of the parent's text and one frame.
    const todo: number[] = [];
    let k = id;
    while (k > 0 && this.labels[k] === undefined) {
      todo.push(k);
      k = this.ctxParent[k]!;
    }
    for (let i = todo.length - 1; i >= 0; i--) {
      const c = todo[i]!;
      const frame = this.frame(c, methodLabel);
      const p = this.ctxParent[c]!;
      this.labels[c] = p > 0 ? `${this.labels[p]!} > ${frame}` : frame;
    }
    return this.labels[id]!;
  }

  /**
   * Each context's place in the order of the labels (rank[a] < rank[b] exactly when
   * label(a) < label(b)), without comparing the labels: a preorder of the context tree with
   * siblings ordered by their frames. A label is its parent's, ' > ' and its frame, so the
   * subtrees of siblings follow each other in the order of their frames, unless one frame
   * is a prefix of another followed by a character up to ' ' (then null: compare the labels).
   */
  labelRanks(methodLabel: (m: MethodInfo) => string): Int32Array | null {
    const n = this.ctxParent.length;
    const frames: string[] = new Array<string>(n);
    frames[0] = '';
    for (let c = 1; c < n; c++) frames[c] = this.frame(c, methodLabel);
    // children of each context, contiguous (counting sort by parent)
    const start = new Int32Array(n + 1);
    for (let c = 1; c < n; c++) start[this.ctxParent[c]! + 1]!++;
    for (let c = 0; c < n; c++) start[c + 1]! += start[c]!;
    const kids = new Int32Array(Math.max(0, n - 1));
    const fill = start.slice(0, n);
    for (let c = 1; c < n; c++) kids[fill[this.ctxParent[c]!]!++] = c;
    const byFrame = (a: number, b: number): number => (frames[a]! < frames[b]! ? -1 : frames[a]! > frames[b]! ? 1 : 0);
    for (let p = 0; p < n; p++) {
      const from = start[p]!;
      const to = start[p + 1]!;
      if (to - from < 2) continue;
      const sorted = Array.from(kids.subarray(from, to)).sort(byFrame);
      for (let i = 0; i < sorted.length; i++) {
        kids[from + i] = sorted[i]!;
        if (i === 0) continue;
        const x = frames[sorted[i - 1]!]!;
        const y = frames[sorted[i]!]!;
        if (x === y || (y.startsWith(x) && y.charCodeAt(x.length) <= 0x20)) return null;
      }
    }
    const rank = new Int32Array(n);
    const stack: number[] = [0];
    let next = 0;
    while (stack.length > 0) {
      const c = stack.pop()!;
      rank[c] = next++;
      for (let i = start[c + 1]! - 1; i >= start[c]!; i--) stack.push(kids[i]!);
    }
    return rank;
  }
}
/** One side's costs by shared numbers (diff-collect.ts collectSide). */
export interface Side {
  total: number;
  methods: Costs;
  /** Per method number: the side's MethodInfo (the first seen). */
  methodInfo: (MethodInfo | undefined)[];
  lines: Costs;
  /** Per profile method index: the shared method number. */
  methodNo: Int32Array;
  /** The profile's methods table (what lineMethod and contextTop index). */
  profileMethods: readonly MethodInfo[];
  /** Per line number present on this side: the method (index in profileMethods) and the line (as first seen). */
  lineMethod: IntColumn;
  lineNo: IntColumn;
  contexts: Costs | null;
  /** The merged root's estimated bytecodes (self: samples without a frame; total: the whole side). */
  rootSelfB: number;
  rootTotalB: number;
  /** Per context number present on this side: the method of its top frame (index in profileMethods). */
  contextTop: IntColumn;
}

// Table models of the three table views over one tree: the call tree (contexts), hot methods
// (flat, per method) and callers (per method, the reverse tree of its callers, built lazily).

import type { Column, Cell, RowLabel, TableModel } from '../ui/table';
import type { ProfileData } from '../model/profile';
import type { Tree } from '../model/tree';
import type { MethodTotals } from '../model/hot';
import { callersOf, type CallerNode } from '../model/callers';
import { isPlatformClass, javaParameters, packageOf, shortLabel } from '../model/methods';
import { compact, count, pct } from '../ui/format';

/** Session-stable small ids for method keys (row keys stay short). */
export class Interner {
  private readonly ids = new Map<string, number>();
  id(key: string): number {
    let v = this.ids.get(key);
    if (v === undefined) this.ids.set(key, (v = this.ids.size));
    return v;
  }
}

export interface ViewData {
  profile: ProfileData;
  tree: Tree;
  totals: MethodTotals;
  /** Stable key per method index. */
  keys: readonly string[];
  interner: Interner;
}

function methodLabel(d: ViewData, m: number, extra: string[]): RowLabel {
  const ref = d.profile.methods[m]!;
  const pkg = packageOf(ref.className);
  const muted = [...extra, pkg].filter((s) => s !== '').join(' · ');
  return { text: shortLabel(ref), muted, platform: isPlatformClass(ref.className) };
}

function methodTitle(d: ViewData, m: number): string {
  const ref = d.profile.methods[m]!;
  return `${ref.className}.${ref.name}${javaParameters(ref.descriptor)}${ref.sourceFile ? ` — ${ref.sourceFile}` : ''}`;
}

const col = (id: string, title: string, width: string, numeric = true): Column => ({ id, title, width, numeric });

export class CallTreeModel implements TableModel {
  readonly columns = [
    col('name', 'Method', 'minmax(220px, 1fr)', false),
    col('totalPct', 'Total', '88px'),
    col('selfPct', 'Self', '72px'),
    col('total', 'Samples', '100px'),
    col('self', 'Self samples', '116px'),
    col('bytecodes', 'Est. bytecodes', '128px'),
  ];
  private readonly keyCache = new Map<number, string>();

  constructor(private readonly d: ViewData) {}

  roots(): readonly number[] {
    return this.children(0);
  }
  children(id: number): readonly number[] {
    const t = this.d.tree;
    const out: number[] = [];
    for (let c = id + 1; c < t.end[id]!; c = t.end[c]!) out.push(c);
    return out;
  }
  hasChildren(id: number): boolean {
    return this.d.tree.end[id]! > id + 1;
  }
  parent(id: number): number {
    const p = this.d.tree.parent[id]!;
    return p > 0 ? p : -1;
  }
  key(id: number): string {
    let k = this.keyCache.get(id);
    if (k === undefined) {
      const t = this.d.tree;
      const own = `${this.d.interner.id(this.d.keys[t.method[id]!]!)}:${t.callLine[id]}`;
      k = t.parent[id]! > 0 ? `${this.key(t.parent[id]!)}/${own}` : own;
      this.keyCache.set(id, k);
    }
    return k;
  }
  label(id: number): RowLabel {
    const line = this.d.tree.callLine[id]!;
    return methodLabel(this.d, this.d.tree.method[id]!, line > 0 ? [`line ${line}`] : []);
  }
  title(id: number): string {
    return methodTitle(this.d, this.d.tree.method[id]!);
  }
  cell(id: number, c: string): Cell {
    const t = this.d.tree;
    const all = t.total[0]!;
    switch (c) {
      case 'totalPct':
        return { text: pct(t.total[id]!, all), bar: all > 0 ? t.total[id]! / all : 0 };
      case 'selfPct':
        return { text: pct(t.self[id]!, all) };
      case 'total':
        return { text: count(t.total[id]!) };
      case 'self':
        return { text: count(t.self[id]!) };
      case 'bytecodes':
        return { text: compact(t.totalBytecodes[id]!) };
      default:
        return { text: '' };
    }
  }
  sortValue(id: number, c: string): number | string {
    const t = this.d.tree;
    switch (c) {
      case 'name':
        return shortLabel(this.d.profile.methods[t.method[id]!]!);
      case 'self':
      case 'selfPct':
        return t.self[id]!;
      case 'bytecodes':
        return t.totalBytecodes[id]!;
      default:
        return t.total[id]!;
    }
  }
}

export class HotMethodsModel implements TableModel {
  readonly columns = [
    col('name', 'Method', 'minmax(220px, 1fr)', false),
    col('selfPct', 'Self', '88px'),
    col('self', 'Self samples', '116px'),
    col('totalPct', 'Total', '72px'),
    col('total', 'Total samples', '120px'),
    col('bytecodes', 'Est. self bytecodes', '156px'),
  ];

  constructor(private readonly d: ViewData) {}

  roots(): readonly number[] {
    return this.d.totals.present;
  }
  children(): readonly number[] {
    return [];
  }
  hasChildren(): boolean {
    return false;
  }
  parent(): number {
    return -1;
  }
  key(m: number): string {
    return this.d.keys[m]!;
  }
  label(m: number): RowLabel {
    return methodLabel(this.d, m, []);
  }
  title(m: number): string {
    return methodTitle(this.d, m);
  }
  cell(m: number, c: string): Cell {
    const s = this.d.totals;
    const all = this.d.tree.total[0]!;
    switch (c) {
      case 'selfPct':
        return { text: pct(s.self[m]!, all), bar: all > 0 ? s.self[m]! / all : 0 };
      case 'self':
        return { text: count(s.self[m]!) };
      case 'totalPct':
        return { text: pct(s.total[m]!, all) };
      case 'total':
        return { text: count(s.total[m]!) };
      case 'bytecodes':
        return { text: compact(s.selfBytecodes[m]!) };
      default:
        return { text: '' };
    }
  }
  sortValue(m: number, c: string): number | string {
    const s = this.d.totals;
    switch (c) {
      case 'name':
        return shortLabel(this.d.profile.methods[m]!);
      case 'total':
      case 'totalPct':
        return s.total[m]!;
      case 'bytecodes':
        return s.selfBytecodes[m]!;
      default:
        return s.self[m]!;
    }
  }
}

/**
 * Roots are the methods (ids 0..methods-1); expanding one builds its callers tree, whose
 * non-root nodes get ids from `methods` up.
 */
export class CallersModel implements TableModel {
  readonly columns = [
    col('name', 'Method / callers', 'minmax(220px, 1fr)', false),
    col('selfPct', 'Self', '88px'),
    col('self', 'Self samples', '116px'),
    col('totalPct', 'Total', '72px'),
    col('total', 'Total samples', '120px'),
    col('bytecodes', 'Est. bytecodes', '128px'),
  ];
  private readonly trees = new Map<number, { nodes: CallerNode[]; ids: number[] }>();
  /** For ids >= methods: [root method, node index in its tree]. */
  private readonly entries: [number, number][] = [];
  private readonly hasCaller: Uint8Array;
  private readonly keyCache = new Map<number, string>();

  constructor(private readonly d: ViewData) {
    const t = d.tree;
    this.hasCaller = new Uint8Array(d.profile.methods.length);
    for (let i = 1; i < t.size; i++) if (t.parent[i]! > 0) this.hasCaller[t.method[i]!] = 1;
  }

  private get base(): number {
    return this.d.profile.methods.length;
  }

  private treeOf(m: number): { nodes: CallerNode[]; ids: number[] } {
    let tr = this.trees.get(m);
    if (!tr) {
      const nodes = callersOf(this.d.tree, m);
      const ids = nodes.map((_, i) => {
        if (i === 0) return m;
        this.entries.push([m, i]);
        return this.base + this.entries.length - 1;
      });
      tr = { nodes, ids };
      this.trees.set(m, tr);
    }
    return tr;
  }

  /** [root method, node] of an id. */
  locate(id: number): { root: number; node: CallerNode; index: number } {
    if (id < this.base) return { root: id, node: this.rootNode(id), index: 0 };
    const [root, index] = this.entries[id - this.base]!;
    return { root, node: this.treeOf(root).nodes[index]!, index };
  }

  /** A root's row without building its callers tree (the tree's root has the same numbers). */
  private rootNode(m: number): CallerNode {
    const s = this.d.totals;
    const built = this.trees.get(m);
    if (built) return built.nodes[0]!;
    return { method: m, parent: -1, depth: 0, total: s.total[m]!, self: s.self[m]!, totalBytecodes: s.totalBytecodes[m]!, selfBytecodes: s.selfBytecodes[m]!, line: 0, children: [] };
  }

  roots(): readonly number[] {
    return this.d.totals.present;
  }
  children(id: number): readonly number[] {
    const root = id < this.base ? id : this.locate(id).root;
    const tr = this.treeOf(root);
    const node = id < this.base ? tr.nodes[0]! : this.locate(id).node;
    return node.children.map((c) => tr.ids[c]!);
  }
  hasChildren(id: number): boolean {
    if (id < this.base) return this.hasCaller[id] === 1;
    return this.locate(id).node.children.length > 0;
  }
  parent(id: number): number {
    if (id < this.base) return -1;
    const { root, node } = this.locate(id);
    return this.treeOf(root).ids[node.parent]!;
  }
  key(id: number): string {
    let k = this.keyCache.get(id);
    if (k === undefined) {
      const { node } = this.locate(id);
      const own = String(this.d.interner.id(this.d.keys[node.method]!));
      k = id < this.base ? own : `${this.key(this.parent(id))}<${own}`;
      this.keyCache.set(id, k);
    }
    return k;
  }
  label(id: number): RowLabel {
    const { node } = this.locate(id);
    return methodLabel(this.d, node.method, node.line > 0 ? [`calls from line ${node.line}`] : []);
  }
  title(id: number): string {
    return methodTitle(this.d, this.locate(id).node.method);
  }
  cell(id: number, c: string): Cell {
    const n = this.locate(id).node;
    const all = this.d.tree.total[0]!;
    switch (c) {
      case 'selfPct':
        return { text: pct(n.self, all), bar: all > 0 ? n.self / all : 0 };
      case 'self':
        return { text: count(n.self) };
      case 'totalPct':
        return { text: pct(n.total, all) };
      case 'total':
        return { text: count(n.total) };
      case 'bytecodes':
        return { text: compact(n.totalBytecodes) };
      default:
        return { text: '' };
    }
  }
  sortValue(id: number, c: string): number | string {
    const n = this.locate(id).node;
    switch (c) {
      case 'name':
        return shortLabel(this.d.profile.methods[n.method]!);
      case 'total':
      case 'totalPct':
        return n.total;
      case 'bytecodes':
        return n.totalBytecodes;
      default:
        return n.self;
    }
  }
}

// The differential view of a profile against a baseline (Compare with Baseline… in the editor):
// the union of both calling context trees (all threads merged), each context with its
// estimated bytecodes in the base and in the new profile, plus the per-method and per-line
// differences for code lenses and line marks. Computed on the server (profile worker), sent
// through LSP, drawn by the webview (red grew, blue shrank, width = new).

import { diffProfiles, type DiffEntry } from './diff';
import { foldFramework } from './focus';
import { methodKey } from './format';
import { profileFromJson } from './load';
import type { CctNode, MethodInfo, Profile } from './schema';
import { toProfileFile } from './serialize';
import { mergeThreads } from './tree';

export type { DiffTree } from './diff-tree';
import type { DiffTree } from './diff-tree';

/** A changed method or line: estimated bytecodes in base and new (total; lines: self + calls from there). */
export interface CodeDelta {
  className: string;
  name: string;
  descriptor: string;
  /** Lines only (1-based). */
  line?: number;
  base: number;
  new: number;
}

export interface DiffView {
  baseTitle: string;
  baseBytecodes: number;
  newBytecodes: number;
  warnings: string[];
  /** All frames. */
  all: DiffTree;
  /** Framework frames folded (profile/focus.ts), when the new profile has a focus. */
  focused?: DiffTree;
  methods: CodeDelta[];
  lines: CodeDelta[];
}

/** Builds the union tree of two profiles (all threads merged). */
export function diffTree(base: Profile, next: Profile): DiffTree {
  const methods: string[] = [];
  const methodIds = new Map<string, number>();
  const byInfo = new Map<MethodInfo, number>();
  const idOf = (n: CctNode): number => {
    const info = n.method!;
    let id = byInfo.get(info);
    if (id !== undefined) return id;
    const k = methodKey(info);
    id = methodIds.get(k);
    if (id === undefined) {
      id = methods.length;
      methodIds.set(k, id);
      methods.push(k);
    }
    byInfo.set(info, id);
    return id;
  };
  const t: DiffTree = { methods, parent: [-1], method: [-1], callLine: [0], baseSelf: [0], baseTotal: [0], newSelf: [0], newTotal: [0] };
  const b = mergeThreads(base).root;
  const n = mergeThreads(next).root;
  t.baseSelf[0] = b.selfBytecodes;
  t.baseTotal[0] = b.totalBytecodes;
  t.newSelf[0] = n.selfBytecodes;
  t.newTotal[0] = n.totalBytecodes;
  // pairs of (base node | null, new node | null) under output node `out`, iteratively
  const stack: [CctNode | null, CctNode | null, number][] = [[b, n, 0]];
  while (stack.length > 0) {
    const [bn, nn, out] = stack.pop()!;
    // children keyed by method number and call line (a number: call lines are below 2^21)
    const byKey = new Map<number, [CctNode | null, CctNode | null]>();
    if (nn) for (const c of nn.children) byKey.set(idOf(c) * 2097152 + c.callLine, [null, c]);
    if (bn) {
      for (const c of bn.children) {
        const k = idOf(c) * 2097152 + c.callLine;
        const e = byKey.get(k);
        if (e) e[0] = c;
        else byKey.set(k, [c, null]);
      }
    }
    for (const [bc, nc] of byKey.values()) {
      const any = (nc ?? bc)!;
      const o = t.parent.length;
      t.parent.push(out);
      t.method.push(idOf(any));
      t.callLine.push(any.callLine);
      t.baseSelf.push(bc ? bc.selfBytecodes : 0);
      t.baseTotal.push(bc ? bc.totalBytecodes : 0);
      t.newSelf.push(nc ? nc.selfBytecodes : 0);
      t.newTotal.push(nc ? nc.totalBytecodes : 0);
      if ((bc && bc.children.length > 0) || (nc && nc.children.length > 0)) stack.push([bc, nc, o]);
    }
  }
  return t;
}

function splitLabel(label: string): { className: string; name: string; descriptor: string } {
  const paren = label.indexOf('(');
  const head = label.slice(0, paren);
  const dot = head.lastIndexOf('.');
  return { className: head.slice(0, dot), name: head.slice(dot + 1), descriptor: label.slice(paren) };
}

function codeDelta(e: DiffEntry): CodeDelta {
  const m = splitLabel(e.method);
  return { ...m, ...(e.kind === 'line' ? { line: e.line ?? 0 } : {}), base: e.base.totalBytecodes, new: e.new.totalBytecodes };
}

function folded(p: Profile): Profile {
  return profileFromJson(foldFramework(toProfileFile(p), p.meta.focus?.hide));
}

/** The differential view of `next` against `base`. */
export function diffView(base: Profile, next: Profile, baseTitle: string): DiffView {
  const d = diffProfiles(base, next, { contexts: false });
  return {
    baseTitle,
    baseBytecodes: d.base.totalBytecodes,
    newBytecodes: d.new.totalBytecodes,
    warnings: d.warnings,
    all: diffTree(base, next),
    ...(next.meta.focus ? { focused: diffTree(folded(base), folded(next)) } : {}),
    methods: d.methods.map(codeDelta),
    lines: d.lines.filter((l) => (l.line ?? 0) > 0).map(codeDelta),
  };
}

export { deltaText, compactCount } from './delta-text';

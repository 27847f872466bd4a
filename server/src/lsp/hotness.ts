// From a profile to per-document hotness: the profile is indexed once (all threads merged,
// per-method and per-line self/total from profile/lines.ts), then each Java document is matched
// by package and file name (the class's SourceFile) and its methods are located in the source
// with the tolerant scanner. Data flows one way: profile → this payload → editor.

import { mergeThreads } from '../profile/tree';
import { methodStats, type MethodStat } from '../profile/lines';
import type { CctNode, MethodInfo, Profile, ProfileMeta, ThreadProfile } from '../profile/schema';
import { findDeclaration, type JavaMethodDecl, type JavaSource } from './java-scan';
import type { DocumentHotness, HotStat, LineHotness, MethodHotness } from './protocol';

/**
 * What the editor features need from a profile, as plain data (no tree): it is computed in a
 * worker thread (profile-job.ts) and copied to the server's thread, so even a profile with a
 * million contexts costs the server only per-method and per-line entries.
 */
export interface ProfileIndex {
  meta: ProfileMeta;
  methods: MethodInfo[];
  /** Thread entries in the profile. */
  threads: number;
  /** By method index. */
  stats: Map<number, MethodStat>;
  /** A method's total samples by caller and call line (outermost activations), by method index; sorted, most samples first. */
  callers: Map<number, CallerShare[]>;
  /** Samples at a line of a method by the method's caller: method index -> line -> shares (sorted). */
  lineCallers: Map<number, Map<number, CallerShare[]>>;
  /** Methods by `package/SourceFile` (`a/b/Main.java`; `Main.java` in the default package). */
  bySource: Map<string, MethodInfo[]>;
  samples: number;
  bytecodes: number;
}

function packageOf(className: string): string {
  const dot = className.lastIndexOf('.');
  return dot < 0 ? '' : className.slice(0, dot);
}

/** The key of a source file: its package as a path, and its file name. */
export function sourceKey(packageName: string, fileName: string): string {
  return packageName ? `${packageName.replace(/\./g, '/')}/${fileName}` : fileName;
}

export function indexProfile(profile: Profile): ProfileIndex {
  const merged = mergeThreads(profile);
  const stats = new Map<number, MethodStat>();
  for (const s of methodStats(merged)) stats.set(s.method.index, s);
  const { callers, lineCallers } = callerShares(merged);
  const bySource = new Map<string, MethodInfo[]>();
  for (const m of profile.methods) {
    if (m.sourceFile === null) continue;
    const key = sourceKey(packageOf(m.className), m.sourceFile);
    let list = bySource.get(key);
    if (!list) bySource.set(key, (list = []));
    list.push(m);
  }
  return { meta: profile.meta, methods: profile.methods, threads: profile.threads.length, stats, callers, lineCallers, bySource, samples: merged.samples, bytecodes: merged.bytecodes };
}

/**
 * Callers of every method and of every line, in one preorder pass over the merged tree (an
 * ancestor stack tells which activations are outermost: O(nodes), also for deep recursion).
 */
function callerShares(merged: ThreadProfile): { callers: Map<number, CallerShare[]>; lineCallers: Map<number, Map<number, CallerShare[]>> } {
  const byMethod = new Map<number, Map<string, CallerShare>>();
  const byLine = new Map<number, Map<number, Map<string, CallerShare>>>();
  const active = new Map<number, number>();
  const path: CctNode[] = [];
  for (const n of merged.nodes) {
    while (path.length > 0 && path[path.length - 1] !== n.parent) {
      const m = path.pop()!.method;
      if (m) active.set(m.index, active.get(m.index)! - 1);
    }
    path.push(n);
    const m = n.method;
    if (!m) continue;
    if ((active.get(m.index) ?? 0) === 0) {
      let map = byMethod.get(m.index);
      if (!map) byMethod.set(m.index, (map = new Map()));
      addShare(map, n, n.total);
    }
    active.set(m.index, (active.get(m.index) ?? 0) + 1);
    let lines = byLine.get(m.index);
    const at = (line: number, samples: number) => {
      if (samples <= 0) return;
      if (!lines) byLine.set(m.index, (lines = new Map()));
      let map = lines.get(line);
      if (!map) lines.set(line, (map = new Map()));
      addShare(map, n, samples);
    };
    // Per line: the top frame there, plus calls from there (summed per node, as one share).
    const here = new Map<number, number>();
    for (const l of n.lines) here.set(l.line, (here.get(l.line) ?? 0) + l.count);
    for (const c of n.children) here.set(c.callLine, (here.get(c.callLine) ?? 0) + c.total);
    for (const [line, samples] of here) at(line, samples);
  }
  const sorted = (map: Map<string, CallerShare>): CallerShare[] => [...map.values()].sort((a, b) => b.samples - a.samples);
  const callers = new Map<number, CallerShare[]>();
  for (const [m, map] of byMethod) callers.set(m, sorted(map));
  const lineCallers = new Map<number, Map<number, CallerShare[]>>();
  for (const [m, lines] of byLine) lineCallers.set(m, new Map([...lines].map(([line, map]) => [line, sorted(map)])));
  return { callers, lineCallers };
}

export function hotStat(index: ProfileIndex, self: number, total: number): HotStat {
  const whole = index.samples;
  const perSample = whole > 0 ? index.bytecodes / whole : 0;
  return {
    selfPct: whole > 0 ? (100 * self) / whole : 0,
    totalPct: whole > 0 ? (100 * total) / whole : 0,
    selfSamples: self,
    totalSamples: total,
    selfBytecodes: Math.round(self * perSample),
    totalBytecodes: Math.round(total * perSample),
  };
}

/** `Main.work(int, String[])`: the simple class name (nested with '.'), the method, Java parameter types. */
export function methodLabel(m: Pick<MethodInfo, 'className' | 'name' | 'descriptor'>): string {
  const simple = m.className.slice(m.className.lastIndexOf('.') + 1).replace(/\$/g, '.');
  const name = m.name === '<init>' ? simple.slice(simple.lastIndexOf('.') + 1) : m.name === '<clinit>' ? 'static {}' : m.name;
  const close = m.descriptor.indexOf(')');
  const params: string[] = [];
  let i = 1;
  while (i < close) {
    let dims = 0;
    while (m.descriptor[i] === '[') {
      dims++;
      i++;
    }
    let t: string;
    if (m.descriptor[i] === 'L') {
      const end = m.descriptor.indexOf(';', i);
      const full = m.descriptor.slice(i + 1, end < 0 ? close : end);
      t = full.slice(full.lastIndexOf('/') + 1).replace(/\$/g, '.');
      i = end < 0 ? close : end + 1;
    } else {
      t = { B: 'byte', C: 'char', D: 'double', F: 'float', I: 'int', J: 'long', S: 'short', Z: 'boolean' }[m.descriptor[i] ?? ''] ?? '?';
      i++;
    }
    params.push(t + '[]'.repeat(dims));
  }
  return `${simple}.${name}(${params.join(', ')})`;
}

/** The profile methods whose source is this document (matched by package and file name, then by the classes it declares). */
export function methodsOfDocument(index: ProfileIndex, fileName: string, src: JavaSource): MethodInfo[] {
  const list = index.bySource.get(sourceKey(src.packageName, fileName)) ?? [];
  const declared = new Set(src.classes.map((c) => c.className));
  // A class the scanner missed (odd syntax) still counts when its top-level class is declared here.
  return list.filter((m) => declared.has(m.className) || declared.has(m.className.split('$')[0]!));
}

export interface LocatedMethod {
  method: MethodInfo;
  stat: MethodStat;
  decl: JavaMethodDecl | undefined;
}

export function locateMethods(index: ProfileIndex, fileName: string, src: JavaSource): LocatedMethod[] {
  const out: LocatedMethod[] = [];
  for (const m of methodsOfDocument(index, fileName, src)) {
    const stat = index.stats.get(m.index);
    if (!stat) continue;
    out.push({ method: m, stat, decl: findDeclaration(src.methods, m.className, m.name, m.descriptor) });
  }
  return out;
}

/**
 * Hotness of one document. Lines: self is summed over the methods that have samples at the
 * line (a lambda and its enclosing method can share one); total is the largest of theirs (the
 * same sample can count for both, so a sum could exceed 100 %).
 */
export function documentHotness(index: ProfileIndex, uri: string, fileName: string, src: JavaSource, live: boolean): DocumentHotness {
  const lineSelf = new Map<number, number>();
  const lineTotal = new Map<number, number>();
  const methods: MethodHotness[] = [];
  for (const { method: m, stat, decl } of locateMethods(index, fileName, src)) {
    for (const l of stat.lines) {
      if (l.line <= 0) continue;
      lineSelf.set(l.line, (lineSelf.get(l.line) ?? 0) + l.self);
      lineTotal.set(l.line, Math.max(lineTotal.get(l.line) ?? 0, l.total));
    }
    methods.push({
      ...hotStat(index, stat.self, stat.total),
      className: m.className,
      name: m.name,
      descriptor: m.descriptor,
      label: methodLabel(m),
      line: decl ? decl.line : null,
      col: decl ? decl.col : 0,
    });
  }
  const lines: LineHotness[] = [...lineTotal.keys()]
    .sort((a, b) => a - b)
    .map((l) => ({ line: l - 1, ...hotStat(index, lineSelf.get(l) ?? 0, lineTotal.get(l) ?? 0) }))
    .filter((l) => l.totalSamples > 0);
  methods.sort((a, b) => (a.line ?? 1e9) - (b.line ?? 1e9) || b.totalSamples - a.totalSamples);
  return { uri, live, samples: index.samples, bytecodes: index.bytecodes, lines, methods };
}

export interface CallerShare {
  /** `Main.main(String[])`, or `(thread start)` for the root. */
  caller: string;
  /** 1-based call line in the caller; 0 = unknown. */
  callLine: number;
  samples: number;
}

function callerKey(n: CctNode): { caller: string; callLine: number } {
  const p = n.parent?.method;
  return { caller: p ? methodLabel(p) : '(thread start)', callLine: p ? n.callLine : 0 };
}

function addShare(map: Map<string, CallerShare>, n: CctNode, samples: number): void {
  if (samples <= 0) return;
  const k = callerKey(n);
  const key = `${k.caller}\u0000${k.callLine}`;
  const s = map.get(key);
  if (s) s.samples += samples;
  else map.set(key, { ...k, samples });
}

/** A method's total samples by caller and call line (outermost activations only, so the shares add up to its total). */
export function callersOf(index: ProfileIndex, method: number): CallerShare[] {
  return index.callers.get(method) ?? [];
}

/** Samples at a 1-based line of a method (top frame there, or a call from there), by the method's caller. */
export function lineCallers(index: ProfileIndex, method: number, line: number): CallerShare[] {
  return index.lineCallers.get(method)?.get(line) ?? [];
}

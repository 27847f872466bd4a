// Callgrind format (valgrind's callgrind_annotate, KCachegrind, QCachegrind): all threads
// merged; per method, self cost per source line; per call site (caller line -> callee), the
// callee contexts' inclusive cost. Events: estimated bytecodes and samples. Names are compressed
// (`fn=(id) name` the first time, `fn=(id)` after).

import { javaParameters, qualifiedName, sourcePath } from './format';
import type { CctNode, MethodInfo, Profile } from './schema';
import { mergeThreads, preorder } from './tree';

interface Fn {
  method: MethodInfo;
  /** line -> [bytecodes, samples] */
  self: Map<number, [number, number]>;
  /** `${callLine}:${callee index}` -> call site */
  calls: Map<string, { line: number; callee: MethodInfo; contexts: number; bytecodes: number; samples: number }>;
  firstLine: number;
}

export function exportCallgrind(p: Profile): string {
  const tree = mergeThreads(p);
  const fns = new Map<number, Fn>();
  const fn = (m: MethodInfo): Fn => {
    let f = fns.get(m.index);
    if (!f) fns.set(m.index, (f = { method: m, self: new Map(), calls: new Map(), firstLine: 0 }));
    return f;
  };
  for (const n of preorder(tree.root)) {
    if (!n.method) continue;
    const f = fn(n.method);
    const perSample = n.self > 0 ? n.selfBytecodes / n.self : 0;
    for (const l of n.lines) {
      const c = f.self.get(l.line) ?? [0, 0];
      c[0] += l.count * perSample;
      c[1] += l.count;
      f.self.set(l.line, c);
      if (l.line > 0 && (f.firstLine === 0 || l.line < f.firstLine)) f.firstLine = l.line;
    }
    const parent: CctNode | null = n.parent;
    if (parent && parent.method) {
      const caller = fn(parent.method);
      const key = `${n.callLine}:${n.method.index}`;
      let c = caller.calls.get(key);
      if (!c) caller.calls.set(key, (c = { line: n.callLine, callee: n.method, contexts: 0, bytecodes: 0, samples: 0 }));
      c.contexts++;
      c.bytecodes += n.totalBytecodes;
      c.samples += n.total;
    }
  }
  const m = p.meta;
  const files = new Map<string, number>();
  const names = new Map<number, number>();
  const fileRef = (f: MethodInfo): string => {
    const path = sourcePath(f) ?? '???';
    const id = files.get(path);
    if (id !== undefined) return `(${id})`;
    files.set(path, files.size + 1);
    return `(${files.size}) ${path}`;
  };
  const nameRef = (f: MethodInfo): string => {
    const id = names.get(f.index);
    if (id !== undefined) return `(${id})`;
    names.set(f.index, names.size + 1);
    return `(${names.size}) ${qualifiedName(f)}${javaParameters(f.descriptor)}`;
  };
  const body: string[] = [];
  let sumB = 0;
  let sumS = 0;
  const ordered = [...fns.values()].sort((a, b) => a.method.index - b.method.index);
  for (const f of ordered) {
    body.push('');
    body.push(`fl=${fileRef(f.method)}`);
    body.push(`fn=${nameRef(f.method)}`);
    for (const [line, [b, s]] of [...f.self].sort((x, y) => x[0] - y[0])) {
      const rb = Math.round(b);
      sumB += rb;
      sumS += s;
      body.push(`${line} ${rb} ${s}`);
    }
    for (const c of [...f.calls.values()].sort((x, y) => x.line - y.line || x.callee.index - y.callee.index)) {
      const callee = fns.get(c.callee.index)!;
      const cfl = sourcePath(c.callee) ?? '???';
      if (cfl !== (sourcePath(f.method) ?? '???')) body.push(`cfl=${fileRef(c.callee)}`);
      body.push(`cfn=${nameRef(c.callee)}`);
      body.push(`calls=${c.contexts} ${callee.firstLine}`);
      body.push(`${c.line} ${Math.round(c.bytecodes)} ${c.samples}`);
    }
  }
  const head = [
    '# callgrind format',
    'version: 1',
    'creator: Komorium',
    `cmd: ${[m.program, ...m.args].join(' ')}`,
    'part: 1',
    `desc: Komorium ${m.engine} profile, granularity ${m.granularity}, seed ${m.seed}, scope ${m.scope}; ${m.totalBytecodes} bytecodes counted; Bytecodes = estimated (samples x bytecodes per sample)`,
    'positions: line',
    'events: Bytecodes Samples',
    `summary: ${sumB} ${sumS}`,
  ];
  return `${[...head, ...body].join('\n')}\n`;
}

// Brendan Gregg's folded stacks: one line per calling context with self samples,
// `frame;frame;frame count`, bottom frame first (flamegraph.pl, speedscope, inferno read it).

import { javaParameters, qualifiedName } from './format';
import type { CctNode, MethodInfo, Profile } from './schema';
import { mergeThreads } from './tree';

export interface CollapsedOptions {
  /** Add the parameter types: `pkg.Class.method(int,java.lang.String[])`. A raw descriptor
   *  would contain ';', the frame separator, so parameters are written as Java types. */
  signatures?: boolean;
  /** Start every stack with the thread name (threads kept apart). */
  threads?: boolean;
  /** Weight: samples (default) or estimated bytecodes. */
  weight?: 'samples' | 'bytecodes';
}

function frameName(m: MethodInfo | null, signatures: boolean): string {
  if (!m) return '?';
  const name = qualifiedName(m).replace(/[;\s]/g, '_');
  return signatures ? `${name}${javaParameters(m.descriptor)}` : name;
}

export function exportCollapsed(p: Profile, opts: CollapsedOptions = {}): string {
  const sig = opts.signatures ?? false;
  const trees = opts.threads
    ? p.threads.map((t) => ({ prefix: `${(t.seq > 0 ? `${t.name}#${t.seq}` : t.name).replace(/[;\s]/g, '_')}`, tree: mergeThreads(p, [t]) }))
    : [{ prefix: '', tree: mergeThreads(p) }];
  const counts = new Map<string, number>();
  for (const { prefix, tree } of trees) {
    const stack: [CctNode, string][] = tree.root.children.map((c) => [c, prefix ? `${prefix};${frameName(c.method, sig)}` : frameName(c.method, sig)]);
    while (stack.length > 0) {
      const [n, path] = stack.pop()!;
      const w = opts.weight === 'bytecodes' ? Math.round(n.selfBytecodes) : n.self;
      if (w > 0) counts.set(path, (counts.get(path) ?? 0) + w);
      for (const c of n.children) stack.push([c, `${path};${frameName(c.method, sig)}`]);
    }
  }
  const lines = [...counts].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([path, n]) => `${path} ${n}`);
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

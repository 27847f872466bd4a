// Profile model -> file form and JSON text in the runtime's layout (one method or node per line).

import { PROFILE_FORMAT, type MethodEntry, type NodeEntry, type Profile, type ProfileFile, type ThreadFile } from './schema';

export function toProfileFile(p: Profile): ProfileFile {
  const methods: MethodEntry[] = p.methods.map((m) => [m.className, m.name, m.descriptor, m.sourceFile]);
  const threads: ThreadFile[] = p.threads.map((t) => {
    const nodes: NodeEntry[] = t.nodes.map((n) => {
      const head: [number, number, number, number] = [n.parent ? n.parent.id : -1, n.method ? n.method.index : -1, n.callLine, n.self];
      if (n.lines.length === 0) return head;
      const flat: number[] = [];
      for (const l of n.lines) flat.push(l.line, l.count);
      return [...head, flat];
    });
    const f: ThreadFile = { name: t.name, seq: t.seq, bytecodes: t.bytecodes, samples: t.samples, nodes };
    if (t.merged > 0) f.merged = t.merged;
    return f;
  });
  const m = p.meta;
  // Key order as the runtime writes it.
  const meta = {
    engine: m.engine,
    vm: m.vm,
    jdk: m.jdk,
    granularity: m.granularity,
    random: m.random,
    seed: m.seed,
    program: m.program,
    args: m.args,
    scope: m.scope,
    ...(m.startup === undefined ? {} : { startup: m.startup }),
    agent: m.agent,
    ...(m.test === undefined ? {} : { test: m.test }),
    ...(m.focus === undefined ? {} : { focus: m.focus }),
    startTime: m.startTime,
    endTime: m.endTime,
    totalBytecodes: m.totalBytecodes,
    totalSamples: m.totalSamples,
  };
  return { format: PROFILE_FORMAT, version: p.version, meta, methods, threads };
}

/** JSON text of a profile, laid out like the runtime writes it. */
export function stringifyProfile(p: Profile): string {
  const f = toProfileFile(p);
  const out: string[] = [];
  out.push(`{"format":${JSON.stringify(f.format)},"version":${f.version},\n"meta":${JSON.stringify(f.meta)},\n"methods":[\n`);
  out.push(f.methods.map((m) => JSON.stringify(m)).join(',\n'));
  out.push('],\n"threads":[\n');
  out.push(
    f.threads
      .map((t) => {
        const { nodes, ...head } = t;
        const h = JSON.stringify(head);
        return `${h.slice(0, -1)},"nodes":[\n${nodes.map((n) => JSON.stringify(n)).join(',\n')}]}`;
      })
      .join(',\n'),
  );
  out.push(']}\n');
  return out.join('');
}

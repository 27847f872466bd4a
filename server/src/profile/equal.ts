// Determinism helper: are two profiles the same apart from their start and end times?
// Compared structurally: method tables and node order may differ, contexts are matched by
// their path of (method, call line).

import { methodKey } from './format';
import { ContextIds, FrameNumbers } from './overlap';
import type { CctNode, Profile, ThreadProfile } from './schema';

function nodeSignature(n: CctNode): string {
  return `${n.self}|${n.lines.map((l) => `${l.line}:${l.count}`).join(',')}`;
}

interface Context {
  sig: string;
  node: CctNode;
}

/** The context's own frame, for messages. */
function where(n: CctNode): string {
  return n.method ? `${methodKey(n.method).replace(/\u0000/g, ' ')} ${n.method.sourceFile ?? ''}@${n.callLine}` : '<root>';
}

/**
 * Contexts by path; a path is interned as (id of its caller's path, frame), so deep trees
 * cost one entry per node rather than one string as long as the path.
 */
function threadContexts(t: ThreadProfile, ids: ContextIds): Map<number, Context> {
  const out = new Map<number, Context>();
  const frames = new FrameNumbers(ids, (c) => `${c.method ? methodKey(c.method) : '?'}\u0000${c.method?.sourceFile ?? ''}@${c.callLine}`, true);
  const stack: [CctNode, number][] = [[t.root, 0]];
  while (stack.length > 0) {
    const [n, id] = stack.pop()!;
    const prev = out.get(id);
    if (prev) prev.sig = `${prev.sig}+${nodeSignature(n)}`;
    else out.set(id, { sig: nodeSignature(n), node: n });
    for (const c of n.children) stack.push([c, ids.child(id, frames.of(c))]);
  }
  return out;
}

/** Human-readable differences (at most `limit`), ignoring meta.startTime and meta.endTime. */
export function profileDifferences(a: Profile, b: Profile, limit = 20): string[] {
  const diffs: string[] = [];
  const add = (s: string): boolean => {
    diffs.push(s);
    return diffs.length >= limit;
  };
  if (a.version !== b.version && add(`version ${a.version} != ${b.version}`)) return diffs;
  const { startTime: _sa, endTime: _ea, ...ma } = a.meta;
  const { startTime: _sb, endTime: _eb, ...mb } = b.meta;
  for (const k of Object.keys(ma) as (keyof typeof ma)[]) {
    const va = JSON.stringify(ma[k]);
    const vb = JSON.stringify(mb[k]);
    if (va !== vb && add(`meta.${k}: ${va} != ${vb}`)) return diffs;
  }
  if (a.threads.length !== b.threads.length && add(`${a.threads.length} threads != ${b.threads.length} threads`)) return diffs;
  const key = (t: ThreadProfile) => `${t.name}#${t.seq}`;
  const tb = new Map(b.threads.map((t) => [key(t), t]));
  for (const ta of a.threads) {
    const other = tb.get(key(ta));
    if (!other) {
      if (add(`thread ${key(ta)} only in the first profile`)) return diffs;
      continue;
    }
    for (const f of ['bytecodes', 'samples', 'merged'] as const) {
      if (ta[f] !== other[f] && add(`thread ${key(ta)}: ${f} ${ta[f]} != ${other[f]}`)) return diffs;
    }
    const ids = new ContextIds();
    const ca = threadContexts(ta, ids);
    const cb = threadContexts(other, ids);
    for (const [path, c] of ca) {
      const sb = cb.get(path);
      if (sb === undefined) {
        if (add(`thread ${key(ta)}: context ...${where(c.node)} (depth ${c.node.depth}) only in the first profile`)) return diffs;
      } else if (sb.sig !== c.sig && add(`thread ${key(ta)}: context ...${where(c.node)}: ${c.sig} != ${sb.sig}`)) return diffs;
    }
    for (const [path, c] of cb) {
      if (!ca.has(path) && add(`thread ${key(ta)}: context ...${where(c.node)} only in the second profile`)) return diffs;
    }
  }
  for (const t of b.threads) if (!a.threads.some((x) => key(x) === key(t)) && add(`thread ${key(t)} only in the second profile`)) return diffs;
  return diffs;
}

/** True if the profiles are equal apart from meta.startTime and meta.endTime. */
export function profilesEqualIgnoringTimes(a: Profile, b: Profile): boolean {
  return profileDifferences(a, b, 1).length === 0;
}

// Compares two profiles of one program on the main thread (issue 15, item 2): HotSpot with the
// JDK instrumented against the embedded engine, both `--instrument all`. Meant for granularity 1
// with R = 0, where every check takes a sample, so self samples per context are the bytecode
// blocks each context ran (the same on both engines when they run the same Java code).
//   under main: the subtree of the program's `main` method (root frame `<Main>.main`);
//   start-up:   the rest of the main thread (loading the main class, <clinit>s the launcher runs).
// A context is its path of (method, call-site line) frames plus the sample's own line.

import type { CctNode, Profile, ThreadProfile } from '../../server/src/profile/schema';

export interface ContextDiff {
  context: string;
  hotspot: number;
  embedded: number;
}

export interface PartComparison {
  /** Self samples in the part: HotSpot, embedded. */
  samples: [number, number];
  /** Overlap percentage (paper 000, 7.1) of the self samples per context with lines. */
  overlap: number;
  identical: boolean;
  /** Differing contexts, largest difference first. */
  contexts: ContextDiff[];
  /** Differing methods (self samples summed over contexts), largest difference first. */
  methods: ContextDiff[];
}

export interface MainThreadComparison {
  main: PartComparison;
  startup: PartComparison;
}

const frame = (n: CctNode): string => (n.method ? `${n.method.className.replace(/\//g, '.')}.${n.method.name}${n.method.descriptor}` : '?');

function mainThread(p: Profile): ThreadProfile | undefined {
  return p.threads.find((t) => t.name === 'main');
}

/** Self samples per context (path with call lines and sample line) and per method, of the root children `pick` selects. */
function counters(t: ThreadProfile | undefined, pick: (n: CctNode) => boolean): { contexts: Map<string, number>; methods: Map<string, number> } {
  const contexts = new Map<string, number>();
  const methods = new Map<string, number>();
  if (!t) return { contexts, methods };
  const stack: [CctNode, string][] = t.root.children.filter(pick).map((c) => [c, frame(c)]);
  while (stack.length > 0) {
    const [n, path] = stack.pop()!;
    for (const l of n.lines) {
      if (l.count <= 0) continue;
      const k = `${path} @${l.line}`;
      contexts.set(k, (contexts.get(k) ?? 0) + l.count);
    }
    if (n.self > 0) methods.set(frame(n), (methods.get(frame(n)) ?? 0) + n.self);
    for (const c of n.children) stack.push([c, `${path} > ${frame(c)}:${c.callLine}`]);
  }
  return { contexts, methods };
}

function diffs(a: Map<string, number>, b: Map<string, number>): ContextDiff[] {
  const out: ContextDiff[] = [];
  for (const k of new Set([...a.keys(), ...b.keys()])) {
    const h = a.get(k) ?? 0;
    const e = b.get(k) ?? 0;
    if (h !== e) out.push({ context: k, hotspot: h, embedded: e });
  }
  return out.sort((x, y) => Math.abs(y.hotspot - y.embedded) - Math.abs(x.hotspot - x.embedded) || (x.context < y.context ? -1 : 1));
}

function overlapOf(a: Map<string, number>, b: Map<string, number>): number {
  let sa = 0;
  let sb = 0;
  for (const v of a.values()) sa += v;
  for (const v of b.values()) sb += v;
  if (sa === 0 && sb === 0) return 100;
  if (sa === 0 || sb === 0) return 0;
  let s = 0;
  for (const [k, va] of a) s += Math.min(va / sa, (b.get(k) ?? 0) / sb);
  return Math.min(100, 100 * s);
}

function sum(m: Map<string, number>): number {
  let s = 0;
  for (const v of m.values()) s += v;
  return s;
}

function part(h: ThreadProfile | undefined, e: ThreadProfile | undefined, pick: (n: CctNode) => boolean): PartComparison {
  const a = counters(h, pick);
  const b = counters(e, pick);
  const contexts = diffs(a.contexts, b.contexts);
  return { samples: [sum(a.contexts), sum(b.contexts)], overlap: overlapOf(a.contexts, b.contexts), identical: contexts.length === 0, contexts, methods: diffs(a.methods, b.methods) };
}

/** The main thread of `hotspot` against that of `embedded`, under `mainClass.main` and in start-up. */
export function compareMainThread(hotspot: Profile, embedded: Profile, mainClass: string): MainThreadComparison {
  // Profiles name classes in binary form (`pk.Keys`); a caller may give either form.
  const binary = mainClass.replace(/\//g, '.');
  const isMain = (n: CctNode): boolean => n.method !== null && n.method.className === binary && n.method.name === 'main' && n.method.descriptor === '([Ljava/lang/String;)V';
  const h = mainThread(hotspot);
  const e = mainThread(embedded);
  return { main: part(h, e, isMain), startup: part(h, e, (n) => !isMain(n)) };
}

/** Thread `name` (all of it, e.g. HotSpot's "DestroyJavaVM", which runs the shutdown) of `hotspot` against that of `embedded`. */
export function compareThread(hotspot: Profile, embedded: Profile, name: string): PartComparison {
  const pick = (p: Profile): ThreadProfile | undefined => p.threads.find((t) => t.name === name);
  return part(pick(hotspot), pick(embedded), () => true);
}

/** A context for reading: its last `frames` frames, simple class names, no descriptors. */
export function shortContext(context: string, frames = Number(process.env.KOMORIUM_CONTEXT_FRAMES ?? 5)): string {
  const parts = context.split(' > ');
  const short = parts.slice(-frames).map((f) => f.replace(/\([^)]*\)[^:@ ]*/, '').replace(/^([\w$]+\.)+(?=[\w$]+\.[\w$<>]+)/, ''));
  return (parts.length > frames ? '… > ' : '') + short.join(' > ');
}

/** Lines describing a comparison: samples, overlap and the first `top` differing contexts and methods of each part. */
export function describeMainThread(c: MainThreadComparison, top = 10): string[] {
  const out: string[] = [];
  for (const [name, p] of [['under main', c.main], ['start-up', c.startup]] as const) {
    out.push(`${name}: ${p.identical ? 'identical' : 'differs'}, samples ${p.samples[0]} HotSpot / ${p.samples[1]} embedded, overlap ${p.overlap.toFixed(2)}%`);
    if (p.identical) continue;
    for (const d of p.methods.slice(0, top)) out.push(`  method ${d.context}: ${d.hotspot} / ${d.embedded}`);
    for (const d of p.contexts.slice(0, top)) out.push(`  context ${shortContext(d.context)}: ${d.hotspot} / ${d.embedded}`);
  }
  return out;
}

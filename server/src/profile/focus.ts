// Focus: a profile of a test (komorium test) shows the test's own code first. Frames of the
// test framework (JUnit, its launcher, reflection glue) and the JDK frames they call are folded
// away: every context whose path has no frame of the program's own classes is merged into one
// synthetic frame, and the first own frame of every other context becomes a child of the
// thread's root. Works on the file form (docs/PROFILE_FORMAT.md) and has no Node imports, so
// the webview uses the same code (one source) for its "show JUnit frames" toggle.

import type { MethodEntry, NodeEntry, ProfileFile, ThreadFile } from './schema';

/** `meta.test`: what `komorium test` selected. */
export interface TestMeta {
  /** `junit-platform` (JUnit 5, and JUnit 4 through the vintage engine). */
  framework: string;
  /** The launcher's selectors, e.g. `method:demo.CalcTest#fib`, `class:demo.CalcTest`. */
  selectors: string[];
}

/** `meta.focus`: what viewers fold by default. */
export interface FocusMeta {
  /** Class-name prefixes of framework code (`org.junit.`, ...). */
  hide: string[];
}

/** The frames folded in a JUnit Platform run: JUnit, its launcher and helpers, reflection glue. */
export const JUNIT_FRAMEWORK_PREFIXES: readonly string[] = [
  'org.junit.',
  'junit.',
  'org.opentest4j.',
  'org.apiguardian.',
  'picocli.',
  'jdk.internal.reflect.',
  'java.lang.reflect.',
  'java.lang.invoke.',
  'sun.reflect.',
  // frames the engines add around the program
  'komorium.',
];

/** JDK classes: own code only when something of the program called them. */
export const JDK_PREFIXES: readonly string[] = ['java.', 'javax.', 'jdk.', 'sun.', 'com.sun.'];

/** The synthetic frame that holds everything folded. */
export const FOLDED_METHOD: MethodEntry = ['(framework)', '(folded)', '()V', null];

function matches(className: string, prefixes: readonly string[]): boolean {
  for (const p of prefixes) if (className.startsWith(p)) return true;
  return false;
}

/** True when the profile file carries a focus (a `komorium test` profile). */
export function hasFocus(file: { meta?: unknown }): boolean {
  const m = file.meta as { focus?: unknown } | undefined;
  return typeof m?.focus === 'object' && m.focus !== null;
}

/** The prefixes of `meta.focus.hide`, or the JUnit defaults. */
export function focusPrefixes(file: { meta?: unknown }): readonly string[] {
  const f = (file.meta as { focus?: { hide?: unknown } } | undefined)?.focus;
  const hide = f?.hide;
  return Array.isArray(hide) && hide.every((h) => typeof h === 'string') ? (hide as string[]) : JUNIT_FRAMEWORK_PREFIXES;
}

/** Line counts of a node as a map (line 0 = unknown, for a node with samples but no lines). */
function addLines(into: Map<number, number>, n: NodeEntry): void {
  const self = n[3];
  if (n.length === 5) {
    const l = n[4];
    for (let k = 0; k < l.length; k += 2) into.set(l[k]!, (into.get(l[k]!) ?? 0) + l[k + 1]!);
  } else if (self > 0) {
    into.set(0, (into.get(0) ?? 0) + self);
  }
}

/**
 * The profile with framework frames folded: contexts with an own frame on their path keep the
 * path from their first own frame (a child of the root, call line 0), merged where paths become
 * equal; all other samples go to one `(framework).(folded)` child of the root. Samples,
 * bytecodes and totals per thread are unchanged. `prefixes` (default: the profile's
 * `meta.focus.hide`) are framework classes; JDK classes count as framework unless called from
 * own code.
 */
export function foldFramework(file: ProfileFile, prefixes: readonly string[] = focusPrefixes(file)): ProfileFile {
  const methods = file.methods.slice();
  let folded = -1;
  const own = new Uint8Array(methods.length);
  for (let i = 0; i < methods.length; i++) {
    const c = methods[i]![0];
    own[i] = matches(c, prefixes) || matches(c, JDK_PREFIXES) ? 0 : 1;
  }
  const foldedIndex = (): number => {
    if (folded < 0) {
      folded = methods.length;
      methods.push(FOLDED_METHOD);
    }
    return folded;
  };
  const threads = file.threads.map((t) => foldThread(t, own, foldedIndex));
  return { ...file, methods, threads };
}

function foldThread(t: ThreadFile, own: Uint8Array, foldedIndex: () => number): ThreadFile {
  const nodes = t.nodes;
  const n = nodes.length;
  // map[i]: the output node of input node i (-1: folded away)
  const map = new Int32Array(n).fill(-1);
  const outParent: number[] = [-1];
  const outMethod: number[] = [-1];
  const outLine: number[] = [0];
  const outSelf: number[] = [nodes[0]![3]];
  const outLines: (Map<number, number> | null)[] = [null];
  const rootLines = new Map<number, number>();
  addLines(rootLines, nodes[0]!);
  let anyLines = nodes[0]!.length === 5;
  outLines[0] = rootLines;
  map[0] = 0;
  const index = new Map<string, number>();
  let foldedNode = -1;
  const child = (parent: number, method: number, line: number): number => {
    const key = `${parent},${method},${line}`;
    let o = index.get(key);
    if (o === undefined) {
      o = outParent.length;
      index.set(key, o);
      outParent.push(parent);
      outMethod.push(method);
      outLine.push(line);
      outSelf.push(0);
      outLines.push(new Map());
    }
    return o;
  };
  for (let i = 1; i < n; i++) {
    const node = nodes[i]!;
    const p = map[node[0]]!;
    const m = node[1];
    let o: number;
    if (p > 0 && p !== foldedNode) o = child(p, m, node[2]);
    else if (own[m] === 1) o = child(0, m, 0);
    else {
      // no own frame on the path yet: the samples go to the folded frame
      if (foldedNode < 0) foldedNode = child(0, foldedIndex(), 0);
      map[i] = -1;
      outSelf[foldedNode]! += node[3];
      continue;
    }
    map[i] = o;
    outSelf[o]! += node[3];
    if (node.length === 5) anyLines = true;
    addLines(outLines[o]!, node);
  }
  const out: NodeEntry[] = new Array<NodeEntry>(outParent.length);
  for (let o = 0; o < outParent.length; o++) {
    const head: [number, number, number, number] = [outParent[o]!, outMethod[o]!, outLine[o]!, outSelf[o]!];
    const lines = outLines[o]!;
    if (!anyLines || outSelf[o] === 0 || o === foldedNode) {
      out[o] = head;
      continue;
    }
    const flat: number[] = [];
    for (const l of [...lines.keys()].sort((a, b) => a - b)) flat.push(l, lines.get(l)!);
    out[o] = [...head, flat];
  }
  return { ...t, nodes: out };
}

// The Komorium profile: the JSON file the runtime writes (docs/PROFILE_FORMAT.md, version 1)
// and the in-memory model the loader builds from it.

export const PROFILE_FORMAT = 'komorium-profile';
export const PROFILE_VERSION = 1;

// ---------------------------------------------------------------------------- the file

/** `[className, methodName, descriptor, sourceFile | null]`; class names in binary form (`a.b.C$D`). */
export type MethodEntry = [string, string, string, string | null];

/**
 * `[parent, method, callLine, self]` or `[parent, method, callLine, self, lines]`:
 * parent = index of the parent node in the same thread (-1 for the root, node 0);
 * method = index into `methods` (-1 for the root); callLine = line in the parent's method that
 * called this one (0 = unknown); self = samples with this context on top; lines = flat
 * `[line, count, line, count, ...]`, ascending lines, counts summing to self.
 */
export type NodeEntry = [number, number, number, number] | [number, number, number, number, number[]];

export interface ProfileMetaFile {
  /** Which engine ran the program: "hotspot", "interp", ... */
  engine: string;
  /** JVM name and version, e.g. "OpenJDK 64-Bit Server VM 17.0.15+6". */
  vm?: string;
  /** java.version of the profiled JVM. */
  jdk: string;
  /** N: bytecodes between samples. */
  granularity: number;
  /** R: each interval is N + r, r uniform in [0, R) (0 = constant). */
  random: number;
  seed: number;
  /** Main class. */
  program: string;
  args: string[];
  /** Instrumented scope ("app", "all", ...). */
  scope: string;
  /**
   * "excluded": the JDK's start-up (before the launcher loads the main class) was not counted
   * or sampled (embedded engine, scope all: exact and sampled profiles leave out the same part).
   */
  startup?: string;
  /** Agent class that wrote the profile. */
  agent: string;
  /** A profile of tests (`komorium test`): the selected tests. */
  test?: { framework: string; selectors: string[] };
  /** What viewers fold by default: `hide` = class-name prefixes of framework frames (profile/focus.ts). */
  focus?: { hide: string[] };
  /** Epoch milliseconds. */
  startTime: number;
  endTime: number;
  /** Exact bytecodes counted, all threads (= sum of threads[].bytecodes). */
  totalBytecodes: number;
  /** = sum of threads[].samples. */
  totalSamples: number;
}

export interface ThreadFile {
  name: string;
  /** Rank among threads of the same name (0 = first registered). */
  seq: number;
  /** Present on the "(other threads)" entry: how many threads were merged into it. */
  merged?: number;
  bytecodes: number;
  samples: number;
  nodes: NodeEntry[];
}

export interface ProfileFile {
  format: typeof PROFILE_FORMAT;
  version: number;
  meta: ProfileMetaFile;
  methods: MethodEntry[];
  threads: ThreadFile[];
}

// ---------------------------------------------------------------------------- the model

export type ProfileMeta = ProfileMetaFile & { vm: string };

export interface MethodInfo {
  /** Index in Profile.methods. */
  index: number;
  /** Binary class name, e.g. `java.util.HashMap$Node`. */
  className: string;
  name: string;
  descriptor: string;
  sourceFile: string | null;
}

export interface LineHits {
  line: number;
  count: number;
}

export interface CctNode {
  /** Preorder index within its thread (0 = root). */
  id: number;
  parent: CctNode | null;
  /** null for the root. */
  method: MethodInfo | null;
  /** Line in the parent's method that called this context (0 = unknown). */
  callLine: number;
  /** Samples whose top frame is this context. */
  self: number;
  /** Self samples by current line, ascending. */
  lines: LineHits[];
  children: CctNode[];
  /** Samples in this context and below (derived). */
  total: number;
  /** Estimated bytecodes executed in this context itself: self × thread bytecodes / thread samples (paper Section 2). */
  selfBytecodes: number;
  /** The same for the whole subtree. */
  totalBytecodes: number;
  depth: number;
}

export interface ThreadProfile {
  name: string;
  seq: number;
  /** > 0 for a thread entry that stands for several threads. */
  merged: number;
  bytecodes: number;
  samples: number;
  root: CctNode;
  /** All nodes in preorder; nodes[i].id === i. */
  nodes: CctNode[];
}

export interface Profile {
  version: number;
  meta: ProfileMeta;
  methods: MethodInfo[];
  threads: ThreadProfile[];
}

/** A profile file that does not match the format; names the file, the JSON path and the problem. */
export class ProfileFormatError extends Error {
  override readonly name: string = 'ProfileFormatError';
  constructor(
    readonly source: string,
    /** JSON path, e.g. `threads[0].nodes[12][1]`. */
    readonly path: string,
    readonly problem: string,
  ) {
    super(`${source}: ${path}: ${problem}`);
  }
}

/** A request the profile cannot answer (an unknown thread, an unknown export format, ...). */
export class ProfileQueryError extends Error {
  override readonly name = 'ProfileQueryError';
}

// Builds profiles from explicit samples: for tests, examples and engines that sample in
// TypeScript. The result is a file-form profile in the runtime's canonical order (threads by
// name and seq, children by method then call line), loaded through the validating loader.

import { profileFromJson } from './load';
import { PROFILE_FORMAT, PROFILE_VERSION, ProfileQueryError, type MethodEntry, type NodeEntry, type Profile, type ProfileFile, type ProfileMetaFile, type ThreadFile } from './schema';

/** A frame: `pkg.Class.method(desc)` with an optional `:callLine` suffix, or an object. */
export type FrameSpec =
  | string
  | { className: string; name: string; descriptor?: string; sourceFile?: string | null; callLine?: number };

interface BNode {
  method: number;
  callLine: number;
  self: number;
  lines: Map<number, number>;
  kids: Map<string, BNode>;
}

interface BThread {
  name: string;
  seq: number;
  samples: number;
  bytecodes: number | undefined;
  root: BNode;
}

function bnode(method: number, callLine: number): BNode {
  return { method, callLine, self: 0, lines: new Map(), kids: new Map() };
}

export class ProfileBuilder {
  private readonly meta: ProfileMetaFile;
  private readonly methods: MethodEntry[] = [];
  private readonly methodIndex = new Map<string, number>();
  private readonly threads = new Map<string, BThread>();

  constructor(meta: Partial<ProfileMetaFile> = {}) {
    this.meta = {
      engine: 'test',
      vm: '',
      jdk: '17',
      granularity: 10000,
      random: 0,
      seed: 1,
      program: 'Main',
      args: [],
      scope: 'app',
      agent: 'komorium.rt.DefaultAgent',
      startTime: 0,
      endTime: 0,
      totalBytecodes: 0,
      totalSamples: 0,
      ...meta,
    };
  }

  private method(f: FrameSpec): { index: number; callLine: number } {
    let className: string;
    let name: string;
    let descriptor = '()V';
    let sourceFile: string | null;
    let callLine = 0;
    if (typeof f === 'string') {
      let s = f;
      const colon = s.lastIndexOf(':');
      if (colon > 0 && /^\d+$/.test(s.slice(colon + 1))) {
        callLine = Number(s.slice(colon + 1));
        s = s.slice(0, colon);
      }
      const paren = s.indexOf('(');
      if (paren >= 0) {
        descriptor = s.slice(paren);
        s = s.slice(0, paren);
      }
      const dot = s.lastIndexOf('.');
      if (dot <= 0) throw new ProfileQueryError(`frame '${f}' is not 'pkg.Class.method(desc)[:line]'`);
      className = s.slice(0, dot);
      name = s.slice(dot + 1);
      sourceFile = defaultSourceFile(className);
    } else {
      className = f.className;
      name = f.name;
      descriptor = f.descriptor ?? '()V';
      sourceFile = f.sourceFile === undefined ? defaultSourceFile(className) : f.sourceFile;
      callLine = f.callLine ?? 0;
    }
    const key = `${className}\u0000${name}\u0000${descriptor}\u0000${sourceFile ?? '\u0001'}`;
    let index = this.methodIndex.get(key);
    if (index === undefined) {
      index = this.methods.length;
      this.methods.push([className, name, descriptor, sourceFile]);
      this.methodIndex.set(key, index);
    }
    return { index, callLine };
  }

  private thread(name: string, seq: number): BThread {
    const key = `${name}\u0000${seq}`;
    let t = this.threads.get(key);
    if (!t) this.threads.set(key, (t = { name, seq, samples: 0, bytecodes: undefined, root: bnode(-1, 0) }));
    return t;
  }

  /** Adds `count` samples with the given stack (bottom first) whose top frame is at `line`. */
  sample(frames: readonly FrameSpec[], opts: { thread?: string; seq?: number; line?: number; count?: number } = {}): this {
    const count = opts.count ?? 1;
    if (!Number.isSafeInteger(count) || count < 1) throw new ProfileQueryError(`sample count must be a positive integer, got ${count}`);
    const t = this.thread(opts.thread ?? 'main', opts.seq ?? 0);
    let n = t.root;
    for (const f of frames) {
      const { index, callLine } = this.method(f);
      const key = `${index}:${callLine}`;
      let k = n.kids.get(key);
      if (!k) n.kids.set(key, (k = bnode(index, callLine)));
      n = k;
    }
    n.self += count;
    const line = opts.line ?? 0;
    n.lines.set(line, (n.lines.get(line) ?? 0) + count);
    t.samples += count;
    return this;
  }

  /** Sets a thread's exact bytecode total (default: samples × granularity). */
  bytecodes(thread: string, bytecodes: number, seq = 0): this {
    this.thread(thread, seq).bytecodes = bytecodes;
    return this;
  }

  toFile(): ProfileFile {
    const threads = [...this.threads.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.seq - b.seq));
    const order: number[] = new Array<number>(this.methods.length).fill(-1);
    const methods: MethodEntry[] = [];
    const keyOf = (m: number): string => this.methods[m]!.map((x) => x ?? '\u0001').join('\u0000');
    const files: ThreadFile[] = [];
    let totalSamples = 0;
    let totalBytecodes = 0;
    for (const t of threads) {
      const nodes: NodeEntry[] = [];
      const stack: [BNode, number][] = [[t.root, -1]];
      while (stack.length > 0) {
        const [n, parent] = stack.pop()!;
        const id = nodes.length;
        let m = -1;
        if (parent >= 0) {
          if (order[n.method]! < 0) {
            order[n.method] = methods.length;
            methods.push(this.methods[n.method]!);
          }
          m = order[n.method]!;
        }
        const lines = [...n.lines].filter(([, c]) => c > 0).sort((a, b) => a[0] - b[0]);
        const head: [number, number, number, number] = [parent, m, parent >= 0 ? n.callLine : 0, n.self];
        nodes.push(lines.length > 0 ? [...head, lines.flat()] : head);
        const kids = [...n.kids.values()].sort((a, b) => {
          const ka = keyOf(a.method);
          const kb = keyOf(b.method);
          return ka < kb ? -1 : ka > kb ? 1 : a.callLine - b.callLine;
        });
        for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i]!, id]);
      }
      const bytecodes = t.bytecodes ?? t.samples * this.meta.granularity;
      totalSamples += t.samples;
      totalBytecodes += bytecodes;
      files.push({ name: t.name, seq: t.seq, bytecodes, samples: t.samples, nodes });
    }
    return {
      format: PROFILE_FORMAT,
      version: PROFILE_VERSION,
      meta: { ...this.meta, totalSamples, totalBytecodes },
      methods,
      threads: files,
    };
  }

  build(): Profile {
    return profileFromJson(this.toFile(), '<builder>');
  }
}

function defaultSourceFile(className: string): string {
  const simple = className.slice(className.lastIndexOf('.') + 1);
  const dollar = simple.indexOf('$');
  return `${dollar > 0 ? simple.slice(0, dollar) : simple}.java`;
}

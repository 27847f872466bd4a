// The profiler runtime's profile writer (runtime/java/komorium/rt/ProfileWriter.java) on the
// embedded engine: `render` is a native here (klass.ts, RUNTIME_INTRINSICS) that reads the
// default agent's per-thread trees from the heap and writes the same bytes as the Java method
// (profile-json.ts). The Java render ran 1.7 M bytecodes for a hello-world's 3.8 KB profile
// with the JDK instrumented (every String and HashMap call entering the JDK method's wrapper),
// ~150 ms of the run's shutdown; it was uncounted (the writer's thread is suspended), and so
// is this. The rest of ProfileWriter.write (the file, its rename, the messages) stays Java.
// KOMORIUM_JAVA_PROFILE_WRITER=1 keeps the Java render (the tests compare both).

import type { JClass } from '../../../klass';
import type { Long } from '../../../long';
import { ladd } from '../../../long';
import { JArray, type JObject } from '../../../object';
import { BLOCK, VmError } from '../../../signals';
import type { JThread } from '../../../thread';
import type { VM } from '../../../vm';
import { currentTimeMillis } from '../../../clock';
import { jdkField } from '../../util';
import type { NativeTable } from '../../registry';
import { ExportNode, renderProfile, type MethodNames, type ProfileMeta, type ThreadOut } from './profile-json';

/** The runtime methods the embedded engine runs as natives (klass.ts): ProfileWriter's render. */
export const PROFILE_WRITER_INTRINSICS: ReadonlySet<string> = new Set(process.env.KOMORIUM_JAVA_PROFILE_WRITER === '1' ? [] : ['render([Lkomorium/rt/TC;Ljava/lang/String;)[B']);

type Fields = Record<string, unknown>;

/** Reads instance fields of the runtime's (final) classes by name, through their slots' keys. */
class FieldReader {
  private readonly keys = new Map<JClass, Map<string, string>>();
  constructor(private readonly vm: VM) {}

  private key(o: JObject, name: string): string {
    let m = this.keys.get(o.klass);
    if (m === undefined) this.keys.set(o.klass, (m = new Map()));
    let k = m.get(name);
    if (k === undefined) m.set(name, (k = this.vm.field(o.klass, name).key));
    return k;
  }

  get(o: JObject, name: string): unknown {
    return (o as unknown as Fields)[this.key(o, name)];
  }

  set(o: JObject, name: string, v: unknown): void {
    (o as unknown as Fields)[this.key(o, name)] = v;
  }
}

/** MIDImpl.split: [className, methodName, descriptor, sourceFile or null] of `names`. */
export function splitNames(s: string | null): MethodNames {
  const out: (string | null)[] = ['<unknown>', '<unknown>', '()V', null];
  if (s !== null) {
    let from = 0;
    for (let k = 0; k < 4; k++) {
      const i = k < 3 ? s.indexOf('\u0000', from) : -1;
      if (i < 0) {
        out[k] = s.slice(from);
        break;
      }
      out[k] = s.slice(from, i);
      from = i + 1;
    }
  }
  return { className: out[0] as string, methodName: out[1] as string, descriptor: out[2] as string, sourceFile: out[3] };
}

/** MIDImpl.exportKeyString: class name with '.', method name, descriptor, source file (U+0001: none), NUL-separated. */
export function exportKeyString(names: string | null): string {
  if (names !== null) {
    let k = 0;
    let i = 0;
    for (; i < names.length; i++) {
      if (names.charCodeAt(i) === 0 && ++k === 3) break;
    }
    if (k >= 2) {
      const first = names.indexOf('\u0000');
      const key = names.slice(0, first).replace(/\//g, '.') + names.slice(first);
      return k === 2 ? `${key}\u0000\u0001` : key;
    }
  }
  const p = splitNames(names);
  return `${p.className.replace(/\//g, '.')}\u0000${p.methodName}\u0000${p.descriptor}\u0000${p.sourceFile ?? '\u0001'}`;
}

/** The render of one ProfileWriter object: its state survives a wait for a context's monitor. */
class Render {
  private readonly f: FieldReader;
  private readonly keyIds = new Map<string, number>();
  private readonly keyStrings: string[] = [];
  private readonly keyNames: MethodNames[] = [];
  /** MIDImpl → key (the final writer's MIDImpl.exportKey, a live snapshot's snapshotKeys). */
  private readonly keyOfMid = new Map<JObject, number>();
  private readonly outs: ThreadOut[] = [];
  private next = 0;

  constructor(
    private readonly vm: VM,
    private readonly live: boolean,
    private readonly contexts: JObject[],
    private readonly agentName: string,
  ) {
    this.f = new FieldReader(vm);
  }

  /**
   * Copies the threads' trees (each under its context's monitor, waiting for it as Java does),
   * then writes. An error of this code is the Java writer's Throwable: ProfileWriter.write
   * reports it ("could not write the profile") and the program goes on.
   */
  run(t: JThread): JArray {
    try {
      return this.copyAndRender(t);
    } catch (e) {
      if (e === BLOCK || e instanceof VmError) throw e;
      throw new VmError('java/lang/InternalError', `the embedded engine's profile writer failed: ${(e as Error)?.message ?? String(e)}`);
    }
  }

  private copyAndRender(t: JThread): JArray {
    const vm = this.vm;
    while (this.next < this.contexts.length) {
      const tc = this.contexts[this.next];
      if (tc === null) throw new VmError('java/lang/NullPointerException', null);
      if (!vm.monitorEnter(t, tc)) {
        t.pendingNative = { resume: () => this.run(t) };
        throw BLOCK;
      }
      try {
        const o = this.copy(tc);
        if (o !== null) this.outs.push(o);
      } finally {
        vm.monitorExit(t, tc);
      }
      this.next++;
    }
    if (!this.live) for (const [mid, k] of this.keyOfMid) this.f.set(mid, 'exportKey', k);
    const bytes = renderProfile({ meta: this.meta(), outs: this.outs, keyStrings: this.keyStrings, keyNames: this.keyNames });
    vm.allocate(16 + bytes.length);
    return vm.newArray('B', new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length).slice());
  }

  private str(o: unknown): string | null {
    return o === null ? null : this.vm.jsString(o as JObject);
  }

  /** ProfileWriter.copy: a thread's totals and tree (null: nothing to write). */
  private copy(tc: JObject): ThreadOut | null {
    const f = this.f;
    const d = f.get(tc, 'agentData') as JObject | null;
    if (d === null || d.klass.name !== 'komorium/rt/ThreadData' || d.klass.loader !== null) return null;
    const samples = f.get(d, 'samples') as Long;
    const b = this.live ? (f.get(d, 'bytecodes') as Long) : ladd(f.get(d, 'bytecodes') as Long, this.pendingBytecodes(tc));
    if (samples === 0 && b === 0) return null;
    let name = this.str(f.get(d, 'name')) as string;
    if (f.get(d, 'unnamed') === 1) {
      // laterName: the thread's name now (Thread.getName() returns its field).
      const th = f.get(tc, 'thread') as JObject | null;
      const n = th === null ? null : this.str((th as unknown as Fields)[jdkField(this.vm, 'java/lang/Thread', 'name').key]);
      if (n !== null) name = n;
    }
    return { name, seq: f.get(d, 'seq') as number, samples, bytecodes: b, merged: 0, tree: this.exportTree(f.get(d, 'root') as JObject) };
  }

  /** TC.pendingBytecodes, i.e. AgentView.pending (TC is final). */
  private pendingBytecodes(tc: JObject): Long {
    const f = this.f;
    const frozen = f.get(tc, 'frozenPending') as Long;
    if (frozen >= 0) return frozen;
    const gran = f.get(tc, 'gran') as number;
    if (f.get(tc, 'suspended') === 1 || (gran === 0x7fffffff && (f.get(tc, 'ordinal') as number) < 0)) return 0;
    const pending = gran - (f.get(tc, 'instrCounter') as number);
    return pending < 0 ? 0 : pending;
  }

  /** ProfileWriter.keyOf. */
  private keyOf(mid: JObject): number {
    let k = this.keyOfMid.get(mid);
    if (k !== undefined) return k;
    const names = this.str(this.f.get(mid, 'names'));
    const s = exportKeyString(names);
    k = this.keyIds.get(s);
    if (k === undefined) {
      k = this.keyStrings.length;
      this.keyIds.set(s, k);
      this.keyStrings.push(s);
      this.keyNames.push(splitNames(names));
    }
    this.keyOfMid.set(mid, k);
    return k;
  }

  /** ProfileWriter.exportTree: the InvocationNode tree as an export tree, in the Java walk's order. */
  private exportTree(treeRoot: JObject): ExportNode {
    const f = this.f;
    const root = new ExportNode(-1, 0);
    const src: JObject[] = [treeRoot];
    const dst: ExportNode[] = [root];
    while (src.length > 0) {
      const s = src.pop() as JObject;
      const d = dst.pop() as ExportNode;
      d.self = ladd(d.self, f.get(s, 'self') as Long);
      const keys = f.get(s, 'lineKeys') as JArray | null;
      if (keys !== null) {
        const ks = keys.data as Int32Array;
        const counts = f.get(s, 'lineCounts') as JArray;
        for (let i = 0; i < ks.length; i++) if (ks[i] !== 0) d.addLine((ks[i] - 1) | 0, longAt(counts, i));
      }
      const kids = f.get(s, 'kids') as JArray | null;
      if (kids === null) continue;
      for (const k of kids.data as (JObject | null)[]) {
        if (k === null) continue;
        src.push(k);
        dst.push(d.child(this.keyOf(f.get(k, 'mid') as JObject), f.get(k, 'callLine') as number));
      }
    }
    return root;
  }

  /** The profile's meta values from komorium.rt.Config. */
  private meta(): ProfileMeta {
    const vm = this.vm;
    const c = (name: string): unknown => vm.getStatic('komorium/rt/Config', name);
    // Json.str of a null String: a NullPointerException, as in the Java writer.
    const nonNull = (v: string | null): string => {
      if (v === null) throw new VmError('java/lang/NullPointerException', null);
      return v;
    };
    const s = (name: string): string => nonNull(this.str(c(name)));
    const engine = s('engine');
    const args = c('args') as JArray | null;
    return {
      engine,
      vm: s('vm'),
      jdk: s('jdk'),
      granularity: c('granularity') as number,
      random: c('random') as number,
      seed: c('seed') as Long,
      program: s('program'),
      args: (((args ?? nonNull(null)) as JArray).data as unknown[]).map((a) => nonNull(this.str(a))),
      scope: s('scope'),
      startup: this.str(c('startup')),
      agent: this.agentName,
      startTime: c('startTime') as Long,
      // Config.wallClockMillis: the real clock on this engine (wallClock0), else the VM's.
      endTime: engine === 'interp' ? Date.now() : currentTimeMillis(vm),
      maxThreads: c('maxThreads') as number,
    };
  }
}

/** Element `i` of a long[] as a Long. */
function longAt(a: JArray, i: number): Long {
  const v = (a.data as BigInt64Array)[i];
  return v >= -9007199254740991n && v <= 9007199254740991n ? Number(v) : v;
}

export const natives: NativeTable = {
  'render([Lkomorium/rt/TC;Ljava/lang/String;)[B': (vm: VM, t: JThread, self: JObject, contexts: JObject | null, agentName: JObject | null): JArray => {
    if (contexts === null) throw new VmError('java/lang/NullPointerException', null);
    if (agentName === null) throw new VmError('java/lang/NullPointerException', null);
    const live = (self as unknown as Fields)[vm.field(self.klass, 'snapshotKeys').key] !== null;
    return new Render(vm, live, (contexts as JArray).data as JObject[], vm.jsString(agentName)).run(t);
  },
};

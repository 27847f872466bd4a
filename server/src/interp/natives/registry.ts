// The registry of native methods, keyed by class, name and descriptor. Natives are written in
// TypeScript, one module per Java class (natives/<package>/<Class>.ts), each exporting a
// `NativeTable`. A native receives the VM, the current thread and its Java arguments as JS
// values (`this` first for instance methods; int/short/byte/char/boolean/float/double as
// number, long as Long, references as JObject | null) and returns the Java result.
//
// A native may throw a VmError (a Java exception to create), BLOCK (after setting
// `t.pendingNative`, see thread.ts) or PENDING (after pushing an upcall with pushCall).

import type { JMethod } from '../klass';
import type { JThread } from '../thread';
import type { VM } from '../vm';
import { awtInitIDs } from './java/awt/initIDs';

/** What the interpreter calls: reads the arguments from the thread's stacks at `base`. */
export type NativeImpl = (t: JThread, base: number) => unknown;

// Natives take specific argument types; `never[]` accepts any parameter list.
export type NativeFn = (vm: VM, t: JThread, ...args: never[]) => unknown;

/** name+descriptor → implementation, for one class. */
export type NativeTable = Record<string, NativeFn>;

export class NativeRegistry {
  private readonly byKey = new Map<string, NativeFn>();

  /** Registers the natives of class `internalName` ('java/lang/Object'). */
  register(internalName: string, table: NativeTable): void {
    for (const [nameDesc, fn] of Object.entries(table)) this.byKey.set(`${internalName}.${nameDesc}`, fn);
  }

  lookup(m: JMethod): NativeFn | undefined {
    return this.byKey.get(`${m.klass.name}.${m.nameDesc}`) ?? awtInitIDs(m);
  }

  has(internalName: string, nameDesc: string): boolean {
    return this.byKey.has(`${internalName}.${nameDesc}`);
  }

  get size(): number {
    return this.byKey.size;
  }
}

const adapterCache = new Map<string, (fn: NativeFn, vm: VM) => NativeImpl>();

/** Builds the argument-reading adapter for a native of method `m`. */
export function makeAdapter(m: JMethod, fn: NativeFn, vm: VM): NativeImpl {
  const key = `${m.isStatic ? 'S' : 'I'}${m.desc.slice(0, m.desc.indexOf(')'))}`;
  let factory = adapterCache.get(key);
  if (factory === undefined) {
    const reads: string[] = [];
    let slot = 0;
    if (!m.isStatic) reads.push(`t.r[b + ${slot++}]`);
    for (const p of m.params) {
      const c = p[0];
      if (c === 'L' || c === '[') reads.push(`t.r[b + ${slot++}]`);
      else if (c === 'J') {
        reads.push(`t.r[b + ${slot}]`);
        slot += 2;
      } else if (c === 'D') {
        reads.push(`t.n[b + ${slot}]`);
        slot += 2;
      } else reads.push(`t.n[b + ${slot++}]`);
    }
    const src = `return (t, b) => fn(vm, t${reads.map((r) => `, ${r}`).join('')});`;
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const make = new Function('fn', 'vm', src) as (fn: NativeFn, vm: VM) => NativeImpl;
    factory = make;
    adapterCache.set(key, factory);
  }
  return factory(fn, vm);
}

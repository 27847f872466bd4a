// Class resolution from a class's constant pool and catch-type matching, for the VM facade
// (vm.ts): JVMS 5.4.3.1 through the referencing class's defining loader, and JVMS 5.3 for a
// handler's catch type.

import { RUNTIME_PACKAGE } from '../runtime/contract';
import type { ClassTable } from './classes';
import type { JClass } from './klass';
import type { JObject } from './object';
import { isAssignable } from './ops';
import { PENDING } from './signals';
import type { JThread } from './thread';

const RUNTIME_PREFIX = `${RUNTIME_PACKAGE}/`;

/**
 * Resolves class `name` as referenced from class `from` (JVMS 5.4.3.1), loading it through
 * `from`'s defining loader. For Java loaders this is an upcall: the current instruction
 * (top frame's saved pc) runs again once the class is loaded.
 */
export function resolveClassFrom(classes: ClassTable, t: JThread, from: JClass, name: string): JClass {
  const loader = classes.nonReflectionLoader(from.loader);
  let dims = 0;
  while (name.charCodeAt(dims) === 0x5b) dims++;
  if (dims > 0) {
    const el = name.slice(dims);
    let k: JClass = el.length === 1 ? classes.primitive(el) : resolveClassFrom(classes, t, from, el.slice(1, -1));
    for (let i = 0; i < dims; i++) k = classes.arrayOf(k);
    return k;
  }
  if (name === from.name) return from;
  const have = classes.findLoaded(loader, name);
  if (have) return have;
  if (loader === null) return classes.loadBoot(name);
  // The profiler's runtime (on the boot class path) resolves from any loader, as if every
  // loader delegated to the boot loader for it, without running the loader's loadClass: a
  // program's loader that defines classes itself and delegates nothing but java.* would
  // otherwise fail on the instrumented code's references, and the loader's JDK bytecodes
  // would be counted in scope all by the sampled run alone (the exact run never references
  // the runtime).
  if (name.startsWith(RUNTIME_PREFIX)) {
    const rt = classes.tryBoot(name);
    if (rt) {
      classes.loaderData(loader).classes.set(name, rt);
      return rt;
    }
  }
  const top = t.frames[t.depth];
  classes.loadThroughLoader(t, loader, name, () => undefined, 'V', top.pc);
  throw PENDING;
}

/** Whether exception `exc` is caught by the catch type at `cpIndex` of `from`. */
export function isCatchType(classes: ClassTable, from: JClass, cpIndex: number, exc: JObject): boolean {
  const cached = from.cpc[cpIndex] as JClass | undefined;
  if (cached !== undefined && (cached as JClass).supers !== undefined) return isAssignable(exc.klass, cached);
  const e = from.cp[cpIndex];
  if (!e || e.tag !== 7) return false;
  const ne = from.cp[e.nameIndex];
  const name = ne && ne.tag === 1 ? ne.value : '';
  // The catch type is the class `from`'s loader resolves for the name (JVMS 5.3), not any
  // class of that name: a class the loader has already loaded resolves without an upcall;
  // the boot loader's, synchronously.
  let known: JClass | undefined;
  try {
    known = from.loader === null ? classes.tryBoot(name) : classes.findLoaded(from.loader, name);
  } catch {
    known = undefined; // a broken class file: matched by name below, the unwind goes on
  }
  if (known !== undefined) {
    from.cpc[cpIndex] = known;
    return isAssignable(exc.klass, known);
  }
  // Not loaded by that loader yet (which java's verifier would have done): it is not one
  // of the exception's own classes unless a class of that name is among its supertypes.
  for (const s of exc.klass.supers) if (s.name === name) return true;
  return false;
}

// JDK 17: the method descriptors that the JDK's spinning of an archived lambda proxy caches.
//
// java 17 takes a lambda proxy its CDS archive holds (LambdaProxyClassArchive.find) instead of
// generating it; the embedded engine, which reports no sharing, lets InnerClassLambdaMetafactory
// generate it (indy/link.ts lambdaThroughJdk). Its generateInnerClass computes
// `interfaceMethodType.toMethodDescriptorString()` (the SAM method) and
// `constructorType.toMethodDescriptorString()` (the constructor), and MethodType caches the string
// in its `methodDescriptor` field; java never computes them. A later request of the same interned
// MethodType then found the string here and computed it (BytecodeDescriptor.unparseMethod,
// counted) on HotSpot: Jackson's annotation proxies (ProxyGenerator's method descriptors: a
// `Predicate`'s `(Object)Z` is also `equals`'s), 818 bytecodes on JDK 17 (branch jk39).

import type { JObject } from '../object';
import type { VM } from '../vm';

type Fields = JObject & Record<string, unknown>;

/** The interned MethodTypes (MethodType.internTable) whose cached descriptor is one of `descs`. */
function cachedWith(vm: VM, descs: ReadonlySet<string>): JObject[] {
  const mtClass = vm.classes.findLoaded(null, 'java/lang/invoke/MethodType');
  if (mtClass === undefined || descs.size === 0) return [];
  const tableField = mtClass.fields.find((f) => f.name === 'internTable' && f.isStatic);
  const set = tableField === undefined ? null : (mtClass.staticValues[tableField.slot] as Fields | null);
  if (set === null || set === undefined) return [];
  const map = set[vm.field(set.klass, 'map').key] as Fields | null;
  const table = map === null ? null : (map[vm.field(map.klass, 'table').key] as (JObject & { data: unknown[] }) | null);
  if (table === null) return [];
  const found: JObject[] = [];
  const descKey = vm.field(mtClass, 'methodDescriptor').key;
  for (let node = null as Fields | null, i = 0; i < table.data.length; i++) {
    for (node = table.data[i] as Fields | null; node !== null && node !== undefined; node = node[vm.field(node.klass, 'next').key] as Fields | null) {
      const entry = node[vm.field(node.klass, 'key').key] as Fields | null;
      if (entry === null || entry === undefined) continue;
      const mt = entry[vm.field(entry.klass, 'referent').key] as Fields | null;
      if (mt === null || mt === undefined || mt.klass !== mtClass) continue;
      const d = mt[descKey] as JObject | null;
      if (d !== null && d !== undefined && descs.has(vm.jsString(d))) found.push(mt);
    }
  }
  return found;
}

/**
 * Before an archived proxy's link: which of the descriptors only the generation computes
 * (`sam`, the constructor's from the factory type `factory`, less the implementation's `impl`,
 * which both engines compute) are cached already. `forget` (after the link) clears the others.
 */
export function spunDescriptors(vm: VM, sam: string, factory: string, impl: string): { forget: () => void } {
  const descs = new Set([sam, `${factory.slice(0, factory.indexOf(')') + 1)}V`]);
  descs.delete(impl);
  const before = new Set(cachedWith(vm, descs));
  return {
    forget: () => {
      for (const mt of cachedWith(vm, descs)) {
        if (!before.has(mt)) (mt as Fields)[vm.field(mt.klass, 'methodDescriptor').key] = null;
      }
    },
  };
}

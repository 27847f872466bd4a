// Modules of the embedded JVM's classes (java.lang.Module per package and loader), nest hosts.

import type { JClass } from './klass';
import type { JObject } from './object';
import type { VM } from './vm';

export function defineModule(vm: VM, module: JObject, packages: string[]): void {
  const loader = (module as unknown as Record<string, unknown>).loader as JObject | null;
  let m = vm.packageModules.get(loader);
  if (!m) vm.packageModules.set(loader, (m = new Map()));
  for (const p of packages) m.set(p, module);
  // Classes already loaded in these packages get their module now.
  const table = loader === null ? vm.classes.boot : vm.classes.loaderData(loader).classes;
  for (const k of table.values()) if (k.module === null && k.loader === loader) assignModule(vm, k);
  // Primitive types (and their arrays) are in java.base.
  if (loader === null && packages.includes('java/lang')) for (const p of vm.classes.primitives.values()) setModule(p, module);
}

/**
 * Sets k.module (and its mirror's) from its package, or the loader's unnamed module. A class of a
 * reflection loader (JDK 17's generated accessors, DelegatingClassLoader) takes its package from
 * the loader's parent, as HotSpot does (non_reflection_class_loader): an accessor for a boot class
 * is in java.base (jdk.internal.reflect), one for a class-path class in the application loader's
 * unnamed module, so Reflection.verifyModuleAccess finds the caller's module equal or the package
 * shared where java does.
 */
export function assignModule(vm: VM, k: JClass): void {
  const pkg = k.packageName;
  const loader = vm.classes.nonReflectionLoader(k.loader);
  let mod = vm.packageModules.get(loader)?.get(pkg) ?? null;
  if (mod === null) {
    mod = loader === null ? vm.bootUnnamedModule : (((loader as unknown as Record<string, unknown>).unnamedModule as JObject | null) ?? null);
  } else if (k.loader !== null && !k.moduleName) {
    const n = (mod as unknown as Record<string, unknown>).name as JObject | null;
    if (n) k.moduleName = vm.jsString(n);
  }
  if (mod === null) return;
  setModule(k, mod);
}

/** Sets the module of `k` and of its array classes made so far (HotSpot: an array's is its element's). */
function setModule(k: JClass, mod: JObject): void {
  for (let c: JClass | null = k; c !== null; c = c.arrayClass) {
    c.module = mod;
    if (c.mirror) (c.mirror as unknown as Record<string, unknown>).module = mod;
  }
}

export function bootPackages(vm: VM): string[] {
  return [...(vm.packageModules.get(null)?.keys() ?? [])];
}

export function moduleOfBootPackage(vm: VM, pkg: string): string | null {
  const m = vm.packageModules.get(null)?.get(pkg.replace(/\./g, '/'));
  if (!m) return null;
  const n = (m as unknown as Record<string, unknown>).name as JObject | null;
  return n ? vm.jsString(n) : null;
}

export function nestHostOf(vm: VM, k: JClass): JClass {
  if (k.nestHost) return k.nestHost;
  let host = k;
  const a = k.cf?.attributes.find((x) => x.name === 'NestHost');
  if (a && a.name === 'NestHost') {
    const e = k.cp[a.hostClassIndex];
    const n = e && e.tag === 7 ? k.cp[e.nameIndex] : undefined;
    const name = n && n.tag === 1 ? n.value : null;
    // HotSpot resolves the host (loads it); the boot loader's without Java code, here too. A
    // host of another loader not loaded yet: k for now, not kept (it would stay k's host for
    // good: a hidden nestmate of ResourceBundle$Control, a lambda the JDK spun before
    // ResourceBundle was loaded, made Control its own host and its access to
    // NoFallbackControl's private field an IllegalAccessError, JDK 25).
    const hk = name ? (vm.classes.findLoaded(k.loader, name) ?? (k.loader === null ? vm.classes.tryBoot(name) : undefined)) : undefined;
    if (hk) host = hk;
    else if (name) return k;
  }
  k.nestHost = host;
  return host;
}

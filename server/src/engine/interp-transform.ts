// The class transformer of the embedded engine: every class the VM defines passes through
// here. With `--instrument app` the user class path is instrumented; with `all` the JDK's
// classes too (only those of the modules KOMORIUM_JDK_MODULES names when it is set, as in
// HotSpot's copy). The runtime (komorium/rt) and classes the VM spins (lambda proxies...) never are.
//
// Transformed classes are cached on disk (transform/cache-store.ts: written atomically,
// validated on read). The key covers everything the output depends on:
//   boot classes: transformer version, options (with the JDK modules instrumented, when
//                 KOMORIUM_JDK_MODULES names them), JDK, the class's name and bytes. A JDK class's
//                 transformation depends only on JDK classes (user classes that would shadow a
//                 JDK class are never defined, parent first, and are left out of the hierarchy),
//                 so the entry is shared by all programs on the same JDK: the second run of
//                 anything starts fast.
//   others:       also every user class's path name with its shape (as driver.ts does): the
//                 path names decide what is a program class (scope), the shapes the call sites.

import { createHash } from 'node:crypto';
import { ClassPath, type JdkInfo } from '../classpath/index';
import { readClass } from '../classfile/reader';
import { writeClass } from '../classfile/writer';
import { transformClass } from '../transform/clazz';
import { Hierarchy, classInfoOf, type ClassInfo } from '../transform/hierarchy';
import { interfacePolicy } from '../transform/interfaces';
import { allScope, appScope, type Scope } from '../transform/scope';
import { TRANSFORMER_VERSION } from '../transform/driver';
import { readCacheEntry, writeCacheEntry } from '../transform/cache-store';
import { isRuntimeClass } from '../runtime/contract';
import { LOAD_UPCALL, loadUpcalls, pauseUpcalls, SEEDED_CLASSES, seedPatch } from './reflect-patch';

/**
 * With the JDK instrumented, MethodHandleNatives' linkage upcalls (linkCallSite...) run paused,
 * as in HotSpot's copy (jdk-modules.ts finishJavaBase): the JDK's linkage of a call site or
 * constant is neither counted nor sampled on either engine.
 */
const MHN = 'java/lang/invoke/MethodHandleNatives';

export type Instrument = 'none' | 'app' | 'all';

export interface InterpTransformOptions {
  jdk: JdkInfo;
  classpath: string[];
  instrument: Instrument;
  maxPath?: number;
  lineNumbers?: boolean;
  cacheDir?: string;
  /**
   * With `all`: only these JDK modules are instrumented (KOMORIUM_JDK_MODULES, jdk-image.ts
   * jdkModulesOverride), as in HotSpot's copy of the same list; the other modules' classes run
   * as they are, and calls into them call their originals (undefined: every module).
   */
  jdkModules?: readonly string[];
}

export interface InterpTransformStats {
  transformed: number;
  reused: number;
  failed: { name: string; error: string }[];
}

/**
 * With KOMORIUM_JDK_MODULES: whether a class is in the instrumented part of scope `all`. A class
 * of no JDK module (the program's) is; a JDK class when its module is one of `modules`. The
 * sampled run's transformer and the exact run's scope (interp-worker.ts) both use it.
 */
export function inJdkModules(cp: ClassPath, modules: ReadonlySet<string>): (internalName: string) => boolean {
  return (n) => {
    const m = cp.bootModule(n);
    return m === undefined || modules.has(m);
  };
}

/** Builds the `transformClass` hook for VmOptions. */
export function makeInterpTransformer(o: InterpTransformOptions): { hook: (name: string | null, bytes: Uint8Array, boot: boolean) => Uint8Array; stats: InterpTransformStats; close(): void } {
  const stats: InterpTransformStats = { transformed: 0, reused: 0, failed: [] };
  if (o.instrument === 'none') return { hook: (_n, b) => b, stats, close() {} };
  const cp = ClassPath.from(o.classpath, { jdk: o.jdk });
  const userClasses = new Set<string>();
  const shapes: string[] = [];
  // The user entries' classes; the JDK's (tens of thousands) are not needed here.
  for (const c of cp.listUserClasses()) {
    // Parent first: a user class with a JDK class's name is never defined.
    if (cp.findBoot(c.internalName) !== undefined) continue;
    userClasses.add(c.internalName);
  }
  const hierarchy = new Hierarchy((n) => (cp.findBoot(n) ?? cp.findUser(n))?.bytes);
  const programInfos: ClassInfo[] = [];
  for (const n of [...userClasses].sort()) {
    const f = cp.findUser(n);
    if (!f) continue;
    try {
      const info = classInfoOf(readClass(f.bytes, f.source));
      hierarchy.add(info);
      programInfos.push(info);
      const ms = [...info.methods.values()].map((m) => `${m.name}${m.descriptor}/${m.access}/${m.callerSensitive ? 1 : 0}`).sort();
      shapes.push(`${n}=${info.name}<${info.superName ?? ''}<${info.interfaces.join(',')}/${info.access}/${info.majorVersion}{${ms.join(';')}}`);
    } catch {
      shapes.push(`${n}=!`); // unreadable: defineClass reports it
    }
  }
  const modules = o.instrument === 'all' && o.jdkModules !== undefined ? new Set(o.jdkModules) : undefined;
  // A JDK class of a module left out (and so the call sites into it) as in HotSpot's copy
  // (jdk-image.ts) and the class path's transformation there (driver.ts `jdkModules`).
  const inModules = modules === undefined ? undefined : inJdkModules(cp, modules);
  const scope: Scope = o.instrument === 'all' ? (inModules === undefined ? allScope : (n) => allScope(n) && (userClasses.has(n) || inModules(n))) : appScope((n) => userClasses.has(n));
  // Interface methods are extended for the program's own interfaces only (interfaces.ts).
  const interfaces = interfacePolicy(programInfos);
  const base = `${TRANSFORMER_VERSION}\0interp\0${o.instrument}\0${o.maxPath ?? 50}\0${o.lineNumbers ?? true}\0${o.jdk.home}\0${o.jdk.version ?? ''}\0${modules ? `modules=${[...modules].sort().join(',')}\0` : ''}`;
  const jdkWorld = createHash('sha256').update(base).digest('hex');
  const userWorld = createHash('sha256').update(base).update(shapes.join('\n')).digest('hex');

  const seededBytes = new Map<string, Uint8Array>();
  const seeded = (name: string, bytes: Uint8Array): Uint8Array => {
    let b = seededBytes.get(name);
    if (b === undefined) {
      try {
        b = seedPatch(bytes, name);
      } catch {
        b = bytes; // a JDK whose class has no such call: its own salt, as before
      }
      seededBytes.set(name, b);
    }
    return b;
  };
  const hook = (name: string | null, given: Uint8Array, boot: boolean): Uint8Array => {
    if (name === null || isRuntimeClass(name)) return given;
    // The salt of Set.of/Map.of iteration order fixed as HotSpot's copy fixes it (both scopes,
    // reflect-patch.ts FILTERS `seed`), before the transformation as there.
    const bytes = boot && SEEDED_CLASSES.includes(name) ? seeded(name, given) : given;
    const user = !boot && userClasses.has(name);
    if (!scope(name) || (o.instrument === 'app' && !user) || (boot && o.instrument !== 'all')) return bytes;
    // HotSpot's copy runs instrumented only what was transformed ahead, the JDK image's classes
    // and the class path's (KomoriumClasses swaps by name and original bytes): a class made at
    // run time (a Proxy, a BoundMethodHandle species) runs as given there, and so here.
    if (!user && !cp.hasBoot(name)) return bytes;
    // Only boot classes are known to depend on JDK classes alone; a class another loader defines
    // (a plugin's, with `all`) may refer to the program's classes.
    const pausedUpcalls = boot && o.instrument === 'all' && name === MHN;
    // ClassLoader.loadClass(String), which the VM calls, enters with TC.enterLoad (reflect-patch.ts).
    const loadUpcall = boot && o.instrument === 'all' && name === LOAD_UPCALL.owner;
    const key = createHash('sha256')
      .update(boot ? jdkWorld : userWorld)
      .update(`\0${user ? 'user' : boot ? 'boot' : 'other'}\0${name}\0${pausedUpcalls ? 'paused-upcalls\0' : ''}${loadUpcall ? 'load-upcall\0' : ''}`)
      .update(bytes)
      .digest('hex');
    const cached = o.cacheDir === undefined ? undefined : readCacheEntry(o.cacheDir, key);
    if (cached !== undefined) {
      stats.reused++;
      return cached.data;
    }
    try {
      const cf = readClass(bytes, name);
      const { cf: out } = transformClass(cf, { scope, hierarchy, maxPath: o.maxPath, lineNumbers: o.lineNumbers, interfaces, loadSites: o.instrument === 'all' && user }, name);
      const written = writeClass(out);
      const data = pausedUpcalls ? pauseUpcalls(written) : loadUpcall ? loadUpcalls(written) : written;
      if (o.cacheDir !== undefined) writeCacheEntry(o.cacheDir, key, data);
      stats.transformed++;
      return data;
    } catch (e) {
      stats.failed.push({ name, error: (e as Error).message });
      return bytes;
    }
  };
  return { hook, stats, close: () => cp.close() };
}

// Access control at resolution (JVMS 5.4.4), with HotSpot's IllegalAccessError messages
// (linkResolver.cpp, reflection.cpp): a class reference must name a class that is public or in
// the referring class's run-time package (same loader, same package); a field or method
// reference must name a member that is public, protected and reached from a subclass (or the
// same package), package-private and in the same run-time package, or private and in the same
// nest. Classes the engine spins itself (lambda proxies, string concatenation, record methods)
// stand for code HotSpot spins as nestmates or trusts, and subclasses of
// jdk.internal.reflect.MagicAccessorImpl are trusted, as on HotSpot. Module exports are not
// checked (a public class of a package its module does not export is accessible here).

import { Acc, Tag } from '../classfile/model';
import type { JClass, JField, JMethod } from './klass';
import { VmError } from './signals';
import type { VM } from './vm';
import type { JObject } from './object';
import { prettyDescriptor } from './resolve';

const MAGIC_ACCESSOR = 'jdk/internal/reflect/MagicAccessorImpl';

function samePackage(a: JClass, b: JClass): boolean {
  return a.loader === b.loader && a.packageName === b.packageName;
}

/** Code the engine generated or the JDK trusts: no access checks (see the header). */
function trusted(from: JClass): boolean {
  if (from.source === 'spun') return true;
  for (let c: JClass | null = from.superclass; c !== null; c = c.superclass) if (c.name === MAGIC_ACCESSOR) return true;
  return false;
}

function moduleName(vm: VM, k: JClass): string | null {
  const mod = k.module;
  if (mod === null) return k.moduleName;
  const name = (mod as unknown as Record<string, unknown>)[vm.field(mod.klass, 'name').key] as JObject | null;
  return name === null ? null : vm.jsString(name);
}

/** HotSpot's "in module M of loader L" (Klass::class_in_module_of_loader, no parent loader). */
function inModuleOfLoader(vm: VM, k: JClass): string {
  let base = k;
  while (base.component !== null) base = base.component;
  const mod = base.isPrimitive ? 'java.base' : moduleName(vm, base);
  const loader = k.loader === null ? "'bootstrap'" : vm.loaderNameAndId(k.loader);
  return `${mod === null ? 'unnamed module' : `module ${mod}`} of loader ${loader}`;
}

function sameModule(a: JClass, b: JClass): boolean {
  return a.module !== null || b.module !== null ? a.module === b.module : a.moduleName === b.moduleName && a.loader === b.loader;
}

/**
 * "A and B are in M of loader L" when they share a module, else "A is in ...; B is in ..."
 * (the parenthesis of HotSpot's access errors).
 */
function where(vm: VM, a: JClass, b: JClass): string {
  if (sameModule(a, b)) return `${a.javaName} and ${b.javaName} are in ${inModuleOfLoader(vm, b)}`;
  return `${a.javaName} is in ${inModuleOfLoader(vm, a)}; ${b.javaName} is in ${inModuleOfLoader(vm, b)}`;
}

/** JVMS 5.4.4 class access: `c` (an array: its element class) as referenced from `from`. */
export function checkClassAccess(vm: VM, from: JClass, c: JClass): void {
  let base = c;
  while (base.component !== null) base = base.component;
  if (base.isPrimitive || base === from || (base.access & Acc.PUBLIC) !== 0 || samePackage(from, base) || trusted(from)) return;
  throw new VmError('java/lang/IllegalAccessError', `failed to access class ${base.javaName} from class ${from.javaName} (${where(vm, base, from)})`);
}

/**
 * Reflection::verify_member_access: may `from` use a member of `holder` with `access`, named
 * through `resolved` (the class of the field or method reference)?
 */
function memberAccessible(from: JClass, resolved: JClass, holder: JClass, access: number): boolean {
  if (from === holder || (access & Acc.PUBLIC) !== 0) return true;
  if ((access & Acc.PROTECTED) !== 0 && !from.isInterface && isSubclass(from, holder)) {
    if ((access & Acc.STATIC) !== 0 || from === resolved || holder === resolved || isSubclass(resolved, from) || isSubclass(from, resolved)) return true;
  }
  if ((access & Acc.PRIVATE) === 0 && samePackage(from, holder)) return true;
  if ((access & Acc.PRIVATE) !== 0 && !from.isArray && !holder.isArray && nestmates(from, holder)) return true;
  return trusted(from);
}

/**
 * The name of `k`'s nest host: a hidden nestmate's host, else its NestHost attribute's class,
 * else itself. By name, without loading the host (vm.nestHostOf falls back to the class itself
 * while the host is not loaded; HotSpot loads it).
 */
function nestHostName(k: JClass): string {
  if (k.nestHost !== null) return k.nestHost.name;
  const a = k.cf?.attributes.find((x) => x.name === 'NestHost');
  if (a === undefined || a.name !== 'NestHost') return k.name;
  const e = k.cp[a.hostClassIndex];
  const n = e !== undefined && e.tag === Tag.Class ? k.cp[e.nameIndex] : undefined;
  return n !== undefined && n.tag === Tag.Utf8 ? n.value : k.name;
}

/** Same nest: the same loader and host (which must be in their run-time package, as HotSpot checks). */
function nestmates(a: JClass, b: JClass): boolean {
  if (a.loader !== b.loader) return false;
  const host = nestHostName(a);
  if (host !== nestHostName(b)) return false;
  const slash = host.lastIndexOf('/');
  return (slash < 0 ? '' : host.slice(0, slash)) === a.packageName;
}

/** Superclass chain only (HotSpot's is_subclass_of), not interfaces. */
function isSubclass(k: JClass, of: JClass): boolean {
  for (let c: JClass | null = k; c !== null; c = c.superclass) if (c === of) return true;
  return false;
}

/** Access to field `f` through a reference to class `resolved`, from `from`. */
export function checkFieldAccess(vm: VM, from: JClass, resolved: JClass, f: JField): void {
  if (memberAccessible(from, resolved, f.klass, f.access)) return;
  const kind = `${f.access & Acc.PROTECTED ? 'protected ' : ''}${f.access & Acc.PRIVATE ? 'private ' : ''}`;
  throw new VmError('java/lang/IllegalAccessError', `class ${from.javaName} tried to access ${kind}field ${f.klass.javaName}.${f.name} (${where(vm, from, f.klass)})`);
}

/** The profiler's extra parameters of an instrumented method's extended copy. */
const EXTENDED = 'Lkomorium/rt/TC;[Lkomorium/rt/MID;I)';

/** Access to method `m` through a reference to class `resolved`, from `from`. */
export function checkMethodAccess(vm: VM, from: JClass, resolved: JClass, m: JMethod): void {
  // An extended copy has its original's access; errors name the original (as java would).
  const shown = m.desc.includes(EXTENDED) ? (m.klass.declared.get(m.name + m.desc.replace(EXTENDED, ')')) ?? m) : m;
  let access = (m.access & ~Acc.ABSTRACT) | (shown.access & Acc.ABSTRACT);
  // Arrays override clone() publicly (JVMS 2.15; HotSpot's special case).
  if (resolved.isArray && m.name === 'clone' && m.klass.name === 'java/lang/Object') access = (access & ~Acc.PROTECTED) | Acc.PUBLIC;
  if (memberAccessible(from, resolved, m.klass, access)) return;
  const kind = `${access & Acc.ABSTRACT ? 'abstract ' : ''}${access & Acc.PROTECTED ? 'protected ' : ''}${access & Acc.PRIVATE ? 'private ' : ''}`;
  throw new VmError('java/lang/IllegalAccessError', `class ${from.javaName} tried to access ${kind}method '${prettyDescriptor(shown.name, shown.desc, shown.klass)}' (${where(vm, from, m.klass)})`);
}

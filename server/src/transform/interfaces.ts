// Which interface instance methods get an extended version (docs/TRANSFORM.md, "Interface
// methods"). Their extended version is a default method, a reverse trampoline, so that lambda
// proxies, java.lang.reflect.Proxy classes and classes that are not instrumented still reach
// their own implementation, while instrumented implementations override it with their
// instrumented body and calls through the interface need no wrapper.
//
// Two unrelated interfaces that declare the same method would both supply a default for its
// extended descriptor, and a class implementing both without an extended version in its class
// chain (an intersection lambda `(A & B) x -> ...`, a Proxy for both, a class whose
// implementation comes from a JDK superclass) would fail with "conflicting default methods"
// where the original ran. So only the program's own interfaces (the user class path, whose
// classes are all known before anything is transformed) get extended versions, and none for a
// method that two of them declare without one extending the other. The JDK's interfaces never
// do (the `all` scope keeps calling them out), so no default of ours can conflict. Nor do
// interfaces a lambda could implement (below).

import { Acc } from '../classfile/model';
import type { ClassInfo } from './hierarchy';

export interface InterfacePolicy {
  /** True if `owner.name + descriptor` (an instance method of interface `owner`) may be extended. */
  extendable(owner: string, key: string): boolean;
}

/** No interface method is extended (calls through interfaces are call-outs). */
export const NO_INTERFACE_EXTENSION: InterfacePolicy = { extendable: () => false };

/** The extended version of this method is a reverse trampoline (an interface default method). */
export function isInterfaceTrampoline(owner: ClassInfo, access: number): boolean {
  return (owner.access & Acc.INTERFACE) !== 0 && (access & (Acc.STATIC | Acc.PRIVATE)) === 0;
}

/**
 * The policy for a program whose own classes are `infos` (all of them: the decision for one
 * interface depends on the others, which the transformation caches cover with the shapes of
 * every class).
 */
export function interfacePolicy(infos: Iterable<ClassInfo>): InterfacePolicy {
  const byName = new Map<string, ClassInfo>();
  for (const c of infos) if ((c.access & Acc.INTERFACE) !== 0) byName.set(c.name, c);
  // Superinterfaces among the program's interfaces, transitively.
  const supers = new Map<string, Set<string>>();
  const supersOf = (n: string): Set<string> => {
    let s = supers.get(n);
    if (s) return s;
    s = new Set();
    supers.set(n, s);
    for (const i of byName.get(n)?.interfaces ?? []) {
      s.add(i);
      for (const j of supersOf(i)) s.add(j);
    }
    return s;
  };
  const declaring = new Map<string, string[]>();
  for (const c of byName.values()) {
    for (const [k, m] of c.methods) {
      if ((m.access & (Acc.STATIC | Acc.PRIVATE)) !== 0) continue;
      let l = declaring.get(k);
      if (!l) declaring.set(k, (l = []));
      l.push(c.name);
    }
  }
  // Interfaces a lambda can implement (at most one abstract method of their own or of the
  // program's superinterfaces, not counting Object's) keep call-outs: a lambda proxy would
  // reach its body through the trampoline, one frame more per call than the wrapper alone
  // (deep recursion through lambdas would overflow the stack sooner) for no gain.
  const OBJECT_METHODS = new Set(['equals(Ljava/lang/Object;)Z', 'hashCode()I', 'toString()Ljava/lang/String;']);
  const lambdaCapable = (c: ClassInfo): boolean => {
    const abstract = new Set<string>();
    for (const n of [c.name, ...supersOf(c.name)]) {
      for (const [k, m] of byName.get(n)?.methods ?? []) {
        if ((m.access & Acc.ABSTRACT) !== 0 && !OBJECT_METHODS.has(k)) abstract.add(k);
      }
    }
    for (const [k, m] of c.methods) if ((m.access & (Acc.ABSTRACT | Acc.STATIC | Acc.PRIVATE)) === 0) abstract.delete(k);
    return abstract.size <= 1;
  };
  // JVMS 5.5: initialising a class initialises those of its superinterfaces that declare a
  // non-abstract, non-static method (HotSpot: a default method; a private one does not count).
  // A trampoline is a default method, so an interface with a static initialiser and no default
  // method of its own would be initialised at `new Impl()`, earlier than in the original (its
  // initialiser's side effects would move): it keeps call-outs. One without a static
  // initialiser has nothing to observe; one with a default method is initialised with its
  // implementations already.
  const initMoves = (c: ClassInfo): boolean =>
    c.methods.has('<clinit>()V') && ![...c.methods.values()].some((m) => (m.access & (Acc.ABSTRACT | Acc.STATIC | Acc.PRIVATE)) === 0);
  const multi = new Set<string>();
  for (const c of byName.values()) if (!lambdaCapable(c) && !initMoves(c)) multi.add(c.name);
  const shared = new Set<string>();
  for (const [k, owners] of declaring) {
    if (owners.length < 2) continue;
    const related = (a: string, b: string): boolean => supersOf(a).has(b) || supersOf(b).has(a);
    if (owners.some((a, i) => owners.some((b, j) => j > i && !related(a, b)))) shared.add(k);
  }
  return { extendable: (owner, key) => multi.has(owner) && !shared.has(key) };
}

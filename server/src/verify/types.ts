// Verification types of the type-checking verifier (JVMS 4.10.1.2) and their assignability,
// with HotSpot's names for them in VerifyError messages.
//
// A type is a short string, so that equality is `===`:
//   'T' top, 'I' int, 'F' float, 'J' long, 'D' double, 'j' / 'd' the second slot of a long /
//   double, 'Z' 'B' 'C' 'S' boolean, byte, char, short (return types and array components
//   only), 'N' null, 'U' uninitializedThis, 'u<bci>' uninitialized(bci), 'L<name>' a class or
//   array type (`Ljava/lang/String`, `L[I`), and the queries HotSpot checks operands with:
//   '?r' any reference, '?1' category 1, '?2' category 2, '?h' second half of category 2.

export type VType = string;

export const TOP = 'T';
export const INT = 'I';
export const FLOAT = 'F';
export const LONG = 'J';
export const DOUBLE = 'D';
export const LONG2 = 'j';
export const DOUBLE2 = 'd';
export const NULL = 'N';
export const UNINIT_THIS = 'U';
export const REF_CHECK = '?r';
export const CAT1_CHECK = '?1';
export const CAT2_CHECK = '?2';
export const CAT2_2ND_CHECK = '?h';
export const OBJECT = 'Ljava/lang/Object';
export const THROWABLE = 'Ljava/lang/Throwable';
export const STRING = 'Ljava/lang/String';
export const CLASS = 'Ljava/lang/Class';

export const ref = (name: string): VType => `L${name}`;

const FIELD = '\\[{0,255}(?:[BCDFIJSZ]|L[^;[.]+;)';
const FIELD_RE = new RegExp(`^${FIELD}$`);
const METHOD_RE = new RegExp(`^\\((?:${FIELD})*\\)(?:V|${FIELD})$`);
/** A well-formed field descriptor (the class-file parser checks these before verification). */
export const isFieldDescriptor = (d: string): boolean => FIELD_RE.test(d);
export const isMethodDescriptor = (d: string): boolean => METHOD_RE.test(d);
export const uninit = (bci: number): VType => `u${bci}`;

export const isReference = (t: VType): boolean => t === NULL || t.charCodeAt(0) === 76; /* L */
export const isUninitialized = (t: VType): boolean => t === UNINIT_THIS || t.charCodeAt(0) === 117; /* u */
export const isArray = (t: VType): boolean => t.charCodeAt(0) === 76 && t.charCodeAt(1) === 91; /* L[ */
export const isObject = (t: VType): boolean => t.charCodeAt(0) === 76 && t.charCodeAt(1) !== 91;
export const isCategory2 = (t: VType): boolean => t === LONG || t === DOUBLE;
export const isCategory2nd = (t: VType): boolean => t === LONG2 || t === DOUBLE2;
export function isCategory1(t: VType): boolean {
  switch (t) {
    case INT:
    case FLOAT:
    case NULL:
    case UNINIT_THIS:
    case 'Z':
    case 'B':
    case 'C':
    case 'S':
      return true;
    default: {
      const c = t.charCodeAt(0);
      return c === 76 || c === 117;
    }
  }
}
/** The class name of a reference type ('java/lang/String', '[I'). */
export const nameOf = (t: VType): string => t.slice(1);
/** `bci` of an uninitialized(bci) type. */
export const newBci = (t: VType): number => Number(t.slice(1));

/** null, or an array whose component descriptor starts with `c`. */
export const isXArray = (t: VType, c: string): boolean => t === NULL || (isArray(t) && t[2] === c);
export const isReferenceArray = (t: VType): boolean => isXArray(t, 'L') || isXArray(t, '[');

/** Number of leading '[' of an array type. */
export function dimensions(t: VType): number {
  let i = 1;
  while (t.charCodeAt(i) === 91) i++;
  return i - 1;
}

/** The component of an array type; TOP for a malformed one. */
export function componentOf(t: VType): VType {
  const c = t[2];
  switch (c) {
    case 'Z':
    case 'B':
    case 'C':
    case 'S':
    case 'I':
    case 'J':
    case 'F':
    case 'D':
      return c === 'I' ? INT : c;
    case 'L':
      return t.endsWith(';') ? `L${t.slice(3, -1)}` : TOP;
    case '[':
      return `L${t.slice(2)}`;
    default:
      return TOP;
  }
}

/** HotSpot's name of a type in messages (VerificationType::print_on). */
export function printType(t: VType): string {
  switch (t) {
    case TOP:
      return 'top';
    case INT:
      return 'integer';
    case FLOAT:
      return 'float';
    case LONG:
      return 'long';
    case DOUBLE:
      return 'double';
    case LONG2:
      return 'long_2nd';
    case DOUBLE2:
      return 'double_2nd';
    case 'Z':
      return 'boolean';
    case 'B':
      return 'byte';
    case 'C':
      return 'char';
    case 'S':
      return 'short';
    case NULL:
      return 'null';
    case UNINIT_THIS:
      return 'uninitializedThis';
    case REF_CHECK:
      return 'reference type';
    case CAT1_CHECK:
      return 'category1 type';
    case CAT2_CHECK:
      return 'category2 type';
    case CAT2_2ND_CHECK:
      return 'category2_2nd type';
    default:
      if (t.charCodeAt(0) === 117) return `uninitialized ${t.slice(1)}`;
      return `'${t.slice(1)}'`;
  }
}

/** A class as the verifier sees it: its name, kind and superclass. */
export interface VClass {
  name: string;
  isInterface: boolean;
  superName: string | null;
}

/** A member found by the protected-access checks. */
export interface VMember {
  isProtected: boolean;
  /** Internal name of the declaring class. */
  holder: string;
}

/**
 * What verification needs from the class loader: classes are loaded through the verified
 * class's defining loader, as HotSpot's verifier does. `load` may throw (the VM loads the
 * class and verifies again, or the load fails with the loader's error).
 */
export interface VerifyEnv {
  load(name: string): VClass;
  /**
   * The superclass of a class `load` returned, as HotSpot's verifier reaches it: through the
   * class itself (Klass::super), not a lookup of its name by the loader (which, in a VM, may
   * load through a Java loader). Absent: `load(k.superName)`.
   */
  superOf?(k: VClass): VClass | null;
  /**
   * A catch type named java/lang/Throwable: HotSpot's verify_exception_handler_table resolves
   * that constant-pool entry (`cp->klass_at`, through the class's loader) before its
   * assignability check, which by name would not. Absent: nothing to resolve.
   */
  preResolve?(name: string): void;
  /** A method visible in `cls` or its superclasses (and their default methods). */
  findMethod(cls: string, name: string, desc: string): VMember | undefined;
  /** A field of `cls`, its superinterfaces or superclasses. */
  findField(cls: string, name: string, desc: string): VMember | undefined;
}

/** Assignability (VerificationType::is_assignable_from). */
export function isAssignable(env: VerifyEnv, to: VType, from: VType, protectedField = false): boolean {
  if (to === from || to === TOP) return true;
  switch (to) {
    case CAT1_CHECK:
      return isCategory1(from);
    case CAT2_CHECK:
      return isCategory2(from);
    case CAT2_2ND_CHECK:
      return isCategory2nd(from);
    case REF_CHECK:
      return isReference(from) || isUninitialized(from);
    case 'Z':
    case 'B':
    case 'C':
    case 'S':
      return from === INT;
    default:
      return isReference(to) && isReference(from) && isReferenceAssignable(env, to, from, protectedField);
  }
}

function isReferenceAssignable(env: VerifyEnv, to: VType, from: VType, prot: boolean): boolean {
  if (from === NULL) return true;
  if (to === NULL) return false;
  if (isObject(to)) {
    if (to === OBJECT) return true;
    return resolveAndCheck(env, nameOf(to), from, prot);
  }
  if (isArray(to) && isArray(from)) {
    const ct = componentOf(to);
    const cf = componentOf(from);
    if (ct !== TOP && cf !== TOP) return isComponentAssignable(env, ct, cf, prot);
  }
  return false;
}

function isComponentAssignable(env: VerifyEnv, to: VType, from: VType, prot: boolean): boolean {
  if (to === from || to === TOP) return true;
  if (to === 'Z' || to === 'B' || to === 'C' || to === 'S') return false;
  return isAssignable(env, to, from, prot);
}

function resolveAndCheck(env: VerifyEnv, name: string, from: VType, prot: boolean): boolean {
  const target = env.load(name);
  const fromName = nameOf(from);
  if (target.isInterface && (!prot || fromName !== 'java/lang/Object')) {
    // Interfaces are treated as Object, except that arrays implement only these two.
    return !isArray(from) || name === 'java/lang/Cloneable' || name === 'java/io/Serializable';
  }
  if (isObject(from)) return isSubclass(env, env.load(fromName), name);
  return false;
}

/** The superclass of `k` (VerifyEnv.superOf), null for java/lang/Object. */
export function superclassOf(env: VerifyEnv, k: VClass): VClass | null {
  if (k.superName === null) return null;
  return env.superOf ? env.superOf(k) : env.load(k.superName);
}

/** `k` is `name` or one of its superclasses (HotSpot's is_subclass_of: the classes' own super links). */
export function isSubclass(env: VerifyEnv, k: VClass, name: string): boolean {
  let c: VClass | null = k;
  for (let guard = 0; c !== null && guard < 10_000; guard++) {
    if (c.name === name) return true;
    c = superclassOf(env, c);
  }
  return false;
}

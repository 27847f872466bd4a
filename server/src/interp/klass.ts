// Runtime classes, fields and methods of the embedded JVM.
//
// A JClass is created from a parsed ClassFile (or synthesised for arrays and primitive types),
// then linked: field storage keys, the instance constructor (one V8 shape per class), static
// storage, and `vmap`, the virtual-method table keyed by name+descriptor (selection per JVMS
// 5.4.6, default methods included).

import type { VerifyResult } from '../verify/index';
import { Acc, type ClassFile, type CpEntry } from '../classfile/model';
import { parseMethodDescriptor } from '../classfile/descriptors';
import { readClass, readConstantPool, type ReadOptions } from '../classfile/reader';
import { JObject, JArray, mutableFields } from './object';
import { ctorSpec, makeCtorFromSpec } from './ctors';
import type { NativeImpl } from './natives/registry';
import { classBytes, loadCode, loadLines } from './klass-lazy';
import type { ClassLayout } from './layout';

export const enum InitState {
  Loaded = 0,
  Initializing = 1,
  Initialized = 2,
  Erroneous = 3,
}

/** A slot kind for values on the operand stack: 'n' numeric array, 'r' reference/long array. */
export type SlotKind = 'I' | 'J' | 'F' | 'D' | 'L' | 'V';

/** Maps a field/return descriptor to its value kind (Z/B/C/S/I → I, arrays/objects → L). */
export function kindOf(desc: string): SlotKind {
  switch (desc.charCodeAt(0)) {
    case 0x4a: // J
      return 'J';
    case 0x46: // F
      return 'F';
    case 0x44: // D
      return 'D';
    case 0x4c: // L
    case 0x5b: // [
      return 'L';
    case 0x56: // V
      return 'V';
    default:
      return 'I';
  }
}

/** Default (zero) value of a field of descriptor `desc`. */
export function defaultValue(desc: string): number | null {
  const c = desc.charCodeAt(0);
  return c === 0x4c || c === 0x5b ? null : 0;
}

let nextFieldId = 1;
export class JField {
  readonly id: number;
  /** Property key (instance) or index into `klass.staticValues` (static). */
  key = '';
  slot = -1;
  constantValue: CpEntry | undefined;
  /** Index in the declaring class's field list (the `slot` of java.lang.reflect.Field). */
  index = 0;
  constructor(
    readonly klass: JClass,
    readonly name: string,
    readonly desc: string,
    readonly access: number,
  ) {
    // A number in creation order (the Unsafe offset before fld16: field-layout.ts gives those now).
    this.id = nextFieldId++ * 8 + 4096;
  }
  get isStatic(): boolean {
    return (this.access & Acc.STATIC) !== 0;
  }
}

export interface ExHandler {
  start: number;
  end: number;
  handler: number;
  /** Constant-pool index of the catch type, 0 = any. */
  catchType: number;
}

/**
 * A linked class's invokespecial sites before its first (klass-link.ts): empty and never written
 * to (resolve.ts resolveMethodSite makes the class's own table, of the pool's length, at its
 * first invokespecial), so that the classes that never resolve one, restored or not, hold no
 * table of the pool's length (0.6–1.4 MiB in a restored profiled hello-world). Holey, as those
 * tables are (one elements kind at `k.spc[idx]`).
 */
export const NO_SITES: unknown[] = new Array<unknown>(1).fill(undefined);
NO_SITES.length = 0;

let nextMethodId = 1;
let hiddenClasses = 0;

/** A stand-in value stored for a moment into JMethod's reference fields (methodFieldsMutable). */
const STAND_IN = {} as never;

/**
 * Makes the JMethod fields the engine writes after linking (the JIT's counters and state,
 * binding and linking at first call) mutable in V8's map (object.ts mutableFields, whose
 * keyed stores cost 11 ms of CPU over a restored boot's methods): each is set to another
 * value of its kind and back, by name, so that the stores stay monomorphic.
 */
export function methodFieldsMutable(m: JMethod): void {
  m.linked = !m.linked;
  m.linked = !m.linked;
  m.intrinsic = !m.intrinsic;
  m.intrinsic = !m.intrinsic;
  m.counter++;
  m.counter--;
  const rare = m.rare;
  m.rare = STAND_IN;
  m.rare = rare;
  const native = m.native;
  m.native = STAND_IN;
  m.native = native;
  const jit = m.jit;
  m.jit = STAND_IN;
  m.jit = jit;
  // A restored method's index of its code and line table (small integers), then the arrays
  // (setLazyCode, setLazyLines).
  const code = m.codeRaw;
  m.codeRaw = 0;
  m.codeRaw = STAND_IN;
  m.codeRaw = code;
  const lines = m.linesRaw;
  m.linesRaw = 0;
  m.linesRaw = STAND_IN;
  m.linesRaw = lines;
}
/**
 * A JMethod's state that few methods ever have, apart (JMethod.rare): seven fields of every
 * method were 0.7 MiB of a restored profiled hello-world's 15,000 methods. A plain object (of
 * one shape: newRare), so that a boot snapshot writes it in V8's graph.
 */
export interface MethodRare {
  deopts: number;
  compilations: number;
  speculate: boolean;
  specExits: number;
  tailKind: number;
  tailTarget: JMethod | null;
  tailApp: unknown;
}

function newRare(): MethodRare {
  return { deopts: 0, compilations: 0, speculate: true, specExits: 0, tailKind: 0, tailTarget: null, tailApp: null };
}
// The literal's map with mutable fields from the start (one object stored to and back): a later
// store of another value then generalises nothing (interp-v8-shapes.test.ts).
mutableFields(newRare());

export class JMethod {
  readonly id = nextMethodId++;
  readonly nameDesc: string;
  /** Parameter descriptors, without `this`. */
  readonly params: string[];
  readonly ret: string;
  readonly retKind: SlotKind;
  /** Argument slots including `this` for instance methods. */
  readonly argSlots: number;
  /**
   * The bytecode (`code`), or, for a method restored from a boot snapshot, the index of its code
   * still in the snapshot's file (read at the first `code`: setLazyCode). Use `code`.
   */
  codeRaw: Uint8Array | null | number = null;
  maxStack = 0;
  maxLocals = 0;
  handlers: ExHandler[] = [];
  /**
   * The line table (`lines`), or, for a method restored from a boot snapshot, the index of its
   * table still in the snapshot's file (read at the first `lines`: setLazyLines). Use `lines`.
   */
  linesRaw: Int32Array | null | number = null;
  native: NativeImpl | null = null;
  /** A native linked as HotSpot links it (native-libs.ts: the ClassLoader.findNative upcalls made). */
  linked = false;
  /** Index in the declaring class's method list (the `slot` of reflection objects). */
  index = 0;
  /** Signature attribute, annotations etc. are read from the class file on demand. */
  readonly memberIndex: number;
  /** Invocations and back edges (the JIT's trigger). */
  counter = 0;
  /** A method the class file gives code for that runs as a native (access has NATIVE; reflection masks it). */
  intrinsic = false;
  /** Compiled code (jit/compile.ts): null = not yet, false = not compilable. */
  jit: ((t: never, f: never, budget: number) => number) | null | false = null;
  /**
   * The state few methods ever have (MethodRare: the JIT's counters, a trampoline's tail call),
   * made at its first store; read and written through the accessors below.
   */
  rare: MethodRare | null = null;
  constructor(
    readonly klass: JClass,
    readonly name: string,
    readonly desc: string,
    readonly access: number,
    memberIndex: number,
  ) {
    this.nameDesc = name + desc;
    const d = parseMethodDescriptor(desc);
    this.params = d.params;
    this.ret = d.ret;
    this.retKind = kindOf(d.ret);
    let slots = (access & Acc.STATIC) !== 0 ? 0 : 1;
    for (const p of d.params) slots += p === 'J' || p === 'D' ? 2 : 1;
    this.argSlots = slots;
    this.memberIndex = memberIndex;
    methodFieldsMutable(this);
  }
  /** The bytecode; null for a native or abstract method. */
  /** Exits of compiled code at constants that were unresolved when it was compiled (jit/compile.ts). */
  get deopts(): number {
    return this.rare === null ? 0 : this.rare.deopts;
  }
  set deopts(v: number) {
    (this.rare ??= newRare()).deopts = v;
  }
  /** Times the method was compiled. */
  get compilations(): number {
    return this.rare === null ? 0 : this.rare.compilations;
  }
  set compilations(v: number) {
    (this.rare ??= newRare()).compilations = v;
  }
  /** Whether its compiled code may inline callees speculatively (jit/inline.ts). */
  get speculate(): boolean {
    return this.rare === null ? true : this.rare.speculate;
  }
  set speculate(v: boolean) {
    (this.rare ??= newRare()).speculate = v;
  }
  /** Exits that built inlined frames. */
  get specExits(): number {
    return this.rare === null ? 0 : this.rare.specExits;
  }
  set specExits(v: number) {
    (this.rare ??= newRare()).specExits = v;
  }
  /**
   * A trampoline native that replaces its frame by a call of another method with the same
   * arguments (invoke/sigpoly.ts): 1 = a linked call site's shell (`tailTarget`, with
   * `tailApp` appended when it takes one more argument), 2 = `MethodHandle.invokeBasic`,
   * 3 = `linkTo*` (`tailApp`: the dispatch); 0 = anything else. Compiled code calls the
   * target directly (sigpoly.ts tailTarget).
   */
  get tailKind(): number {
    return this.rare === null ? 0 : this.rare.tailKind;
  }
  set tailKind(v: number) {
    (this.rare ??= newRare()).tailKind = v;
  }
  get tailTarget(): JMethod | null {
    return this.rare === null ? null : this.rare.tailTarget;
  }
  set tailTarget(v: JMethod | null) {
    (this.rare ??= newRare()).tailTarget = v;
  }
  get tailApp(): unknown {
    return this.rare === null ? null : this.rare.tailApp;
  }
  set tailApp(v: unknown) {
    (this.rare ??= newRare()).tailApp = v;
  }
  get code(): Uint8Array | null {
    const r = this.codeRaw;
    return typeof r === 'number' ? loadCode(this, r) : r;
  }
  set code(v: Uint8Array | null) {
    this.codeRaw = v;
  }
  /** Flat [startPc, line, startPc, line, ...], sorted by pc. */
  get lines(): Int32Array | null {
    const r = this.linesRaw;
    return typeof r === 'number' ? loadLines(this, r) : r;
  }
  set lines(v: Int32Array | null) {
    this.linesRaw = v;
  }
  get isStatic(): boolean {
    return (this.access & Acc.STATIC) !== 0;
  }
  get isNative(): boolean {
    return (this.access & Acc.NATIVE) !== 0;
  }
  get isAbstract(): boolean {
    return (this.access & Acc.ABSTRACT) !== 0;
  }
  get isPrivate(): boolean {
    return (this.access & Acc.PRIVATE) !== 0;
  }
  get isSynchronized(): boolean {
    return (this.access & Acc.SYNCHRONIZED) !== 0;
  }
  /** Source line at bytecode offset `pc` (-1 when unknown). */
  lineAt(pc: number): number {
    const t = this.lines;
    if (t === null) return -1;
    let line = -1;
    for (let i = 0; i < t.length; i += 2) {
      if (t[i] > pc) break;
      line = t[i + 1];
    }
    return line;
  }
  toString(): string {
    return `${this.klass.name.replace(/\//g, '.')}.${this.name}${this.desc}`;
  }
}

export type InstanceCtor = new (k: JClass) => JObject;

/**
 * How the VM reads class files. Attributes it never needs decoded stay raw: frames (the verifier
 * reads them raw), type annotations and generic local-variable types; annotations are handed to
 * Java as bytes anyway (reflect.ts).
 */
export const CLASS_READ_OPTIONS: ReadOptions = {
  lenientAnnotations: true,
  rawAttributes: new Set([
    'StackMapTable',
    'LocalVariableTypeTable',
    'RuntimeVisibleTypeAnnotations',
    'RuntimeInvisibleTypeAnnotations',
    'RuntimeInvisibleAnnotations',
    'RuntimeInvisibleParameterAnnotations',
    'RuntimeVisibleAnnotations',
    'RuntimeVisibleParameterAnnotations',
    'AnnotationDefault',
  ]),
};

export class JClass {
  superclass: JClass | null = null;
  interfaces: JClass[] = [];
  fields: JField[] = [];
  methods: JMethod[] = [];
  readonly declared = new Map<string, JMethod>();
  /** Virtual methods by name+descriptor, as selected for receivers of this class. */
  vmap = new Map<string, JMethod>();
  /** All supertypes (classes and interfaces, this class included). */
  supers = new Set<JClass>();
  state = InitState.Loaded;
  initThread: unknown = null;
  /** The exception that made initialisation fail (NoClassDefFoundError afterwards). */
  initError: JObject | null = null;
  /**
   * After a failed initialisation: ExceptionInInitializerError("Exception <original> [in
   * thread "<name>"]") with the original's stack trace, the cause of every later
   * NoClassDefFoundError "Could not initialize class" (as in JDK 17).
   */
  initFailure: JObject | null = null;
  staticValues: unknown[] = [];
  instanceFields: JField[] = [];
  ctor: InstanceCtor | null = null;
  ctorFields: JField[] = [];
  ctorExtra: string[] = [];
  mirror: JObject | null = null;
  /** Resolved constant-pool entries (the constant-pool cache), by cp index. */
  cpc: unknown[] = [];
  /** invokespecial sites (a Methodref may be used by invokevirtual and invokespecial). */
  spc: unknown[] = [];
  /**
   * The constant pool and the parsed class file (null for arrays and primitives). A class
   * restored from a boot snapshot has neither at first, only `cfBytes` (the class file written
   * back from its model, which gives the bytes it was read from): each is parsed again at its
   * first use, the pool alone when only it is needed (snapshot/graph.ts; most of a snapshot's
   * objects were these models).
   */
  get cp(): (CpEntry | undefined)[] {
    const p = this.pool;
    if (p !== null) return p;
    return (this.pool = readConstantPool(classBytes(this) as Uint8Array, this.name));
  }
  set cp(v: (CpEntry | undefined)[]) {
    this.pool = v;
  }
  get cf(): ClassFile | null {
    return this.parsed ?? this.reparse();
  }
  set cf(v: ClassFile | null) {
    this.parsed = v;
  }
  pool: (CpEntry | undefined)[] | null = [];
  parsed: ClassFile | null = null;
  cfBytes: Uint8Array | null = null;
  /** Element class for arrays, null otherwise. */
  component: JClass | null = null;
  /** Element descriptor for arrays ('I', 'Ljava/lang/String;', '[I'...). */
  elemDesc = '';
  arrayClass: JClass | null = null;
  /** Primitive type char for primitive classes ('I', 'V'...), '' otherwise. */
  primitive = '';
  sourceFile: string | null = null;
  /** Where the bytes came from (for errors and stack traces). */
  source = '';
  /** Java module name of a boot class (java.base...), null for the unnamed module. */
  moduleName: string | null = null;
  /** java.lang.Module object of the class (set by the VM), null early in boot. */
  module: JObject | null = null;
  protectionDomain: JObject | null = null;
  /** Hidden class (Lookup.defineHiddenClass, lambda proxies). */
  hidden = false;
  /** ClassLoader.setSigners (java.lang.Class's signers, HotSpot keeps them in the mirror). */
  signers: JArray | null = null;
  /** Passed verification (verify-link.ts), or needs none. */
  verified = false;
  /** The error verification gave, thrown again at every attempt to link. */
  verifyError: VerifyResult | null = null;
  /** The bytes as defined, when the profiler's transformation changed them (for the verifier). */
  originalBytes: Uint8Array | null = null;
  /** The length of the class file parsed (as the profiler transformed it: HotSpot's engine defines those bytes): symbol-heap.ts. */
  definedLength = 0;
  /** Nest host, resolved lazily. */
  nestHost: JClass | null = null;
  /** Extra data for VM-generated classes. */
  linked = false;
  /** Its fields' offsets as HotSpot lays them out (layout.ts), made on first use. */
  layout: ClassLayout | null = null;
  /**
   * @Contended as HotSpot honours it (classes of the boot and platform loaders): per field -1
   * (none), 0 (a group of its own) or a named group's constant-pool index, then 1 when the class
   * is annotated; null when nothing is (read from the class file when defined: layout.ts).
   */
  contended: Int32Array | null = null;
  /** Bytecodes per class for the exact profile (unused otherwise). */
  constructor(
    readonly name: string,
    readonly loader: JObject | null,
    readonly access: number,
  ) {
    this.supers.add(this);
  }

  private reparse(): ClassFile | null {
    const b = classBytes(this);
    if (b === null) return null;
    const cf = readClass(b, this.name, CLASS_READ_OPTIONS);
    this.parsed = cf;
    if (this.pool === null) this.pool = cf.constantPool;
    this.cfBytes = null;
    return cf;
  }

  get isInterface(): boolean {
    return (this.access & Acc.INTERFACE) !== 0;
  }
  get isArray(): boolean {
    return this.component !== null;
  }
  get isPrimitive(): boolean {
    return this.primitive !== '';
  }
  get isAbstract(): boolean {
    return (this.access & Acc.ABSTRACT) !== 0;
  }
  /**
   * Binary name with dots (java.lang.String, [Ljava.lang.String;). A hidden class's name has
   * "/<address>" appended, as HotSpot shows it (Main$$Lambda$14/0x0000000800c01000).
   */
  get javaName(): string {
    const n = this.name.replace(/\//g, '.');
    if (!this.hidden) return n;
    if (this.hiddenAddress === '') this.hiddenAddress = (0x800c00000 + 0x1000 * ++hiddenClasses).toString(16).padStart(16, '0');
    return `${n}/0x${this.hiddenAddress}`;
  }
  private hiddenAddress = '';
  /** Package of the class, internal form ('' for the unnamed package). */
  get packageName(): string {
    let n = this.name;
    while (n.startsWith('[')) n = n.slice(1);
    if (n.startsWith('L') && n.endsWith(';')) n = n.slice(1, -1);
    const i = n.lastIndexOf('/');
    return i < 0 ? '' : n.slice(0, i);
  }
  /** Descriptor of this class as a field type. */
  get descriptor(): string {
    if (this.primitive) return this.primitive;
    if (this.component) return this.name;
    return `L${this.name};`;
  }

  isSubclassOf(other: JClass): boolean {
    return this.supers.has(other);
  }

  findField(name: string, desc: string): JField | undefined {
    // JVMS 5.4.3.2: the class, its superinterfaces (recursively), then its superclass.
    for (let c: JClass | null = this; c !== null; c = c.superclass) {
      for (const f of c.fields) if (f.name === name && f.desc === desc) return f;
      const fromIface = findInterfaceField(c, name, desc);
      if (fromIface) return fromIface;
    }
    return undefined;
  }

  /** Class method resolution (JVMS 5.4.3.3) minus access checks. */
  resolveMethod(name: string, desc: string): JMethod | undefined {
    const key = name + desc;
    for (let c: JClass | null = this; c !== null; c = c.superclass) {
      const m = c.declared.get(key);
      if (m) return m;
      // Signature-polymorphic methods of MethodHandle / VarHandle match any descriptor.
      if (c.name === 'java/lang/invoke/MethodHandle' || c.name === 'java/lang/invoke/VarHandle') {
        for (const mm of c.methods) {
          if (mm.name === name && (mm.access & (Acc.NATIVE | Acc.VARARGS)) === (Acc.NATIVE | Acc.VARARGS) && mm.desc === '([Ljava/lang/Object;)Ljava/lang/Object;') return mm;
          if (mm.name === name && c.name === 'java/lang/invoke/VarHandle' && (mm.access & (Acc.NATIVE | Acc.VARARGS)) === (Acc.NATIVE | Acc.VARARGS)) return mm;
        }
      }
    }
    return this.resolveInterfaceMethodIn(key);
  }

  /** Interface method resolution (JVMS 5.4.3.4) minus access checks. */
  resolveInterfaceMethod(name: string, desc: string): JMethod | undefined {
    const key = name + desc;
    const own = this.declared.get(key);
    if (own) return own;
    // Object's public methods.
    let obj: JClass | null = this;
    while (obj.superclass) obj = obj.superclass;
    const om = obj.declared.get(key);
    if (om && (om.access & Acc.PUBLIC) !== 0 && !om.isStatic) return om;
    return this.resolveInterfaceMethodIn(key);
  }

  private resolveInterfaceMethodIn(key: string): JMethod | undefined {
    // Maximally-specific superinterface methods; prefer a non-abstract one.
    let found: JMethod | undefined;
    for (const s of this.supers) {
      if (!s.isInterface) continue;
      const m = s.declared.get(key);
      if (!m || m.isStatic || m.isPrivate) continue;
      if (!found) found = m;
      else if (found.isAbstract && !m.isAbstract) found = m;
      else if (!m.isAbstract && !found.isAbstract && m.klass.supers.has(found.klass)) found = m;
    }
    return found;
  }

  toString(): string {
    return this.javaName;
  }
}

function findInterfaceField(c: JClass, name: string, desc: string): JField | undefined {
  for (const i of c.interfaces) {
    for (const f of i.fields) if (f.name === name && f.desc === desc) return f;
    const r = findInterfaceField(i, name, desc);
    if (r) return r;
  }
  return undefined;
}

function makeCtor(fields: JField[], extra: string[]): InstanceCtor {
  return makeCtorFromSpec(ctorSpec(fields, extra));
}

/** The instance constructor of a linked class (made on first use). */
export function ensureCtor(k: JClass): InstanceCtor {
  let c = k.ctor;
  if (c === null) {
    c = makeCtor(k.ctorFields, k.ctorExtra);
    k.ctor = c;
  }
  return c;
}

/** Instantiates a (linked, non-abstract) class without running a constructor. */
export function instantiate(k: JClass): JObject {
  return new (ensureCtor(k))(k);
}

/** The id counters of fields, methods and hidden classes (a boot snapshot holds them). */
export interface KlassCounters {
  nextFieldId: number;
  nextMethodId: number;
  hiddenClasses: number;
}

export function klassCounters(): KlassCounters {
  return { nextFieldId, nextMethodId, hiddenClasses };
}

/** Restores the counters: what is created next gets the ids it got in the booted run. */
export function restoreKlassCounters(c: KlassCounters): void {
  nextFieldId = c.nextFieldId;
  nextMethodId = c.nextMethodId;
  hiddenClasses = c.hiddenClasses;
}

export function isArrayObject(o: JObject): o is JArray {
  return o instanceof JArray;
}

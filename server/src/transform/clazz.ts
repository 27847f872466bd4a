// Transforms one class (docs/TRANSFORM.md): for every method with code, an extended version
// `m(P, TC, MID[], int)` with the instrumented body, and the original-signature method with
// the same body instrumented wrapper-style (it obtains the context itself), so that no extra
// frame ever appears in stack traces; reverse trampolines for native and abstract methods;
// one MID field per instrumented method, initialised at the start of <clinit>.

import { Acc, Tag, type Attribute, type AttributeOf, type ClassFile, type MemberInfo } from '../classfile/model';
import { ConstantPool } from '../classfile/pool';
import { codeContext, type CodeContext } from '../classfile/code/context';
import { decodeWithContext } from '../classfile/code/decode';
import { encodeCode } from '../classfile/code/encode';
import { Label, type Insn, type MethodCode, type MethodInsn } from '../classfile/code/insn';
import { Op } from '../classfile/code/opcodes';
import { CodeModelError } from '../classfile/errors';
import { paramSlots, splitMethodDescriptor } from '../classfile/code/vtypes';
import { defaultBlockAnalysis, type BlockAnalysis } from './blocks';
import { classInfoOf, type Hierarchy } from './hierarchy';
import { Emitter, loadOp, returnOp, type MemberName } from './emit';
import { analyseBody, instrumentBody, type BodyAnalysis, type BodyStats, type CallKind } from './method';
import { MID_DESC, RT, TRAMPOLINE_LINE, extendedDescriptor, midFieldName } from './names';
import { hasExtended, noExtendedReason, type Scope } from './scope';
import { isInterfaceTrampoline, type InterfacePolicy } from './interfaces';
import { isNoCallbackNative } from './access-natives';
import { pinSerialVersionUID } from './serial';
import { isRuntimeClass } from '../runtime/contract';

export interface TransformOptions {
  scope: Scope;
  hierarchy: Hierarchy;
  /** Longest run of original bytecodes without a granularity check (0 = no limit). Default 50. */
  maxPath?: number;
  analysis?: BlockAnalysis;
  leafOptimisation?: boolean;
  /** Source-line attribution (default true); see BodyOptions.lineNumbers. */
  lineNumbers?: boolean;
  /** Which interface methods have extended versions (default: none; see interfaces.ts). */
  interfaces?: InterfacePolicy;
  /**
   * An enum class (direct subclass of java.lang.Enum) keeps its MIDs in a holder class of its
   * own (midHolderName; returned as `holder`) instead of static fields of the enum. For the
   * instrumented JDK copy (engine/jdk-image.ts): a CDS archive with heap objects requires every
   * static field of an enum class whose constants it archives (JDK 25: the module graph's
   * modifier enums) to hold that enum's constants or its array, and restores those fields
   * instead of running `<clinit>` (HotSpot's cdsEnumKlass). The holder is initialised on the
   * first use of one of its MIDs. Only where the holder's class file can be found beside the
   * enum (not for the program's classes, which are swapped in by name).
   */
  enumMidHolder?: boolean;
  /**
   * Load sites (docs/TRANSFORM.md, "Load sites"): for classes a Java class loader defines
   * (the class path) in scope all, where the loader's loadClass, which the JVM calls to
   * resolve a name, is instrumented and counted.
   */
  loadSites?: boolean;
}

/**
 * The one string constant a MID is created from (`MIDImpl.create`): class, method, descriptor
 * and source file joined by NUL (no source part when the class has none). Not the names as
 * constants of their own: loading a string constant interns it, and a program's own
 * `String.intern()` of an equal string (a package name equal to a method name of the JDK, say)
 * would then return the runtime's object, so the JDK's maps would compare keys by `equals`
 * where the original program compares them by identity (docs/ACCURACY.md, "δb in scope all").
 */
export function midNames(className: string, method: string, descriptor: string, sourceFile: string | undefined): string {
  return `${className}\0${method}\0${descriptor}${sourceFile === undefined ? '' : `\0${sourceFile}`}`;
}

/** The holder of an enum class's MIDs (TransformOptions.enumMidHolder). */
export function midHolderName(enumClass: string): string {
  return `${enumClass}$komorium$MIDs`;
}

export type MethodOutcome =
  /** Extended version plus the original signature, both instrumented. */
  | 'instrumented'
  /** Instrumented in place only; it has no extended version (see reason). */
  | 'counting-only'
  /** An extended trampoline to the original, which stays uninstrumented (see reason). */
  | 'wrapper-only'
  /** A native or abstract method: an extended trampoline (reverse wrapper) was added. */
  | 'reverse'
  /** Left as is. */
  | 'unchanged';

export interface MethodReport {
  name: string;
  descriptor: string;
  outcome: MethodOutcome;
  reason?: string;
  stats?: BodyStats;
}

export interface ClassReport {
  className: string;
  instrumented: boolean;
  methods: MethodReport[];
}

const MAX_CODE = 65535;

/** Targets known never to call back into instrumented code: no call-out record needed. */
const NO_CALLBACK = new Set(['java/lang/Object.<init>()V']);

/**
 * Final JDK classes whose methods cannot call user code unless they are handed a user object
 * (an Object, CharSequence, functional interface, ...): boxing, Math, String, StringBuilder.
 */
const LEAF_CLASSES = new Set(
  ['Integer', 'Long', 'Short', 'Byte', 'Character', 'Boolean', 'Float', 'Double', 'Math', 'StrictMath', 'String', 'StringBuilder', 'StringBuffer'].map((c) => `java/lang/${c}`),
);
/** Reference parameter types that cannot carry user code into such a method. */
const INERT_PARAMS = new Set([...LEAF_CLASSES].filter((c) => !c.endsWith('Math')).map((c) => `L${c};`));

/**
 * A call that needs no `tc.callOut` (docs/TRANSFORM.md): a method of one of LEAF_CLASSES (named
 * symbolically, so no user subclass can override it) whose reference parameters are all
 * boxes, strings or primitive arrays, and which reads no system property (a security manager
 * could run user code there).
 */
export function isLeafCall(owner: string, name: string, descriptor: string): boolean {
  if (!LEAF_CLASSES.has(owner)) return false;
  // Integer.getInteger & co. read system properties; a charset named by a string may be
  // looked up through a user's CharsetProvider.
  if (name.startsWith('get') && name !== 'getChars') return false;
  if (descriptor.includes('[B') && descriptor.includes('Ljava/lang/String;')) return false;
  const params = descriptor.slice(1, descriptor.indexOf(')'));
  for (let i = 0; i < params.length; i++) {
    if (params[i] === '[') {
      while (params[i] === '[') i++;
      if (params[i] === 'L') return false; // an array of references
    } else if (params[i] === 'L') {
      const end = params.indexOf(';', i);
      if (!INERT_PARAMS.has(params.slice(i, end + 1))) return false;
      i = end;
    }
  }
  return true;
}

export function transformClass(input: ClassFile, opts: TransformOptions, file = '<bytes>'): { cf: ClassFile; report: ClassReport; holder?: ClassFile } {
  const info = classInfoOf(input);
  opts.hierarchy.add(info);
  const report: ClassReport = { className: info.name, instrumented: false, methods: [] };
  if (!opts.scope(info.name) || (input.accessFlags & Acc.MODULE) !== 0) return { cf: input, report };
  report.instrumented = true;

  const cf: ClassFile = { ...input, constantPool: [...input.constantPool], fields: [...input.fields], methods: [] };
  const pool = new ConstantPool(cf);
  const isInterface = (cf.accessFlags & Acc.INTERFACE) !== 0;
  const frames = cf.majorVersion >= 50;
  const maxPath = opts.maxPath ?? 50;
  const analysis = opts.analysis ?? defaultBlockAnalysis;
  const codeNameIndex = pool.addUtf8('Code');
  const mids: { field: string; method: string; descriptor: string; paths?: string }[] = [];
  let sourceFile: string | undefined;
  for (const a of cf.attributes) if (a.name === 'SourceFile') sourceFile = pool.utf8(a.sourceFileIndex);

  // Asked several times per call site (blocks, checks, emission; extended and original copy).
  const kinds = new Map<number, CallKind>();
  const callKind = (insn: MethodInsn): CallKind => {
    const key = (insn.op << 16) | insn.index;
    let k = kinds.get(key);
    if (k === undefined) kinds.set(key, (k = decideCallKind(insn)));
    return k;
  };
  const decideCallKind = (insn: MethodInsn): CallKind => {
    const ref = pool.memberRef(insn.index);
    if (NO_CALLBACK.has(`${ref.owner}.${ref.name}${ref.descriptor}`)) return 'plain';
    const r = opts.hierarchy.resolve(ref.owner, ref.name, ref.descriptor, ref.tag === Tag.InterfaceMethodref);
    if (!r) return 'call-out';
    // Unsafe's memory-access natives cannot call Java (access-natives.ts): a leaf call.
    if ((r.method.access & Acc.NATIVE) !== 0 && isNoCallbackNative(r.owner.name, ref.name, ref.descriptor)) return 'leaf';
    // Before 'extended': with the JDK in scope Runtime.halt has an extended version too.
    if (r.owner.name === 'java/lang/Runtime' && ref.name === 'halt' && ref.descriptor === '(I)V') return 'halt';
    // `I.super.m()` and `super.n()` of a native n must run that very method: their extended
    // versions are trampolines that dispatch virtually again.
    if (
      insn.op === Op.INVOKESPECIAL &&
      ref.name !== '<init>' &&
      (isInterfaceTrampoline(r.owner, r.method.access) || (r.method.access & Acc.NATIVE) !== 0)
    )
      return isLeafCall(ref.owner, ref.name, ref.descriptor) ? 'leaf' : 'call-out';
    if (hasExtended(opts.scope, r.owner, r.method, opts.interfaces)) return 'extended';
    if (insn.op === Op.INVOKEVIRTUAL && r.owner.name === 'java/lang/Thread' && ref.name === 'start' && ref.descriptor === '()V') return 'thread-start';
    if (insn.op === Op.INVOKEVIRTUAL && r.owner.name === 'java/lang/Runtime' && (ref.name === 'addShutdownHook' || ref.name === 'removeShutdownHook') && ref.descriptor.startsWith('(Ljava/lang/Thread;)')) return 'shutdown-hook';
    if (isLeafCall(ref.owner, ref.name, ref.descriptor)) return 'leaf';
    return 'call-out';
  };

  // Class-initialisation sites (docs/TRANSFORM.md, "Class initialisation"): `new`, `getstatic`,
  // `putstatic` and `invokestatic` naming a class whose initialisation may run an instrumented
  // <clinit>: that class or one of its supertypes is in scope and has one, and it is not this
  // class or one of its superclasses (initialised before any code of this class runs).
  const initCapable = new Map<string, boolean>();
  const ownSupers = new Set<string>();
  for (let c: string | undefined = info.name; c !== undefined && !ownSupers.has(c); c = opts.hierarchy.info(c)?.superName) ownSupers.add(c);
  const runsInstrumentedClinit = (name: string): boolean => {
    let r = initCapable.get(name);
    if (r !== undefined) return r;
    r = false;
    if (!name.startsWith('[') && !ownSupers.has(name) && opts.hierarchy.info(name)) {
      const seen = new Set<string>();
      const visit = (n: string): boolean => {
        if (seen.has(n) || ownSupers.has(n)) return false;
        seen.add(n);
        const c = opts.hierarchy.info(n);
        if (!c) return false;
        if (opts.scope(n) && c.methods.has('<clinit>()V')) return true;
        return (c.superName !== undefined && visit(c.superName)) || c.interfaces.some(visit);
      };
      r = visit(name);
    }
    initCapable.set(name, r);
    return r;
  };
  const initTarget = (insn: Insn): string | undefined => {
    let name: string;
    if (insn.kind === 'type' && insn.op === Op.NEW) name = pool.className(insn.index);
    else if ((insn.kind === 'field' && (insn.op === Op.GETSTATIC || insn.op === Op.PUTSTATIC)) || (insn.kind === 'method' && insn.op === Op.INVOKESTATIC)) name = pool.memberRef(insn.index).owner;
    else return undefined;
    return runsInstrumentedClinit(name) ? name : undefined;
  };

  // Load sites (opts.loadSites): the class an instruction resolves by name (an array's element
  // class), unless it is this class, one of its supertypes named in its header (loaded when it
  // was defined) or the runtime's (resolved without the loader, interp VM.resolveClass).
  const ownHeader = new Set<string>([...ownSupers, ...info.interfaces]);
  const loadTarget = (insn: Insn): string | undefined => {
    let name: string;
    if (insn.kind === 'type' || insn.kind === 'multianewarray') name = pool.className(insn.index);
    else if (insn.kind === 'field' || insn.kind === 'method') name = pool.memberRef(insn.index).owner;
    else if (insn.kind === 'ldc' && pool.entry(insn.index).tag === Tag.Class) name = pool.className(insn.index);
    else return undefined;
    let d = 0;
    while (name.charCodeAt(d) === 0x5b) d++;
    if (d > 0) {
      if (name.charCodeAt(d) !== 0x4c) return undefined;
      name = name.slice(d + 1, -1);
    }
    return ownHeader.has(name) || isRuntimeClass(name) ? undefined : name;
  };

  const holderName = opts.enumMidHolder && info.superName === 'java/lang/Enum' ? midHolderName(info.name) : undefined;
  const newMid = (method: string, descriptor: string): MemberName => {
    const field = midFieldName(mids.length);
    mids.push({ field, method, descriptor });
    return { owner: holderName ?? info.name, name: field, desc: MID_DESC };
  };

  // The analysis of the method instrumented last (its extended version and original-signature
  // copy share it).
  let analysed: { mc: MethodCode; a: BodyAnalysis } | undefined;
  // The paused classes' methods and MethodHandleNatives' upcalls have their wrapper's enter/exit
  // replaced by enterPaused/exitPaused afterwards (reflect-patch.ts): never lazy leaf wrappers.
  const eagerWrappers = info.name === 'java/lang/invoke/MethodHandleNatives';
  const instrument = (ctx: CodeContext, mc: MethodCode, entry: 'extended' | 'wrapper', mid: MemberName, sites = true, lazyLeafWrapper = !eagerWrappers): { code: AttributeOf<'Code'>; stats: BodyStats } | undefined => {
    const o = { ctx, mc, entry, mid, maxPath, analysis, frames, callKind, leafOptimisation: opts.leafOptimisation, lazyLeafWrapper, lineNumbers: opts.lineNumbers, initTarget: sites ? initTarget : undefined, loadTarget: sites && opts.loadSites ? loadTarget : undefined };
    if (analysed?.mc !== mc) analysed = { mc, a: analyseBody(o) };
    const r = instrumentBody(o, analysed.a);
    // Both copies of a method share the analysis, so their path tables are the same.
    if (r.pathTable !== undefined) {
      const entry = mids.find((x) => x.field === mid.name);
      if (entry) entry.paths = r.pathTable;
    }
    const extCtx: CodeContext = entry === 'extended' ? { ...ctx, descriptor: extendedDescriptor(ctx.descriptor) } : ctx;
    let code: AttributeOf<'Code'>;
    // Too large with its init sites: without them (its initialisers may then start at the root).
    try {
      code = encodeCode(extCtx, r.mc, { frames });
    } catch (e) {
      if (e instanceof CodeModelError && /code too large/.test(e.message)) return sites ? instrument(ctx, mc, entry, mid, false, lazyLeafWrapper) : undefined;
      throw e;
    }
    if (code.code.length > MAX_CODE) return sites ? instrument(ctx, mc, entry, mid, false, lazyLeafWrapper) : undefined;
    return { code: { ...code, nameIndex: codeNameIndex }, stats: r.stats };
  };

  let clinit: { method: MemberInfo; index: number } | undefined;
  for (const m of input.methods) {
    const name = pool.utf8(m.nameIndex);
    const descriptor = pool.utf8(m.descriptorIndex);
    const decl = info.methods.get(name + descriptor)!;
    const codeAttr = m.attributes.find((a): a is AttributeOf<'Code'> => a.name === 'Code');
    const reason = noExtendedReason(info, decl, opts.interfaces);
    const rep: MethodReport = { name, descriptor, outcome: 'unchanged' };
    report.methods.push(rep);

    if (reason === 'intrinsic' || reason === 'lambda-form') {
      // intrinsic: never runs, HotSpot's intrinsic (or the embedded engine's native) computes it;
      // lambda-form: method-handle plumbing, left uncounted as the lambda forms that call it.
      cf.methods.push(m);
      rep.reason = reason;
      continue;
    }
    if (!codeAttr) {
      cf.methods.push(m);
      if (reason === undefined && (m.accessFlags & (Acc.NATIVE | Acc.ABSTRACT)) !== 0) {
        const callsBack = (m.accessFlags & Acc.NATIVE) === 0 || !isNoCallbackNative(info.name, name, descriptor);
        cf.methods.push(reverseTrampoline(pool, info.name, isInterface, m, name, descriptor, codeNameIndex, callsBack));
        rep.outcome = 'reverse';
      } else if (reason !== undefined) rep.reason = reason;
      continue;
    }
    const ctx = codeContext(cf, m, pool, file);
    const mc = decodeWithContext(ctx, codeAttr);

    if (reason !== undefined) {
      // <clinit>, an interface method without an extended version (not a fallback: calls
      // through the interface are call-outs), or a method that cannot take the extra
      // parameters: instrumented in place.
      const plainInPlace = name === '<clinit>' || reason === 'interface-method' || reason === 'old-interface' || reason === 'annotation-member';
      const mid = newMid(name, descriptor);
      const r = instrument(ctx, mc, 'wrapper', mid, true, !eagerWrappers && reason !== 'paused');
      if (r) {
        cf.methods.push(replaceCode(m, r.code));
        rep.outcome = plainInPlace ? 'instrumented' : 'counting-only';
        rep.stats = r.stats;
      } else {
        cf.methods.push(m);
        rep.reason = `${reason}; instrumented code over ${MAX_CODE} bytes`;
      }
      if (!plainInPlace) rep.reason ??= reason;
      if (name === '<clinit>') clinit = { method: cf.methods[cf.methods.length - 1]!, index: cf.methods.length - 1 };
      continue;
    }

    const mid = newMid(name, descriptor);
    if (isInterfaceTrampoline(info, m.accessFlags)) {
      // A default method: its extended version is a trampoline like an abstract method's (a
      // Proxy or a class that is not instrumented may override the original only); the
      // original runs instrumented, continuing the caller's context.
      const orig = instrument(ctx, mc, 'wrapper', mid);
      cf.methods.push(orig ? replaceCode(m, orig.code) : m);
      cf.methods.push(reverseTrampoline(pool, info.name, true, m, name, descriptor, codeNameIndex));
      rep.outcome = orig ? 'instrumented' : 'wrapper-only';
      if (orig) rep.stats = orig.stats;
      else rep.reason = `original-signature copy over ${MAX_CODE} bytes, left uninstrumented`;
      continue;
    }
    const ext = instrument(ctx, mc, 'extended', mid);
    // HotSpot treats objects as finalizable when finalize()V is not a bare `return`
    // (java.lang.Object's own): keep that body exactly as it is.
    const keepOriginal = name === 'finalize' && descriptor === '()V' && codeAttr.code.length === 1;
    const orig = keepOriginal ? undefined : instrument(ctx, mc, 'wrapper', mid);
    cf.methods.push(orig ? replaceCode(m, orig.code) : m);
    const extAccess = (m.accessFlags & ~(Acc.VARARGS | Acc.BRIDGE)) | Acc.SYNTHETIC;
    const extDesc = extendedDescriptor(descriptor);
    if (ext) {
      cf.methods.push({ accessFlags: extAccess, nameIndex: m.nameIndex, descriptorIndex: pool.addUtf8(extDesc), attributes: [ext.code, ...vmAnnotations(pool, m)] });
      rep.outcome = 'instrumented';
      rep.stats = ext.stats;
    } else {
      cf.methods.push(reverseTrampoline(pool, info.name, isInterface, { ...m, accessFlags: m.accessFlags & ~Acc.SYNCHRONIZED }, name, descriptor, codeNameIndex));
      rep.outcome = 'wrapper-only';
      rep.reason = `instrumented code over ${MAX_CODE} bytes`;
    }
    if (!orig && !keepOriginal) rep.reason = `${rep.reason ? rep.reason + '; ' : ''}original-signature copy over ${MAX_CODE} bytes, left uninstrumented`;
  }

  // Serializable classes keep the serialVersionUID the original would have had.
  pinSerialVersionUID(input, cf, opts.hierarchy);

  if (holderName !== undefined && mids.length > 0) return { cf, report, holder: midHolder(holderName, input.majorVersion, sourceFile, info.name, mids) };
  // MID fields, initialised at the start of <clinit>.
  if (mids.length > 0) {
    const fieldAccess = (isInterface ? Acc.PUBLIC : Acc.PRIVATE) | Acc.STATIC | Acc.FINAL | Acc.SYNTHETIC;
    for (const mid of mids) cf.fields.push({ accessFlags: fieldAccess, nameIndex: pool.addUtf8(mid.field), descriptorIndex: pool.addUtf8(MID_DESC), attributes: [] });
    const e = new Emitter(pool);
    for (const mid of mids) {
      e.str(midNames(info.name, mid.method, mid.descriptor, sourceFile));
      if (mid.paths !== undefined) e.str(mid.paths);
      e.invoke(Op.INVOKESTATIC, mid.paths !== undefined ? RT.createMidPaths : RT.createMid).field(Op.PUTSTATIC, { owner: info.name, name: mid.field, desc: MID_DESC });
    }
    if (clinit) {
      const ctx = codeContext(cf, clinit.method, pool, file);
      const code = clinit.method.attributes.find((a): a is AttributeOf<'Code'> => a.name === 'Code')!;
      const mc = decodeWithContext(ctx, code);
      mc.insns = [...e.out, ...mc.insns];
      cf.methods[clinit.index] = replaceCode(clinit.method, { ...encodeCode(ctx, mc, { frames }), nameIndex: codeNameIndex });
    } else {
      e.op(Op.RETURN);
      const mc = generatedCode(e.out);
      const m: MemberInfo = { accessFlags: Acc.STATIC | Acc.SYNTHETIC, nameIndex: pool.addUtf8('<clinit>'), descriptorIndex: pool.addUtf8('()V'), attributes: [] };
      const ctx = codeContext(cf, m, pool, file);
      m.attributes.push({ ...encodeCode(ctx, mc, { frames }), nameIndex: codeNameIndex });
      cf.methods.push(m);
    }
  }
  return { cf, report };
}

/**
 * `final synthetic class <holder> { static final MID $komorium$mid<k>; static { <create each> } }`
 * in the enum's package: the MIDs of enum class `owner`'s methods.
 */
function midHolder(name: string, majorVersion: number, sourceFile: string | undefined, owner: string, mids: readonly { field: string; method: string; descriptor: string; paths?: string }[]): ClassFile {
  const cf: ClassFile = { minorVersion: 0, majorVersion, constantPool: [undefined], accessFlags: Acc.FINAL | Acc.SUPER | Acc.SYNTHETIC, thisClass: 0, superClass: 0, interfaces: [], fields: [], methods: [], attributes: [] };
  const pool = new ConstantPool(cf);
  cf.thisClass = pool.addClass(name);
  cf.superClass = pool.addClass('java/lang/Object');
  const desc = pool.addUtf8(MID_DESC);
  const e = new Emitter(pool);
  for (const mid of mids) {
    cf.fields.push({ accessFlags: Acc.STATIC | Acc.FINAL | Acc.SYNTHETIC, nameIndex: pool.addUtf8(mid.field), descriptorIndex: desc, attributes: [] });
    e.str(midNames(owner, mid.method, mid.descriptor, sourceFile));
    if (mid.paths !== undefined) e.str(mid.paths);
    e.invoke(Op.INVOKESTATIC, mid.paths !== undefined ? RT.createMidPaths : RT.createMid).field(Op.PUTSTATIC, { owner: name, name: mid.field, desc: MID_DESC });
  }
  e.op(Op.RETURN);
  const m: MemberInfo = { accessFlags: Acc.STATIC | Acc.SYNTHETIC, nameIndex: pool.addUtf8('<clinit>'), descriptorIndex: pool.addUtf8('()V'), attributes: [] };
  const ctx = codeContext(cf, m, pool, name);
  m.attributes.push({ ...encodeCode(ctx, generatedCode(e.out), { frames: majorVersion >= 50 }), nameIndex: pool.addUtf8('Code') });
  cf.methods.push(m);
  return cf;
}

/**
 * Method annotations HotSpot itself reads (classFileParser's AnnotationCollector; honoured in
 * boot and platform classes only) whose meaning carries over to the extended copy, which runs
 * the same code: @Hidden frames stay out of stack traces and stack walks (`Thread.runWith`,
 * `DirectMethodHandleAccessor.invokeImpl` on JDK 21+), inlining hints, reserved stack for locks,
 * the virtual-thread and scoped-memory markers, compiled LambdaForms (skipped by
 * getCallerClass). Not copied: @IntrinsicCandidate (no intrinsic has the extended signature,
 * HotSpot warns about it), @CallerSensitive (such methods have no extended copy), @Stable (on
 * fields, which are not copied), and every annotation HotSpot does not read (reflection hides
 * extended copies).
 */
export const VM_METHOD_ANNOTATIONS: ReadonlySet<string> = new Set([
  'Ljdk/internal/vm/annotation/Hidden;',
  'Ljava/lang/invoke/LambdaForm$Hidden;',
  'Ljava/lang/invoke/LambdaForm$Compiled;',
  'Ljdk/internal/vm/annotation/ForceInline;',
  'Ljdk/internal/vm/annotation/DontInline;',
  'Ljdk/internal/vm/annotation/ReservedStackAccess;',
  'Ljdk/internal/vm/annotation/ChangesCurrentThread;',
  'Ljdk/internal/vm/annotation/JvmtiMountTransition;',
  'Ljdk/internal/vm/annotation/JvmtiHideEvents;',
  'Ljdk/internal/misc/ScopedMemoryAccess$Scoped;',
  'Ljava/lang/invoke/InjectedProfile;',
]);

/** The RuntimeVisibleAnnotations of `m` that VM_METHOD_ANNOTATIONS lists, as an attribute for its extended copy (none: []). */
function vmAnnotations(pool: ConstantPool, m: MemberInfo): Attribute[] {
  for (const a of m.attributes) {
    if (a.name !== 'RuntimeVisibleAnnotations') continue;
    const keep = a.annotations.filter((an) => VM_METHOD_ANNOTATIONS.has(pool.utf8(an.typeIndex)));
    return keep.length > 0 ? [{ ...a, annotations: keep }] : [];
  }
  return [];
}

/** A method body made only of generated instructions. */
function generatedCode(insns: Insn[]): MethodCode {
  return { maxStack: 0, maxLocals: 0, insns, tryCatch: [], localVars: [], localVarTypes: [], visibleTypeAnnotations: [], invisibleTypeAnnotations: [], attributes: [] };
}

function replaceCode(m: MemberInfo, code: Attribute): MemberInfo {
  return { ...m, attributes: m.attributes.map((a) => (a.name === 'Code' ? code : a)) };
}

/**
 * `m(P, TC tc, MID[] stack, int sp) { tc.callOutReverse(stack, sp); return m(P); }` for a
 * native or abstract method (a default method in interfaces), or for a method whose
 * instrumented code does not fit. Without `callOutReverse` for a native that cannot call back
 * (`callsBack` false, access-natives.ts).
 */
function reverseTrampoline(pool: ConstantPool, owner: string, isInterface: boolean, m: MemberInfo, name: string, descriptor: string, codeNameIndex: number, callsBack = true): MemberInfo {
  const isStatic = (m.accessFlags & Acc.STATIC) !== 0;
  const isPrivate = (m.accessFlags & Acc.PRIVATE) !== 0;
  const { params, ret } = splitMethodDescriptor(descriptor);
  const e = new Emitter(pool);
  const A = paramSlots(descriptor) + (isStatic ? 0 : 1);
  if (callsBack) e.var(Op.ALOAD, A).var(Op.ALOAD, A + 1).var(Op.ILOAD, A + 2).invoke(Op.INVOKEVIRTUAL, RT.callOutReverse);
  let slot = 0;
  if (!isStatic) e.var(Op.ALOAD, slot++);
  for (const p of params) {
    e.var(loadOp(p), slot);
    slot += p === 'J' || p === 'D' ? 2 : 1;
  }
  const op = isStatic ? Op.INVOKESTATIC : isPrivate || name === '<init>' ? Op.INVOKESPECIAL : isInterface ? Op.INVOKEINTERFACE : Op.INVOKEVIRTUAL;
  e.invoke(op, { owner, name, desc: descriptor }, isInterface);
  e.op(returnOp(ret));
  // Its one line is TRAMPOLINE_LINE: stack traces leave such frames out (the reflection patch
  // on HotSpot, the embedded engine), since the original program had no frame there.
  const start = new Label();
  const mc = generatedCode([{ kind: 'label', label: start }, { kind: 'line', line: TRAMPOLINE_LINE, start }, ...e.out]);
  let access = (m.accessFlags & ~(Acc.NATIVE | Acc.ABSTRACT | Acc.VARARGS | Acc.BRIDGE)) | Acc.SYNTHETIC;
  if (isInterface && !isStatic && !isPrivate) access = Acc.PUBLIC | Acc.SYNTHETIC;
  const extDesc = extendedDescriptor(descriptor);
  // The same checked exceptions as the original (what reflection and proxies see).
  const out: MemberInfo = { accessFlags: access, nameIndex: pool.addUtf8(name), descriptorIndex: pool.addUtf8(extDesc), attributes: m.attributes.filter((a) => a.name === 'Exceptions') };
  const ctx: CodeContext = {
    pool,
    thisClass: owner,
    methodName: name,
    descriptor: extDesc,
    isStatic,
    majorVersion: 52,
    file: owner,
  };
  out.attributes.push({ ...encodeCode(ctx, mc), nameIndex: codeNameIndex });
  return out;
}

// Links invokedynamic call sites. The JDK 17 bootstraps javac emits are implemented by
// spinning a small hidden class with a static method that does what the bootstrap's method
// handle would do; the call site then invokes that method:
//   StringConcatFactory.makeConcatWithConstants / makeConcat  → concat.ts
//   LambdaMetafactory.metafactory / altMetafactory           → lambda.ts
//   ObjectMethods.bootstrap (records)                         → records.ts
// Any other bootstrap method links through the JDK (invoke/constants.ts linkCallSiteUpcall).

import { Tag, type CpEntry } from '../../classfile/model';
import type { JClass, JMethod } from '../klass';
import { VmError } from '../signals';
import type { JThread } from '../thread';
import type { VM } from '../vm';
import { spinConcat } from './concat';
import { spinLambda } from './lambda';
import { spinObjectMethod } from './records';
import { bootstrapEntry, linkCallSiteUpcall } from '../invoke/constants';
import { bindAppendix } from '../invoke/sigpoly';
import { resolveClassAt } from '../resolve';
import { InitState } from '../klass';
import type { JObject } from '../object';
import { setField } from '../natives/util';
import { archivedLambdaProxy, lambdaProxyKey } from '../cds-archive';
import { spunDescriptors } from './spun-descriptors';

export interface HandleRef {
  kind: number;
  owner: string;
  name: string;
  desc: string;
  isInterface: boolean;
}

export type BsmArg = { type: 'string'; value: string } | { type: 'int'; value: number } | { type: 'long'; value: bigint } | { type: 'float'; bits: number } | { type: 'double'; bits: bigint } | { type: 'class'; name: string } | { type: 'methodType'; desc: string } | { type: 'handle'; ref: HandleRef };

export interface CallSiteInfo {
  host: JClass;
  name: string;
  desc: string;
  bsm: HandleRef;
  args: BsmArg[];
}

function utf8(k: JClass, i: number): string {
  const e = k.cp[i];
  if (!e || e.tag !== Tag.Utf8) throw new VmError('java/lang/ClassFormatError', `${k.javaName}: #${i} is not a Utf8`);
  return e.value;
}

function className(k: JClass, i: number): string {
  const e = k.cp[i];
  if (!e || e.tag !== Tag.Class) throw new VmError('java/lang/ClassFormatError', `${k.javaName}: #${i} is not a Class`);
  return utf8(k, e.nameIndex);
}

export function handleRef(k: JClass, idx: number): HandleRef {
  const e = k.cp[idx];
  if (!e || e.tag !== Tag.MethodHandle) throw new VmError('java/lang/ClassFormatError', `${k.javaName}: #${idx} is not a MethodHandle`);
  const ref = k.cp[e.referenceIndex] as CpEntry;
  if (ref.tag !== Tag.Methodref && ref.tag !== Tag.InterfaceMethodref && ref.tag !== Tag.Fieldref) throw new VmError('java/lang/ClassFormatError', `${k.javaName}: bad MethodHandle reference`);
  const nt = k.cp[ref.nameAndTypeIndex];
  if (!nt || nt.tag !== Tag.NameAndType) throw new VmError('java/lang/ClassFormatError', `${k.javaName}: bad NameAndType`);
  return { kind: e.referenceKind, owner: className(k, ref.classIndex), name: utf8(k, nt.nameIndex), desc: utf8(k, nt.descriptorIndex), isInterface: ref.tag === Tag.InterfaceMethodref };
}

function bsmArg(k: JClass, idx: number): BsmArg {
  const e = k.cp[idx];
  if (!e) throw new VmError('java/lang/ClassFormatError', `${k.javaName}: empty bootstrap argument #${idx}`);
  switch (e.tag) {
    case Tag.String:
      return { type: 'string', value: utf8(k, e.stringIndex) };
    case Tag.Integer:
      return { type: 'int', value: e.value | 0 };
    case Tag.Long:
      return { type: 'long', value: e.value };
    case Tag.Float:
      return { type: 'float', bits: e.bits };
    case Tag.Double:
      return { type: 'double', bits: e.bits };
    case Tag.Class:
      return { type: 'class', name: utf8(k, e.nameIndex) };
    case Tag.MethodType:
      return { type: 'methodType', desc: utf8(k, e.descriptorIndex) };
    case Tag.MethodHandle:
      return { type: 'handle', ref: handleRef(k, idx) };
    default:
      throw new VmError('java/lang/BootstrapMethodError', `unsupported bootstrap argument (constant pool tag ${e.tag}) in ${k.javaName}`);
  }
}

/** Decodes the call site of the invokedynamic whose InvokeDynamic entry is `idx` in `k`. */
export function callSiteInfo(k: JClass, idx: number): CallSiteInfo {
  const e = k.cp[idx];
  if (!e || e.tag !== Tag.InvokeDynamic) throw new VmError('java/lang/ClassFormatError', `${k.javaName}: #${idx} is not InvokeDynamic`);
  const nt = k.cp[e.nameAndTypeIndex];
  if (!nt || nt.tag !== Tag.NameAndType) throw new VmError('java/lang/ClassFormatError', `${k.javaName}: bad NameAndType`);
  const bm = k.cf?.attributes.find((a) => a.name === 'BootstrapMethods');
  if (!bm || bm.name !== 'BootstrapMethods') throw new VmError('java/lang/ClassFormatError', `${k.javaName}: no BootstrapMethods attribute`);
  const b = bm.methods[e.bootstrapMethodAttrIndex];
  if (!b) throw new VmError('java/lang/ClassFormatError', `${k.javaName}: bootstrap method #${e.bootstrapMethodAttrIndex} missing`);
  return {
    host: k,
    name: utf8(k, nt.nameIndex),
    desc: utf8(k, nt.descriptorIndex),
    bsm: handleRef(k, b.methodRefIndex),
    args: b.argumentIndices.map((i) => bsmArg(k, i)),
  };
}

/** Installs the linker on the VM. */
export function installIndy(vm: VM): void {
  vm.indyLinker = (t: JThread, m: JMethod, pc: number, idx: number) => link(vm, t, m, pc, idx);
}

const FAST_PATHS = new Set([
  'java/lang/invoke/StringConcatFactory.makeConcatWithConstants',
  'java/lang/invoke/StringConcatFactory.makeConcat',
  'java/lang/invoke/LambdaMetafactory.metafactory',
  'java/lang/invoke/LambdaMetafactory.altMetafactory',
  'java/lang/runtime/ObjectMethods.bootstrap',
]);

const LAMBDA_BOOTSTRAPS = new Set(['java/lang/invoke/LambdaMetafactory.metafactory', 'java/lang/invoke/LambdaMetafactory.altMetafactory']);

/**
 * From now on, lambdas link through the JDK's LambdaMetafactory (MethodHandleNatives.linkCallSite)
 * as on HotSpot, where that linkage (paused when the JDK is instrumented) leaves its state behind:
 * classes it initialised, LambdaForms it spun and cached, names it resolved through the caller's
 * loader. Spun in the VM, the program did that work later, counted. InnerClassLambdaMetafactory's
 * counter (JDK 17 names Main$$Lambda$14) goes on from the proxies the VM spun during the boot.
 */
export function startJdkLambdaLinkage(vm: VM): void {
  vm.jdkLambdaLinkage = true;
  if (vm.opts.jdk.feature >= 21) return;
  const k = vm.classes.tryBoot('java/lang/invoke/InnerClassLambdaMetafactory');
  if (!k || k.state !== InitState.Initialized) return;
  const counter = vm.getStatic('java/lang/invoke/InnerClassLambdaMetafactory', 'counter') as JObject | null;
  if (counter !== null) setField(vm, counter, 'java/util/concurrent/atomic/AtomicInteger', 'value', vm.lambdaCounter);
}

/**
 * Identity-hash states of the threads at the first attempt to link a lambda site through the JDK,
 * by site: without the archived mirrors' hashes of HotSpot's copy (VmOptions.archivedHashes), the
 * linkage draws hashes for mirrors that HotSpot's archive holds with theirs, so the thread's
 * sequence is put back when the site is linked, as the VM's own spinning left it. With them, the
 * linkage draws what HotSpot's does (one hash per hidden class it defines: JDK 17, 6 at the first
 * concatenation of a shape, 9 for a longer one, 1-2 per lambda; measured, branch ident15k) and
 * the sequence goes on.
 */
const hashesBefore = new WeakMap<JThread, Map<string, Uint32Array>>();

function lambdaThroughJdk(vm: VM, t: JThread, m: JMethod, pc: number, idx: number, finish?: (target: JMethod, appendix: JObject | null, desc: string) => JMethod): JMethod {
  const state = t === vm.threads[0] && !vm.mainStarted ? vm.bootHashState : t.hashState;
  let sites = hashesBefore.get(t);
  if (!sites) hashesBefore.set(t, (sites = new Map()));
  const site = `${m.id}:${pc}`;
  if (!sites.has(site)) sites.set(site, state.slice());
  const proxy = archivedProxyOnJdk17(vm, m.klass, idx);
  const archived = proxy?.names ?? null;
  vm.archivedProxyHost = proxy !== null ? m.klass : null;
  vm.archivedProxyKey = proxy?.key ?? null;
  // The descriptors the generation of an archived proxy caches, and java never computes.
  const descriptors = archived === null ? null : archivedSpinDescriptors(vm, m.klass, idx);
  // The interned names the JDK's spinning of an archived proxy hashes here (ASM's SymbolTable) and
  // HotSpot, which takes the archived class, does not: their hashes are forgotten after the link.
  const unhashed = archived === null ? [] : archived.filter((n) => {
    const o = vm.strings.lookup(n);
    return o === undefined || !vm.strings.hashStored(o);
  });
  return linkCallSiteUpcall(vm, t, m, pc, idx, (target, appendix, desc) => {
    vm.archivedProxyHost = null;
    descriptors?.forget();
    vm.archivedProxyKey = null;
    for (const n of unhashed) {
      const o = vm.strings.lookup(n);
      if (o !== undefined) vm.strings.forgetHash(o);
    }
    const saved = sites.get(site);
    if (saved) {
      if (vm.opts.archivedHashes === undefined) state.set(saved);
      sites.delete(site);
    }
    if (finish) return finish(target, appendix, desc);
    return bindAppendix(vm, vm.syntheticNative('invokedynamic', desc, () => undefined), target, appendix);
  });
}

/**
 * JDK 17: whether java's CDS archive holds the proxy of the LambdaMetafactory.metafactory site
 * `idx` of `k` (a `@lambda-proxy` line of its class list). java 17's LambdaProxyClassArchive.find
 * then returns the archived proxy, whose mirror has the dump's identity hash; this VM reports no
 * sharing on 17 (CDS.isSharingEnabled), so the JDK generates the proxy, and only its mirror's
 * draw is left out (natives/java/lang/ClassLoader.ts). JDK 25 answers findFromArchive itself
 * (natives/java/lang/invoke/LambdaProxyClassArchive.ts). Returns the site's names (the interface
 * method's and the implementation's) and its key (lambdaProxyKey: the archived mirror's hash is
 * `VmOptions.archivedHashes`' `@lambda-proxy KEY`) when it does, else null.
 */
function archivedProxyOnJdk17(vm: VM, k: JClass, idx: number): { names: string[]; key: string } | null {
  if (vm.opts.jdk.feature >= 25 || vm.opts.archivedClasses === undefined) return null;
  const b = bootstrapOf(k, idx);
  if (b.owner !== 'java/lang/invoke/LambdaMetafactory' || b.name !== 'metafactory') return null;
  try {
    const site = callSiteInfo(k, idx);
    const [sam, impl, inst] = site.args;
    if (sam?.type !== 'methodType' || impl?.type !== 'handle' || inst?.type !== 'methodType') return null;
    const key = lambdaProxyKey(k.name, site.name, site.desc, sam.desc, impl.ref.owner, impl.ref.name, impl.ref.desc, inst.desc);
    return archivedLambdaProxy(vm.opts.jdk, key) ? { names: [site.name, impl.ref.name], key } : null;
  } catch (e) {
    if (e instanceof VmError) return null;
    throw e;
  }
}

/** spun-descriptors.ts for the archived metafactory site `idx` of `k`. */
function archivedSpinDescriptors(vm: VM, k: JClass, idx: number): { forget: () => void } | null {
  const site = callSiteInfo(k, idx);
  const [sam, impl] = site.args;
  if (sam?.type !== 'methodType' || impl?.type !== 'handle') return null;
  return spunDescriptors(vm, sam.desc, site.desc, impl.ref.desc);
}

const CONCAT_BOOTSTRAPS = new Set(['java/lang/invoke/StringConcatFactory.makeConcatWithConstants', 'java/lang/invoke/StringConcatFactory.makeConcat']);

/** The JDKs whose StringConcatFactory linkage the spun concat methods follow (concat-jdk17.ts, concat-jdk25.ts). */
const CONCAT_THROUGH_JDK = new Set([17, 25]);

/**
 * JDK 17 and 25, lambdas linked through the JDK (scope all): a string concatenation's call site is
 * linked by StringConcatFactory as on HotSpot (paused, MethodHandleNatives.linkCallSite), for
 * what that linkage leaves behind: the LambdaForms, basic invokers and bound-method-handle
 * species it makes and caches, which a later method-handle transformation of the program finds
 * (`interface-dispatch`: a proxy's `InvocationHandler.invokeDefault`, whose `asType` and
 * `asSpreader` spun a basic invoker and looked up species, 11,600 samples under main on the
 * embedded engine only; on JDK 25 `enums`' first method accessor initialised LambdaForm and the
 * ClassFile API's Opcode under main, and interface-dispatch's proxy spun more). The site then runs
 * the VM's spun method (concat-jdk17.ts, concat-jdk25.ts), which calls
 * the counted methods that the JDK's method-handle tree calls, in the same order; the tree
 * itself is not used. A site the spun method does not handle runs the tree.
 */
function concatThroughJdk(vm: VM, t: JThread, m: JMethod, pc: number, idx: number): JMethod {
  return lambdaThroughJdk(vm, t, m, pc, idx, (target, appendix, desc) => {
    try {
      return spinConcat(vm, t, callSiteInfo(m.klass, idx));
    } catch (e) {
      if (!(e instanceof VmError)) throw e;
      return bindAppendix(vm, vm.syntheticNative('invokedynamic', desc, () => undefined), target, appendix);
    }
  });
}

/** The constant-pool index of the class of the bootstrap method of InvokeDynamic entry `idx`. */
function bootstrapClassIndex(k: JClass, idx: number): number {
  const e = k.cp[idx];
  if (!e || e.tag !== Tag.InvokeDynamic) throw new VmError('java/lang/ClassFormatError', `${k.javaName}: #${idx} is not InvokeDynamic`);
  const h = k.cp[bootstrapEntry(k, e.bootstrapMethodAttrIndex).methodRefIndex];
  if (!h || h.tag !== Tag.MethodHandle) throw new VmError('java/lang/ClassFormatError', `${k.javaName}: bad bootstrap method handle`);
  const ref = k.cp[h.referenceIndex];
  if (!ref || (ref.tag !== Tag.Methodref && ref.tag !== Tag.InterfaceMethodref)) throw new VmError('java/lang/ClassFormatError', `${k.javaName}: bad MethodHandle reference`);
  return ref.classIndex;
}

/** The bootstrap method handle of the invokedynamic whose InvokeDynamic entry is `idx`. */
function bootstrapOf(k: JClass, idx: number): HandleRef {
  const e = k.cp[idx];
  if (!e || e.tag !== Tag.InvokeDynamic) throw new VmError('java/lang/ClassFormatError', `${k.javaName}: #${idx} is not InvokeDynamic`);
  return handleRef(k, bootstrapEntry(k, e.bootstrapMethodAttrIndex).methodRefIndex);
}

function link(vm: VM, t: JThread, m: JMethod, pc: number, idx: number): JMethod {
  const b = bootstrapOf(m.klass, idx);
  const key = `${b.owner}.${b.name}`;
  // Any other bootstrap: the JDK links the call site (MethodHandleNatives.linkCallSite).
  const generic = (): JMethod => linkCallSiteUpcall(vm, t, m, pc, idx, (target, appendix, desc) => bindAppendix(vm, vm.syntheticNative('invokedynamic', desc, () => undefined), target, appendix));
  if (!FAST_PATHS.has(key)) return generic();
  if (vm.jdkLambdaLinkage && LAMBDA_BOOTSTRAPS.has(key)) return lambdaThroughJdk(vm, t, m, pc, idx);
  if (vm.jdkLambdaLinkage && CONCAT_THROUGH_JDK.has(vm.opts.jdk.feature) && CONCAT_BOOTSTRAPS.has(key)) return concatThroughJdk(vm, t, m, pc, idx);
  // A record's toString, hashCode and equals: the JDK's ObjectMethods builds the method-handle
  // tree (paused on HotSpot), which then runs counted: on JDK 17 toString is String.format of
  // "Name[a=%s, ...]" with each component's stringifier (records.ts spins a StringBuilder chain).
  if (vm.jdkLambdaLinkage && key === 'java/lang/runtime/ObjectMethods.bootstrap') return lambdaThroughJdk(vm, t, m, pc, idx);
  // HotSpot resolves the bootstrap method handle before it calls the bootstrap: its class through
  // the caller's loader (a loadClass upcall the first time, counted as the program's work when
  // the JDK is instrumented); the types of its descriptor and of the call site are java.lang and
  // java.lang.invoke classes, which it resolves without the loader.
  resolveClassAt(vm, t, m.klass, bootstrapClassIndex(m.klass, idx));
  try {
    const site = callSiteInfo(m.klass, idx);
    switch (key) {
      case 'java/lang/invoke/StringConcatFactory.makeConcatWithConstants':
      case 'java/lang/invoke/StringConcatFactory.makeConcat':
        return spinConcat(vm, t, site);
      case 'java/lang/invoke/LambdaMetafactory.metafactory':
      case 'java/lang/invoke/LambdaMetafactory.altMetafactory':
        return spinLambda(vm, t, site);
      default:
        return spinObjectMethod(vm, t, site);
    }
  } catch (e) {
    // A case the fast path does not handle (or an invalid call site): the JDK's bootstrap
    // decides, with its own errors (BootstrapMethodError wrapping LambdaConversionException...).
    if (e instanceof VmError) return generic();
    throw e;
  }
}

/** Defines spun class bytes as a hidden class of `loader` and returns its static method. */
export function defineSpun(vm: VM, t: JThread, loader: JClass['loader'], bytes: Uint8Array, methodName: string, desc: string): JMethod {
  const k = vm.classes.createClass(loader, null, bytes, 'spun');
  k.hidden = true;
  let method: JMethod | undefined;
  vm.classes.defineWithSupers(t, loader, k, (kk) => {
    vm.assignModule(kk);
    method = kk.declared.get(methodName + desc);
    return undefined;
  });
  if (!method) throw new VmError('java/lang/InternalError', `spun class ${k.javaName} lacks ${methodName}${desc}`);
  return method;
}

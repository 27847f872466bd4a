// Per-VM state of java.lang.invoke support: cached field keys of the JDK classes the VM reads
// and writes (MemberName, MethodType, MethodHandle, LambdaForm, CallSite), and the caches of
// linked call sites and resolved constants. Kept in a WeakMap so the VM class stays small.

import type { JClass, JMethod } from '../klass';
import type { JObject } from '../object';
import { VmError } from '../signals';
import type { VM } from '../vm';

/** MethodHandleNatives.Constants (JDK 17). */
export const MN_IS_METHOD = 0x00010000;
export const MN_IS_CONSTRUCTOR = 0x00020000;
export const MN_IS_FIELD = 0x00040000;
export const MN_IS_TYPE = 0x00080000;
export const MN_CALLER_SENSITIVE = 0x00100000;
export const MN_HIDDEN_MEMBER = 0x00400000;
export const MN_TRUSTED_FINAL = 0x00200000;
export const MN_REFERENCE_KIND_SHIFT = 24;
export const MN_REFERENCE_KIND_MASK = 0x0f;
export const MN_SEARCH_SUPERCLASSES = 0x00100000;
export const MN_SEARCH_INTERFACES = 0x00200000;
export const ALL_KINDS = MN_IS_METHOD | MN_IS_CONSTRUCTOR | MN_IS_FIELD | MN_IS_TYPE;

export const REF_getField = 1;
export const REF_getStatic = 2;
export const REF_putField = 3;
export const REF_putStatic = 4;
export const REF_invokeVirtual = 5;
export const REF_invokeStatic = 6;
export const REF_invokeSpecial = 7;
export const REF_newInvokeSpecial = 8;
export const REF_invokeInterface = 9;

/** Modifier bits a MemberName keeps (JVM_RECOGNIZED_METHOD_MODIFIERS / _FIELD_MODIFIERS). */
export const METHOD_MODIFIERS = 0x1dff;
export const FIELD_MODIFIERS = 0x50df;

export const MH = 'java/lang/invoke/MethodHandle';
export const VH = 'java/lang/invoke/VarHandle';
export const MHN = 'java/lang/invoke/MethodHandleNatives';
export const MEMBER_NAME = 'java/lang/invoke/MemberName';

export type Rec = Record<string, unknown>;

/** A link step that failed with a LinkageError (thrown again, as a new error, on later attempts). */
export interface Failure {
  className: string;
  message: string | null;
}

export class InvokeState {
  private readonly keys = new Map<string, string>();
  /** Trampolines of MethodHandle.invokeBasic / linkTo* by name+descriptor. */
  readonly intrinsics = new Map<string, JMethod>();
  /** Linked invoke/invokeExact/VarHandle call sites by loader, then owner.name+descriptor. */
  readonly invokers = new Map<JObject | null, Map<string, JMethod>>();
  /** MethodType objects by loader, then descriptor. */
  readonly methodTypes = new Map<JObject | null, Map<string, JObject>>();
  /** Results of ldc MethodHandle / condy / invokedynamic links by class, then constant index or pc. */
  readonly constants = new Map<JClass, Map<string, unknown>>();

  constructor(private readonly vm: VM) {}

  /** The property key of field `name` declared by class `cls` (or a superclass). */
  key(cls: string, name: string): string {
    const id = `${cls}.${name}`;
    let k = this.keys.get(id);
    if (k === undefined) {
      k = this.vm.field(this.vm.classes.loadBoot(cls), name).key;
      this.keys.set(id, k);
    }
    return k;
  }

  /** Keys read on every method-handle call (cached: invokeBasic, linkTo*). */
  private hot: { form: string; vmentry: string; method: string } | null = null;

  hotKeys(): { form: string; vmentry: string; method: string } {
    return (this.hot ??= { form: this.key(MH, 'form'), vmentry: this.key('java/lang/invoke/LambdaForm', 'vmentry'), method: this.key(MEMBER_NAME, 'method') });
  }

  get(o: JObject, cls: string, name: string): unknown {
    return (o as unknown as Rec)[this.key(cls, name)];
  }

  set(o: JObject, cls: string, name: string, v: unknown): void {
    (o as unknown as Rec)[this.key(cls, name)] = v;
  }

  constantsOf(k: JClass): Map<string, unknown> {
    let m = this.constants.get(k);
    if (m === undefined) this.constants.set(k, (m = new Map()));
    return m;
  }

  /** A static method of MethodHandleNatives (the JDK's upcall targets). */
  natives(nameDesc: string): JMethod {
    const k = this.vm.classes.loadBoot(MHN);
    const m = k.declared.get(nameDesc);
    if (!m) throw new VmError('java/lang/InternalError', `java.lang.invoke.MethodHandleNatives has no ${nameDesc}`);
    return m;
  }
}

const states = new WeakMap<VM, InvokeState>();

/** The VM's java.lang.invoke state, if any (boot snapshots). */
export function peekInvokeState(vm: VM): InvokeState | undefined {
  return states.get(vm);
}

export function setInvokeState(vm: VM, s: InvokeState): void {
  states.set(vm, s);
}

export function invokeState(vm: VM): InvokeState {
  let s = states.get(vm);
  if (s === undefined) states.set(vm, (s = new InvokeState(vm)));
  return s;
}

export function perLoader<V>(m: Map<JObject | null, Map<string, V>>, loader: JObject | null): Map<string, V> {
  let r = m.get(loader);
  if (r === undefined) m.set(loader, (r = new Map()));
  return r;
}

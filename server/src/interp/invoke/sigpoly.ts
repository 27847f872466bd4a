// Signature-polymorphic call sites (JVMS 2.9.3): invokevirtual/invokestatic of MethodHandle's
// and VarHandle's native varargs methods with the call site's own descriptor.
//
// Each (method, descriptor) gets a synthetic JMethod: a native with that descriptor (so the
// interpreter passes the arguments as for any call) that removes its own frame and tail-calls
// the real target with the same argument slots, as HotSpot's method-handle intrinsics and
// invokehandle call sites do:
//  - invokeBasic(mh, args...)       → mh.form.vmentry's method, same arguments;
//  - linkToStatic/Special/Virtual/Interface(args..., MemberName) → the MemberName's method,
//    selected on the receiver for Virtual/Interface; the trailing MemberName is dropped;
//  - invoke/invokeExact (MethodHandle) and the VarHandle access modes → the invoker method
//    MethodHandleNatives.linkMethod returned (an upcall at link time), with its appendix (a
//    MethodType or VarHandle.AccessDescriptor) pushed after the arguments.
// The target's frame replaces the native's (the native returns TAILCALL), so the value it
// returns goes straight to the caller; if it blocks (a synchronized method), the call
// instruction runs again later.

import { enterMethod, pushCall, TAILCALL } from '../calls';
import { JMethod, type JClass } from '../klass';
import type { JObject } from '../object';
import { PENDING, VmError } from '../signals';
import type { JThread } from '../thread';
import type { VM } from '../vm';
import { methodTypeFor } from './constants';
import { memberMethod } from './member';
import { invokeState, MH, perLoader, REF_invokeVirtual, type Rec } from './state';

type Dispatch = 'static' | 'special' | 'virtual' | 'interface';

/**
 * Replaces the native frame on top (a trampoline called with its arguments at `base`) by a
 * call of `target` with the arguments in place. `callerSp` is the caller's operand-stack top
 * before the call (restored so the instruction can run again if the target blocks).
 */
function tailCall(vm: VM, t: JThread, target: JMethod, base: number, callerSp: number): typeof TAILCALL {
  t.frames[t.depth].sp = callerSp;
  enterMethod(vm, t, target, base);
  return TAILCALL;
}

function select(recv: JObject, m: JMethod, how: Dispatch): JMethod {
  if (how === 'interface' && !recv.klass.supers.has(m.klass)) {
    throw new VmError('java/lang/IncompatibleClassChangeError', `Receiver class ${recv.klass.javaName} does not implement the interface ${m.klass.javaName} defining the method to be called`);
  }
  if (m.isPrivate) return m;
  const sel = recv.klass.vmap.get(m.nameDesc);
  if (sel === undefined || sel.isAbstract) {
    throw new VmError('java/lang/AbstractMethodError', `Receiver class ${recv.klass.javaName} does not define or inherit an implementation of the resolved method '${sel?.isAbstract ? 'abstract ' : ''}${m.name}${m.desc}' of ${m.klass.isInterface ? 'interface' : 'class'} ${m.klass.javaName}.`);
  }
  return sel;
}

function makeTrampoline(proto: JMethod, desc: string, body: (t: JThread, base: number, self: JMethod) => unknown): JMethod {
  const tm = new JMethod(proto.klass, proto.name, desc, proto.access, proto.memberIndex);
  tm.native = (t, base) => body(t, base, tm);
  return tm;
}

/** invokeBasic / linkTo*: the intrinsic for this descriptor (also what their MemberNames resolve to). */
export function intrinsic(vm: VM, m: JMethod, desc: string): JMethod {
  const s = invokeState(vm);
  const key = m.name + desc;
  const have = s.intrinsics.get(key);
  if (have !== undefined) return have;
  let tm: JMethod;
  if (m.name === 'invokeBasic') {
    tm = makeTrampoline(m, desc, (t, base, self) => {
      const mh = t.r[base] as JObject | null;
      t.depth--;
      if (mh === null) throw new VmError('java/lang/NullPointerException', null);
      const keys = s.hotKeys();
      const form = (mh as unknown as Rec)[keys.form] as JObject;
      const entry = (form as unknown as Rec)[keys.vmentry] as JObject | null;
      return tailCall(vm, t, memberMethod(vm, entry), base, base + self.argSlots);
    });
    tm.tailKind = 2;
  } else {
    const how = ({ linkToStatic: 'static', linkToSpecial: 'special', linkToVirtual: 'virtual', linkToInterface: 'interface' } as Record<string, Dispatch | undefined>)[m.name];
    if (how === undefined) throw new VmError('java/lang/UnsupportedOperationException', `MethodHandle.${m.name} is not supported by the embedded JVM`);
    tm = makeTrampoline(m, desc, (t, base, self) => {
      const mn = t.r[base + self.argSlots - 1] as JObject | null;
      t.depth--;
      let target = memberMethod(vm, mn);
      if (how !== 'static') {
        const recv = t.r[base] as JObject | null;
        if (recv === null) throw new VmError('java/lang/NullPointerException', null);
        if (how !== 'special') target = select(recv, target, how);
      }
      return tailCall(vm, t, target, base, base + self.argSlots);
    });
    tm.tailKind = 3;
    tm.tailApp = how;
  }
  s.intrinsics.set(key, tm);
  return tm;
}

/**
 * The method trampoline `y` (tailKind 1, 2 or 3) would call with its arguments at `base` (already
 * in the thread's arrays; a shell's appendix is stored after them here, as its native does),
 * when that method is compiled and not synchronized: compiled code then calls it directly
 * (jit/inline.ts), with the frame the trampoline's tail call would have pushed. Null when the
 * native should run instead (a null method handle, a callee not compiled yet): it does the same
 * and throws what the interpreter throws.
 */
export function tailTarget(vm: VM, t: JThread, y: JMethod, base: number): JMethod | null {
  let target: JMethod;
  if (y.tailKind === 1) {
    target = y.tailTarget as JMethod;
    if (target.argSlots === y.argSlots + 1) {
      const top = base + y.argSlots;
      t.ensureSlots(top + 2);
      t.r[top] = y.tailApp;
    }
  } else if (y.tailKind === 2 || y.tailKind === 3) {
    const keys = invokeState(vm).hotKeys();
    let mn: JObject | null;
    if (y.tailKind === 2) {
      const mh = t.r[base] as JObject | null;
      if (mh === null) return null;
      const form = (mh as unknown as Rec)[keys.form] as JObject | null;
      mn = form === null ? null : ((form as unknown as Rec)[keys.vmentry] as JObject | null);
    } else mn = t.r[base + y.argSlots - 1] as JObject | null;
    if (mn === null || mn === undefined) return null;
    const v = resolvedMethod(mn, keys.method);
    if (v === null) return null;
    target = v;
    const how = y.tailApp as Dispatch;
    if (y.tailKind === 3 && how !== 'static') {
      // select() without its errors: those the native throws.
      const recv = t.r[base] as JObject | null;
      if (recv === null) return null;
      if (how !== 'special' && !target.isPrivate) {
        if (how === 'interface' && !recv.klass.supers.has(target.klass)) return null;
        const sel = recv.klass.vmap.get(target.nameDesc);
        if (sel === undefined || sel.isAbstract) return null;
        target = sel;
      }
    }
  } else return null;
  return typeof target.jit === 'function' && (target.access & 0x20) === 0 ? target : null;
}

/** memberMethod without its errors: the method of a resolved method MemberName, or null. */
function resolvedMethod(mn: JObject, methodKey: string): JMethod | null {
  const rmn = (mn as unknown as Rec)[methodKey] as JObject | null | undefined;
  const v = rmn !== null && rmn !== undefined ? (rmn as unknown as Rec).$vm : (mn as unknown as Rec).$vm;
  return v instanceof JMethod ? v : null;
}

/**
 * Makes `shell` (a native method with the call site's descriptor) call `target` with
 * `appendix` as an extra trailing argument (none if the target takes no more arguments).
 */
export function bindAppendix(vm: VM, shell: JMethod, target: JMethod, appendix: JObject | null): JMethod {
  const slots = shell.argSlots;
  if (target.argSlots !== slots + 1 && target.argSlots !== slots) {
    throw new VmError('java/lang/InternalError', `cannot link ${shell.name}${shell.desc} to ${target} (argument count mismatch)`);
  }
  const withAppendix = target.argSlots === slots + 1;
  shell.tailKind = 1;
  shell.tailTarget = target;
  shell.tailApp = appendix;
  shell.native = (t, base) => {
    t.depth--;
    const top = base + slots;
    if (withAppendix) {
      t.ensureSlots(top + 2);
      t.r[top] = appendix;
    }
    return tailCall(vm, t, target, base, top);
  };
  return shell;
}

/** invoke/invokeExact/VarHandle access modes: linked through MethodHandleNatives.linkMethod. */
function invoker(vm: VM, t: JThread, from: JClass, m: JMethod, desc: string): JMethod {
  const s = invokeState(vm);
  const cache = perLoader(s.invokers, from.loader);
  const key = `${m.klass.name}.${m.name}${desc}`;
  const have = cache.get(key);
  if (have !== undefined) return have;
  const mhn = vm.classes.loadBoot('java/lang/invoke/MethodHandleNatives');
  vm.initialize(t, mhn);
  // HotSpot hands linkMethod the call site's MethodType, made by the VM
  // (SystemDictionary::find_method_handle_type: findMethodHandleType of the resolved classes),
  // not the descriptor: a String there would make linkMethod's fixMethodType parse it with
  // sun.invoke.util.BytecodeDescriptor, a class HotSpot then never links (its mirror's hash at
  // linking: verify-link.ts hashAtLink). May be an upcall (PENDING: the call runs again).
  const type = methodTypeFor(vm, t, from, desc);
  const linkMethod = s.natives('linkMethod(Ljava/lang/Class;ILjava/lang/Class;Ljava/lang/String;Ljava/lang/Object;[Ljava/lang/Object;)Ljava/lang/invoke/MemberName;');
  const objectK = vm.classes.loadBoot('java/lang/Object');
  const appendix = vm.newObjectArray(objectK, [null]);
  const resumePc = t.frames[t.depth].pc;
  pushCall(vm, t, linkMethod, [vm.mirrorOf(from), REF_invokeVirtual, vm.mirrorOf(m.klass), vm.intern(m.name), type, appendix], {
    kind: 'V',
    resumePc,
    base: -1,
    onReturn: (mn) => {
      const target = memberMethod(vm, mn as JObject | null);
      const app = (appendix.data as (JObject | null)[])[0];
      if (!cache.has(key)) cache.set(key, bindAppendix(vm, new JMethod(m.klass, m.name, desc, m.access, m.memberIndex), target, app));
      return undefined;
    },
  });
  throw PENDING;
}

/** vm.signaturePolymorphic: the method a call site of `m` with descriptor `desc` invokes. */
export function linkSignaturePolymorphic(vm: VM, t: JThread, from: JClass, m: JMethod, desc: string): JMethod {
  if (m.klass.name === MH) {
    if (m.name === 'invokeBasic' || m.name.startsWith('linkTo')) return intrinsic(vm, m, desc);
  }
  return invoker(vm, t, from, m, desc);
}

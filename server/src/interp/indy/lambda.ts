// LambdaMetafactory call sites: a hidden proxy class implementing the functional interface, as
// InnerClassLambdaMetafactory spins it: captured arguments in final fields, the SAM method
// (and bridges) calling the implementation method with LMF's conversions, writeReplace for
// serializable lambdas, and a static factory the call site invokes (a shared instance when
// nothing is captured, as HotSpot's constant call sites return).

import { parseMethodDescriptor } from '../../classfile/descriptors';
import { Acc } from '../../classfile/model';
import type { JClass, JMethod } from '../klass';
import { VmError } from '../signals';
import type { JThread } from '../thread';
import type { VM } from '../vm';
import { ClassBuilder, type Code } from './asm';
import { box, convert, refName } from './convert';
import { defineSpun, type BsmArg, type CallSiteInfo, type HandleRef } from './link';

const FLAG_SERIALIZABLE = 1;
const FLAG_MARKERS = 2;
const FLAG_BRIDGES = 4;

function mt(a: BsmArg | undefined, what: string): string {
  if (!a || a.type !== 'methodType') throw new VmError('java/lang/invoke/LambdaConversionException', `${what} is not a MethodType`);
  return a.desc;
}

function int(a: BsmArg | undefined): number {
  if (!a || a.type !== 'int') throw new VmError('java/lang/invoke/LambdaConversionException', 'bad altMetafactory flags');
  return a.value;
}

function slotsOf(d: string): number {
  return d === 'J' || d === 'D' ? 2 : 1;
}

/**
 * The proxy class of a LambdaMetafactory.metafactory call site (no flags), defined as a hidden
 * class of the caller's loader: what java's CDS archive holds for the `@lambda-proxy` lines of its
 * class list (natives/java/lang/invoke/LambdaProxyClassArchive.ts). Its constructor takes the
 * captured values, as the JDK's proxy's.
 */
export function spinLambdaClass(vm: VM, t: JThread, host: JClass, name: string, invokedDesc: string, samDesc: string, impl: HandleRef, instDesc: string): JClass {
  const site: CallSiteInfo = {
    host,
    name,
    desc: invokedDesc,
    bsm: { kind: 6, owner: 'java/lang/invoke/LambdaMetafactory', name: 'metafactory', desc: '', isInterface: false },
    args: [
      { type: 'methodType', desc: samDesc },
      { type: 'handle', ref: impl },
      { type: 'methodType', desc: instDesc },
    ],
  };
  return spinLambda(vm, t, site).klass;
}

export function spinLambda(vm: VM, t: JThread, site: CallSiteInfo): JMethod {
  const samDesc = mt(site.args[0], 'samMethodType');
  const implArg = site.args[1];
  if (!implArg || implArg.type !== 'handle') throw new VmError('java/lang/invoke/LambdaConversionException', 'implMethod is not a MethodHandle');
  const impl = implArg.ref;
  const instDesc = mt(site.args[2], 'instantiatedMethodType');
  const markers: string[] = [];
  const bridges: string[] = [];
  let flags = 0;
  if (site.bsm.name === 'altMetafactory') {
    flags = int(site.args[3]);
    let i = 4;
    if (flags & FLAG_MARKERS) {
      const n = int(site.args[i++]);
      for (let j = 0; j < n; j++) {
        const m = site.args[i++];
        if (m?.type === 'class') markers.push(m.name);
      }
    }
    if (flags & FLAG_BRIDGES) {
      const n = int(site.args[i++]);
      for (let j = 0; j < n; j++) bridges.push(mt(site.args[i++], 'bridge'));
    }
  }
  const invoked = parseMethodDescriptor(site.desc);
  const iface = refName(invoked.ret);
  const captured = invoked.params;
  // Arity as LambdaMetafactory checks it; anything else it rejects is left to the JDK (link.ts).
  const implArity = parseMethodDescriptor(impl.desc).params.length + (impl.kind === 6 || impl.kind === 8 ? 0 : 1);
  if (captured.length + parseMethodDescriptor(samDesc).params.length !== implArity) throw new VmError('java/lang/invoke/LambdaConversionException', 'arity mismatch');
  const serializable = (flags & FLAG_SERIALIZABLE) !== 0;
  const ifaces = [iface, ...markers.filter((m) => m !== iface)];
  if (serializable && !ifaces.includes('java/io/Serializable')) ifaces.push('java/io/Serializable');

  // Classes the definition needs, loaded through the host's loader first (each may be an
  // upcall; the invokedynamic instruction then runs again and relinks from scratch).
  for (const n of ifaces) vm.resolveClass(t, site.host, n);

  // JDK 21+ names every proxy of a class the same (the hidden class's address tells them apart).
  const name = vm.opts.jdk.feature >= 21 ? `${site.host.name}$$Lambda` : `${site.host.name}$$Lambda$${++vm.lambdaCounter}`;
  const cb = new ClassBuilder(name, 'java/lang/Object', ifaces, Acc.FINAL | Acc.SUPER | Acc.SYNTHETIC);
  captured.forEach((d, i) => cb.field(Acc.PRIVATE | Acc.FINAL, `arg$${i + 1}`, d));
  const ctorDesc = `(${captured.join('')})V`;
  let capSlots = 0;
  for (const d of captured) capSlots += slotsOf(d);

  // Constructor.
  const ctor = cb.code(1 + capSlots);
  ctor.load('L', 0).invokespecial('java/lang/Object', '<init>', '()V');
  let s = 1;
  captured.forEach((d, i) => {
    ctor.load('L', 0).load(d, s).putfield(name, `arg$${i + 1}`, d);
    s += slotsOf(d);
  });
  ctor.ret('V');
  cb.method({ access: Acc.PRIVATE, name: '<init>', desc: ctorDesc, code: ctor });

  // Factory (and shared instance).
  const factoryDesc = `(${captured.join('')})L${iface};`;
  const fac = cb.code(capSlots);
  if (captured.length === 0) {
    cb.field(Acc.PRIVATE | Acc.STATIC | Acc.FINAL, 'INSTANCE', `L${name};`);
    const clinit = cb.code(0);
    clinit.newObject(name).op(0x59, 1).invokespecial(name, '<init>', '()V').putstatic(name, 'INSTANCE', `L${name};`).ret('V');
    cb.method({ access: Acc.STATIC, name: '<clinit>', desc: '()V', code: clinit });
    fac.getstatic(name, 'INSTANCE', `L${name};`).ret('L');
  } else {
    fac.newObject(name).op(0x59, 1);
    let fs = 0;
    for (const d of captured) {
      fac.load(d, fs);
      fs += slotsOf(d);
    }
    fac.invokespecial(name, '<init>', ctorDesc).ret('L');
  }
  cb.method({ access: Acc.STATIC, name: 'get$Lambda', desc: factoryDesc, code: fac });

  // The SAM method and its bridges.
  for (const desc of [samDesc, ...bridges.filter((b) => b !== samDesc)]) {
    const body = cb.code(1 + paramSlotsOf(desc));
    emitForward(body, name, captured, desc, instDesc, impl);
    cb.method({ access: Acc.PUBLIC, name: site.name, desc, code: body });
  }

  if (serializable) emitWriteReplace(cb, name, site, iface, samDesc, instDesc, impl, captured);

  return defineSpun(vm, t, site.host.loader, cb.build(), 'get$Lambda', factoryDesc);
}

function paramSlotsOf(desc: string): number {
  let n = 0;
  for (const p of parseMethodDescriptor(desc).params) n += slotsOf(p);
  return n;
}

/** Body of a SAM method: load captured fields and arguments, call the implementation. */
function emitForward(c: Code, self: string, captured: string[], desc: string, instDesc: string, impl: HandleRef): void {
  const sam = parseMethodDescriptor(desc);
  const inst = parseMethodDescriptor(instDesc);
  const implD = parseMethodDescriptor(impl.desc);
  const isStatic = impl.kind === 6;
  const isCtor = impl.kind === 8;
  // Target parameter types, receiver first for instance methods.
  const targets = isStatic || isCtor ? implD.params : [`L${impl.owner};`, ...implD.params];
  if (isCtor) c.newObject(impl.owner).op(0x59, 1);
  let ti = 0;
  captured.forEach((d, i) => {
    c.load('L', 0).getfield(self, `arg$${i + 1}`, d);
    const to = targets[ti++];
    if (to === undefined) throw new VmError('java/lang/invoke/LambdaConversionException', 'too many captured arguments');
    convert(c, d, to);
  });
  let slot = 1;
  sam.params.forEach((p, i) => {
    c.load(p, slot);
    slot += slotsOf(p);
    const ip = inst.params[i] ?? p;
    convert(c, p, ip);
    const to = targets[ti++];
    if (to === undefined) throw new VmError('java/lang/invoke/LambdaConversionException', `arity mismatch for ${impl.owner}.${impl.name}${impl.desc}`);
    convert(c, ip, to);
  });
  let implRet = implD.ret;
  switch (impl.kind) {
    case 5:
      c.invokevirtual(impl.owner, impl.name, impl.desc);
      break;
    case 6:
      c.invokestatic(impl.owner, impl.name, impl.desc, impl.isInterface);
      break;
    case 7:
      c.invokespecial(impl.owner, impl.name, impl.desc, impl.isInterface);
      break;
    case 8:
      c.invokespecial(impl.owner, '<init>', impl.desc);
      implRet = `L${impl.owner};`;
      break;
    case 9:
      c.invokeinterface(impl.owner, impl.name, impl.desc);
      break;
    default:
      throw new VmError('java/lang/invoke/LambdaConversionException', `unsupported implementation kind ${impl.kind}`);
  }
  if (sam.ret === 'V') {
    if (implRet !== 'V') c.op(implRet === 'J' || implRet === 'D' ? 0x58 : 0x57, -slotsOf(implRet));
    c.ret('V');
    return;
  }
  if (implRet === 'V') throw new VmError('java/lang/invoke/LambdaConversionException', `void implementation for a ${sam.ret} method`);
  convert(c, implRet, inst.ret);
  convert(c, inst.ret, sam.ret);
  c.ret(sam.ret);
}

function emitWriteReplace(cb: ClassBuilder, self: string, site: CallSiteInfo, iface: string, samDesc: string, instDesc: string, impl: HandleRef, captured: string[]): void {
  const c = cb.code(1);
  const SL = 'java/lang/invoke/SerializedLambda';
  c.newObject(SL).op(0x59, 1);
  c.ldcIndex(cb.pool.addClass(site.host.name), 1);
  c.ldcString(iface).ldcString(site.name).ldcString(samDesc);
  c.op(0x10, 1, impl.kind);
  c.ldcString(impl.owner).ldcString(impl.name).ldcString(impl.desc).ldcString(instDesc);
  // Object[] of the captured values (boxed).
  c.op(0x10, 1, captured.length).u2(0xbd, cb.pool.addClass('java/lang/Object'), 0);
  captured.forEach((d, i) => {
    c.op(0x59, 1).op(0x10, 1, i);
    c.load('L', 0).getfield(self, `arg$${i + 1}`, d);
    if (d.length === 1) box(c, d);
    c.op(0x53, -3);
  });
  c.invokespecial(SL, '<init>', '(Ljava/lang/Class;Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;ILjava/lang/String;Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;[Ljava/lang/Object;)V');
  c.ret('L');
  cb.method({ access: Acc.PRIVATE | Acc.FINAL, name: 'writeReplace', desc: '()Ljava/lang/Object;', code: c });
}

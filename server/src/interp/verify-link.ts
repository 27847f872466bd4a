// Verification at link time, as HotSpot does by default (BytecodeVerificationRemote): every
// class not defined by the boot loader is verified before it is initialised (and when
// reflection lists its methods), its superclass and superinterfaces first. A class that
// fails throws the same VerifyError (or ClassFormatError) at every later attempt to link it.
//
// The verifier sees the class as it was defined, before the profiler's transformation
// (JClass.originalBytes). Classes named in assignability checks are loaded through the
// class's defining loader, as HotSpot's verifier does: such a load is an upcall, after which
// verification starts again (it has no side effects).

import { readClass } from '../classfile/reader';
import { ClassFormatError } from '../classfile/errors';
import { verifyClass, VERIFY_RAW_ATTRIBUTES, type VerifyResult } from '../verify/index';
import { envFrom, type ClassShape } from '../verify/env';
import { Acc, type ClassFile } from '../classfile/model';
import type { JClass } from './klass';
import { PENDING, VmError } from './signals';
import type { JThread } from './thread';
import type { VM } from './vm';
import { hashAtLink } from './vm-ihash';
import { hotspotMethodOrder } from './method-order';
import { runNamePlaces } from './symbol-order';

class NeedClass {
  constructor(readonly name: string) {}
}

const shapes = new WeakMap<JClass, ClassShape>();

function shapeOfClass(k: JClass): ClassShape {
  let s = shapes.get(k);
  if (s === undefined) {
    s = {
      name: k.name,
      isInterface: k.isInterface,
      superName: k.superclass?.name ?? null,
      interfaces: k.interfaces.map((i) => i.name),
      methods: new Map(k.methods.map((m) => [m.nameDesc, m.access])),
      fields: new Map(k.fields.map((f) => [f.name + f.desc, f.access])),
    };
    shapes.set(k, s);
  }
  return s;
}

/**
 * Whether HotSpot verifies `k` by default (BytecodeVerificationRemote): classes of Java loaders,
 * hidden ones included (`Lookup.defineHiddenClass`: a lambda proxy of the program's class is
 * verified when the JDK's LambdaMetafactory defines and initialises it, inside the call site's
 * linkage; `-Xlog:verification`), not the classes this engine spins itself.
 */
function eligible(k: JClass): boolean {
  return k.loader !== null && !k.isArray && !k.isPrimitive && k.cf !== null && k.source !== 'spun';
}

function definedClassFile(k: JClass): ClassFile {
  if (k.originalBytes === null) return k.cf as ClassFile;
  try {
    return readClass(k.originalBytes, k.name, { lenientAnnotations: true, rawAttributes: VERIFY_RAW_ATTRIBUTES });
  } catch (e) {
    if (e instanceof ClassFormatError) return k.cf as ClassFile;
    throw e;
  }
}

/** The class as defined, its methods in HotSpot's order (method-order.ts): the verifier's loads come in HotSpot's order. */
const inputs = new WeakMap<JClass, ClassFile>();

function verificationInput(vm: VM, k: JClass): ClassFile {
  let cf = inputs.get(k);
  if (cf === undefined) {
    const defined = definedClassFile(k);
    cf = { ...defined, methods: hotspotMethodOrder(vm.opts.jdk, defined, vm.opts.symbolArchive, runNamePlaces(vm, k)) };
    inputs.set(k, cf);
  }
  return cf;
}

/** KOMORIUM_TRACE_VERIFY: each class verified, and the CPU time spent, on stderr. */
const TRACE = !!process.env.KOMORIUM_TRACE_VERIFY;
let traceMs = 0;
let traceClasses = 0;

function runVerifier(vm: VM, k: JClass): VerifyResult | NeedClass | undefined {
  if (!TRACE) return verifyOnce(vm, k);
  const c0 = process.cpuUsage();
  const r = verifyOnce(vm, k);
  const c = process.cpuUsage(c0);
  const ms = (c.user + c.system) / 1000;
  traceMs += ms;
  if (!(r instanceof NeedClass)) traceClasses++;
  vm.opts.io.stderr(Buffer.from(`[verify] ${k.javaName}: ${r instanceof NeedClass ? `needs ${r.name}` : r === undefined ? 'ok' : r.message.split('\n')[0]} (${ms.toFixed(2)} ms; ${traceClasses} classes, ${traceMs.toFixed(1)} ms in all)\n`));
  return r;
}

/** The loaded class of each shape handed to the verifier (its supertypes are reached through it). */
const classOfShape = new WeakMap<ClassShape, JClass>();

function shapeLinked(k: JClass): ClassShape {
  const s = shapeOfClass(k);
  classOfShape.set(s, k);
  return s;
}

function verifyOnce(vm: VM, k: JClass): VerifyResult | NeedClass | undefined {
  const lookup = (name: string): ClassShape => {
    if (name === k.name) return shapeLinked(k);
    const c = vm.classes.findLoaded(k.loader, name);
    if (c === undefined) throw new NeedClass(name);
    return shapeLinked(c);
  };
  // A named class is looked up through k's loader (an upcall when that loader has not loaded
  // the name yet); its supertypes are the class's own, as HotSpot's verifier walks them
  // (is_subclass_of): no upcall for them. Before, IllegalStateException's superclasses
  // RuntimeException and Exception were loaded through the application loader when a class
  // threw it, names HotSpot never asks that loader for (a larger class-loading lock map).
  const linked = envFrom(lookup, {
    superOf: (s) => {
      const c = classOfShape.get(s);
      if (c === undefined) return s.superName === null ? null : lookup(s.superName);
      return c.superclass === null ? null : shapeLinked(c.superclass);
    },
    interfacesOf: (s) => {
      const c = classOfShape.get(s);
      return c === undefined ? s.interfaces.map(lookup) : c.interfaces.map(shapeLinked);
    },
  });
  // A catch type of Throwable is resolved through k's loader (an upcall the first time, as
  // HotSpot's verify_exception_handler_table does); the program's later catches find it loaded.
  const env = { ...linked, preResolve: (name: string) => void lookup(name) };
  try {
    return verifyClass(env, verificationInput(vm, k));
  } catch (e) {
    if (e instanceof NeedClass) return e;
    throw e;
  }
}

/**
 * Verifies `k` (and its supertypes) if it is not yet. Returns when it verified; throws a
 * VmError when it does not; or loads a class the verifier needs through `k`'s loader and
 * throws PENDING, with `retry` continuing once it is loaded (the glue delivers `kind` at
 * `resumePc`, as for class initialisation).
 */
export function linkVerify(vm: VM, t: JThread, k: JClass, resumePc: number, kind: 'V' | 'L', retry: () => unknown): void {
  if (k.verified) return;
  if (k.verifyError !== null) throw new VmError(k.verifyError.errorClass, k.verifyError.message);
  if (k.superclass !== null) linkVerify(vm, t, k.superclass, resumePc, kind, retry);
  for (const i of k.interfaces) linkVerify(vm, t, i, resumePc, kind, retry);
  // HotSpot's Verifier::verify hashes the mirror first, eligible or not (vm-ihash.ts).
  hashAtLink(vm, k);
  if (!eligible(k) || (k.access & Acc.MODULE) !== 0) {
    k.verified = true;
    return;
  }
  const r = runVerifier(vm, k);
  if (!(r instanceof NeedClass)) inputs.delete(k);
  if (r instanceof NeedClass) {
    vm.classes.loadThroughLoader(t, k.loader!, r.name, retry, kind, resumePc);
    throw PENDING;
  }
  if (r !== undefined) {
    k.verifyError = r;
    throw new VmError(r.errorClass, r.message);
  }
  k.verified = true;
}

/** For natives that link a class (reflection): verify `k`, then `then()`. */
export function verifyThen(vm: VM, t: JThread, k: JClass, then: () => unknown): unknown {
  linkVerify(vm, t, k, -1, 'L', () => verifyThen(vm, t, k, then));
  return then();
}

// Natives of java.lang.ClassLoader: defining classes from bytes, finding loaded and boot classes.

import { JArray, type JObject } from '../../../object';
import type { JClass } from '../../../klass';
import { Tag } from '../../../../classfile/model';
import { readClass } from '../../../../classfile/reader';
import { writeClass } from '../../../../classfile/writer';
import { ClassFormatError } from '../../../../classfile/errors';
import { PENDING, VmError } from '../../../signals';
import { pushCall } from '../../../calls';
import type { JThread } from '../../../thread';
import type { VM } from '../../../vm';
import type { NativeTable } from '../../registry';
import { checkBounds, getField, nonNull, str } from '../../util';
import { toNumber, type Long } from '../../../long';
import { memory } from '../../jdk/internal/misc/memory';
import { hashDomainAtResolve, hashSupersAtLink, hashWithoutDraw } from '../../../vm-ihash';

/** Defines a class for `loader` from bytes[off, off+len); completes with its mirror. */
export function defineClass(vm: VM, t: JThread, loader: JObject | null, name: string | null, bytes: Int8Array, off: number, len: number, pd: JObject | null, source: string | null, hidden = false, then?: (k: JClass) => unknown): unknown {
  checkBounds(bytes.length, off, len);
  const data = new Uint8Array(bytes.buffer, bytes.byteOffset + off, len).slice();
  const internal = name === null ? null : name.replace(/\./g, '/');
  if (internal !== null && (internal.startsWith('java/') && loader !== null && !vm.isPlatformLoader(loader))) {
    throw new VmError('java/lang/SecurityException', `Prohibited package name: ${internal.slice(0, internal.lastIndexOf('/')).replace(/\//g, '.')}`);
  }
  const k = vm.classes.createClass(loader, hidden ? null : internal, data, source ?? internal ?? '<defineClass>');
  k.protectionDomain = pd;
  if (k.mirror) (k.mirror as unknown as Record<string, unknown>).protectionDomain = pd; // JDK 24+: a field of the mirror
  k.hidden = hidden;
  if (k.loader === null && loader !== null) throw new VmError('java/lang/InternalError', 'loader mismatch');
  return vm.classes.defineWithSupers(t, loader, k, (kk) => {
    vm.assignModule(kk);
    // HotSpot draws an identity hash for the mirror of each hidden class, of any loader (a
    // lambda proxy, a LambdaForm compiled by java.lang.invoke: measured on java 17, the mirror's
    // hash is the draw at its definition; branch ident15k): it links the class there, and its
    // verifier hashes the mirror first. A class a Java loader defines draws when it is linked
    // (vm-ihash.ts hashAtLink; its supertypes first: a generated serialization accessor's
    // superclass draws before it, branch s17).
    // A proxy java 17 takes from its CDS archive has the dump's hash: no draw (vm.archivedProxyHost).
    const archivedProxy = hidden && vm.archivedProxyHost !== null && kk.name.startsWith(`${vm.archivedProxyHost.name}$$Lambda$`);
    if (archivedProxy) {
      vm.archivedProxyHost = null;
      // The dump's value when the trial read it (engine/archived-lambdas.ts: a MethodType naming the
      // proxy hashes into the intern set's bins with it; corpus serialization, branch ih39).
      const dumped = vm.archivedProxyKey !== null ? vm.opts.archivedHashes?.get(`@lambda-proxy ${vm.archivedProxyKey}`) : undefined;
      const mirror = vm.mirrorOf(kk);
      if (dumped !== undefined && mirror.ihash === 0) mirror.ihash = dumped;
      else hashWithoutDraw(vm, mirror);
    }
    else if (hidden) {
      hashSupersAtLink(vm, kk);
      vm.identityHash(vm.mirrorOf(kk));
    }
    const done = (): unknown => (then ? then(kk) : vm.mirrorOf(kk));
    return hidden || loader === null ? done() : recordInLoader(vm, t, loader, kk, done);
  }, hidden || loader === null || pd === null ? undefined : (s) => hashDomainAtResolve(vm, pd, s));
}

/**
 * HotSpot's define_instance_class calls `ClassLoader.addClass(Class)` of the defining loader
 * (Java code, counted with the JDK instrumented: an ArrayList.add) for every class a Java
 * loader defines, hidden classes aside; then `done`. (JDK 17 and 25 have the method.)
 */
function recordInLoader(vm: VM, t: JThread, loader: JObject, k: JClass, done: () => unknown): unknown {
  const m = vm.classes.loadBoot('java/lang/ClassLoader').declared.get('addClass(Ljava/lang/Class;)V');
  if (m === undefined) return done();
  let returned = false;
  pushCall(vm, t, m, [loader, vm.mirrorOf(k)], {
    kind: 'L',
    resumePc: -1,
    base: -1,
    // Once addClass returned, `done` may upcall again (PENDING, a new glue above this one):
    // the result of that chain then passes through this glue unchanged.
    onReturn: (v) => {
      if (returned) return v;
      returned = true;
      return done();
    },
  });
  throw PENDING;
}

/** Class bytes with this_class renamed to `internalName` (the same bytes if already so named). */
function renamed(bytes: Int8Array, off: number, len: number, internalName: string): Int8Array {
  checkBounds(bytes.length, off, len);
  const data = new Uint8Array(bytes.buffer, bytes.byteOffset + off, len);
  let cf;
  try {
    cf = readClass(data, '<hidden class>', { lenientAnnotations: true });
  } catch (e) {
    if (e instanceof ClassFormatError) throw new VmError('java/lang/ClassFormatError', e.message);
    throw e;
  }
  const cls = cf.constantPool[cf.thisClass];
  const utf = cls && cls.tag === Tag.Class ? cf.constantPool[cls.nameIndex] : undefined;
  if (!cls || cls.tag !== Tag.Class || !utf || utf.tag !== Tag.Utf8 || utf.value === internalName) return bytes.subarray(off, off + len);
  cf.constantPool[cls.nameIndex] = { ...utf, value: internalName };
  const out = writeClass(cf);
  return new Int8Array(out.buffer, out.byteOffset, out.byteLength);
}

export const natives: NativeTable = {
  'registerNatives()V': () => undefined,
  'defineClass1(Ljava/lang/ClassLoader;Ljava/lang/String;[BIILjava/security/ProtectionDomain;Ljava/lang/String;)Ljava/lang/Class;': (
    vm: VM,
    t: JThread,
    loader: JObject | null,
    name: JObject | null,
    b: JObject | null,
    off: number,
    len: number,
    pd: JObject | null,
    source: JObject | null,
  ) => defineClass(vm, t, loader, name === null ? null : str(vm, name), (nonNull(b) as JArray).data as Int8Array, off, len, pd, source === null ? null : str(vm, source)),
  'defineClass2(Ljava/lang/ClassLoader;Ljava/lang/String;Ljava/nio/ByteBuffer;IILjava/security/ProtectionDomain;Ljava/lang/String;)Ljava/lang/Class;': (vm: VM, t: JThread, loader: JObject | null, name: JObject | null, bb: JObject | null, off: number, len: number, pd: JObject | null, source: JObject | null) => {
    const buf = nonNull(bb);
    const n = name === null ? null : str(vm, name);
    const src = source === null ? null : str(vm, source);
    if (getField(vm, buf, 'java/nio/ByteBuffer', 'hb') === null) {
      // A direct buffer (a class read from the JDK image by a Java loader): its bytes are at `address`.
      const addr = toNumber(getField(vm, buf, 'java/nio/Buffer', 'address') as Long);
      const bytes = memory.bytes(addr + off, len);
      return defineClass(vm, t, loader, n, new Int8Array(bytes.buffer, bytes.byteOffset, len), 0, len, pd, src);
    }
    const hb = vm.byteBufferArray(buf);
    return defineClass(vm, t, loader, n, hb.data, hb.offset + off, len, pd, src);
  },
  // Lookup.defineClass / defineHiddenClass: flags NESTMATE_CLASS 1, HIDDEN_CLASS 2 (STRONG_LOADER_LINK
  // and ACCESS_VM_ANNOTATIONS need nothing here); classData is what MethodHandles.classData reads.
  'defineClass0(Ljava/lang/ClassLoader;Ljava/lang/Class;Ljava/lang/String;[BIILjava/security/ProtectionDomain;ZILjava/lang/Object;)Ljava/lang/Class;': (
    vm: VM,
    t: JThread,
    loader: JObject | null,
    lookup: JObject | null,
    name: JObject | null,
    b: JObject | null,
    off: number,
    len: number,
    pd: JObject | null,
    initialize: number,
    flags: number,
    classData: JObject | null,
  ) => {
    const host = vm.classOfMirror(nonNull(lookup));
    const hidden = (flags & 2) !== 0;
    let bytes = (nonNull(b) as JArray).data as Int8Array;
    if (hidden && name !== null) {
      // A hidden class takes the name it is defined with (MethodHandles' injected invokers are
      // one template defined under many names).
      bytes = renamed(bytes, off, len, str(vm, name).replace(/\./g, '/'));
      off = 0;
      len = bytes.length;
    }
    let defined: JClass | null = null;
    const mirror = defineClass(vm, t, loader, name === null ? null : str(vm, name), bytes, off, len, pd, null, hidden, (k) => {
      defined = k;
      if (hidden && (flags & 1) !== 0) k.nestHost = vm.nestHostOf(host);
      const m = vm.mirrorOf(k);
      (m as unknown as Record<string, unknown>).classData = classData;
      return m;
    });
    // Initialised now when defined without upcalls; otherwise on first use (JVMS 5.5).
    if (initialize !== 0 && defined !== null) return vm.initializeThen(t, defined, () => mirror);
    return mirror;
  },
  'findBootstrapClass(Ljava/lang/String;)Ljava/lang/Class;': (vm: VM, _t: JThread, name: JObject | null) => {
    const n = str(vm, name).replace(/\./g, '/');
    const k = vm.classes.tryBoot(n);
    return k ? vm.mirrorOf(k) : null;
  },
  'findLoadedClass0(Ljava/lang/String;)Ljava/lang/Class;': (vm: VM, _t: JThread, self: JObject, name: JObject | null) => {
    if (name === null) return null;
    const k = vm.classes.findLoaded(self, str(vm, name).replace(/\./g, '/'));
    return k ? vm.mirrorOf(k) : null;
  },
  'findBuiltinLib(Ljava/lang/String;)Ljava/lang/String;': () => null,
  'retrieveDirectives()Ljava/lang/AssertionStatusDirectives;': (vm: VM) => vm.assertionDirectives(),
};

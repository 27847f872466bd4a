// Bytecode verification as HotSpot does it by default: the type-checking verifier (JVMS
// 4.10.1, from each method's StackMapTable) for class files of version 50 and later, with
// HotSpot's VerifyError messages. Which classes are verified (not the boot loader's) is the
// caller's business: the embedded VM (interp/verify-link.ts) and the transformer's check of
// the original class (transform side, verify/classpath-env.ts).
//
// Not done: the old inference verifier (JVMS 4.10.2) for class files before version 50, and
// HotSpot's failover to it for version 50 (both are reported as "not verified": such classes
// run unverified).

import { Acc, Tag, VTag, type Attribute, type ClassFile, type RawFrame, type RawVType } from '../classfile/model';
import { VerifyFailure } from './frame';
import { externalMethodName, verifyMessage } from './message';
import { verifyMethod, type ClassInput } from './method';
import type { VerifyEnv } from './types';

export type { VerifyEnv, VClass, VMember } from './types';

export interface VerifyResult {
  errorClass: 'java/lang/VerifyError' | 'java/lang/ClassFormatError';
  message: string;
}

/** Attributes to keep raw when reading a class for verification. */
export const VERIFY_RAW_ATTRIBUTES: ReadonlySet<string> = new Set(['StackMapTable']);

/** Class files before this version are not verified here (HotSpot uses its inference verifier). */
export const TYPE_CHECKING_MAJOR = 50;

/** Whether `verifyClass` checks a class file of this version (else it is left unverified). */
export const isVerifiable = (major: number): boolean => major >= TYPE_CHECKING_MAJOR;

const utf8 = (cf: ClassFile, i: number): string => {
  const e = cf.constantPool[i];
  return e && e.tag === Tag.Utf8 ? e.value : '';
};
const className = (cf: ClassFile, i: number): string => {
  const e = cf.constantPool[i];
  return e && e.tag === Tag.Class ? utf8(cf, e.nameIndex) : '';
};

/**
 * Verifies every method of `cf`. Returns the error HotSpot throws, or undefined when the
 * class verifies (or is of a version not verified here). `env.load` may throw: the caller
 * loads the class and calls again (verification has no side effects).
 */
export function verifyClass(env: VerifyEnv, cf: ClassFile): VerifyResult | undefined {
  if (!isVerifiable(cf.majorVersion)) return undefined;
  const name = className(cf, cf.thisClass);
  if (name === 'java/lang/Object' || name === 'java/lang/Class' || name === 'java/lang/String' || name === 'java/lang/Throwable') return undefined;
  const fields = new Set(cf.fields.map((f) => `${utf8(cf, f.nameIndex)}:${utf8(cf, f.descriptorIndex)}`));
  const cls: ClassInput = {
    name,
    superName: cf.superClass === 0 ? null : className(cf, cf.superClass),
    interfaces: cf.interfaces.map((i) => className(cf, i)),
    majorVersion: cf.majorVersion,
    pool: cf.constantPool,
    hasField: (n, d) => fields.has(`${n}:${d}`),
  };
  for (const mi of cf.methods) {
    if ((mi.accessFlags & (Acc.NATIVE | Acc.ABSTRACT)) !== 0) continue;
    const code = mi.attributes.find((a) => a.name === 'Code');
    if (!code || code.name !== 'Code') continue;
    const mName = utf8(cf, mi.nameIndex);
    const desc = utf8(cf, mi.descriptorIndex);
    const stackMap = stackMapBytes(code.attributes);
    const localVars: { startPc: number; length: number }[] = [];
    for (const a of code.attributes) if (a.name === 'LocalVariableTable') localVars.push(...a.vars);
    try {
      verifyMethod(env, cls, { access: mi.accessFlags, name: mName, desc, maxStack: code.maxStack, maxLocals: code.maxLocals, code: code.code, exceptionTable: code.exceptionTable, stackMap, localVars });
    } catch (e) {
      if (!(e instanceof VerifyFailure)) throw e;
      // Version 50 fails over to the inference verifier, which is not implemented here.
      if (cf.majorVersion === TYPE_CHECKING_MAJOR) return undefined;
      if (e.errorClass === 'java/lang/ClassFormatError') {
        if (e.reason === "Arguments can't fit into locals") return { errorClass: e.errorClass, message: `Arguments can't fit into locals in class file ${name}` };
        const whole = e.reason.startsWith('invokedynamic instructions not supported') || / has illegal signature "/.test(e.reason);
        return { errorClass: e.errorClass, message: whole ? e.reason : `${e.reason} in method '${externalMethodName(name, mName, desc)}'` };
      }
      const message = e.ctx === undefined ? e.reason : verifyMessage(e.reason, e.ctx, { className: name, name: mName, desc, code: code.code, exceptionTable: code.exceptionTable, stackMap });
      return { errorClass: e.errorClass, message };
    }
  }
  return undefined;
}

/** The StackMapTable's bytes (kept raw, or encoded again from decoded frames). */
function stackMapBytes(attrs: readonly Attribute[]): Uint8Array | undefined {
  for (const a of attrs) {
    if (a.name === 'Unknown' && a.attributeName === 'StackMapTable') return a.data;
    if (a.name === 'StackMapTable') return encodeFrames(a.frames);
  }
  return undefined;
}

function encodeFrames(frames: readonly RawFrame[]): Uint8Array {
  const out: number[] = [frames.length >> 8, frames.length & 0xff];
  const u2 = (v: number): void => {
    out.push((v >> 8) & 0xff, v & 0xff);
  };
  const vt = (t: RawVType): void => {
    out.push(t.tag);
    if (t.tag === VTag.Object) u2(t.cpIndex);
    else if (t.tag === VTag.Uninitialized) u2(t.offset);
  };
  for (const f of frames) {
    out.push(f.frameType);
    if (f.frameType >= 247) u2(f.offsetDelta);
    if (f.kind === 'same_locals_1_stack_item') vt(f.stack);
    else if (f.kind === 'append') f.locals.forEach(vt);
    else if (f.kind === 'full') {
      u2(f.locals.length);
      f.locals.forEach(vt);
      u2(f.stack.length);
      f.stack.forEach(vt);
    }
  }
  return Uint8Array.from(out);
}

// What decoding and encoding a method's code needs to know about the method and its class.

import { Acc, type ClassFile, type MemberInfo } from '../model';
import { ConstantPool } from '../pool';
import type { Frame } from './insn';
import { initialFrame } from './vtypes';

export interface CodeContext {
  pool: ConstantPool;
  /** Internal name of the declaring class. */
  thisClass: string;
  methodName: string;
  descriptor: string;
  isStatic: boolean;
  /** Class-file major version: frames are written for >= 50. */
  majorVersion: number;
  /** Named in errors. */
  file: string;
}

export function codeContext(cf: ClassFile, method: MemberInfo, pool: ConstantPool = new ConstantPool(cf), file = '<bytes>'): CodeContext {
  return {
    pool,
    thisClass: pool.className(cf.thisClass),
    methodName: pool.utf8(method.nameIndex),
    descriptor: pool.utf8(method.descriptorIndex),
    isStatic: (method.accessFlags & Acc.STATIC) !== 0,
    majorVersion: cf.majorVersion,
    file,
  };
}

/** The method's entry frame. */
export function entryFrame(ctx: CodeContext): Frame {
  return initialFrame(ctx.thisClass, ctx.methodName, ctx.descriptor, ctx.isStatic);
}

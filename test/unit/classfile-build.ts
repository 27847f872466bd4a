// Building class files by hand for tests: a minimal class model plus byte helpers, so tests can
// produce exactly the (valid or malformed) structure they need.

import { ConstantPool } from '../../server/src/classfile/pool';
import { writeClass } from '../../server/src/classfile/writer';
import { Acc, type Attribute, type ClassFile, type MemberInfo } from '../../server/src/classfile/model';

export interface Built {
  cf: ClassFile;
  pool: ConstantPool;
  /** Adds a method with a Code attribute (code bytes as given) and returns it. */
  method(name: string, descriptor: string, code: number[], codeAttributes?: Attribute[]): MemberInfo;
  /** An attribute whose body is exactly `data`, named `name` (known names included). */
  raw(name: string, data: number[]): Attribute;
  bytes(): Uint8Array;
}

/** A public class `name` extending java/lang/Object, at `major`.0, with no members. */
export function buildClass(name = 'T', major = 61): Built {
  const cf: ClassFile = {
    minorVersion: 0,
    majorVersion: major,
    constantPool: [undefined],
    accessFlags: Acc.PUBLIC | Acc.SUPER,
    thisClass: 0,
    superClass: 0,
    interfaces: [],
    fields: [],
    methods: [],
    attributes: [],
  };
  const pool = new ConstantPool(cf);
  cf.thisClass = pool.addClass(name);
  cf.superClass = pool.addClass('java/lang/Object');
  return {
    cf,
    pool,
    method(mName, descriptor, code, codeAttributes = []) {
      const m: MemberInfo = {
        accessFlags: Acc.PUBLIC | Acc.STATIC,
        nameIndex: pool.addUtf8(mName),
        descriptorIndex: pool.addUtf8(descriptor),
        attributes: [
          {
            name: 'Code',
            nameIndex: pool.addUtf8('Code'),
            maxStack: 4,
            maxLocals: 4,
            code: Uint8Array.from(code),
            exceptionTable: [],
            attributes: codeAttributes,
          },
        ],
      };
      cf.methods.push(m);
      return m;
    },
    raw(aName, data) {
      return { name: 'Unknown', nameIndex: pool.addUtf8(aName), attributeName: aName, data: Uint8Array.from(data) };
    },
    bytes: () => writeClass(cf),
  };
}

/** Big-endian u2 bytes. */
export const u2 = (v: number): number[] => [(v >> 8) & 0xff, v & 0xff];
/** Big-endian u4 bytes. */
export const u4 = (v: number): number[] => [(v >>> 24) & 0xff, (v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff];

/** Index of the first occurrence of `needle` in `hay` at or after `from`, or -1. */
export function indexOf(hay: Uint8Array, needle: number[], from = 0): number {
  outer: for (let i = from; i + needle.length <= hay.length; i++) {
    for (let k = 0; k < needle.length; k++) if (hay[i + k] !== needle[k]) continue outer;
    return i;
  }
  return -1;
}

/** Bytes of a CONSTANT_Utf8 holding ASCII `s` (tag, length, bytes), for locating it. */
export function utf8Entry(s: string): number[] {
  return [1, ...u2(s.length), ...[...s].map((c) => c.charCodeAt(0))];
}

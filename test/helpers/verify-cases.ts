// Invalid classes for the verifier tests: test/java/verify compiled with javac, then edited with
// our class-file reader and writer (byte patches in a method's code, its max_stack or its
// StackMapTable), as the comments in Main.java describe.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readClass } from '../../server/src/classfile/reader';
import { writeClass } from '../../server/src/classfile/writer';
import { Tag, type Attribute } from '../../server/src/classfile/model';
import { compileJava, REPO } from './java';

export interface Patch {
  cls: string;
  method: string;
  /** Bytes written into the code at an offset. */
  code?: { at: number; bytes: number[] };
  maxStack?: number;
  /** The StackMapTable's new bytes. */
  stackMap?: number[];
}

export const PATCHES: Patch[] = [
  { cls: 'V1', method: 'run', code: { at: 5, bytes: [0x2a] } },
  { cls: 'V2', method: 'run', code: { at: 3, bytes: [0x00, 0x07] } },
  { cls: 'V3', method: 'run', code: { at: 8, bytes: [0x00] } },
  { cls: 'V4', method: 'run', stackMap: [0, 2, 253, 0, 4, 2, 1, 250, 0, 14] },
  { cls: 'V5', method: 'run', code: { at: 3, bytes: [0, 0, 0] } },
  { cls: 'V6', method: 'run', code: { at: 1, bytes: [0xb0] } },
  { cls: 'V7', method: 'run', maxStack: 0 },
  { cls: 'V8', method: '<init>', code: { at: 0, bytes: [0, 0, 0, 0] } },
  { cls: 'V9', method: 'run', stackMap: [0, 1, 19] },
  { cls: 'V10', method: 'run', code: { at: 4, bytes: [0x1a] } },
  { cls: 'V11', method: 'toString', code: { at: 7, bytes: [0x2b] } },
  { cls: 'V12', method: 'run', code: { at: 17, bytes: [0xff, 0xf7] } },
  { cls: 'BadMain', method: 'main', code: { at: 5, bytes: [0x2b] } },
];

const RAW = { rawAttributes: new Set(['StackMapTable']) };

/** Applies `p` to the class file in `dir`. */
export function applyPatch(dir: string, p: Patch): void {
  const file = join(dir, `${p.cls}.class`);
  const cf = readClass(readFileSync(file), file, RAW);
  const utf8 = (i: number): string => {
    const e = cf.constantPool[i];
    return e && e.tag === Tag.Utf8 ? e.value : '';
  };
  const m = cf.methods.find((mi) => utf8(mi.nameIndex) === p.method);
  const code = m?.attributes.find((a) => a.name === 'Code') as Extract<Attribute, { name: 'Code' }> | undefined;
  if (!code) throw new Error(`${p.cls}.${p.method}: no code`);
  if (p.code) {
    const c = Uint8Array.from(code.code);
    c.set(p.code.bytes, p.code.at);
    code.code = c;
  }
  if (p.maxStack !== undefined) code.maxStack = p.maxStack;
  if (p.stackMap) {
    const sm = code.attributes.find((a) => a.name === 'Unknown' && a.attributeName === 'StackMapTable') as Extract<Attribute, { name: 'Unknown' }> | undefined;
    if (!sm) throw new Error(`${p.cls}.${p.method}: no StackMapTable`);
    sm.data = Uint8Array.from(p.stackMap);
  }
  writeFileSync(file, writeClass(cf));
}

/** test/java/verify compiled, with every patch applied. */
export function buildVerifyCases(): string {
  const dir = compileJava(join(REPO, 'test', 'java', 'verify'));
  for (const p of PATCHES) applyPatch(dir, p);
  return dir;
}

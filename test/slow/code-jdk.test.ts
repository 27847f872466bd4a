// All of java.base through the code model:
// 1. decode -> encode unchanged: every class byte-identical;
// 2. re-encoded with exact maxs and every jump widened (frames computed for each inverted
//    conditional), and 3. with a simulated-frame branch before every instruction: loaded and
//    linked with `java -Xverify:all --patch-module java.base=DIR`, every class must verify.
// A deliberately broken class shows that the driver does catch verify errors.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { CodeContext } from '../../server/src/classfile/code/context';
import type { EncodeOptions } from '../../server/src/classfile/code/encode';
import type { MethodCode } from '../../server/src/classfile/code/insn';
import { Op } from '../../server/src/classfile/code/opcodes';
import { reencodeClass } from '../../server/src/classfile/code/reencode';
import { CodeModelError } from '../../server/src/classfile/errors';
import { readClass } from '../../server/src/classfile/reader';
import { writeClass } from '../../server/src/classfile/writer';
import { branchBeforeEveryInstruction, javaBaseClassNames, linkAll, openJdkImage, tempDir, transformClass } from '../unit/code-fixtures';

const img = openJdkImage();
const names = javaBaseClassNames(img);
const classes = new Map(names.map((n) => [n, img.find(n)!]));
img.close();

/** `/java.base/java/lang/Foo.class` -> `java.lang.Foo` */
const binaryName = (n: string): string => n.slice('/java.base/'.length, -'.class'.length).replaceAll('/', '.');
const relPath = (n: string): string => n.slice('/java.base/'.length);

test('java.base: every class re-encodes byte-identically', () => {
  const differ: string[] = [];
  const ms = { read: 0, reencode: 0, write: 0 };
  for (const [n, bytes] of classes) {
    let t = performance.now();
    const cf = readClass(bytes, n);
    ms.read += performance.now() - t;
    t = performance.now();
    const re = reencodeClass(cf, n);
    ms.reencode += performance.now() - t;
    t = performance.now();
    const out = writeClass(re);
    ms.write += performance.now() - t;
    if (!Buffer.from(out).equals(Buffer.from(bytes))) differ.push(n);
  }
  const s = (x: number): string => (x / 1000).toFixed(1);
  console.log(`# java.base: ${classes.size - differ.length}/${classes.size} byte-identical; decode + encode ${s(ms.reencode)} s (read ${s(ms.read)} s, write ${s(ms.write)} s)`);
  assert.ok(classes.size > 6000);
  assert.deepEqual(differ, []);
});

/**
 * Writes every java.base class transformed by `edit` into a patch directory (a method whose
 * transformed code no longer fits is re-encoded unchanged, and counted), links them all on
 * HotSpot, and returns the failures.
 */
function transformAndLink(tag: string, edit: (mc: MethodCode, ctx: CodeContext) => void, opts: EncodeOptions, broken?: string): { tooLarge: number; failures: string[]; linked: number } {
  const { dir, cleanup } = tempDir(`code-jdk-${tag}`);
  try {
    let tooLarge = 0;
    for (const [n, bytes] of classes) {
      let out: Uint8Array;
      try {
        out = transformClass(bytes, edit, opts, n);
      } catch (e) {
        if (!(e instanceof CodeModelError && /code too large/.test(e.message))) throw e;
        tooLarge++;
        out = transformClass(bytes, () => undefined, opts.exactMaxs ? { exactMaxs: true } : {}, n);
      }
      if (n === broken) out = breakFirstMethod(out, n);
      const p = join(dir, relPath(n));
      mkdirSync(dirname(p), { recursive: true });
      writeFileSync(p, out);
    }
    const r = linkAll(names.map(binaryName), { patchJavaBase: dir });
    return { tooLarge, failures: r.failures, linked: r.linked };
  } finally {
    cleanup();
  }
}

/** Puts `fconst_0; ineg; pop` (ineg of a float) at the start of the class's first method with code. */
function breakFirstMethod(bytes: Uint8Array, file: string): Uint8Array {
  let done = false;
  return transformClass(
    bytes,
    (mc) => {
      if (done) return false;
      done = true;
      mc.insns.unshift({ kind: 'op', op: Op.FCONST_0 }, { kind: 'op', op: Op.INEG }, { kind: 'op', op: Op.POP });
    },
    {},
    file,
  );
}

const BROKEN = '/java.base/java/text/DecimalFormat.class';

test('java.base with exact maxs and every jump widened verifies on HotSpot', () => {
  const t0 = performance.now();
  const r = transformAndLink('wide', () => undefined, { exactMaxs: true, forceWideJumps: true }, BROKEN);
  console.log(`# widened: ${r.linked} linked, ${r.failures.length} failed, ${r.tooLarge} classes too large to widen, ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  // The negative control, and nothing else, fails verification.
  assert.equal(r.failures.length, 1, r.failures.slice(0, 10).join('\n'));
  assert.match(r.failures[0]!, /^FAIL java\.text\.DecimalFormat: java\.lang\.VerifyError/);
  assert.equal(r.linked, names.length - 1);
});

test('java.base with a simulated-frame branch before every instruction verifies on HotSpot', () => {
  const t0 = performance.now();
  let inserted = 0;
  const r = transformAndLink('branch', (mc, ctx) => void (inserted += branchBeforeEveryInstruction(mc, ctx)), {});
  console.log(`# branches: ${inserted} inserted, ${r.linked} linked, ${r.failures.length} failed, ${r.tooLarge} classes too large, ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  assert.ok(inserted > 500_000, `${inserted} branches`);
  assert.deepEqual(r.failures.slice(0, 20), []);
  assert.equal(r.linked, names.length);
});

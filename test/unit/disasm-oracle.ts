// Test helper: runs javap as the oracle and compares the disassembler's listings with it.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { readClass } from '../../server/src/classfile/reader';
import { ClassPath, findJavaHome } from '../../server/src/classpath/index';
import { disassemble } from '../../server/src/disasm/index';
import { javaHome } from '../helpers/java';
import { compareListings, splitJavapOutput } from './disasm-javap-parse';

/** `javap -c -v -p` of every target (class files, class names or jrt: URLs), one listing each. */
export function javap(targets: readonly string[]): string[] {
  const text = execFileSync(join(javaHome(), 'bin', 'javap'), ['-c', '-v', '-p', ...targets], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  const parts = splitJavapOutput(text);
  assert.equal(parts.length, targets.length, 'one javap listing per class');
  return parts;
}

/**
 * Compares the listing of each JDK class (`java.lang.String` or `jrt:/java.base/x/Y.class`)
 * with javap's; fails with the first differences. Returns the number of instructions compared.
 */
export function compareJdkClasses(names: readonly string[]): number {
  const cp = ClassPath.from([], { jdk: findJavaHome(javaHome()) });
  let instructions = 0;
  try {
    const listings = javap(names);
    names.forEach((n, i) => {
      const found = n.startsWith('jrt:') ? { bytes: cp.image!.find(n.slice(4))!, source: n } : cp.find(n.replace(/\./g, '/'));
      assert.ok(found?.bytes, `${n} not found in the JDK`);
      const ours = disassemble(readClass(found.bytes, found.source), { constantPool: true });
      const diffs = compareListings(listings[i]!, ours);
      assert.deepEqual(diffs, [], `${n}:\n${diffs.slice(0, 10).join('\n')}`);
      instructions += (ours.match(/^ +\d+: [a-z]/gm) ?? []).length;
    });
  } finally {
    cp.close();
  }
  return instructions;
}

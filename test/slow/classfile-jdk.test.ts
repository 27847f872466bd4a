// Identity round trip over every class in java.base of each JDK on the machine (the one javac
// belongs to, JDK 17 here, and any other under the same directory, e.g. a JDK 25 with major 69).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { readClass } from '../../server/src/classfile/reader';
import { writeClass } from '../../server/src/classfile/writer';
import { extractJdkClasses, firstDifference, javaHome } from '../unit/classfile-fixtures';

function jdks(): string[] {
  const main = javaHome();
  const others = readdirSync(dirname(main))
    .map((n) => join(dirname(main), n))
    .filter((p) => existsSync(join(p, 'lib', 'modules')) && existsSync(join(p, 'bin', 'jimage')))
    .map((p) => realpathSync(p));
  return [...new Set([main, ...others])];
}

for (const home of jdks()) {
  test(`identity round trip of every java.base class in ${home}`, (t) => {
    const classes = extractJdkClasses('/java\\.base/.*\\.class', home);
    assert.ok(classes.length > 5000, `${classes.length} classes`);
    const majors = new Map<number, number>();
    // Warm up once, then time a full pass of parse + write.
    for (const c of classes.slice(0, 500)) writeClass(readClass(c.bytes, c.name));
    let bytes = 0;
    const t0 = performance.now();
    const outputs: Uint8Array[] = [];
    for (const c of classes) {
      const cf = readClass(c.bytes, c.name);
      majors.set(cf.majorVersion, (majors.get(cf.majorVersion) ?? 0) + 1);
      outputs.push(writeClass(cf));
      bytes += c.bytes.length;
    }
    const ms = performance.now() - t0;
    classes.forEach((c, i) => {
      const d = firstDifference(c.bytes, outputs[i]!);
      assert.equal(d, -1, `${c.name} differs at offset ${d}`);
    });
    t.diagnostic(
      `${classes.length} classes (${(bytes / 1e6).toFixed(1)} MB, major versions ${JSON.stringify(Object.fromEntries(majors))}) ` +
        `parsed and written in ${ms.toFixed(0)} ms, all identical`,
    );
  });
}

// The JIT options of runs on the instrumented JDK (server/src/runtime/contract.ts
// HOTSPOT_ALL_JIT_OPTIONS): the engine passes them with `--instrument all` only, and every JDK
// the corpus runs on accepts them with the value given (a misspelt -XX option stops java; a
// value out of range is refused too).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { HOTSPOT_ALL_JIT_OPTIONS, HOTSPOT_JIT_OPTIONS } from '../../server/src/runtime/contract';
import { engineVmArgs } from '../../server/src/engine/hotspot-classes';
import type { JdkInfo } from '../../server/src/classpath/jdk';
import { testJdks } from '../helpers/java';

test('runs on the instrumented JDK get the JIT options for it, after the common ones', () => {
  assert.ok(HOTSPOT_ALL_JIT_OPTIONS.includes('-XX:FreqInlineSize=150'));
  // With the JDK instrumented, the options do not depend on the JDK (its copy holds the patch).
  const jdk: JdkInfo = { home: '/nonexistent', version: '17.0.0', feature: 17, modulesPath: '/nonexistent/lib/modules', foundVia: 'explicit' };
  const args = engineVmArgs(jdk, '/nonexistent-cache', '/nonexistent-runtime', '/tmp/classes.kmc', true);
  const start = args.indexOf(HOTSPOT_ALL_JIT_OPTIONS[0]!);
  assert.ok(start >= 0, `${HOTSPOT_ALL_JIT_OPTIONS[0]} in ${args.join(' ')}`);
  assert.deepEqual(args.slice(start, start + HOTSPOT_ALL_JIT_OPTIONS.length), [...HOTSPOT_ALL_JIT_OPTIONS]);
  assert.ok(args.indexOf(HOTSPOT_JIT_OPTIONS[0]!) < start, 'the common JIT options come first');
});

test('every test JDK accepts the instrumented-JDK JIT options with their values', () => {
  for (const jdk of testJdks()) {
    const r = spawnSync(join(jdk.home, 'bin', 'java'), [...HOTSPOT_ALL_JIT_OPTIONS, '-XX:+PrintFlagsFinal', '-version'], { encoding: 'utf8' });
    assert.equal(r.status, 0, `${jdk.home}: ${r.stderr}`);
    for (const o of HOTSPOT_ALL_JIT_OPTIONS) {
      // -XX:Name=value, or a boolean flag -XX:+Name / -XX:-Name (printed as true / false).
      const m = /^-XX:(\w+)=(.*)$/.exec(o);
      const b = /^-XX:([+-])(\w+)$/.exec(o);
      assert.ok(m || b, o);
      const [name, value] = m ? [m[1], m[2]] : [b![2], b![1] === '+' ? 'true' : 'false'];
      const line = new RegExp(`^\\s*\\w+\\s+${name}\\s+=\\s+(\\S+)\\s.*\\{command line\\}`, 'm').exec(r.stdout);
      assert.ok(line, `${jdk.home}: ${name} from the command line`);
      assert.equal(line[1], value);
    }
  }
});

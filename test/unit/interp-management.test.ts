// java.lang.management on the embedded JVM against HotSpot, on every test JDK (17, and 25 when
// installed): test/java/interp-management/mgmt/Management.java takes the pid from the runtime
// bean's name as loggers do, reads thread CPU times before and after work, counts threads,
// reads ThreadInfo of threads blocked on a monitor, waiting, parked on a ReentrantLock and
// sleeping (state, lock, owner, stack, locked monitors and synchronizers), finds monitor and
// lock deadlocks, lists the memory pools, managers and collectors with their relations, checks
// that every usage is consistent, and reads the operating-system, class-loading and platform
// MBean server beans, and VM flags through HotSpotDiagnosticMXBean. Only values that are the same on every run are printed (names, facts,
// relations such as cpu1 >= cpu0). Without the natives of sun.management the program dies in
// ManagementFactoryHelper.<clinit> (UnsatisfiedLinkError VMManagementImpl.getVersion0).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { REPO, compileJava, javaFiles, runCli, testJdks } from '../helpers/java';
import { compareWithHotSpot, describeInterpComparison } from '../helpers/interp-corpus';

const dir = join(REPO, 'test', 'java', 'interp-management');
const classes = compileJava(dir);

test('java.lang.management: the same output as HotSpot', { concurrency: 2 }, async (t) => {
  await Promise.all(
    testJdks().map((jdk) =>
      t.test(`JDK ${jdk.feature}`, async () => {
        // A -D option, so that RuntimeMXBean.getInputArguments has something to show.
        const program = { name: `interp-management-${jdk.feature}`, dir, sources: javaFiles(dir), mainClass: 'mgmt.Management', args: [], jvmArgs: ['-Dmgmt.flag=on'], javacArgs: [] };
        const r = await compareWithHotSpot(program, classes, { instrument: 'none', jdk: jdk.home, timeoutMs: 240_000 });
        assert.deepEqual(r.problems, [], describeInterpComparison(r));
        assert.match(r.hotspot.stdout, /^input arguments: \[-Dmgmt\.flag=on\]$/m);
        assert.match(r.hotspot.stdout, /^any deadlock: \[dl-lock-1, dl-lock-2, dl-monitor-1, dl-monitor-2\]$/m);
        assert.match(r.hotspot.stdout, /^diagnostic bean: true true$/m);
        assert.match(r.hotspot.stdout, /^set flag: \/tmp\/none\.hprof MANAGEMENT$/m);
      }),
    ),
  );
});

test('java.lang.management on the virtual clock: uptime and CPU times are the same on every run, and consistent', () => {
  const run = (): string => {
    const r = runCli(['run', '--engine', 'interpreter', '--no-profile', '--clock', 'virtual', '-cp', classes, 'mgmt.Clock']);
    assert.equal(r.status, 0, r.stderr);
    return r.stdout;
  };
  const a = run();
  assert.equal(run(), a);
  const num = (re: RegExp): number[] => (re.exec(a) ?? assert.fail(`${re} in ${a}`)).slice(1).map(Number);
  const [cpu0, cpu1, worker] = num(/^cpu (\d+) (\d+) worker (\d+)$/m);
  const [up0, up1, up2, nanoMs] = num(/^uptime (\d+) (\d+) (\d+) nanoTime\/1e6 (\d+)$/m);
  const [process] = num(/^process cpu (\d+)$/m);
  // 100,000 iterations of a loop of at least 5 bytecodes, 1 ns each.
  assert.ok(cpu1 - cpu0 >= 500_000, a);
  assert.ok(worker >= 250_000, a);
  assert.ok(process >= cpu1 + worker, a);
  assert.ok(up0 <= up1 && up1 <= up2 && up2 >= nanoMs, a);
  assert.match(a, /^start \+ uptime <= now: true$/m);
});

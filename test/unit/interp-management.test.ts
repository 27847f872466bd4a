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
import { REPO, compileJava, javaFiles, testJdks } from '../helpers/java';
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

// System properties the VM reports (SystemProps$Raw natives), mirroring HotSpot 17 on Linux.
// Values that would make runs machine-dependent are fixed where HotSpot's are arbitrary
// (encodings are UTF-8); versions come from the JDK's `release` file.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as os from 'node:os';
import type { JdkInfo } from '../classpath/index';

export interface PropertyInputs {
  jdk: JdkInfo;
  cwd: string;
  classPath: string;
  mainClass: string;
  args: string[];
  user: Record<string, string>;
}

function release(jdk: JdkInfo): Record<string, string> {
  const out: Record<string, string> = {};
  try {
    for (const line of readFileSync(join(jdk.home, 'release'), 'utf8').split('\n')) {
      const m = /^(\w+)="?(.*?)"?$/.exec(line.trim());
      if (m) out[m[1]] = m[2];
    }
  } catch {
    // no release file
  }
  return out;
}

/** The 39 platform properties in SystemProps$Raw index order. */
export function platformProperties(p: PropertyInputs): (string | null)[] {
  const a: (string | null)[] = new Array(39).fill(null);
  a[1] = 'en'; // display language
  a[4] = 'UTF-8'; // file.encoding
  a[5] = '/'; // file.separator
  a[7] = 'en'; // format language
  a[18] = '/tmp'; // java.io.tmpdir
  a[19] = '\n'; // line.separator
  a[20] = 'amd64'; // os.arch
  a[21] = 'Linux'; // os.name
  a[22] = os.release(); // os.version
  a[23] = ':'; // path.separator
  a[28] = '64'; // sun.arch.data.model
  a[29] = 'little'; // sun.cpu.endian
  a[31] = 'UnicodeLittle'; // sun.io.unicode.encoding
  a[32] = 'UTF-8'; // sun.jnu.encoding
  a[33] = 'unknown'; // sun.os.patch.level
  a[36] = p.cwd; // user.dir
  a[37] = os.homedir(); // user.home
  let user = 'user';
  try {
    user = os.userInfo().username;
  } catch {
    // no passwd entry
  }
  a[38] = user; // user.name
  return a;
}

/** Properties the VM defines (HotSpot's Arguments), then the user's -D properties. */
export function vmProperties(p: PropertyInputs): [string, string][] {
  const r = release(p.jdk);
  const version = r.JAVA_RUNTIME_VERSION ?? p.jdk.version ?? '17';
  const props: [string, string][] = [
    ['java.vm.specification.name', 'Java Virtual Machine Specification'],
    ['java.vm.specification.vendor', 'Oracle Corporation'],
    ['java.vm.specification.version', String(p.jdk.feature ?? 17)],
    ['java.vm.name', 'OpenJDK 64-Bit Server VM'],
    ['java.vm.vendor', r.IMPLEMENTOR ?? 'Oracle Corporation'],
    ['java.vm.version', version],
    ['java.vm.info', 'interpreted mode'],
    ['jdk.debug', 'release'],
    ['java.home', p.jdk.home],
    ['sun.boot.library.path', join(p.jdk.home, 'lib')],
    ['java.library.path', '/usr/java/packages/lib:/usr/lib64:/lib64:/lib:/usr/lib'],
    ['java.class.path', p.classPath],
    ['sun.java.launcher', 'SUN_STANDARD'],
    ['sun.java.command', [p.mainClass, ...p.args].join(' ')],
    ['java.vm.compressedOopsMode', 'Zero based'],
    // Reflection stays on the native accessors (no generated accessor classes).
    ['sun.reflect.inflationThreshold', '2147483647'],
  ];
  const seen = new Set(props.map(([k]) => k));
  for (const [k, v] of Object.entries(p.user)) {
    if (seen.has(k)) {
      const i = props.findIndex(([kk]) => kk === k);
      props[i] = [k, v];
    } else props.push([k, v]);
  }
  return props;
}

export function javaVersionOf(jdk: JdkInfo): string {
  return release(jdk).JAVA_VERSION ?? jdk.version ?? '17';
}

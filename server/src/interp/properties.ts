// System properties the VM reports (SystemProps$Raw natives), mirroring HotSpot 17 on Linux.
// The locale and encodings follow the program's environment as java's do (host-locale.ts);
// versions come from the JDK's `release` file.

import { closeSync, existsSync, openSync, readFileSync, readSync } from 'node:fs';
import { join } from 'node:path';
import * as os from 'node:os';
import type { JdkInfo } from '../classpath/index';
import { hostLocale, type LocaleParts } from './host-locale';

export interface PropertyInputs {
  jdk: JdkInfo;
  cwd: string;
  classPath: string;
  mainClass: string;
  args: string[];
  user: Record<string, string>;
  /** The program's environment (LD_LIBRARY_PATH, the locale variables). */
  env?: Record<string, string>;
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

/** HotSpot's own default when the JDK's libjvm cannot be read (os_linux.cpp, upstream). */
const UPSTREAM_LIBPATH = '/usr/java/packages/lib:/usr/lib64:/lib64:/lib:/usr/lib';
const LIBPATH_FORMAT = '%s%s/usr/java/packages/lib:';

function readAt(fd: number, pos: number, len: number): Buffer {
  const b = Buffer.alloc(len);
  const n = readSync(fd, b, 0, len, pos);
  return b.subarray(0, n);
}

/**
 * The default library path compiled into a JDK's libjvm.so (distributions patch it: Debian
 * lists its multiarch JNI directories): the string HotSpot formats java.library.path from,
 * "%s%s" (LD_LIBRARY_PATH and a colon) then the path. Read from the .rodata section only.
 */
function libjvmDefaultPath(home: string): string | null {
  for (const vm of ['server', 'client', 'zero', 'minimal']) {
    let fd: number;
    try {
      fd = openSync(join(home, 'lib', vm, 'libjvm.so'), 'r');
    } catch {
      continue;
    }
    try {
      const eh = readAt(fd, 0, 64);
      if (eh.length < 64 || eh.readUInt32BE(0) !== 0x7f454c46 || eh[4] !== 2 || eh[5] !== 1) return null; // ELF64 LE only
      const shoff = Number(eh.readBigUInt64LE(0x28));
      const shentsize = eh.readUInt16LE(0x3a);
      const shnum = eh.readUInt16LE(0x3c);
      const shstrndx = eh.readUInt16LE(0x3e);
      const sh = readAt(fd, shoff, shentsize * shnum);
      const section = (i: number): { name: number; offset: number; size: number } => ({
        name: sh.readUInt32LE(i * shentsize),
        offset: Number(sh.readBigUInt64LE(i * shentsize + 24)),
        size: Number(sh.readBigUInt64LE(i * shentsize + 32)),
      });
      const strtab = section(shstrndx);
      const names = readAt(fd, strtab.offset, strtab.size);
      for (let i = 0; i < shnum; i++) {
        const s = section(i);
        if (names.toString('latin1', s.name, names.indexOf(0, s.name)) !== '.rodata') continue;
        const data = readAt(fd, s.offset, s.size);
        const at = data.indexOf(LIBPATH_FORMAT, 0, 'latin1');
        if (at < 0) return null;
        return data.toString('latin1', at + 4, data.indexOf(0, at));
      }
      return null;
    } catch {
      return null;
    } finally {
      closeSync(fd);
    }
  }
  return null;
}

const libPaths = new Map<string, string>();

/** java.library.path as HotSpot sets it: LD_LIBRARY_PATH, then the JDK's compiled-in default. */
export function javaLibraryPath(jdkHome: string, env: Record<string, string> | undefined): string {
  let def = libPaths.get(jdkHome);
  if (def === undefined) libPaths.set(jdkHome, (def = libjvmDefaultPath(jdkHome) ?? UPSTREAM_LIBPATH));
  const ld = env?.LD_LIBRARY_PATH;
  return ld === undefined ? def : `${ld}:${def}`;
}

/**
 * The platform properties' names in SystemProps$Raw index order (its `_<name>_NDX` constants):
 * JDK 17 has 39 (file.encoding at 4, sun.stdout/stderr.encoding), JDK 25 has 40
 * (native.encoding; stdout/stderr/stdin.encoding).
 */
const PLATFORM_17 = ['display.country', 'display.language', 'display.script', 'display.variant', 'file.encoding', 'file.separator', 'format.country', 'format.language', 'format.script', 'format.variant', 'ftp.nonProxyHosts', 'ftp.proxyHost', 'ftp.proxyPort', 'http.nonProxyHosts', 'http.proxyHost', 'http.proxyPort', 'https.proxyHost', 'https.proxyPort', 'java.io.tmpdir', 'line.separator', 'os.arch', 'os.name', 'os.version', 'path.separator', 'socksNonProxyHosts', 'socksProxyHost', 'socksProxyPort', 'sun.arch.abi', 'sun.arch.data.model', 'sun.cpu.endian', 'sun.cpu.isalist', 'sun.io.unicode.encoding', 'sun.jnu.encoding', 'sun.os.patch.level', 'sun.stderr.encoding', 'sun.stdout.encoding', 'user.dir', 'user.home', 'user.name'];
const PLATFORM_25 = ['display.country', 'display.language', 'display.script', 'display.variant', 'file.separator', 'format.country', 'format.language', 'format.script', 'format.variant', 'ftp.nonProxyHosts', 'ftp.proxyHost', 'ftp.proxyPort', 'http.nonProxyHosts', 'http.proxyHost', 'http.proxyPort', 'https.proxyHost', 'https.proxyPort', 'java.io.tmpdir', 'line.separator', 'native.encoding', 'os.arch', 'os.name', 'os.version', 'path.separator', 'socksNonProxyHosts', 'socksProxyHost', 'socksProxyPort', 'stderr.encoding', 'stdin.encoding', 'stdout.encoding', 'sun.arch.abi', 'sun.arch.data.model', 'sun.cpu.endian', 'sun.cpu.isalist', 'sun.io.unicode.encoding', 'sun.jnu.encoding', 'sun.os.patch.level', 'user.dir', 'user.home', 'user.name'];

/** The index of platform property `name` in SystemProps$Raw's order of JDK `feature` (-1: none). */
export function platformPropertyIndex(feature: number, name: string): number {
  return (feature >= 25 ? PLATFORM_25 : PLATFORM_17).indexOf(name);
}

/** The platform properties in SystemProps$Raw index order of the JDK's feature release. */
export function platformProperties(p: PropertyInputs): (string | null)[] {
  let user = 'user';
  try {
    user = os.userInfo().username;
  } catch {
    // no passwd entry
  }
  const loc = hostLocale(p.env ?? {});
  const values: Record<string, string> = {
    ...localeValues('display', loc.display),
    ...localeValues('format', loc.format),
    'file.encoding': loc.encoding,
    'native.encoding': loc.encoding,
    'file.separator': '/',
    'java.io.tmpdir': '/tmp',
    'line.separator': '\n',
    'os.arch': 'amd64',
    'os.name': 'Linux',
    'os.version': os.release(),
    'path.separator': ':',
    'sun.arch.data.model': '64',
    'sun.cpu.endian': 'little',
    'sun.io.unicode.encoding': 'UnicodeLittle',
    'sun.jnu.encoding': loc.encoding,
    'user.dir': p.cwd,
    'user.home': os.homedir(),
    'user.name': user,
  };
  return (p.jdk.feature >= 25 ? PLATFORM_25 : PLATFORM_17).map((k) => values[k] ?? null);
}

/** display.* or format.* of a locale: the parts libjava found (it leaves the others null). */
function localeValues(prefix: string, l: LocaleParts): Record<string, string> {
  const out: Record<string, string> = { [`${prefix}.language`]: l.language };
  if (l.script !== null) out[`${prefix}.script`] = l.script;
  if (l.country !== null) out[`${prefix}.country`] = l.country;
  if (l.variant !== null) out[`${prefix}.variant`] = l.variant;
  return out;
}

/**
 * Properties the VM defines, with the user's -D properties, in HotSpot's order (17 and 25:
 * `SystemProps$Raw.vmProperties()` of java): those Arguments sets first, the -D properties, then
 * the launcher's and the heap's, and `sun.management.compiler` last (java's JIT; the compilation
 * bean exists, without compilation time). The keys are java's, so the
 * program's Properties table has the same keys, hash bins and resizes as on HotSpot (its
 * lookups and iterations are counted): `jdk.boot.class.path.append` (empty; System leaves it
 * out of the table but sizes the table with it), no `sun.os.patch.level` (Windows only) and no
 * `sun.reflect.inflationThreshold` (before, set to keep reflection on the native accessors: JDK
 * 17's java generates accessor classes after 15 calls, counted code that HotSpot ran and the
 * embedded engine did not).
 */
export function vmProperties(p: PropertyInputs): [string, string][] {
  const r = release(p.jdk);
  const version = r.JAVA_RUNTIME_VERSION ?? p.jdk.version ?? '17';
  const props: [string, string][] = [
    ['java.vm.specification.name', 'Java Virtual Machine Specification'],
    ['java.vm.version', version],
    ['java.vm.name', 'OpenJDK 64-Bit Server VM'],
    ['jdk.debug', 'release'],
    ['sun.boot.library.path', join(p.jdk.home, 'lib')],
    ['java.library.path', javaLibraryPath(p.jdk.home, p.env)],
    ['java.home', p.jdk.home],
    ['java.class.path', p.classPath],
    ['jdk.boot.class.path.append', ''],
    // As java says (with its JIT and CDS archive, which this VM's JIT and cds-archive.ts stand for).
    ['java.vm.info', existsSync(join(p.jdk.home, 'lib', 'server', 'classes.jsa')) ? 'mixed mode, sharing' : 'mixed mode'],
    ['java.vm.specification.vendor', 'Oracle Corporation'],
    ['java.vm.specification.version', String(p.jdk.feature ?? 17)],
    ['java.vm.vendor', r.IMPLEMENTOR ?? 'Oracle Corporation'],
  ];
  const late: [string, string][] = [
    ['sun.java.command', [p.mainClass, ...p.args].join(' ')],
    ['sun.java.launcher', 'SUN_STANDARD'],
    ['java.vm.compressedOopsMode', 'Zero based'],
    // HotSpot's JIT: the compilation bean exists (its compilation time is not supported here).
    ['sun.management.compiler', 'HotSpot 64-Bit Tiered Compilers'],
  ];
  // A -D of a key the VM sets replaces its value in place; any other goes after the first group.
  const early = new Map(props.map(([k], i) => [k, i] as const));
  const later = new Map(late.map(([k], i) => [k, i] as const));
  for (const [k, v] of Object.entries(p.user)) {
    const i = early.get(k);
    const j = later.get(k);
    if (i !== undefined) props[i] = [k, v];
    else if (j !== undefined) late[j] = [k, v];
    else props.push([k, v]);
  }
  return [...props, ...late];
}

export function javaVersionOf(jdk: JdkInfo): string {
  return release(jdk).JAVA_VERSION ?? jdk.version ?? '17';
}

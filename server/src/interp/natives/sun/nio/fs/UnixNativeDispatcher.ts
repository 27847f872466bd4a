// Natives of sun.nio.fs.UnixNativeDispatcher: the system calls behind java.nio.file on Linux,
// done with node:fs. Paths arrive as NUL-terminated bytes at (emulated) native addresses;
// relative ones resolve against the program's working directory. Failures throw
// sun.nio.fs.UnixException(errno), which the JDK turns into NoSuchFileException and friends.
// No openat family (init() reports none), so directory streams use opendir/readdir.

import * as fs from 'node:fs';
import type { JObject } from '../../../../object';
import { JArray } from '../../../../object';
import { JavaThrow } from '../../../../signals';
import type { JThread } from '../../../../thread';
import type { VM } from '../../../../vm';
import type { NativeTable } from '../../../registry';
import { setField } from '../../../util';
import { longOf, toNumber, type Long } from '../../../../long';
import { memory } from '../../../jdk/internal/misc/memory';
import { errnoOf, strerror } from '../../../host/errno';
import { closeHostFd, opened } from '../../../host/fds';
import { hostPath } from '../../../java/io/stdio';

const O_APPEND = 0o2000;
const ENOTSUP = 95;

function bytes(vm: VM, data: Uint8Array): JArray {
  return vm.newArray('B', new Int8Array(data.buffer, data.byteOffset, data.length).slice());
}

function pathAt(vm: VM, addr: Long): string {
  return hostPath(vm, Buffer.from(memory.cString(toNumber(addr))).toString('utf8'));
}

/** Throws sun.nio.fs.UnixException(errno). */
function unixError(vm: VM, t: JThread, errno: number): never {
  const e = vm.newThrowable(t, 'sun/nio/fs/UnixException', null);
  setField(vm, e, 'sun/nio/fs/UnixException', 'errno', errno);
  throw new JavaThrow(e);
}

/** Runs a host call, turning its failure into UnixException. */
function sys<T>(vm: VM, t: JThread, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof JavaThrow) throw e;
    return unixError(vm, t, errnoOf(e));
  }
}

/** JDK 21+: the call's errno as its result (0 on success) instead of a UnixException. */
function errnoResult(f: () => void): number {
  try {
    f();
    return 0;
  } catch (e) {
    if (e instanceof JavaThrow) throw e;
    return errnoOf(e);
  }
}

function fillAttributes(vm: VM, attrs: JObject | null, st: fs.BigIntStats): void {
  if (attrs === null) return;
  const sec = (ns: bigint): Long => longOf(ns / 1000000000n);
  const nsec = (ns: bigint): Long => longOf(ns % 1000000000n);
  setField(vm, attrs, 'sun/nio/fs/UnixFileAttributes', 'st_mode', Number(st.mode));
  setField(vm, attrs, 'sun/nio/fs/UnixFileAttributes', 'st_ino', longOf(st.ino));
  setField(vm, attrs, 'sun/nio/fs/UnixFileAttributes', 'st_dev', longOf(st.dev));
  setField(vm, attrs, 'sun/nio/fs/UnixFileAttributes', 'st_rdev', longOf(st.rdev));
  setField(vm, attrs, 'sun/nio/fs/UnixFileAttributes', 'st_nlink', Number(st.nlink));
  setField(vm, attrs, 'sun/nio/fs/UnixFileAttributes', 'st_uid', Number(st.uid));
  setField(vm, attrs, 'sun/nio/fs/UnixFileAttributes', 'st_gid', Number(st.gid));
  setField(vm, attrs, 'sun/nio/fs/UnixFileAttributes', 'st_size', longOf(st.size));
  setField(vm, attrs, 'sun/nio/fs/UnixFileAttributes', 'st_atime_sec', sec(st.atimeNs));
  setField(vm, attrs, 'sun/nio/fs/UnixFileAttributes', 'st_atime_nsec', nsec(st.atimeNs));
  setField(vm, attrs, 'sun/nio/fs/UnixFileAttributes', 'st_mtime_sec', sec(st.mtimeNs));
  setField(vm, attrs, 'sun/nio/fs/UnixFileAttributes', 'st_mtime_nsec', nsec(st.mtimeNs));
  setField(vm, attrs, 'sun/nio/fs/UnixFileAttributes', 'st_ctime_sec', sec(st.ctimeNs));
  setField(vm, attrs, 'sun/nio/fs/UnixFileAttributes', 'st_ctime_nsec', nsec(st.ctimeNs));
}

/** Open directory streams (DIR* handles). */
/**
 * Open directories: the host's stream, and how many of `.` and `..` it has given. readdir(3)
 * returns both (UnixDirectoryStream's readNextEntry reads and skips them, Java code counted on
 * HotSpot); node:fs's Dir leaves them out, so they are given first here. Their place in the real
 * order (ext4: hash order, among the entries) is not known to node:fs; the work is the same.
 */
const dirs = new Map<number, { dir: fs.Dir; dots: number }>();
let nextDir = 1;
const DOTS = ['.', '..'];

/** The next entry's name of open directory `dir`, or null at its end. */
function readEntry(vm: VM, t: JThread, dir: Long): JArray | null {
  const d = dirs.get(toNumber(dir));
  if (d === undefined) return unixError(vm, t, 9);
  if (d.dots < DOTS.length) return bytes(vm, Buffer.from(DOTS[d.dots++]!, 'utf8'));
  const e = sys(vm, t, () => d.dir.readSync());
  return e === null ? null : bytes(vm, Buffer.from(e.name, 'utf8'));
}

/** What a boot snapshot cannot hold (snapshot/graph.ts): open directories of the host, or null. */
export function snapshotBlocker(): string | null {
  return dirs.size > 0 ? 'open directories' : null;
}

function addDir(d: fs.Dir): number {
  const h = nextDir++;
  dirs.set(h, { dir: d, dots: 0 });
  return h;
}

/** Seconds (fractional) from a value in `unit` ns (futimens) or µs (utimes). */
function seconds(v: Long, unitNs: number): number {
  return (toNumber(v) * unitNs) / 1e9;
}

export const natives: NativeTable = {
  'init()I': () => 0,
  'getcwd()[B': (vm: VM) => bytes(vm, Buffer.from(vm.opts.cwd, 'utf8')),
  'strerror(I)[B': (vm: VM, _t: JThread, errno: number) => bytes(vm, Buffer.from(strerror(errno), 'utf8')),
  'open0(JII)I': (vm: VM, t: JThread, path: Long, flags: number, mode: number) =>
    sys(vm, t, () => {
      const fd = fs.openSync(pathAt(vm, path), flags, mode);
      opened(fd, (flags & O_APPEND) !== 0);
      return fd;
    }),
  'close0(I)V': (_vm: VM, _t: JThread, fd: number) => {
    try {
      closeHostFd(fd);
    } catch {
      // close(2) errors are ignored by the JDK too
    }
  },
  'stat0(JLsun/nio/fs/UnixFileAttributes;)V': (vm: VM, t: JThread, path: Long, attrs: JObject | null) => fillAttributes(vm, attrs, sys(vm, t, () => fs.statSync(pathAt(vm, path), { bigint: true }))),
  'stat0(JLsun/nio/fs/UnixFileAttributes;)I': (vm: VM, _t: JThread, path: Long, attrs: JObject | null) => errnoResult(() => fillAttributes(vm, attrs, fs.statSync(pathAt(vm, path), { bigint: true }))),
  'access0(JI)I': (vm: VM, _t: JThread, path: Long, amode: number) => errnoResult(() => fs.accessSync(pathAt(vm, path), amode)),
  'fstat0(ILsun/nio/fs/UnixFileAttributes;)V': (vm: VM, t: JThread, fd: number, attrs: JObject | null) => fillAttributes(vm, attrs, sys(vm, t, () => fs.fstatSync(fd, { bigint: true }))),
  'stat1(J)I': (vm: VM, _t: JThread, path: Long) => {
    try {
      return Number(fs.statSync(pathAt(vm, path), { bigint: true }).mode);
    } catch {
      return 0;
    }
  },
  'lstat0(JLsun/nio/fs/UnixFileAttributes;)V': (vm: VM, t: JThread, path: Long, attrs: JObject | null) => fillAttributes(vm, attrs, sys(vm, t, () => fs.lstatSync(pathAt(vm, path), { bigint: true }))),
  'fstat(ILsun/nio/fs/UnixFileAttributes;)V': (vm: VM, t: JThread, fd: number, attrs: JObject | null) => fillAttributes(vm, attrs, sys(vm, t, () => fs.fstatSync(fd, { bigint: true }))),
  'exists0(J)Z': (vm: VM, _t: JThread, path: Long) => (fs.existsSync(pathAt(vm, path)) ? 1 : 0),
  'access0(JI)V': (vm: VM, t: JThread, path: Long, amode: number) => sys(vm, t, () => fs.accessSync(pathAt(vm, path), amode)),
  'mkdir0(JI)V': (vm: VM, t: JThread, path: Long, mode: number) => sys(vm, t, () => fs.mkdirSync(pathAt(vm, path), { mode })),
  'rmdir0(J)V': (vm: VM, t: JThread, path: Long) => sys(vm, t, () => fs.rmdirSync(pathAt(vm, path))),
  'unlink0(J)V': (vm: VM, t: JThread, path: Long) => sys(vm, t, () => fs.unlinkSync(pathAt(vm, path))),
  'rename0(JJ)V': (vm: VM, t: JThread, from: Long, to: Long) => sys(vm, t, () => fs.renameSync(pathAt(vm, from), pathAt(vm, to))),
  'link0(JJ)V': (vm: VM, t: JThread, existing: Long, created: Long) => sys(vm, t, () => fs.linkSync(pathAt(vm, existing), pathAt(vm, created))),
  'symlink0(JJ)V': (vm: VM, t: JThread, target: Long, link: Long) =>
    sys(vm, t, () => fs.symlinkSync(Buffer.from(memory.cString(toNumber(target))).toString('utf8'), pathAt(vm, link))),
  'readlink0(J)[B': (vm: VM, t: JThread, path: Long) => bytes(vm, sys(vm, t, () => fs.readlinkSync(pathAt(vm, path), { encoding: 'buffer' }))),
  'realpath0(J)[B': (vm: VM, t: JThread, path: Long) => bytes(vm, sys(vm, t, () => fs.realpathSync(pathAt(vm, path), { encoding: 'buffer' }))),
  'chmod0(JI)V': (vm: VM, t: JThread, path: Long, mode: number) => sys(vm, t, () => fs.chmodSync(pathAt(vm, path), mode)),
  'fchmod(II)V': (vm: VM, t: JThread, fd: number, mode: number) => sys(vm, t, () => fs.fchmodSync(fd, mode)),
  'chown0(JII)V': (vm: VM, t: JThread, path: Long, uid: number, gid: number) => sys(vm, t, () => fs.chownSync(pathAt(vm, path), uid, gid)),
  'lchown0(JII)V': (vm: VM, t: JThread, path: Long, uid: number, gid: number) => sys(vm, t, () => fs.lchownSync(pathAt(vm, path), uid, gid)),
  // Extended attributes: node:fs has no xattr calls, so every file system answers as one without
  // them (ENOTSUP): Files.copy with COPY_ATTRIBUTES copies no user.* attributes (the JDK ignores
  // the failure), UserDefinedFileAttributeView throws FileSystemException 'Operation not supported'.
  'flistxattr(IJI)I': (vm: VM, t: JThread) => unixError(vm, t, ENOTSUP),
  'fgetxattr0(IJJI)I': (vm: VM, t: JThread) => unixError(vm, t, ENOTSUP),
  'fsetxattr0(IJJI)V': (vm: VM, t: JThread) => unixError(vm, t, ENOTSUP),
  'fremovexattr0(IJ)V': (vm: VM, t: JThread) => unixError(vm, t, ENOTSUP),
  'fchown(III)V': (vm: VM, t: JThread, fd: number, uid: number, gid: number) => sys(vm, t, () => fs.fchownSync(fd, uid, gid)),
  'utimes0(JJJ)V': (vm: VM, t: JThread, path: Long, atime: Long, mtime: Long) => sys(vm, t, () => fs.utimesSync(pathAt(vm, path), seconds(atime, 1000), seconds(mtime, 1000))),
  'lutimes0(JJJ)V': (vm: VM, t: JThread, path: Long, atime: Long, mtime: Long) => sys(vm, t, () => fs.lutimesSync(pathAt(vm, path), seconds(atime, 1000), seconds(mtime, 1000))),
  'futimes(IJJ)V': (vm: VM, t: JThread, fd: number, atime: Long, mtime: Long) => sys(vm, t, () => fs.futimesSync(fd, seconds(atime, 1000), seconds(mtime, 1000))),
  'futimens(IJJ)V': (vm: VM, t: JThread, fd: number, atime: Long, mtime: Long) => sys(vm, t, () => fs.futimesSync(fd, seconds(atime, 1), seconds(mtime, 1))),
  'opendir0(J)J': (vm: VM, t: JThread, path: Long) => sys(vm, t, () => addDir(fs.opendirSync(pathAt(vm, path)))),
  'readdir(J)[B': readEntry,
  // JDK 25's name for it.
  'readdir0(J)[B': readEntry,
  'closedir(J)V': (vm: VM, t: JThread, dir: Long) => {
    const d = dirs.get(toNumber(dir));
    if (d === undefined) return unixError(vm, t, 9);
    dirs.delete(toNumber(dir));
    sys(vm, t, () => d.dir.closeSync());
  },
};

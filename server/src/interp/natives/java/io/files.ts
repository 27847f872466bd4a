// Natives of java.io: FileDescriptor, FileInputStream, FileOutputStream, RandomAccessFile,
// UnixFileSystem, Console. File descriptors 0-2 are the program's standard streams (VmIo);
// others are the host's, opened synchronously with node:fs. Relative paths resolve against
// the program's working directory (user.dir).

import * as fs from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { JArray, type JObject } from '../../../object';
import { VmError } from '../../../signals';
import type { JThread } from '../../../thread';
import type { VM } from '../../../vm';
import type { NativeTable } from '../../registry';
import { bool, checkBounds, getField, nonNull, setField, str } from '../../util';
import { toNumber, type Long } from '../../../long';

function fdOf(vm: VM, stream: JObject): number {
  const fdo = getField(vm, stream, 'fd') as JObject | null;
  if (fdo === null) throw new VmError('java/io/IOException', 'Stream Closed');
  const fd = getField(vm, fdo, 'fd') as number;
  if (fd < 0) throw new VmError('java/io/IOException', 'Stream Closed');
  return fd;
}

function setFd(vm: VM, stream: JObject, fd: number): void {
  const fdo = getField(vm, stream, 'fd') as JObject;
  setField(vm, fdo, 'fd', fd);
}

function errText(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  switch (code) {
    case 'ENOENT':
      return 'No such file or directory';
    case 'EACCES':
      return 'Permission denied';
    case 'EISDIR':
      return 'Is a directory';
    case 'ENOTDIR':
      return 'Not a directory';
    case 'EEXIST':
      return 'File exists';
    default:
      return (e as Error).message;
  }
}

export function hostPath(vm: VM, p: string): string {
  return resolvePath(vm.opts.cwd, p);
}

function openFile(vm: VM, path: string, flags: string): number {
  try {
    if (fs.existsSync(hostPath(vm, path)) && fs.statSync(hostPath(vm, path)).isDirectory()) {
      throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    }
    return fs.openSync(hostPath(vm, path), flags);
  } catch (e) {
    throw new VmError('java/io/FileNotFoundException', `${path} (${errText(e)})`);
  }
}

export function readFd(vm: VM, fd: number, into: Int8Array, off: number, len: number, position: number | null = null): number {
  if (len === 0) return 0;
  if (fd === 0) {
    const data = vm.opts.io.readStdin(len);
    if (data === null || data.length === 0) return -1;
    into.set(new Int8Array(data.buffer, data.byteOffset, data.length), off);
    return data.length;
  }
  try {
    const n = fs.readSync(fd, new Uint8Array(into.buffer, into.byteOffset + off, len), 0, len, position);
    return n === 0 ? -1 : n;
  } catch (e) {
    throw new VmError('java/io/IOException', errText(e));
  }
}

export function writeFd(vm: VM, fd: number, data: Uint8Array): void {
  if (fd === 1) return vm.opts.io.stdout(data);
  if (fd === 2) return vm.opts.io.stderr(data);
  try {
    let done = 0;
    while (done < data.length) done += fs.writeSync(fd, data, done, data.length - done);
  } catch (e) {
    throw new VmError('java/io/IOException', errText(e));
  }
}

function closeFd(fd: number): void {
  if (fd > 2) {
    try {
      fs.closeSync(fd);
    } catch {
      // already closed
    }
  }
}

export const fileDescriptorNatives: NativeTable = {
  'initIDs()V': () => undefined,
  'getHandle(I)J': () => -1,
  'getAppend(I)Z': () => 0,
  'sync()V': () => undefined,
  'close0()V': (vm: VM, _t: JThread, self: JObject) => {
    const fd = getField(vm, self, 'fd') as number;
    if (fd >= 0) {
      setField(vm, self, 'fd', -1);
      closeFd(fd);
    }
  },
};

export const fileInputStreamNatives: NativeTable = {
  'initIDs()V': () => undefined,
  'open0(Ljava/lang/String;)V': (vm: VM, _t: JThread, self: JObject, path: JObject | null) => setFd(vm, self, openFile(vm, str(vm, path), 'r')),
  'read0()I': (vm: VM, _t: JThread, self: JObject) => {
    const b = new Int8Array(1);
    const n = readFd(vm, fdOf(vm, self), b, 0, 1);
    return n <= 0 ? -1 : b[0] & 0xff;
  },
  'readBytes([BII)I': (vm: VM, _t: JThread, self: JObject, b: JObject | null, off: number, len: number) => {
    const arr = (nonNull(b) as JArray).data as Int8Array;
    checkBounds(arr.length, off, len);
    return readFd(vm, fdOf(vm, self), arr, off, len);
  },
  'length0()J': (vm: VM, _t: JThread, self: JObject) => fs.fstatSync(fdOf(vm, self)).size,
  'position0()J': () => 0,
  'skip0(J)J': (vm: VM, _t: JThread, self: JObject, n: Long) => {
    const fd = fdOf(vm, self);
    const want = toNumber(n);
    const buf = new Int8Array(Math.min(want, 65536));
    let skipped = 0;
    while (skipped < want) {
      const r = readFd(vm, fd, buf, 0, Math.min(buf.length, want - skipped));
      if (r <= 0) break;
      skipped += r;
    }
    return skipped;
  },
  'available0()I': (vm: VM, _t: JThread, self: JObject) => {
    const fd = fdOf(vm, self);
    if (fd === 0) return vm.stdinAvailable();
    return 0;
  },
};

export const fileOutputStreamNatives: NativeTable = {
  'initIDs()V': () => undefined,
  'open0(Ljava/lang/String;Z)V': (vm: VM, _t: JThread, self: JObject, path: JObject | null, append: number) => setFd(vm, self, openFile(vm, str(vm, path), append ? 'a' : 'w')),
  'write(IZ)V': (vm: VM, _t: JThread, self: JObject, b: number) => writeFd(vm, fdOf(vm, self), Uint8Array.of(b & 0xff)),
  'writeBytes([BIIZ)V': (vm: VM, _t: JThread, self: JObject, b: JObject | null, off: number, len: number) => {
    const arr = (nonNull(b) as JArray).data as Int8Array;
    checkBounds(arr.length, off, len);
    writeFd(vm, fdOf(vm, self), new Uint8Array(arr.buffer, arr.byteOffset + off, len).slice());
  },
};

const positions = new Map<number, number>();

export const randomAccessFileNatives: NativeTable = {
  'initIDs()V': () => undefined,
  'open0(Ljava/lang/String;I)V': (vm: VM, _t: JThread, self: JObject, path: JObject | null, mode: number) => {
    const p = str(vm, path);
    const flags = mode & 2 ? (fs.existsSync(hostPath(vm, p)) ? 'r+' : 'w+') : 'r';
    const fd = openFile(vm, p, flags);
    positions.set(fd, 0);
    setFd(vm, self, fd);
  },
  'read0()I': (vm: VM, _t: JThread, self: JObject) => {
    const fd = fdOf(vm, self);
    const b = new Int8Array(1);
    const pos = positions.get(fd) ?? 0;
    const n = readFd(vm, fd, b, 0, 1, pos);
    if (n <= 0) return -1;
    positions.set(fd, pos + 1);
    return b[0] & 0xff;
  },
  'readBytes([BII)I': (vm: VM, _t: JThread, self: JObject, b: JObject | null, off: number, len: number) => {
    const fd = fdOf(vm, self);
    const arr = (nonNull(b) as JArray).data as Int8Array;
    checkBounds(arr.length, off, len);
    const pos = positions.get(fd) ?? 0;
    const n = readFd(vm, fd, arr, off, len, pos);
    if (n > 0) positions.set(fd, pos + n);
    return n;
  },
  'write0(I)V': (vm: VM, _t: JThread, self: JObject, b: number) => {
    const fd = fdOf(vm, self);
    const pos = positions.get(fd) ?? 0;
    fs.writeSync(fd, Uint8Array.of(b & 0xff), 0, 1, pos);
    positions.set(fd, pos + 1);
  },
  'writeBytes([BII)V': (vm: VM, _t: JThread, self: JObject, b: JObject | null, off: number, len: number) => {
    const fd = fdOf(vm, self);
    const arr = (nonNull(b) as JArray).data as Int8Array;
    checkBounds(arr.length, off, len);
    const pos = positions.get(fd) ?? 0;
    fs.writeSync(fd, new Uint8Array(arr.buffer, arr.byteOffset + off, len), 0, len, pos);
    positions.set(fd, pos + len);
  },
  'getFilePointer()J': (vm: VM, _t: JThread, self: JObject) => positions.get(fdOf(vm, self)) ?? 0,
  'seek0(J)V': (vm: VM, _t: JThread, self: JObject, pos: Long) => {
    positions.set(fdOf(vm, self), toNumber(pos));
  },
  'length()J': (vm: VM, _t: JThread, self: JObject) => fs.fstatSync(fdOf(vm, self)).size,
  'setLength(J)V': (vm: VM, _t: JThread, self: JObject, len: Long) => fs.ftruncateSync(fdOf(vm, self), toNumber(len)),
};

function filePath(vm: VM, file: JObject | null): string {
  return hostPath(vm, str(vm, getField(vm, nonNull(file), 'path') as JObject));
}

function statOrNull(p: string): fs.Stats | null {
  try {
    return fs.statSync(p);
  } catch {
    return null;
  }
}

export const unixFileSystemNatives: NativeTable = {
  'initIDs()V': () => undefined,
  'canonicalize0(Ljava/lang/String;)Ljava/lang/String;': (vm: VM, _t: JThread, _self: JObject, p: JObject | null) => {
    const abs = hostPath(vm, str(vm, p));
    try {
      return vm.newString(fs.realpathSync(abs));
    } catch {
      return vm.newString(abs);
    }
  },
  'getBooleanAttributes0(Ljava/io/File;)I': (vm: VM, _t: JThread, _self: JObject, f: JObject | null) => {
    const st = statOrNull(filePath(vm, f));
    if (!st) return 0;
    return 1 | (st.isFile() ? 2 : 0) | (st.isDirectory() ? 4 : 0);
  },
  'checkAccess(Ljava/io/File;I)Z': (vm: VM, _t: JThread, _self: JObject, f: JObject | null, access: number) => {
    const mode = (access & 4 ? fs.constants.R_OK : 0) | (access & 2 ? fs.constants.W_OK : 0) | (access & 1 ? fs.constants.X_OK : 0);
    try {
      fs.accessSync(filePath(vm, f), mode);
      return 1;
    } catch {
      return 0;
    }
  },
  'getLastModifiedTime(Ljava/io/File;)J': (vm: VM, _t: JThread, _self: JObject, f: JObject | null) => Math.floor(statOrNull(filePath(vm, f))?.mtimeMs ?? 0),
  'getLength(Ljava/io/File;)J': (vm: VM, _t: JThread, _self: JObject, f: JObject | null) => statOrNull(filePath(vm, f))?.size ?? 0,
  'setPermission(Ljava/io/File;IZZ)Z': () => 1,
  'createFileExclusively(Ljava/lang/String;)Z': (vm: VM, _t: JThread, _self: JObject, p: JObject | null) => {
    try {
      fs.closeSync(fs.openSync(hostPath(vm, str(vm, p)), 'wx'));
      return 1;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') return 0;
      throw new VmError('java/io/IOException', errText(e));
    }
  },
  'delete0(Ljava/io/File;)Z': (vm: VM, _t: JThread, _self: JObject, f: JObject | null) => {
    const p = filePath(vm, f);
    try {
      if (statOrNull(p)?.isDirectory()) fs.rmdirSync(p);
      else fs.unlinkSync(p);
      return 1;
    } catch {
      return 0;
    }
  },
  'list(Ljava/io/File;)[Ljava/lang/String;': (vm: VM, _t: JThread, _self: JObject, f: JObject | null) => {
    try {
      const names = fs.readdirSync(filePath(vm, f));
      return vm.newObjectArray(vm.classes.loadBoot('java/lang/String'), names.map((n) => vm.newString(n)));
    } catch {
      return null;
    }
  },
  'createDirectory(Ljava/io/File;)Z': (vm: VM, _t: JThread, _self: JObject, f: JObject | null) => {
    try {
      fs.mkdirSync(filePath(vm, f));
      return 1;
    } catch {
      return 0;
    }
  },
  'rename0(Ljava/io/File;Ljava/io/File;)Z': (vm: VM, _t: JThread, _self: JObject, a: JObject | null, b: JObject | null) => {
    try {
      fs.renameSync(filePath(vm, a), filePath(vm, b));
      return 1;
    } catch {
      return 0;
    }
  },
  'setLastModifiedTime(Ljava/io/File;J)Z': (vm: VM, _t: JThread, _self: JObject, f: JObject | null, time: Long) => {
    try {
      const d = new Date(toNumber(time));
      fs.utimesSync(filePath(vm, f), d, d);
      return 1;
    } catch {
      return 0;
    }
  },
  'setReadOnly(Ljava/io/File;)Z': () => 1,
  'getSpace(Ljava/io/File;I)J': () => 0,
  'getNameMax0(Ljava/lang/String;)J': () => 255,
};

export const consoleNatives: NativeTable = {
  'encoding()Ljava/lang/String;': () => null,
  'echo(Z)Z': () => 1,
  'istty()Z': () => bool(false),
};

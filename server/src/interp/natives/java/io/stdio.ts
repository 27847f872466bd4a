// Shared by the java.io and sun.nio natives: reading and writing a descriptor, where 0-2 are
// the program's standard streams (VmIo) and others the host's (natives/host/fds.ts), and
// opening host files relative to the program's working directory (user.dir).

import * as fs from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import type { JClass } from '../../../klass';
import type { JObject } from '../../../object';
import { VmError } from '../../../signals';
import type { VM } from '../../../vm';
import { getField, setField } from '../../util';
import { errorText } from '../../host/errno';
import { opened, readHost, writeHost } from '../../host/fds';

/**
 * A path of the program (relative to its working directory) as a host path. The empty path
 * stays empty: the system calls fail on it with ENOENT (it is not the working directory).
 */
export function hostPath(vm: VM, p: string): string {
  return p === '' ? '' : resolvePath(vm.opts.cwd, p);
}

/** The descriptor number of a FileDescriptor object. */
export function fdValue(vm: VM, fdo: JObject | null): number {
  if (fdo === null) throw new VmError('java/io/IOException', 'Stream Closed');
  const fd = getField(vm, fdo, 'java/io/FileDescriptor', 'fd') as number;
  if (fd < 0) throw new VmError('java/io/IOException', 'Stream Closed');
  return fd;
}

const STREAM_CLASSES = new Set(['java/io/FileInputStream', 'java/io/FileOutputStream', 'java/io/RandomAccessFile']);

/** The JDK stream class of a stream object (its class may be a subclass with an `fd` of its own). */
function streamClass(stream: JObject): string {
  for (let c: JClass | null = stream.klass; c; c = c.superclass) if (STREAM_CLASSES.has(c.name)) return c.name;
  throw new VmError('java/lang/InternalError', `${stream.klass.javaName} is not a file stream`);
}

/** The FileDescriptor of a stream (FileInputStream, FileOutputStream, RandomAccessFile). */
function streamFdObject(vm: VM, stream: JObject): JObject | null {
  return getField(vm, stream, streamClass(stream), 'fd') as JObject | null;
}

/** The descriptor of a stream's `fd` field (FileInputStream, FileOutputStream, RandomAccessFile). */
export function streamFd(vm: VM, stream: JObject): number {
  return fdValue(vm, streamFdObject(vm, stream));
}

export function setStreamFd(vm: VM, stream: JObject, fd: number): void {
  setField(vm, streamFdObject(vm, stream) as JObject, 'java/io/FileDescriptor', 'fd', fd);
}

/** Opens a host file for a java.io stream (FileNotFoundException "path (reason)"). */
export function openForStream(vm: VM, path: string, flags: string): number {
  const p = hostPath(vm, path);
  try {
    if (fs.existsSync(p) && fs.statSync(p).isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR', errno: -21 });
    const fd = fs.openSync(p, flags);
    opened(fd, flags.startsWith('a'));
    return fd;
  } catch (e) {
    throw new VmError('java/io/FileNotFoundException', `${path} (${errorText(e)})`);
  }
}

/**
 * Reads up to into.length bytes: from the program's stdin for descriptor 0, else from the
 * host file (at its position, or at `at`). Returns 0 at end of input.
 */
export function readDescriptor(vm: VM, fd: number, into: Uint8Array, at: number | null = null): number {
  if (into.length === 0) return 0;
  if (fd === 0) {
    const data = vm.opts.io.readStdin(into.length);
    if (data === null || data.length === 0) return 0;
    into.set(data);
    return data.length;
  }
  try {
    return readHost(fd, into, at);
  } catch (e) {
    throw new VmError('java/io/IOException', errorText(e));
  }
}

/** Writes all of `data` to the program's stdout/stderr (1, 2) or the host file. */
export function writeDescriptor(vm: VM, fd: number, data: Uint8Array, at: number | null = null): void {
  if (fd === 1 || fd === 2) {
    // The reader has gone: write(2) fails with EPIPE (the JVM ignores SIGPIPE).
    if (vm.opts.io.closed?.(fd)) throw new VmError('java/io/IOException', 'Broken pipe');
    return fd === 1 ? vm.opts.io.stdout(data) : vm.opts.io.stderr(data);
  }
  try {
    writeHost(fd, data, at);
  } catch (e) {
    throw new VmError('java/io/IOException', errorText(e));
  }
}

/** Bytes [off, off+len) of a Java byte[] as a Uint8Array view. */
export function byteView(a: Int8Array, off: number, len: number): Uint8Array {
  return new Uint8Array(a.buffer, a.byteOffset + off, len);
}

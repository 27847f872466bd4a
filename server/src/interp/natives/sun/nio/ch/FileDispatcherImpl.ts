// Natives of sun.nio.ch.FileDispatcherImpl: FileChannel I/O between host descriptors and
// (emulated) native memory. Descriptors 0-2 are the program's standard streams; the in-VM
// loopback sockets' descriptors (host/loopback.ts) are written and closed here too (the JDK's
// SocketDispatcher calls these for writes and closes).

import * as fs from 'node:fs';
import type { JObject } from '../../../../object';
import { VmError } from '../../../../signals';
import type { JThread } from '../../../../thread';
import type { VM } from '../../../../vm';
import type { NativeTable } from '../../../registry';
import { toNumber, type Long } from '../../../../long';
import { memory } from '../../../jdk/internal/misc/memory';
import { errorText } from '../../../host/errno';
import { closeHostFd, position, seek } from '../../../host/fds';
import { isPipe, pipeAvailable } from '../../../host/pipes';
import { fdValue, readDescriptor, writeDescriptor } from '../../../java/io/stdio';
import { loopbackOf } from '../../../host/loopback';

// IOStatus
const EOF = -1;

function io<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof VmError) throw e;
    throw new VmError('java/io/IOException', errorText(e));
  }
}

function read(vm: VM, fd: number, addr: Long, len: number, at: number | null): number {
  if (len === 0) return 0;
  const n = io(() => readDescriptor(vm, fd, memory.bytes(toNumber(addr), len), at));
  return n === 0 ? EOF : n;
}

function write(vm: VM, fd: number, addr: Long, len: number, at: number | null): number {
  const net = loopbackOf(vm);
  if (net.isVirtual(fd)) return net.write(net.get(fd), memory.bytes(toNumber(addr), len));
  io(() => writeDescriptor(vm, fd, memory.bytes(toNumber(addr), len).slice(), at));
  return len;
}

/** The (base, length) pairs of an iovec array at `addr` (16 bytes each on 64-bit Linux). */
export function iovecs(addr: Long, count: number): { base: number; len: number }[] {
  const out: { base: number; len: number }[] = [];
  const a = toNumber(addr);
  for (let i = 0; i < count; i++) {
    const dv = memory.view(a + 16 * i, 16);
    const off = memory.offsetIn(a + 16 * i);
    out.push({ base: Number(dv.getBigInt64(off, true)), len: Number(dv.getBigInt64(off + 8, true)) });
  }
  return out;
}

function close(vm: VM, fd: number): void {
  const net = loopbackOf(vm);
  if (net.isVirtual(fd)) net.close(fd);
  else io(() => closeHostFd(fd));
}

export const natives: NativeTable = {
  'init()V': () => undefined,
  'read0(Ljava/io/FileDescriptor;JI)I': (vm: VM, _t: JThread, fdo: JObject | null, addr: Long, len: number) => read(vm, fdValue(vm, fdo), addr, len, null),
  'pread0(Ljava/io/FileDescriptor;JIJ)I': (vm: VM, _t: JThread, fdo: JObject | null, addr: Long, len: number, pos: Long) => read(vm, fdValue(vm, fdo), addr, len, toNumber(pos)),
  'readv0(Ljava/io/FileDescriptor;JI)J': (vm: VM, _t: JThread, fdo: JObject | null, addr: Long, count: number) => {
    const fd = fdValue(vm, fdo);
    let total = 0;
    for (const v of iovecs(addr, count)) {
      const n = read(vm, fd, v.base, v.len, null);
      if (n === EOF) return total === 0 ? EOF : total;
      total += n;
      if (n < v.len) break;
    }
    return total;
  },
  'write0(Ljava/io/FileDescriptor;JI)I': (vm: VM, _t: JThread, fdo: JObject | null, addr: Long, len: number) => write(vm, fdValue(vm, fdo), addr, len, null),
  'pwrite0(Ljava/io/FileDescriptor;JIJ)I': (vm: VM, _t: JThread, fdo: JObject | null, addr: Long, len: number, pos: Long) => write(vm, fdValue(vm, fdo), addr, len, toNumber(pos)),
  'writev0(Ljava/io/FileDescriptor;JI)J': (vm: VM, _t: JThread, fdo: JObject | null, addr: Long, count: number) => {
    const fd = fdValue(vm, fdo);
    let total = 0;
    for (const v of iovecs(addr, count)) total += write(vm, fd, v.base, v.len, null);
    return total;
  },
  'seek0(Ljava/io/FileDescriptor;J)J': (vm: VM, _t: JThread, fdo: JObject | null, offset: Long) => {
    const fd = fdValue(vm, fdo);
    const off = toNumber(offset);
    if (fd <= 2) throw new VmError('java/io/IOException', 'Illegal seek');
    if (off >= 0) seek(fd, off);
    return off >= 0 ? off : position(fd);
  },
  'size0(Ljava/io/FileDescriptor;)J': (vm: VM, _t: JThread, fdo: JObject | null) => io(() => fs.fstatSync(fdValue(vm, fdo)).size),
  // JDK 25 (FileChannel.available): what FileInputStream.available0 answers for the descriptor.
  'available0(Ljava/io/FileDescriptor;)I': (vm: VM, _t: JThread, fdo: JObject | null) => {
    const fd = fdValue(vm, fdo);
    if (fd === 0) return vm.stdinAvailable();
    if (fd <= 2) return 0;
    if (isPipe(fd)) return pipeAvailable(fd);
    const st = io(() => fs.fstatSync(fd));
    return st.isFile() ? Math.max(0, Math.min(0x7fffffff, st.size - position(fd))) : 0;
  },
  'truncate0(Ljava/io/FileDescriptor;J)I': (vm: VM, _t: JThread, fdo: JObject | null, size: Long) => {
    io(() => fs.ftruncateSync(fdValue(vm, fdo), toNumber(size)));
    return 0;
  },
  'force0(Ljava/io/FileDescriptor;Z)I': (vm: VM, _t: JThread, fdo: JObject | null) => {
    const fd = fdValue(vm, fdo);
    if (fd > 2) io(() => fs.fsyncSync(fd));
    return 0;
  },
  // Locks: one program, nothing to exclude; FileDispatcher.LOCKED.
  'lock0(Ljava/io/FileDescriptor;ZJJZ)I': () => 0,
  'release0(Ljava/io/FileDescriptor;JJ)V': () => undefined,
  // Threads are blocked on the descriptor (NioSocketImpl.close, a channel's implCloseSelectableChannel):
  // their operations end, as after Linux's dup2 of a socket at end of stream onto it.
  'preClose0(Ljava/io/FileDescriptor;)V': (vm: VM, _t: JThread, fdo: JObject | null) => {
    const fd = fdValue(vm, fdo);
    const net = loopbackOf(vm);
    if (net.isVirtual(fd)) net.preClose(fd);
  },
  'close0(Ljava/io/FileDescriptor;)V': (vm: VM, _t: JThread, fdo: JObject | null) => close(vm, fdValue(vm, fdo)),
  'closeIntFD(I)V': (vm: VM, _t: JThread, fd: number) => close(vm, fd),
  'canTransferToFromOverlappedMap0()Z': () => 1,
};

/** JDK 21+ (Linux FileDispatcherImpl): init0 looks up sendfile/splice; nothing to look up here. */
export const linuxNatives: NativeTable = {
  'init0()V': () => undefined,
};

// Natives of sun.nio.ch.DatagramChannelImpl, DatagramDispatcher and NativeSocketAddress: UDP
// over the in-VM loopback network (host/loopback.ts), under DatagramSocket (JDK 17: an adaptor
// of DatagramChannel) and DatagramChannel. Socket addresses travel through native memory as
// Linux's sockaddr_in / sockaddr_in6.

import type { JObject } from '../../../../object';
import type { JThread } from '../../../../thread';
import type { VM } from '../../../../vm';
import type { NativeTable } from '../../../registry';
import { toNumber, type Long } from '../../../../long';
import { memory } from '../../../jdk/internal/misc/memory';
import { loopbackOf, reported, type Datagram, type VSocket } from '../../../host/loopback';
import { IOS_UNAVAILABLE, socketOf, waitFor } from './Net';
import { iovecs } from './FileDispatcherImpl';

const AF_INET = 2;
const AF_INET6 = 10;
const SOCKADDR4 = 16;
const SOCKADDR6 = 28;

/** Reads a sockaddr_in / sockaddr_in6 at `addr`: the address (4 or 16 bytes) and port. */
function readSockaddr(addr: number): { raw: Uint8Array; port: number } {
  const b = memory.bytes(addr, 2);
  const family = b[0] | (b[1] << 8);
  if (family === AF_INET) {
    const s = memory.bytes(addr, SOCKADDR4).slice();
    return { raw: s.slice(4, 8), port: (s[2] << 8) | s[3] };
  }
  const s = memory.bytes(addr, SOCKADDR6).slice();
  return { raw: s.slice(8, 24), port: (s[2] << 8) | s[3] };
}

/** Writes the sender of `d` at `addr` as the socket's family reports it. */
function writeSockaddr(s: VSocket, addr: number, d: Datagram): void {
  const a = reported(s, d.from);
  const v6 = s.v6;
  const out = memory.bytes(addr, v6 ? SOCKADDR6 : SOCKADDR4);
  out.fill(0);
  out[0] = v6 ? AF_INET6 : AF_INET;
  out[2] = d.port >> 8;
  out[3] = d.port & 0xff;
  if (v6) out.set(a.length === 4 ? Uint8Array.of(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, ...a) : a, 8);
  else out.set(a.length === 4 ? a : d.from.slice(12), 4);
}

/** Receives one datagram into `bufs` (truncated to fit); blocks on a blocking socket. */
function receive(vm: VM, t: JThread, s: VSocket, bufs: { base: number; len: number }[], sender: number): unknown {
  const net = loopbackOf(vm);
  const deliver = (d: Datagram): number => {
    let n = 0;
    for (const b of bufs) {
      if (n >= d.data.length) break;
      const k = Math.min(b.len, d.data.length - n);
      memory.bytes(b.base, k).set(d.data.subarray(n, n + k));
      n += k;
    }
    if (sender !== 0) writeSockaddr(s, sender, d);
    return n;
  };
  if (!s.blocking) {
    const d = net.receive(s);
    return d === null ? IOS_UNAVAILABLE : deliver(d);
  }
  return waitFor(vm, t, s, () => (s.closed || s.preClosed ? 'closed' : net.receive(s)), -1, () => IOS_UNAVAILABLE, (d) => (d === 'closed' ? IOS_UNAVAILABLE : deliver(d)));
}

function gather(bufs: { base: number; len: number }[]): Uint8Array {
  const total = bufs.reduce((n, b) => n + b.len, 0);
  const out = new Uint8Array(total);
  let n = 0;
  for (const b of bufs) {
    out.set(memory.bytes(b.base, b.len), n);
    n += b.len;
  }
  return out;
}

function sendConnected(vm: VM, s: VSocket, data: Uint8Array): number {
  return loopbackOf(vm).sendTo(s, data, s.remote, s.remotePort);
}

export const natives: NativeTable = {
  'receive0(Ljava/io/FileDescriptor;JIJZ)I': (vm: VM, t: JThread, fdo: JObject | null, addr: Long, len: number, sender: Long) =>
    receive(vm, t, socketOf(vm, fdo), [{ base: toNumber(addr), len }], toNumber(sender)),
  'send0(Ljava/io/FileDescriptor;JIJI)I': (vm: VM, _t: JThread, fdo: JObject | null, addr: Long, len: number, target: Long) => {
    const to = readSockaddr(toNumber(target));
    return loopbackOf(vm).sendTo(socketOf(vm, fdo), memory.bytes(toNumber(addr), len).slice(), to.raw, to.port);
  },
  'disconnect0(Ljava/io/FileDescriptor;Z)V': (vm: VM, _t: JThread, fdo: JObject | null) => loopbackOf(vm).disconnect(socketOf(vm, fdo)),
};

export const dispatcherNatives: NativeTable = {
  'read0(Ljava/io/FileDescriptor;JI)I': (vm: VM, t: JThread, fdo: JObject | null, addr: Long, len: number) => receive(vm, t, socketOf(vm, fdo), [{ base: toNumber(addr), len }], 0),
  'readv0(Ljava/io/FileDescriptor;JI)J': (vm: VM, t: JThread, fdo: JObject | null, addr: Long, count: number) => receive(vm, t, socketOf(vm, fdo), iovecs(addr, count), 0),
  'write0(Ljava/io/FileDescriptor;JI)I': (vm: VM, _t: JThread, fdo: JObject | null, addr: Long, len: number) => sendConnected(vm, socketOf(vm, fdo), memory.bytes(toNumber(addr), len).slice()),
  'writev0(Ljava/io/FileDescriptor;JI)J': (vm: VM, _t: JThread, fdo: JObject | null, addr: Long, count: number) => sendConnected(vm, socketOf(vm, fdo), gather(iovecs(addr, count))),
};

/** Linux x86-64 sockaddr layout (family in host order, port in network order). */
export const sockaddrNatives: NativeTable = {
  'AFINET()I': () => AF_INET,
  'AFINET6()I': () => AF_INET6,
  'sizeofSockAddr4()I': () => SOCKADDR4,
  'sizeofSockAddr6()I': () => SOCKADDR6,
  'sizeofFamily()I': () => 2,
  'offsetFamily()I': () => 0,
  'offsetSin4Port()I': () => 2,
  'offsetSin4Addr()I': () => 4,
  'offsetSin6Port()I': () => 2,
  'offsetSin6Addr()I': () => 8,
  'offsetSin6ScopeId()I': () => 24,
  'offsetSin6FlowInfo()I': () => 4,
};


// Natives of jdk.net.LinuxSocketOptions (the extended socket options of the jdk.net module) for
// the in-VM loopback sockets: the options are supported, as on Linux, and kept per socket
// (Linux's defaults until set); they change nothing in memory.

import { VmError } from '../../../signals';
import type { JThread } from '../../../thread';
import type { VM } from '../../../vm';
import type { NativeTable } from '../../registry';
import { loopbackOf } from '../../host/loopback';

// Linux's defaults (net.ipv4.tcp_keepalive_probes, _time, _intvl).
const DEFAULTS: Record<string, number> = { probes: 9, time: 7200, intvl: 75, quickack: 0, napi: 0 };

function get(vm: VM, fd: number, name: string): number {
  return loopbackOf(vm).get(fd).options.get(`ext:${name}`) ?? DEFAULTS[name];
}

function set(vm: VM, fd: number, name: string, v: number): void {
  loopbackOf(vm).get(fd).options.set(`ext:${name}`, v);
}

export const natives: NativeTable = {
  'keepAliveOptionsSupported0()Z': () => 1,
  'quickAckSupported0()Z': () => 1,
  'incomingNapiIdSupported0()Z': () => 1,
  'setTcpKeepAliveProbes0(II)V': (vm: VM, _t: JThread, fd: number, v: number) => set(vm, fd, 'probes', v),
  'setTcpKeepAliveTime0(II)V': (vm: VM, _t: JThread, fd: number, v: number) => set(vm, fd, 'time', v),
  'setTcpKeepAliveIntvl0(II)V': (vm: VM, _t: JThread, fd: number, v: number) => set(vm, fd, 'intvl', v),
  'getTcpKeepAliveProbes0(I)I': (vm: VM, _t: JThread, fd: number) => get(vm, fd, 'probes'),
  'getTcpKeepAliveTime0(I)I': (vm: VM, _t: JThread, fd: number) => get(vm, fd, 'time'),
  'getTcpKeepAliveIntvl0(I)I': (vm: VM, _t: JThread, fd: number) => get(vm, fd, 'intvl'),
  'setQuickAck0(IZ)V': (vm: VM, _t: JThread, fd: number, on: number) => set(vm, fd, 'quickack', on),
  'getQuickAck0(I)Z': (vm: VM, _t: JThread, fd: number) => get(vm, fd, 'quickack'),
  'getIncomingNapiId0(I)I': (vm: VM, _t: JThread, fd: number) => get(vm, fd, 'napi'),
  'getSoPeerCred0(I)J': () => {
    throw new VmError('java/net/SocketException', 'Operation not supported');
  },
};

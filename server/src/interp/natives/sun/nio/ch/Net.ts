// Natives of sun.nio.ch.Net over the in-VM loopback network (host/loopback.ts): the sockets
// under java.net.Socket/ServerSocket (NioSocketImpl) and the socket channels. Blocking calls
// park the Java thread in the scheduler (waitFor) until the socket changes or the timeout ends.

import type { JArray, JObject } from '../../../../object';
import { VmError } from '../../../../signals';
import type { JThread } from '../../../../thread';
import type { VM } from '../../../../vm';
import type { NativeTable } from '../../../registry';
import { toNumber, type Long } from '../../../../long';
import { deadlineIn } from '../../../../clock';
import { parkAndRetry } from '../../../../hostwait';
import { bool, nonNull, setField } from '../../../util';
import { fdValue } from '../../../java/io/stdio';
import { INET_CLASSES, newInet, readInet, withClasses } from '../../../java/net/InetAddress';
import { loopbackOf, POLLERR, POLLHUP, POLLIN, POLLNVAL, POLLOUT, reported, type VSocket } from '../../../host/loopback';

/** sun.nio.ch.IOStatus */
export const IOS_EOF = -1;
export const IOS_UNAVAILABLE = -2;

// Socket option levels and names (Linux), for defaults.
const SOL_SOCKET = 1;
const SO_LINGER = 13;
const SO_SNDBUF = 7;
const SO_RCVBUF = 8;
const DEFAULTS = new Map<string, number>([
  [`${SOL_SOCKET}:${SO_LINGER}`, -1],
  [`${SOL_SOCKET}:${SO_SNDBUF}`, 65536],
  [`${SOL_SOCKET}:${SO_RCVBUF}`, 65536],
]);

/** The virtual socket of a FileDescriptor. */
export function socketOf(vm: VM, fdo: JObject | null): VSocket {
  return loopbackOf(vm).get(fdValue(vm, fdo));
}

/**
 * Runs `attempt` now and, while it answers null, again each time the socket (or any of the
 * sockets `on` lists when parking: a selector's) changes, with the
 * thread parked in between (Waiting, or TimedWaiting until `timeoutMs` when it is > 0); the
 * native's result is then `finish` of the answer. A timeout of 0 does not wait; when the wait
 * times out, the result is `onTimeout()`.
 */
export function waitFor<R>(vm: VM, t: JThread, on: VSocket | (() => VSocket[]), attempt: () => R | null, timeoutMs: number, onTimeout: () => unknown, finish: (r: R) => unknown): unknown {
  const first = attempt();
  if (first !== null) return finish(first);
  if (timeoutMs === 0) return onTimeout();
  const deadline = timeoutMs > 0 ? deadlineIn(vm, timeoutMs * 1e6) : -1;
  let watched: VSocket[] = [];
  return parkAndRetry(vm, t, attempt, finish, deadline, onTimeout, {
    watch: () => {
      watched = typeof on === 'function' ? on() : [on];
      for (const s of watched) s.waiters.add(t);
    },
    unwatch: () => {
      for (const s of watched) s.waiters.delete(t);
    },
  });
}

function rawOf(vm: VM, addr: JObject | null): Uint8Array {
  return readInet(vm, nonNull(addr)).raw;
}

function inetOf(vm: VM, t: JThread, s: VSocket, a: Uint8Array): unknown {
  return withClasses(vm, t, INET_CLASSES, () => newInet(vm, null, reported(s, a)));
}

export const natives: NativeTable = {
  'initIDs()V': () => undefined,
  'pollinValue()S': () => POLLIN,
  'polloutValue()S': () => POLLOUT,
  'pollerrValue()S': () => POLLERR,
  'pollhupValue()S': () => POLLHUP,
  'pollnvalValue()S': () => POLLNVAL,
  'pollconnValue()S': () => POLLOUT,
  'isIPv6Available0()Z': () => 1,
  'isReusePortAvailable0()Z': () => 1,
  'isExclusiveBindAvailable()I': () => -1,
  'shouldShutdownWriteBeforeClose0()Z': () => 0,
  'shouldSetBothIPv4AndIPv6Options0()Z': () => 1,
  'canIPv6SocketJoinIPv4Group0()Z': () => 1,
  'canJoin6WithIPv4Group0()Z': () => 1,
  'canUseIPv6OptionsWithIPv4LocalAddress0()Z': () => 1,
  'socket0(ZZZZ)I': (vm: VM, _t: JThread, preferIPv6: number, stream: number, reuse: number) => {
    const s = loopbackOf(vm).socket(preferIPv6 !== 0, stream !== 0);
    if (reuse !== 0) s.options.set(`${SOL_SOCKET}:2`, 1);
    return s.fd;
  },
  'bind0(Ljava/io/FileDescriptor;ZZLjava/net/InetAddress;I)V': (vm: VM, _t: JThread, fdo: JObject | null, _v6: number, _excl: number, addr: JObject | null, port: number) =>
    loopbackOf(vm).bind(socketOf(vm, fdo), rawOf(vm, addr), port),
  'listen(Ljava/io/FileDescriptor;I)V': (vm: VM, _t: JThread, fdo: JObject | null) => loopbackOf(vm).listen(socketOf(vm, fdo)),
  'connect0(ZLjava/io/FileDescriptor;Ljava/net/InetAddress;I)I': (vm: VM, _t: JThread, _v6: number, fdo: JObject | null, addr: JObject | null, port: number) => {
    loopbackOf(vm).connect(socketOf(vm, fdo), rawOf(vm, addr), port);
    return 1;
  },
  'pollConnect(Ljava/io/FileDescriptor;J)Z': (vm: VM, _t: JThread, fdo: JObject | null) => bool(socketOf(vm, fdo).connected),
  'accept(Ljava/io/FileDescriptor;Ljava/io/FileDescriptor;[Ljava/net/InetSocketAddress;)I': (vm: VM, t: JThread, fdo: JObject | null, newfd: JObject | null, isaa: JObject | null) => {
    const net = loopbackOf(vm);
    const s = socketOf(vm, fdo);
    const done = (a: VSocket): unknown => {
      setField(vm, nonNull(newfd), 'java/io/FileDescriptor', 'fd', a.fd);
      return withClasses(vm, t, [...INET_CLASSES, 'java/net/InetSocketAddress'], () => {
        const isa = vm.allocObject(vm.classes.loadBoot('java/net/InetSocketAddress'));
        const holderClass = 'java/net/InetSocketAddress$InetSocketAddressHolder';
        const h = vm.allocObject(vm.classes.loadBoot(holderClass));
        setField(vm, h, holderClass, 'addr', newInet(vm, null, reported(a, a.remote)));
        setField(vm, h, holderClass, 'port', a.remotePort);
        setField(vm, isa, 'java/net/InetSocketAddress', 'holder', h);
        ((nonNull(isaa) as JArray).data as unknown[])[0] = isa;
        return 1;
      });
    };
    if (!s.blocking) {
      const a = net.accept(s);
      return a === null ? IOS_UNAVAILABLE : done(a);
    }
    // A close while waiting ends the wait; the caller then finds the socket closed.
    return waitFor<VSocket | 'closed'>(vm, t, s, () => (s.closed || s.preClosed ? 'closed' : net.accept(s)), -1, () => IOS_UNAVAILABLE, (a) => (a === 'closed' ? IOS_UNAVAILABLE : done(a)));
  },
  'shutdown(Ljava/io/FileDescriptor;I)V': (vm: VM, _t: JThread, fdo: JObject | null, how: number) => loopbackOf(vm).shutdown(socketOf(vm, fdo), how),
  'localPort(Ljava/io/FileDescriptor;)I': (vm: VM, _t: JThread, fdo: JObject | null) => socketOf(vm, fdo).localPort,
  'localInetAddress(Ljava/io/FileDescriptor;)Ljava/net/InetAddress;': (vm: VM, t: JThread, fdo: JObject | null) => {
    const s = socketOf(vm, fdo);
    return inetOf(vm, t, s, s.local);
  },
  'remotePort(Ljava/io/FileDescriptor;)I': (vm: VM, _t: JThread, fdo: JObject | null) => socketOf(vm, fdo).remotePort,
  'remoteInetAddress(Ljava/io/FileDescriptor;)Ljava/net/InetAddress;': (vm: VM, t: JThread, fdo: JObject | null) => {
    const s = socketOf(vm, fdo);
    if (!s.connected) return null;
    return inetOf(vm, t, s, s.remote);
  },
  'getIntOption0(Ljava/io/FileDescriptor;ZII)I': (vm: VM, _t: JThread, fdo: JObject | null, _conv: number, level: number, opt: number) => {
    const key = `${level}:${opt}`;
    return socketOf(vm, fdo).options.get(key) ?? DEFAULTS.get(key) ?? 0;
  },
  'setIntOption0(Ljava/io/FileDescriptor;ZIIIZ)V': (vm: VM, _t: JThread, fdo: JObject | null, _conv: number, level: number, opt: number, arg: number) => {
    const v = level === SOL_SOCKET && opt === SO_LINGER && arg < 0 ? -1 : arg;
    socketOf(vm, fdo).options.set(`${level}:${opt}`, v);
  },
  'poll(Ljava/io/FileDescriptor;IJ)I': (vm: VM, t: JThread, fdo: JObject | null, events: number, timeout: Long) => {
    const net = loopbackOf(vm);
    const s = socketOf(vm, fdo);
    return waitFor(vm, t, s, () => net.poll(s, events) || null, toNumber(timeout), () => 0, (r) => r);
  },
  'available(Ljava/io/FileDescriptor;)I': (vm: VM, _t: JThread, fdo: JObject | null) => socketOf(vm, fdo).available,
  'sendOOB(Ljava/io/FileDescriptor;B)I': () => {
    throw new VmError('java/net/SocketException', 'Urgent data is not supported by the embedded JVM\u2019s loopback sockets');
  },
  'discardOOB(Ljava/io/FileDescriptor;)Z': () => 0,
};

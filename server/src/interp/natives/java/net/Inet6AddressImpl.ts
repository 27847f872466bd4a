// Natives of java.net.Inet6AddressImpl (and Inet4AddressImpl, the same on an IPv4-only host):
// the local host name, forward and reverse lookups (host/resolver.ts), isReachable.

import * as os from 'node:os';
import type { JArray, JObject } from '../../../object';
import { VmError } from '../../../signals';
import type { JThread } from '../../../thread';
import type { VM } from '../../../vm';
import type { NativeTable } from '../../registry';
import { nonNull, str } from '../../util';
import { lookupAddress, lookupHost, type RawAddress } from '../../host/resolver';
import { INET_CLASSES, newInet, withClasses } from './InetAddress';

/** InetAddress.PREFER_IPV4_VALUE / PREFER_SYSTEM_VALUE (java.net.preferIPv6Addresses). */
const PREFER_IPV4 = 0;
const PREFER_SYSTEM = 2;

function lookupAll(vm: VM, t: JThread, hostObj: JObject | null, v4only: boolean): unknown {
  const host = str(vm, hostObj);
  let found = lookupHost(host);
  if (v4only) found = found.filter((a) => a.length === 4);
  if (found.length === 0) throw new VmError('java/net/UnknownHostException', `${host}: Name or service not known`);
  // libnet orders IPv4 first unless java.net.preferIPv6Addresses says otherwise.
  const prefer = vm.getStatic('java/net/InetAddress', 'preferIPv6Address') as number;
  if (prefer !== PREFER_SYSTEM) {
    const v4 = found.filter((a) => a.length === 4);
    const v6 = found.filter((a) => a.length === 16);
    found = prefer === PREFER_IPV4 ? [...v4, ...v6] : [...v6, ...v4];
  }
  return withClasses(vm, t, INET_CLASSES, () =>
    vm.newObjectArray(
      vm.classes.loadBoot('java/net/InetAddress'),
      found.map((a) => newInet(vm, host, a)),
    ),
  );
}

/** LookupPolicy's characteristics (JDK 21+ passes them to lookupAllHostAddr). */
const IPV4 = 1;
const IPV6 = 2;
const IPV4_FIRST = 4;
const IPV6_FIRST = 8;

/** JDK 21+: the families and their order come from the lookup policy (java.net.preferIPv6Addresses, -Djava.net.preferIPv4Stack). */
function lookupWithPolicy(vm: VM, t: JThread, hostObj: JObject | null, characteristics: number): unknown {
  const host = str(vm, hostObj);
  let found = lookupHost(host);
  if ((characteristics & IPV6) === 0) found = found.filter((a) => a.length === 4);
  if ((characteristics & IPV4) === 0) found = found.filter((a) => a.length === 16);
  if (found.length === 0) throw new VmError('java/net/UnknownHostException', `${host}: Name or service not known`);
  if ((characteristics & (IPV4_FIRST | IPV6_FIRST)) !== 0) {
    const v4 = found.filter((a) => a.length === 4);
    const v6 = found.filter((a) => a.length === 16);
    found = (characteristics & IPV4_FIRST) !== 0 ? [...v4, ...v6] : [...v6, ...v4];
  }
  return withClasses(vm, t, INET_CLASSES, () =>
    vm.newObjectArray(
      vm.classes.loadBoot('java/net/InetAddress'),
      found.map((a) => newInet(vm, host, a)),
    ),
  );
}

function hostByAddr(addr: JObject | null): string | null {
  const b = (nonNull(addr) as JArray).data as Int8Array;
  return lookupAddress(Uint8Array.from(b, (x) => x & 0xff));
}

function reverse(vm: VM, addr: JObject | null): JObject {
  const name = hostByAddr(addr);
  if (name === null) throw new VmError('java/net/UnknownHostException', null);
  return vm.newString(name);
}

/** Loopback addresses answer (libnet's TCP echo probe is refused, which means reachable). */
function reachable(addr: JObject | null): number {
  const b = Uint8Array.from((nonNull(addr) as JArray).data as Int8Array, (x) => x & 0xff);
  return isLoopback(b) ? 1 : 0;
}

export function isLoopback(a: RawAddress): boolean {
  if (a.length === 4) return a[0] === 127;
  if (a.slice(0, 10).every((x) => x === 0) && a[10] === 0xff && a[11] === 0xff) return a[12] === 127;
  return a.slice(0, 15).every((x) => x === 0) && a[15] === 1;
}

const localHostName = (vm: VM): JObject => vm.newString(os.hostname());

export const natives: NativeTable = {
  'getLocalHostName()Ljava/lang/String;': (vm: VM) => localHostName(vm),
  'lookupAllHostAddr(Ljava/lang/String;)[Ljava/net/InetAddress;': (vm: VM, t: JThread, _self: JObject, host: JObject | null) => lookupAll(vm, t, host, false),
  'lookupAllHostAddr(Ljava/lang/String;I)[Ljava/net/InetAddress;': (vm: VM, t: JThread, _self: JObject, host: JObject | null, characteristics: number) => lookupWithPolicy(vm, t, host, characteristics),
  'getHostByAddr([B)Ljava/lang/String;': (vm: VM, _t: JThread, _self: JObject, addr: JObject | null) => reverse(vm, addr),
  'isReachable0([BII[BII)Z': (_vm: VM, _t: JThread, _self: JObject, addr: JObject | null) => reachable(addr),
};

export const inet4Natives: NativeTable = {
  'getLocalHostName()Ljava/lang/String;': (vm: VM) => localHostName(vm),
  'lookupAllHostAddr(Ljava/lang/String;)[Ljava/net/InetAddress;': (vm: VM, t: JThread, _self: JObject, host: JObject | null) => lookupAll(vm, t, host, true),
  'lookupAllHostAddr(Ljava/lang/String;I)[Ljava/net/InetAddress;': (vm: VM, t: JThread, _self: JObject, host: JObject | null, characteristics: number) => lookupWithPolicy(vm, t, host, characteristics & ~IPV6),
  'getHostByAddr([B)Ljava/lang/String;': (vm: VM, _t: JThread, _self: JObject, addr: JObject | null) => reverse(vm, addr),
  'isReachable0([BI[BI)Z': (_vm: VM, _t: JThread, _self: JObject, addr: JObject | null) => reachable(addr),
};

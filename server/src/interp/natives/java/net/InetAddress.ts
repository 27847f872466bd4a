// Natives of java.net.InetAddress, Inet4Address, Inet6Address and InetAddressImplFactory, and
// the VM-side making and reading of InetAddress objects (as libnet's C code does through JNI:
// the object's holders filled in directly).

import type { JArray, JObject } from '../../../object';
import type { JThread } from '../../../thread';
import type { VM } from '../../../vm';
import type { NativeTable } from '../../registry';
import { getField, setField } from '../../util';
import type { RawAddress } from '../../host/resolver';

/** InetAddress.IPv4 / IPv6 (the holder's family). */
const IPV4 = 1;
const IPV6 = 2;

const INET = 'java/net/InetAddress';
const HOLDER = 'java/net/InetAddress$InetAddressHolder';
const INET4 = 'java/net/Inet4Address';
const INET6 = 'java/net/Inet6Address';
const HOLDER6 = 'java/net/Inet6Address$Inet6AddressHolder';

/** Runs `then` once the named boot classes are initialised (their <clinit> may run first). */
export function withClasses(vm: VM, t: JThread, names: string[], then: () => unknown): unknown {
  if (names.length === 0) return then();
  return vm.initializeThen(t, vm.classes.loadBoot(names[0]), () => withClasses(vm, t, names.slice(1), then));
}

/** The classes newInet needs initialised. */
export const INET_CLASSES = [INET, INET4, INET6];

/**
 * A new Inet4Address (4 bytes) or Inet6Address (16 bytes; `scope` > 0 sets its scope id) whose
 * host name is `host` (null: none yet, a reverse lookup finds it). The classes must be
 * initialised (withClasses).
 */
export function newInet(vm: VM, host: string | null, raw: RawAddress, scope = 0): JObject {
  const v4 = raw.length === 4;
  const o = vm.allocObject(vm.classes.loadBoot(v4 ? INET4 : INET6));
  const h = vm.allocObject(vm.classes.loadBoot(HOLDER));
  const hostObj = host === null ? null : vm.newString(host);
  setField(vm, h, HOLDER, 'hostName', hostObj);
  setField(vm, h, HOLDER, 'originalHostName', hostObj);
  setField(vm, h, HOLDER, 'family', v4 ? IPV4 : IPV6);
  setField(vm, h, HOLDER, 'address', v4 ? ((raw[0] << 24) | (raw[1] << 16) | (raw[2] << 8) | raw[3]) : 0);
  setField(vm, o, INET, 'holder', h);
  if (!v4) {
    const h6 = vm.allocObject(vm.classes.loadBoot(HOLDER6));
    setField(vm, h6, HOLDER6, 'ipaddress', vm.newArray('B', Int8Array.from(raw)));
    if (scope > 0) {
      setField(vm, h6, HOLDER6, 'scope_id', scope);
      setField(vm, h6, HOLDER6, 'scope_id_set', 1);
    }
    setField(vm, o, INET6, 'holder6', h6);
  }
  return o;
}

/** The address bytes (4 or 16) and scope id of an InetAddress. */
export function readInet(vm: VM, o: JObject): { raw: RawAddress; scope: number } {
  const h = getField(vm, o, INET, 'holder') as JObject;
  if ((getField(vm, h, HOLDER, 'family') as number) === IPV4) {
    const a = getField(vm, h, HOLDER, 'address') as number;
    return { raw: Uint8Array.of(a >>> 24, (a >>> 16) & 0xff, (a >>> 8) & 0xff, a & 0xff), scope: 0 };
  }
  const h6 = getField(vm, o, INET6, 'holder6') as JObject;
  const bytes = (getField(vm, h6, HOLDER6, 'ipaddress') as JArray).data as Int8Array;
  return { raw: new Uint8Array(bytes.buffer, bytes.byteOffset, 16).slice(), scope: getField(vm, h6, HOLDER6, 'scope_id') as number };
}

export const natives: NativeTable = {
  'init()V': () => undefined,
  // JDK 22+ asks InetAddress itself (before: InetAddressImplFactory, below); as on a Linux host
  // with both IPv4 and IPv6.
  'isIPv4Available()Z': () => 1,
  'isIPv6Supported()Z': () => 1,
};

export const inet4Natives: NativeTable = {
  'init()V': () => undefined,
};

export const inet6Natives: NativeTable = {
  'init()V': () => undefined,
};

export const factoryNatives: NativeTable = {
  // As on a Linux host with IPv6 (java then uses Inet6AddressImpl, and dual-stack sockets).
  'isIPv6Supported()Z': () => 1,
};

// Natives of java.net.NetworkInterface, from the host's interfaces as libnet sees them on
// Linux: IPv4 addresses from node's os.networkInterfaces() (getifaddrs; node leaves out
// interfaces that are down), IPv6 addresses from /proc/net/if_inet6, flags, MTU and MAC from
// /sys/class/net/<name>. libnet prepends what it finds, so interfaces and addresses come out
// in the reverse order of discovery (IPv6 addresses before IPv4), and an IPv6 address carries
// its interface as scope.

import * as fs from 'node:fs';
import * as os from 'node:os';
import type { JArray, JObject } from '../../../object';
import { VmError } from '../../../signals';
import type { JThread } from '../../../thread';
import type { VM } from '../../../vm';
import type { NativeTable } from '../../registry';
import { bool, nonNull, setField, str } from '../../util';
import { parseNumeric, type RawAddress } from '../../host/resolver';
import { INET_CLASSES, newInet, readInet, withClasses } from './InetAddress';

interface IfAddr {
  raw: RawAddress;
  prefix: number;
  broadcast: RawAddress | null;
}

interface Iface {
  name: string;
  index: number;
  addrs: IfAddr[];
}

const IFF_UP = 0x1;
const IFF_BROADCAST = 0x2;
const IFF_LOOPBACK = 0x8;
const IFF_POINTOPOINT = 0x10;
const IFF_MULTICAST = 0x1000;

const NI = 'java/net/NetworkInterface';
const IA = 'java/net/InterfaceAddress';
const HOLDER6 = 'java/net/Inet6Address$Inet6AddressHolder';

function sys(name: string, file: string): string | null {
  try {
    return fs.readFileSync(`/sys/class/net/${name}/${file}`, 'utf8').trim();
  } catch {
    return null;
  }
}

function flagsOf(name: string): number {
  const f = sys(name, 'flags');
  if (f === null) throw new VmError('java/net/SocketException', 'No such device (ioctl(SIOCGIFFLAGS) failed)');
  return parseInt(f, 16);
}

function indexOf(name: string): number {
  return Number(sys(name, 'ifindex') ?? 0);
}

/** The interfaces in libnet's order. */
function interfaces(): Iface[] {
  const found: Iface[] = [];
  const get = (name: string, index: number): Iface => {
    let i = found.find((x) => x.name === name);
    if (i === undefined) found.push((i = { name, index, addrs: [] }));
    return i;
  };
  const v4 = Object.entries(os.networkInterfaces())
    .map(([name, list]) => ({ name, index: indexOf(name), list: (list ?? []).filter((a) => a.family === 'IPv4') }))
    .filter((x) => x.list.length > 0)
    .sort((a, b) => a.index - b.index);
  for (const x of v4) {
    const i = get(x.name, x.index);
    const brd = (flagsOf(x.name) & IFF_BROADCAST) !== 0;
    for (const a of x.list) {
      const raw = parseNumeric(a.address)!;
      const mask = parseNumeric(a.netmask)!;
      const prefix = Number(a.cidr?.split('/')[1] ?? 32);
      i.addrs.push({ raw, prefix, broadcast: brd ? raw.map((b, k) => b | (~mask[k] & 0xff)) : null });
    }
  }
  let if6 = '';
  try {
    if6 = fs.readFileSync('/proc/net/if_inet6', 'utf8');
  } catch {
    // no IPv6
  }
  for (const line of if6.split('\n')) {
    const f = line.trim().split(/\s+/);
    if (f.length < 6) continue;
    const raw = Uint8Array.from(f[0].match(/../g)!.map((h) => parseInt(h, 16)));
    get(f[5], parseInt(f[1], 16)).addrs.push({ raw, prefix: parseInt(f[2], 16), broadcast: null });
  }
  for (const i of found) i.addrs.reverse();
  return found.reverse();
}

function sameRaw(a: RawAddress, b: RawAddress): boolean {
  return a.length === b.length && a.every((x, k) => x === b[k]);
}

/** Builds the NetworkInterface object of `i` (its classes initialised). */
function toJava(vm: VM, i: Iface): JObject {
  const ni = vm.allocObject(vm.classes.loadBoot(NI));
  const name = vm.newString(i.name);
  setField(vm, ni, NI, 'name', name);
  setField(vm, ni, NI, 'displayName', name);
  setField(vm, ni, NI, 'index', i.index);
  const addrs: JObject[] = [];
  const bindings: JObject[] = [];
  for (const a of i.addrs) {
    const ia = newInet(vm, null, a.raw, a.raw.length === 16 ? i.index : 0);
    if (a.raw.length === 16) {
      const h6 = (ia as unknown as Record<string, unknown>)[vm.field(vm.classes.loadBoot('java/net/Inet6Address'), 'holder6').key] as JObject;
      setField(vm, h6, HOLDER6, 'scope_ifname', ni);
      setField(vm, h6, HOLDER6, 'scope_ifname_set', 1);
    }
    addrs.push(ia);
    const b = vm.allocObject(vm.classes.loadBoot(IA));
    setField(vm, b, IA, 'address', ia);
    setField(vm, b, IA, 'broadcast', a.broadcast === null ? null : newInet(vm, null, a.broadcast));
    setField(vm, b, IA, 'maskLength', a.prefix);
    bindings.push(b);
  }
  setField(vm, ni, NI, 'addrs', vm.newObjectArray(vm.classes.loadBoot('java/net/InetAddress'), addrs));
  setField(vm, ni, NI, 'bindings', vm.newObjectArray(vm.classes.loadBoot(IA), bindings));
  setField(vm, ni, NI, 'childs', vm.newObjectArray(vm.classes.loadBoot(NI), []));
  return ni;
}

function build(vm: VM, t: JThread, pick: (all: Iface[]) => Iface[], single: boolean): unknown {
  return withClasses(vm, t, [...INET_CLASSES, NI, IA], () => {
    const chosen = pick(interfaces()).map((i) => toJava(vm, i));
    if (single) return chosen[0] ?? null;
    return vm.newObjectArray(vm.classes.loadBoot(NI), chosen);
  });
}

function hasAddress(i: Iface, raw: RawAddress): boolean {
  return i.addrs.some((a) => sameRaw(a.raw, raw));
}

function named(vm: VM, name: JObject | null): string {
  return str(vm, name);
}

export const natives: NativeTable = {
  'init()V': () => undefined,
  'getAll()[Ljava/net/NetworkInterface;': (vm: VM, t: JThread) => build(vm, t, (all) => all, false),
  'getByName0(Ljava/lang/String;)Ljava/net/NetworkInterface;': (vm: VM, t: JThread, name: JObject | null) => {
    const n = named(vm, name);
    return build(vm, t, (all) => all.filter((i) => i.name === n), true);
  },
  'getByIndex0(I)Ljava/net/NetworkInterface;': (vm: VM, t: JThread, index: number) => build(vm, t, (all) => all.filter((i) => i.index === index), true),
  'getByInetAddress0(Ljava/net/InetAddress;)Ljava/net/NetworkInterface;': (vm: VM, t: JThread, addr: JObject | null) => {
    const raw = readInet(vm, nonNull(addr)).raw;
    return build(vm, t, (all) => all.filter((i) => hasAddress(i, raw)), true);
  },
  'boundInetAddress0(Ljava/net/InetAddress;)Z': (vm: VM, _t: JThread, addr: JObject | null) => {
    const raw = readInet(vm, nonNull(addr)).raw;
    return bool(interfaces().some((i) => hasAddress(i, raw)));
  },
  'isUp0(Ljava/lang/String;I)Z': (vm: VM, _t: JThread, name: JObject | null) => {
    const n = named(vm, name);
    return bool((flagsOf(n) & IFF_UP) !== 0 && sys(n, 'carrier') === '1');
  },
  'isLoopback0(Ljava/lang/String;I)Z': (vm: VM, _t: JThread, name: JObject | null) => bool((flagsOf(named(vm, name)) & IFF_LOOPBACK) !== 0),
  'supportsMulticast0(Ljava/lang/String;I)Z': (vm: VM, _t: JThread, name: JObject | null) => bool((flagsOf(named(vm, name)) & IFF_MULTICAST) !== 0),
  'isP2P0(Ljava/lang/String;I)Z': (vm: VM, _t: JThread, name: JObject | null) => bool((flagsOf(named(vm, name)) & IFF_POINTOPOINT) !== 0),
  'getMacAddr0([BLjava/lang/String;I)[B': (vm: VM, _t: JThread, _addr: JArray | null, name: JObject | null) => {
    const mac = sys(named(vm, name), 'address');
    if (mac === null) return null;
    const bytes = mac.split(':').map((h) => parseInt(h, 16));
    if (bytes.length !== 6 || bytes.every((b) => b === 0)) return null;
    return vm.newArray('B', Int8Array.from(bytes));
  },
  'getMTU0(Ljava/lang/String;I)I': (vm: VM, _t: JThread, name: JObject | null) => {
    const mtu = sys(named(vm, name), 'mtu');
    if (mtu === null) throw new VmError('java/net/SocketException', 'No such device (ioctl(SIOCGIFMTU) failed)');
    return Number(mtu);
  },
};

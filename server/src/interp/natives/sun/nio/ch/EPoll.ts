// Natives of sun.nio.ch.EPoll and EventFD (the Linux Selector, EPollSelectorImpl) over the in-VM
// loopback network: an epoll instance and an eventfd are virtual descriptors too; epoll_wait
// reports the registered sockets that are ready (level-triggered), parking the Java thread until
// one is or the timeout ends. Host descriptors (files, pipes) cannot be registered.

import type { JThread } from '../../../../thread';
import type { VM } from '../../../../vm';
import type { NativeTable } from '../../../registry';
import { toNumber, type Long } from '../../../../long';
import { memory } from '../../../jdk/internal/misc/memory';
import { loopbackOf, POLLNVAL, type VSocket } from '../../../host/loopback';
import { waitFor } from './Net';

/** struct epoll_event on x86-64: packed, a 32-bit event mask then the 64-bit data (the fd). */
const EVENT_SIZE = 12;
const EVENTS_OFFSET = 0;
const DATA_OFFSET = 4;

const EPOLL_CTL_ADD = 1;
const EPOLL_CTL_DEL = 2;
const EPOLL_CTL_MOD = 3;
const ENOENT = 2;
const EBADF = 9;
const EEXIST = 17;
const EPERM = 1;

/** The ready registered descriptors of epoll instance `ep`: [fd, events]. */
function ready(vm: VM, ep: VSocket, max: number): [number, number][] {
  const net = loopbackOf(vm);
  const out: [number, number][] = [];
  for (const [fd, events] of ep.interest!) {
    const s = net.find(fd);
    if (s === undefined) continue;
    const r = net.poll(s, events);
    if (r !== 0 && (r & POLLNVAL) === 0) out.push([fd, r]);
    if (out.length >= max) break;
  }
  return out;
}

export const natives: NativeTable = {
  'eventSize()I': () => EVENT_SIZE,
  'eventsOffset()I': () => EVENTS_OFFSET,
  'dataOffset()I': () => DATA_OFFSET,
  'create()I': (vm: VM) => loopbackOf(vm).epoll().fd,
  'ctl(IIII)I': (vm: VM, _t: JThread, epfd: number, op: number, fd: number, events: number) => {
    const net = loopbackOf(vm);
    const ep = net.find(epfd);
    if (ep === undefined || ep.interest === null) return EBADF;
    if (!net.isVirtual(fd)) return EPERM;
    const m = ep.interest;
    if (op === EPOLL_CTL_ADD) {
      if (m.has(fd)) return EEXIST;
      m.set(fd, events);
    } else if (op === EPOLL_CTL_MOD) {
      if (!m.has(fd)) return ENOENT;
      m.set(fd, events);
    } else if (op === EPOLL_CTL_DEL) {
      if (!m.delete(fd)) return ENOENT;
    }
    return 0;
  },
  'wait(IJII)I': (vm: VM, t: JThread, epfd: number, addr: Long, numfds: number, timeout: number) => {
    const net = loopbackOf(vm);
    const ep = net.get(epfd);
    const base = toNumber(addr);
    const attempt = (): [number, number][] | null => {
      const r = ready(vm, ep, numfds);
      return r.length > 0 ? r : null;
    };
    const write = (r: [number, number][]): number => {
      r.forEach(([fd, ev], i) => {
        const dv = memory.view(base + i * EVENT_SIZE, EVENT_SIZE);
        const off = memory.offsetIn(base + i * EVENT_SIZE);
        dv.setUint32(off + EVENTS_OFFSET, ev, true);
        dv.setBigUint64(off + DATA_OFFSET, BigInt(fd), true);
      });
      return r.length;
    };
    // Woken by a change of any registered socket (or of the instance itself).
    const watched = (): VSocket[] => [ep, ...[...ep.interest!.keys()].map((fd) => net.find(fd)).filter((s): s is VSocket => s !== undefined)];
    return waitFor(vm, t, watched, attempt, timeout < 0 ? -1 : timeout, () => 0, write);
  },
};

export const eventFdNatives: NativeTable = {
  'eventfd0()I': (vm: VM) => loopbackOf(vm).eventfd().fd,
  'set0(I)I': (vm: VM, _t: JThread, efd: number) => {
    const s = loopbackOf(vm).get(efd);
    s.counter++;
    s.wake();
    return 0;
  },
};

// The embedded JVM's in-VM loopback network: TCP sockets between endpoints of the same program
// (a ServerSocket on 127.0.0.1 and a client in another thread), and UDP datagrams between its
// DatagramSockets, served entirely in memory, so runs stay deterministic and the worker never
// needs asynchronous I/O. A socket is a numbered
// descriptor above the host's (VIRTUAL_FD_BASE), with the state the kernel would keep:
// bound address and port, a listener's queue of established connections (connect completes
// at once, before accept, as with a listen backlog), and per connection an inbound byte queue
// with end-of-stream. Writes never block (the queues have no limit). A blocking operation
// (read, accept, poll) parks the Java thread in the scheduler until a peer's action wakes it
// (or its timeout ends), never the worker.
//
// Addresses are kept as 16 bytes, IPv4 as IPv4-mapped (::ffff:a.b.c.d), as a dual-stack
// socket on Linux sees them; a socket of the IPv4 family (StandardProtocolFamily.INET) reports
// them as IPv4. Only loopback and wildcard addresses can be bound; a connection to a port no
// socket of the program listens on is refused (ConnectException "Connection refused"), also
// for other hosts, and a datagram no socket of the program is bound to receive is lost:
// nothing leaves the VM (docs/INTERPRETER.md).

import { VmError } from '../../signals';
import { ThreadState, type JThread } from '../../thread';

/** First descriptor number of a virtual socket (below IOUtil.fdLimit, above any host fd). */
export const VIRTUAL_FD_BASE = 0x70000;
/** First ephemeral port handed out (Linux's ip_local_port_range starts there). */
const EPHEMERAL_FIRST = 32768;
const EPHEMERAL_LAST = 60999;

/** A datagram waiting to be received: its bytes and its sender. */
export interface Datagram {
  data: Uint8Array;
  from: Uint8Array;
  port: number;
}

export class VSocket {
  /** Local address (16 bytes) and port; port 0 while unbound. */
  local: Uint8Array = new Uint8Array(16);
  localPort = 0;
  remote: Uint8Array = new Uint8Array(16);
  remotePort = 0;
  blocking = true;
  listening = false;
  /** An epoll instance's interest list (fd → events); null for other descriptors. */
  interest: Map<number, number> | null = null;
  /** An eventfd's counter; -1 for other descriptors. */
  counter = -1;
  /** A connected UDP socket's local address before connect. */
  unconnectedLocal: Uint8Array | null = null;
  /** Datagrams not received yet (UDP). */
  readonly datagrams: Datagram[] = [];
  /** Established connections waiting for accept (listener). */
  readonly backlog: VSocket[] = [];
  peer: VSocket | null = null;
  connected = false;
  /** Inbound bytes not read yet. */
  private chunks: Uint8Array[] = [];
  private head = 0;
  available = 0;
  /** The peer shut its output down (or closed): reads end after the queued bytes. */
  inputEnded = false;
  readShut = false;
  writeShut = false;
  closed = false;
  /**
   * Pre-closed (FileDispatcherImpl.preClose0, while threads are blocked on it): Linux dup2s a
   * socket at end of stream onto the descriptor, so blocked operations end (reads at end of
   * stream, accept fails, writes get EPIPE) until the last one leaves and close0 closes it.
   */
  preClosed = false;
  /** The port is reserved by this socket (bound explicitly or a listener; not an accepted one). */
  ownsPort = false;
  /** Threads blocked on this socket (woken by any change). */
  readonly waiters = new Set<JThread>();
  /** Integer socket options (level:name → value). */
  readonly options = new Map<string, number>();

  constructor(
    readonly fd: number,
    /** Dual-stack (IPv6 family) socket; false: IPv4 only. */
    readonly v6: boolean,
    readonly stream: boolean,
  ) {}

  push(data: Uint8Array): void {
    if (data.length === 0) return;
    this.chunks.push(data);
    this.available += data.length;
    this.wake();
  }

  /** Copies up to into.length queued bytes; returns how many. */
  take(into: Uint8Array): number {
    let n = 0;
    while (n < into.length && this.chunks.length > 0) {
      const c = this.chunks[0];
      const k = Math.min(into.length - n, c.length - this.head);
      into.set(c.subarray(this.head, this.head + k), n);
      n += k;
      this.head += k;
      if (this.head === c.length) {
        this.chunks.shift();
        this.head = 0;
      }
    }
    this.available -= n;
    return n;
  }

  wake(): void {
    for (const t of this.waiters) {
      if (t.state === ThreadState.Waiting || t.state === ThreadState.TimedWaiting) t.state = ThreadState.Runnable;
    }
  }
}

export function mapped4(a: Uint8Array): boolean {
  for (let i = 0; i < 10; i++) if (a[i] !== 0) return false;
  return a[10] === 0xff && a[11] === 0xff;
}

function isAny(a: Uint8Array): boolean {
  return a.every((x) => x === 0) || (mapped4(a) && a[12] === 0 && a[13] === 0 && a[14] === 0 && a[15] === 0);
}

function isLoopback16(a: Uint8Array): boolean {
  if (mapped4(a)) return a[12] === 127;
  for (let i = 0; i < 15; i++) if (a[i] !== 0) return false;
  return a[15] === 1;
}

function same(a: Uint8Array, b: Uint8Array): boolean {
  for (let i = 0; i < 16; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** 4 or 16 bytes → the 16-byte form (IPv4 mapped; the IPv4 wildcard on a dual-stack socket is ::). */
export function to16(raw: Uint8Array, v6socket: boolean): Uint8Array {
  if (raw.length === 16) return raw.slice();
  const out = new Uint8Array(16);
  if (v6socket && raw.every((x) => x === 0)) return out;
  out[10] = out[11] = 0xff;
  out.set(raw, 12);
  return out;
}

/** The address as the socket's family reports it: 4 bytes for IPv4 (mapped or on an IPv4 socket). */
export function reported(s: VSocket, a: Uint8Array): Uint8Array {
  if (mapped4(a)) return a.slice(12);
  if (!s.v6 && a.every((x) => x === 0)) return new Uint8Array(4);
  return a.slice();
}

function ioError(msg: string): VmError {
  return new VmError('java/io/IOException', msg);
}

export class LoopbackNet {
  private readonly sockets = new Map<number, VSocket>();
  private nextFd = VIRTUAL_FD_BASE;
  private nextPort = EPHEMERAL_FIRST;

  isVirtual(fd: number): boolean {
    return fd >= VIRTUAL_FD_BASE;
  }

  socket(v6: boolean, stream: boolean): VSocket {
    const s = new VSocket(this.nextFd++, v6, stream);
    this.sockets.set(s.fd, s);
    return s;
  }

  /** A new epoll instance (sun/nio/ch/EPoll.ts). */
  epoll(): VSocket {
    const s = this.socket(false, false);
    s.interest = new Map();
    return s;
  }

  /** A new eventfd (a Selector's wake-up). */
  eventfd(): VSocket {
    const s = this.socket(false, false);
    s.counter = 0;
    return s;
  }

  /** Zeroes an eventfd's counter (IOUtil.drain); true when it was not zero. */
  drain(s: VSocket): boolean {
    const was = s.counter > 0;
    s.counter = 0;
    return was;
  }

  find(fd: number): VSocket | undefined {
    return this.sockets.get(fd);
  }

  get(fd: number): VSocket {
    const s = this.sockets.get(fd);
    if (s === undefined) throw ioError('Bad file descriptor');
    return s;
  }

  /** TCP and UDP have separate ports. */
  private portInUse(port: number, addr: Uint8Array, stream: boolean): boolean {
    for (const s of this.sockets.values()) {
      if (!s.ownsPort || s.localPort !== port || s.closed || s.stream !== stream) continue;
      if (isAny(s.local) || isAny(addr) || same(s.local, addr)) return true;
    }
    return false;
  }

  private ephemeral(addr: Uint8Array, stream: boolean): number {
    const span = EPHEMERAL_LAST - EPHEMERAL_FIRST + 1;
    for (let i = 0; i < span; i++) {
      const p = this.nextPort;
      this.nextPort = p === EPHEMERAL_LAST ? EPHEMERAL_FIRST : p + 1;
      if (!this.portInUse(p, addr, stream)) return p;
    }
    throw new VmError('java/net/BindException', 'Address already in use');
  }

  bind(s: VSocket, raw: Uint8Array, port: number): void {
    if (s.localPort !== 0) throw new VmError('java/net/SocketException', 'Invalid argument');
    const addr = to16(raw, s.v6);
    if (!s.v6 && raw.length === 16 && !mapped4(raw)) throw new VmError('java/net/SocketException', 'Protocol family unavailable');
    if (!isAny(addr) && !isLoopback16(addr)) throw new VmError('java/net/BindException', 'Cannot assign requested address');
    if (port !== 0 && this.portInUse(port, addr, s.stream)) throw new VmError('java/net/BindException', 'Address already in use');
    s.local = addr;
    s.localPort = port !== 0 ? port : this.ephemeral(addr, s.stream);
    s.ownsPort = true;
  }

  listen(s: VSocket): void {
    if (s.localPort === 0) this.bind(s, new Uint8Array(16), 0);
    s.listening = true;
  }

  /** Connects `s` to raw:port; a listener of this program must be there. */
  connect(s: VSocket, raw: Uint8Array, port: number): void {
    if (s.connected && s.stream) throw new VmError('java/net/SocketException', 'Transport endpoint is already connected');
    const dest = this.destination(s, raw);
    if (!s.stream) {
      // UDP: only sets the peer (and binds the socket if it is not yet).
      if (s.localPort === 0) this.bind(s, new Uint8Array(s.v6 ? 16 : 4), 0);
      s.unconnectedLocal = s.local.slice();
      if (isAny(s.local)) s.local = dest.slice();
      s.remote = dest.slice();
      s.remotePort = port;
      s.connected = true;
      return;
    }
    const v4dest = mapped4(dest);
    let listener: VSocket | undefined;
    if (isLoopback16(dest)) {
      for (const l of this.sockets.values()) {
        if (!l.listening || l.closed || l.localPort !== port) continue;
        if (isAny(l.local) ? l.v6 || v4dest : same(l.local, dest)) {
          listener = l;
          break;
        }
      }
    }
    if (listener === undefined) throw new VmError('java/net/ConnectException', 'Connection refused');
    if (s.localPort === 0) {
      s.local = dest.slice();
      s.localPort = this.ephemeral(dest, true);
      s.ownsPort = true;
    } else if (isAny(s.local)) s.local = dest.slice();
    const a = new VSocket(this.nextFd++, listener.v6, true);
    a.local = dest.slice();
    a.localPort = port;
    a.remote = s.local.slice();
    a.remotePort = s.localPort;
    a.peer = s;
    a.connected = true;
    s.remote = dest.slice();
    s.remotePort = port;
    s.peer = a;
    s.connected = true;
    this.sockets.set(a.fd, a);
    listener.backlog.push(a);
    listener.wake();
  }

  /** raw (4 or 16 bytes) as a 16-byte destination: the wildcard address reaches the local host (Linux). */
  private destination(s: VSocket, raw: Uint8Array): Uint8Array {
    const dest = to16(raw, s.v6);
    if (!isAny(dest)) return dest;
    return mapped4(dest) || !s.v6 ? to16(Uint8Array.of(127, 0, 0, 1), false) : to16(Uint8Array.of(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1), true);
  }

  /**
   * Sends a datagram from `s` to raw:port (binding `s` first if it is not yet). It reaches the
   * program's socket bound there, unless that one is connected to another peer; otherwise it
   * is lost, as UDP allows (nothing leaves the VM).
   */
  sendTo(s: VSocket, data: Uint8Array, raw: Uint8Array, port: number): number {
    if (s.closed) throw ioError('Bad file descriptor');
    if (s.localPort === 0) this.bind(s, new Uint8Array(s.v6 ? 16 : 4), 0);
    const dest = this.destination(s, raw);
    const from = isAny(s.local) ? dest : s.local;
    const v4dest = mapped4(dest);
    if (!isLoopback16(dest)) return data.length;
    for (const r of this.sockets.values()) {
      if (r.stream || r.closed || r.localPort !== port) continue;
      if (!(isAny(r.local) ? r.v6 || v4dest : same(r.local, dest))) continue;
      if (r.connected && (r.remotePort !== s.localPort || !same(r.remote, from))) continue;
      r.datagrams.push({ data: data.slice(), from: from.slice(), port: s.localPort });
      r.wake();
      break;
    }
    return data.length;
  }

  /** The next datagram for `s`, or null when none is there yet. */
  receive(s: VSocket): Datagram | null {
    if (s.localPort === 0) this.bind(s, new Uint8Array(s.v6 ? 16 : 4), 0);
    return s.datagrams.shift() ?? null;
  }

  /**
   * A UDP socket forgets its peer, and is bound to the address it had before (Linux resets an
   * ephemeral port too, and java binds it again: the same outcome).
   */
  disconnect(s: VSocket): void {
    if (s.unconnectedLocal !== null) s.local = s.unconnectedLocal;
    s.unconnectedLocal = null;
    s.connected = false;
    s.remote = new Uint8Array(16);
    s.remotePort = 0;
  }

  /** The next established connection of listener `s`, or null when there is none yet. */
  accept(s: VSocket): VSocket | null {
    if (!s.listening) throw new VmError('java/net/SocketException', 'Invalid argument');
    return s.backlog.shift() ?? null;
  }

  write(s: VSocket, data: Uint8Array): number {
    if (s.closed) throw ioError('Bad file descriptor');
    if (s.preClosed) throw ioError('Broken pipe');
    if (!s.connected) throw new VmError('java/net/SocketException', 'Transport endpoint is not connected');
    if (s.writeShut) throw ioError('Broken pipe');
    const p = s.peer;
    if (p === null || p.closed) throw ioError('Broken pipe');
    if (!p.readShut) p.push(data.slice());
    return data.length;
  }

  /** Bytes read, 0 at end of stream, or null when none are there yet. */
  read(s: VSocket, into: Uint8Array): number | null {
    if (s.closed || s.preClosed) return 0;
    if (!s.connected) throw new VmError('java/net/SocketException', 'Transport endpoint is not connected');
    if (into.length === 0) return 0;
    if (s.available > 0 && !s.readShut) return s.take(into);
    if (s.inputEnded || s.readShut) return 0;
    return null;
  }

  /** Poll events (Linux values) ready on `s` among `events`, plus errors/hang-up. */
  poll(s: VSocket, events: number): number {
    if (s.closed) return POLLNVAL;
    if (s.preClosed) return (events & POLLIN) | POLLHUP;
    let r = 0;
    if (s.counter >= 0) {
      if (s.counter > 0) r |= POLLIN;
      r |= POLLOUT;
    } else if (s.interest !== null) {
      // (An epoll instance is not itself polled.)
    } else if (!s.stream) {
      if (s.datagrams.length > 0) r |= POLLIN;
      r |= POLLOUT;
    } else if (s.listening) {
      if (s.backlog.length > 0) r |= POLLIN;
    } else if (s.connected) {
      if (s.available > 0 || s.inputEnded || s.readShut) r |= POLLIN;
      if (!s.writeShut) r |= POLLOUT;
      if (s.inputEnded && (s.peer === null || s.peer.closed)) r |= POLLHUP;
    } else r |= POLLOUT | POLLHUP;
    return r & (events | POLLERR | POLLHUP | POLLNVAL);
  }

  shutdown(s: VSocket, how: number): void {
    if (!s.connected) throw new VmError('java/net/SocketException', 'Transport endpoint is not connected');
    if (how === 0 || how === 2) {
      s.readShut = true;
      s.wake();
    }
    if (how === 1 || how === 2) {
      s.writeShut = true;
      if (s.peer !== null) {
        s.peer.inputEnded = true;
        s.peer.wake();
      }
    }
  }

  /** FileDispatcherImpl.preClose0: blocked operations on the descriptor end (VSocket.preClosed). */
  preClose(fd: number): void {
    const s = this.sockets.get(fd);
    if (s === undefined) return;
    s.preClosed = true;
    s.wake();
  }

  /** Closes the descriptor: the peer sees end of stream, a listener's queued connections end. */
  close(fd: number): void {
    const s = this.sockets.get(fd);
    if (s === undefined) return;
    this.sockets.delete(fd);
    s.closed = true;
    s.ownsPort = false;
    if (s.peer !== null) {
      s.peer.inputEnded = true;
      s.peer.wake();
    }
    for (const c of s.backlog.splice(0)) {
      this.sockets.delete(c.fd);
      c.closed = true;
      if (c.peer !== null) {
        c.peer.inputEnded = true;
        c.peer.wake();
      }
    }
    s.wake();
  }
}

// Linux poll(2) event bits (sun.nio.ch.Net.pollinValue...).
export const POLLIN = 0x1;
export const POLLOUT = 0x4;
export const POLLERR = 0x8;
export const POLLHUP = 0x10;
export const POLLNVAL = 0x20;

const nets = new WeakMap<object, LoopbackNet>();

/** The loopback network of VM `vm`. */
export function loopbackOf(vm: object): LoopbackNet {
  let n = nets.get(vm);
  if (n === undefined) nets.set(vm, (n = new LoopbackNet()));
  return n;
}

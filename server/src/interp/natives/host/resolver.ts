// Host name resolution for java.net.InetAddress, synchronous (the interpreter runs in a worker
// thread and a native cannot await): names in /etc/hosts are answered from it (as glibc's
// "files" source, first in nsswitch.conf everywhere in practice); any other name goes to the
// OS resolver through `getent ahosts` (glibc's getaddrinfo with the system's nsswitch
// configuration: DNS, mDNS...), run synchronously. When getent is missing or fails, the name
// is unknown ("Name or service not known", gai_strerror(EAI_NONAME), as java's message says).
// Reverse lookups (getHostByAddr) the same way: /etc/hosts, then `getent hosts <address>`.

import { childProcess } from '../../../engine/child-process';
import * as fs from 'node:fs';

/** An address: 4 bytes (IPv4) or 16 (IPv6). */
export type RawAddress = Uint8Array;

interface HostsEntry {
  addr: RawAddress;
  names: string[];
}

const HOSTS_FILE = '/etc/hosts';
/** Longest a getent lookup may take (the resolver's own timeouts are shorter). */
const GETENT_TIMEOUT_MS = 30_000;

/** Parses an IPv4 dotted quad or an IPv6 literal as /etc/hosts and getent print them. */
export function parseNumeric(s: string): RawAddress | null {
  const pct = s.indexOf('%');
  if (pct >= 0) s = s.slice(0, pct);
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(s);
  if (v4) {
    const b = v4.slice(1).map(Number);
    return b.every((x) => x <= 255) ? Uint8Array.from(b) : null;
  }
  if (!s.includes(':')) return null;
  const lastColon = s.lastIndexOf(':');
  if (s.slice(lastColon + 1).includes('.')) {
    // An embedded dotted quad (::ffff:10.0.0.1) stands for the last two groups.
    const q = parseNumeric(s.slice(lastColon + 1));
    if (q === null || q.length !== 4) return null;
    s = `${s.slice(0, lastColon + 1)}${((q[0] << 8) | q[1]).toString(16)}:${((q[2] << 8) | q[3]).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const group = (h: string): number[] | null => {
    if (h === '') return [];
    const out: number[] = [];
    for (const g of h.split(':')) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
      out.push(parseInt(g, 16));
    }
    return out;
  };
  const head = group(halves[0]);
  const rest = halves.length === 2 ? group(halves[1]) : [];
  if (head === null || rest === null) return null;
  const total = head.length + rest.length;
  if (halves.length === 2 ? total > 7 : total !== 8) return null;
  const words = [...head, ...new Array<number>(8 - total).fill(0), ...rest];
  const out = new Uint8Array(16);
  words.forEach((w, i) => {
    out[2 * i] = w >> 8;
    out[2 * i + 1] = w & 0xff;
  });
  return out;
}

function readHosts(): HostsEntry[] {
  let text: string;
  try {
    text = fs.readFileSync(HOSTS_FILE, 'utf8');
  } catch {
    return [];
  }
  const out: HostsEntry[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*/, '').trim();
    if (line === '') continue;
    const [a, ...names] = line.split(/\s+/);
    const addr = parseNumeric(a);
    if (addr !== null && names.length > 0) out.push({ addr, names });
  }
  return out;
}

function sameAddress(a: RawAddress, b: RawAddress): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function addUnique(list: RawAddress[], a: RawAddress): void {
  if (!list.some((x) => sameAddress(x, a))) list.push(a);
}

function getent(args: string[]): string | null {
  try {
    const r = childProcess().spawnSync('getent', args, { encoding: 'utf8', timeout: GETENT_TIMEOUT_MS, stdio: ['ignore', 'pipe', 'ignore'] });
    return r.status === 0 ? r.stdout : null;
  } catch {
    return null;
  }
}

/**
 * The addresses of host `name` (not a literal), in the resolver's order, duplicates removed;
 * empty when the name is unknown.
 */
export function lookupHost(name: string): RawAddress[] {
  const lower = name.toLowerCase();
  const found: RawAddress[] = [];
  for (const e of readHosts()) if (e.names.some((n) => n.toLowerCase() === lower)) addUnique(found, e.addr);
  if (found.length > 0) return found;
  // Names getaddrinfo would reject anyway (getent would take them as options or as numbers).
  if (name === '' || name.startsWith('-') || /\s/.test(name)) return found;
  const out = getent(['ahosts', name]);
  if (out === null) return found;
  for (const line of out.split('\n')) {
    const a = parseNumeric(line.split(/\s+/)[0] ?? '');
    if (a !== null) addUnique(found, a);
  }
  return found;
}

/** Formats an address as getent and /etc/hosts write it (for the reverse lookup). */
function numericText(a: RawAddress): string {
  if (a.length === 4) return a.join('.');
  const words: string[] = [];
  for (let i = 0; i < 16; i += 2) words.push(((a[i] << 8) | a[i + 1]).toString(16));
  return words.join(':');
}

/** The name of an address (reverse lookup), or null when it has none. */
export function lookupAddress(addr: RawAddress): string | null {
  for (const e of readHosts()) if (sameAddress(e.addr, addr)) return e.names[0];
  const out = getent(['hosts', numericText(addr)]);
  if (out === null) return null;
  const name = out.split('\n')[0]?.trim().split(/\s+/)[1];
  return name !== undefined && name !== '' ? name : null;
}

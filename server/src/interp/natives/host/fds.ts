// Host file descriptors opened by natives (java.io, sun.nio): node:fs has no lseek, so the file
// position of each descriptor is kept here and every read and write is positional (pread /
// pwrite), except on descriptors opened for appending, where the kernel appends.
// Descriptors 0-2 are the program's standard streams (VmIo), handled by the callers.

import * as fs from 'node:fs';
import { pipeClosed } from './pipes';

interface HostFile {
  pos: number;
  append: boolean;
}

const files = new Map<number, HostFile>();

/** What a boot snapshot cannot hold (snapshot/graph.ts): open files of the host, or null. */
export function snapshotBlocker(): string | null {
  return [...files.keys()].some((fd) => fd > 2) ? 'open files' : null;
}

function fileOf(fd: number): HostFile {
  let f = files.get(fd);
  if (f === undefined) files.set(fd, (f = { pos: 0, append: false }));
  return f;
}

/** Records a descriptor just opened (position 0). */
export function opened(fd: number, append: boolean): void {
  files.set(fd, { pos: 0, append });
}

export function closeHostFd(fd: number): void {
  files.delete(fd);
  pipeClosed(fd);
  if (fd > 2) fs.closeSync(fd);
}

export function position(fd: number): number {
  return fd > 2 && fileOf(fd).append ? fs.fstatSync(fd).size : fileOf(fd).pos;
}

export function seek(fd: number, pos: number): void {
  fileOf(fd).pos = pos;
}

/** Reads at the descriptor's position (or at `at`, leaving the position); 0 at end of file. */
export function readHost(fd: number, into: Uint8Array, at: number | null = null): number {
  if (into.length === 0) return 0;
  const f = fileOf(fd);
  const n = fs.readSync(fd, into, 0, into.length, at ?? f.pos);
  if (at === null) f.pos += n;
  return n;
}

/** Writes all of `data` at the descriptor's position (or at `at`); returns data.length. */
export function writeHost(fd: number, data: Uint8Array, at: number | null = null): number {
  const f = fileOf(fd);
  let done = 0;
  while (done < data.length) {
    const p = f.append && at === null ? null : (at ?? f.pos) + done;
    done += fs.writeSync(fd, data, done, data.length - done, p);
  }
  if (at === null && !f.append) f.pos += done;
  return done;
}

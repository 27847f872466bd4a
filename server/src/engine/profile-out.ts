// Where a run's profile goes: the runtime writes it to a private staging file next to the
// target, and the host renames that over the target when the run has ended. So the target is
// never deleted or truncated first: it is replaced in one step by a complete profile, or, when
// the run wrote none, the previous file stays as it was.

import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, readSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { isDevice } from '../profile/device';

/**
 * A fresh path in the target's directory (same file system: the rename is atomic). Unique by the
 * process id and a random part (Math.random: loading node:crypto costs the CLI's warm start
 * more than the whole rest of this module).
 */
function siblingPath(target: string, tag: string): string {
  const random = Math.floor(Math.random() * 2 ** 32).toString(16).padStart(8, '0');
  return join(dirname(target), `.${basename(target)}.${tag}-${process.pid}-${random}`);
}

export interface StagedProfile {
  /** The final profile path (absolute). */
  readonly target: string;
  /** Where the runtime writes (komorium.out); only this run ever writes it. */
  readonly staging: string;
}

/** Plans a run's output: creates the target's directory, touches nothing else. */
export function stageProfile(target: string): StagedProfile {
  // A device or FIFO (`-o /dev/null`): staged in the temporary directory, copied into it at the end.
  if (isDevice(target)) return { target, staging: join(tmpdir(), basename(siblingPath(target, 'komorium'))) };
  mkdirSync(dirname(target), { recursive: true });
  return { target, staging: siblingPath(target, 'komorium') };
}

/**
 * Ends a run's output: renames the staging file over the target when the run wrote one (true),
 * and removes what a writer killed mid-way left behind (the staging file's own temporaries).
 */
export function commitProfile(s: StagedProfile): boolean {
  let committed = false;
  try {
    if (isDevice(s.target)) {
      copyInto(s.staging, s.target); // throws when nothing was staged
      rmSync(s.staging, { force: true });
    } else renameSync(s.staging, s.target);
    committed = true;
  } catch {
    // nothing staged: the run wrote no profile
  }
  // The runtime's writer stages in `.<name>.<hex>.tmp`, the exact mode's in `<name>.<pid>.tmp`.
  const name = basename(s.staging);
  try {
    for (const n of readdirSync(dirname(s.staging))) {
      if (n.startsWith(`${name}.`) || n.startsWith(`.${name}.`)) rmSync(join(dirname(s.staging), n), { force: true });
    }
  } catch {
    // the directory went away: nothing to clean
  }
  return committed;
}

/**
 * Copies file `from` into the device or FIFO `to` (opened for writing, never created, truncated
 * or removed: node's copyFileSync truncates the target and, when that fails on a FIFO, unlinks it).
 */
function copyInto(from: string, to: string): void {
  const src = openSync(from, 'r');
  try {
    const dst = openSync(to, 'w');
    try {
      const buf = Buffer.allocUnsafe(1 << 20);
      for (let n; (n = readSync(src, buf, 0, buf.length, null)) > 0; ) {
        for (let off = 0; off < n; ) off += writeSync(dst, buf, off, n - off);
      }
    } finally {
      closeSync(dst);
    }
  } finally {
    closeSync(src);
  }
}

/**
 * Writes `data` to `path` atomically: to a temporary file in the same directory, synced, then
 * renamed over `path`. On failure the temporary file is removed and `path` is untouched.
 */
export function writeFileAtomic(path: string, data: string | Uint8Array): void {
  if (isDevice(path)) {
    writeFileSync(path, data);
    return;
  }
  const tmp = siblingPath(path, 'tmp');
  const fd = openSync(tmp, 'wx');
  try {
    try {
      const bytes = typeof data === 'string' ? Buffer.from(data) : data;
      for (let off = 0; off < bytes.length; ) off += writeSync(fd, bytes, off, bytes.length - off);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

// A lock beside a cache entry that takes minutes to build (the instrumented JDK copy): of the
// runs that need the same missing entry at once, one builds and the others wait for it.
//
// The lock is `<entry>.lock`, created exclusively, holding the builder's pid, host and start
// time. A waiter polls (no busy loop) until the entry is done (complete, or its failure
// recorded), or the lock is released (the build failed without recording: the waiter builds),
// or the lock is stale (its process is gone on this host, or it is older than `staleMs`): then
// the waiter takes it over and says so. A lock that cannot be created for another reason (a
// full disk) is no lock: the build goes on as before (its rename keeps the entry whole).

import { hostname } from 'node:os';
import { closeSync, linkSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { processAlive } from '../process-alive';

export interface LockHolder {
  pid: number;
  host: string;
  /** Date.now() when the lock was taken. */
  started: number;
}

export interface BuildLockOptions {
  /** The entry is done (built, or its failure recorded): stop waiting. */
  done: () => boolean;
  /** What is being built, for the messages ("the JDK copy"). */
  what: string;
  log: (line: string) => void;
  /** A lock older than this is taken over even when its process is alive (default 2 h). */
  staleMs?: number;
  /** How often a waiter looks (default 1 s). */
  pollMs?: number;
}

export interface BuildLock {
  /** Removes the lock when it is still this one's. */
  release(): void;
}

/** A lock older than this is taken over even when its process is alive. */
export const BUILD_LOCK_STALE_MS = 2 * 3600_000;

const NO_LOCK: BuildLock = { release: () => {} };

/** The lock's holder, or undefined (no lock, or unreadable: being written). */
export function readHolder(path: string): LockHolder | undefined {
  try {
    return parseHolder(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

function parseHolder(text: string): LockHolder | undefined {
  try {
    const v = JSON.parse(text) as Partial<LockHolder>;
    if (typeof v.pid === 'number' && typeof v.host === 'string' && typeof v.started === 'number') return { pid: v.pid, host: v.host, started: v.started };
  } catch {
    // none
  }
  return undefined;
}

/** Why `h`'s lock is stale, or undefined while it holds. */
export function staleReason(h: LockHolder, staleMs: number, now = Date.now()): string | undefined {
  if (h.pid === 0) return 'its lock file is unreadable';
  if (h.host === hostname() && !processAlive(h.pid)) return `process ${h.pid} is gone`;
  if (now - h.started > staleMs) return `it was taken ${Math.round((now - h.started) / 60_000)} min ago`;
  return undefined;
}

function tryCreate(path: string, me: LockHolder): 'taken' | 'held' | 'none' {
  let fd: number;
  try {
    fd = openSync(path, 'wx');
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EEXIST' ? 'held' : 'none';
  }
  let written = true;
  try {
    writeSync(fd, JSON.stringify(me));
  } catch {
    written = false;
  } finally {
    closeSync(fd);
  }
  if (written) return 'taken';
  // A full disk: an empty lock would look like one being written; no lock instead.
  rmSync(path, { force: true });
  return 'none';
}

/**
 * Takes the lock at `path`, waiting while another run holds it. Resolves to undefined when the
 * entry became done meanwhile (the caller uses it), else to the lock (the caller builds, then
 * releases it whatever happens).
 */
export async function takeBuildLock(path: string, o: BuildLockOptions): Promise<BuildLock | undefined> {
  const staleMs = o.staleMs ?? BUILD_LOCK_STALE_MS;
  const pollMs = o.pollMs ?? 1000;
  const me: LockHolder = { pid: process.pid, host: hostname(), started: Date.now() };
  const mine = JSON.stringify(me);
  const lock: BuildLock = {
    release: () => {
      try {
        if (readFileSync(path, 'utf8') === mine) rmSync(path, { force: true });
      } catch {
        // gone already
      }
    },
  };
  let waitingFor: string | undefined;
  let lastSaid = 0;
  const t0 = Date.now();
  for (;;) {
    if (o.done()) return undefined;
    const r = tryCreate(path, me);
    if (r === 'taken') return lock;
    if (r === 'none') return NO_LOCK;
    let raw: string;
    let h: LockHolder | undefined;
    try {
      raw = readFileSync(path, 'utf8');
      h = parseHolder(raw);
      // Unreadable: being written (a moment), or left empty by a build killed at that moment.
      if (!h && Date.now() - statSync(path).mtimeMs > 10_000) h = { pid: 0, host: '?', started: 0 };
    } catch {
      continue; // released meanwhile
    }
    if (h) {
      const why = staleReason(h, staleMs);
      if (why !== undefined) {
        // Moved aside under a name of its own: of two waiters only one takes it over; one that
        // moved a fresh lock (taken meanwhile) puts it back.
        const aside = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.stale`;
        try {
          renameSync(path, aside);
          if (readFileSync(aside, 'utf8') === raw) {
            rmSync(aside, { force: true });
            o.log(`komorium: taking over the build of ${o.what}${h.pid === 0 ? '' : ` from process ${h.pid} on ${h.host}`} (${why})`);
          } else {
            try {
              linkSync(aside, path);
            } catch {
              // a newer lock is in place: that one holds
            }
            rmSync(aside, { force: true });
          }
        } catch {
          // another waiter moved it first
        }
        continue;
      }
      const who = `${h.pid}@${h.host}`;
      const now = Date.now();
      if (who !== waitingFor || now - lastSaid >= 60_000) {
        o.log(`komorium: waiting for ${o.what} that process ${h.pid}${h.host === hostname() ? '' : ` on ${h.host}`} is building (since ${Math.round((now - h.started) / 1000)} s; waited ${Math.round((now - t0) / 1000)} s) ...`);
        waitingFor = who;
        lastSaid = now;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

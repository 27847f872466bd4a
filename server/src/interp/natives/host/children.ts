// The program's subprocesses. They are spawned with node's child_process (the fork and exec
// happen at once; the pid is known), but the VM never yields to the worker's event loop, so
// node does not reap them: a child that exits stays a zombie, and its wait status is read from
// /proc/<pid>/stat (exit_code, as waitpid reports it). A child the program has "reaped"
// (waitForProcessExit0) is gone for ProcessHandle (isAlive, children, destroy), as after
// waitpid on HotSpot. Output a child inherits from the program (Redirect.INHERIT) is pumped
// into the program's stdout and stderr (which may not be the process's own descriptors: the
// editor shows them), and drained before its exit is reported.

import * as fs from 'node:fs';
import * as os from 'node:os';
import type { ChildProcess } from 'node:child_process';
import type { VM } from '../../vm';
import { pipeClosed, pipeRead } from './pipes';

export interface Child {
  readonly pid: number;
  readonly proc: ChildProcess;
  /** waitpid status once it exited. */
  status: number | null;
  /** The program has waited for it (it no longer exists for ProcessHandle). */
  reaped: boolean;
  /** Pumps of inherited output still running. */
  readonly pumps: Set<() => boolean>;
}

const children = new Map<number, Child>();

/** What a boot snapshot cannot hold (snapshot/graph.ts): child processes of the host, or null. */
export function snapshotBlocker(): string | null {
  return children.size > 0 ? 'child processes' : null;
}

export function addChild(c: Child): void {
  children.set(c.pid, c);
  c.proc.on('exit', (code, signal) => {
    // Only if the worker's event loop runs (between runs): node then reaps the zombie.
    if (c.status === null) c.status = code !== null ? (code & 0xff) << 8 : signalNumber(signal);
  });
}

function signalNumber(signal: NodeJS.Signals | null): number {
  return signal === null ? 0 : (os.constants.signals[signal] ?? 0);
}

export function childOf(pid: number): Child | undefined {
  return children.get(pid);
}

/** True for a child of the program the program has already waited for. */
export function reapedChild(pid: number): boolean {
  return children.get(pid)?.reaped === true;
}

/** The child's wait status once it has exited, else null. */
export function exitStatus(c: Child): number | null {
  if (c.status !== null) return c.status;
  let s: string;
  try {
    s = fs.readFileSync(`/proc/${c.pid}/stat`, 'utf8');
  } catch {
    return c.status;
  }
  const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
  if (f[0] !== 'Z' && f[0] !== 'X') return null;
  // Field 52, exit_code (Linux 3.5+).
  const code = Number(f[52 - 3]);
  c.status = Number.isFinite(code) ? code : 0;
  return c.status;
}

/** Java's exit value of a wait status: the exit code, or 0x80 + the signal number. */
export function exitValue(status: number): number {
  const sig = status & 0x7f;
  return sig === 0 ? (status >> 8) & 0xff : 0x80 + sig;
}

/**
 * Copies what the child writes on `fd` (the VM's end of a pipe) to the program's stdout (1)
 * or stderr (2) until the end. Returns the pump (true while it runs).
 */
export function pumpOutput(vm: VM, c: Child, fd: number, to: 1 | 2): () => boolean {
  const buf = new Uint8Array(65536);
  let done = false;
  const pump = (): boolean => {
    // It runs from two places: the scheduler's pollers and drainPumps (a wait for the child).
    // Once one of them has seen the end and closed `fd`, the other must not touch `fd` again:
    // it may be closed, or already the descriptor of another pipe.
    if (done) return false;
    for (;;) {
      const n = pipeRead(fd, buf);
      if (n === null) return true;
      if (n === 0) {
        done = true;
        c.pumps.delete(pump);
        vm.hostWaits.pollers.delete(pump);
        pipeClosed(fd);
        fs.closeSync(fd);
        return false;
      }
      const data = buf.slice(0, n);
      if (to === 1) vm.opts.io.stdout(data);
      else vm.opts.io.stderr(data);
    }
  };
  c.pumps.add(pump);
  vm.hostWaits.pollers.add(pump);
  return pump;
}

/** Runs the child's pumps until they have nothing more now (after it exited). */
export function drainPumps(c: Child): void {
  for (const p of [...c.pumps]) p();
}

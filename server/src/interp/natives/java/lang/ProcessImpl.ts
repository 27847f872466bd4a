// Natives of java.lang.ProcessImpl (ProcessBuilder.start, Runtime.exec) on Linux: the child is
// spawned at once with node's child_process; its standard streams are what the JDK's
// forkAndExec gives it: a pipe for each fds[i] == -1 (host/pipes.ts: the VM's end comes back in
// fds[i]), or the descriptor given (a file of a Redirect, a pipeline's pipe). The program's own
// stdin, stdout and stderr (Redirect.INHERIT, fds 0-2) need not be the process's (the editor
// shows the program's output): inherited output goes through a pipe pumped into the program's
// stdout/stderr (host/children.ts); inherited input is the process's stdin when the program
// reads it directly (the CLI), else /dev/null. The program file is looked up as the JDK's
// childproc.c does (the parent's PATH, EACCES remembered, the working directory checked first)
// so that a failure gives java's "error=N, <strerror>".

import * as fs from 'node:fs';
import { childProcess } from '../../../../engine/child-process';
import { resolve as resolvePath } from 'node:path';
import type { JArray, JObject } from '../../../object';
import type { JThread } from '../../../thread';
import type { VM } from '../../../vm';
import type { NativeTable } from '../../registry';
import { VmError } from '../../../signals';
import { strerror } from '../../host/errno';
import { makePipes, pipeClosed } from '../../host/pipes';
import { addChild, pumpOutput, type Child } from '../../host/children';

const ENOENT = 2;
const EACCES = 13;
const ENOTDIR = 20;

class ExecError extends Error {
  constructor(readonly errno: number) {
    super(strerror(errno));
  }
}

function cString(a: JObject | null): string | null {
  if (a === null) return null;
  const b = (a as JArray).data as Int8Array;
  let end = b.indexOf(0);
  if (end < 0) end = b.length;
  return Buffer.from(b.buffer, b.byteOffset, end).toString('utf8');
}

/** NUL-terminated strings of a block (argBlock, envBlock). */
function block(a: JObject | null, count: number): string[] {
  if (a === null) return [];
  const d = (a as JArray).data as Int8Array;
  const b = Buffer.from(d.buffer, d.byteOffset, d.length);
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i < b.length && out.length < count; i++) {
    if (b[i] === 0) {
      out.push(b.toString('utf8', start, i));
      start = i + 1;
    }
  }
  return out;
}

function executable(p: string): 'yes' | 'denied' | 'missing' {
  let st: fs.Stats;
  try {
    st = fs.statSync(p);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return code === 'EACCES' ? 'denied' : 'missing';
  }
  if (!st.isFile()) return 'denied';
  try {
    fs.accessSync(p, fs.constants.X_OK);
    return 'yes';
  } catch {
    return 'denied';
  }
}

/** The file execve runs for `prog` (childproc.c JDK_execvpe with the parent's PATH). */
function lookUp(prog: string, cwd: string, path: string): string {
  if (prog.includes('/')) {
    const p = resolvePath(cwd, prog);
    const r = executable(p);
    if (r === 'yes') return p;
    throw new ExecError(r === 'denied' ? EACCES : ENOENT);
  }
  let denied = false;
  for (const dir of path.split(':')) {
    const p = resolvePath(cwd, dir === '' ? '.' : dir, prog);
    const r = executable(p);
    if (r === 'yes') return p;
    if (r === 'denied') denied = true;
  }
  throw new ExecError(denied ? EACCES : ENOENT);
}

function checkDir(dir: string): void {
  let st: fs.Stats;
  try {
    st = fs.statSync(dir);
  } catch (e) {
    throw new ExecError((e as NodeJS.ErrnoException).code === 'EACCES' ? EACCES : ENOENT);
  }
  if (!st.isDirectory()) throw new ExecError(ENOTDIR);
}

function forkAndExec(vm: VM, prog: string, args: string[], env: string[] | null, dirArg: string | null, fds: Int32Array, redirectErrorStream: boolean): number {
  const cwd = dirArg === null ? vm.opts.cwd : resolvePath(vm.opts.cwd, dirArg);
  const parentEnv = vm.opts.env;
  checkDir(cwd);
  const file = lookUp(prog, cwd, parentEnv.PATH ?? '/bin:/usr/bin');
  const childEnv: Record<string, string> = {};
  if (env === null) Object.assign(childEnv, parentEnv);
  else
    for (const kv of env) {
      const i = kv.indexOf('=');
      if (i > 0) childEnv[kv.slice(0, i)] = kv.slice(i + 1);
    }
  // Which of the child's streams are pipes: the program's (fds[i] == -1) or pumped inherits.
  const inheritOut = [false, fds[1] === 1, !redirectErrorStream && fds[2] === 2];
  const wantPipe = [fds[0] === -1, fds[1] === -1 || inheritOut[1], !redirectErrorStream && (fds[2] === -1 || inheritOut[2])];
  const order = [0, 1, 2].filter((i) => wantPipe[i]);
  const made = makePipes(order.map((i) => i === 0));
  const pipeOf = new Map(order.map((i, k) => [i, made[k]]));
  const toClose: number[] = made.map((p) => p.child);
  const stdio: (number | 'ignore')[] = [0, 1, 2].map((i) => {
    const p = pipeOf.get(i);
    if (p !== undefined) return p.child;
    if (i === 2 && redirectErrorStream) return -1;
    if (i === 0 && fds[0] === 0) {
      if (vm.opts.io.stdinIsProcess) return 0;
      const devnull = fs.openSync('/dev/null', 'r');
      toClose.push(devnull);
      return devnull;
    }
    return fds[i];
  });
  // redirectErrorStream: the child's stderr is its stdout.
  if (redirectErrorStream) stdio[2] = stdio[1];
  let proc;
  try {
    proc = childProcess().spawn(file, args, { argv0: prog, cwd, env: childEnv, stdio: stdio as number[], windowsHide: true });
  } finally {
    for (const fd of toClose) fs.closeSync(fd);
  }
  if (proc.pid === undefined) {
    for (const p of made) {
      pipeClosed(p.vm);
      fs.closeSync(p.vm);
    }
    throw new ExecError(ENOENT);
  }
  proc.unref();
  const child: Child = { pid: proc.pid, proc, status: null, reaped: false, pumps: new Set() };
  addChild(child);
  for (let i = 0; i < 3; i++) {
    const p = pipeOf.get(i);
    if (p !== undefined && inheritOut[i]) {
      pumpOutput(vm, child, p.vm, i as 1 | 2);
      fds[i] = -1;
    } else fds[i] = p !== undefined ? p.vm : -1;
  }
  return proc.pid;
}

export const natives: NativeTable = {
  'init()V': () => undefined,
  'forkAndExec(I[B[B[BI[BI[B[IZ)I': (
    vm: VM,
    _t: JThread,
    _self: JObject,
    _mode: number,
    _helper: JObject | null,
    prog: JObject | null,
    argBlock: JObject | null,
    argc: number,
    envBlock: JObject | null,
    envc: number,
    dir: JObject | null,
    fds: JObject | null,
    redirectErrorStream: number,
  ) => {
    const p = cString(prog);
    if (p === null || fds === null) throw new VmError('java/lang/NullPointerException', null);
    try {
      return forkAndExec(vm, p, block(argBlock, argc), envBlock === null ? null : block(envBlock, envc), cString(dir), (fds as JArray).data as Int32Array, redirectErrorStream !== 0);
    } catch (e) {
      if (e instanceof ExecError) throw new VmError('java/io/IOException', `error=${e.errno}, ${e.message}`);
      throw e;
    }
  },
};

// Natives of java.lang.ProcessHandleImpl and its Info (ProcessHandle) on Linux, from /proc as
// the JDK's own natives read it. The current process is the program's: its pid is the host
// process's, and its command line is what `java` would show for the same run
// (<java.home>/bin/java -cp <class path> <main class> <args>), not the engine's.
// Children of the program (ProcessImpl, host/children.ts) are waited for by parking the Java
// thread until /proc shows them exited; once reaped they no longer exist here.

import * as fs from 'node:fs';
import * as os from 'node:os';
import { join } from 'node:path';
import type { JArray, JLongArray, JObject } from '../../../object';
import type { JThread } from '../../../thread';
import type { VM } from '../../../vm';
import type { NativeTable } from '../../registry';
import { setField } from '../../util';
import { astore, longOf, toNumber, type Long } from '../../../long';
import { childOf, drainPumps, exitStatus, exitValue, reapedChild } from '../../host/children';
import { waitForHost } from '../../../hostwait';

/** ProcessHandleImpl.NOT_A_CHILD: waitpid's ECHILD. */
const NOT_A_CHILD = -2;

const CLK_TCK = 100;

interface Stat {
  ppid: number;
  /** Start time, ms since the epoch. */
  start: number;
  /** User + system CPU time, ns. */
  cpuNs: number;
}

let bootMs: number | undefined;

function bootTime(): number {
  if (bootMs === undefined) {
    const m = /^btime (\d+)/m.exec(fs.readFileSync('/proc/stat', 'utf8'));
    bootMs = m ? Number(m[1]) * 1000 : 0;
  }
  return bootMs;
}

/** /proc/<pid>/stat, or null when there is no such process (or a child the program reaped). */
function stat(pid: number): Stat | null {
  if (reapedChild(pid)) return null;
  let s: string;
  try {
    s = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // Fields after the command name (in parentheses, which may hold spaces): state is field 3.
  const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
  const ticks = (i: number): number => Number(f[i - 3]);
  return { ppid: ticks(4), start: bootTime() + (ticks(22) * 1000) / CLK_TCK, cpuNs: ((ticks(14) + ticks(15)) * 1e9) / CLK_TCK };
}

function matches(st: Stat, startTime: number): boolean {
  return startTime === 0 || st.start === 0 || Math.floor(st.start) === startTime;
}

function strings(vm: VM, items: string[]): JArray {
  return vm.newObjectArray(vm.classes.loadBoot('java/lang/String'), items.map((s) => vm.newString(s)));
}

function userOf(uid: number): string | null {
  try {
    for (const line of fs.readFileSync('/etc/passwd', 'utf8').split('\n')) {
      const p = line.split(':');
      if (p.length > 2 && Number(p[2]) === uid) return p[0];
    }
  } catch {
    // no passwd
  }
  return uid === os.userInfo().uid ? os.userInfo().username : String(uid);
}

const INFO = 'java/lang/ProcessHandleImpl$Info';

export const natives: NativeTable = {
  'initNative()V': () => undefined,
  'getCurrentPid0()J': () => process.pid,
  'waitForProcessExit0(JZ)I': (vm: VM, t: JThread, pid: Long, reap: number) => {
    const c = childOf(toNumber(pid));
    if (c === undefined || c.reaped) return NOT_A_CHILD;
    const exited = (): number | null => {
      const s = exitStatus(c);
      if (s === null) return null;
      // What the child wrote to an inherited stream is out before java would see it exit.
      drainPumps(c);
      return s;
    };
    return waitForHost(vm, t, exited, () => exitStatus(c) !== null, (s) => {
      if (reap) c.reaped = true;
      return exitValue(s);
    });
  },
  'isAlive0(J)J': (_vm: VM, _t: JThread, pid: Long) => {
    const st = stat(toNumber(pid));
    return st === null ? -1 : Math.floor(st.start);
  },
  'parent0(JJ)J': (_vm: VM, _t: JThread, pid: Long, startTime: Long) => {
    const st = stat(toNumber(pid));
    return st === null || !matches(st, toNumber(startTime)) ? -1 : st.ppid;
  },
  'getProcessPids0(J[J[J[J)I': (_vm: VM, _t: JThread, pid: Long, pids: JObject | null, ppids: JObject | null, starts: JObject | null) => {
    const parent = toNumber(pid);
    const out = [pids, ppids, starts].map((a) => (a === null ? null : (a as JLongArray)));
    let n = 0;
    for (const name of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      const st = stat(Number(name));
      if (st === null || (parent !== 0 && st.ppid !== parent)) continue;
      const vals = [Number(name), st.ppid, Math.floor(st.start)];
      out.forEach((a, i) => {
        if (a !== null && n < a.data.length) astore(a, n, longOf(vals[i]));
      });
      n++;
    }
    return n;
  },
  'destroy0(JJZ)Z': (_vm: VM, _t: JThread, pid: Long, startTime: Long, force: number) => {
    const p = toNumber(pid);
    const st = stat(p);
    if (st === null || !matches(st, toNumber(startTime))) return 0;
    try {
      process.kill(p, force ? 'SIGKILL' : 'SIGTERM');
      return 1;
    } catch {
      return 0;
    }
  },
};

export const infoNatives: NativeTable = {
  'initIDs()V': () => undefined,
  'info0(J)V': (vm: VM, _t: JThread, self: JObject, pid: Long) => {
    const p = toNumber(pid);
    const st = stat(p);
    if (st !== null) {
      setField(vm, self, INFO, 'startTime', longOf(Math.floor(st.start)));
      setField(vm, self, INFO, 'totalTime', longOf(Math.floor(st.cpuNs)));
    }
    try {
      setField(vm, self, INFO, 'user', vm.newString(userOf(fs.statSync(`/proc/${p}`).uid) ?? ''));
    } catch {
      // gone
    }
    let command: string | null;
    let args: string[];
    if (p === process.pid) {
      // The program's own command line: what java would show for this run.
      // (As /proc/self/exe: symbolic links resolved.)
      command = join(vm.opts.jdk.home, 'bin', 'java');
      try {
        command = fs.realpathSync(command);
      } catch {
        // no java binary there: keep the path
      }
      args = ['-cp', vm.opts.classPathString, vm.opts.mainClass, ...vm.opts.args];
    } else {
      try {
        command = fs.readlinkSync(`/proc/${p}/exe`);
      } catch {
        command = null;
      }
      let cmdline: string[] = [];
      try {
        cmdline = fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0');
        if (cmdline[cmdline.length - 1] === '') cmdline.pop();
      } catch {
        // gone, or not ours to read
      }
      args = cmdline.slice(1);
      if (command === null && cmdline.length > 0) command = cmdline[0];
    }
    if (command !== null) {
      setField(vm, self, INFO, 'command', vm.newString(command));
      setField(vm, self, INFO, 'commandLine', vm.newString([command, ...args].join(' ')));
    }
    setField(vm, self, INFO, 'arguments', strings(vm, args));
  },
};

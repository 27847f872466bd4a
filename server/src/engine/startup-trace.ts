// KOMORIUM_TRACE_STARTUP=1: where the embedded engine's start-up goes (docs/BENCHMARKS.md part
// B, "Start-up"). The worker marks its phases; each line gives the phase's wall time, the
// process's CPU time (all threads: V8's compiler and GC threads included), the worker thread's
// own CPU time (what the phase itself cost: V8's concurrent marking and the main thread are
// left out; hw18c), the bytecodes
// executed and classes loaded so far; then the time spent in the class transformer's hook
// (cache reads or transformations) and in the embedded JIT. RSS is the process's; the V8 heap
// and the memory outside it (ArrayBuffers: the VM's primitive arrays, class bytes) are the
// worker's. KOMORIUM_TRACE_STARTUP=mem adds, per step, the worker's V8 heap spaces (committed /
// used MiB), its array buffers, and the process's memory by kind (/proc/self/smaps_rollup:
// anonymous against file-backed, node's own code among the latter). Numbers are grouped without
// ICU (group()): toLocaleString's first call maps ICU's data, about 8 MiB of RSS that a run
// without the trace does not have (the traces of BENCHMARKS part B before mem18o include it).

import { readFileSync } from 'node:fs';
import { getHeapSpaceStatistics } from 'node:v8';
import { jitStats } from '../interp/jit/compile';
import { group } from '../profile/group';

export interface StartupTrace {
  mark(phase: string, bytecodes: number, classes?: number): void;
  wrapHook<H extends (name: string | null, bytes: Uint8Array, boot: boolean) => Uint8Array>(h: H): H;
  report(write: (s: string) => void): void;
}

/**
 * CPU ms of the calling thread alone (Linux: /proc/thread-self/schedstat, in nanoseconds; else
 * /proc/thread-self/stat, in 10 ms ticks), or NaN.
 */
function threadCpuMs(): number {
  try {
    const ns = Number(readFileSync('/proc/thread-self/schedstat', 'latin1').split(' ')[0]);
    if (Number.isFinite(ns)) return ns / 1e6;
  } catch {
    // no schedstat (kernel without CONFIG_SCHED_INFO)
  }
  try {
    const st = readFileSync('/proc/thread-self/stat', 'latin1');
    const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 (utime, stime) in clock ticks; f[0] is field 3.
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

/** The process's peak RSS so far in MiB (Linux: VmHWM), or NaN. */
function peakRssMib(): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'latin1'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** The worker's committed new space (both semi-spaces) in MiB. */
function newSpaceMib(): number {
  for (const s of getHeapSpaceStatistics()) if (s.space_name === 'new_space') return s.space_size / 1048576;
  return NaN;
}

/** The worker's heap spaces, committed/used MiB, and the process's smaps_rollup by kind (KOMORIUM_TRACE_STARTUP=mem). */
function memoryDetail(): string {
  const mib = (b: number): string => (b / 1048576).toFixed(1);
  const spaces = getHeapSpaceStatistics()
    .filter((x) => x.space_size > 0)
    .map((x) => `${x.space_name.replace(/_space$/, '')} ${mib(x.space_size)}/${mib(x.space_used_size)}`)
    .join(', ');
  let kinds = '';
  try {
    const r = readFileSync('/proc/self/smaps_rollup', 'latin1');
    kinds = ['Anonymous', 'Shared_Clean', 'Private_Clean'].map((k) => `${k} ${(Number(new RegExp(`^${k}:\\s+(\\d+)`, 'm').exec(r)?.[1] ?? 0) / 1024).toFixed(1)}`).join(', ');
  } catch {
    // not Linux
  }
  return `heap ${spaces}; array buffers ${mib(process.memoryUsage().arrayBuffers)}; ${kinds}`;
}

/** The trace, or null unless KOMORIUM_TRACE_STARTUP is set. */
export function startupTrace(): StartupTrace | null {
  if (!process.env.KOMORIUM_TRACE_STARTUP) return null;
  jitStats.enabled = true;
  const detail = process.env.KOMORIUM_TRACE_STARTUP === 'mem';
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const w0 = threadCpuMs();
  let last = t0;
  let lastCpu = 0;
  let lastThread = w0;
  // The process's start (node, the CLI's bundle, the worker's start and bundle) before this.
  const lines: string[] = [`${(process.uptime() * 1000).toFixed(0).padStart(6)} ms wall before the trace began: node's start, the CLI, the worker's start and the load of its bundle (process CPU ${((c0.user + c0.system) / 1000).toFixed(0)} ms, the worker thread's ${w0.toFixed(0)} ms)`];
  let hookMs = 0;
  let hookCalls = 0;
  let hookBytesIn = 0;
  let hookBytesOut = 0;
  const cpuMs = (): number => {
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / 1000;
  };
  return {
    mark(phase, bytecodes, classes) {
      const now = performance.now();
      const cpu = cpuMs();
      const thread = threadCpuMs();
      const mem = process.memoryUsage();
      const mib = (b: number): string => (b / 1048576).toFixed(0);
      lines.push(
        `${(now - last).toFixed(0).padStart(6)} ms wall ${(cpu - lastCpu).toFixed(0).padStart(6)} ms CPU ${(thread - lastThread).toFixed(0).padStart(4)} ms worker  (at ${(now - t0).toFixed(0)} ms)  ${group(bytecodes)} bytecodes (${group(jitStats.bytecodes)} in compiled code)${classes === undefined ? '' : `, ${classes} classes`}, RSS ${mib(mem.rss)} MiB (peak ${peakRssMib().toFixed(0)}; V8 heap ${mib(mem.heapUsed)}, new space ${newSpaceMib().toFixed(0)}, outside ${mib(mem.external)}): ${phase}`,
      );
      if (detail) lines.push(`      ${memoryDetail()}`);
      last = now;
      lastCpu = cpu;
      lastThread = thread;
    },
    wrapHook(h) {
      return ((name: string | null, bytes: Uint8Array, boot: boolean): Uint8Array => {
        const s = performance.now();
        const out = h(name, bytes, boot);
        hookMs += performance.now() - s;
        hookCalls++;
        hookBytesIn += bytes.length;
        hookBytesOut += out.length;
        return out;
      }) as typeof h;
    },
    report(write) {
      lines.push(`class hook: ${hookCalls} classes, ${hookMs.toFixed(0)} ms, ${(hookBytesIn / 1048576).toFixed(1)} MiB in, ${(hookBytesOut / 1048576).toFixed(1)} MiB out`);
      lines.push(`CPU: ${(threadCpuMs() - w0).toFixed(0)} ms in the worker thread, ${cpuMs().toFixed(0)} ms in the process since the worker started (V8's compiler and GC threads, the main thread)`);
      lines.push(`jit: ${jitStats.count} compilations, ${jitStats.ms.toFixed(0)} ms generating (new Function included), ${(jitStats.sourceChars / 1048576).toFixed(1)} MiB of JS`);
      write(`[startup]\n${lines.map((l) => `  ${l}\n`).join('')}`);
    },
  };
}

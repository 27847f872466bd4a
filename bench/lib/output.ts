// Parses what bench/java/harness/Harness.java prints.

export interface HarnessOutput {
  checksum: string;
  /** Wall time of each iteration, milliseconds. */
  iterationsMs: number[];
  /** CPU time of the main thread in each iteration, milliseconds (empty if not supported). */
  cpuMs: number[];
  /**
   * CPU time of the whole process (all threads: JIT, GC) since the start of the first
   * iteration, at each iteration boundary (iterations + 1 values, the first 0), milliseconds;
   * empty if not supported.
   */
  procCpuMs: number[];
}

export class HarnessOutputError extends Error {
  override name = 'HarnessOutputError';
}

function numbers(line: string, key: string): number[] {
  const parts = line.slice(key.length).trim().split(/\s+/).filter((p) => p !== '');
  return parts.map((p) => {
    if (!/^-?\d+$/.test(p)) throw new HarnessOutputError(`bad number '${p}' in '${key}' line`);
    return Number(p) / 1000;
  });
}

export function parseHarnessOutput(stdout: string): HarnessOutput {
  let checksum: string | undefined;
  let iterationsMs: number[] | undefined;
  let cpuMs: number[] = [];
  let procCpuMs: number[] = [];
  for (const raw of stdout.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('checksum ')) {
      const c = line.slice('checksum '.length).trim();
      if (!/^[0-9a-f]+$/.test(c)) throw new HarnessOutputError(`bad checksum line '${line}'`);
      checksum = c;
    } else if (line.startsWith('times-us')) {
      iterationsMs = numbers(line, 'times-us');
    } else if (line.startsWith('proc-cpu-us')) {
      const p = numbers(line, 'proc-cpu-us');
      procCpuMs = p.some((t) => t < 0) ? [] : p;
    } else if (line.startsWith('cpu-us')) {
      const cpu = numbers(line, 'cpu-us');
      cpuMs = cpu.some((t) => t < 0) ? [] : cpu;
    }
  }
  if (checksum === undefined) throw new HarnessOutputError('no checksum line in the output');
  if (iterationsMs === undefined || iterationsMs.length === 0) throw new HarnessOutputError('no times-us line in the output');
  if (cpuMs.length !== 0 && cpuMs.length !== iterationsMs.length) throw new HarnessOutputError('cpu-us and times-us have different lengths');
  if (procCpuMs.length !== 0 && procCpuMs.length !== iterationsMs.length + 1) throw new HarnessOutputError('proc-cpu-us must have one value more than times-us');
  return { checksum, iterationsMs, cpuMs, procCpuMs };
}

// Parses what bench/java/harness/Harness.java prints.

export interface HarnessOutput {
  checksum: string;
  /** Wall time of each iteration, milliseconds. */
  iterationsMs: number[];
  /** CPU time of the main thread in each iteration, milliseconds (empty if not supported). */
  cpuMs: number[];
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
  for (const raw of stdout.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('checksum ')) {
      const c = line.slice('checksum '.length).trim();
      if (!/^[0-9a-f]+$/.test(c)) throw new HarnessOutputError(`bad checksum line '${line}'`);
      checksum = c;
    } else if (line.startsWith('times-us')) {
      iterationsMs = numbers(line, 'times-us');
    } else if (line.startsWith('cpu-us')) {
      const cpu = numbers(line, 'cpu-us');
      cpuMs = cpu.some((t) => t < 0) ? [] : cpu;
    }
  }
  if (checksum === undefined) throw new HarnessOutputError('no checksum line in the output');
  if (iterationsMs === undefined || iterationsMs.length === 0) throw new HarnessOutputError('no times-us line in the output');
  if (cpuMs.length !== 0 && cpuMs.length !== iterationsMs.length) throw new HarnessOutputError('cpu-us and times-us have different lengths');
  return { checksum, iterationsMs, cpuMs };
}

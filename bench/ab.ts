// Quick A/B of class directories on HotSpot (docs/BENCHMARKS.md, "Extended interface
// methods"): runs bench/java programs from prepared class directories in several settings,
// interleaved (the order rotates per repetition), and prints each setting's overhead against
// the first one (median over runs of the median of the last half of the main thread's CPU
// time per iteration, as bench/run.ts) and the geometric mean.
//
//   node --import tsx bench/ab.ts REPS NAME[,NAME...] 'label=CLASSPATH|JVM-OPTION|...' ...
//
// e.g. the original classes, and two transformed copies (komorium transform -cp ... -d DIR):
//   node --import tsx bench/ab.ts 5 dispatch,lambdas 'orig=/tmp/bc' \
//     'before=/tmp/bt-old|-Dkomorium.agent=none' 'after=/tmp/bt-new|-Dkomorium.agent=none'

import { spawnSync } from 'node:child_process';

interface Setting {
  label: string;
  cp: string;
  opts: string[];
}

const median = (a: number[]): number => {
  const b = [...a].sort((x, y) => x - y);
  const n = b.length;
  return n % 2 ? b[(n - 1) / 2]! : (b[n / 2 - 1]! + b[n / 2]!) / 2;
};

function main(): void {
  const [repsArg, names, ...specs] = process.argv.slice(2);
  const reps = Number(repsArg);
  if (!Number.isInteger(reps) || reps < 1 || !names || specs.length < 2) {
    process.stderr.write("usage: node --import tsx bench/ab.ts REPS NAME[,NAME...] 'label=CLASSPATH|OPTION|...' (two or more)\n");
    process.exit(2);
  }
  const settings: Setting[] = specs.map((s) => {
    const i = s.indexOf('=');
    const [cp, ...opts] = s.slice(i + 1).split('|');
    return { label: s.slice(0, i), cp: cp!, opts: opts.filter((o) => o !== '') };
  });
  const logs: Record<string, number[]> = {};
  for (const b of names.split(',')) {
    const res: Record<string, number[]> = {};
    for (let r = 0; r < reps; r++) {
      for (let k = 0; k < settings.length; k++) {
        const s = settings[(k + r) % settings.length]!;
        const p = spawnSync('java', [...s.opts, '-cp', s.cp, `${b}.Main`, '10', '1'], { encoding: 'utf8' });
        const line = `${p.stdout}\n${p.stderr}`.split('\n').find((l) => l.startsWith('cpu-us'));
        if (!line) {
          process.stderr.write(`${b} ${s.label}: no cpu-us line\n${p.stderr.slice(0, 500)}\n`);
          continue;
        }
        const v = line.split(' ').slice(1).map(Number);
        (res[s.label] ??= []).push(median(v.slice(v.length / 2)) / 1000);
      }
    }
    const base = median(res[settings[0]!.label] ?? [NaN]);
    let out = `${b.padEnd(12)} ${settings[0]!.label} ${base.toFixed(1)} ms`;
    for (const s of settings.slice(1)) {
      const ratio = median(res[s.label] ?? [NaN]) / base;
      (logs[s.label] ??= []).push(Math.log(ratio));
      out += `  ${s.label} ${((ratio - 1) * 100).toFixed(0)}%`;
    }
    process.stdout.write(`${out}\n`);
  }
  let out = 'geomean     ';
  for (const [k, v] of Object.entries(logs)) out += `  ${k} ${((Math.exp(v.reduce((a, b) => a + b, 0) / v.length) - 1) * 100).toFixed(0)}%`;
  process.stdout.write(`${out}\n`);
}

main();

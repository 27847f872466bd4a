// java.lang.Math on many inputs, HotSpot against the embedded engine (uninstrumented), compactly:
// test/java/interp-math-million/MathMillion.java prints a hash per function and chunk of 10,000
// inputs, and for Math's seven functions that HotSpot computes with its own routines (sin cos
// tan exp log log10 pow) every input where Math's result differs from StrictMath's. So:
// - every other function (sqrt cbrt abs floor ceil rint round signum copySign min max fma atan2
//   hypot, and the float ones) must give HotSpot's bits on every input; a differing chunk is
//   dumped on both engines to name the first differing input;
// - StrictMath's seven must too, and with them each input's Math result is known on both sides
//   (its "D" line, else StrictMath's), compared one by one: a result more than one ulp from
//   HotSpot's fails, and so do more than 1% differing by one ulp (HotSpot's own routines
//   misround at 0-0.4% of inputs; this VM returns the correctly rounded result, see
//   docs/INTERPRETER.md "Math");
// - NaN results must be NaN on both; their sign and payload bits are compared apart and
//   reported, not failed (V8 does not keep a NaN's bits everywhere, docs/INTERPRETER.md).

import { join } from 'node:path';
import { REPO, compileJava, javaFiles } from './java';
import { runOnInterpreter } from './interp-corpus';
import { runProgram, type CorpusProgram } from './corpus';

export interface MathReport {
  /** Failures (empty when the engine is within the rules above). */
  problems: string[];
  /** Per function: inputs whose result differs by one ulp (own-routine functions), with the first. */
  ulp: Map<string, { count: number; of: number; first: string }>;
  /** Chunks whose NaN results' bits differ (function chunk). */
  nanBits: string[];
  hotspotMs: number;
  engineMs: number;
}

const OWN = ['sin', 'cos', 'tan', 'exp', 'log', 'log10', 'pow'];

function program(args: string[]): CorpusProgram {
  const dir = join(REPO, 'test', 'java', 'interp-math-million');
  return { name: 'math-million', dir, sources: javaFiles(dir), mainClass: 'MathMillion', args, jvmArgs: [], javacArgs: [] };
}

interface Parsed {
  /** "f chunk" -> [hash, nanHash] */
  hashes: Map<string, [string, string]>;
  /** f -> input -> [math, strict] */
  diffs: Map<string, Map<string, [string, string]>>;
}

function parse(out: string): Parsed {
  const hashes = new Map<string, [string, string]>();
  const diffs = new Map<string, Map<string, [string, string]>>();
  for (const line of out.split('\n')) {
    const w = line.split(' ');
    if (w[0] === 'H') hashes.set(`${w[1]} ${w[2]}`, [w[3]!, w[4]!]);
    else if (w[0] === 'D') {
      let m = diffs.get(w[1]!);
      if (m === undefined) diffs.set(w[1]!, (m = new Map()));
      m.set(w[2]!, [w[3]!, w[4]!]);
    }
  }
  return { hashes, diffs };
}

function toDouble(hex: string): number {
  return new Float64Array(new BigUint64Array([BigInt.asUintN(64, BigInt('0x' + hex))]).buffer)[0]!;
}

function ulpDistance(a: string, b: string): bigint {
  const m = (h: string): bigint => {
    const v = BigInt.asIntN(64, BigInt('0x' + h));
    return v < 0n ? -(v & 0x7fffffffffffffffn) : v;
  };
  const d = m(a) - m(b);
  return d < 0n ? -d : d;
}

/** Compares HotSpot's Math with the embedded engine's on `n` inputs. */
export async function compareMath(n: number, timeoutMs: number): Promise<MathReport> {
  const classes = compileJava(join(REPO, 'test', 'java', 'interp-math-million'));
  const p = program([String(n)]);
  const [hs, vm] = await Promise.all([runProgram(p, [classes], { timeoutMs }), runOnInterpreter(p, classes, { instrument: 'none', timeoutMs })]);
  const problems: string[] = [];
  const report: MathReport = { problems, ulp: new Map(), nanBits: [], hotspotMs: hs.ms, engineMs: vm.ms };
  if (hs.status !== 0 || vm.status !== 0) {
    problems.push(`exit ${hs.status} on HotSpot, ${vm.status} on the engine: ${hs.stderr.slice(0, 500)} ${vm.error ?? ''} ${vm.stderr.slice(0, 2000)}`);
    return report;
  }
  const want = parse(hs.stdout);
  const got = parse(vm.stdout);
  const dump: [string, string][] = [];
  for (const [key, [h, nan]] of want.hashes) {
    const g = got.hashes.get(key);
    if (g === undefined) {
      problems.push(`${key}: no hash from the engine`);
      continue;
    }
    const [f, chunk] = key.split(' ') as [string, string];
    if (g[0] !== h && !OWN.includes(f)) {
      if (f.startsWith('S.')) problems.push(`StrictMath.${f.slice(2)}, chunk ${chunk}: results differ`);
      dump.push([f, chunk]);
    } else if (g[1] !== nan) report.nanBits.push(key);
  }
  // Own-routine functions: each input's result on both sides.
  for (const f of OWN) {
    const w = want.diffs.get(f) ?? new Map<string, [string, string]>();
    const v = got.diffs.get(f) ?? new Map<string, [string, string]>();
    let count = 0;
    let first = '';
    for (const input of new Set([...w.keys(), ...v.keys()])) {
      const hw = w.get(input);
      const gv = v.get(input);
      const hsResult = hw?.[0] ?? gv![1];
      const vmResult = gv?.[0] ?? hw![1];
      if (hsResult === vmResult) continue;
      if (Number.isNaN(toDouble(hsResult)) && Number.isNaN(toDouble(vmResult))) continue;
      const at = `Math.${f}(${input.split(',').map((x) => '0x' + x).join(', ')}) = ${vmResult}, HotSpot ${hsResult}`;
      if (ulpDistance(hsResult, vmResult) > 1n || Number.isNaN(toDouble(hsResult)) !== Number.isNaN(toDouble(vmResult))) problems.push(`${at} (more than one ulp)`);
      if (count++ === 0) first = at;
    }
    report.ulp.set(f, { count, of: n, first });
    if (count > n / 100) problems.push(`Math.${f}: ${count} of ${n} inputs differ from HotSpot's by one ulp (more than 1%); first ${first}`);
  }
  // Dump differing chunks (at most three) to name the first differing input of each.
  for (const [f, chunk] of dump.slice(0, 3)) {
    const d = program([String(n), f, chunk]);
    const [a, b] = await Promise.all([runProgram(d, [classes], { timeoutMs }), runOnInterpreter(d, classes, { instrument: 'none', timeoutMs })]);
    const al = a.stdout.split('\n');
    const bl = b.stdout.split('\n');
    const i = al.findIndex((l, k) => l !== bl[k]);
    problems.push(`Math.${f}, chunk ${chunk}: first difference ${bl[i] ?? '(none)'}, HotSpot ${al[i] ?? '(none)'}`);
  }
  if (dump.length > 3) problems.push(`and ${dump.length - 3} more differing chunks: ${dump.slice(3, 20).map((x) => x.join(' ')).join(', ')}`);
  return report;
}

export function describeMath(r: MathReport): string {
  const lines = [`HotSpot ${Math.round(r.hotspotMs)} ms, embedded engine ${Math.round(r.engineMs)} ms`];
  for (const [f, u] of r.ulp) lines.push(`Math.${f}: ${u.count} of ${u.of} one ulp from HotSpot's${u.count > 0 ? `; first ${u.first}` : ''}`);
  if (r.nanBits.length > 0) lines.push(`NaN bits differ (known, docs/INTERPRETER.md) in: ${r.nanBits.slice(0, 20).join(', ')}${r.nanBits.length > 20 ? ', ...' : ''}`);
  return lines.join('\n');
}

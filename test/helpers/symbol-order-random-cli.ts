// Development aid (branch sym38): how often the embedded engine lists declared methods in
// HotSpot's order for generated programs, uninstrumented, against `java` (the yardstick for
// interp/symbol-heap.ts, whose model of where HotSpot mallocs its Symbols leaves out the JVM's
// other mallocs). Each seed makes a program of 3-6 nested classes of various sizes (some class
// files under 1 KB, some several KB) whose methods reuse 26 names, some of them string constants
// of the main class; main prints each class's getDeclaredMethods() in a shuffled order.
//   node --import tsx test/helpers/symbol-order-random-cli.ts [--jdk HOME] [--jobs N] [--from S] [--count N] [--keep DIR]
// Prints `SEED same|DIFF` per seed (with java's and the engine's differing lines) and the count.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mapLimit } from './corpus';
import { javaHome, REPO } from './java';

const argv = process.argv.slice(2);
let jdk = javaHome();
let jobs = 2;
let from = 1;
let count = 16;
let keep: string | undefined;
for (let i = 0; i < argv.length; i++) {
  const a = argv[i]!;
  if (a === '--jdk') jdk = argv[++i]!;
  else if (a === '--jobs') jobs = Number(argv[++i]);
  else if (a === '--from') from = Number(argv[++i]);
  else if (a === '--count') count = Number(argv[++i]);
  else if (a === '--keep') keep = argv[++i];
  else throw new Error(`unknown argument ${a}`);
}

/** xorshift32: the same program for the same seed on every machine. */
function rng(seed: number): (n: number) => number {
  let x = (seed * 2654435761) >>> 0 || 1;
  return (n) => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x % n;
  };
}

function pick<T>(r: (n: number) => number, a: readonly T[], k: number): T[] {
  const c = [...a];
  for (let i = c.length - 1; i > 0; i--) {
    const j = r(i + 1);
    [c[i], c[j]] = [c[j]!, c[i]!];
  }
  return c.slice(0, k);
}

/** The Java source of seed `seed`. */
export function randomProgram(seed: number): string {
  const r = rng(seed);
  const names = [...'abcdefghijklmnopqrstuvwxyz'].map((c, i) => `zq${c}${i}`);
  const n = 3 + r(4);
  const late = pick(r, names, 4);
  const pad = [0, 20, 60, 120][r(4)]!;
  const out = ['import java.lang.reflect.Method;', 'public class Main {'];
  out.push(`  static final String[] LATE = {${late.map((s) => `"${s}"`).join(',')}};`);
  out.push(`  static final String[] PAD = {${Array.from({ length: pad }, (_, i) => `"padding ${seed} line ${i} of the main class so its bytes are longer"`).join(',')}};`);
  for (let k = 0; k < n; k++) {
    out.push(`  static final class C${k} {`, '    int n;');
    for (const m of pick(r, names, 3 + r(5))) out.push(`    void ${m}() { n += ${1 + r(9)}; }`);
    const cpad = [0, 0, 10, 40, 150][r(5)]!;
    if (cpad > 0) out.push(`    static final String[] P = {${Array.from({ length: cpad }, (_, i) => `"c${k} pad ${i} some text to make it longer"`).join(',')}};`);
    out.push('  }');
  }
  out.push("  static String names(Class<?> c) { StringBuilder sb = new StringBuilder(c.getSimpleName()).append(':'); for (Method m : c.getDeclaredMethods()) sb.append(' ').append(m.getName()); return sb.toString(); }");
  out.push('  public static void main(String[] args) {');
  for (const k of pick(r, Array.from({ length: n }, (_, i) => i), n)) out.push(`    System.out.println(names(C${k}.class));`);
  out.push('    System.out.println(LATE.length + PAD.length);', '  }', '}');
  return out.join('\n') + '\n';
}

const root = keep ?? mkdtempSync(join(tmpdir(), 'komorium-symorder-'));
const seeds = Array.from({ length: count }, (_, i) => from + i);
const lines = new Map<number, string>();
let same = 0;
await mapLimit(seeds, jobs, async (seed) => {
  const dir = join(root, `p${seed}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'Main.java'), randomProgram(seed));
  execFileSync(join(jdk, 'bin', 'javac'), ['-d', dir, join(dir, 'Main.java')]);
  const java = spawnSync(join(jdk, 'bin', 'java'), ['-cp', dir, 'Main'], { encoding: 'utf8' }).stdout;
  const emb = spawnSync(process.execPath, [join(REPO, 'bin', 'komorium.mjs'), 'run', '--engine', 'interpreter', '--no-profile', '-cp', dir, 'Main'], { encoding: 'utf8', env: { ...process.env, JAVA_HOME: jdk } }).stdout;
  if (java === emb) {
    same++;
    lines.set(seed, `${seed} same`);
  } else {
    const a = java.split('\n');
    const b = emb.split('\n');
    const d = a.flatMap((l, i) => (l === b[i] ? [] : [`    java ${l}\n    emb  ${b[i] ?? '(none)'}`]));
    lines.set(seed, `${seed} DIFF\n${d.join('\n')}`);
  }
});
for (const s of seeds) console.log(lines.get(s));
console.log(`${jdk}: ${same}/${seeds.length} as java`);
if (keep === undefined) rmSync(root, { recursive: true, force: true });

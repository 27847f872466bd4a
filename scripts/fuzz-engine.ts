// Engine fuzzer (`npm run fuzz -- --engine`): mutated class files go through everything that
// handles a class — the reader, the verifier, the code model's re-encoding, the transformer —
// and then run on the embedded engine (test/java/fuzz-engine/FuzzHarness.java defines each one
// in a fresh loader, links it and runs its main). Acceptable: a ClassFormatError or
// CodeModelError from the class-file library, a deliberate refusal by the transformer, and on
// the engine a normal end or any Java throwable HotSpot could throw (VerifyError,
// ClassFormatError, LinkageErrors, the program's own exceptions). Failures: a JavaScript
// error (TypeError, RangeError, ...) anywhere, an InternalError from the engine, an engine run
// that dies outside Java. A case that runs more than BUDGET bytecodes is stopped and counted
// (a mutated program may well loop for ever, as it would on java).
//
// Half the cases are byte-level mutations of whole class files (scripts/fuzz.ts), half edit
// one method's code, max_stack/max_locals or StackMapTable and write the class again, so that
// they reach the verifier and the engine. Everything is determined by (seed, case number);
// engine runs use the virtual clock.

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readClass } from '../server/src/classfile/reader';
import { writeClass } from '../server/src/classfile/writer';
import { ClassFormatError, CodeModelError } from '../server/src/classfile/errors';
import { reencodeClass } from '../server/src/classfile/code/reencode';
import { Tag, type Attribute } from '../server/src/classfile/model';
import { verifyClass, VERIFY_RAW_ATTRIBUTES } from '../server/src/verify/index';
import { classFileEnv, UnknownClass } from '../server/src/verify/env';
import { transformClass } from '../server/src/transform/clazz';
import { Hierarchy } from '../server/src/transform/hierarchy';
import { allScope } from '../server/src/transform/scope';
import { ClassPath, findJavaHome, type JdkInfo } from '../server/src/classpath/index';
import { runInterpreter } from '../server/src/interp/run';
import { caseSeed, makeCase, prng, type FuzzCase } from './fuzz';
import type { ClassBytes } from '../test/unit/classfile-fixtures';

/** KOMORIUM_FUZZ_TRACE: each case number on stderr as it starts on the engine (to find a crash). */
const TRACE = !!process.env.KOMORIUM_FUZZ_TRACE;

/** Bytecodes a case may run on the engine before it is stopped. */
export const BUDGET = 2_000_000;

const int = (r: () => number, n: number): number => Math.floor(r() * n);

/** Case `caseNo`: a byte-level mutation (fuzz.ts), or an edit of one method's code. */
export function makeEngineCase(corpus: readonly ClassBytes[], seed: number, caseNo: number): FuzzCase {
  const r = prng(caseSeed(seed ^ 0x5eed1e, caseNo));
  if (r() < 0.5) return makeCase(corpus, seed, caseNo);
  const src = corpus[int(r, corpus.length)]!;
  const mutations: string[] = [];
  try {
    const cf = readClass(src.bytes, src.name, { rawAttributes: VERIFY_RAW_ATTRIBUTES, lenientAnnotations: true });
    const withCode = cf.methods.filter((m) => m.attributes.some((a) => a.name === 'Code'));
    if (withCode.length === 0) return makeCase(corpus, seed, caseNo);
    const m = withCode[int(r, withCode.length)]!;
    const code = m.attributes.find((a) => a.name === 'Code') as Extract<Attribute, { name: 'Code' }>;
    const nameEntry = cf.constantPool[m.nameIndex];
    const mName = nameEntry && nameEntry.tag === Tag.Utf8 ? nameEntry.value : '?';
    const n = 1 + int(r, 3);
    for (let i = 0; i < n; i++) {
      const kind = int(r, 10);
      if (kind < 5) {
        const c = Uint8Array.from(code.code);
        const at = int(r, c.length);
        const v = r() < 0.6 ? int(r, 202) : int(r, 256);
        c[at] = v;
        code.code = c;
        mutations.push(`${mName}: code[${at}]=${v}`);
      } else if (kind < 7) {
        const sm = code.attributes.find((a) => a.name === 'Unknown' && a.attributeName === 'StackMapTable') as Extract<Attribute, { name: 'Unknown' }> | undefined;
        if (sm && sm.data.length > 2) {
          const d = Uint8Array.from(sm.data);
          const at = 2 + int(r, d.length - 2);
          d[at] = r() < 0.5 ? d[at]! ^ (1 << int(r, 8)) : int(r, 256);
          sm.data = d;
          mutations.push(`${mName}: StackMapTable[${at}]=${d[at]}`);
        } else {
          code.maxLocals = int(r, code.maxLocals + 2);
          mutations.push(`${mName}: max_locals=${code.maxLocals}`);
        }
      } else if (kind < 9) {
        code.maxStack = int(r, code.maxStack + 2);
        mutations.push(`${mName}: max_stack=${code.maxStack}`);
      } else {
        // Swap two bytes of the code (an operand and an opcode, often).
        const c = Uint8Array.from(code.code);
        const a = int(r, c.length);
        const b = int(r, c.length);
        [c[a], c[b]] = [c[b]!, c[a]!];
        code.code = c;
        mutations.push(`${mName}: swap code[${a}], code[${b}]`);
      }
    }
    return { caseNo, file: src.name, mutations, bytes: writeClass(cf) };
  } catch {
    return makeCase(corpus, seed, caseNo);
  }
}

/** A JavaScript error no code throws on purpose: a bug wherever it comes from. */
export function isJsError(e: unknown): boolean {
  return e instanceof TypeError || e instanceof RangeError || e instanceof ReferenceError || e instanceof SyntaxError || !(e instanceof Error);
}

const describe = (e: unknown): string => (e instanceof Error ? `${e.constructor.name}: ${e.message}` : String(e));

export interface StaticResult {
  /** 'rejected': the reader refused it (not run); 'accepted': run it on the engine. */
  outcome: 'rejected' | 'accepted' | 'failed';
  verifyError?: string;
  problem?: string;
  error?: unknown;
}

export interface StaticContext {
  jdk: JdkInfo;
  cp: ClassPath;
  hierarchy: Hierarchy;
  env: ReturnType<typeof classFileEnv>;
}

export function staticContext(jdk: JdkInfo): StaticContext {
  const cp = ClassPath.from([], { jdk });
  const bytes = (n: string): Uint8Array | undefined => cp.findBoot(n)?.bytes;
  return { jdk, cp, hierarchy: new Hierarchy(bytes), env: classFileEnv(bytes) };
}

/** Reader, verifier, re-encoding and transformer on one case. */
export function runStatic(c: FuzzCase, ctx: StaticContext): StaticResult {
  let cf;
  try {
    cf = readClass(c.bytes, c.file, { lenientAnnotations: true });
  } catch (e) {
    return e instanceof ClassFormatError ? { outcome: 'rejected' } : { outcome: 'failed', problem: `readClass threw ${describe(e)}`, error: e };
  }
  const res: StaticResult = { outcome: 'accepted' };
  try {
    const r = verifyClass(ctx.env, readClass(c.bytes, c.file, { lenientAnnotations: true, rawAttributes: VERIFY_RAW_ATTRIBUTES }));
    if (r !== undefined) res.verifyError = r.message.split('\n')[0];
  } catch (e) {
    if (!(e instanceof UnknownClass) && !(e instanceof ClassFormatError)) return { outcome: 'failed', problem: `verifyClass threw ${describe(e)}`, error: e };
  }
  try {
    writeClass(reencodeClass(cf, c.file));
  } catch (e) {
    if (!(e instanceof ClassFormatError || e instanceof CodeModelError)) return { outcome: 'failed', problem: `re-encoding threw ${describe(e)}`, error: e };
  }
  try {
    const cf2 = readClass(c.bytes, c.file, { lenientAnnotations: true });
    writeClass(transformClass(cf2, { scope: allScope, hierarchy: ctx.hierarchy }, c.file).cf);
  } catch (e) {
    if (isJsError(e)) return { outcome: 'failed', problem: `the transformer threw ${describe(e)}`, error: e };
  }
  return res;
}

export interface EngineRun {
  /** Outcome per case number: 'ok', a Java throwable's class, 'budget', 'exit', or 'failed: ...'. */
  outcomes: Map<number, string>;
  boots: number;
}

/** Runs cases `nos` (their bytes in `dir` as K.class) on the embedded engine, booting again after a case ends the VM. */
export function runOnEngine(jdk: JdkInfo, harnessDir: string, dir: string, nos: readonly number[]): EngineRun {
  const outcomes = new Map<number, string>();
  let boots = 0;
  let i = 0;
  while (i < nos.length) {
    const from = nos[i]!;
    const to = nos[nos.length - 1]! + 1;
    let current = -1;
    let caseStart = 0;
    let vmTotal: () => number = () => 0;
    let line = '';
    boots++;
    let failure: string | null = null;
    let cancelled = false;
    try {
      const r = runInterpreter({
        jdk,
        classpath: [harnessDir],
        mainClass: 'FuzzHarness',
        args: [dir, String(from), String(to)],
        clock: 'virtual',
        maxHeap: 64 * 1024 * 1024,
        io: {
          stdout: (d) => {
            line += Buffer.from(d).toString('latin1');
            let nl: number;
            while ((nl = line.indexOf('\n')) >= 0) {
              const l = line.slice(0, nl);
              line = line.slice(nl + 1);
              if (l.startsWith('#')) {
                current = Number(l.slice(1));
                if (TRACE) process.stderr.write(`fuzz-engine: case ${current}\n`);
                caseStart = vmTotal();
              } else if (l.startsWith('=')) {
                const sp = l.indexOf(' ');
                outcomes.set(Number(l.slice(1, sp)), l.slice(sp + 1));
              }
            }
          },
          stderr: () => undefined,
          readStdin: () => new Uint8Array(0),
        },
        onCreated: (vm) => {
          vmTotal = () => vm.threads.reduce((s, t) => s + t.bytecodes, 0);
        },
        cancelled: () => current >= 0 && !outcomes.has(current) && vmTotal() - caseStart > BUDGET,
      });
      failure = r.failure;
      cancelled = r.cancelled;
    } catch (e) {
      failure = `the engine threw ${describe(e)}`;
    }
    if (current >= 0 && !outcomes.has(current)) {
      outcomes.set(current, cancelled ? 'budget' : failure !== null && !/deadlock|no thread/i.test(failure) ? `failed: ${failure}` : 'exit');
    }
    // Go on after the last case that started (or stop when none did: the harness itself failed).
    const next = nos.findIndex((n) => n > current);
    if (current < 0) {
      for (const n of nos.slice(i)) outcomes.set(n, `failed: the harness did not start (${failure ?? 'no output'})`);
      break;
    }
    i = next < 0 ? nos.length : next;
  }
  return { outcomes, boots };
}

/** Whether an engine outcome is acceptable (see the header). */
export function engineOutcomeOk(o: string): boolean {
  return !o.startsWith('failed') && !o.startsWith('java.lang.InternalError');
}

export interface EngineFuzzReport {
  seed: number;
  cases: number;
  rejected: number;
  staticFailures: { caseNo: number; file: string; mutations: string[]; problem: string }[];
  engineCases: number;
  /** Engine outcomes and how often each occurred. */
  engineOutcomes: Map<string, number>;
  engineFailures: { caseNo: number; file: string; mutations: string[]; outcome: string }[];
  boots: number;
  elapsedMs: number;
}

export function fuzzEngine(corpus: readonly ClassBytes[], o: { seed: number; cases: number; from?: number; engine?: boolean; harnessDir?: string; batch?: number; onBatch?: (r: EngineFuzzReport) => void }): EngineFuzzReport {
  const t0 = performance.now();
  const jdk = findJavaHome();
  const ctx = staticContext(jdk);
  const rep: EngineFuzzReport = { seed: o.seed, cases: 0, rejected: 0, staticFailures: [], engineCases: 0, engineOutcomes: new Map(), engineFailures: [], boots: 0, elapsedMs: 0 };
  const dir = join(tmpdir(), `komorium-fuzz-engine-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const batch = o.batch ?? 500;
  const from = o.from ?? 0;
  try {
    for (let b = from; b < from + o.cases; b += batch) {
      const cases = new Map<number, FuzzCase>();
      const toRun: number[] = [];
      for (let k = b; k < Math.min(b + batch, from + o.cases); k++) {
        if (TRACE) process.stderr.write(`fuzz-engine: static ${k}\n`);
        const c = makeEngineCase(corpus, o.seed, k);
        rep.cases++;
        const s = runStatic(c, ctx);
        if (s.outcome === 'rejected') rep.rejected++;
        else if (s.outcome === 'failed') rep.staticFailures.push({ caseNo: k, file: c.file, mutations: c.mutations, problem: s.problem ?? '?' });
        else if (o.engine !== false) {
          cases.set(k, c);
          toRun.push(k);
          writeFileSync(join(dir, `${k}.class`), c.bytes);
        }
      }
      if (toRun.length > 0 && o.engine !== false && o.harnessDir !== undefined) {
        const run = runOnEngine(jdk, o.harnessDir, dir, toRun);
        rep.boots += run.boots;
        for (const k of toRun) {
          const out = run.outcomes.get(k) ?? 'failed: no outcome';
          rep.engineCases++;
          const key = out.startsWith('failed') || out.startsWith('java.lang.InternalError') ? out.slice(0, 120) : out;
          rep.engineOutcomes.set(key, (rep.engineOutcomes.get(key) ?? 0) + 1);
          if (!engineOutcomeOk(out)) rep.engineFailures.push({ caseNo: k, file: cases.get(k)!.file, mutations: cases.get(k)!.mutations, outcome: out });
        }
      }
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      o.onBatch?.(rep);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    ctx.cp.close();
  }
  rep.elapsedMs = performance.now() - t0;
  return rep;
}

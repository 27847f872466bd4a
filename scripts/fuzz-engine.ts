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
// they reach the verifier and the engine. A class in `java.*` goes to the engine renamed to
// `fuzz.*` (outOfJavaPackage: java refuses `java.*` from the harness's loader with a
// SecurityException, before verification). Everything is determined by (seed, case number);
// engine runs use the virtual clock. One boot of the engine runs many cases (runSession), each
// class in a fresh loader; the command line spreads the cases over worker threads
// (fuzz-engine-cli.ts, fuzz-engine-worker.ts).

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

/** Bytes of each constant-pool entry after its tag, by tag (Utf8: 2 + its length). */
const ENTRY_SIZE: Record<number, number> = { 3: 4, 4: 4, 5: 8, 6: 8, 7: 2, 8: 2, 9: 4, 10: 4, 11: 4, 12: 4, 15: 3, 16: 2, 17: 4, 18: 4, 19: 2, 20: 2 };

/**
 * A class in a `java.*` package (most of the corpus) with its name moved to `fuzz.*` (the Utf8
 * of this_class rewritten in place, same length): HotSpot lets no loader but the boot and
 * platform loaders define `java.*` (SecurityException), and FuzzHarness's loader would stop
 * there, before verification and the run. The bytes are returned unchanged when the reader
 * refuses them or the name is elsewhere.
 */
export function outOfJavaPackage(bytes: Uint8Array): Uint8Array {
  let nameIndex: number;
  try {
    const cf = readClass(bytes, 'case', { lenientAnnotations: true, rawAttributes: VERIFY_RAW_ATTRIBUTES });
    const c = cf.constantPool[cf.thisClass];
    const n = c && c.tag === Tag.Class ? cf.constantPool[c.nameIndex] : undefined;
    if (!c || c.tag !== Tag.Class || !n || n.tag !== Tag.Utf8 || !n.value.startsWith('java/')) return bytes;
    nameIndex = c.nameIndex;
  } catch {
    return bytes;
  }
  const count = (bytes[8]! << 8) | bytes[9]!;
  let at = 10;
  for (let i = 1; i < count && i <= nameIndex; i++) {
    const tag = bytes[at]!;
    if (i === nameIndex) {
      if (tag !== Tag.Utf8) return bytes;
      const out = Uint8Array.from(bytes);
      out.set([0x66, 0x75, 0x7a, 0x7a], at + 3); // "java" -> "fuzz"
      return out;
    }
    at += 1 + (tag === Tag.Utf8 ? 2 + ((bytes[at + 1]! << 8) | bytes[at + 2]!) : (ENTRY_SIZE[tag] ?? 0));
    if (tag === 5 || tag === 6) i++;
  }
  return bytes;
}

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

/** What happened to one case (the session reports each as it happens). */
export type CaseEvent =
  | { type: 'boot' }
  /** The case goes to the engine now (a crash of the process from here on is this case's). */
  | { type: 'start'; caseNo: number }
  | { type: 'rejected'; caseNo: number }
  | { type: 'static-failure'; caseNo: number; file: string; mutations: string[]; problem: string }
  /** Static checks passed and the engine was not asked to run it (`engine: false`). */
  | { type: 'accepted'; caseNo: number }
  /** Outcome on the engine: 'ok', a Java throwable's class, 'budget', 'exit', or 'failed: ...'. */
  | { type: 'engine'; caseNo: number; file: string; mutations: string[]; outcome: string };

export interface SessionOptions {
  corpus: readonly ClassBytes[];
  seed: number;
  /** The case numbers, in order. */
  cases: Iterable<number>;
  ctx: StaticContext;
  /** Compiled test/java/fuzz-engine (FuzzHarness); without it (or with engine: false) only the static checks run. */
  harnessDir?: string;
  engine?: boolean;
  /** Cases per boot of the engine before it is booted afresh (default REBOOT_EVERY). */
  rebootEvery?: number;
  onEvent: (e: CaseEvent) => void;
}

/** Engine cases per boot: booting costs a few seconds, and each case leaves a class loader behind. */
export const REBOOT_EVERY = 1000;

function u4(v: number): Uint8Array {
  return Uint8Array.of(v >>> 24, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff);
}

/**
 * Runs the cases: each through the static checks (runStatic), and those the reader accepts on
 * the embedded engine. The engine is booted once for many cases: FuzzHarness asks for each
 * case on its standard input ("?"), and the next accepted case is made and checked only then,
 * inside the read. When a case ends the VM (System.exit, the bytecode budget, a deadlock,
 * threads left running) or REBOOT_EVERY cases have run, the engine is booted again and goes on
 * with the next case.
 */
export function runSession(o: SessionOptions): void {
  const it = o.cases[Symbol.iterator]();
  /** The next case that passes the static checks, or undefined at the end. */
  const nextAccepted = (): FuzzCase | undefined => {
    for (let r = it.next(); !r.done; r = it.next()) {
      const k = r.value;
      if (TRACE) process.stderr.write(`fuzz-engine: static ${k}\n`);
      const c = makeEngineCase(o.corpus, o.seed, k);
      const s = runStatic(c, o.ctx);
      if (s.outcome === 'rejected') o.onEvent({ type: 'rejected', caseNo: k });
      else if (s.outcome === 'failed') o.onEvent({ type: 'static-failure', caseNo: k, file: c.file, mutations: c.mutations, problem: s.problem ?? '?' });
      else if (o.engine === false || o.harnessDir === undefined) o.onEvent({ type: 'accepted', caseNo: k });
      else return c;
    }
    return undefined;
  };
  if (o.engine === false || o.harnessDir === undefined) {
    nextAccepted();
    return;
  }
  const rebootEvery = o.rebootEvery ?? REBOOT_EVERY;
  let ended = false;
  while (!ended) {
    let current: FuzzCase | null = null;
    let caseStart = 0;
    let vmTotal: () => number = () => 0;
    let asked = false;
    let started = false;
    let served = 0;
    let buf: Uint8Array = new Uint8Array(0);
    let line = '';
    const finish = (outcome: string): void => {
      const c = current!;
      current = null;
      o.onEvent({ type: 'engine', caseNo: c.caseNo, file: c.file, mutations: c.mutations, outcome });
    };
    const readStdin = (max: number): Uint8Array => {
      if (buf.length === 0) {
        // Only the harness, after asking, gets a case; anything else reads an empty input.
        if (!asked) return new Uint8Array(0);
        asked = false;
        const c = served < rebootEvery ? nextAccepted() : undefined;
        if (c === undefined) {
          if (served < rebootEvery) ended = true;
          buf = u4(-1);
        } else {
          served++;
          current = c;
          caseStart = vmTotal();
          if (TRACE) process.stderr.write(`fuzz-engine: case ${c.caseNo}\n`);
          o.onEvent({ type: 'start', caseNo: c.caseNo });
          const bytes = outOfJavaPackage(c.bytes);
          buf = new Uint8Array(8 + bytes.length);
          buf.set(u4(c.caseNo), 0);
          buf.set(u4(bytes.length), 4);
          buf.set(bytes, 8);
        }
      }
      const out = buf.subarray(0, Math.min(max, buf.length));
      buf = buf.subarray(out.length);
      return out;
    };
    const stdout = (d: Uint8Array): void => {
      line += Buffer.from(d).toString('latin1');
      let nl: number;
      while ((nl = line.indexOf('\n')) >= 0) {
        const l = line.slice(0, nl);
        line = line.slice(nl + 1);
        if (l === '?') {
          asked = started = true;
        } else if (l.startsWith('=') && current !== null) {
          const sp = l.indexOf(' ');
          if (Number(l.slice(1, sp)) === current.caseNo) finish(l.slice(sp + 1));
        }
      }
    };
    o.onEvent({ type: 'boot' });
    let failure: string | null = null;
    let cancelled = false;
    try {
      const r = runInterpreter({
        jdk: o.ctx.jdk,
        classpath: [o.harnessDir],
        mainClass: 'FuzzHarness',
        args: [],
        clock: 'virtual',
        maxHeap: 64 * 1024 * 1024,
        io: { stdout, stderr: () => undefined, readStdin },
        stdinAvailable: () => buf.length,
        onCreated: (vm) => {
          vmTotal = () => vm.threads.reduce((s, t) => s + t.bytecodes, 0);
        },
        cancelled: () => current !== null && vmTotal() - caseStart > BUDGET,
      });
      failure = r.failure;
      cancelled = r.cancelled;
    } catch (e) {
      failure = `the engine threw ${describe(e)}`;
    }
    if (current !== null) finish(cancelled ? 'budget' : failure !== null && !/deadlock|no thread/i.test(failure) ? `failed: ${failure}` : 'exit');
    if (!started) throw new Error(`fuzz-engine: the harness did not start (${failure ?? 'no output'})`);
  }
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

export function emptyReport(seed: number): EngineFuzzReport {
  return { seed, cases: 0, rejected: 0, staticFailures: [], engineCases: 0, engineOutcomes: new Map(), engineFailures: [], boots: 0, elapsedMs: 0 };
}

/** Adds one event to a report. */
export function addEvent(rep: EngineFuzzReport, e: CaseEvent): void {
  switch (e.type) {
    case 'boot':
      rep.boots++;
      break;
    case 'start':
      break;
    case 'rejected':
      rep.cases++;
      rep.rejected++;
      break;
    case 'static-failure':
      rep.cases++;
      rep.staticFailures.push({ caseNo: e.caseNo, file: e.file, mutations: e.mutations, problem: e.problem });
      break;
    case 'accepted':
      rep.cases++;
      break;
    case 'engine': {
      rep.cases++;
      rep.engineCases++;
      const key = e.outcome.startsWith('failed') || e.outcome.startsWith('java.lang.InternalError') ? e.outcome.slice(0, 120) : e.outcome;
      rep.engineOutcomes.set(key, (rep.engineOutcomes.get(key) ?? 0) + 1);
      if (!engineOutcomeOk(e.outcome)) rep.engineFailures.push({ caseNo: e.caseNo, file: e.file, mutations: e.mutations, outcome: e.outcome });
      break;
    }
  }
}

/** Cases from..from+cases-1 in this thread (the command line spreads them over worker threads: fuzz-engine-cli.ts). */
export function fuzzEngine(corpus: readonly ClassBytes[], o: { seed: number; cases: number; from?: number; engine?: boolean; harnessDir?: string; rebootEvery?: number; onEvent?: (e: CaseEvent, r: EngineFuzzReport) => void }): EngineFuzzReport {
  const t0 = performance.now();
  const ctx = staticContext(findJavaHome());
  const rep = emptyReport(o.seed);
  const from = o.from ?? 0;
  const cases = { *[Symbol.iterator]() { for (let k = from; k < from + o.cases; k++) yield k; } };
  try {
    runSession({
      corpus, seed: o.seed, cases, ctx, harnessDir: o.harnessDir, engine: o.engine, rebootEvery: o.rebootEvery,
      onEvent: (e) => {
        addEvent(rep, e);
        o.onEvent?.(e, rep);
      },
    });
  } finally {
    ctx.cp.close();
  }
  rep.elapsedMs = performance.now() - t0;
  return rep;
}

// The JIT's counters (docs/INTERPRETER.md, "Speed"): time spent compiling when enabled
// (engine/startup-trace.ts), bytecodes executed in compiled code (always; the worker's progress
// messages carry them to the interpreter's tiering, engine/v8-tiering.ts). A module of its own
// so that jit/stay.ts, which jit/compile.ts imports, can add to them without an import cycle.

import { AS_DOUBLE } from '../object';

/**
 * `bytecodes` has the double representation from the start (object.ts AS_DOUBLE): as a Smi
 * field it passed 2^31 a few seconds into a run, the object's map changed, and `interpret`,
 * which adds to it, was deoptimised (BENCHMARKS.md part B, ss37). `credited`: the bytecodes of
 * the compiled call running now that slices continued in place (jit/stay.ts) already added to
 * `bytecodes`; interpret adds the rest when the call returns or throws (warm38: added only
 * then, a call that ran for several windows of the tiering looked like the interpreter's).
 */
export const jitStats = { enabled: false, count: 0, ms: AS_DOUBLE, sourceChars: 0, bytecodes: AS_DOUBLE, credited: AS_DOUBLE };
jitStats.ms = 0;
jitStats.bytecodes = 0;
jitStats.credited = 0;

// Natives that can never call back into Java code (docs/TRANSFORM.md, "Counting and checks";
// RUNTIME.md, "Wrappers and calls across uninstrumented code"): a call to one records nothing,
// like a leaf call, and its reverse trampoline skips `tc.callOutReverse`.
//
// The rule: the memory-access natives of `jdk.internal.misc.Unsafe` (a final class, so no
// subclass overrides them): `get<T>`/`put<T>` and their `Volatile` forms, `compareAndSet<T>` and
// `compareAndExchange<T>`, all taking `(Object base, long offset, ...)`, and the three fences.
// The JDK's other access forms (`get<T>Acquire`, `put<T>Release`, `<T>Opaque`, `getAndAdd<T>`,
// `getAndSet<T>`, `weakCompareAndSet<T>*`, the Float/Double/Short/... CAS) are Java methods
// over these, instrumented and counted as usual. Why none of them can run Java code:
// - their parameters are a base object, a `long` offset and primitive or reference values: no
//   class is resolved or loaded, no user object's method is called, nothing is allocated;
// - HotSpot implements them in the VM (unsafe.cpp; intrinsics in the interpreter, C1 and C2),
//   the embedded engine in TypeScript (interp/natives/jdk/internal/misc/Unsafe.ts); neither
//   calls Java, except to construct an error in cases that are bugs or faults: HotSpot's
//   InternalError for a fault reading a truncated memory-mapped file, the embedded engine's
//   InternalError for an offset it does not know. Such an error's constructor then starts a
//   fresh stack segment (or continues an older pending out-call) instead of continuing the
//   access's context.
// Anything else (park, allocateInstance, defineClass0, field offsets, memory allocation) keeps
// the full protocol: they block, allocate or resolve classes.

const UNSAFE = 'jdk/internal/misc/Unsafe';
const ACCESS = /^(?:(?:get|put)(?:Int|Long|Short|Byte|Char|Boolean|Float|Double|Reference)(?:Volatile)?|compareAnd(?:Set|Exchange)(?:Int|Long|Reference))$/;
const FENCES = new Set(['loadFence()V', 'storeFence()V', 'fullFence()V']);

/** A native method of `owner` that can never call back into Java (see above). */
export function isNoCallbackNative(owner: string, name: string, descriptor: string): boolean {
  if (owner !== UNSAFE) return false;
  if (FENCES.has(name + descriptor)) return true;
  return ACCESS.test(name) && descriptor.startsWith('(Ljava/lang/Object;J');
}

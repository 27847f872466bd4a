// The embedded JVM's options and its I/O (vm.ts).

import type { JdkInfo } from '../classpath/index';
import type { ClockMode } from './clock';

/** What the VM asks of a table of strings (VmOptions.archivedStrings, archivedBoxes): a ReadonlyMap is one. */
export interface StringLookup {
  has(s: string): boolean;
  get(s: string): number | undefined;
}

export interface VmIo {
  stdout(data: Uint8Array): void;
  stderr(data: Uint8Array): void;
  /** Reads up to `max` bytes of standard input; empty = end of input; null = would block. */
  readStdin(max: number): Uint8Array | null;
  /** True once the reader of stdout (1) or stderr (2) has gone (EPIPE): writes then fail. */
  closed?(fd: 1 | 2): boolean;
  /** Standard input is the process's own descriptor 0 (a child that inherits it gets it). */
  stdinIsProcess?: boolean;
}

export interface VmOptions {
  jdk: JdkInfo;
  /** User class path entries (absolute). */
  classpath: string[];
  /** System properties given by the user (-D). */
  properties: Record<string, string>;
  /** Working directory (user.dir) and environment. */
  cwd: string;
  env: Record<string, string>;
  io: VmIo;
  /** Frame-depth limit (StackOverflowError). */
  maxDepth?: number;
  /** Heap limit in bytes (OutOfMemoryError). */
  maxHeap?: number;
  /** Class bytes hook: transforms classes as they are defined (profiling). */
  transformClass?: (name: string | null, bytes: Uint8Array, boot: boolean) => Uint8Array;
  /** Boot class bytes lookup (the JDK image). */
  bootClass: (name: string) => { bytes: Uint8Array; source: string; module: string } | undefined;
  /**
   * Polled between time slices: true (or a nonzero number) cancels the run. A number is the
   * exit status the program then ends with, as on a signal (130 SIGINT, 143 SIGTERM; true: 130).
   */
  cancelled?: () => boolean | number;
  /** The clock (clock.ts): real (default) or virtual (reproducible runs). */
  clock?: ClockMode;
  /**
   * Real clock, every thread asleep: block the host thread for up to `ms` (flushing output
   * first); may return early (cancellation). Default: a plain timed wait.
   */
  idle?: (ms: number) => void;
  /** Called between time slices (flushing output, progress). */
  onSlice?: () => void;
  /** Trace class loading to stderr (debugging). */
  traceClassLoading?: boolean;
  /** For sun.java.command and java.class.path. */
  mainClass: string;
  args: string[];
  /** java.class.path (user entries plus the runtime, joined with ':'). */
  classPathString: string;
  /** Assertions: -ea (all non-system classes). */
  enableAssertions?: boolean;
  /** Bytes available on stdin without blocking (InputStream.available). */
  stdinAvailable?: () => number;
  /**
   * The JDK is counted as on HotSpot's instrumented copy (scope all, exact all): java's launcher
   * draws the copy's number of identity hashes before main (ihash.ts preMainDraws).
   */
  jdkCounted?: boolean;
  /**
   * Identity hashes of the mirrors of classes that HotSpot's CDS archive holds, by class name
   * (`Class.getName()`, primitives by keyword): the archive stores each mirror with its hash, so
   * on HotSpot hashing one draws nothing and gives that value (engine/archived-hashes.ts).
   */
  archivedHashes?: ReadonlyMap<string, number>;
  /**
   * The keys of HotSpot's archived `BuiltinClassLoader.packageToModule` in its order (bin by
   * bin): the embedded engine's map gets that order within its bins (cds-archive.ts
   * `orderArchivedPackageMap`).
   */
  archivedPackages?: readonly string[];
  /**
   * The classes HotSpot's CDS archive holds (`Class.getName()`; its class list): HotSpot links them
   * without verifying them again, so their mirrors draw no identity hash at linking; any other
   * class of the boot or platform loader does (vm-ihash.ts hashAtLink).
   */
  archivedClasses?: ReadonlySet<string>;
  /**
   * The CDS archive whose symbols order the methods of HotSpot's run (symbol-order.ts for reflection, method-order.ts for the verifier): with the
   * JDK instrumented, the copy's; undefined: the JDK's own `lib/server/classes.jsa` when it has one.
   */
  symbolArchive?: string;
  /**
   * The order of each built-in loader's archived `nameToModule` map (boot, platform, application;
   * engine/archived-hashes.ts), given to this VM's maps before the main class (cds-archive.ts
   * `orderArchivedLoaderModules`).
   */
  archivedLoaderModules?: readonly (readonly string[])[];
  /**
   * The interned strings of HotSpot's CDS archive (its whole shared string table, engine/archived-strings.ts),
   * each with the identity hash JDK 17's dump gave it (0 on JDK 25): interned here with their
   * `hash` stored (strings.ts), besides the literals cds-archive.ts finds.
   */
  archivedStrings?: StringLookup;
  /** JDK 17: the identity hashes of the archive's boxing caches' boxes, by engine/archived-strings.ts boxKey (vm-ihash.ts archivedGraphIdentities). */
  archivedBoxes?: StringLookup;
  /**
   * The JDK image Java code reads (NativeImageBuffer.getNativeMap), when not the JDK's own: the
   * view of it indexed as HotSpot's instrumented copy (engine/java-image.ts JavaImageView),
   * asked for when Java code first maps the image; undefined: the JDK's own.
   */
  javaImage?: () => JavaImage | undefined;
}

/** engine/java-image.ts JavaImageView: a cached index and tree (`file`, after a 16-byte prefix) around the JDK's content. */
export interface JavaImage {
  file: string;
  indexLength: number;
  tailLength: number;
  jdkImage: string;
  jdkOffset: number;
  contentLength: number;
}

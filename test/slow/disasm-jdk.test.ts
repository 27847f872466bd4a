// The disassembler against javap over ~60 JDK classes of many kinds (big classes, generics,
// enums, records, annotations, lambdas, signature-polymorphic methods, module descriptors).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareJdkClasses } from '../unit/disasm-oracle';

const CLASSES = `java.lang.String java.util.HashMap java.util.concurrent.ConcurrentHashMap java.lang.Object
java.lang.Integer java.lang.Long java.lang.Double java.lang.Float java.lang.Math java.lang.StrictMath
java.util.ArrayList java.util.LinkedList java.util.TreeMap java.util.Collections java.util.Arrays
java.lang.StringBuilder java.lang.AbstractStringBuilder java.lang.Character java.lang.Thread
java.lang.ThreadLocal java.lang.System java.lang.Class java.lang.ClassLoader java.lang.Enum java.lang.Record
java.lang.invoke.MethodHandles java.lang.invoke.LambdaMetafactory java.lang.invoke.StringConcatFactory
java.lang.invoke.VarHandle java.util.stream.Collectors java.util.stream.ReferencePipeline java.util.regex.Pattern
java.util.Formatter java.util.Scanner java.util.Optional java.util.UUID java.util.concurrent.ThreadPoolExecutor
java.util.concurrent.locks.AbstractQueuedSynchronizer java.util.concurrent.CompletableFuture java.math.BigInteger
java.math.BigDecimal java.io.ObjectInputStream java.io.File java.nio.HeapByteBuffer java.time.LocalDate
java.time.format.DateTimeFormatter java.net.URI java.util.zip.ZipFile java.lang.module.ModuleDescriptor
java.lang.Character$UnicodeBlock java.util.HashMap$TreeNode jdk.internal.misc.Unsafe sun.nio.cs.UTF_8
java.lang.StackWalker java.lang.Runtime$Version java.lang.annotation.Retention java.lang.Deprecated
java.util.function.Function java.lang.constant.ConstantDescs java.lang.runtime.ObjectMethods
java.util.ImmutableCollections java.lang.ProcessBuilder$Redirect$Type
jrt:/java.base/module-info.class jrt:/java.sql/module-info.class jrt:/jdk.incubator.vector/module-info.class`
  .split(/\s+/)
  .filter((s) => s !== '');

test(`${CLASSES.length} JDK classes: listing content equals javap -c -v -p`, () => {
  const n = compareJdkClasses(CLASSES);
  assert.ok(n > 100000, `only ${n} instructions compared`);
});

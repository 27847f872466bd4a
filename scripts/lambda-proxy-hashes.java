import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.invoke.CallSite;
import java.lang.invoke.LambdaMetafactory;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Array;
import java.lang.reflect.Field;

// The identity hashes the CDS dump gave the mirrors of the lambda proxies it archived (the class
// list's `@lambda-proxy` lines), as a run of that JDK maps them (docs/BENCHMARKS.md part E, rm39).
// For each line on stdin the site is linked as its caller would link it (LambdaMetafactory with
// the trusted lookup in the caller, read through sun.misc.Unsafe: an --add-opens would turn the
// archived module graph off), and the proxy's class printed with its mirror's identity hash:
// under -XX:hashCode=2 a hash the run draws is 1, so any other value is the dump's. Then
// `hash class-name line`, or `ERR ...` for a line that does not link. Use (a JDK or the HotSpot
// engine's copy of one, in the cache's jdk-images/), compiled first (java 17's source-file mode
// loads jdk.compiler, and then 21 of its 63 proxies are not the archive's):
//   javac -d DIR scripts/lambda-proxy-hashes.java
//   grep @lambda-proxy HOME/lib/classlist | HOME/bin/java -XX:+UnlockExperimentalVMOptions \
//     -XX:hashCode=2 -cp DIR LambdaProxyHashes
// JDK 17 and 25 (the copies' lists, 63 and 56 lines): every line links, every proxy is the
// archive's with a hash of the dump.

final class LambdaProxyHashes {
  /** The words of a line, split at spaces without a regex (Pattern's own lambdas are archived proxies). */
  static String[] words(String line) {
    java.util.ArrayList<String> out = new java.util.ArrayList<>();
    int i = 0;
    while (i < line.length()) {
      while (i < line.length() && line.charAt(i) == ' ') i++;
      int j = i;
      while (j < line.length() && line.charAt(j) != ' ') j++;
      if (j > i) out.add(line.substring(i, j));
      i = j;
    }
    return out.toArray(new String[0]);
  }

  public static void main(String[] a) throws Throwable {
    Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
    f.setAccessible(true);
    sun.misc.Unsafe u = (sun.misc.Unsafe) f.get(null);
    Field il = MethodHandles.Lookup.class.getDeclaredField("IMPL_LOOKUP");
    MethodHandles.Lookup trusted = (MethodHandles.Lookup) u.getObject(u.staticFieldBase(il), u.staticFieldOffset(il));
    BufferedReader r = new BufferedReader(new InputStreamReader(System.in));
    for (String line; (line = r.readLine()) != null; ) {
      String[] w = words(line);
      if (w.length != 10 || !w[0].equals("@lambda-proxy")) continue;
      try {
        Class<?> caller = Class.forName(w[1].replace('/', '.'), false, null);
        MethodHandles.Lookup l = trusted.in(caller);
        ClassLoader ld = caller.getClassLoader();
        MethodType invoked = MethodType.fromMethodDescriptorString(w[3], ld);
        MethodType sam = MethodType.fromMethodDescriptorString(w[4], ld);
        Class<?> implC = Class.forName(w[6].replace('/', '.'), false, ld);
        MethodType implT = MethodType.fromMethodDescriptorString(w[8], ld);
        MethodHandle impl;
        switch (w[5]) {
          case "REF_invokeStatic": impl = l.findStatic(implC, w[7], implT); break;
          case "REF_invokeVirtual": case "REF_invokeInterface": impl = l.findVirtual(implC, w[7], implT); break;
          case "REF_invokeSpecial": impl = l.findSpecial(implC, w[7], implT, caller); break;
          case "REF_newInvokeSpecial": impl = l.findConstructor(implC, implT); break;
          default: throw new IllegalArgumentException(w[5]);
        }
        MethodType inst = MethodType.fromMethodDescriptorString(w[9], ld);
        CallSite cs = LambdaMetafactory.metafactory(l, w[2], invoked, sam, impl, inst);
        Object[] args = new Object[invoked.parameterCount()];
        for (int i = 0; i < args.length; i++) {
          Class<?> p = invoked.parameterType(i);
          args[i] = p.isPrimitive() ? Array.get(Array.newInstance(p, 1), 0) : null;
        }
        Object o = cs.getTarget().invokeWithArguments(args);
        System.out.println(Integer.toHexString(System.identityHashCode(o.getClass())) + " " + o.getClass().getName() + " " + line.substring(14));
      } catch (Throwable t) {
        System.out.println("ERR " + t + " " + line);
      }
    }
  }
}

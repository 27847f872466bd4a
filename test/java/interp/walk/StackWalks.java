// StackWalker on the embedded JVM: batches (deep stacks), class references, getCallerClass,
// frames through lambdas, streams and reflection, skip/limit, StackFrame details.
import java.lang.reflect.Method;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

public class StackWalks {
    static String frames(StackWalker w, int limit) {
        return w.walk(s -> s.limit(limit).map(f -> f.getClassName() + "." + f.getMethodName() + ":" + f.getLineNumber()).collect(Collectors.joining(" < ")));
    }

    static int depth(int n) {
        if (n > 0) return depth(n - 1);
        return StackWalker.getInstance().walk(s -> (int) s.count());
    }

    static String callerOfMe() {
        return StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE).getCallerClass().getName();
    }

    public static String viaReflection() {
        return frames(StackWalker.getInstance(), 4) + " | caller " + callerOfMe();
    }

    public static void main(String[] args) throws Exception {
        StackWalker plain = StackWalker.getInstance();
        System.out.println("top: " + frames(plain, 3));
        int base = depth(0);
        System.out.println("depth grows by " + (depth(100) - base) + " for 100 calls");
        System.out.println("deep: " + (depth(300) - base));
        System.out.println("caller: " + callerOfMe());
        Supplier<String> sup = () -> frames(plain, 3);
        System.out.println("lambda: " + sup.get());
        System.out.println("stream: " + IntStream.range(0, 1).mapToObj(i -> frames(plain, 2)).collect(Collectors.toList()));
        Method m = StackWalks.class.getMethod("viaReflection");
        System.out.println("reflection: " + m.invoke(null));
        StackWalker classes = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);
        List<Class<?>> cs = classes.walk(s -> s.map(StackWalker.StackFrame::getDeclaringClass).collect(Collectors.toList()));
        System.out.println("classes: " + cs);
        System.out.println("skip: " + plain.walk(s -> s.skip(1).findFirst().map(StackWalker.StackFrame::getMethodName).orElse("none")));
        plain.forEach(f -> System.out.println("forEach " + f.getMethodName() + " bci>=0 " + (f.getByteCodeIndex() >= 0) + " native " + f.isNativeMethod() + " file " + f.getFileName()));
        StackTraceElement ste = plain.walk(s -> s.findFirst().get().toStackTraceElement());
        System.out.println("ste " + ste);
        new Thread(() -> System.out.println("thread: " + frames(plain, 5)), "walker-thread").start();
    }
}

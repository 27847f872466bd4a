// Class initialisation (docs/RUNTIME.md, "Class initialisation"): each <clinit> below is run
// by the JVM because an instruction touched its uninitialised class, or explicitly
// (Class.forName, Lookup.ensureInitialized). The exact profile puts it under the frame and
// line that ran it; so must the sampled one.
import java.lang.invoke.MethodHandles;
import java.util.function.IntSupplier;

public class ClinitLines {
    static int sink;

    static int work(int n) {
        int s = 0;
        for (int i = 0; i < n; i++) s += i % 7;
        return s;
    }

    static class ReadMe {
        static final int VALUE = work(40) + 1;
    }

    static class NewMe {
        static int made = work(50);
        int x = 3;
    }

    static class CallMe {
        static int base = work(60);
        static int call() { return base + 1; }
    }

    static class ChainA {
        static int a = ChainB.b + work(20);
    }

    static class ChainB {
        static int b = work(30);
    }

    static class Thrower {
        static int v = fail();
        static int fail() {
            work(25);
            if (sink >= 0) throw new IllegalStateException("init fails");
            return 1;
        }
    }

    static class Base {
        static int base = work(15);
    }

    static class Sub extends Base {
        static int sub = work(35);
    }

    static class InLambda {
        static int v = work(45);
    }

    static class Written {
        static int w;
        static { w = work(10); }
    }

    static void reads() {
        sink += ReadMe.VALUE;
    }

    public static void main(String[] args) throws Exception {
        work(10);
        reads();
        NewMe m = new NewMe();
        sink += m.x;
        sink += CallMe.call();
        sink += ChainA.a;
        try {
            sink += Thrower.v;
        } catch (ExceptionInInitializerError e) {
            System.out.println("caught " + e.getCause().getMessage());
        }
        sink += new Sub().hashCode() > 0 ? Sub.sub : 0;
        IntSupplier f = () -> InLambda.v + 1;
        sink += f.getAsInt();
        Written.w = 5;
        Class.forName("ClinitLines$Reflected");
        MethodHandles.lookup().ensureInitialized(Ensured.class);
        System.out.println("done " + (sink != 0));
    }

    static class Reflected {
        static int r = work(55);
    }

    static class Ensured {
        static int e = work(65);
    }
}

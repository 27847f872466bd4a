// Class initialisation failures: an exception in a static initialiser becomes
// ExceptionInInitializerError (with the cause's stack trace), a later use of the class gives
// NoClassDefFoundError "Could not initialize class" (with the original as cause in JDK 17);
// an Error thrown directly from <clinit>; initialisation of a class whose superclass fails;
// recursive initialisation seeing default values.
public class Main {
    static class Broken {
        static final int VALUE = compute();
        static int compute() { throw new IllegalStateException("cannot compute VALUE"); }
        static void use() { System.out.println("never"); }
    }

    static class ErrorInit {
        static { if (true) throw new StackOverflowError("fake overflow"); }
        static int x = 1;
    }

    static class BadParent {
        static int v = 10 / Integer.parseInt("0");
    }
    static class GoodChild extends BadParent {
        static int w = 5;
    }

    static class First {
        static int a = Second.b + 1;
    }
    static class Second {
        static int b = First.a + 10;
    }

    public static void main(String[] args) {
        try {
            System.out.println(Broken.VALUE);
        } catch (ExceptionInInitializerError e) {
            System.out.println("EIIE: " + e.getCause());
            e.printStackTrace(System.out);
        }
        try {
            Broken.use();
        } catch (NoClassDefFoundError e) {
            System.out.println("NCDFE: " + e.getMessage());
            System.out.println("cause: " + e.getCause());
        }
        try {
            System.out.println(ErrorInit.x);
        } catch (StackOverflowError e) {
            System.out.println("error passes through unwrapped: " + e.getMessage());
        }
        try {
            System.out.println(ErrorInit.x);
        } catch (NoClassDefFoundError e) {
            System.out.println("then NCDFE: " + e.getMessage());
        }
        try {
            System.out.println(GoodChild.w);
        } catch (ExceptionInInitializerError e) {
            System.out.println("child init failed via parent: " + e.getCause().getMessage());
        }
        try {
            new GoodChild();
        } catch (NoClassDefFoundError e) {
            System.out.println("child unusable: " + e.getMessage());
        }
        System.out.println("recursive init: First.a=" + First.a + " Second.b=" + Second.b);
    }
}

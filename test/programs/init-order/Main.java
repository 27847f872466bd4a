// Initialisation order: static initialisers and static fields in textual order, superclass
// before subclass, instance initialiser blocks and field initialisers around the constructor
// body, an overridden method called from the super constructor (sees default field values),
// lazy class initialisation (constants are inlined and do not trigger it), interface fields.
public class Main {
    static StringBuilder trace = new StringBuilder();
    static void t(String s) { trace.append(s).append(' '); System.out.println("  " + s); }

    static class Base {
        static { t("Base.static1"); }
        static int baseStatic = init("Base.baseStatic");
        int baseField = init("Base.field");
        { t("Base.instanceBlock"); }
        static { t("Base.static2"); }
        Base() {
            t("Base.ctor");
            describe();
        }
        void describe() { t("Base.describe"); }
        static int init(String s) { t(s); return s.length(); }
    }

    static class Derived extends Base {
        static { t("Derived.static"); }
        static final int CONSTANT = 7;
        static final Integer NON_CONSTANT = Integer.valueOf(8);
        String name = "derived-name";
        int x = init("Derived.field x");
        { t("Derived.instanceBlock name=" + name); }
        Derived() {
            super();
            t("Derived.ctor x=" + x);
        }
        Derived(int x) {
            this();
            this.x = x;
            t("Derived(int) x=" + x);
        }
        @Override void describe() { t("Derived.describe name=" + name + " x=" + x); }
    }

    static class Lazy {
        static { t("Lazy.static"); }
        static final String CONST = "compile-time";
        static String value = "runtime";
        static void touch() { t("Lazy.touch"); }
    }

    interface WithFields {
        int A = Base.init("WithFields.A");
    }
    static class Impl implements WithFields {
        static { t("Impl.static"); }
    }

    static class SelfRef {
        static final SelfRef INSTANCE = new SelfRef();
        static int counter = 5;
        final int seen;
        SelfRef() { seen = counter; counter++; }
    }

    public static void main(String[] args) {
        t("main start");
        System.out.println("constant " + Derived.CONSTANT + " const " + Lazy.CONST);
        t("first new Derived");
        new Derived();
        t("second new Derived(3)");
        new Derived(3);
        t("non-constant " + Derived.NON_CONSTANT);
        t("Lazy.value " + Lazy.value);
        Lazy.touch();
        t("new Impl");
        new Impl();
        t("WithFields.A " + WithFields.A);
        System.out.println("SelfRef seen " + SelfRef.INSTANCE.seen + " counter " + SelfRef.counter);
        Lazy[] arr = new Lazy[3];
        System.out.println("array of Lazy " + arr.length + " " + Main.class.getSimpleName());
        System.out.println(trace.toString().trim().split(" ").length + " events");
    }
}

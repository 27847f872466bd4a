import java.util.List;

// The main method is a static method of an interface (legal since Java 8), which also has
// private static helpers, default methods implemented by an enum and a record, and static
// fields initialised by an interface <clinit>.
public interface Main {
    List<String> NAMES = build();

    private static List<String> build() {
        System.out.println("interface Main initialising");
        return List.of("ada", "grace", "barbara");
    }

    String name();
    default String shout() { return name().toUpperCase() + "!"; }
    default int score() { return helper(name()); }
    private static int helper(String s) { int h = 0; for (char c : s.toCharArray()) h = h * 3 + c; return h % 1000; }

    enum Builtin implements Main {
        ALPHA, BETA;
        public String shout() { return "builtin " + Main.super.shout(); }
    }

    record Person(String name) implements Main {}

    static void main(String[] args) {
        System.out.println("main in an interface, args " + args.length);
        for (String n : NAMES) {
            Main p = new Person(n);
            System.out.println(p.shout() + " " + p.score());
        }
        for (Builtin b : Builtin.values()) System.out.println(b.shout() + " " + b.score());
        Main anon = () -> "lambda";
        System.out.println(anon.shout() + " " + anon.score());
    }
}

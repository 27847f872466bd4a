import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;

// Enums with fields, constructors, constant-specific bodies, abstract methods, switch on enum
// (statement and expression), values/valueOf/ordinal/compareTo, EnumSet/EnumMap, enums
// implementing interfaces, valueOf failure.
public class Main {
    interface Op { long apply(long a, long b); }

    enum Arith implements Op {
        ADD("+") { public long apply(long a, long b) { return a + b; } },
        SUB("-") { public long apply(long a, long b) { return a - b; } },
        MUL("*") { public long apply(long a, long b) { return a * b; } },
        POW("^") {
            public long apply(long a, long b) { long r = 1; for (long i = 0; i < b; i++) r *= a; return r; }
            @Override boolean expensive() { return true; }
        };

        final String symbol;
        Arith(String symbol) { this.symbol = symbol; }
        boolean expensive() { return false; }
    }

    enum Planet {
        MERCURY(3.303e+23, 2.4397e6), EARTH(5.976e+24, 6.37814e6), JUPITER(1.9e+27, 7.1492e7);
        private final double mass, radius;
        Planet(double mass, double radius) { this.mass = mass; this.radius = radius; }
        double surfaceGravity() { return 6.67300E-11 * mass / (radius * radius); }
    }

    enum Day { MON, TUE, WED, THU, FRI, SAT, SUN }

    static String kind(Day d) {
        switch (d) {
            case SAT:
            case SUN:
                return "weekend";
            case FRI:
                return "almost";
            default:
                return "work";
        }
    }

    static int hours(Day d) {
        return switch (d) {
            case MON, TUE, WED, THU -> 8;
            case FRI -> { int h = 4; yield h + 2; }
            case SAT, SUN -> 0;
        };
    }

    public static void main(String[] args) {
        for (Arith op : Arith.values())
            System.out.println(op + " " + op.symbol + " " + op.apply(7, 3) + " ordinal " + op.ordinal() + " expensive " + op.expensive()
                + " class " + (op.getClass() == Arith.class ? "Arith" : "body") + " declaring " + op.getDeclaringClass().getSimpleName());
        for (Planet p : Planet.values()) System.out.printf("%s %.2f%n", p, p.surfaceGravity());
        for (Day d : Day.values()) System.out.println(d + " " + kind(d) + " " + hours(d));
        System.out.println(Day.valueOf("WED").compareTo(Day.SUN));
        try {
            Day.valueOf("FUNDAY");
        } catch (IllegalArgumentException e) {
            System.out.println("caught " + e.getMessage());
        }
        EnumSet<Day> weekend = EnumSet.of(Day.SAT, Day.SUN);
        System.out.println(weekend + " complement " + EnumSet.complementOf(weekend) + " range " + EnumSet.range(Day.TUE, Day.THU));
        Map<Day, Integer> m = new EnumMap<>(Day.class);
        for (Day d : Day.values()) m.merge(d, hours(d), Integer::sum);
        System.out.println(m);
        System.out.println(Arith.valueOf("POW").apply(2, 10) + " " + Enum.valueOf(Arith.class, "MUL").name());
    }
}
